"""Team against team: the pairing of a Ziege round by lot, avoiding repeats (pure, standard library only;
docs/seating.md "Ziege"). Offiziers-Cego pairs players by their standing instead (``seating.pairs``).

``pair_round(teams, met, byes, seed)`` pairs the teams (any hashable ids, in a fixed order) so that no two teams
meet that are in ``met`` (pairs already played this day, as frozensets) — or, when that is impossible, with as
few repeats as the search finds first. An odd number of teams gives one **bye**: to a team with the fewest byes so
far (``byes``: id → count), drawn by lot among those. The seeded generator (``rng``) makes it reproducible: the
same teams, history and seed give the same pairing.
"""

from tournament.seating.rng import Rng


BUDGET = 20000                   # search steps before the pairing accepts a repeat


def _match(order, met, allow_repeats, budget):
    """Depth-first perfect matching of ``order`` (even length) avoiding ``met`` pairs (with ``allow_repeats``:
    preferring new ones); None when there is none within the budget (``budget`` is a one-item list)."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    choices = sorted(range(len(rest)), key=lambda i: frozenset((first, rest[i])) in met)
    for i in choices:
        budget[0] -= 1
        if budget[0] < 0 and not allow_repeats:
            return None
        if not allow_repeats and frozenset((first, rest[i])) in met:
            continue
        found = _match(rest[:i] + rest[i + 1:], met, allow_repeats, budget)
        if found is not None:
            return [(first, rest[i])] + found
    return None


def pair_round(teams, met=(), byes=None, seed=""):
    """``(pairs, bye, repeats)``: a list of ``(a, b)`` (a sits at seats 1+3, b at 2+4), the team without an
    opponent (or None) and how many of the pairs have met before (0 whenever possible)."""
    met = {frozenset(p) for p in met}
    byes = byes or {}
    rng = Rng(str(seed), label="ziege-pairs")
    order = list(teams)
    rng.shuffle(order)
    candidates = [None]
    if len(order) % 2:
        fewest = min(byes.get(t, 0) for t in order)
        candidates = [t for t in order if byes.get(t, 0) == fewest]
    for bye in candidates:
        rest = [t for t in order if t != bye]
        found = _match(rest, met, False, [BUDGET])
        if found is not None:
            return found, bye, 0
    bye = candidates[0]
    rest = [t for t in order if t != bye]
    found = _match(rest, met, True, [BUDGET])
    return found, bye, sum(frozenset(p) in met for p in found)

"""Pairing of units — tables of two players (Offiziers-Cego) or team against team (Ziege); docs/seating.md, "Pairs".

Pure, standard library only. One module serves both games; the words:

- **unit** — what is paired: a player (Offiziers-Cego) or a team of two (Ziege); any hashable id.
- **order** — the units of a round, the first the best: the current **standing** (Offiziers-Cego after round 1)
  or the **lot** (the units shuffled by the seeded ``Rng``: Offiziers-Cego's round 1, every Ziege round).
- **met** — the pairs that met earlier this day (any order); a pair meeting again is a **repeat**.
- **bye** — with an odd number of units one sits out: a unit with the fewest byes so far, the lowest in the order
  first (in a round by lot: the last drawn).

``pair_round`` walks the order top-down: the first unit is paired with the first unit below it that it has not met,
and so on; a search that backtracks finds a pairing without a repeat whenever one exists with the bye on a unit
with the fewest byes (top-down greedy would miss some), else the one with the fewest repeats. At a table the unit
higher in the order takes seat 0 (Ziege: team A, seats 0 and 2). ``round_robin`` is the circle method.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rng import Rng

# Nodes the search may visit in one round (all bye candidates together) before it settles for the best pairing
# found: a field of 100 with a repeat-free pairing needs a few hundred.
SEARCH_LIMIT = 200_000

STANDING = "standing"     # the order given, the best first (round 1 still by lot: there is no standing yet)
LOT = "lot"               # every round by lot


@dataclass
class Pairing:
    tables: list = field(default_factory=list)      # [[seat 0, seat 1], …], the table of the highest unit first
    bye: object = None                               # the unit sitting out, or None
    repeats: int = 0                                 # pairs that met before this day


def _key(a, b):
    return frozenset((a, b))


def met_pairs(rounds):
    """The pairs that met in ``rounds`` (each a list of tables, a table a list of units), as frozensets."""
    return {_key(a, b) for tables in rounds for table in tables
            for i, a in enumerate(table) for b in table[i + 1:]}


def _check(units):
    units = list(units)
    if len(units) < 2:
        raise ValueError("a round of pairs needs at least two units")
    if len(units) != len(set(units)):
        raise ValueError("a unit is listed twice")
    return units


def pair_round(units, *, seed, number, met=(), byes=None, order=STANDING, label="pairs"):
    """Pair ``units`` for round ``number``: in the given order (``STANDING``, the best first; round 1 by lot) or
    by lot every round (``LOT``). The lot is ``Rng(seed).fork(f"{label}-{number}")``: same units, history and
    seed, same pairing. ``met`` holds the pairs (any order) that met earlier this day, ``byes`` how often each
    unit sat out (unit → count)."""
    units = _check(units)
    if order not in (STANDING, LOT):
        raise ValueError(f"unknown order {order!r}")
    if order == LOT or number == 1:
        Rng(seed).fork(f"{label}-{number}").shuffle(units)
    met = {_key(a, b) for a, b in met}
    byes = byes or {}
    if len(units) % 2 == 0:
        tables, repeats = _search(units, met, [SEARCH_LIMIT])
        return Pairing(tables=tables, bye=None, repeats=repeats)
    fewest = min(byes.get(u, 0) for u in units)
    candidates = [u for u in reversed(units) if byes.get(u, 0) == fewest]
    budget, best = [SEARCH_LIMIT], None
    for bye in candidates:
        found = _search([u for u in units if u != bye], met, budget, bound=best.repeats if best else None)
        if found is not None and (best is None or found[1] < best.repeats):
            best = Pairing(tables=found[0], bye=bye, repeats=found[1])
        if best is not None and (best.repeats == 0 or budget[0] <= 0):
            break
    return best


def _search(units, met, budget, bound=None):
    """``(tables, repeats)``: the pairing of ``units`` (even) with the fewest repeats, top-down, new opponents
    first; the first one without a repeat wins. ``budget`` (a one-item list) counts the nodes left; when it runs
    out the best pairing found stands. With ``bound``, only a pairing with fewer repeats is wanted: None when
    there is none (or none found)."""
    best = [None, len(units) if bound is None else bound]

    def walk(rest, tables, repeats):
        if repeats >= best[1] or budget[0] <= 0:
            return best[1] == 0
        budget[0] -= 1
        if not rest:
            best[0], best[1] = list(tables), repeats
            return repeats == 0
        first, others = rest[0], rest[1:]
        for i in sorted(range(len(others)), key=lambda i: _key(first, others[i]) in met):
            tables.append([first, others[i]])
            if walk(others[:i] + others[i + 1:], tables, repeats + (_key(first, others[i]) in met)):
                return True
            tables.pop()
        return False

    walk(units, [], 0)
    if best[0] is not None:
        return best[0], best[1]
    if bound is not None:
        return None
    tables = [units[i:i + 2] for i in range(0, len(units), 2)]     # the budget ran out first: pair in order
    return tables, sum(_key(a, b) in met for a, b in tables)


def round_robin(units, number):
    """Round ``number`` (1-based) of a round robin of ``units`` (the circle method): in n − 1 rounds (n even;
    n rounds with a bye each when odd) everybody meets everybody once; later rounds start the cycle again."""
    units = _check(units)
    circle = units + [None] if len(units) % 2 else units
    n = len(circle)
    turn = (number - 1) % (n - 1)
    rest = circle[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    order = [circle[0]] + rest
    tables, bye = [], None
    for i in range(n // 2):
        a, b = order[i], order[n - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
            continue
        tables.append([a, b] if i % 2 == 0 or turn % 2 == 0 else [b, a])
    return Pairing(tables=tables, bye=bye, repeats=0 if number < n else len(tables))

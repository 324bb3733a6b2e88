"""Tables of two for Offiziers-Cego (docs/seating.md, "Offiziers-Cego"): pure, standard library only.

A round pairs the players present. Round 1 is by lot (the seeded ``Rng``); a later round is Swiss-style: the
players in the order of the current standings, the best first, each paired with the best-placed player below
him whom he has not met this day (a search that backtracks, so a repeat is taken only when no pairing without one
exists, and then the pairing with the fewest). With an odd number of players one sits out (a **bye**): the
lowest-placed player who has had the fewest byes so far (in round 1 the last one drawn). At a table the
better-placed player takes seat 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rng import Rng

# Nodes the search may visit before it settles for the best pairing found (a field of 100 needs a few hundred).
SEARCH_LIMIT = 200_000


@dataclass
class Pairing:
    tables: list = field(default_factory=list)      # [[seat 0, seat 1], …], the best-placed table first
    bye: object = None                               # the player sitting out, or None
    repeats: int = 0                                 # pairs that met before this day


def _key(a, b):
    return (a, b) if str(a) <= str(b) else (b, a)


def met_pairs(rounds):
    """The pairs that met in ``rounds`` (each a list of tables, a table a list of players)."""
    return {_key(a, b) for tables in rounds for table in tables
            for i, a in enumerate(table) for b in table[i + 1:]}


def pair_round(standing, *, seed, number, met=(), byes=None):
    """Pair ``standing`` (players, best first; for round 1 any order) for round ``number``.

    ``met`` holds the pairs (any order) that met earlier this day, ``byes`` how often each player sat out."""
    players = list(standing)
    if len(players) < 2:
        raise ValueError("a round of Offiziers-Cego needs at least two players")
    if len(players) != len(set(players)):
        raise ValueError("a player is listed twice")
    met = {_key(a, b) for a, b in met}
    byes = byes or {}
    if number == 1:
        Rng(seed).fork(f"offiziers-{number}").shuffle(players)
    bye = None
    if len(players) % 2:
        fewest = min(byes.get(p, 0) for p in players)
        bye = next(p for p in reversed(players) if byes.get(p, 0) == fewest)
        players.remove(bye)
    tables, repeats = _search(players, met)
    return Pairing(tables=tables, bye=bye, repeats=repeats)


def round_robin(players, number):
    """Round ``number`` (1-based) of a round robin of ``players`` (the circle method): in n − 1 rounds (n even;
    n rounds with a bye each when odd) everybody meets everybody once; later rounds start the cycle again."""
    players = list(players)
    if len(players) < 2:
        raise ValueError("a round of Offiziers-Cego needs at least two players")
    if len(players) != len(set(players)):
        raise ValueError("a player is listed twice")
    circle = players + [None] if len(players) % 2 else players
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


def _search(players, met):
    """The pairing with the fewest repeats, top-down: the first one found without a repeat wins."""
    best = [None, len(players)]
    visited = [0]

    def walk(rest, tables, repeats):
        if repeats >= best[1] or visited[0] > SEARCH_LIMIT:
            return best[1] == 0
        visited[0] += 1
        if not rest:
            best[0], best[1] = list(tables), repeats
            return repeats == 0
        first = rest[0]
        for i in range(1, len(rest)):
            other = rest[i]
            again = _key(first, other) in met
            tables.append([first, other])
            if walk(rest[1:i] + rest[i + 1:], tables, repeats + again):
                return True
            tables.pop()
        return False

    walk(players, [], 0)
    if best[0] is None:        # the limit struck before any complete pairing: pair in order
        tables = [players[i:i + 2] for i in range(0, len(players), 2)]
        return tables, sum(_key(a, b) in met for a, b in tables)
    return best[0], best[1]

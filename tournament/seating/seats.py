"""Seat order at the drawn tables: who deals first, spread evenly over the day and the season.

Pure and index-based, like ``search``. Changing the seat order inside a table changes no meeting,
so this runs after the optimiser and cannot create a repeat.

The first dealer of every drawn table is chosen by a capacitated matching (tables → players): with
``cap`` the smallest possible maximum of first deals per player over the day (frozen rounds included),
every table gets a first dealer and nobody deals first more than ``cap`` times. Among the choices the
matching prefers the players with the fewest first deals so far today, then this season, then a seeded
random rank. The other seats follow in seeded random order.
"""

from __future__ import annotations

from collections import deque
from typing import Sequence

from tournament.seating.rng import Rng


def order_seats(
    rounds: Sequence[Sequence[Sequence[int]]],
    n: int,
    *,
    rng: Rng,
    dealt_before: Sequence[int],
    dealt_season: Sequence[int],
) -> list[list[list[int]]]:
    """The same tables with members in seat order, the first dealer first."""
    nodes = [list(members) for tables in rounds for members in tables]
    rank = list(range(n))
    rng.shuffle(rank)
    cap = max(1, -(-(sum(dealt_before) + len(nodes)) // n))
    while True:
        dealers = _match(nodes, [max(0, cap - d) for d in dealt_before], dealt_before, dealt_season, rank)
        if dealers is not None:
            break
        cap += 1
    seated, k = [], 0
    for tables in rounds:
        out = []
        for members in tables:
            dealer = dealers[k]
            others = [x for x in members if x != dealer]
            rng.shuffle(others)
            out.append([dealer, *others])
            k += 1
        seated.append(out)
    return seated


def _match(
    nodes: list[list[int]],
    capacity: list[int],
    dealt_before: Sequence[int],
    dealt_season: Sequence[int],
    rank: list[int],
) -> list[int] | None:
    """A dealer for every node within the capacities (greedy, then augmenting paths), or None."""
    n = len(capacity)
    load = [0] * n
    owner = [-1] * len(nodes)
    held: list[list[int]] = [[] for _ in range(n)]
    for k, members in enumerate(nodes):
        ordered = sorted(members, key=lambda p: (dealt_before[p] + load[p], dealt_season[p], rank[p]))
        for p in ordered:
            if load[p] < capacity[p]:
                owner[k] = p
                held[p].append(k)
                load[p] += 1
                break
        else:
            if not _augment(k, ordered, nodes, capacity, load, owner, held):
                return None
    return owner


def _augment(k, ordered, nodes, capacity, load, owner, held) -> bool:
    """Breadth-first search for a chain of reassignments that frees a dealer for node ``k``."""
    via_node: dict[int, int] = {}
    via_player: dict[int, int | None] = {}
    queue: deque[int] = deque()
    for p in ordered:
        via_node[p], via_player[p] = k, None
        queue.append(p)
    while queue:
        p = queue.popleft()
        for j in held[p]:
            for x in nodes[j]:
                if x in via_node:
                    continue
                via_node[x], via_player[x] = j, p
                if load[x] < capacity[x]:
                    load[x] += 1
                    while True:
                        j, prev = via_node[x], via_player[x]
                        owner[j] = x
                        held[x].append(j)
                        if prev is None:
                            return True
                        held[prev].remove(j)
                        x = prev
                queue.append(x)
    return False

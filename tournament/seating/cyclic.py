"""Dutch cycles: an instant, repeat-free construction for tables of 4 (a test oracle and a yardstick).

Put ``4·m`` players in 4 rows of ``m`` (player ``i·m + a`` is row ``i``, position ``a``). Round ``h`` with
shift ``s_h`` seats row ``i``'s position ``(t + i·s_h) mod m`` at table ``t``. Two players of rows ``i < j``
and positions ``a``, ``b`` meet in round ``h`` exactly when ``(j − i)·s_h ≡ b − a (mod m)``; players of one
row never meet. So two rounds repeat a pair iff ``d·(s_h − s_h') ≡ 0 (mod m)`` for some ``d ∈ {1, 2, 3}``,
and any set of shifts whose differences avoid that is repeat-free — all ``m`` shifts when ``gcd(m, 6) = 1``.

Not used by ``draw`` (it cannot take history, groups or fixed tables into account, and its structure is
visible); the tests check the pair counting and the optimiser against it, and the benchmark reports it.
"""

from __future__ import annotations


def cyclic_shifts(m: int, rounds: int | None = None) -> list[int]:
    """Shifts ``0, 1, …`` kept greedily when no two of them repeat a pair; at most ``rounds`` of them."""
    chosen: list[int] = []
    for s in range(m):
        if rounds is not None and len(chosen) >= rounds:
            break
        if all((d * (s - c)) % m for c in chosen for d in (1, 2, 3)):
            chosen.append(s)
    return chosen


def dutch_cycle(m: int, shifts: list[int]) -> list[list[list[int]]]:
    """Rounds of ``m`` tables of 4 for players ``0 … 4m-1``, one round per shift."""
    if m < 1:
        raise ValueError("m must be positive")
    return [[[i * m + (t + i * s) % m for i in range(4)] for t in range(m)] for s in shifts]

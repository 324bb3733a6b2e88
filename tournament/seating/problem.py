"""What the optimiser (``search``) is asked and answers: the problem of a draw in indices, its cost weights, the
outcome, and when same-day repeats cannot be avoided at all. The objective is described in ``search``."""

from __future__ import annotations

from dataclasses import dataclass

HARD = 1_000_000
ODD_DAY = 100
ODD_SEASON = 10
BASE_SIZE = 4


@dataclass
class Problem:
    """What the optimiser needs; see the module docstring for the meaning of the costs."""

    n: int
    sizes: tuple[int, ...]
    rounds: int
    statics: list[list[int]]
    pinned: list[int]
    odd_before: list[int]
    odd_season: list[int]


@dataclass
class Outcome:
    tables: list[list[list[int]]]
    cost: int
    lower_bound: int
    iterations: int
    work: int


def repeats_unavoidable(problem: Problem) -> bool:
    """True when some player cannot meet only new partners: too few players for the rounds, or too few tables
    (pigeonhole: a table of s players in the next round needs them from s different tables of this one, so
    8 or 12 players at tables of 4 meet again in round 2 however they are seated)."""
    if problem.rounds >= 2 and len(problem.sizes) < max(problem.sizes):
        return True
    n = problem.n
    need = (min(problem.sizes) - 1) * problem.rounds
    if need > n - 1:
        return True
    st = problem.statics[-1] if problem.statics else []  # the last round: frozen meetings (and groups if all day)
    return any(sum(1 for c in st[p * n : p * n + n] if c >= HARD) + need > n - 1 for p in range(n))

"""The draw of a day: ``draw`` (inputs → ``Draw``), meetings and their weights; the package docstring has the
vocabulary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable, Mapping, Sequence

from tournament.seating.cyclic import cyclic_shifts, dutch_cycle
from tournament.seating.inputs import (
    Inputs,
    SeatingError,
    normalise,
    normalise_history,
    order_key,
    ordered_pair,
    table_sizes,
)
from tournament.seating.problem import BASE_SIZE, HARD, Problem
from tournament.seating.rng import Rng
from tournament.seating.search import solve
from tournament.seating.seats import order_seats

__all__ = [
    "ALGORITHM",
    "Draw",
    "SeatingError",
    "cyclic_shifts",
    "draw",
    "dutch_cycle",
    "history_weight",
    "normalise_history",
    "pair_meetings",
    "repeated_pairs",
    "table_sizes",
]

ALGORITHM = "cego-tabu/1"
HISTORY_UNIT = 100

Round = list[list[Any]]


def history_weight(times: int) -> int:
    """Cost of seating a pair together again after ``times`` earlier meetings this season (×4 per meeting)."""
    return 0 if times <= 0 else min(HISTORY_UNIT * 4 ** (times - 1), HARD // 10)


def pair_meetings(rounds: Iterable[Iterable[Iterable[Hashable]]], history: Any = ()) -> dict[tuple, int]:
    """How often each pair shares a table in ``rounds``, plus the ``history`` counts if given."""
    meetings: dict[tuple, int] = {}
    if history:
        meetings.update(normalise_history(history))
    for tables in rounds:
        for table in tables:
            members = list(table)
            for i, a in enumerate(members):
                for b in members[i + 1 :]:
                    key = ordered_pair(a, b)
                    meetings[key] = meetings.get(key, 0) + 1
    return meetings


def repeated_pairs(rounds: Iterable[Iterable[Iterable[Hashable]]]) -> int:
    """The number of pairs who share a table more than once in ``rounds`` (same-day repeats)."""
    return sum(1 for k in pair_meetings(rounds).values() if k > 1)


@dataclass
class Draw:
    """A drawn day: frozen rounds first, then the drawn ones; each table lists players in seat order."""

    seed: int | str
    algorithm: str
    input_hash: str
    rounds: list[Round]
    frozen: int = 0
    inputs: dict = field(default_factory=dict, repr=False)

    def repeats(self) -> int:
        """Same-day repeated pairs over all rounds of the day."""
        return repeated_pairs(self.rounds)

    def stats(self) -> dict[str, Any]:
        """Checks of the result against its inputs: repeats, season meetings, groups and balance."""
        seated = {p for tables in self.rounds for table in tables for p in table}
        players = self.inputs.get("players") or sorted(seated, key=order_key)
        history = {ordered_pair(a, b): k for a, b, k in self.inputs.get("history", [])}
        day = pair_meetings(self.rounds)
        group_rounds = self.inputs.get("group_rounds")
        violations = 0
        for group in self.inputs.get("groups", []):
            members = set(group)
            for r, tables in enumerate(self.rounds):
                if group_rounds is None or r < group_rounds:
                    for table in tables:
                        k = len(members.intersection(table))
                        violations += k * (k - 1) // 2
        odd = {p: 0 for p in players}
        first = {p: 0 for p in players}
        for tables in self.rounds:
            for table in tables:
                if table and table[0] in first:
                    first[table[0]] += 1
                if len(table) != BASE_SIZE:
                    for p in table:
                        if p in odd:
                            odd[p] += 1
        return {
            "repeated_pairs": sum(1 for k in day.values() if k > 1),
            "max_day_meetings": max(day.values(), default=0),
            "history_pairs_met": sum(1 for pair in day if pair in history),
            "max_season_meetings": max((k + history.get(pair, 0) for pair, k in day.items()), default=0),
            "group_violations": violations,
            "odd_seats": _spread(odd.values()),
            "first_deals": _spread(first.values()),
        }

    def as_dict(self) -> dict[str, Any]:
        """The JSON form printed by the CLI (and worth storing next to the rounds)."""
        return {
            "seed": self.seed,
            "algorithm": self.algorithm,
            "input_hash": self.input_hash,
            "frozen_rounds": self.frozen,
            "rounds": self.rounds,
            "stats": self.stats(),
        }


def _spread(values: Iterable[int]) -> dict[str, int]:
    values = list(values)
    return {"min": min(values, default=0), "max": max(values, default=0)}


def draw(
    players: Sequence[int | str],
    rounds: int,
    *,
    seed: int | str,
    history: Mapping | Iterable = (),
    groups: Iterable[Iterable[int | str]] = (),
    group_rounds: int | None = None,
    fixed_tables: Mapping[int | str, int] | None = None,
    frozen_rounds: Iterable[Iterable[Iterable[int | str]]] = (),
    leftover: int = 5,
    dealer_history: Mapping[int | str, int] | None = None,
    odd_history: Mapping[int | str, int] | None = None,
) -> Draw:
    """Draw the day's ``rounds`` rounds (frozen ones included) for ``players``; see the module docstring.

    ``history``: ``{(a, b): times}`` or ``[[a, b, times], …]`` of earlier days; ``groups``: lists of players
    kept apart (all day, or in the first ``group_rounds`` rounds); ``fixed_tables``: ``{player: table index}``;
    ``frozen_rounds``: rounds already played, kept as they are (they may name players who withdrew, and may
    miss late entries); ``leftover``: 5 or 3; ``dealer_history``/``odd_history``: first deals and odd-table
    seats earlier in the season. Players and history entries are ints or strs. Raises ``SeatingError``.
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or seed == "":
        raise SeatingError("bad_seed")
    inputs = normalise(
        players,
        rounds,
        history=history,
        groups=groups,
        group_rounds=group_rounds,
        fixed_tables=fixed_tables,
        frozen_rounds=frozen_rounds,
        leftover=leftover,
        dealer_history=dealer_history,
        odd_history=odd_history,
    )
    people = inputs.players
    problem, dealt_before = _problem(inputs)
    rng = Rng(seed)
    search_rng, seats_rng = rng.fork("search"), rng.fork("seats")
    drawn = solve(problem, search_rng).tables if problem.rounds else []
    dealt_season = [inputs.dealer_history.get(p, 0) for p in people]
    seated = order_seats(drawn, len(people), rng=seats_rng, dealt_before=dealt_before, dealt_season=dealt_season)
    frozen = [[list(t) for t in tables] for tables in inputs.frozen_rounds]
    new = [[[people[i] for i in t] for t in tables] for tables in seated]
    return Draw(seed=seed, algorithm=ALGORITHM, input_hash=inputs.hash, rounds=frozen + new, frozen=len(frozen),
                inputs=inputs.canonical)


def _problem(inputs: Inputs) -> tuple[Problem, list[int]]:
    """The optimiser's view of the rounds still to draw, and each player's first deals in the frozen rounds."""
    people = inputs.players
    n = len(people)
    index = {p: i for i, p in enumerate(people)}
    frozen = inputs.frozen_rounds
    base = [0] * (n * n)
    for (a, b), times in inputs.history.items():
        if a in index and b in index:
            _add(base, n, index[a], index[b], history_weight(times))
    odd_before, dealt_before = [0] * n, [0] * n
    for tables in frozen:
        for table in tables:
            present = [index[p] for p in table if p in index]
            for i, a in enumerate(present):
                for b in present[i + 1 :]:
                    _add(base, n, a, b, HARD)
                if len(table) != BASE_SIZE:
                    odd_before[a] += 1
            if table[0] in index:
                dealt_before[index[table[0]]] += 1
    grouped = base if inputs.group_rounds is None else list(base)
    for a, b in {ordered_pair(a, b) for g in inputs.groups for a in g for b in g if a != b}:
        if a in index and b in index:
            _add(grouped, n, index[a], index[b], HARD)
    todo = inputs.rounds - len(frozen)
    last_grouped = inputs.rounds if inputs.group_rounds is None else inputs.group_rounds
    problem = Problem(
        n=n,
        sizes=inputs.sizes,
        rounds=todo,
        statics=[grouped if len(frozen) + r < last_grouped else base for r in range(todo)],
        pinned=[inputs.fixed_tables.get(p, -1) for p in people],
        odd_before=odd_before,
        odd_season=[inputs.odd_history.get(p, 0) for p in people],
    )
    return problem, dealt_before


def _add(matrix: list[int], n: int, a: int, b: int, cost: int) -> None:
    matrix[a * n + b] += cost
    matrix[b * n + a] += cost


# -- CLI ---------------------------------------------------------------------------------------------------

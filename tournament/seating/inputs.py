"""Checking and normalising the inputs of a seat draw, and the canonical hash that identifies them.

Pure, standard library only. Everything a user can get wrong raises ``SeatingError`` with a stable
``code`` and JSON-friendly ``params`` (the Django layer maps codes to translated messages); anything else
that goes wrong is a programming error and raises the usual ``TypeError``/``ValueError``.

Normalisation makes the draw depend on the *set* of players and constraints, not on the order in which a
database happened to return them: players are sorted (ints before strs), history pairs are ordered and
merged, groups are sorted. Frozen rounds are kept exactly as played. The canonical JSON of the normalised
inputs (``Inputs.canonical``) is what ``input_hash`` hashes; the seed and the algorithm are stored next to it,
not inside it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Hashable

MAX_PLAYERS = 1000
MAX_ROUNDS = 64
LEFTOVER_SIZES = (5, 3)


class SeatingError(Exception):
    """An input problem the user can act on: ``code`` is stable, ``params`` fill the message."""

    MESSAGES = {
        "too_few_players": "{players} players are too few: a draw needs at least {minimum}.",
        "too_many_players": "{players} players are too many: a draw takes at most {maximum}.",
        "impossible_table_sizes": "{players} players cannot be seated at tables of 4 and {leftover}.",
        "bad_leftover": "Leftover tables have 5 or 3 seats, not {leftover}.",
        "bad_rounds": "The number of rounds must be between {minimum} and {maximum}, not {rounds}.",
        "bad_seed": "The seed must be an integer or a non-empty text.",
        "bad_player": "A player must be identified by an integer or a text, not {player}.",
        "duplicate_player": "Player {player} is listed twice.",
        "bad_history": "History entry {entry} is not [player, other player, times ≥ 0].",
        "bad_groups": "Group {group} is not a list of players.",
        "bad_group_rounds": "Groups are kept apart in the first n ≥ 1 rounds (or all day), not {group_rounds}.",
        "bad_frozen_round": "Frozen round {round} is not a list of tables of distinct players.",
        "bad_counts": "{name} must map players to counts ≥ 0; {entry} does not.",
        "unknown_player": "Player {player} is fixed to a table but not in the draw.",
        "bad_fixed_table": "Player {player} cannot be fixed to table {table}: tables are numbered 0 to {last}.",
        "table_overfull": "Table {table} has {size} seats but {count} players are fixed to it.",
        "bad_file": "Cannot read {path}: {reason}.",
    }

    def __init__(self, code: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.params = dict(params or {})
        super().__init__(self.MESSAGES.get(code, code).format(**self.params))


def table_sizes(n_players: int, *, leftover: int = 5) -> tuple[int, ...]:
    """Table sizes for one round: tables of 4, then the leftover tables (all of ``leftover`` seats).

    ``leftover=5`` (the default): ``n mod 4`` tables of 5, the dealer sits out; impossible for 6, 7 and 11
    players. ``leftover=3`` (rulesets that play three-handed): ``(4 − n mod 4) mod 4`` tables of 3;
    impossible for 5 players. Fewer than ``leftover`` players (or than 4 with ``leftover=5``) are too few.
    """
    if leftover not in LEFTOVER_SIZES:
        raise SeatingError("bad_leftover", {"leftover": leftover})
    minimum = min(4, leftover)
    if n_players < minimum:
        raise SeatingError("too_few_players", {"players": n_players, "minimum": minimum})
    odd = n_players % 4 if leftover == 5 else (4 - n_players % 4) % 4
    fours, rest = divmod(n_players - odd * leftover, 4)
    if fours < 0 or rest:
        raise SeatingError("impossible_table_sizes", {"players": n_players, "leftover": leftover})
    return (4,) * fours + (leftover,) * odd


def order_key(player: Hashable) -> tuple:
    """Sort key of the canonical player order: ints by value, then strs by text."""
    return (0, player, "") if isinstance(player, int) else (1, 0, player)


def _pair_key(pair: tuple) -> tuple:
    return (order_key(pair[0]), order_key(pair[1]))


def check_player(player: Any) -> Any:
    if isinstance(player, bool) or not isinstance(player, (int, str)):
        raise SeatingError("bad_player", {"player": repr(player)})
    return player


def ordered_pair(a: Any, b: Any) -> tuple:
    return (a, b) if order_key(a) <= order_key(b) else (b, a)


@dataclass
class Inputs:
    """Normalised inputs of one draw; ``canonical`` is the JSON-ready form that is hashed."""

    players: list
    rounds: int
    leftover: int
    sizes: tuple[int, ...]
    history: dict[tuple, int]
    groups: list[list]
    group_rounds: int | None
    fixed_tables: dict
    frozen_rounds: list[list[list]]
    dealer_history: dict
    odd_history: dict

    @property
    def canonical(self) -> dict:
        def counts(mapping: dict) -> list:
            return [[p, mapping[p]] for p in sorted(mapping, key=order_key)]

        return {
            "players": self.players,
            "rounds": self.rounds,
            "leftover": self.leftover,
            "history": [[a, b, self.history[a, b]] for a, b in sorted(self.history, key=_pair_key)],
            "groups": self.groups,
            "group_rounds": self.group_rounds,
            "fixed_tables": counts(self.fixed_tables),
            "frozen_rounds": self.frozen_rounds,
            "dealer_history": counts(self.dealer_history),
            "odd_history": counts(self.odd_history),
        }

    @property
    def hash(self) -> str:
        text = json.dumps(self.canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()


def normalise(
    players: Iterable,
    rounds: int,
    *,
    history: Any = (),
    groups: Iterable = (),
    group_rounds: int | None = None,
    fixed_tables: Mapping | None = None,
    frozen_rounds: Iterable = (),
    leftover: int = 5,
    dealer_history: Mapping | None = None,
    odd_history: Mapping | None = None,
) -> Inputs:
    """Check every input and return them normalised; raises ``SeatingError``."""
    people = sorted((check_player(p) for p in players), key=order_key)
    for a, b in zip(people, people[1:], strict=False):
        if a == b:
            raise SeatingError("duplicate_player", {"player": a})
    if len(people) > MAX_PLAYERS:
        raise SeatingError("too_many_players", {"players": len(people), "maximum": MAX_PLAYERS})
    sizes = table_sizes(len(people), leftover=leftover)
    frozen = [_frozen_round(i, rnd) for i, rnd in enumerate(frozen_rounds)]
    lowest = max(1, len(frozen))
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not lowest <= rounds <= MAX_ROUNDS:
        raise SeatingError("bad_rounds", {"rounds": rounds, "minimum": lowest, "maximum": MAX_ROUNDS})
    if group_rounds is not None and (isinstance(group_rounds, bool) or not isinstance(group_rounds, int)
                                     or group_rounds < 1):
        raise SeatingError("bad_group_rounds", {"group_rounds": group_rounds})
    fixed = {}
    present = set(people)
    for player, table in (fixed_tables or {}).items():
        if check_player(player) not in present:
            raise SeatingError("unknown_player", {"player": player})
        if isinstance(table, bool) or not isinstance(table, int) or not 0 <= table < len(sizes):
            raise SeatingError("bad_fixed_table", {"player": player, "table": table, "last": len(sizes) - 1})
        fixed[player] = table
    for t, size in enumerate(sizes):
        count = sum(1 for table in fixed.values() if table == t)
        if count > size:
            raise SeatingError("table_overfull", {"table": t, "size": size, "count": count})
    return Inputs(
        players=people,
        rounds=rounds,
        leftover=leftover,
        sizes=sizes,
        history=normalise_history(history),
        groups=_groups(groups),
        group_rounds=group_rounds,
        fixed_tables=fixed,
        frozen_rounds=frozen,
        dealer_history=_counts(dealer_history, "dealer_history"),
        odd_history=_counts(odd_history, "odd_history"),
    )


def normalise_history(history: Any) -> dict[tuple, int]:
    """``{(a, b): times}`` from a mapping of pairs to times or from ``[a, b, times]`` entries."""
    if isinstance(history, Mapping):
        entries = [(*_pair(key), times) for key, times in history.items()]
    else:
        entries = [tuple(e) if isinstance(e, (list, tuple)) else (e,) for e in history]
    merged: dict[tuple, int] = {}
    for entry in entries:
        if len(entry) != 3:
            raise SeatingError("bad_history", {"entry": repr(list(entry))})
        a, b, times = entry
        bad_times = isinstance(times, bool) or not isinstance(times, int) or times < 0
        if bad_times or a == b or not all(isinstance(p, (int, str)) and not isinstance(p, bool) for p in (a, b)):
            raise SeatingError("bad_history", {"entry": repr(list(entry))})
        if times:
            key = ordered_pair(a, b)
            merged[key] = merged.get(key, 0) + times
    return merged


def _pair(key: Any) -> tuple:
    members = list(key) if isinstance(key, (frozenset, set, tuple, list)) else [key]
    if len(members) != 2:
        raise SeatingError("bad_history", {"entry": repr(key)})
    return tuple(members)


def _groups(groups: Iterable) -> list[list]:
    out = []
    for group in groups:
        if isinstance(group, (str, bytes)) or not isinstance(group, Iterable):
            raise SeatingError("bad_groups", {"group": repr(group)})
        members = []
        for p in group:
            if isinstance(p, bool) or not isinstance(p, (int, str)):
                raise SeatingError("bad_groups", {"group": repr(group)})
            members.append(p)
        out.append(sorted(set(members), key=order_key))
    return sorted(out, key=lambda g: [order_key(p) for p in g])


def _frozen_round(index: int, rnd: Any) -> list[list]:
    seen: set = set()
    tables = []
    try:
        for table in rnd:
            members = [check_player(p) for p in table]
            clash = seen.intersection(members) or len(set(members)) < len(members)
            if not members or isinstance(table, (str, bytes)) or clash:
                raise SeatingError("bad_frozen_round", {"round": index})
            seen.update(members)
            tables.append(members)
    except (TypeError, SeatingError):
        raise SeatingError("bad_frozen_round", {"round": index}) from None
    if not tables:
        raise SeatingError("bad_frozen_round", {"round": index})
    return tables


def _counts(mapping: Mapping | None, name: str) -> dict:
    out = {}
    for player, count in (mapping or {}).items():
        bad = isinstance(count, bool) or not isinstance(count, int) or count < 0
        if bad or isinstance(player, bool) or not isinstance(player, (int, str)):
            raise SeatingError("bad_counts", {"name": name, "entry": repr([player, count])})
        out[player] = count
    return out

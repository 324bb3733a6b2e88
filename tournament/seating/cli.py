"""``python -m tournament.seating``: draw the seats of a day for players ``0 … N-1`` and print the draw as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from tournament.seating.day import draw
from tournament.seating.inputs import SeatingError, table_sizes


def _seed(text: str) -> int | str:
    try:
        value = int(text)
    except ValueError:
        return text
    return value if str(value) == text else text


def _read_json(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        raise SeatingError("bad_file", {"path": path, "reason": str(exc)}) from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournament.seating",
                                     description="Draw the seats of a Cego tournament day (JSON on stdout).")
    parser.add_argument("--players", type=int, required=True, help="number of players, numbered 0 … N-1")
    parser.add_argument("--rounds", type=int, required=True, help="rounds in the day")
    parser.add_argument("--seed", default="0", help="int or text; the same seed gives the same draw (default 0)")
    parser.add_argument("--history", metavar="FILE", help="JSON list of [a, b, times] meetings on earlier days")
    parser.add_argument("--groups", metavar="FILE", help="JSON list of lists of players kept apart")
    parser.add_argument("--group-rounds", type=int, help="keep groups apart only in the first n rounds")
    parser.add_argument("--leftover", type=int, default=5, help="seats at leftover tables: 5 (default) or 3")
    args = parser.parse_args(argv)
    try:
        table_sizes(args.players, leftover=args.leftover)
        result = draw(
            list(range(args.players)),
            args.rounds,
            seed=_seed(args.seed),
            history=_read_json(args.history) if args.history else (),
            groups=_read_json(args.groups) if args.groups else (),
            group_rounds=args.group_rounds,
            leftover=args.leftover,
        )
    except SeatingError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.as_dict(), ensure_ascii=False))
    return 0


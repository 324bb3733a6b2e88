"""Command line (RULES.md §6).

    python -m scoring score FILE|-          JSON array of games in, JSON array of results out; exit 1 if any
                                             game was rejected, 2 if the input is not a JSON array
    python -m scoring count CARD …          card points of a pile (--counting pairs|triples)
    python -m scoring table --ruleset KEY   the tariff grid of a ruleset
"""

import argparse
import json
import sys

from . import cards, engine, rulesets, tariff
from .errors import ScoringError


def _score(args):
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        games = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        print(f"not JSON: {exc}", file=sys.stderr)
        return 2
    if not isinstance(games, list):
        print("the input must be a JSON array of games", file=sys.stderr)
        return 2
    results = engine.score_games(games, args.lang)
    json.dump(results, sys.stdout, ensure_ascii=False, indent=args.indent)
    sys.stdout.write("\n")
    return 1 if any("error" in r for r in results) else 0


def _count(args):
    try:
        codes = cards.parse_cards(args.cards)
        points = cards.count_points(codes, args.counting)
    except ScoringError as err:
        print(json.dumps({"error": err.as_dict(args.lang)}, ensure_ascii=False))
        return 1
    counters = sum(1 for c in codes if cards.card_value(c))
    print(json.dumps({"counting": args.counting, "cards": len(codes), "counters": counters, "points": points}))
    return 0


def _table(args):
    try:
        rs = rulesets.resolve(args.ruleset)
    except ScoringError as err:
        print(err.message(args.lang), file=sys.stderr)
        return 1
    print(tariff.format_grid(tariff.tariff_grid(rs), args.lang))
    return 0


def build_parser():
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", default="de", choices=("de", "en"), help="language of messages (default de)")
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Cego scoring engine")
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", parents=[common], help="score a JSON array of games")
    score.add_argument("file", help="a JSON file, or - for standard input")
    score.add_argument("--indent", type=int, default=None, help="pretty-print with this indent")
    score.set_defaults(run=_score)
    count = sub.add_parser("count", parents=[common], help="count the card points of a pile")
    count.add_argument("cards", nargs="*", help="card codes such as GS T21 hK xD k1")
    count.add_argument("--counting", default="pairs", choices=cards.COUNTINGS)
    count.set_defaults(run=_count)
    table = sub.add_parser("table", parents=[common], help="print the tariff grid of a ruleset")
    table.add_argument("--ruleset", default=rulesets.DEFAULT_RULESET, choices=rulesets.RULESET_KEYS)
    table.set_defaults(run=_table)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        return 1

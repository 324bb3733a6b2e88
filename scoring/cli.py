"""Command line (RULES.md §6).

    python -m scoring score FILE|-          JSON array of games in, JSON array of results out; exit 1 if any
                                             game was rejected, 2 if the input is not a JSON array
    python -m scoring count CARD …          card points of a pile (--counting pairs|triples)
    python -m scoring table --ruleset KEY   the tariff grid of a ruleset
"""

import argparse
import json
import math
import sys

from . import cards, rulesets, tariff
from .errors import ScoringError
from .games import score_games


def _read(name):
    """The raw input: bytes from a pipe or file (text only when a caller replaced stdin by a text stream)."""
    if name == "-":
        stream = getattr(sys.stdin, "buffer", None)
        return stream.read() if stream is not None else sys.stdin.read()
    with open(name, "rb") as file:
        return file.read()


# A game nests four levels deep (array → game → options → multipliers). Deeper input is refused before anything
# walks it recursively (error messages, ``json.dumps``), which near the parser's own limit hit RecursionError.
MAX_DEPTH = 32


def _depth(value):
    """How deeply ``value`` nests lists and objects, found without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_games(data):
    """JSON text (UTF-8, RFC 8259; a leading BOM is ignored) → Python value; ``ValueError`` when it is not JSON.

    Decoded here rather than by the locale, so invalid UTF-8 is a clean refusal whatever the environment.
    Integers beyond Python's 4300-digit conversion limit raise ``ValueError`` inside ``json``; nesting deeper
    than ``MAX_DEPTH`` is refused as well.
    """
    text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    try:
        value = json.loads(text)
    except RecursionError:
        value = None
    else:
        if _depth(value) <= MAX_DEPTH:
            return value
    raise ValueError(f"nested more than {MAX_DEPTH} levels deep")


def _finite(value):
    """``value`` with NaN and ±Infinity (accepted on input, echoed in ``params``) as strings, which JSON has."""
    if isinstance(value, float) and not math.isfinite(value):
        return json.dumps(value)            # "NaN", "Infinity", "-Infinity"
    if isinstance(value, list):
        return [_finite(v) for v in value]
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    return value


def dump_results(results, indent=None):
    """The results as strict JSON text that the output stream can encode.

    Rejections echo the input in ``params``: a NaN would print as the bare literal ``NaN`` (not JSON), so it is
    written as the string ``"NaN"``; a lone surrogate (``"\\ud800"`` is valid JSON) cannot be written as UTF-8,
    so such output falls back to ASCII with ``\\u`` escapes, which is the same JSON.
    """
    try:
        text = json.dumps(results, ensure_ascii=False, indent=indent, allow_nan=False)
    except ValueError:
        results = _finite(results)
        text = json.dumps(results, ensure_ascii=False, indent=indent, allow_nan=False)
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(results, ensure_ascii=True, indent=indent, allow_nan=False)
    return text


def _score(args):
    try:
        data = _read(args.file)
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        games = parse_games(data)
    except ValueError as exc:        # also UnicodeDecodeError and json.JSONDecodeError
        print(f"not JSON: {exc}", file=sys.stderr)
        return 2
    if not isinstance(games, list):
        print("the input must be a JSON array of games", file=sys.stderr)
        return 2
    results = score_games(games, args.lang)
    sys.stdout.write(dump_results(results, args.indent) + "\n")
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

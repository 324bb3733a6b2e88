"""Offiziers-Cego, Cego for two (RULES.md §8): one game in, its result out.

Both players play all 54 cards; each counts his tricks with the ruleset's counting, so the two counts add up to
the pack of that counting (79 by pairs, 70 by triples). The one with more points wins: 40 or more by pairs (one
player always wins), 36 or more by triples, where 35:35 is a draw that writes 0. The loser's points give the
Fach exactly as in a four-handed game (``contracts.fach_for`` with T = 40 or 36, the ruleset's ``fach_width`` and
``max_fach``); X = round(Fach × unit × 1) with the ruleset's unit and rounding (``contracts.round_value``). The
winner writes +X, the loser −X; the option ``writing: win_loss`` writes +1 / −1 instead. A rule violation
(``penalty``: the offender's seat) loses at ``penalty_fach``.

Input: ``{"game": "offiziers", "players": 2, "card_points": [p0, p1], "ruleset": …, "options": …,
"penalty": seat}`` (``players``, ``ruleset``, ``options`` and ``penalty`` optional). Result: ``scores`` (one per
seat), ``value`` (X; 1 under win/loss writing; 0 for a draw), ``fach`` (None for a draw),
``winner`` (seat or None), ``won`` (None: there is no declarer, as in Räuber) and ``explanation``.
"""

from . import cards, contracts, explain
from .errors import ScoringError
from .rulesets import DEFAULT_RULESET, resolve

FIELDS = frozenset(("game", "ruleset", "options", "players", "card_points", "penalty"))
PLAYERS = 2
# The whole pack of 54 cards by each counting, and the points that win it (more than half).
PACK = {counting: cards.pack_total(counting) for counting in cards.COUNTINGS}
WRITINGS = ("zero_sum", "win_loss")


def threshold(pack):
    """Points that win a game of ``pack`` card points: 40 of 79, 36 of 70."""
    return pack // 2 + 1


def ruleset_and_writing(game):
    """The resolved ruleset and the writing; ``writing: win_loss`` is Offiziers-Cego's own option."""
    options = game.get("options")
    writing = "zero_sum"
    if isinstance(options, dict) and "writing" in options:
        writing = options["writing"]
        if not isinstance(writing, str) or writing not in WRITINGS:
            raise ScoringError("bad_option", option="writing", detail=" or ".join(WRITINGS) + " is expected")
        options = {k: v for k, v in options.items() if k != "writing"}
    return resolve(game.get("ruleset", DEFAULT_RULESET), options), writing


def _points(game, pack, required):
    cp = game.get("card_points")
    if cp is None:
        if required:
            raise ScoringError("card_points_required")
        return None
    if type(cp) is not list or len(cp) != PLAYERS or not all(contracts.is_int(v) for v in cp):
        raise ScoringError("malformed", detail="'card_points' must be a list of two whole numbers")
    for value in cp:
        if not 0 <= value <= pack:
            raise ScoringError("card_points_out_of_range", total=pack, value=value)
    if cp[0] + cp[1] != pack:
        raise ScoringError("card_points_sum", total=pack, sum=cp[0] + cp[1])
    return cp


def score(game, lang="de"):
    """Score one game of Offiziers-Cego; raises ``ScoringError``."""
    if not FIELDS.issuperset(game):
        unknown = sorted(str(k) for k in game if k not in FIELDS)
        raise ScoringError("malformed", detail=f"unknown field(s): {', '.join(unknown)}")
    rs, writing = ruleset_and_writing(game)
    p = explain.phrases(lang)
    players = game.get("players", PLAYERS)
    if not contracts.is_int(players):
        raise ScoringError("malformed", detail="'players' must be 2")
    if players != PLAYERS:
        raise ScoringError("wrong_player_count", game=p["offiziers"], expected=PLAYERS, players=players)
    penalty = game.get("penalty")
    if penalty is not None and (not contracts.is_int(penalty) or not 0 <= penalty < PLAYERS):
        raise ScoringError("bad_seat", seat=penalty, field="penalty")
    pack = PACK[rs.counting]
    cp = _points(game, pack, required=penalty is None)
    head = p["offiziers"] + ": "
    if penalty is not None:
        winner, fach = 1 - penalty, rs.penalty_fach
        head += p["off_penalty"].format(seat=_seat(p, penalty), f=fach)
    else:
        if cp[0] == cp[1]:
            text = head + p["off_draw"].format(w=cp[0], l=cp[1])
            return _result([0, 0], 0, None, None, text)
        winner = 0 if cp[0] > cp[1] else 1
        loser_points = cp[1 - winner]
        fach = contracts.fach_for(rs, loser_points, threshold(pack))
        key = "off_won" if loser_points else "off_schliff"
        head += p[key].format(seat=_seat(p, winner), w=cp[winner], l=loser_points)
    loser = 1 - winner
    scores = [0, 0]
    if writing == "win_loss":
        scores[winner], scores[loser] = 1, -1
        text = head + " → " + p["off_win_loss"].format(winner=_seat(p, winner), loser=_seat(p, loser))
        return _result(scores, 1, fach, winner, text)
    raw = fach * rs.unit
    x = contracts.round_value(raw, rs.rounding)
    scores[winner], scores[loser] = x, -x
    text = head + " → " + p["fach"].format(f=fach, unit=rs.unit, m=1, raw=raw)
    if x != raw:
        text += p["rounded"].format(x=x)
    text += "; " + p["off_writes"].format(winner=_seat(p, winner), x=x, loser=_seat(p, loser), y=-x)
    return _result(scores, x, fach, winner, text)


def _result(scores, value, fach, winner, text):
    return {"scores": scores, "value": value, "fach": fach, "winner": winner, "won": None,
            "explanation": text + "."}


def _seat(p, s):
    return p["seat"].format(n=s + 1)


def tariff(rs):
    """What an Offiziers-Cego table needs on paper under ruleset ``rs`` (contract factor 1): the pack, the points
    that win, and per Fach the loser's and the winner's card points with the value X the winner writes (+X) and
    the loser (−X); a rule violation's Fach and value; whether an equal split is possible (a draw, 35:35)."""
    pack = PACK[rs.counting]
    wins = threshold(pack)
    rows = []
    for fach in range(1, rs.max_fach + 1):
        points = [p for p in range(wins) if p <= pack - wins and contracts.fach_for(rs, p, wins) == fach]
        if points:
            rows.append({"fach": fach, "loser": _span(points[0], points[-1]),
                         "winner": _span(pack - points[-1], pack - points[0]),
                         "value": contracts.round_value(fach * rs.unit, rs.rounding)})
    return {"pack": pack, "threshold": wins, "rows": rows, "draw": pack % 2 == 0, "unit": rs.unit,
            "rounding": rs.rounding, "penalty_fach": rs.penalty_fach,
            "penalty_value": contracts.round_value(rs.penalty_fach * rs.unit, rs.rounding)}


def _span(low, high):
    return f"{low}–{high}" if low != high else str(low)

"""Räuber and Drescher: every player for himself, one or more losers pay the others (RULES.md §4).

Räuber: the seat(s) with the most card points lose. If the announcer ties for the most and the ruleset says
``announcer_loses_ties``, the announcer alone loses; otherwise every tied seat loses. Each loser pays X to every
scoring seat that did not lose, where X = value + additive surcharges (announcer; jungfrau per playing seat
without a trick; over_40 when the loser has more than 40 card points), then × factors (announcer; jungfrau per
seat without a trick). ``raeuber_all_tricks``: a seat that took every trick instead receives that value from
each other seat. A rule violation makes the offender the one loser. Who took no trick comes from
``raeuber_tricks``, or else from the card points (0 points: no trick; ``took_tricks``, docs/scoring.md).

Pflichträuber (RULES.md §10): ``"compulsory": true`` — a Räuber nobody announced, so no announcer surcharge, factor
or tie rule: every seat tied for the most points loses. Under ``raeuber_with_dealer`` the engine's ``Table`` counts
the dealer of a table of five among the playing seats of a Räuber, so he has card points and pays or receives.

Drescher: the seat that took the last trick pays the value to every other seat, × the announcer factor when it
announced the Drescher itself.

A fine (RULES.md §10, contract ``fine``): the ``payer`` pays ``value`` (or the ruleset's ``fine``) to every other
seat at the table, a seat that sits out included.
"""

from . import explain
from .contracts import is_int
from .errors import ScoringError

MAX_FINE = 100_000    # per other player; far beyond any fine, small enough for the database's columns


def _per_seat(game, field, table, limit, required_code):
    """A list with one whole number per playing seat (``None`` for the seat sitting out), each 0…``limit``."""
    values = game.get(field)
    if values is None:
        if required_code:
            raise ScoringError(required_code)
        return None
    if type(values) is not list or len(values) != table.players:
        raise ScoringError("malformed", detail=f"'{field}' must list one value per seat ({table.players})")
    out = []
    for s, v in enumerate(values):
        if s not in table.playing:
            if v not in (None, 0):
                raise ScoringError("bad_seat", seat=s, field=field)
            out.append(0)
            continue
        if v is None:
            raise ScoringError(required_code or "malformed", detail=f"'{field}' misses seat {s}")
        if type(v) is not int:
            raise ScoringError("malformed", detail=f"'{field}' must hold whole numbers")
        out.append(v)
    return out


def raeuber(game, rs, table, penalty, p):  # noqa: C901 (the Räuber rules in the order their errors are reported)
    if game.get("compulsory"):     # a Pflichträuber: nobody announced it
        if game.get("announcer") is not None:
            raise ScoringError("announcer_not_allowed")
        announcer = None
    else:
        announcer = table.seat(game, "announcer", "announcer_required", contract="Räuber")
    points = _per_seat(game, "raeuber_points", table, rs.total, None if penalty is not None else
                       "raeuber_points_required")
    if points is not None:
        for v in points:
            if not 0 <= v <= rs.total:
                raise ScoringError("card_points_out_of_range", total=rs.total, value=v)
        if sum(points) > rs.total:
            raise ScoringError("card_points_out_of_range", total=rs.total, value=sum(points))
    tricks = _per_seat(game, "raeuber_tricks", table, rs.hand_size, None)
    if tricks is not None:
        for v in tricks:
            if not 0 <= v <= rs.hand_size:
                raise ScoringError("tricks_out_of_range", max=rs.hand_size, value=v)
        if sum(tricks) > rs.hand_size:
            raise ScoringError("tricks_out_of_range", max=rs.hand_size, value=sum(tricks))
        if points is not None:
            for s in table.playing:
                if tricks[s] == 0 and points[s] > 0:
                    raise ScoringError("raeuber_tricks_inconsistent", seat=s + 1, points=points[s])
    took = took_tricks(rs, points, tricks)
    scores = [0] * table.players
    zero_sum = rs.writing == "zero_sum"
    value = rs.raeuber_value
    if penalty is None and took is not None and rs.raeuber_all_tricks is not None:
        takers = [s for s in table.playing if took[s]]
        if len(takers) == 1:
            winner = takers[0]
            x = rs.raeuber_all_tricks
            others = [s for s in table.scoring if s != winner]
            scores[winner] = x * len(others) if zero_sum else x
            if zero_sum:
                for s in others:
                    scores[s] = -x
            who = explain.seat(p, winner) + (p["all_inferred"] if tricks is None else "")
            text = p["raeuber_all"].format(seat=who, x=x, d=len(others), total=scores[winner])
            losers = [s for s in table.playing if s != winner]
            return _result(scores, x, losers, text, table, p)
    if penalty is not None:
        losers = [penalty]
        head = p["raeuber_penalty"].format(seat=explain.seat(p, penalty))
    else:
        most = max(points[s] for s in table.playing)
        top = [s for s in table.playing if points[s] == most]
        tie = announcer in top and len(top) > 1 and rs.announcer_loses_ties
        losers = [announcer] if tie else top
        head = p["pflicht_most" if announcer is None else "raeuber_most"].format(
            p=most, seats=", ".join(explain.seat(p, s) for s in top))
        if tie:
            head += p["raeuber_tie"]
    maidens = 0 if took is None else sum(1 for s in table.playing if not took[s])
    inferred = tricks is None and maidens > 0
    winners = [s for s in table.scoring if s not in losers]
    lines = [head]
    for loser in losers:
        x, parts = raeuber_x(rs, loser == announcer, maidens, points[loser] if points else 0, p, inferred)
        if zero_sum:
            for w in winners:
                scores[w] += x
            scores[loser] -= x * len(winners)
        else:
            scores[loser] -= x
        lines.append(p["raeuber_x"].format(seat=explain.seat(p, loser), x=x, d=len(winners), parts=parts,
                                           total=scores[loser]))
    return _result(scores, value, losers, "; ".join(lines), table, p)


def took_tricks(rs, points, tricks):
    """Whether each seat took a trick (a list by seat), as far as the ruleset needs to know it, or ``None``.

    From ``raeuber_tricks`` where they are given; otherwise from the card points: every trick counts at least
    one card point (by pairs and by triples), so a seat with 0 card points took no trick — a Jungfrau — and a seat
    with points took one at least. Without either, a ruleset that pays on tricks cannot score the game:
    ``raeuber_tricks_required`` (only a rule violation may leave the card points out; the offender's payment
    includes the Jungfrau then, all tricks does not apply)."""
    if tricks is not None:
        return [t > 0 for t in tricks]
    if points is not None:
        return [v > 0 for v in points]
    if rs.pays_jungfrau:      # (without a rule violation the card points are required before this)
        raise ScoringError("raeuber_tricks_required", ruleset=rs.key)
    return None


def raeuber_x(rs, is_announcer, maidens, loser_points, p, inferred=False):
    """What one Räuber loser pays each winner, and the explanation of how it was reached (``inferred``: the
    Jungfrau seats are known from their 0 card points)."""
    add, fac = rs.raeuber_surcharges, rs.raeuber_factors
    x = rs.raeuber_value
    parts = [p["base"].format(v=x)]
    if is_announcer and add["announcer"]:
        x += add["announcer"]
        parts.append(p["announcer_add"].format(v=add["announcer"]))
    if maidens and add["jungfrau"]:
        x += add["jungfrau"] * maidens
        parts.append(p["jungfrau_add"].format(v=add["jungfrau"], n=maidens))
        if inferred:
            parts.append(p["jungfrau_inferred"])
    if loser_points > 40 and add["over_40"]:
        x += add["over_40"]
        parts.append(p["over_40_add"].format(v=add["over_40"]))
    if is_announcer and fac["announcer"] != 1:
        x *= fac["announcer"]
        parts.append(p["announcer_factor"].format(v=fac["announcer"]))
    if maidens and fac["jungfrau"] != 1:
        x *= fac["jungfrau"] ** maidens
        parts.append(p["jungfrau_factor"].format(v=fac["jungfrau"], n=maidens))
        if inferred and not add["jungfrau"]:
            parts.append(p["jungfrau_inferred"])
    return x, " ".join(parts) + f" = {x}"


def drescher(game, rs, table, penalty, p):
    announcer = table.seat(game, "announcer", "announcer_required", contract="Drescher")
    last = table.seat(game, "last_trick", None if penalty is not None else "last_trick_required")
    loser = penalty if penalty is not None else last
    x = rs.drescher_value
    factor = rs.drescher_announcer_factor if loser == announcer else 1
    x_loser = x * factor
    scores = [0] * table.players
    others = [s for s in table.scoring if s != loser]
    if rs.writing == "zero_sum":
        for s in others:
            scores[s] = x_loser
        scores[loser] = -x_loser * len(others)
    else:
        scores[loser] = -x_loser
    if penalty is not None:
        text = p["drescher_penalty"].format(seat=explain.seat(p, loser), x=x_loser, d=len(others),
                                            total=scores[loser])
    else:
        ann = p["drescher_ann"].format(k=factor) if factor != 1 else ""
        text = p["drescher"].format(seat=explain.seat(p, loser), x=x_loser, d=len(others), ann=ann,
                                    total=scores[loser])
    return _result(scores, x, [loser], text, table, p)


def fine(game, rs, table, p):
    """A fine: ``payer`` (any seat, the one sitting out too) pays ``value`` to each other seat at the table."""
    for field in ("declarer", "card_points", "achieved", "tricks", "announcer", "raeuber_points", "raeuber_tricks",
                  "last_trick", "penalty", "played_with", "pagat_seller", "compulsory"):
        if game.get(field) not in (None, False):
            raise ScoringError("malformed", detail=f"'{field}' is not part of a fine")
    payer = game.get("payer")
    if payer is None:
        raise ScoringError("payer_required")
    if not is_int(payer) or not 0 <= payer < table.players:
        raise ScoringError("bad_seat", seat=payer, field="payer")
    value = game.get("value")
    if value is None:
        value = rs.fine
        if value is None:
            raise ScoringError("value_required", ruleset=rs.key)
    elif not is_int(value):
        raise ScoringError("malformed", detail="'value' must be a whole number")
    elif not 1 <= value <= MAX_FINE:
        raise ScoringError("value_out_of_range", max=MAX_FINE, value=value)
    scores = [0] * table.players
    others = table.players - 1
    who = explain.seat(p, payer)
    if rs.writing == "zero_sum":
        scores = [value] * table.players
        scores[payer] = -value * others
        text = p["fine"].format(seat=who, x=value, d=others, total=scores[payer])
    else:
        scores[payer] = -value
        text = p["fine_only"].format(seat=who, total=-value)
    return {"scores": scores, "value": value, "fach": None, "won": None, "explanation": text + "."}


def _result(scores, value, losers, text, table, p):
    if table.sitting_out is not None and table.sitting_out in table.playing:
        text += "; " + p["dealer_plays"].format(seat=explain.seat(p, table.sitting_out))
    if table.idle is not None:
        text += "; " + p["sitting_out"].format(seat=explain.seat(p, table.idle))
    return {"scores": scores, "value": value, "fach": None, "won": None, "losers": losers,
            "explanation": text + "."}

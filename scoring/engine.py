"""Cego's engine: one game of four-handed Cego in (the JSON object of RULES.md §6), one result out.

``score(game)`` validates the game against its ruleset, scores it and explains it; it raises ``ScoringError`` for
a game the rules reject. It knows only Cego: ``scoring.games`` is the one entry for any game (it hands a Cego
here, an Offiziers-Cego to ``scoring.offiziers``, a Ziege to ``scoring.ziege``) and scores batches. Räuber and
Drescher live in ``scoring.free_for_all``; the Fach and value arithmetic every game shares in
``scoring.contracts``.

The variants of the old rule sheets and the regional games (issue 15; docs/scoring.md, "Variants") are part of
this engine. Each is switched on by a ruleset parameter (``scoring.rulesets``) and is off in the rulesets that
existed before, so their results do not change:

* ``gegensolo_by_contract`` — a Gegensolo writes the factor of the contract it was played with + 1; the entry
  names that contract in ``played_with`` (``cego`` … ``kleiner_mann``).
* ``margin_over`` — the three-handed "margin over 35": X = (winner's card points − 35) × M, rounded up.
* ``ouverte_factor`` — a goal game played open (``"ouverte": true`` on the entry) is worth that many times more.
* ``schinden`` — the Schinden challenge of regulated Solo as a penalty game: ``penalty`` names the seat that
  loses, which pays a Solo lost at ``penalty_fach`` Fach to every other seat.

The last rules of the seed documents (RULES.md §10, issue 28), each off unless its field or option is given:
``"compulsory": true`` on a Räuber (the Pflichträuber, no announcer; ``scoring.free_for_all``), the option
``raeuber_with_dealer`` (at five the dealer plays a Räuber: ``Table``), ``"pagat_seller"`` on an Ultimo (the seat
that sold the Kleiner Mann scores 0 when the declarer wins) and the contract ``fine`` (``payer``, ``value``;
``scoring.free_for_all.fine``).
"""

from . import explain, free_for_all, seats
from .contracts import (
    ALL_TRICKS,
    CONTRACTS,
    FINE,
    GOAL,
    LADDER,
    PENALTY,
    POINT,
    RAEUBER,
    canonical,
    fach_for,
    is_int,
    point_value,
    round_up,
)
from .errors import ScoringError
from .rulesets import DEFAULT_RULESET, resolve

FIELDS = frozenset((
    "ruleset", "options", "players", "sitting_out", "contract", "declarer", "card_points", "achieved", "tricks",
    "announcer", "raeuber_points", "raeuber_tricks", "last_trick", "calls", "penalty", "dealer",
    "played_with", "ouverte", "compulsory", "pagat_seller", "payer", "value",
))


class Table:
    """The seats of one game: how many, who sits out, who scores. Validates seat numbers."""

    __slots__ = ("players", "sitting_out", "playing", "scoring", "idle")

    def __init__(self, game, rs, dealer_plays=False):
        players = game.get("players", 4)
        if not is_int(players):
            raise ScoringError("malformed", detail="'players' must be 3, 4 or 5")
        if players not in rs.players:
            raise ScoringError("players_not_allowed", ruleset=rs.key, players=players)
        out = game.get("sitting_out")
        if players == seats.SITS_OUT_AT:
            if out is None:
                raise ScoringError("sitting_out_required")
            if not is_int(out) or not 0 <= out < 5:
                raise ScoringError("bad_seat", seat=out, field="sitting_out")
        elif out is not None:
            raise ScoringError("sitting_out_forbidden", players=players)
        self.players = players
        self.sitting_out = out
        self.playing = tuple(s for s in range(players) if s != out or dealer_plays)
        self.scoring = self.playing if out is None or rs.sitting_out_scores == "zero" else tuple(range(players))
        # The seat that sits out and scores 0 (named in the explanation), or None.
        self.idle = out if out is not None and out not in self.scoring else None

    def seat(self, game, field, required_code=None, **params):
        """The playing seat in ``game[field]``; ``required_code`` is raised when it is missing."""
        value = game.get(field)
        if value is None:
            if required_code:
                raise ScoringError(required_code, **params)
            return None
        if not is_int(value) or value not in self.playing:
            raise ScoringError("bad_seat", seat=value, field=field)
        return value


def score(game, lang="de"):  # noqa: C901 (RULES.md §6's checks in the order their errors are reported)
    """Score one game of Cego (a dict as in RULES.md §6, no ``"game"`` field). Returns the result dict; raises
    ``ScoringError``. Callers score through ``scoring.games.score_game``, which names every game."""
    if type(game) is not dict:
        raise ScoringError("malformed", detail="a game must be a JSON object")
    if not FIELDS.issuperset(game):
        unknown = sorted(str(k) for k in game if k not in FIELDS)
        raise ScoringError("malformed", detail=f"unknown field(s): {', '.join(unknown)}")
    rs = resolve(game.get("ruleset", DEFAULT_RULESET), game.get("options"))
    key = game.get("contract")
    if key is None:
        raise ScoringError("malformed", detail="'contract' is missing")
    contract = CONTRACTS.get(canonical(key))   # a regional name (Grebsler, Trio …) is its contract
    if contract is None:
        raise ScoringError("unknown_contract", contract=str(key))
    key = contract.key
    if key not in rs.allowed:
        raise ScoringError("contract_not_allowed", contract=key, ruleset=rs.key)
    variant_fields(game, contract)
    # RULES.md §10: at five under ``raeuber_with_dealer`` the dealer takes the blind and plays a Räuber.
    table = Table(game, rs, dealer_plays=contract.kind == RAEUBER and rs.raeuber_with_dealer)
    calls = game.get("calls", 0)
    if calls is None:
        calls = 0
    if not is_int(calls):
        raise ScoringError("malformed", detail="'calls' must be a whole number")
    if calls:
        if not calls_allowed(rs, contract):
            raise ScoringError("calls_not_allowed", ruleset=rs.key)
        if not 0 <= calls <= rs.max_calls:
            raise ScoringError("calls_out_of_range", max=rs.max_calls, value=calls)
    if contract.kind == FINE:
        return free_for_all.fine(game, rs, table, explain.phrases(lang))
    penalty = table.seat(game, "penalty")
    p = explain.phrases(lang)
    if contract.kind != POINT and game.get("played_with") is not None:
        raise ScoringError("played_with_not_allowed", ruleset=rs.key)
    if contract.kind != GOAL:
        ouverte(game, rs, contract)
    if contract.kind == PENALTY:
        return schinden(game, rs, table, p)
    if contract.kind == POINT:
        return _point_game(game, rs, table, contract, calls, penalty, p)
    if contract.kind == GOAL:
        return _goal_game(game, rs, table, contract, calls, penalty, p)
    if contract.kind == RAEUBER:
        return free_for_all.raeuber(game, rs, table, penalty, p)
    return free_for_all.drescher(game, rs, table, penalty, p)


def variant_fields(game, contract):
    """The fields of RULES.md §10 only on the contracts they belong to: ``compulsory`` on a Räuber,
    ``pagat_seller`` on an Ultimo, ``payer`` and ``value`` on a fine."""
    compulsory = game.get("compulsory")
    if compulsory is not None and type(compulsory) is not bool:
        raise ScoringError("malformed", detail="'compulsory' must be true or false")
    if compulsory and contract.kind != RAEUBER:
        raise ScoringError("compulsory_not_allowed")
    if game.get("pagat_seller") is not None and contract.key != "ultimo":
        raise ScoringError("pagat_seller_not_allowed")
    if contract.kind != FINE:
        for field in ("payer", "value"):
            if game.get(field) is not None:
                raise ScoringError("malformed", detail=f"'{field}' belongs to a fine")


def calls_allowed(rs, contract):
    """Whether Contracego calls may double this contract under ``rs``: only one-against-the-rest games of a
    ruleset with ``calls`` (the one place of the rule; the phone's "more" asks it too)."""
    return bool(rs.calls) and contract.kind in (POINT, GOAL)


def trick_goal(rs, contract):
    """The declarer's number of tricks that meets a goal game's goal (all of them for a Durch), or ``None`` where
    tricks do not say it (Ultimo …)."""
    return rs.hand_size if contract.key in ALL_TRICKS else contract.goal_tricks


def tricks_decide(rs, contract):
    """The trick goal where the declarer's number of tricks alone decides won or lost (the sheet's and the phone's
    trick entry), else ``None``: a Pascha's three tricks need ``achieved`` too (which trumps took them)."""
    return None if contract.key == "pascha" else trick_goal(rs, contract)


def _declarer(game, table, contract):
    declarer = table.seat(game, "declarer", "declarer_required")
    dealer = game.get("dealer")
    if dealer is not None:
        if not is_int(dealer) or not 0 <= dealer < table.players:
            raise ScoringError("bad_seat", seat=dealer, field="dealer")
        forehand = seats.forehand(dealer, table.players, table.sitting_out)
        if contract.key == "cego" and declarer != forehand:
            raise ScoringError("declarer_not_forehand", forehand=forehand + 1)
    return declarer


def _point_game(game, rs, table, contract, calls, penalty, p):
    declarer = _declarer(game, table, contract)
    cp = game.get("card_points")
    if cp is None:
        if penalty is None:
            raise ScoringError("card_points_required")
    elif not is_int(cp):
        raise ScoringError("malformed", detail="'card_points' must be a whole number")
    elif not 0 <= cp <= rs.total:
        raise ScoringError("card_points_out_of_range", total=rs.total, value=cp)
    name = contract.name(p["lang"])
    by_contract = played_with(game, rs, contract)
    multipliers = by_contract[0] if by_contract else None
    if by_contract:
        name += p["played_with"].format(c=CONTRACTS[by_contract[1]].name(p["lang"]))
    if penalty is not None:
        won = penalty != declarer
        fach = rs.penalty_fach
        m, raw, rounded, x = point_value(rs, contract.key, fach, won, calls, multipliers)
        key = "penalty_defender" if won else "penalty_declarer"
        text = f"{name}: " + p[key].format(seat=explain.seat(p, penalty), f=fach) + " → " + p["fach"].format(
            f=fach, unit=rs.unit, m=m, raw=raw)
        if rounded != raw:
            text += p["rounded"].format(x=rounded)
        if calls:
            text += p["calls"].format(c=calls, k=2 ** calls, x=x)
        return _write_one_against_rest(rs, table, declarer, won, x, fach, text, p, penalty=penalty)
    eff = cp + rs.bonus if cp else 0
    other = rs.defender_total - eff
    if rs.margin_over is not None:
        both = multipliers or rs.point_multipliers[contract.key]
        won, m, winner, margin, raw, rounded, x = margin_value(rs, both, eff, other, calls)
        text = f"{name} {p['won'] if won else p['lost']} " + p["points"].format(d=eff, o=other) + " → " + p[
            "margin"].format(w=winner, base=rs.margin_over, d=margin, unit=rs.unit, m=m, raw=raw, x=rounded)
        if calls:
            text += p["calls"].format(c=calls, k=2 ** calls, x=x)
        return _write_one_against_rest(rs, table, declarer, won, x, None, text, p)
    won = eff >= rs.declarer_threshold
    if won:
        fach = fach_for(rs, other, rs.defender_threshold)
    else:
        fach = fach_for(rs, eff, rs.declarer_threshold)
    m, raw, rounded, x = point_value(rs, contract.key, fach, won, calls, multipliers)
    text = explain.point_game(p, name=name, won=won, eff=eff, cp=cp, bonus=rs.bonus, other=other, fach=fach,
                              unit=rs.unit, m=m, raw=raw, x_rounded=rounded, calls=calls, x=x)
    return _write_one_against_rest(rs, table, declarer, won, x, fach, text, p)


def _goal_game(game, rs, table, contract, calls, penalty, p):
    declarer = _declarer(game, table, contract)
    seller = _pagat_seller(game, table, declarer)
    achieved = game.get("achieved")
    tricks = game.get("tricks")
    if achieved is not None and type(achieved) is not bool:
        raise ScoringError("malformed", detail="'achieved' must be true or false")
    if tricks is not None:
        if not is_int(tricks):
            raise ScoringError("malformed", detail="'tricks' must be a whole number")
        if not 0 <= tricks <= rs.hand_size:
            raise ScoringError("tricks_out_of_range", max=rs.hand_size, value=tricks)
    name = contract.name(p["lang"])
    factor = ouverte(game, rs, contract)
    x = rs.fixed_values[contract.key] * factor << calls
    if factor != 1:
        name += p["ouverte"].format(k=factor)
    if penalty is not None:
        won = penalty != declarer
        key = "penalty_goal_defender" if won else "penalty_goal_declarer"
        text = f"{name}: " + p[key].format(seat=explain.seat(p, penalty)) + f" → {x}"
        return _write_one_against_rest(rs, table, declarer, won, x, None, text, p, penalty=penalty, seller=seller)
    goal = trick_goal(rs, contract)
    by_tricks = None if tricks is None or goal is None else tricks == goal
    if contract.key == "pascha" and by_tricks:
        by_tricks = None    # three tricks, but whether the three highest trumps took them only the table knows
    if achieved is None:
        if by_tricks is None:
            raise ScoringError("outcome_required", contract=name)
        won = by_tricks
    else:
        if by_tricks is not None and by_tricks != achieved:
            raise ScoringError("outcome_conflict")
        won = achieved
    text = explain.goal_game(p, name=name, won=won, tricks=tricks if goal is not None else None, x=x)
    return _write_one_against_rest(rs, table, declarer, won, x, None, text, p, seller=seller)


def _pagat_seller(game, table, declarer):
    """The seat that sold the declarer of an Ultimo the Kleiner Mann (RULES.md §10), or None."""
    seller = table.seat(game, "pagat_seller")
    if seller is not None and seller == declarer:
        raise ScoringError("bad_seat", seat=seller, field="pagat_seller")
    return seller


def _write_one_against_rest(rs, table, declarer, won, x, fach, text, p, penalty=None, seller=None):
    """Scores of a one-against-the-rest game: zero-sum or declarer-only, with a defender's penalty. ``seller``
    (a bought Kleiner Mann) scores 0 when the declarer wins: the declarer receives from the other defenders."""
    scores = [0] * table.players
    zero_sum = rs.writing == "zero_sum"
    spared = seller if won and seller is not None else None
    d = len(table.scoring) - 1 - (spared is not None)
    if not zero_sum:
        scores[declarer] = x if won else -x
    elif penalty is not None and penalty != declarer:
        scores[declarer] = d * x
        scores[penalty] = -d * x
    else:
        sign = 1 if won else -1
        for s in table.scoring:
            scores[s] = -sign * x if s != spared else 0
        scores[declarer] = sign * d * x
    if penalty is not None and penalty != declarer and zero_sum:
        text += "; " + p["penalty_pays"].format(seat=explain.seat(p, penalty), x=x, d=d, total=-d * x)
    else:
        text += "; " + explain.writing_line(p, declarer=declarer, won=won, x=x, d=d, zero_sum=zero_sum)
    if seller is not None and seller != penalty:
        text += "; " + p["pagat_won" if won else "pagat_lost"].format(seat=explain.seat(p, seller))
    if table.idle is not None:
        text += "; " + p["sitting_out"].format(seat=explain.seat(p, table.idle))
    return {"scores": scores, "value": x, "fach": fach, "won": won, "explanation": text + "."}


# -- the variants (see the module docstring) ----------------------------------------------------------------------


def played_with(game, rs, contract):
    """The Gegensolo multiplier ``(win M, loss M)`` and the contract it was played with, or ``None``."""
    value = game.get("played_with")
    if contract.key != "gegensolo" or not rs.gegensolo_by_contract:
        if value is not None:
            raise ScoringError("played_with_not_allowed", ruleset=rs.key)
        return None
    if value is None:
        raise ScoringError("played_with_required")
    if value not in LADDER or value not in rs.point_multipliers:
        raise ScoringError("played_with_invalid", contract=str(value))
    m = rs.point_multipliers[value][0] + 1
    return (m, m), value


def ouverte(game, rs, contract):
    """The factor of a game played open: 1 unless ``ouverte`` is true; rejected where it is not played."""
    value = game.get("ouverte")
    if value is None or value is False:
        return 1
    if value is not True:
        raise ScoringError("malformed", detail="'ouverte' must be true or false")
    if contract.kind != GOAL or rs.ouverte_factor is None:
        raise ScoringError("ouverte_not_allowed", ruleset=rs.key)
    return rs.ouverte_factor


def margin_value(rs, multipliers, eff, other, calls):
    """X of the margin scoring: the winning side's card points over ``margin_over`` times M (the win or the
    loss multiplier), rounded up: ``(won, M, winner's points, margin, raw, rounded, X)``."""
    won = eff >= rs.declarer_threshold
    m = multipliers[0 if won else 1]
    winner = eff if won else other
    margin = max(winner - rs.margin_over, 0)
    raw = margin * rs.unit * m
    rounded = round_up(raw, rs.margin_rounding)
    return won, m, winner, margin, raw, rounded, rounded << calls if calls else rounded


def schinden(game, rs, table, p):
    """Schinden: the seat in ``penalty`` loses a Solo at ``penalty_fach`` Fach to every other seat."""
    loser = table.seat(game, "penalty", "penalty_required")
    for field in ("declarer", "card_points", "achieved", "tricks", "played_with"):
        if game.get(field) is not None:
            raise ScoringError("malformed", detail=f"'{field}' is not part of a Schinden")
    m, raw, rounded, x = point_value(rs, "solo", rs.penalty_fach, False)
    text = p["schinden"].format(seat=explain.seat(p, loser), f=rs.penalty_fach, unit=rs.unit, m=m, raw=raw)
    if rounded != raw:
        text += p["rounded"].format(x=rounded)
    return _write_one_against_rest(rs, table, loser, False, x, rs.penalty_fach, text, p)

"""The variants of the old rule sheets and the regional games (issue 15; docs/scoring.md, "Variants").

Each is switched on by a ruleset parameter (``scoring.rulesets``) and is off in the rulesets that existed before,
so their results do not change:

* ``gegensolo_by_contract`` — a Gegensolo writes the factor of the contract it was played with + 1; the entry
  names that contract in ``played_with`` (``cego`` … ``kleiner_mann``).
* ``margin_over`` — the three-handed "margin over 35": X = (winner's card points − 35) × M, rounded up.
* ``ouverte_factor`` — a goal game played open (``"ouverte": true`` on the entry) is worth that many times more.
* ``schinden`` — the Schinden challenge of regulated Solo as a penalty game: ``penalty`` names the seat that
  loses, which pays a Solo lost at ``penalty_fach`` Fach to every other seat.
"""

from . import explain
from .contracts import GOAL, LADDER
from .errors import ScoringError


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


def round_up(value, step):
    """Round up to a multiple of ``step`` (1 → 5, 5 → 5, 6 → 10 for step 5)."""
    return -(-value // step) * step if step > 1 else value


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


def schinden(game, rs, table, p, write):
    """Schinden: the seat in ``penalty`` loses a Solo at ``penalty_fach`` Fach to every other seat."""
    from .engine import point_value

    loser = table.seat(game, "penalty", "penalty_required")
    for field in ("declarer", "card_points", "achieved", "tricks", "played_with"):
        if game.get(field) is not None:
            raise ScoringError("malformed", detail=f"'{field}' is not part of a Schinden")
    m, raw, rounded, x = point_value(rs, "solo", rs.penalty_fach, False)
    text = p["schinden"].format(seat=explain.seat(p, loser), f=rs.penalty_fach, unit=rs.unit, m=m, raw=raw)
    if rounded != raw:
        text += p["rounded"].format(x=rounded)
    return write(rs, table, loser, False, x, rs.penalty_fach, text, p)

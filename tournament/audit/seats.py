"""Seats and games of the audit log in words: a seat 1-based as on the paper sheet, with the name of the player
sitting there where the table is known ("Seat 1 Anna Beha"); a game in one line; sheet totals seat by seat.

``names`` maps a table's 0-based seat to its player's name (``seat_names``); ``None`` where no table is known —
then a seat is its number alone. The office's and the phone's conflict messages use ``describe_game`` without
names, as before.
"""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.contracts import CONTRACTS, DRESCHER, FINE, GOAL, PENALTY, POINT, RAEUBER
from tournament.common.i18n import engine_lang
from tournament.common.numbers import signed
from tournament.models import Seat
from tournament.models.play import contract_name

NONE = "–"


def seat_names(table_ids):
    """``{table_id: {position: "First Last"}}`` for these tables, in one query."""
    names = {}
    for table_id, position, first, last in (Seat.objects.filter(table_id__in=set(table_ids))
                                            .values_list("table_id", "position", "entry__player__first_name",
                                                         "entry__player__last_name")):
        names.setdefault(table_id, {})[position] = f"{first} {last}"
    return names


def who(position, names=None):
    """A 0-based seat as the sheet says it: ``3`` or ``3 Anna Beha``."""
    if position is None or not isinstance(position, int):
        return NONE if position is None else str(position)
    name = (names or {}).get(position)
    return f"{position + 1} {name}" if name else str(position + 1)


def seat(position, names=None):
    """"Seat 3 Anna Beha"."""
    return _("Seat %(seat)s") % {"seat": who(position, names)}


def seat_points(points, names=None):
    """Points seat by seat: "Seat 1 Anna Beha +30, Seat 2 Bernd Dold −10, …" (``points``: a list by seat, or a
    dict ``{"0": 30, …}`` as sheet totals and sign-offs store them)."""
    if isinstance(points, dict):
        pairs = sorted(((int(k), v) for k, v in points.items() if str(k).isdecimal()), key=lambda kv: kv[0])
    elif isinstance(points, list):
        pairs = list(enumerate(points))
    else:
        return NONE
    return ", ".join(f"{seat(pos, names)} {signed(p) if isinstance(p, int) else NONE}" for pos, p in pairs) or NONE


# complexity: one clause per part of the sentence, in its order
def describe_game(snapshot, lang=None, names=None, *, by_seat=False):  # noqa: C901
    """One line in words for a stored game snapshot (``results.engine.game_snapshot``), for conflicts and the log.
    ``by_seat`` (the log): "…, 60 card points: Seat 1 Anna Beha +90, Seat 2 …" — the scores seat by seat with
    names after a colon, instead of the bare row of numbers after an arrow."""
    if not snapshot:
        return "—"
    lang = lang or engine_lang()
    contract = CONTRACTS.get(snapshot.get("contract"))
    if contract is None:            # Offiziers-Cego: its name, never the stored key
        return contract_name(snapshot.get("contract"), lang) or "—"
    parts = [contract.name(lang)]

    def at(key):
        return who(snapshot.get(key), names)

    played_with = CONTRACTS.get(snapshot.get("played_with") or "")
    if played_with is not None:     # a Gegensolo scored by contract (docs/scoring.md, Variants)
        parts[0] += " " + _("played with %(contract)s") % {"contract": played_with.name(lang)}
    if snapshot.get("ouverte"):
        parts[0] += " " + _("(played open)")
    if contract.kind == PENALTY:    # Schinden: the seat in ``penalty`` loses
        parts.append(_("lost by %(seat)s") % {"seat": at("penalty")})
    elif contract.kind == FINE:     # a fine (RULES.md §10): who pays, and what to each other seat if keyed
        parts.append(_("paid by %(seat)s") % {"seat": at("payer")})
        if snapshot.get("fine_value") is not None:
            parts.append(_("%(value)s to every other player") % {"value": snapshot["fine_value"]})
    elif contract.kind == RAEUBER and snapshot.get("compulsory"):
        parts[0] = _("Pflichträuber (compulsory Räuber, nobody announced it)")
    elif contract.kind in (POINT, GOAL):
        parts.append(_("declarer %(seat)s") % {"seat": at("declarer")})
    else:
        parts.append(_("announced by %(seat)s") % {"seat": at("announcer")})
    if contract.kind == POINT and snapshot.get("card_points") is not None:
        parts.append(_("%(points)s card points") % {"points": snapshot["card_points"]})
    elif contract.kind == GOAL:
        if snapshot.get("pagat_seller") is not None:
            parts.append(_("Kleiner Mann bought from seat %(seat)s") % {"seat": at("pagat_seller")})
        if snapshot.get("tricks") is not None:
            parts.append(ngettext("%(n)s trick", "%(n)s tricks", snapshot["tricks"]) % {"n": snapshot["tricks"]})
        elif snapshot.get("achieved") is not None:
            parts.append(_("goal met") if snapshot["achieved"] else _("goal missed"))
    elif contract.kind == RAEUBER and snapshot.get("raeuber_points"):
        parts.append(_("card points %(points)s") % {"points": per_seat(snapshot["raeuber_points"])})
    elif contract.kind == DRESCHER:
        parts.append(_("last trick %(seat)s") % {"seat": at("last_trick")})
    if snapshot.get("penalty") is not None and contract.kind != PENALTY:
        parts.append(_("rule violation by %(seat)s") % {"seat": at("penalty")})
    if snapshot.get("calls"):
        parts.append(ngettext("%(n)s call", "%(n)s calls", snapshot["calls"]) % {"n": snapshot["calls"]})
    text = ", ".join(parts)
    if snapshot.get("scores"):
        scores = snapshot["scores"]
        # In the log a game line stands between the log's own "before → after": its scores follow a colon.
        text += (": " + seat_points(scores, names)) if by_seat else (" → " + " ".join(signed(s) for s in scores))
    return text


def per_seat(values):
    """Räuber card points or tricks, seat by seat: ``20/0/–/40`` (a seat without a value: –)."""
    if not isinstance(values, list):
        return NONE if values is None else str(values)
    return "/".join(NONE if v is None else str(v) for v in values)


def describe_totals(values, names=None):
    """Sheet totals seat by seat (``{"0": 30, "1": -10, …}``): "Seat 1 Anna Beha +30, Seat 2 …"."""
    if not values or not isinstance(values, dict):
        return "—"
    return seat_points(values, names)

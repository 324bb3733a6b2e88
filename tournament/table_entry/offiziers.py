"""Entry at the table for Offiziers-Cego (docs/table-entry.md "Offiziers-Cego and Ziege"): the sheet a phone shows.

An Offiziers-Cego game is an ordinary ``Game`` row (contract ``offiziers``), so keying, correcting, confirming,
disputing and signing off are ``table_entry.services`` as for Cego; only the sheet differs: two seats, each
game's counted points of both players, the engine's scores (the Fach value of the margin, or 1/−1 in the
win/loss-only writing) and the running totals (``results.offiziers.sheet_rows``).
"""

from django.utils import timezone

from tournament.draws.selectors import seat_labels
from tournament.models import Seat, TableFlag
from tournament.results import offiziers
from tournament.table_entry import selectors


def phone_sheet(link, lang="de"):
    table = link.table
    round_ = table.round
    tournament = round_.tournament
    seats = list(Seat.objects.filter(table=table).select_related("entry__player").order_by("position"))
    labels = seat_labels(seats)
    sheet = offiziers.sheet_rows(table)
    games = [r["game"] for r in sheet["rows"] if r["game"] is not None]
    state = selectors.sheet_state(table, [(g.number, g.version) for g in games], {})
    flags = selectors.open_flags(table)
    disputed = {f.game_number for f in flags if f.kind == TableFlag.Kind.DISPUTE}
    rows = []
    for r in sheet["rows"]:
        game = r["game"]
        row = {"number": r["number"], "points": r["points"], "scores": r["scores"], "running": r["totals"],
               "game": None}
        if game is not None:
            row["game"] = {"version": game.version, "scores": game.scores, "explanation": game.explanation,
                           "card_points": game.card_points,
                           "penalty": None if game.penalty is None else game.penalty + 1,
                           "keyed_seat": None if game.keyed_seat is None else game.keyed_seat + 1,
                           "confirmed": game.confirmed,
                           "confirmed_seat": None if game.confirmed_seat is None else game.confirmed_seat + 1,
                           "disputed": r["number"] in disputed}
        rows.append(row)
    open_numbers = [r["number"] for r in sheet["rows"] if r["game"] is None]
    complete = table.ended_early or not open_numbers
    now = timezone.now()
    return {
        "game": "offiziers", "tournament": tournament.name, "round": round_.number, "table": table.number,
        "size": table.size, "planned": table.games_planned, "round_status": round_.status,
        "writable": round_.status != "locked", "pack": sheet["pack"], "win_loss": bool(tournament.win_loss),
        "seats": selectors.seats_json(table, seats, labels),
        "rows": rows, "next": None if complete else open_numbers[0], "totals": sheet["totals"],
        "entered": len(games), "complete": complete, "ended_early": table.ended_early,
        "unconfirmed": [g.number for g in games if not g.confirmed],
        "signed": [p + 1 for p in selectors.signed_positions(table, state)], "state": state,
        "flags": [{"kind": f.kind, "seat": None if f.seat is None else f.seat + 1, "game": f.game_number,
                   "note": f.note} for f in flags],
        "clock": selectors.clock(round_, now), "now": now.isoformat(),
    }

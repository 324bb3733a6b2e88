"""Entry at the table for Ziege (docs/table-entry.md "Offiziers-Cego and Ziege"): the sheet a phone shows and the
table's writes. A game is keyed through ``results.ziege.record_game`` (the one scoring path) and appended as the
next game; a game that is wrong is disputed and the director deletes and re-enters it in the office. A stored
game is never changed, so its primary key is its version: a confirmation names the game it saw.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import ziege as ziege_engine
from tournament.audit.log import audit
from tournament.draws.selectors import seat_labels
from tournament.models import AuditLog, Seat, TableFlag, ZiegeGame
from tournament.results import services as results_services
from tournament.results import ziege as ziege_results
from tournament.table_entry import selectors
from tournament.table_entry.services import _locked_table, check_signable, flag_dispute, store_signature

TEAMS = ("A", "B")


def sheet_state(games):
    """A fingerprint of the sheet: every game's number and version (its id); ``selectors.ziege_state``."""
    return selectors.ziege_state([(g.number, g.pk) for g in games])


def series_won(sheet):
    won = [0, 0]
    for result in sheet["series"]:
        if result["winner"]:
            won[TEAMS.index(result["winner"])] += 1
    return won


def signed_totals(sheet):
    """What a sign-off keeps, per seat (team A sits at 1 and 3): the team's series won."""
    won = series_won(sheet)
    return [won[p % 2] for p in range(4)]


def phone_sheet(link, lang="de"):
    """Everything a Ziege phone shows: the two teams, every game with its defeat points and series, the series
    state (defeat points now, series won), confirmations, disputes, sign-offs, the clock, the state."""
    table = link.table
    round_ = table.round
    seats = list(Seat.objects.filter(table=table).select_related("entry__player").order_by("position"))
    labels = seat_labels(seats)
    names = {position: label.full for position, label in labels.items()}
    games = list(ZiegeGame.objects.filter(table=table).order_by("number"))
    sheet = ziege_results.sheet(games)
    flags = selectors.open_flags(table)
    disputed = {f.game_number for f in flags if f.kind == TableFlag.Kind.DISPUTE}
    by_number = {g.number: g for g in games}
    rows = []
    for row in sheet["rows"]:
        game = by_number[row["number"]]
        rows.append({**row, "version": game.pk, "disputed": row["number"] in disputed, "confirmed": game.confirmed,
                     "keyed_seat": None if game.keyed_seat is None else game.keyed_seat + 1,
                     "confirmed_seat": None if game.confirmed_seat is None else game.confirmed_seat + 1})
    state = sheet_state(games)
    now = timezone.now()
    return {
        "game": "ziege", "tournament": round_.tournament.name, "round": round_.number, "table": table.number,
        "size": table.size, "round_status": round_.status, "writable": round_.status != "locked",
        "seats": [{**seat, "team": TEAMS[(seat["seat"] - 1) % 2]}
                  for seat in selectors.seats_json(table, seats, labels)],
        "teams": [{"team": t, "names": [names.get(i), names.get(i + 2)]} for i, t in enumerate(TEAMS)],
        "rows": rows, "next": len(games) + 1, "entered": len(games), "current": sheet["current"],
        "target": ziege_engine.SERIES_TARGET, "series_won": series_won(sheet),
        "unconfirmed": [g.number for g in games if not g.confirmed],
        "signed": [p + 1 for p in selectors.signed_positions(table, state)], "state": state,
        "complete": bool(games),
        "flags": [{"kind": f.kind, "seat": None if f.seat is None else f.seat + 1, "game": f.game_number,
                   "note": f.note} for f in flags],
        "clock": selectors.clock(round_, now), "now": now.isoformat(),
    }


def _game(table, number):
    if not isinstance(number, int):
        raise ValidationError(_("Which game? Reload the page."), code="bad_game")
    return ZiegeGame.objects.filter(table=table, number=number).first()


@transaction.atomic
def key_game(*, access, number, points_a, trick_a, trick_b):
    """Append game ``number`` (the next one) at the access's table. The same game again (a resent queue, the
    other phone keyed it identically) is stored once; a different game under a taken number is a conflict."""
    table = _locked_table(access)
    existing = _game(table, number)
    if existing is not None:
        if (existing.points_a, existing.trick_a, existing.trick_b) == (points_a, bool(trick_a), bool(trick_b)):
            return existing
        raise results_services.ConflictError(
            _("Game %(number)s was changed by someone else meanwhile.") % {"number": number}, current=existing)
    if number != table.ziege_games.count() + 1:
        raise results_services.ConflictError(_("Game %(number)s was deleted meanwhile.") % {"number": number},
                                             current=None)
    return ziege_results.record_game(table=table, user=access, points_a=points_a, trick_a=trick_a,
                                     trick_b=trick_b)


@transaction.atomic
def confirm_game(*, access, number, version):
    """Another seat confirms game ``number`` as it saw it (``version``: the game's id)."""
    table = _locked_table(access)
    game = _game(table, number)
    if game is None or game.pk != version:
        raise results_services.ConflictError(
            _("Game %(number)s was changed by someone else meanwhile.") % {"number": number}, current=None)
    if game.confirmed:
        return game
    if game.keyed_seat == access.seat:
        raise ValidationError(_("A player of another seat has to confirm the game you keyed."), code="own_game")
    game.confirmed_seat, game.confirmed_at = access.seat, timezone.now()
    game.save(update_fields=["confirmed_seat", "confirmed_at"])
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.GAME, obj_id=game.pk,
          action=AuditLog.Action.CONFIRM, user=access, new={"number": number, "version": 1})
    return game


@transaction.atomic
def dispute_game(*, access, number, note=""):
    """Any seat disputes game ``number``: it is unconfirmed again and the table is flagged for the director."""
    table = _locked_table(access)
    game = _game(table, number)
    if game is None:
        raise ValidationError(_("Which game? Reload the page."), code="bad_game")
    return flag_dispute(access=access, table=table, game=game, note=note)


@transaction.atomic
def sign_table(*, access, state):
    """The access's seat signs the table's series off: at least one game, every game confirmed, no open dispute,
    and only the sheet the phone saw (``state``)."""
    table = _locked_table(access)
    games = list(ZiegeGame.objects.filter(table=table).order_by("number"))
    if state != sheet_state(games):
        raise results_services.ConflictError(_("The sheet changed meanwhile. Check the totals again."), current=None)
    if not games:
        raise ValidationError(_("No game entered yet."), code="sheet_incomplete")
    check_signable(table, games)
    totals = signed_totals(ziege_results.sheet(games))
    return store_signature(access=access, table=table, totals=totals, state=state)

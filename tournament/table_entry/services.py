"""Writes at the table and the director's answers to them (docs/table-entry.md). Every write is keyword-only,
in one transaction, takes the table's row lock, checks permissions and records the audit log — a phone acts as
a ``permissions.TableAccess`` (its link, seat and device), which the log keeps as the row's origin. A write for
a seat must come from the phone that holds it (``holds``: the first phone that acts for a seat takes it).

Games themselves are keyed through ``results.services.record_game`` (same rules, same errors, same engine);
``key_game`` only adds the table's checks. ``once`` keeps the answer of a phone's write under its idempotency
key, so a resent request (an offline queue, a retry) is answered again without writing again.
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import idempotency
from tournament.audit.log import audit
from tournament.models import AuditLog, Game, Round, Signature, Table, TableFlag, TableRequest
from tournament.results import selectors as results
from tournament.results import services as results_services
from tournament.staff import permissions
from tournament.table_entry import holds, selectors

MAX_CLOCK_MINUTES = 600
WRITE_ERRORS = (ValidationError, PermissionDenied)      # what a write refuses with (ConflictError is a ValidationError)


def _locked_table(access, hold=True):
    """The access's table under its row lock, refusing a revoked link, a missing seat and a locked round — and,
    with ``hold``, a seat another phone holds (a free seat is taken by this phone: ``holds.check``)."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=access.table.pk)
    if not access.may_write(table):
        raise PermissionDenied(_("This link is no longer valid."))
    if access.seat is None or not 0 <= access.seat < table.size:
        raise ValidationError({"seat": ValidationError(_("Choose your seat first."), code="seat_required")})
    if table.round.status == Round.Status.LOCKED:
        raise PermissionDenied(_("This round is locked. Only the tournament direction can correct it."))
    if hold:
        holds.check(table, access)
    return table


def once(*, link, key, write, access=None):
    """Run ``write()`` → ``(status, answer)`` once per idempotency ``key`` of ``link``: the same key again returns
    the stored answer and writes nothing. Only accepted writes (status < 300) are kept; a refusal is answered
    afresh, so a corrected resend is not stuck with an old error. Without a key, ``write()`` simply runs
    (``tournament.idempotency.once``, the one mechanism). The stored answer is given only to the phone that sent
    the write (``access.holder``): the same key from another phone is refused, never answered as accepted."""
    holder = access.holder if access is not None else ""

    def store(claim, result):
        claim.status, claim.response = result
        claim.save(update_fields=["status", "response"])

    def replay(row):
        if row.holder != holder:
            return 403, {"ok": False, "errors": {"seat": [_("This write was sent by another phone.")]}}
        return row.status, {**row.response, "repeated": True}

    return idempotency.once(model=TableRequest, scope={"link": link}, key=key, write=write,
                            keep=lambda result: result[0] < 300, store=store, replay=replay,
                            claim_defaults={"status": 0, "response": {}, "holder": holder})


@transaction.atomic
def claim_seat(*, access):
    """The phone chose its seat: it takes the seat when free (``holds.check``); refused when another phone holds
    it or this phone holds another seat of the table."""
    _locked_table(access)


@transaction.atomic
def release_seat(*, access):
    """The phone gives its seat up ("switch seat"): another phone may take it now (audited)."""
    table = _locked_table(access, hold=False)
    holds.release(table, access)


@transaction.atomic
def key_game(*, access, number, data, expected_version=None):
    """Key or correct game ``number`` at the access's table: ``results.services.record_game`` with the table's
    checks. A new version is unconfirmed until another seat confirms it."""
    table = _locked_table(access)
    return results_services.record_game(table=table, number=number, data=data, user=access,
                                        expected_version=expected_version)


@transaction.atomic
def confirm_game(*, access, number, version):
    """Another seat confirms game ``number`` as it saw it (``version``): stale → ``ConflictError``."""
    table = _locked_table(access)
    if not isinstance(number, int) or not isinstance(version, int):
        raise ValidationError(_("Which game? Reload the page."), code="bad_game")
    game = Game.objects.filter(table=table, number=number).first()
    if game is None:
        raise results_services.ConflictError(_("Game %(number)s was deleted meanwhile.") % {"number": number},
                                             current=None)
    if version != game.version:
        raise results_services.ConflictError(
            _("Game %(number)s was changed by someone else meanwhile.") % {"number": number}, current=game)
    if game.confirmed:
        return game
    if game.keyed_seat == access.seat:
        raise ValidationError(_("A player of another seat has to confirm the game you keyed."),
                              code="own_game")
    game.confirmed_seat = access.seat
    game.confirmed_at = timezone.now()
    game.save(update_fields=["confirmed_seat", "confirmed_at"])
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.GAME, obj_id=game.pk,
          action=AuditLog.Action.CONFIRM, user=access, new={"number": number, "version": version})
    return game


@transaction.atomic
def dispute_game(*, access, number, note=""):
    """A seat disputes game ``number``: the game is unconfirmed again and the table is flagged for the director."""
    table = _locked_table(access)
    game = Game.objects.filter(table=table, number=number).first() if isinstance(number, int) else None
    if game is None:
        raise ValidationError(_("Game %(number)s is not entered yet.") % {"number": number}, code="no_game")
    return flag_dispute(access=access, table=table, game=game, note=note)


def flag_dispute(*, access, table, game, note):
    """The dispute of ``game`` (a Cego or a Ziege game, under the table's row lock): one open flag per game, the
    game unconfirmed again, the audit line. Shared by ``dispute_game`` and ``table_entry.ziege``."""
    note = (note or "").replace("\x00", "").strip()[:200]
    flag = TableFlag.objects.filter(table=table, kind=TableFlag.Kind.DISPUTE, game_number=game.number,
                                    resolved_at__isnull=True).first()
    if flag is None:
        flag = TableFlag.objects.create(table=table, kind=TableFlag.Kind.DISPUTE, game_number=game.number,
                                        seat=access.seat, note=note, device=access.device)
    if game.confirmed_seat is not None:
        game.confirmed_seat = game.confirmed_at = None
        game.save(update_fields=["confirmed_seat", "confirmed_at"])
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.GAME, obj_id=game.pk,
          action=AuditLog.Action.DISPUTE, user=access, new={"number": game.number, "note": note})
    return flag


@transaction.atomic
def call_director(*, access, note=""):
    """The table asks for the director (once: pressing again while a call is open changes nothing)."""
    table = _locked_table(access)
    flag = TableFlag.objects.filter(table=table, kind=TableFlag.Kind.CALL, resolved_at__isnull=True).first()
    if flag is not None:
        return flag
    note = (note or "").replace("\x00", "").strip()[:200]
    flag = TableFlag.objects.create(table=table, kind=TableFlag.Kind.CALL, seat=access.seat, note=note,
                                    device=access.device)
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.FLAG, obj_id=flag.pk,
          action=AuditLog.Action.CALL, user=access, new={"note": note} if note else None)
    return flag


@transaction.atomic
def sign_table(*, access, state):
    """The access's seat signs the table's final totals off. Only a finished sheet (every game entered and
    confirmed, or the totals keyed) without open disputes can be signed, and only as the phone saw it
    (``state``: the sheet's fingerprint)."""
    table = _locked_table(access)
    current = selectors.sheet_state(table)
    if state != current:
        raise results_services.ConflictError(_("The sheet changed meanwhile. Check the totals again."), current=None)
    totals_only = results.table_totals(table)
    games = list(Game.objects.filter(table=table))
    if not totals_only and not table.ended_early and len(games) < table.games_planned:
        raise ValidationError(_("Not every game is entered yet: %(entered)s of %(planned)s.")
                              % {"entered": len(games), "planned": table.games_planned}, code="sheet_incomplete")
    check_signable(table, games)
    if totals_only:
        totals = [totals_only.get(p, 0) for p in range(table.size)]
    else:
        totals = results.sheet_for_table(table).totals
    return store_signature(access=access, table=table, totals=totals, state=current)


def check_signable(table, games):
    """A sheet is signed only when every game is confirmed and no dispute is open (Cego and Ziege alike)."""
    unconfirmed = sorted(g.number for g in games if not g.confirmed)
    if unconfirmed:
        raise ValidationError(_("Games %(numbers)s are not confirmed yet.")
                              % {"numbers": ", ".join(map(str, unconfirmed))}, code="unconfirmed")
    if TableFlag.objects.filter(table=table, kind=TableFlag.Kind.DISPUTE, resolved_at__isnull=True).exists():
        raise ValidationError(_("A game of this table is disputed. The tournament direction decides first."),
                              code="disputed")


def store_signature(*, access, table, totals, state):
    """The seat's signature of ``totals`` as the phone saw the sheet (``state``), with its audit line."""
    Signature.objects.update_or_create(table=table, position=access.seat,
                                       defaults={"totals": totals, "state": state, "device": access.device})
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.SIGNATURE, obj_id=table.pk,
          action=AuditLog.Action.SIGN, user=access, new={"totals": totals})
    return totals


@transaction.atomic
def resolve_flag(*, flag, user, note=""):
    """The director has dealt with a dispute or a call."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=flag.table_id)
    permissions.require(user, permissions.ENTER, table.round.tournament)
    flag = TableFlag.objects.get(pk=flag.pk)
    if flag.resolved_at is not None:
        return flag
    note = (note or "").replace("\x00", "").strip()[:200]
    flag.resolved_at = timezone.now()
    flag.resolved_by = user if user and user.is_authenticated else None
    flag.resolution = note
    flag.save(update_fields=["resolved_at", "resolved_by", "resolution"])
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.FLAG, obj_id=flag.pk,
          action=AuditLog.Action.RESOLVE, user=user,
          old={"kind": flag.kind, "game": flag.game_number, "note": flag.note},
          new={"decision": note} if note else None, reason=note)
    return flag


@transaction.atomic
def set_clock(*, round_, minutes, user):
    """Start the round clock with ``minutes`` from now (again: restart), or stop it with 0/None."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    permissions.require(user, permissions.DIRECT, round_.tournament)
    if minutes and not 1 <= minutes <= MAX_CLOCK_MINUTES:
        raise ValidationError({"minutes": ValidationError(
            _("Enter from 1 to %(max)s minutes.") % {"max": MAX_CLOCK_MINUTES}, code="minutes_out_of_range")})
    old = {"minutes": round_.clock_minutes} if round_.clock_ends_at else None
    if minutes:
        round_.clock_minutes = minutes
        round_.clock_ends_at = timezone.now() + timezone.timedelta(minutes=minutes)
    else:
        round_.clock_minutes = round_.clock_ends_at = None
    round_.save(update_fields=["clock_minutes", "clock_ends_at"])
    audit(tournament=round_.tournament, obj_type=AuditLog.Kind.CLOCK, obj_id=round_.pk,
          action=AuditLog.Action.UPDATE if minutes else AuditLog.Action.DELETE, user=user, old=old,
          new={"round": round_.number, "minutes": minutes} if minutes else None)
    return round_


@transaction.atomic
def lock_round(*, round_, user, reason=""):
    """Lock a round. Every table that keyed at the table must be signed by every seat, with no unconfirmed game
    and no open dispute or call; otherwise the director overrides with a reason (in the log)."""
    permissions.require(user, permissions.DIRECT, round_.tournament)
    # The round, then its tables (the order set_round_status takes them): writes in flight land first, and what
    # is checked here is what gets locked.
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    list(Table.objects.select_for_update().filter(round=round_).values_list("pk", flat=True))
    problems = selectors.unsigned_tables(round_)
    reason = (reason or "").strip()
    if problems and not reason:
        raise ValidationError({"reason": ValidationError(
            _("Tables %(tables)s are not signed off by every seat, have unconfirmed games or open calls. "
              "Give a reason to lock the round anyway.") % {"tables": ", ".join(str(n) for n, _r in problems)},
            code="unsigned_tables")})
    return results_services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=user, reason=reason)

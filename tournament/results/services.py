"""Writes: keyword-only functions, each in one transaction, that validate, save and record who did it.

Views and commands call these; nothing writes results anywhere else (no logic in ``save()`` or signals).
Errors a director can act on are ``ValidationError`` with a stable ``code`` and a translated message;
``ConflictError`` reports a stale edit together with the newer version. Every write first asks
``permissions.require`` (at a table ``permissions.require_enter_at``) whether ``user`` may do it
(``PermissionDenied`` otherwise; ``user=None`` is the system); the round rules are ``results.rules``.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import ScoringError, score_game
from tournament.audit import versions
from tournament.audit.log import audit
from tournament.common.numbers import signed
from tournament.games import kind_of
from tournament.models import (
    Adjustment,
    AuditLog,
    Entry,
    Game,
    Round,
    Score,
    Table,
)
from tournament.models.locks import lock_tournament
from tournament.results.engine import (
    MAX_POINTS,
    engine_error,
    engine_game,
    game_fields,
    game_snapshot,
    ruleset_for,
)
from tournament.results.rules import check_round_writable
from tournament.results.selectors import round_progress
from tournament.staff import permissions
from tournament.standings.services import draw_missing_lots


class ConflictError(ValidationError):
    """Someone saved a newer version of this game; ``current`` holds it so the user can compare."""

    def __init__(self, message, current):
        super().__init__(message, code="stale_version")
        self.current = current


def refresh_totals(entry_ids):
    """Recompute the stored ``Entry.total`` (scores + adjustments) of these entries; call inside the write.

    A changed total can make a tie, so the entries of these tournaments that have no tie-break lot yet draw one
    here, in the same transaction (``standings.services``): the standings pages only read. Raises the data
    versions of their tournaments: bulk writes without an audit row (random games, a backup import) end with this
    call. The scores of a table whose round is not counted (``Table.not_counted``) are left out."""
    entry_ids = list(entry_ids)
    scores = dict(Score.objects.filter(entry_id__in=entry_ids, table__not_counted=False).values("entry_id")
                  .annotate(s=Sum("points")).values_list("entry_id", "s"))
    adjustments = dict(Adjustment.objects.filter(entry_id__in=entry_ids).values("entry_id")
                       .annotate(s=Sum("points")).values_list("entry_id", "s"))
    entries = list(Entry.objects.filter(pk__in=entry_ids))
    for entry in entries:
        entry.total = (scores.get(entry.pk) or 0) + (adjustments.get(entry.pk) or 0)
    Entry.objects.bulk_update(entries, ["total"])
    draw_missing_lots({entry.tournament_id for entry in entries})
    versions.tournaments_changed({entry.tournament_id for entry in entries}, results_of=entry_ids)


def _entries_by_position(table):
    return {s.position: s.entry_id for s in table.seats.all()}


@transaction.atomic
# complexity: the one write path of a game, read top to bottom
def record_game(*, table, number, data, user, expected_version=None, reason=""):  # noqa: C901
    """Create or correct game ``number`` at ``table``. Scores come from the engine, never from the caller.

    ``expected_version`` is the version the user edited (None for a new game). A repeated submit of the same
    game is stored once; an edit over a newer version raises ``ConflictError``.
    """
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    round_ = table.round
    permissions.require_enter_at(user, table)
    if not 1 <= number <= table.games_planned:
        raise ValidationError({"number": ValidationError(
            _("Game %(number)s does not exist at this table (1–%(max)s).") % {"number": number,
                                                                              "max": table.games_planned},
            code="bad_game_number")})
    if table.score_rows.filter(game__isnull=True).exists():
        raise ValidationError(_("This table was entered as totals only. Delete the totals first."),
                              code="totals_entered")
    check_round_writable(round_, reason, user)
    try:
        result = score_game(engine_game(table, number, data), get_language() or "de")
    except ScoringError as err:
        raise engine_error(err) from None
    if max(abs(points) for points in result["scores"]) > MAX_POINTS:
        raise ValidationError(_("This game would score more than %(max)s points; check the ruleset overrides.")
                              % {"max": MAX_POINTS}, code="score_out_of_range")
    fields = game_fields(table, data)
    existing = Game.objects.filter(table=table, number=number).first()
    if existing is None and table.ended_early:
        raise ValidationError(_("This table's round was ended early; no further game can be entered."),
                              code="table_ended")
    if existing is not None:
        unchanged = all(getattr(existing, k) == v for k, v in fields.items())
        if expected_version is None:
            if unchanged:
                return existing        # a double submit: stored once
            raise unversioned(existing)
        if expected_version != existing.version:
            raise ConflictError(_("Game %(number)s was changed by someone else meanwhile.") % {"number": number},
                                current=existing)
        if unchanged:
            return existing
        old = game_snapshot(existing)
        game = existing
        game.version += 1
    else:
        if expected_version is not None:
            raise ConflictError(_("Game %(number)s was deleted meanwhile.") % {"number": number}, current=None)
        old = None
        game = Game(table=table, number=number)
    for name, value in fields.items():
        setattr(game, name, value)
    game.scores = result["scores"]
    game.value = result["value"]
    game.fach = result["fach"]
    game.won = result["won"]
    game.explanation = result["explanation"]
    game.updated_by = user if user and user.is_authenticated else None
    # Who keyed this version: a seat at the table (needs a confirmation by another seat) or the office (counts
    # as confirmed). Every new version needs its own confirmation (docs/table-entry.md).
    at_table = isinstance(user, permissions.TableAccess)
    game.keyed_seat = user.seat if at_table else None
    game.keyed_device = user.device if at_table else ""
    game.confirmed_seat = game.confirmed_at = None
    game.save()
    positions = _entries_by_position(table)
    Score.objects.filter(game=game).delete()
    Score.objects.bulk_create(Score(table=table, game=game, entry_id=positions[pos], points=points)
                              for pos, points in enumerate(result["scores"]))
    refresh_totals(positions.values())
    audit(tournament=round_.tournament, table=table, obj_type=AuditLog.Kind.GAME, obj_id=game.pk,
           action=AuditLog.Action.UPDATE if old else AuditLog.Action.CREATE, user=user, old=old,
           new=game_snapshot(game), reason=reason)
    return game


def unversioned(game):
    """The refusal of an edit or a delete that names no version of a game that exists: it was not seen."""
    return ConflictError(_("Game %(number)s was entered by someone else meanwhile.") % {"number": game.number},
                         current=game)


@transaction.atomic
def delete_game(*, game, user, expected_version=None, reason="", require_version=False):
    """Delete ``game``. ``expected_version`` is the version the user saw: a newer one raises ``ConflictError``;
    with ``require_version`` (the office's sheet) a delete that names none is refused like such an edit."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=game.table_id)
    permissions.require_enter_at(user, table)
    current = Game.objects.filter(pk=game.pk).first()
    if current is None:
        return
    check_round_writable(table.round, reason, user)
    if expected_version is None and require_version:
        raise unversioned(current)
    if expected_version is not None and expected_version != current.version:
        raise ConflictError(_("Game %(number)s was changed by someone else meanwhile.") % {"number": current.number},
                            current=current)
    old = game_snapshot(current)
    current.delete()
    refresh_totals(_entries_by_position(table).values())
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.GAME, obj_id=game.pk,
           action=AuditLog.Action.DELETE, user=user, old=old, reason=reason)


@transaction.atomic
def record_totals(*, table, totals, user, reason=""):
    """Totals-only entry: the sheet's sum per seat position, checked to sum to zero under zero-sum writing."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    permissions.require_enter_at(user, table)
    check_round_writable(table.round, reason, user)
    if table.games.exists():
        raise ValidationError(_("Games are already entered at this table; totals only is not possible."),
                              code="games_entered")
    positions = _entries_by_position(table)
    if sorted(totals) != sorted(positions):
        raise ValidationError(_("Enter a total for every seat."), code="totals_incomplete")
    rs = ruleset_for(table.round.tournament)
    if rs.writing == "zero_sum" and sum(totals.values()) != 0:
        raise ValidationError(
            _("The totals sum to %(sum)s, not to zero. Check the sheet.") % {"sum": signed(sum(totals.values()))},
            code="totals_not_zero_sum")
    old_rows = {s.entry_id: s.points for s in Score.objects.filter(table=table, game__isnull=True)}
    old = {str(pos): old_rows.get(entry) for pos, entry in positions.items()} if old_rows else None
    Score.objects.filter(table=table, game__isnull=True).delete()
    Score.objects.bulk_create(Score(table=table, entry_id=positions[pos], points=points)
                              for pos, points in totals.items())
    refresh_totals(positions.values())
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.TOTALS, obj_id=table.pk,
           action=AuditLog.Action.UPDATE if old else AuditLog.Action.CREATE, user=user, old=old,
           new={str(k): v for k, v in sorted(totals.items())}, reason=reason)


@transaction.atomic
def delete_totals(*, table, user, reason=""):
    """Undo a totals-only entry (e.g. to key the sheet game by game after all); audited like a deleted game."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    permissions.require_enter_at(user, table)
    check_round_writable(table.round, reason, user)
    positions = _entries_by_position(table)
    rows = {s.entry_id: s.points for s in Score.objects.filter(table=table, game__isnull=True)}
    if not rows:
        return
    Score.objects.filter(table=table, game__isnull=True).delete()
    refresh_totals(positions.values())
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.TOTALS, obj_id=table.pk,
           action=AuditLog.Action.DELETE, user=user,
           old={str(pos): rows.get(entry) for pos, entry in sorted(positions.items())}, reason=reason)


@transaction.atomic
def set_round_status(*, round_, status, user, reason=""):
    round_ = Round.objects.select_for_update().select_related("tournament__season").get(pk=round_.pk)
    permissions.require(user, permissions.DIRECT, round_.tournament)
    if status not in Round.Status.values:
        raise ValidationError(_("Unknown status."), code="bad_status")
    if status == round_.status:
        return round_
    if round_.status == Round.Status.LOCKED and not (reason or "").strip():
        raise ValidationError({"reason": ValidationError(_("Give a reason to unlock a locked round."),
                                                         code="reason_required")})
    if status != Round.Status.OPEN:
        # A write at a table holds that table's row lock: wait for those in flight, so none lands after the lock.
        list(Table.objects.select_for_update().filter(round=round_).values_list("pk", flat=True))
        missing = [t for t in round_progress(round_) if not t["complete"]]
        tables = ", ".join(str(t["number"]) for t in missing)
        ended = round_.status == Round.Status.COMPLETE          # a Ziege round the director has ended already
        by_time = kind_of(round_.tournament).ends_by_time
        if missing and by_time and not (reason or "").strip() and not ended:
            # The evening's time ends a Ziege round: the director ends it with a reason (docs/director.md "Ziege").
            raise ValidationError(_("Tables %(tables)s have no finished series yet. Give a reason to end the round "
                                    "anyway.") % {"tables": tables}, code="round_incomplete")
        if missing and not by_time:
            raise ValidationError(
                _("Tables %(tables)s are not complete yet.") % {"tables": tables}, code="round_incomplete")
    old = round_.status
    round_.status = status
    round_.save(update_fields=["status"])
    draw_missing_lots([round_.tournament_id])        # final standings break every tie: no entry without a lot
    audit(tournament=round_.tournament, obj_type=AuditLog.Kind.ROUND, obj_id=round_.pk, action=AuditLog.Action.STATUS,
           user=user, old={"status": old}, new={"status": status}, reason=reason)
    tournament = round_.tournament
    if old == Round.Status.LOCKED and tournament.status == tournament.Status.FINISHED:
        # A finished tournament whose round is unlocked is running again: its standings are provisional until it
        # is finished anew (docs/director.md, "The end of the day").
        tournament.status = tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
        audit(tournament=tournament, obj_type=AuditLog.Kind.TOURNAMENT, obj_id=tournament.pk,
              action=AuditLog.Action.UPDATE, user=user, old={"status": tournament.Status.FINISHED},
              new={"status": tournament.Status.RUNNING}, reason=reason)
    return round_


@transaction.atomic
def add_adjustment(*, entry, points, reason, user):
    permissions.require(user, permissions.DIRECT, entry.tournament)
    lock_tournament(entry.tournament_id)
    if not points:
        raise ValidationError({"points": ValidationError(_("An adjustment of 0 changes nothing."), code="zero")})
    if abs(points) > MAX_POINTS:
        raise ValidationError({"points": ValidationError(
            _("At most %(max)s points.") % {"max": MAX_POINTS}, code="points_out_of_range")})
    if not (reason or "").strip():
        raise ValidationError({"reason": ValidationError(_("Give a reason."), code="reason_required")})
    adj = Adjustment.objects.create(entry=entry, points=points, reason=reason.strip(),
                                    created_by=user if user and user.is_authenticated else None)
    refresh_totals([entry.pk])
    audit(tournament=entry.tournament, obj_type=AuditLog.Kind.ADJUSTMENT, obj_id=adj.pk, action=AuditLog.Action.CREATE,
           user=user, new={"entry": entry.start_number, "points": points, "reason": adj.reason})
    return adj


@transaction.atomic
def delete_adjustment(*, adjustment, user, reason=""):
    permissions.require(user, permissions.DIRECT, adjustment.entry.tournament)
    lock_tournament(adjustment.entry.tournament_id)
    # Read again under the lock: a second delete of the same adjustment (a double submit, another tab) that
    # waited for the first finds it gone and writes nothing — no second audit row.
    adjustment = Adjustment.objects.select_related("entry__tournament").filter(pk=adjustment.pk).first()
    if adjustment is None:
        return
    old = {"entry": adjustment.entry.start_number, "points": adjustment.points, "reason": adjustment.reason}
    audit(tournament=adjustment.entry.tournament, obj_type=AuditLog.Kind.ADJUSTMENT, obj_id=adjustment.pk,
           action=AuditLog.Action.DELETE, user=user, old=old, reason=reason)
    entry_id = adjustment.entry_id
    adjustment.delete()
    refresh_totals([entry_id])

"""A player leaves during a round: the director ends his table's round early (docs/director.md).

Decided per case and with a reason: the games played stand (``counted``), or — as Schwarzwaldmeisterschaft rule 7
says for a sheet that can't be reconstructed — the whole round of that table is not counted: its games stay
stored and visible on the sheet, but their scores are left out of the stored totals (``refresh_totals``), the
standings and the statistics. A table ended early counts as complete for the round's progress and lock; no new
game can be keyed there. ``resume_table`` undoes it. Both are audited on the table (``AuditLog.Kind.TABLE``).
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit.log import audit
from tournament.models import AuditLog, Round, Table
from tournament.results.services import refresh_totals
from tournament.staff import permissions

REASON_MAX = Table._meta.get_field("end_reason").max_length


def _locked(table):
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)


def _reason(reason):
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": ValidationError(_("Give a reason."), code="reason_required")})
    if len(reason) > REASON_MAX:
        raise ValidationError({"reason": ValidationError(
            _("At most %(max)s characters.") % {"max": REASON_MAX}, code="reason_too_long")})
    return reason


def _state(table):
    return {"ended_early": table.ended_early, "not_counted": table.not_counted, "reason": table.end_reason}


def _check_open(table):
    if table.round.status == Round.Status.LOCKED:
        raise ValidationError(_("This round is locked. Unlock it first."), code="round_locked")


@transaction.atomic
def end_table_early(*, table, user, reason, counted):
    """End ``table``'s round early: ``counted`` True keeps the games played, False leaves the table's round out
    for every player at it. Calling it again on an ended table changes the decision or the reason."""
    table = _locked(table)
    permissions.require(user, permissions.DIRECT, table.round.tournament)
    reason = _reason(reason)
    _check_open(table)
    old = _state(table) if table.ended_early else None
    table.ended_early, table.not_counted, table.end_reason = True, not counted, reason
    if old == _state(table):
        return table
    table.save(update_fields=["ended_early", "not_counted", "end_reason"])
    refresh_totals(table.seats.values_list("entry_id", flat=True))
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.TABLE, obj_id=table.pk,
          action=AuditLog.Action.END, user=user, old=old, new=_state(table), reason=reason)
    return table


@transaction.atomic
def resume_table(*, table, user, reason):
    """Undo ``end_table_early``: the table plays on (or counts again) as if it had never been ended."""
    table = _locked(table)
    permissions.require(user, permissions.DIRECT, table.round.tournament)
    reason = _reason(reason)
    _check_open(table)
    if not table.ended_early:
        return table
    old = _state(table)
    table.ended_early, table.not_counted, table.end_reason = False, False, ""
    table.save(update_fields=["ended_early", "not_counted", "end_reason"])
    refresh_totals(table.seats.values_list("entry_id", flat=True))
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.TABLE, obj_id=table.pk,
          action=AuditLog.Action.RESUME, user=user, old=old, new=_state(table), reason=reason)
    return table

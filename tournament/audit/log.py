"""Recording a change in a tournament's audit log: the one function every write service calls."""

from tournament.audit import versions
from tournament.models import AuditLog, Seat


def audit(*, tournament, table=None, obj_type, obj_id=None, action, user, old=None, new=None, reason=""):
    """One row of the tournament's audit log; the one place every write module records who did what. Raises the
    tournament's data versions in the same transaction (``versions``): a change at a ``table`` is a result of the
    entries seated there, anything else changes the tournament's set-up."""
    AuditLog.objects.create(tournament=tournament, table=table, object_type=obj_type, object_id=obj_id,
                            action=action, user=user if user and user.is_authenticated else None,
                            old=old, new=new, reason=reason or "")
    versions.tournaments_changed(
        [tournament.pk], results_of=None if table is None else Seat.objects.filter(table=table).values("entry_id"))

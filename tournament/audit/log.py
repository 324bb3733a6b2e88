"""Recording a change in a tournament's audit log: the one function every write service calls."""

from tournament.models import AuditLog


def audit(*, tournament, table=None, obj_type, obj_id=None, action, user, old=None, new=None, reason=""):
    """One row of the tournament's audit log; the one place every write module records who did what."""
    AuditLog.objects.create(tournament=tournament, table=table, object_type=obj_type, object_id=obj_id,
                            action=action, user=user if user and user.is_authenticated else None,
                            old=old, new=new, reason=reason or "")

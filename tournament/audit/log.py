"""Recording a change in the audit log: the one function every write service calls, and the helpers that say
what changed (``jsonable``, ``assign``)."""

import datetime

from tournament.models import AuditLog


def audit(*, tournament=None, season=None, table=None, obj_type, obj_id=None, action, user, old=None, new=None,
          reason=""):
    """One row of the audit log of ``tournament`` — or of ``season`` for what belongs to no one tournament (a
    season, its categories, its organisers). ``obj_type`` is an ``AuditLog.Kind``, ``action`` an
    ``AuditLog.Action``; ``old``/``new`` hold what changed, JSON-ready (``jsonable``)."""
    if (tournament is None) == (season is None):
        raise ValueError("an audit row belongs to a tournament or to a season")
    AuditLog.objects.create(tournament=tournament, season=season, table=table,
                            object_type=AuditLog.Kind(obj_type), object_id=obj_id, action=AuditLog.Action(action),
                            user=user if user and user.is_authenticated else None,
                            old=old, new=new, reason=reason or "")


def jsonable(value):
    """A field's value as the log keeps it: JSON values as they are, dates in ISO form, anything else (a team, a
    player) by its text."""
    if value is None or isinstance(value, (bool, int, float, str, list, dict)):
        return value
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return str(value)


def assign(instance, data):
    """Set the fields in ``data`` on ``instance`` (not saved); ``(old, new)``: the changed ones, JSON-ready."""
    old, new = {}, {}
    for name, value in data.items():
        before = getattr(instance, name)
        if before != value:
            old[name], new[name] = jsonable(before), jsonable(value)
            setattr(instance, name, value)
    return old, new

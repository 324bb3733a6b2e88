"""Recording a change in the audit log: the one function every write service calls (it also raises the data
versions of the public page cache, ``versions``), and the helpers that say what changed (``jsonable``, ``assign``)."""

import datetime

from tournament.audit import versions
from tournament.models import AuditLog, Seat
from tournament.staff.permissions import TableAccess


def audit(*, tournament=None, season=None, table=None, obj_type, obj_id=None, action, user, old=None, new=None,
          reason=""):
    """One row of the audit log of ``tournament`` — or of ``season`` for what belongs to no one tournament (a
    season, its categories, its organisers). ``user`` may be a ``TableAccess`` (a table link), recorded as the row's
    ``origin``. ``obj_type`` is an ``AuditLog.Kind``, ``action`` an ``AuditLog.Action``; ``old``/``new`` hold what
    changed, JSON-ready (``jsonable``)."""
    if (tournament is None) == (season is None):
        raise ValueError("an audit row belongs to a tournament or to a season")
    origin = user.origin() if isinstance(user, TableAccess) else None     # a table link: which seat and device
    AuditLog.objects.create(tournament=tournament, season=season, table=table,
                            object_type=AuditLog.Kind(obj_type), object_id=obj_id, action=AuditLog.Action(action),
                            user=user if user and user.is_authenticated else None,
                            old=old, new=new, reason=reason or "", origin=origin)
    # The public cache's data versions, in the same transaction: a change at a ``table`` is a result of the
    # entries seated there; anything else in a tournament changes its set-up; a season-level row its season.
    if tournament is not None:
        versions.tournaments_changed(
            [tournament.pk], results_of=None if table is None else Seat.objects.filter(table=table).values("entry_id"))
    else:
        versions.season_changed(season.pk)


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

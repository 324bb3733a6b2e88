"""The round rules of entering results, in their one place: in which state of its round a table may be written.

Entering happens in an open or complete round; a correction in a locked round needs the tournament direction and
a reason. Every service that writes a game or a sheet at a table — Cego (``results.services``), Ziege
(``results.ziege``) — calls ``check_round_writable`` after ``permissions.require_enter_at`` (who may write at the
table: ``tournament.staff.permissions`` decides access, nothing here does).
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _

from tournament.models import Round
from tournament.staff import permissions


def check_round_writable(round_, reason, user):
    """Entering in an open or complete round; corrections in a locked one need a reason and a director."""
    if round_.status == Round.Status.LOCKED and not permissions.can(user, permissions.DIRECT, round_.tournament):
        raise PermissionDenied(_("This round is locked. Only the tournament direction can correct it."))
    if round_.status == Round.Status.LOCKED and not (reason or "").strip():
        raise ValidationError({"reason": ValidationError(
            _("This round is locked. Give a reason for the correction."), code="reason_required")})

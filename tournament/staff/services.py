"""Appointing and removing staff: season organisers, tournament directors, entry helpers (docs/roles.md).

Who may appoint whom: superusers appoint organisers; a season's organisers appoint directors and helpers of its
tournaments; a tournament's directors appoint its helpers. Removing needs the same right as appointing. An
appointment may create the account (username + password) on the spot — on tournament day the director sets up a
helper's login at the table. Appointments and removals go into the audit log: of the tournament for its
directors and helpers, of the season for its organisers. ``user`` is who appoints or removes.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit.log import audit
from tournament.models import AuditLog, Role
from tournament.staff import permissions


def _appointing_capability(kind, season, tournament):
    """The capability needed to appoint (or remove) a role of ``kind`` and its object."""
    if kind == Role.Kind.ORGANISER:
        return permissions.ADMINISTER, None
    if kind == Role.Kind.DIRECTOR:
        return permissions.ORGANISE, tournament.season
    return permissions.DIRECT, tournament


def may_appoint(user, kind, *, season=None, tournament=None):
    capability, obj = _appointing_capability(kind, season, tournament)
    return permissions.can(user, capability, obj)


def appointable_kinds(user, tournament):
    """The role kinds ``user`` may appoint at ``tournament`` (for the form's choices)."""
    return [kind for kind in (Role.Kind.DIRECTOR, Role.Kind.HELPER) if may_appoint(user, kind, tournament=tournament)]


def _check_scope(kind, season, tournament):
    if kind not in Role.Kind.values:
        raise ValidationError({"kind": ValidationError(_("Unknown role."), code="bad_role")})
    if (kind == Role.Kind.ORGANISER) != (season is not None) or (tournament is None) == (season is None):
        raise ValidationError(_("An organiser belongs to a season; directors and helpers to a tournament."),
                              code="bad_scope")


def _account(username, password):
    """The user called ``username``; created (active, no staff flag) with ``password`` if there is none."""
    model = get_user_model()
    username = (username or "").strip()
    if not username:
        raise ValidationError({"username": ValidationError(_("Enter a user name."), code="required")})
    user = model.objects.filter(username__iexact=username).first()
    if user is not None:
        return user
    if not password:
        raise ValidationError({"password": ValidationError(
            _("There is no account “%(name)s” yet. Give a password to create it.") % {"name": username},
            code="password_required")})
    candidate = model(username=username)
    try:
        validate_password(password, candidate)
        candidate.full_clean(exclude=["password"])
    except ValidationError as err:
        field = "password" if not hasattr(err, "error_dict") else "username"
        raise ValidationError({field: err.messages}) from None
    return model.objects.create_user(username=username, password=password)


@transaction.atomic
def appoint(*, kind, username, user, password="", season=None, tournament=None):
    """Give the account ``username`` the role ``kind`` at ``season`` or ``tournament``; create the account if
    needed. Appointing twice is harmless (returns the existing role)."""
    _check_scope(kind, season, tournament)
    if not may_appoint(user, kind, season=season, tournament=tournament):
        raise PermissionDenied(_("You are not allowed to appoint a %(role)s here.")
                               % {"role": Role.Kind(kind).label})
    account = _account(username, password)
    role, created = Role.objects.get_or_create(user=account, kind=kind, season=season, tournament=tournament,
                                               defaults={"granted_by": user if user and user.is_authenticated
                                                         else None})
    if created:
        audit(tournament=tournament, season=season, obj_type=AuditLog.Kind.ROLE, obj_id=role.pk,
              action=AuditLog.Action.CREATE, user=user, new={"role": kind, "user": account.username})
    permissions.forget_roles(account)
    return role


@transaction.atomic
def remove(*, role, user):
    role = (Role.objects.select_related("user", "tournament__season", "season").select_for_update(of=("self",))
            .filter(pk=role.pk).first())
    if role is None:
        return
    if not may_appoint(user, role.kind, season=role.season, tournament=role.tournament):
        raise PermissionDenied(_("You are not allowed to remove this role."))
    audit(tournament=role.tournament, season=role.season, obj_type=AuditLog.Kind.ROLE, obj_id=role.pk,
          action=AuditLog.Action.DELETE, user=user, old={"role": role.kind, "user": role.user.username})
    role.delete()
    permissions.forget_roles(role.user)

"""Director pages: who works on a tournament or a season (directors, entry helpers, organisers).

The rules of who may appoint whom live in ``tournament.staff.services``; these pages list the roles, offer the kinds the
user may appoint, and report refusals as messages.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.idempotency import idempotent
from tournament.models import Role, Season
from tournament.office import errors
from tournament.office.access import direct, forbidden, organise
from tournament.office.common import tournament_context, tournament_or_404
from tournament.office.forms.staff import AppointForm
from tournament.staff import services as roles


def _appoint(request, form, **scope):
    """Run the appointment of a valid form; True when it worked (errors go onto the form)."""
    data = form.cleaned_data
    try:
        role = roles.appoint(kind=data["kind"], username=data["username"], password=data["password"],
                             user=request.user, **scope)
    except (ValidationError, PermissionDenied) as err:
        errors.to_form(form, err)
        return False
    messages.success(request, _("%(user)s is now %(role)s.") % {"user": role.user.get_username(),
                                                               "role": role.get_kind_display()})
    return True


def _rows(request, queryset):
    return [{"role": role, "removable": roles.may_appoint(request.user, role.kind, season=role.season,
                                                         tournament=role.tournament)}
            for role in queryset.select_related("user", "granted_by", "tournament__season", "season")]


@direct
@idempotent
def tournament_staff(request, pk):
    tournament = tournament_or_404(pk)
    kinds = roles.appointable_kinds(request.user, tournament)
    form = AppointForm(request.POST or None, kinds=kinds)
    if request.method == "POST" and form.is_valid() and _appoint(request, form, tournament=tournament):
        return redirect("director:staff", tournament.pk)
    organisers = Role.objects.filter(kind=Role.Kind.ORGANISER, season=tournament.season).select_related("user")
    return render(request, "office/staff.html", tournament_context(
        tournament, "staff", form=form, rows=_rows(request, tournament.roles.all()), organisers=organisers),
        status=400 if form.errors else 200)


@organise
@idempotent
def season_staff(request, pk):
    season = get_object_or_404(Season, pk=pk)
    may_appoint = roles.may_appoint(request.user, Role.Kind.ORGANISER, season=season)
    form = AppointForm(request.POST or None, kinds=[Role.Kind.ORGANISER]) if may_appoint else None
    if request.method == "POST":
        if form is None:
            return forbidden(request)
        if form.is_valid() and _appoint(request, form, season=season):
            return redirect("director:season_staff", season.pk)
    tournament_roles = Role.objects.filter(tournament__season=season).order_by("tournament__date", "kind")
    return render(request, "office/season_staff.html", {
        "season": season, "form": form, "organisers": _rows(request, season.roles.all()),
        "rows": _rows(request, tournament_roles)}, status=400 if form is not None and form.errors else 200)


@login_required
@require_POST
@idempotent
def role_remove(request, role_pk):
    """Remove a role; allowed to whoever may appoint it (``roles.remove`` checks)."""
    role = get_object_or_404(Role.objects.select_related("user", "tournament", "season"), pk=role_pk)
    try:
        roles.remove(role=role, user=request.user)
    except PermissionDenied:
        return forbidden(request)
    messages.success(request, _("%(user)s is no longer %(role)s.") % {"user": role.user.get_username(),
                                                                       "role": role.get_kind_display()})
    if role.tournament_id:
        return redirect("director:staff", role.tournament_id)
    return redirect("director:season_staff", role.season_id)

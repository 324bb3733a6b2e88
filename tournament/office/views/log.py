"""Director pages: point adjustments (bonus or penalty with a reason), the tournament's audit log and the season's
(the season itself, its categories, its organisers)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.audit import words
from tournament.common import params
from tournament.idempotency import idempotent
from tournament.models import Adjustment, AuditLog, Season
from tournament.office import errors
from tournament.office.access import direct, organise
from tournament.office.common import tournament_context, tournament_or_404
from tournament.office.forms.director import AdjustmentForm, ReasonForm
from tournament.results import services

# What a tournament's log holds (seasons and categories are in their season's log).
TOURNAMENT_KINDS = [(key, label) for key, label in AuditLog.Kind.choices
                    if key not in (AuditLog.Kind.SEASON, AuditLog.Kind.CATEGORY)]


@direct
@idempotent
def adjustments(request, pk):
    tournament = tournament_or_404(pk)
    form = AdjustmentForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.add_adjustment(entry=data["entry"], points=data["points"], reason=data["reason"],
                                    user=request.user)
        except ValidationError as err:
            errors.to_form(form, err)
        else:
            messages.success(request, _("%(points)+d points for %(player)s recorded.")
                             % {"points": data["points"], "player": data["entry"].player.full_name})
            return redirect("director:adjustments", tournament.pk)
    rows = (Adjustment.objects.filter(entry__tournament=tournament)
            .select_related("entry__player", "created_by").order_by("-created_at", "-id"))
    return render(request, "office/adjustments.html",
                  tournament_context(tournament, "adjustments", form=form, rows=rows,
                                     delete_form=ReasonForm(prefix="delete")))


@direct
@require_POST
@idempotent
def adjustment_delete(request, pk, adjustment_pk):
    tournament = tournament_or_404(pk)
    adjustment = get_object_or_404(Adjustment.objects.select_related("entry__player", "entry__tournament"),
                                   pk=adjustment_pk, entry__tournament=tournament)
    form = ReasonForm(request.POST, prefix="delete")
    if not form.is_valid():
        messages.error(request, _("Give a reason for deleting the adjustment."))
        return redirect("director:adjustments", tournament.pk)
    try:
        services.delete_adjustment(adjustment=adjustment, user=request.user, reason=form.cleaned_data["reason"])
    except ValidationError as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("The adjustment of %(points)+d points for %(player)s is deleted.")
                         % {"points": adjustment.points, "player": adjustment.entry.player.full_name})
    return redirect("director:adjustments", tournament.pk)


@direct
def audit(request, pk):
    tournament = tournament_or_404(pk)
    kind = params.get(request.GET, params.SHOW)
    logs = AuditLog.objects.filter(tournament=tournament).select_related("user", "table__round")
    if kind in AuditLog.Kind.values:
        logs = logs.filter(object_type=kind)
    page = Paginator(logs.order_by("-at", "-id"), 100).get_page(params.get(request.GET, params.PAGE, None))
    return render(request, "office/audit.html", tournament_context(
        tournament, "audit", page=page, rows=words.describe_all(page), kind=kind, kinds=TOURNAMENT_KINDS))


@organise
def season_audit(request, pk):
    season = get_object_or_404(Season, pk=pk)
    logs = AuditLog.objects.filter(season=season).select_related("user").order_by("-at", "-id")
    page = Paginator(logs, 100).get_page(params.get(request.GET, params.PAGE, None))
    return render(request, "office/season_audit.html",
                  {"season": season, "page": page, "rows": words.describe_all(page)})

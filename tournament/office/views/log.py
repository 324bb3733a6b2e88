"""Director pages: point adjustments (bonus or penalty with a reason) and the tournament's audit log."""

import json

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.common import params
from tournament.models import Adjustment, AuditLog
from tournament.office.forms.director import AdjustmentForm, ReasonForm
from tournament.office.views.access import direct
from tournament.office.views.common import (
    apply_error,
    message_error,
    tournament_context,
    tournament_or_404,
)
from tournament.results import services

OBJECT_TYPES = {"game": gettext_lazy("Game"), "totals": gettext_lazy("Sheet totals"),
                "adjustment": gettext_lazy("Adjustment"), "round": gettext_lazy("Round"),
                "import": gettext_lazy("Import"), "role": gettext_lazy("Staff"),
                "entry": gettext_lazy("Registration")}


@direct
def adjustments(request, pk):
    tournament = tournament_or_404(pk)
    form = AdjustmentForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.add_adjustment(entry=data["entry"], points=data["points"], reason=data["reason"],
                                    user=request.user)
        except ValidationError as err:
            apply_error(form, err)
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
        message_error(request, err)
    else:
        messages.success(request, _("The adjustment of %(points)+d points for %(player)s is deleted.")
                         % {"points": adjustment.points, "player": adjustment.entry.player.full_name})
    return redirect("director:adjustments", tournament.pk)


def show(value):
    if value is None:
        return "–"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def changes(log):
    """(key, before, after) for what an audit entry changed; unchanged keys of an update are left out."""
    old = log.old if isinstance(log.old, dict) else ({} if log.old is None else {"": log.old})
    new = log.new if isinstance(log.new, dict) else ({} if log.new is None else {"": log.new})
    keys = list(old) + [k for k in new if k not in old]
    rows = []
    for key in keys:
        before, after = old.get(key), new.get(key)
        if (old and new and before == after) or (before is None and after is None) or (
                key == "calls" and not before and not after):
            continue
        rows.append({"key": key, "before": show(before) if key in old else "",
                     "after": show(after) if key in new else ""})
    return rows


@direct
def audit(request, pk):
    tournament = tournament_or_404(pk)
    kind = params.get(request.GET, params.SHOW)
    logs = AuditLog.objects.filter(tournament=tournament).select_related("user", "table__round")
    if kind in OBJECT_TYPES:
        logs = logs.filter(object_type=kind)
    page = Paginator(logs.order_by("-at", "-id"), 100).get_page(params.get(request.GET, params.PAGE, None))
    rows = [{"log": log, "object": OBJECT_TYPES.get(log.object_type, log.object_type), "changes": changes(log)}
            for log in page]
    return render(request, "office/audit.html",
                  tournament_context(tournament, "audit", page=page, rows=rows, kind=kind,
                                     kinds=list(OBJECT_TYPES.items())))

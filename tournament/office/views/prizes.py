"""Director pages of the prizes (docs/prizes.md): the prize plan (its rule, ties, scaling, lines, the season's
template) and the prize table, the page for the prize giving (players called in rank order in large type, their
prize handed over, "not present" or "comes later", what is left, undo of the last step). Reads from
``prizes.selectors``, writes through ``prizes.services``; directors only (amounts are theirs)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.idempotency import idempotent
from tournament.models import Entry, Prize, PrizePlan, PrizeStep
from tournament.office import errors
from tournament.office.access import direct
from tournament.office.common import tournament_context, tournament_or_404
from tournament.office.forms.prizes import PlanForm, PrizeForm
from tournament.prizes import selectors, services
from tournament.standings import selectors as standings_queries


def _budget(tournament):
    money, goods, available = selectors.budget(tournament)
    return {"money": selectors.euros(money), "goods": selectors.euros(goods),
            "available": selectors.euros(available), "over": money + goods > available}


@direct
@idempotent
def plan(request, pk):
    tournament = tournament_or_404(pk)
    current = selectors.plan_of(tournament)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    plan_form = PlanForm(request.POST if action == "plan" else None, instance=current or PrizePlan(),
                         prefix="plan")
    prize_form = PrizeForm(request.POST if action == "prize" else None, season=tournament.season, prefix="prize",
                           initial={"quantity": 1})
    if action == "plan" and plan_form.is_valid():
        if errors.submit(plan_form, services.save_plan, tournament=tournament, user=request.user,
                         accept_over=plan_form.cleaned_data["accept_over"]) is not None:
            messages.success(request, _("Prize plan saved."))
            return redirect("director:prize_plan", tournament.pk)
    elif action == "prize" and prize_form.is_valid():
        if errors.submit(prize_form, services.add_prize, tournament=tournament, user=request.user,
                         accept_over=prize_form.cleaned_data["accept_over"]) is not None:
            messages.success(request, _("Prize added."))
            return redirect("director:prize_plan", tournament.pk)
    elif action in ("template_save", "template_apply"):
        service = services.save_as_template if action == "template_save" else services.apply_template
        try:
            service(tournament=tournament, user=request.user)
        except errors.ERRORS as err:
            errors.to_messages(request, err)
        else:
            messages.success(request, _("Saved as the season's template.") if action == "template_save"
                             else _("The season's template is the tournament's plan now."))
        return redirect("director:prize_plan", tournament.pk)
    lines = selectors.lines_of(current, tournament.season)
    return render(request, "office/prize_plan.html", tournament_context(
        tournament, "standings", plan_form=plan_form, prize_form=prize_form, prizes=lines.prizes,
        budget=_budget(tournament), has_template=PrizePlan.objects.filter(season=tournament.season).exists()))


@direct
@require_POST
@idempotent
def prize_remove(request, pk, prize_pk):
    tournament = tournament_or_404(pk)
    prize = get_object_or_404(Prize.objects.select_related("plan__tournament"), pk=prize_pk,
                              plan__tournament=tournament)
    try:
        services.remove_prize(prize=prize, user=request.user)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("Prize removed."))
    return redirect("director:prize_plan", tournament.pk)


@direct
@idempotent
def giving(request, pk):
    """The prize table: the player to call now in large type, the buttons, the whole list and what is left."""
    tournament = tournament_or_404(pk)
    if request.method == "POST":
        _giving_step(request, tournament)
        return redirect("director:prize_giving", tournament.pk)
    result = standings_queries.tournament_standings(tournament)
    calls, upcoming = selectors.queue(tournament, result)
    left = selectors.goods_left(tournament)
    paid = selectors.paid_out(tournament)
    last = PrizeStep.objects.filter(tournament=tournament).select_related("entry__player").order_by("-id").first()
    return render(request, "office/prize_giving.html", tournament_context(
        tournament, "standings", calls=calls, upcoming=upcoming, provisional=result.provisional,
        table_goods=[(p, n) for p, n in left if n > 0 and p.kind == Prize.Kind.TABLE],
        left=[(p, n) for p, n in left if n > 0], last=last,
        money_left=selectors.euros(sum((c.award.money for c in calls
                                        if c.state != PrizeStep.State.HANDED), 0)),
        paid_money=selectors.euros(paid.money), paid_goods=selectors.euros(paid.goods)))


def _giving_step(request, tournament):
    action = request.POST.get("action", "")
    try:
        if action == "undo":
            words = services.undo_last(tournament=tournament, user=request.user)
            state = PrizeStep.State(words["state"]).label
            messages.success(request, _("Undone: %(player)s, %(state)s.") % {**words, "state": state})
            return
        entry = Entry.objects.select_related("player").filter(
            tournament=tournament, pk=request.POST.get("entry", "") if request.POST.get("entry", "").isdigit()
            else None).first()
        if entry is None or action not in PrizeStep.State.values:
            raise ValidationError(_("Choose a player and a step."), code="invalid")
        goods_id = request.POST.get("goods", "")
        goods = (Prize.objects.filter(plan__tournament=tournament, pk=goods_id).first()
                 if goods_id.isdigit() else None)
        step = services.record(tournament=tournament, entry=entry, state=action, user=request.user, goods=goods)
        messages.success(request, f"{entry.player.full_name}: {step.get_state_display()}")
    except errors.ERRORS as err:
        errors.to_messages(request, err)

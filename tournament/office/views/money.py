"""The cash pages (docs/money.md): a tournament's "Kasse" — who has paid (everybody with a role in the tournament),
and for its direction the amounts: the fee and its reductions, each entry's account with payment, refund and a
fee set by hand, other income and expenses, the day's totals — and the season's fund for its organisers.

An entry helper sees the list with paid or not and no amount (``money.selectors.sees_amounts``); every write is
the direction's (``@direct``), the fund the organisers' (``@organise``)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.common.euros import euros
from tournament.idempotency import idempotent
from tournament.models import CashItem, Entry, Payment, Reduction, Season
from tournament.money import selectors
from tournament.money import services as money
from tournament.office import errors
from tournament.office.access import allowed, direct, organise, tournament_pk
from tournament.office.common import tournament_context, tournament_or_404
from tournament.office.forms.money import (
    CashItemForm,
    ChargeForm,
    FeeForm,
    FundForm,
    PaymentForm,
    PayoutForm,
    ReductionForm,
    RefundForm,
)
from tournament.staff import permissions
from tournament.standings.categories import category_choices


@allowed(permissions.ENTER, tournament_pk)
def cash(request, pk):
    tournament = tournament_or_404(pk)
    amounts = selectors.sees_amounts(request.user, tournament)
    entries = Entry.objects.filter(tournament=tournament).select_related("player", "charge__reduction")
    context = tournament_context(tournament, "cash", amounts=amounts)
    if not amounts:             # a helper: paid or not, no amount
        context["rows"] = [{"entry": e} for e in entries]
        return render(request, "office/cash.html", context)
    accounts = selectors.accounts(tournament, entries)
    labels = dict(category_choices(tournament.season))
    reductions = [{"reduction": r, "category": labels.get(r.category, "")}
                  for r in Reduction.objects.filter(tournament=tournament)]
    context.update(rows=[{"entry": a.entry, "account": a} for a in accounts.values()],
                   report=selectors.day_report(tournament), reductions=reductions,
                   fee_form=FeeForm(initial={"entry_fee": tournament.entry_fee}, prefix="fee"),
                   reduction_form=ReductionForm(season=tournament.season, prefix="reduction"),
                   item_form=CashItemForm(prefix="item"))
    return render(request, "office/cash.html", context)


def _done(request, tournament, err=None, text=""):
    if err is not None:
        errors.to_messages(request, err)
    elif text:
        messages.success(request, text)
    return redirect("director:cash", tournament.pk)


def _form_errors(request, form):
    for name, errs in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        for text in errs:
            messages.error(request, f"{label}: {text}" if label else text)


@direct
@require_POST
@idempotent
def cash_fee(request, pk):
    tournament = tournament_or_404(pk)
    form = FeeForm(request.POST, prefix="fee")
    if not form.is_valid():
        _form_errors(request, form)
        return redirect("director:cash", tournament.pk)
    try:
        tournament = money.set_fee(tournament=tournament, user=request.user, fee=form.cleaned_data["entry_fee"])
    except errors.ERRORS as err:
        return _done(request, tournament, err)
    return _done(request, tournament, text=_("The entry fee is %(fee)s.") % {"fee": euros(tournament.entry_fee)})


@direct
@require_POST
@idempotent
def cash_reduction(request, pk):
    tournament = tournament_or_404(pk)
    form = ReductionForm(request.POST, season=tournament.season, prefix="reduction")
    if not form.is_valid():
        _form_errors(request, form)
        return redirect("director:cash", tournament.pk)
    data = form.cleaned_data
    try:
        reduction = money.save_reduction(tournament=tournament, user=request.user, name=data["name"],
                                         amount=data["amount"] or 0, free=data["free"], category=data["category"])
    except errors.ERRORS as err:
        return _done(request, tournament, err)
    return _done(request, tournament, text=_("Reduction “%(name)s” added.") % {"name": reduction.name})


@direct
@require_POST
@idempotent
def cash_reduction_delete(request, pk, reduction_pk):
    tournament = tournament_or_404(pk)
    reduction = get_object_or_404(Reduction, pk=reduction_pk, tournament=tournament)
    money.delete_reduction(reduction=reduction, user=request.user)
    return _done(request, tournament, text=_("Reduction “%(name)s” removed.") % {"name": reduction.name})


@direct
@require_POST
@idempotent
def cash_item(request, pk):
    tournament = tournament_or_404(pk)
    form = CashItemForm(request.POST, prefix="item")
    if not form.is_valid():
        _form_errors(request, form)
        return redirect("director:cash", tournament.pk)
    data = form.cleaned_data
    try:
        item = money.add_cash_item(tournament=tournament, user=request.user, kind=data["kind"], text=data["text"],
                                   amount=data["amount"])
    except errors.ERRORS as err:
        return _done(request, tournament, err)
    return _done(request, tournament, text=_("“%(text)s” (%(amount)s) added.")
                 % {"text": item.text, "amount": euros(item.amount)})


@direct
@require_POST
@idempotent
def cash_item_delete(request, pk, item_pk):
    tournament = tournament_or_404(pk)
    item = get_object_or_404(CashItem, pk=item_pk, tournament=tournament)
    money.remove_cash_item(item=item, user=request.user)
    return _done(request, tournament, text=_("“%(text)s” removed.") % {"text": item.text})


@direct
@idempotent
def cash_entry(request, pk, entry_pk):
    """One entry's account: its payments, and the forms to pay, refund and set what it owes."""
    tournament = tournament_or_404(pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, tournament=tournament)
    reductions = list(Reduction.objects.filter(tournament=tournament))
    action = request.POST.get("action") if request.method == "POST" else None
    acc = selectors.account(entry)
    charge_initial = {"reduction": (str(acc.reduction.pk) if acc.chosen and acc.reduction else
                                    ChargeForm.NONE if getattr(entry, "charge", None) and entry.charge.no_reduction
                                    else ChargeForm.BY_CATEGORY),
                      "override": acc.override, "reason": acc.reason}
    forms = {"pay": PaymentForm(request.POST if action == "pay" else None, prefix="pay"),
             "refund": RefundForm(request.POST if action == "refund" else None, prefix="refund"),
             "charge": ChargeForm(request.POST if action == "charge" else None, reductions=reductions,
                                  prefix="charge", initial=charge_initial)}
    if action in forms and forms[action].is_valid():
        form, data = forms[action], forms[action].cleaned_data
        try:
            if action == "pay":
                money.pay(entry=entry, user=request.user, amount=data["amount"], method=data["method"],
                          paid_on=data["paid_on"])
                text = _("Payment recorded.")
            elif action == "refund":
                money.refund(entry=entry, user=request.user, amount=data["amount"], method=data["method"],
                             reason=data["reason"])
                text = _("Refund recorded.")
            else:
                money.set_charge(entry=entry, user=request.user, **form.service_data())
                text = _("What the entry owes is saved.")
        except errors.ERRORS as err:
            errors.to_form(form, err)
        else:
            messages.success(request, text)
            return redirect("director:cash_entry", tournament.pk, entry.pk)
    payments = Payment.objects.filter(entry=entry).select_related("user").order_by("at", "id")
    return render(request, "office/cash_entry.html", tournament_context(
        tournament, "cash", entry=entry, account=acc, payments=payments, forms=forms))


@organise
@idempotent
def season_cash(request, pk):
    """The season's money: every day's figures side by side, the fund's rule, its share and the season prizes
    paid from it."""
    season = get_object_or_404(Season, pk=pk)
    fund = selectors.fund_of(season)
    action = request.POST.get("action") if request.method == "POST" else None
    fund_form = FundForm(request.POST if action == "fund" else None, prefix="fund", initial={
        "rule": fund.rule, "amount": fund.amount, "opening": fund.opening} if fund else None)
    payout_form = PayoutForm(request.POST if action == "payout" else None, prefix="payout")
    form = {"fund": fund_form, "payout": payout_form}.get(action)
    if form is not None and form.is_valid():
        data = form.cleaned_data
        try:
            if action == "fund":
                money.set_fund(season=season, user=request.user, rule=data["rule"], amount=data["amount"],
                               opening=data["opening"] or 0)
                text = _("The season fund's rule is saved.")
            else:
                money.add_fund_payout(season=season, user=request.user, text=data["text"], amount=data["amount"],
                                      paid_on=data["paid_on"])
                text = _("The season prize paid from the fund is recorded.")
        except errors.ERRORS as err:
            errors.to_form(form, err)
        else:
            messages.success(request, text)
            return redirect("director:season_cash", season.pk)
    report = selectors.season_report(season)
    return render(request, "office/season_cash.html", {"season": season, "report": report, "fund_form": fund_form,
                                                       "payout_form": payout_form})

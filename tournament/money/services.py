"""Writing the money (docs/money.md): each a keyword-only function in one transaction, allowed to the tournament
direction only (``DIRECT``; the season fund: ``ORGANISE``), audited in words (``AuditLog.Kind.MONEY``, with the
entry's start number, so the log says "Start number 12 Anna Beha: paid 8,00 € cash").

Bad input changes nothing and says why (``ValidationError`` with a code): an amount below 0 or above
``MAX_AMOUNT``, a payment of more than is open, a refund of more than was paid, an override without a reason.
``Entry.paid`` is kept in step: after a payment or refund an entry is paid when nothing is open; the list's
"paid" tick (``set_paid``) records the open amount in cash, or takes back what was paid.
"""

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.audit.log import audit
from tournament.common.euros import ZERO, cents, euros
from tournament.models import (
    AuditLog,
    CashItem,
    Entry,
    EntryCharge,
    FundPayout,
    Payment,
    Reduction,
    SeasonFund,
    Tournament,
)
from tournament.models.locks import lock_tournament
from tournament.models.money import MAX_AMOUNT
from tournament.money import selectors
from tournament.staff import permissions

MONEY, Action = AuditLog.Kind.MONEY, AuditLog.Action


def check_amount(value, *, field="amount", allow_zero=False, limit=MAX_AMOUNT):
    """``value`` as euros, or a ``ValidationError`` naming the field: not below 0, not above ``limit``."""
    try:
        value = cents(value)
    except Exception as err:
        raise ValidationError({field: ValidationError(_("Enter an amount in euros, e.g. 8 or 7,50."),
                                                      code="not_an_amount")}) from err
    if value < 0 or (value == 0 and not allow_zero):
        raise ValidationError({field: ValidationError(_("The amount must be more than 0 €."),
                                                      code="amount_not_positive")})
    if value > limit:
        raise ValidationError({field: ValidationError(
            _("%(amount)s is more than this cash box takes (at most %(limit)s).")
            % {"amount": euros(value), "limit": euros(limit)}, code="amount_too_large")})
    return value


def _audit(entry, user, action, old=None, new=None, reason=""):
    audit(tournament=entry.tournament, obj_type=MONEY, obj_id=entry.pk, action=action, user=user,
          old={"start_number": entry.start_number, **(old or {})},
          new={"start_number": entry.start_number, **(new or {})}, reason=reason)


def _locked_entry(entry, user):
    permissions.require(user, permissions.DIRECT, entry.tournament)
    lock_tournament(entry.tournament_id)
    return Entry.objects.select_related("player", "tournament__season").get(pk=entry.pk)


def _sync_paid(entry):
    """``Entry.paid`` after a payment or refund: nothing open and something paid, or nothing owed."""
    acc = selectors.account(entry)
    value = acc.open == 0 and (acc.paid > 0 or acc.due == 0)
    if entry.paid != value:
        Entry.objects.filter(pk=entry.pk).update(paid=value)
        entry.paid = value
    return acc


@transaction.atomic
def pay(*, entry, user, amount=None, method=Payment.Method.CASH, paid_on=None):
    """Record money received for ``entry``: ``amount`` (default: what is open) by ``method`` on ``paid_on``
    (default today). Refused: nothing open, more than is open, an amount out of range."""
    entry = _locked_entry(entry, user)
    acc = selectors.account(entry)
    amount = acc.open if amount is None else check_amount(amount)
    if acc.open == 0:
        raise ValidationError(_("No. %(n)s %(player)s owes nothing.") % _who(entry), code="nothing_open")
    if amount > acc.open:
        raise ValidationError({"amount": ValidationError(
            _("%(amount)s is more than the %(open)s open.") % {"amount": euros(amount), "open": euros(acc.open)},
            code="more_than_open")})
    if method not in Payment.Method.values:
        raise ValueError(method)
    paid_on = paid_on or timezone.localdate()
    payment = Payment.objects.create(entry=entry, amount=amount, method=method, paid_on=paid_on,
                                     user=user if user and user.is_authenticated else None)
    after = _sync_paid(entry)
    _audit(entry, user, Action.PAY, old={"open": str(acc.open)},
           new={"amount": str(amount), "method": method, "paid_on": paid_on.isoformat(), "open": str(after.open)})
    return payment


def pay_imported(*, entry, user, amount=None, method=None):
    """A payment the registration list says was made (``registration.importer``): the amount of its "Startgeld"
    column (a string; None: what is open), up to what is open — more is not recorded (docs/money.md, "Import");
    by transfer when the list says "überwiesen", else cash, dated today. Nothing open: nothing recorded, the
    tick set."""
    acc = selectors.account(entry)
    if acc.open == 0:
        Entry.objects.filter(pk=entry.pk).update(paid=True)
        return None
    wanted = acc.open if amount is None else min(acc.open, cents(amount))
    return pay(entry=entry, user=user, amount=wanted, method=method or Payment.Method.CASH)


@transaction.atomic
def refund(*, entry, user, amount=None, method=Payment.Method.CASH, paid_on=None, reason=""):
    """Pay back money of ``entry`` (default: all it paid), e.g. on withdrawal. Refused: nothing paid, more than
    was paid."""
    entry = _locked_entry(entry, user)
    acc = selectors.account(entry)
    amount = acc.paid if amount is None else check_amount(amount)
    if acc.paid <= 0:
        raise ValidationError(_("No. %(n)s %(player)s has paid nothing to refund.") % _who(entry),
                              code="nothing_paid")
    if amount > acc.paid:
        raise ValidationError({"amount": ValidationError(
            _("%(amount)s is more than the %(paid)s paid.") % {"amount": euros(amount), "paid": euros(acc.paid)},
            code="more_than_paid")})
    paid_on = paid_on or timezone.localdate()
    payment = Payment.objects.create(entry=entry, amount=-amount, method=method, paid_on=paid_on,
                                     user=user if user and user.is_authenticated else None)
    after = _sync_paid(entry)
    _audit(entry, user, Action.REFUND, old={"paid": str(acc.paid)},
           new={"amount": str(amount), "method": method, "paid_on": paid_on.isoformat(), "paid": str(after.paid)},
           reason=reason[:200])
    return payment


@transaction.atomic
def set_paid(*, entry, user, paid):
    """The list's "paid" tick: on records what is open in cash today (nothing when nothing is open); off takes
    back what was paid (a refund, say the log) — or only clears the tick when nothing was. Returns the new
    value."""
    entry = _locked_entry(entry, user)
    acc = selectors.account(entry)
    if paid and acc.open > 0:
        pay(entry=entry, user=user)
    elif not paid and acc.paid > 0:
        refund(entry=entry, user=user, reason=_("paid tick taken back"))
    entry.refresh_from_db(fields=["paid"])
    if entry.paid != paid:
        Entry.objects.filter(pk=entry.pk).update(paid=paid)
        audit(tournament=entry.tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=entry.pk, action=Action.UPDATE,
              user=user, old={"start_number": entry.start_number, "paid": entry.paid},
              new={"start_number": entry.start_number, "paid": paid})         # the tick alone, as before
    return paid


@transaction.atomic
def set_charge(*, entry, user, reduction=None, no_reduction=False, override=None, reason=""):
    """What ``entry`` owes: a ``reduction`` chosen by hand (None: the one its categories give; ``no_reduction``:
    the full fee), an ``override`` amount with its ``reason`` (required). Payments made stay as they are."""
    entry = _locked_entry(entry, user)
    if reduction is not None and reduction.tournament_id != entry.tournament_id:
        raise ValidationError(_("This reduction belongs to another tournament."), code="foreign_reduction")
    if override is not None:
        override = check_amount(override, field="override", allow_zero=True)
        if not reason.strip():
            raise ValidationError({"reason": ValidationError(_("Say why the amount is set by hand."),
                                                             code="override_needs_reason")})
    before = selectors.account(entry)
    charge, _created = EntryCharge.objects.get_or_create(entry=entry)
    charge.reduction, charge.no_reduction = reduction, bool(no_reduction and reduction is None)
    charge.override, charge.reason = override, reason.strip()[:200]
    charge.save()
    after = _sync_paid(entry) if before.paid > 0 or entry.tournament.entry_fee > 0 else selectors.account(entry)
    _audit(entry, user, Action.UPDATE,
           old={"reduction": before.reduction.name if before.reduction else None,
                "override": _text(before.override), "due": str(before.due)},
           new={"reduction": after.reduction.name if after.reduction else None,
                "override": _text(after.override), "due": str(after.due)}, reason=charge.reason)
    return after


@transaction.atomic
def save_reduction(*, tournament, user, name, amount=ZERO, free=False, category="", reduction=None):
    """Add a reduction to ``tournament`` (or change ``reduction``)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    name = " ".join(name.split())[:80]
    if not name:
        raise ValidationError({"name": ValidationError(_("Give the reduction a name."), code="no_name")})
    amount = ZERO if free else check_amount(amount)
    clash = Reduction.objects.filter(tournament=tournament, name__iexact=name).exclude(pk=getattr(reduction, "pk", 0))
    if clash.exists():
        raise ValidationError({"name": ValidationError(_("There is a reduction of this name already."),
                                                       code="duplicate_reduction")})
    old = _reduction_dict(reduction) if reduction else None
    reduction = reduction or Reduction(tournament=tournament)
    reduction.name, reduction.amount, reduction.free, reduction.category = name, amount, free, category
    reduction.save()
    audit(tournament=tournament, obj_type=MONEY, obj_id=reduction.pk, user=user,
          action=Action.UPDATE if old else Action.CREATE, old=old, new=_reduction_dict(reduction))
    sync_all(tournament)
    return reduction


@transaction.atomic
def delete_reduction(*, reduction, user):
    permissions.require(user, permissions.DIRECT, reduction.tournament)
    lock_tournament(reduction.tournament_id)
    audit(tournament=reduction.tournament, obj_type=MONEY, obj_id=reduction.pk, user=user, action=Action.DELETE,
          old=_reduction_dict(reduction))
    reduction.delete()
    sync_all(reduction.tournament)


@transaction.atomic
def add_cash_item(*, tournament, user, kind, text, amount):
    """Other income or an expense of the day (tombola, hall rent, goods bought)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    text = " ".join(text.split())[:120]
    if not text:
        raise ValidationError({"text": ValidationError(_("Say what the money was for."), code="no_text")})
    if kind not in CashItem.Kind.values:
        raise ValueError(kind)
    amount = check_amount(amount, limit=100 * MAX_AMOUNT)
    item = CashItem.objects.create(tournament=tournament, kind=kind, text=text, amount=amount)
    audit(tournament=tournament, obj_type=MONEY, obj_id=item.pk, user=user, action=Action.ADD,
          new={"kind": kind, "text": text, "amount": str(amount)})
    return item


@transaction.atomic
def remove_cash_item(*, item, user):
    permissions.require(user, permissions.DIRECT, item.tournament)
    lock_tournament(item.tournament_id)
    audit(tournament=item.tournament, obj_type=MONEY, obj_id=item.pk, user=user, action=Action.REMOVE,
          old={"kind": item.kind, "text": item.text, "amount": str(item.amount)})
    item.delete()


@transaction.atomic
def set_fund(*, season, user, rule, amount, opening=ZERO):
    """The season fund's rule: ``rule`` per paying entry (``amount`` euros) or percent (``amount`` %)."""
    permissions.require(user, permissions.ORGANISE, season)
    if rule not in SeasonFund.Rule.values:
        raise ValueError(rule)
    amount = check_amount(amount, allow_zero=True, limit=100 if rule == SeasonFund.Rule.PERCENT else MAX_AMOUNT)
    opening = check_amount(opening, field="opening", allow_zero=True, limit=100 * MAX_AMOUNT)
    fund = SeasonFund.objects.select_for_update().filter(season=season).first()
    old = {"rule": fund.rule, "fund": str(fund.amount), "opening": str(fund.opening)} if fund else None
    fund = fund or SeasonFund(season=season)
    fund.rule, fund.amount, fund.opening = rule, amount, opening
    fund.save()
    audit(season=season, obj_type=MONEY, obj_id=fund.pk, user=user, action=Action.UPDATE if old else Action.CREATE,
          old=old, new={"rule": rule, "fund": str(amount), "opening": str(opening)})
    return fund


@transaction.atomic
def add_fund_payout(*, season, user, text, amount, paid_on=None):
    """A season prize paid from the fund."""
    permissions.require(user, permissions.ORGANISE, season)
    text = " ".join(text.split())[:120]
    if not text:
        raise ValidationError({"text": ValidationError(_("Say what the money was for."), code="no_text")})
    amount = check_amount(amount, limit=100 * MAX_AMOUNT)
    paid_on = paid_on or datetime.date.today()
    payout = FundPayout.objects.create(season=season, text=text, amount=amount, paid_on=paid_on)
    audit(season=season, obj_type=MONEY, obj_id=payout.pk, user=user, action=Action.ADD,
          new={"text": text, "amount": str(amount), "paid_on": paid_on.isoformat()})
    return payout


@transaction.atomic
def set_fee(*, tournament, user, fee):
    """The tournament's entry fee (before reductions). Payments already made keep their amounts; the paid tick
    of every entry that paid something follows what is open now (``Entry.paid``)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    fee = check_amount(fee, field="entry_fee", allow_zero=True)
    tournament = Tournament.objects.select_related("season").get(pk=tournament.pk)
    if tournament.entry_fee == fee:
        return tournament
    old = tournament.entry_fee
    tournament.entry_fee = fee
    tournament.save(update_fields=["entry_fee"])
    audit(tournament=tournament, obj_type=AuditLog.Kind.TOURNAMENT, obj_id=tournament.pk, action=Action.UPDATE,
          user=user, old={"entry_fee": str(old)}, new={"entry_fee": str(fee)})
    sync_all(tournament)
    return tournament


def sync_all(tournament):
    """Every entry's paid tick after the fee or a reduction changed (inside the write): with a fee, paid is
    "nothing open" — a free entry is paid, a tick without the money is not; without a fee only the entries
    that paid something follow their payments (the others keep their tick)."""
    with_fee = Tournament.objects.filter(pk=tournament.pk).values_list("entry_fee", flat=True).first() or 0
    for acc in selectors.accounts(tournament).values():
        if with_fee or acc.paid > 0:
            value = acc.open == 0
            if acc.entry.paid != value:
                Entry.objects.filter(pk=acc.entry.pk).update(paid=value)


def registered(*, entry, user, paid):
    """A new entry (``registration.services.register``): with a fee, its tick follows what it owes — "paid" at
    registration records the open amount in cash, a free entry is paid; without a fee the tick is as given."""
    if entry.tournament.entry_fee <= 0:
        return
    if paid and selectors.account(entry).open > 0:
        pay(entry=entry, user=user)
    else:
        _sync_paid(entry)


def _who(entry):
    return {"n": entry.start_number, "player": entry.player.full_name}


def _text(value):
    return None if value is None else str(value)


def _reduction_dict(reduction):
    return {"name": reduction.name, "reduction": None if reduction.free else str(reduction.amount),
            "free": reduction.free, "category": reduction.category or None}

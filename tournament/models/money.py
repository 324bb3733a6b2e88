"""The money of a tournament day (docs/money.md): what an entry owes, what was paid and refunded, the other income
and expenses of the day's cash box, and the season fund the association keeps.

Vocabulary: the *fee* is the tournament's ``entry_fee``, before reductions; a *reduction* (``Reduction``) is one the
director defines for a tournament (youth, members, guests, "free"), tied to a category of the entry's player or
chosen by hand; what an entry *owes* (its *due*) is the fee less its reduction, or the director's *override*
(``EntryCharge``) with a reason. A *payment* (``Payment``) is money received (cash or transferred, with the day)
or, with a negative amount, refunded. *Open* is due less the sum of payments. Amounts are euros with two
decimals (``Decimal``), never floats.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.registration import Entry
from tournament.models.season import Season, Tournament

MAX_AMOUNT = 1000          # euros: no fee, payment, reduction or cash item is larger (a typo guard, docs/money.md)


def amount_field(verbose_name, **kwargs):
    return models.DecimalField(verbose_name, max_digits=8, decimal_places=2, **kwargs)


class Reduction(models.Model):
    """A reduction of the entry fee the director offers in one tournament. ``category`` is a category key of
    ``standings.categories`` (``youth``, ``women``, ``seniors``, ``guests``, ``c<id>``) or empty (chosen by hand
    only). ``free``: the entry pays nothing, whatever the fee; else ``amount`` is taken off the fee (never
    below 0)."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="reductions",
                                   verbose_name=_("tournament"))
    name = models.CharField(_("name"), max_length=80)
    amount = amount_field(_("reduction"), default=0, help_text=_("In euros, taken off the entry fee."))
    free = models.BooleanField(_("free of charge"), default=False)
    category = models.CharField(_("category"), max_length=20, blank=True,
                                help_text=_("Given to every entry of this category; empty: chosen by hand."))

    class Meta:
        ordering = ["name"]
        verbose_name = _("reduction")
        verbose_name_plural = _("reductions")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="reduction_unique_name"),
            models.CheckConstraint(condition=Q(amount__gte=0) & Q(amount__lte=MAX_AMOUNT),
                                   name="reduction_amount_0_1000"),
        ]

    def __str__(self):
        return self.name


class EntryCharge(models.Model):
    """What the director decided for one entry: a reduction chosen by hand (instead of the one its categories
    give) and/or an override of the amount owed, with its reason."""

    entry = models.OneToOneField(Entry, models.CASCADE, related_name="charge", verbose_name=_("entry"))
    reduction = models.ForeignKey(Reduction, models.SET_NULL, null=True, blank=True, related_name="+",
                                  verbose_name=_("reduction"))
    no_reduction = models.BooleanField(_("no reduction"), default=False,
                                       help_text=_("The full fee, even if a category would give a reduction."))
    override = amount_field(_("amount owed (set by hand)"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("fee of an entry")
        verbose_name_plural = _("fees of entries")
        constraints = [models.CheckConstraint(condition=Q(override__isnull=True) | (
            Q(override__gte=0) & Q(override__lte=MAX_AMOUNT)), name="charge_override_0_1000")]

    def __str__(self):
        return str(self.entry)


class Payment(models.Model):
    """Money received for an entry (``amount`` > 0) or paid back (< 0). Kept as recorded: a later change of the
    fee changes what is open, never a payment."""

    class Method(models.TextChoices):
        CASH = "cash", _("cash")
        TRANSFER = "transfer", _("transferred")

    entry = models.ForeignKey(Entry, models.CASCADE, related_name="payments", verbose_name=_("entry"))
    amount = amount_field(_("amount"))
    method = models.CharField(_("paid by"), max_length=10, choices=Method.choices, default=Method.CASH)
    paid_on = models.DateField(_("paid on"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+",
                             verbose_name=_("recorded by"))
    at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        ordering = ["entry", "at", "id"]
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        constraints = [models.CheckConstraint(
            condition=Q(amount__gte=-MAX_AMOUNT) & Q(amount__lte=MAX_AMOUNT) & ~Q(amount=0),
            name="payment_amount_nonzero_1000")]

    def __str__(self):
        return f"{self.entry}: {self.amount}"


class CashItem(models.Model):
    """Other money of the day the director adds to the cash report: income (tombola) or an expense (hall rent,
    goods bought for the prize table)."""

    class Kind(models.TextChoices):
        INCOME = "income", _("income")
        EXPENSE = "expense", _("expense")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="cash_items",
                                   verbose_name=_("tournament"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    text = models.CharField(_("what"), max_length=120)
    amount = amount_field(_("amount"))
    at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        ordering = ["kind", "at", "id"]
        verbose_name = _("income or expense")
        verbose_name_plural = _("other income and expenses")
        constraints = [models.CheckConstraint(condition=Q(amount__gt=0) & Q(amount__lte=100 * MAX_AMOUNT),
                                              name="cash_item_amount_positive")]

    def __str__(self):
        return self.text


class SeasonFund(models.Model):
    """The association's share of every day, kept for the season's prizes: per paying entry (``amount`` euros)
    or a percentage of the fees received (``amount`` percent); ``opening``: what the fund held before."""

    class Rule(models.TextChoices):
        PER_ENTRY = "per_entry", _("euros per paying entry")
        PERCENT = "percent", _("percent of the fees received")

    season = models.OneToOneField(Season, models.CASCADE, related_name="fund", verbose_name=_("season"))
    rule = models.CharField(_("share"), max_length=10, choices=Rule.choices, default=Rule.PER_ENTRY)
    amount = amount_field(_("euros or percent"), default=0)
    opening = amount_field(_("opening balance"), default=0)

    class Meta:
        verbose_name = _("season fund")
        verbose_name_plural = _("season funds")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0) & (Q(rule="per_entry", amount__lte=MAX_AMOUNT)
                                                                 | Q(rule="percent", amount__lte=100)),
                                   name="fund_amount_in_range"),
            models.CheckConstraint(condition=Q(opening__gte=0) & Q(opening__lte=100 * MAX_AMOUNT),
                                   name="fund_opening_in_range"),
        ]

    def __str__(self):
        return str(self.season)


class FundPayout(models.Model):
    """A season prize paid from the fund (the season's winners, the best youth of the season …)."""

    season = models.ForeignKey(Season, models.CASCADE, related_name="fund_payouts", verbose_name=_("season"))
    text = models.CharField(_("what"), max_length=120)
    amount = amount_field(_("amount"))
    paid_on = models.DateField(_("paid on"))

    class Meta:
        ordering = ["paid_on", "id"]
        verbose_name = _("season prize paid from the fund")
        verbose_name_plural = _("season prizes paid from the fund")
        constraints = [models.CheckConstraint(condition=Q(amount__gt=0) & Q(amount__lte=100 * MAX_AMOUNT),
                                              name="fund_payout_amount_positive")]

    def __str__(self):
        return self.text

"""Reading the money (no writes): each entry's account (``accounts``), a day's cash report (``day_report``) and the
season's (``season_report``). Who may see amounts is decided by ``sees_amounts`` (directors and organisers; an
entry helper sees only whether a player has paid)."""

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Sum
from django.utils.translation import gettext as _

from tournament.common.euros import ZERO, cents
from tournament.models import CashItem, Entry, FundPayout, Payment, Reduction, SeasonFund, Tournament
from tournament.money import prizes_paid, rules
from tournament.staff import permissions
from tournament.standings.categories import memberships, player_categories


def sees_amounts(user, tournament):
    """Whether ``user`` may see amounts and totals of ``tournament``: its directors, its season's organisers,
    superusers (``DIRECT``). A helper sees paid or not only."""
    return permissions.can(user, permissions.DIRECT, tournament)


@dataclass
class Account:
    entry: Entry
    reduction: Reduction | None
    due: Decimal
    paid: Decimal               # net: received less refunded
    received: Decimal
    refunded: Decimal
    override: Decimal | None = None
    reason: str = ""
    chosen: bool = False        # the reduction was chosen by hand (not from a category)
    methods: dict = field(default_factory=dict)     # method → net amount

    @property
    def open(self):
        return max(ZERO, self.due - self.paid)

    @property
    def settled(self):
        """Nothing open (a free entry, or paid in full)."""
        return self.open == 0

    @property
    def kind(self):
        """How the entry's fee is named in the report: the override, the reduction's name or the full fee."""
        if self.override is not None:
            return _("set by hand")
        return self.reduction.name if self.reduction else _("full fee")


def accounts(tournament, entries=None):
    """``{entry id: Account}`` of ``tournament``'s entries (or of ``entries``), in a few queries."""
    entries = list(entries if entries is not None else
                   Entry.objects.filter(tournament=tournament).select_related("player", "charge__reduction"))
    offers = list(Reduction.objects.filter(tournament=tournament))
    members = memberships(tournament.season)
    sums = {}
    for entry_id, method, amount in Payment.objects.filter(entry__in=[e.pk for e in entries]).values_list(
            "entry_id", "method", "amount"):
        sums.setdefault(entry_id, []).append((method, amount))
    # The fee as stored now: a caller's tournament object may predate a change of it (``services.set_fee``).
    fee = Tournament.objects.filter(pk=tournament.pk).values_list("entry_fee", flat=True).first() or ZERO
    out = {}
    for entry in entries:
        charge = getattr(entry, "charge", None)          # none: the fee by its categories
        chosen = charge is not None and charge.reduction_id is not None
        if chosen:
            reduction = charge.reduction
        elif charge is not None and charge.no_reduction:
            reduction = None
        else:
            cats = player_categories(entry.player, tournament.season, members)
            reduction = rules.best_reduction(fee, offers, cats)
        override = charge.override if charge is not None else None
        payments = sums.get(entry.pk, [])
        methods = {}
        for method, amount in payments:
            methods[method] = methods.get(method, ZERO) + amount
        received = sum((a for _m, a in payments if a > 0), ZERO)
        refunded = -sum((a for _m, a in payments if a < 0), ZERO)
        out[entry.pk] = Account(entry=entry, reduction=reduction, due=rules.due(fee, reduction, override),
                                paid=cents(received - refunded), received=cents(received),
                                refunded=cents(refunded), override=override,
                                reason=charge.reason if charge is not None else "", chosen=chosen, methods=methods)
    return out


def account(entry):
    entry = Entry.objects.select_related("player", "tournament__season", "charge__reduction").get(pk=entry.pk)
    return accounts(entry.tournament, [entry])[entry.pk]


def fund_of(season):
    return SeasonFund.objects.filter(season=season).first()


@dataclass
class DayReport:
    """The cash report of one tournament: every figure of the PDF, the "Kasse" sheet and the season's columns."""
    tournament: object
    fee: Decimal
    kinds: list                 # (name, entries, due, received net)
    by_method: dict             # method label → net amount
    received: Decimal
    refunded: Decimal
    open: Decimal
    open_entries: list          # accounts with something open
    income: list                # CashItem
    expenses: list
    prize_money: Decimal
    prize_goods: Decimal
    fund_share: Decimal
    paying: int

    @property
    def income_total(self):
        return sum((i.amount for i in self.income), ZERO)

    @property
    def expense_total(self):
        return sum((i.amount for i in self.expenses), ZERO)

    @property
    def fees_net(self):
        return self.received - self.refunded

    @property
    def balance(self):
        """What the host club keeps: fees net + other income − expenses − prize money − the fund's share."""
        return cents(self.fees_net + self.income_total - self.expense_total - self.prize_money - self.fund_share)


def day_report(tournament):
    all_accounts = accounts(tournament)
    kinds = {}
    for acc in all_accounts.values():
        if acc.entry.withdrawn and acc.paid == 0:
            continue                    # a withdrawn entry that never paid (or got it all back) is no fee
        row = kinds.setdefault(acc.kind, [0, ZERO, ZERO])
        row[0] += 1
        row[1] += acc.due
        row[2] += acc.paid
    labels = dict(Payment.Method.choices)
    by_method = {str(labels[m]): ZERO for m in Payment.Method.values}
    for acc in all_accounts.values():
        for method, amount in acc.methods.items():
            by_method[str(labels[method])] += amount
    items = list(CashItem.objects.filter(tournament=tournament))
    prizes = prizes_paid.paid_out(tournament)
    received = sum((a.received for a in all_accounts.values()), ZERO)
    refunded = sum((a.refunded for a in all_accounts.values()), ZERO)
    paying = sum(1 for a in all_accounts.values() if a.paid > 0)
    fund = fund_of(tournament.season)
    share = rules.fund_share(fund.rule, fund.amount, paying, received - refunded) if fund else ZERO
    open_accounts = [a for a in all_accounts.values() if a.open > 0 and not a.entry.withdrawn]
    return DayReport(
        tournament=tournament, fee=Tournament.objects.get(pk=tournament.pk).entry_fee,
        kinds=[(name, n, cents(d), cents(p)) for name, (n, d, p) in sorted(kinds.items())],
        by_method=by_method, received=received, refunded=refunded,
        open=sum((a.open for a in open_accounts), ZERO), open_entries=open_accounts,
        income=[i for i in items if i.kind == CashItem.Kind.INCOME],
        expenses=[i for i in items if i.kind == CashItem.Kind.EXPENSE],
        prize_money=cents(prizes.money), prize_goods=cents(prizes.goods), fund_share=share, paying=paying)


@dataclass
class SeasonReport:
    season: object
    days: list                  # DayReport, by date
    fund: SeasonFund | None
    payouts: list               # FundPayout

    @property
    def opening(self):
        return self.fund.opening if self.fund else ZERO

    @property
    def shares(self):
        return sum((d.fund_share for d in self.days), ZERO)

    @property
    def payout_total(self):
        return sum((p.amount for p in self.payouts), ZERO)

    @property
    def fund_balance(self):
        return cents(self.opening + self.shares - self.payout_total)


def season_report(season):
    days = [day_report(t) for t in season.tournaments.select_related("season").order_by("date", "pk")]
    return SeasonReport(season=season, days=days, fund=fund_of(season),
                        payouts=list(FundPayout.objects.filter(season=season)))


def fund_paid_out(season):
    return FundPayout.objects.filter(season=season).aggregate(s=Sum("amount"))["s"] or ZERO

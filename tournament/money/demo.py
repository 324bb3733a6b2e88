"""The demo's money (``manage.py demo``, issue 26 item 6): every Cego day of the demo season takes a fee, the
youth play free, a few entries are reduced or set by hand, most pay cash at the door and some transferred before,
one withdrawal is refunded, the day has a tombola and the hall's rent; the running day still has fees open; the
season keeps 1 € per paying entry in its fund and paid the season's trophies from it."""

import datetime
from decimal import Decimal

from tournament.models import Entry
from tournament.money import selectors
from tournament.money import services as money

D = Decimal


def fill_day(tournament, user, rng, *, running):
    """Fees, payments and the day's other money of one demo tournament (its entries registered unpaid)."""
    money.set_fee(tournament=tournament, user=user, fee=D("10"))
    money.save_reduction(tournament=tournament, user=user, name="Jugend", free=True, category="youth")
    member = money.save_reduction(tournament=tournament, user=user, name="Vereinsmitglied", amount=D("2"))
    money.save_reduction(tournament=tournament, user=user, name="Nachwuchstisch", free=True)
    entries = list(Entry.objects.filter(tournament=tournament).select_related("player").order_by("start_number"))
    for entry in rng.sample(entries, max(1, len(entries) // 12)):
        money.set_charge(entry=entry, user=user, reduction=member)
    helper = rng.choice(entries)
    money.set_charge(entry=helper, user=user, override=D("5"), reason="hilft an der Kasse")
    before = tournament.date - datetime.timedelta(days=rng.randint(3, 12))
    unpaid = set(e.pk for e in rng.sample(entries, 3)) if running else set()
    for entry in entries:
        if entry.pk in unpaid:
            continue
        if selectors.account(entry).open == 0:         # free: nothing to pay
            continue
        transfer = rng.random() < 0.15
        money.pay(entry=entry, user=user, method="transfer" if transfer else "cash",
                  paid_on=before if transfer else tournament.date)
    if running:                  # one pays half at the door, the rest later
        money.pay(entry=next(e for e in entries if e.pk in unpaid), user=user, amount=D("5"),
                  paid_on=tournament.date)
    money.add_cash_item(tournament=tournament, user=user, kind="income", text="Tombola",
                        amount=D(rng.randint(60, 140)))
    money.add_cash_item(tournament=tournament, user=user, kind="expense", text="Saalmiete", amount=D("120"))
    money.add_cash_item(tournament=tournament, user=user, kind="expense", text="Sachpreise eingekauft (Metzgerei)",
                        amount=D("86.40"))


def refund_one(tournament, user):
    """A player who had to leave after the first round gets half the fee back (the entry keeps its results)."""
    entry = Entry.objects.filter(tournament=tournament, paid=True).order_by("-start_number").first()
    if entry is not None:
        money.refund(entry=entry, user=user, amount=D("5"), reason="früher gegangen, halbes Startgeld zurück")


def fill_season(season, user):
    money.set_fund(season=season, user=user, rule="per_entry", amount=D("1"), opening=D("250"))
    money.add_fund_payout(season=season, user=user, text="Wanderpokale der Saison (Gravur)", amount=D("64.90"),
                          paid_on=datetime.date(2026, 2, 2))

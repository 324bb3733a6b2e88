"""A tournament day with money (docs/money.md): fee 10 €, youth 3 € off (by category), a free reduction chosen by
hand, payments in cash and by transfer, a withdrawal refunded, a fee set by hand, other income and an expense,
and the season fund at 1 € per paying entry."""

import datetime
from decimal import Decimal

import pytest

from tests import factories
from tournament.money import services as money

D = Decimal


def money_day(players=8):
    t = factories.tournament(players=players)
    director = factories.user()
    entries = {e.start_number: e for e in t.entries.select_related("player")}
    entries[1].player.birth_year = 2012                    # youth in 2026
    entries[1].player.save()
    money.set_fee(tournament=t, user=director, fee=D("10"))
    money.save_reduction(tournament=t, user=director, name="Jugend", amount=D("3"), category="youth")
    free = money.save_reduction(tournament=t, user=director, name="Nachwuchstisch", free=True)
    money.set_charge(entry=entries[2], user=director, reduction=free)
    money.set_charge(entry=entries[3], user=director, override=D("5"), reason="Helfer am Tresen")
    money.pay(entry=entries[1], user=director)                                        # 7,00 cash
    money.pay(entry=entries[3], user=director)                                        # 5,00 cash
    money.pay(entry=entries[4], user=director, method="transfer", paid_on=datetime.date(2026, 3, 1))   # 10,00
    money.pay(entry=entries[5], user=director, amount=D("4"))                         # 6,00 still open
    money.pay(entry=entries[6], user=director)                                        # 10,00, then withdrawn
    entries[6].withdrawn = True
    entries[6].save(update_fields=["withdrawn"])
    money.refund(entry=entries[6], user=director, reason="abgesagt")
    money.add_cash_item(tournament=t, user=director, kind="income", text="Tombola", amount=D("45.50"))
    money.add_cash_item(tournament=t, user=director, kind="expense", text="Hallenmiete", amount=D("80"))
    money.set_fund(season=t.season, user=director, rule="per_entry", amount=D("1"))
    money.add_fund_payout(season=t.season, user=director, text="Saisonsieger", amount=D("2.50"),
                          paid_on=datetime.date(2026, 12, 1))
    t.refresh_from_db()
    return t


@pytest.fixture
def day(db):
    return money_day()

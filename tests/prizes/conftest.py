"""A played tournament of twelve with a prize plan, for the prize tests."""

from decimal import Decimal

import pytest

from tests import factories
from tournament.prizes import services


@pytest.fixture
def director():
    return factories.user()


@pytest.fixture
def planned(director):
    """Twelve players, one round played and locked, fee 10 €; 1st 30 €, 2nd a basket, goods on the table, the
    Wurstsalat for the last place."""
    t = factories.played(players=12, rounds=1, prize_places=3, entry_fee=10, venue="Gasthaus Adler",
                         host="Cego-Freunde Hinterzarten")
    services.add_prize(tournament=t, user=director, kind="place", place=1, money=Decimal(30))
    services.add_prize(tournament=t, user=director, kind="place", place=2, goods="Präsentkorb",
                       goods_value=Decimal(20))
    services.add_prize(tournament=t, user=director, kind="table", goods="Wein", goods_value=Decimal(5), quantity=2)
    services.add_prize(tournament=t, user=director, kind="last", goods="Wurstsalat")
    return t

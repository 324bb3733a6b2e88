"""Every public-page test starts and ends with empty page caches (the stored pages, the standings variants and the
in-process page store): a page cached by one test must never answer another's request (a 500 test got the home
page another test had cached)."""

import pytest

from tests import factories
from tournament.public import cache as public_cache
from tournament.public import page_cache


def forget():
    public_cache.store().clear()
    public_cache._standings.clear()
    page_cache._pages.clear()


@pytest.fixture(autouse=True)
def empty_cache():
    forget()
    yield
    forget()


@pytest.fixture
def live():
    """A published tournament of 8 with round 1 open and three games at each of its two tables, and another
    published tournament in its season (test_live_check.py and test_whole_pages.py have their own, without the
    second tournament)."""
    t, round_ = factories.seated(players=8, published=True)
    for table in round_.tables.all():
        factories.play_table(table, games=3)
    factories.tournament(players=4, season=t.season, name="Zweites Turnier", published=True)
    return t

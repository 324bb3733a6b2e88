"""Every public-page test starts and ends with empty page caches (the stored pages, the standings variants and the
in-process page store): a page cached by one test must never answer another's request (a 500 test got the home
page another test had cached)."""

import pytest

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

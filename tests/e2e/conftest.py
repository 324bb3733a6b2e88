"""Browser tests: pytest-django's ``live_server`` driven by Playwright with the system's Chromium (the one
``browser`` of ``tests/browser.py``)."""

import pytest

from tests.e2e.phones import Phones


@pytest.fixture
def page(browser):
    """A fresh German-speaking browser tab on a laptop-sized screen."""
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def phones(browser, live_server):
    """``phones(token)``: the ``Phones`` of one table link, closed (and their JavaScript errors checked) at the end."""
    made = []

    def make(token):
        p = Phones(browser, f"{live_server.url}/t/{token}/")
        made.append(p)
        return p
    yield make
    for p in made:
        p.close()

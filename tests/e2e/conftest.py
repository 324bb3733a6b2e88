"""Browser tests: pytest-django's ``live_server`` driven by Playwright with the system's Chromium.

No browser is downloaded (never run ``playwright install``): Debian's ``/usr/bin/chromium`` runs headless.
The live server runs in a thread of the test process, so Django's async-safety check is relaxed here.
"""

import os
import shutil

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: browser test (Playwright with the system Chromium)")


@pytest.fixture(scope="session")
def browser():
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


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

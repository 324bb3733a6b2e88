"""The one browser of the test suite (a pytest plugin, loaded by ``tests/conftest.py``): Playwright driving the
system's Chromium, started once per test process and shared by ``tests/e2e`` and ``tests/security``. Two
Playwright instances in one process collide ("Sync API inside the asyncio loop"), so nothing else may start one.

No browser is downloaded (never run ``playwright install``): Debian's ``/usr/bin/chromium`` runs headless.
The live server runs in a thread of the test process, so Django's async-safety check is relaxed.
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


SCREENSHOTS = os.environ.get("CEGO_SCREENSHOTS", "") not in ("", "0")


def screenshot(page, path, **options):
    """A picture of the page at ``path`` for a human to look at (the tests assert nothing about it), written only
    when ``CEGO_SCREENSHOTS=1``: a full-page PNG costs Chromium a rasterisation and an encoding, and the suite took
    some 200 of them per run that nobody looked at. Tests that read their picture back (``test_screen_calendar_years``:
    the height of the ink) and element pictures (``locator.screenshot`` waits for the element to be visible) take
    theirs always."""
    if SCREENSHOTS:
        page.screenshot(path=str(path), **options)

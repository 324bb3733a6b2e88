"""The attack suite shares the browser of the e2e tests (the system's Chromium, driven by Playwright)."""

from tests.e2e.conftest import browser, pytest_configure  # noqa: F401  (a fixture and the ``e2e`` marker)

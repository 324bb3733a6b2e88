"""Settings for the whole test suite.

Two kinds of test need more than Python: the browser tests (they use the ``browser`` fixture of tests/browser.py,
Chromium) and the office tests (they use ``libreoffice_binary``, LibreOffice Calc). The collection hook below marks
them ``browser`` and ``office`` by the fixtures they use, so that ``make test-fast`` can leave them out
(``-m "not browser and not office"``) without a list of files.

Passwords are hashed with MD5 in tests: the production hasher (PBKDF2, deliberately slow) spent about a third of
the suite's time hashing the passwords of test accounts. Tests about hashing itself would set their own.
"""

import os
import shutil

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from tests import concurrency, ziege
from tests.staff import roles

# Property tests check results, never timings (speed lives in bench/): a machine busy with other work made a
# 0.5 ms example take 330 ms once and fail Hypothesis' default 200 ms deadline.
hypothesis_settings.register_profile("cego", deadline=None)
hypothesis_settings.load_profile("cego")

FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

pytest_plugins = ["tests.browser"]        # the one Chromium of the suite (e2e and security tests)


# The longest test files (half a minute to a minute each; CONTRIBUTING.md "Test speed") run first in the test
# processes of pytest-xdist: --dist loadfile hands out whole files in the collected order, and one of these started
# last would keep one process busy after the other has finished. In one process (no xdist) the order stays
# pytest-django's (transactional tests last).
LONG_FILES = (
    "tests/e2e/test_real_day.py",
    "tests/security/test_xss_pages.py",
    "tests/registration/test_upload_vs_phones.py",
    "tests/test_visible_pages.py",
    "tests/security/test_live_gunicorn.py",
    "tests/e2e/test_a11y_pages.py",
    "tests/config/test_hall.py",
    "tests/config/test_startup.py",
    "tests/e2e/test_a11y_phone_games.py",
    "tests/e2e/test_table_entry.py",
    "tests/e2e/test_a11y_first_screen.py",
    "tests/e2e/test_a11y_standings.py",
    "tests/e2e/test_live_updates.py",
    "tests/security/test_headers.py",
)


def pytest_collection_modifyitems(config, items):
    """Mark the tests that need Chromium (``browser``) or LibreOffice (``office``), by the fixtures they use; move
    the ``LONG_FILES`` to the front (each file's tests keep their order)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        first = {path: rank for rank, path in enumerate(LONG_FILES)}
        items.sort(key=lambda item: first.get(item.nodeid.split("::")[0], len(LONG_FILES)))
    for item in items:
        names = getattr(item, "fixturenames", ())
        if "browser" in names:
            item.add_marker(pytest.mark.browser)
        if "libreoffice_binary" in names:
            item.add_marker(pytest.mark.office)


@pytest.fixture(scope="session")
def libreoffice_binary():
    """LibreOffice's ``soffice`` (a test that asks for it is an ``office`` test); missing, the test fails: ``make test``
    installs it (``make office-tools``), ``make test-fast`` leaves these tests out."""
    binary = shutil.which("soffice") or shutil.which("libreoffice")
    if binary is None:
        pytest.fail("LibreOffice (soffice) is missing: run `make office-tools` (apt-get install libreoffice-calc)")
    return binary


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing():
    with override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        yield


@pytest.fixture(scope="session", autouse=True)
def own_rate_counters(tmp_path_factory):
    """The rate limits' counter files of this test process (``CEGO_RATE_DIR``), not the project's var/cache: two
    pytest-xdist workers, or an earlier run, would otherwise count the same loopback address together."""
    with override_settings(CEGO_RATE_DIR=tmp_path_factory.mktemp("rate")):
        yield


@pytest.fixture(autouse=True)
def default_language():
    """Every test starts in the default language (German): a test that switched to English and did not switch
    back would otherwise decide the language of whichever test its process runs next (pytest-xdist orders them
    differently from one run to the next)."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def no_whole_pages_from_another_test():
    """Whole public pages live in process memory (``tournament/public/page_cache.py``), keyed by ids and versions
    that the next test's fresh rows may carry again."""
    from tournament.public import page_cache
    page_cache._pages.clear()
    yield
    page_cache._pages.clear()


@pytest.fixture
def ziege_season():
    """Two Ziege evenings and a Cego tournament in one season (tests/ziege.py ``season_of_evenings``)."""
    return ziege.season_of_evenings()


@pytest.fixture
def roles_world():
    """Two seasons, three tournaments, one account per role (tests/staff/roles.py ``world``)."""
    return roles.world()


@pytest.fixture
def slow_engine(monkeypatch):
    """The engine call inside ``record_game`` takes ``concurrency.PAUSE`` (tests/concurrency.py)."""
    concurrency.slow_down_engine(monkeypatch)


@pytest.fixture
def fresh_rate_counters():
    """Empty rate-limit counters (the phone's per-link limits live in the cache) before and after a test."""
    cache.clear()
    yield
    cache.clear()

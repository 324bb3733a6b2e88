"""A real gunicorn (``tests/live_gunicorn.py``: production settings, the file cache, 2 processes × 4 threads, the
logger class of ``make serve``) on a port of 8400–8419:

* its access log and its error log (with Django's "Not Found: …") name no table token: ``/t/***/`` instead,
  in the request line and in the Referer (``tournament/config/gunicorn_logger.py``);
* 32 phones of one link sending at once get exactly ``CEGO_TABLE_RATE`` answers, the rest 429: the count is
  atomic across gunicorn's processes (``tournament/common/ratelimit.py``, the flock'd counter files)."""

import secrets
import threading

import pytest

from tests import live_gunicorn

LIMIT = 10
SENDERS = 32
BUILD = """
from tests import factories
from tournament.models import TableLink
_t, round_ = factories.drawn()
print(TableLink.objects.filter(table__round=round_).first().token)
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("live")
    database_url, token = live_gunicorn.migrated_database(folder, BUILD)
    with live_gunicorn.Server(folder, database_url, env={"CEGO_TABLE_RATE": str(LIMIT)}) as running:
        yield running, token


def test_access_and_error_logs_name_no_token(server):
    running, token = server
    unknown = secrets.token_urlsafe(18)
    assert running.get(f"/t/{unknown}/")[0] == 404
    assert running.get(f"/t/{unknown}/blatt/?since=3")[0] == 404
    status, _body = running.get("/t/sw.js", headers={"Referer": f"http://127.0.0.1/t/{token}/"})
    assert status == 200
    running.stop()                      # flushes both logs
    access, errors = running.access_log(), running.error_log()
    assert '"GET /t/***/ HTTP/1.1" 404' in access and '"GET /t/***/blatt/?since=3 HTTP/1.1" 404' in access
    assert '"GET /t/sw.js HTTP/1.1" 200' in access and '"http://127.0.0.1/t/***/"' in access
    assert "Not Found: /t/***/" in errors
    for secret in (unknown, token):
        assert secret not in access and secret not in errors


def test_32_phones_at_once_get_exactly_the_limit(tmp_path):
    database_url, token = live_gunicorn.migrated_database(tmp_path, BUILD)
    with live_gunicorn.Server(tmp_path, database_url, env={"CEGO_TABLE_RATE": str(LIMIT)}) as running:
        barrier, statuses, lock = threading.Barrier(SENDERS), [], threading.Lock()

        def phone():
            barrier.wait()
            status = running.get(f"/t/{token}/blatt/")[0]
            with lock:
                statuses.append(status)

        threads = [threading.Thread(target=phone) for _ in range(SENDERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after = running.get(f"/t/{token}/blatt/")[0]
    assert sorted(statuses) == [200] * LIMIT + [429] * (SENDERS - LIMIT)
    assert after == 429

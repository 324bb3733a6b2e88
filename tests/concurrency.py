"""The harness of the concurrency tests (tests/results, tests/table_entry, tests/registration, tests/exports):
calls released together in threads, each with its own database connection, and an engine slowed down inside the
table lock (the ``slow_engine`` fixture of tests/conftest.py). Why and how: tests/results/test_concurrency.py."""

import threading
import time

from django.db import connection

from tournament.results import services

PAUSE = 0.3           # seconds the engine call takes inside the locked transaction


def together(*calls, timeout=60):
    """Run each call in its own thread, all released at once; ``[("ok", value) | ("error", exception)]``."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def worker(index, call):
        try:
            connection.ensure_connection()          # connect first, so the barrier releases ready writers
            barrier.wait(timeout)
            outcomes[index] = ("ok", call())
        except BaseException as exc:  # the test inspects every outcome
            outcomes[index] = ("error", exc)
        finally:
            connection.close()                      # every thread's own connection, or the test DB stays busy

    threads = [threading.Thread(target=worker, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(thread.is_alive() for thread in threads), "a writer hangs (deadlock?)"
    return outcomes


def slow_down_engine(monkeypatch):
    """The engine call inside ``record_game`` takes ``PAUSE``: the first writer holds the table lock that long."""
    real = services.score_game

    def slow(*args, **kwargs):
        time.sleep(PAUSE)
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "score_game", slow)


def split(outcomes):
    """``(values of the calls that returned, exceptions of those that raised)``."""
    return [v for kind, v in outcomes if kind == "ok"], [v for kind, v in outcomes if kind == "error"]

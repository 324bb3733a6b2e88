"""The per-link rate limit holds under 32 concurrent senders (``tournament/common/ratelimit.py``).

32 senders count at the same moment (a barrier), again and again with fresh keys; exactly ``LIMIT`` of them may
pass each time. Run as it is, the configured cache is process memory; under ``.ci/with-redis`` (``.ci/run``) it
is Redis, counted with ``INCR``. The file counter (production without Redis) is checked with threads and with
separate processes, as gunicorn's workers are. Before the atomic counter, the file cache let 2.35× (issue 23) to 3.2×
(bench/ratelimit.py) through."""

import multiprocessing
import os
import threading
import time

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings

from tournament.common import ratelimit
from tournament.common.ratelimit import FileCounter

SENDERS = 32
LIMIT = 10
ROUNDS = 5


def passed_at_once(count_one, rounds=ROUNDS):
    """For each round, how many of ``SENDERS`` threads were let through when they counted at the same moment."""
    results = []
    for round_number in range(rounds):
        barrier, passed, lock = threading.Barrier(SENDERS), [], threading.Lock()
        key = f"table:concurrent-{round_number}-{time.time_ns()}"

        def send(key=key, barrier=barrier, passed=passed, lock=lock):
            barrier.wait()
            if not count_one(key):
                with lock:
                    passed.append(1)

        threads = [threading.Thread(target=send) for _ in range(SENDERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        results.append(len(passed))
    return results


def test_the_configured_cache_lets_exactly_the_limit_through():
    backend = settings.CACHES["default"]["BACKEND"]
    if os.environ.get("DJANGO_CACHE_URL"):
        assert backend == "django_redis.cache.RedisCache"      # .ci/with-redis: this run counts in Redis
    assert backend in ratelimit.ATOMIC_CACHES
    assert passed_at_once(lambda key: ratelimit.over_limit(key, limit=LIMIT, window=60)) == [LIMIT] * ROUNDS


def test_the_file_counter_lets_exactly_the_limit_through(tmp_path):
    file_cache = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                              "LOCATION": str(tmp_path / "cache")}}
    with override_settings(CACHES=file_cache, CEGO_RATE_DIR=tmp_path / "rate"):
        results = passed_at_once(lambda key: ratelimit.over_limit(key, limit=LIMIT, window=60))
        assert ratelimit.count("table:after", window=60) == 1
    assert results == [LIMIT] * ROUNDS
    assert sorted(os.listdir(tmp_path / "rate"))[0].startswith("rate-")


def count_in_process(folder, key, barrier, slot, expires, out):
    barrier.wait()
    out.put(FileCounter(folder).count(key, slot=slot, expires=expires))


def test_the_file_counter_counts_each_of_32_processes_once(tmp_path):
    """Separate processes, as gunicorn's workers: the counts are 1 … 32, each once."""
    context = multiprocessing.get_context("fork")
    barrier, out = context.Barrier(SENDERS), context.Queue()
    expires = time.time() + 60
    processes = [context.Process(target=count_in_process, args=(tmp_path, "table:processes", barrier, 7, expires, out))
                 for _ in range(SENDERS)]
    for process in processes:
        process.start()
    counts = sorted(out.get(timeout=60) for _ in processes)
    for process in processes:
        process.join(timeout=30)
    assert counts == list(range(1, SENDERS + 1))


def test_a_new_window_counts_from_one_and_old_entries_go(tmp_path):
    counter = FileCounter(tmp_path)
    now = time.time()
    assert [counter.count("a", slot=1, expires=now + 60) for _ in range(3)] == [1, 2, 3]
    assert counter.count("a", slot=2, expires=now + 120) == 1
    assert counter.count("gone", slot=1, expires=now - 1) == 1      # already past its expiry when written
    assert counter.count("gone", slot=1, expires=now + 60) == 1      # so it was dropped, not counted on


def test_no_token_on_disk_and_a_broken_file_starts_again(tmp_path):
    counter = FileCounter(tmp_path)
    token = "Secr3tT0kenOfTable-7abcd"
    assert counter.count(f"table:{token}", slot=1, expires=time.time() + 60) == 1
    (path,) = tmp_path.iterdir()
    assert token not in path.read_text()
    path.write_text('{"cut sho')
    assert counter.count(f"table:{token}", slot=1, expires=time.time() + 60) == 1


def test_redis_and_memory_count_with_incr_and_add():
    key = f"cego:rate:test:{time.time_ns()}"
    assert [ratelimit.cache_count(key, timeout=30) for _ in range(3)] == [1, 2, 3]
    assert cache.get(key) == 3


@pytest.mark.django_db
def test_a_table_link_gets_429_past_its_limit(client, settings):
    from tests import factories
    from tournament.models import TableLink

    settings.CEGO_TABLE_RATE = 3
    _t, round_ = factories.drawn()
    link = TableLink.objects.filter(table__round=round_).first()
    statuses = [client.get(f"/t/{link.token}/blatt/").status_code for _ in range(5)]
    assert statuses[:3] == [200] * 3 and statuses[3:] == [429, 429]

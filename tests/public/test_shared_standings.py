"""The ranked standings are computed by one process of all servers per data version (``public.cache.
shared_standings``): the others read them from the shared cache, wait for a process that is computing them, and
compute them themselves when it died or the cache answers nothing."""

import threading
import time
from types import SimpleNamespace

import pytest

from tests import factories
from tournament.public import cache as public_cache

@pytest.fixture(autouse=True)
def empty_caches():
    shared = public_cache.store()
    public_cache._standings.clear()
    shared.clear()
    yield
    public_cache._standings.clear()
    shared.clear()


@pytest.fixture
def tournament(db):
    t = factories.played(players=8, rounds=1, lock=False)
    t.refresh_from_db()
    return t


@pytest.fixture
def computed(monkeypatch):
    """Counts the rankings this "process" computes itself."""
    calls = []
    original = public_cache.compute_standings

    def counting(tournament, category):
        calls.append(category)
        return original(tournament, category)
    monkeypatch.setattr(public_cache, "compute_standings", counting)
    return calls


def request_at(tournament):
    return SimpleNamespace(public_data_version=tournament.data_version)


def name_of(tournament, category=None):
    return "standings:%s:%s:%s:%s" % (public_cache.FORMAT, tournament.pk, category, tournament.data_version)


def test_a_second_process_reads_what_the_first_ranked(tournament, computed):
    first = public_cache.standings(request_at(tournament), tournament)
    public_cache._standings.clear()                       # another process: nothing in its memory
    second = public_cache.standings(request_at(tournament), tournament)
    assert computed == [None]
    assert [r.key for r in second.rows] == [r.key for r in first.rows] and len(first.rows) == 8
    assert [r.total for r in second.rows] == [r.total for r in first.rows]


def test_a_new_version_is_ranked_again(tournament, computed):
    public_cache.standings(request_at(tournament), tournament)
    public_cache._standings.clear()
    public_cache.standings(SimpleNamespace(public_data_version=tournament.data_version + 1), tournament)
    assert computed == [None, None]


def test_a_process_waits_for_the_one_that_is_ranking(tournament, computed):
    shared = public_cache.store()
    ranked = public_cache.compute_standings(tournament, None)
    computed.clear()
    shared.add(name_of(tournament) + ":claim", 1, 30)       # another process is at it

    def finish():
        time.sleep(0.3)
        shared.set(name_of(tournament), ranked, 60)
    other = threading.Thread(target=finish)
    other.start()
    started = time.monotonic()
    result = public_cache.standings(request_at(tournament), tournament)
    other.join()
    assert computed == [] and 0.25 < time.monotonic() - started < 3
    assert [r.key for r in result.rows] == [r.key for r in ranked.rows]


def test_a_claim_whose_process_died_is_waited_for_only_so_long(tournament, computed, monkeypatch):
    monkeypatch.setattr(public_cache, "SHARED_WAIT", 0.4)
    public_cache.store().add(name_of(tournament) + ":claim", 1, 30)
    started = time.monotonic()
    result = public_cache.standings(request_at(tournament), tournament)
    assert computed == [None] and 0.35 < time.monotonic() - started < 3 and len(result.rows) == 8
    assert public_cache.store().get(name_of(tournament)) is not None     # and stored for the others


class Unreachable:
    """A cache that answers nothing, as django-redis with IGNORE_EXCEPTIONS does while Redis is down: ``add``
    claims nothing, ``get`` finds nothing."""

    def add(self, *args, **kwargs):
        return False

    def get(self, *args, **kwargs):
        return None

    def set(self, *args, **kwargs):
        pass

    def delete(self, *args, **kwargs):
        pass


def test_a_cache_that_answers_nothing_costs_no_wait(tournament, computed, monkeypatch):
    monkeypatch.setattr(public_cache, "store", Unreachable)
    started = time.monotonic()
    result = public_cache.standings(request_at(tournament), tournament)
    assert computed == [None] and time.monotonic() - started < 1 and len(result.rows) == 8


def test_categories_are_ranked_and_shared_apart(tournament, computed):
    public_cache.standings(request_at(tournament), tournament)
    public_cache.standings(request_at(tournament), tournament, category="women")
    public_cache._standings.clear()
    public_cache.standings(request_at(tournament), tournament, category="women")
    assert computed == [None, "women"]

"""``tournament.config.file_cache.FileCache``: Django's file cache, culled at most every few seconds."""

import os

import pytest

from tournament.config import file_cache


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(file_cache, "_culled_at", {})
    return file_cache.FileCache(str(tmp_path / "cache"), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})


def files(store):
    return len(os.listdir(store._dir))


def test_it_stores_and_reads_like_djangos(store):
    store.set("page", {"fragments": "<p>a</p>"}, 60)
    assert store.get("page") == {"fragments": "<p>a</p>"} and store.get("other") is None
    store.delete("page")
    assert store.get("page") is None


def test_a_write_does_not_list_the_folder_until_the_interval_is_over(store, monkeypatch):
    listed = []
    real = file_cache.FileBasedCache._list_cache_files
    monkeypatch.setattr(file_cache.FileBasedCache, "_list_cache_files",
                        lambda self: listed.append(1) or real(self))
    for n in range(25):
        store.set(f"page-{n}", n, 60)
    assert len(listed) == 1 and files(store) == 25       # culled once, before the first write: over the limit now
    monkeypatch.setattr(file_cache, "CULL_EVERY", 0)
    store.set("page-25", 25, 60)
    assert len(listed) == 2 and files(store) == 26 - 25 // 2    # the next cull deletes half, as Django's does


def test_each_folder_has_its_own_interval(store, tmp_path):
    other = file_cache.FileCache(str(tmp_path / "other"), {"OPTIONS": {"MAX_ENTRIES": 2, "CULL_FREQUENCY": 2}})
    store.set("a", 1, 60)
    for n in range(4):
        other.set(f"b{n}", n, 60)
    assert file_cache._culled_at.keys() == {store._dir, other._dir}

"""Counting requests against a limit per fixed time window: the one counter behind the table links' limit
(``phone.ratelimit``), the public pre-registration form's (``public.ratelimit``) and the password reset's; each
says what it counts and how many.

The count is atomic, so a limit holds however many requests arrive at once (32 phones of one link sent together
let exactly the limit through; the file cache's get-and-set let 2.35× through in issue 23's measurement, and
32 of 32 in ``bench/ratelimit.py``):

* a cache whose ``add`` and ``incr`` are atomic — Redis (``DJANGO_CACHE_URL``, shared by several app servers:
  ``INCR`` in Redis), or process memory (development and the tests, one process) — counts in the cache;
* any other cache (the file cache of a production server without Redis, shared by its gunicorn processes) counts
  in small files under ``CEGO_RATE_DIR``, each changed under an exclusive ``flock`` (``FileCounter``).

docs/table-entry.md, "Rate limit", has the measurements (``bench/ratelimit.py``)."""

import fcntl
import hashlib
import json
import os
import time
from pathlib import Path

from django.conf import settings
from django.core.cache import cache

ATOMIC_CACHES = {"django_redis.cache.RedisCache", "django.core.cache.backends.redis.RedisCache",
                 "django.core.cache.backends.locmem.LocMemCache"}
FILES = 64                  # counter files: keys spread over them by hash, so unrelated keys rarely wait


def over_limit(key, *, limit, window):
    """Count one request under ``key`` in the current ``window`` (seconds); True when it is past ``limit``."""
    return count(key, window=window) > limit


def count(key, *, window):
    """Count one request under ``key``; the number of requests in the current window, this one included."""
    slot = int(time.time() // window)
    if settings.CACHES["default"]["BACKEND"] in ATOMIC_CACHES:
        return cache_count(f"cego:rate:{key}:{slot}", timeout=window + 10)
    return FileCounter(Path(settings.CEGO_RATE_DIR)).count(key, slot=slot, expires=(slot + 1) * window + 10)


def cache_count(slot_key, *, timeout):
    """``incr`` first (one round trip to Redis once the window's key exists), ``add`` when it does not yet; a
    request that loses the race to ``add`` counts with ``incr`` after all."""
    for _attempt in range(3):
        try:
            return cache.incr(slot_key)
        except ValueError:          # no count yet in this window (or it just expired)
            if cache.add(slot_key, 1, timeout=timeout):
                return 1
    return cache.incr(slot_key)


class FileCounter:
    """Counters in ``FILES`` small JSON files in ``folder``, each read, changed and written under an exclusive
    ``flock`` (processes and threads of one machine wait for each other there). A file holds
    ``{hash of key: [slot, count, expires]}``: the keys (a table's token) are hashed, so no secret lies on disk,
    and entries past their expiry are dropped whenever their file is written. The files are never deleted, so no
    process can hold the lock of a file another has replaced."""

    def __init__(self, folder):
        self.folder = folder

    def count(self, key, *, slot, expires):
        digest = hashlib.blake2b(key.encode(), digest_size=12).hexdigest()
        path = self.folder / f"rate-{int(digest[:8], 16) % FILES:02d}.json"
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except FileNotFoundError:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            entries = self.read(fd)
            now = time.time()
            entries = {k: v for k, v in entries.items() if v[2] > now}
            old_slot, number, _expires = entries.get(digest, (slot, 0, expires))
            number = (number if old_slot == slot else 0) + 1
            entries[digest] = [slot, number, expires]
            data = json.dumps(entries, separators=(",", ":")).encode()
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, data)
            os.ftruncate(fd, len(data))
            return number
        finally:
            os.close(fd)        # releases the lock

    @staticmethod
    def read(fd):
        chunks = []
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
        try:
            entries = json.loads(b"".join(chunks) or b"{}")
        except ValueError:      # a file cut short by a crash: its counts start again
            return {}
        return entries if isinstance(entries, dict) else {}

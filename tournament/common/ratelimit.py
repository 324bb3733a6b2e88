"""Counting requests against a limit per fixed time window, in the default cache (shared by the gunicorn workers:
the file cache or Redis). The one counter behind the table links' limit (``phone.ratelimit``) and the public
pre-registration form's (``public.ratelimit``); each says what it counts and how many."""

import time

from django.core.cache import cache


def over_limit(key, *, limit, window):
    """Count one request under ``key`` in the current ``window`` (seconds); True when it is past ``limit``. With the
    file cache the count is approximate (get and set), which is enough for a limit."""
    slot = f"cego:rate:{key}:{int(time.time() // window)}"
    if cache.add(slot, 1, timeout=window + 10):
        return limit < 1
    try:
        count = cache.incr(slot)
    except ValueError:      # expired between add and incr
        cache.add(slot, 1, timeout=window + 10)
        count = 1
    return count > limit

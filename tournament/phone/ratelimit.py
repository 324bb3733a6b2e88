"""Requests per table link and minute, counted in the default cache (shared by the gunicorn workers: the file
cache or Redis). Over the limit a link gets 429 with ``Retry-After``; phones poll every 10 s, so the default
(``CEGO_TABLE_RATE``, 240 a minute) leaves room for four phones, their writes and retries."""

import time

from django.conf import settings
from django.core.cache import cache


def over_limit(token):
    """Count one request of ``token``; True when this minute's count is past the limit."""
    limit = getattr(settings, "CEGO_TABLE_RATE", 240)
    key = f"cego:table-rate:{token}:{int(time.time() // 60)}"
    if cache.add(key, 1, timeout=70):
        return limit < 1
    try:
        count = cache.incr(key)
    except ValueError:      # expired between add and incr
        cache.add(key, 1, timeout=70)
        count = 1
    return count > limit

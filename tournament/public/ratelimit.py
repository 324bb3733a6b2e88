"""Requests per client address and window for the public pre-registration form, counted in the default cache
(shared by the gunicorn workers), in the style of ``tournament.phone.ratelimit``: ``CEGO_PREREG_RATE`` sendings
(default 5) per ``CEGO_PREREG_WINDOW`` seconds (default 600); over it the form answers 429."""

import time

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.core.cache import cache


def over_limit(request, scope="prereg"):
    """Count one sending of the client of ``request``; True when this window's count is past the limit."""
    limit = getattr(settings, "CEGO_PREREG_RATE", 5)
    window = getattr(settings, "CEGO_PREREG_WINDOW", 600)
    address = get_client_ip_address(request) or "unknown"
    key = f"cego:{scope}-rate:{address}:{int(time.time() // window)}"
    if cache.add(key, 1, timeout=window + 10):
        return limit < 1
    try:
        count = cache.incr(key)
    except ValueError:      # expired between add and incr
        cache.add(key, 1, timeout=window + 10)
        count = 1
    return count > limit

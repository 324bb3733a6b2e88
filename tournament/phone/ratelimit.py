"""Requests per table link and minute (``common.ratelimit``). Over the limit a link gets 429 with ``Retry-After``;
phones poll every 10 s, so the default (``CEGO_TABLE_RATE``, 240 a minute) leaves room for four phones, their
writes and retries."""

from django.conf import settings

from tournament.common import ratelimit


def over_limit(token):
    """Count one request of ``token``; True when this minute's count is past the limit."""
    return ratelimit.over_limit(f"table:{token}", limit=getattr(settings, "CEGO_TABLE_RATE", 240), window=60)

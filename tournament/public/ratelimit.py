"""Sendings per client address and window for the public pre-registration form (``common.ratelimit``):
``CEGO_PREREG_RATE`` sendings (default 5) per ``CEGO_PREREG_WINDOW`` seconds (default 600); over it the form
answers 429."""

from axes.helpers import get_client_ip_address
from django.conf import settings

from tournament.common import ratelimit


def over_limit(request, scope="prereg"):
    """Count one sending of the client of ``request``; True when this window's count is past the limit."""
    address = get_client_ip_address(request) or "unknown"
    return ratelimit.over_limit(f"{scope}:{address}", limit=getattr(settings, "CEGO_PREREG_RATE", 5),
                                window=getattr(settings, "CEGO_PREREG_WINDOW", 600))


API_WINDOW = 60


def api_over_limit(request):
    """Count one API request of the client of ``request``; True past ``CEGO_API_RATE`` (default 300) a minute."""
    address = get_client_ip_address(request) or "unknown"
    return ratelimit.over_limit(f"api:{address}", limit=getattr(settings, "CEGO_API_RATE", 300), window=API_WINDOW)

"""Web origins a season's widgets may be framed by (``Season.embed_origins``; pure: standard library only).

An origin is what a browser compares for framing: ``scheme://host[:port]``, scheme ``https`` or ``http``, no
path, no query, no wildcard. The organiser types one per line (or separated by spaces or commas); ``parse``
returns them in one spelling (lower case, no trailing slash, no default port) or raises ``ValueError`` naming the
first one that is not an origin. ``frame-ancestors`` of the widget pages lists exactly these (docs/api.md).
"""

import re
from urllib.parse import urlsplit

MAX_ORIGINS = 20
_SEPARATORS = re.compile(r"[\s,;]+")
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOST = re.compile(rf"^(?:{_LABEL}\.)*{_LABEL}$|^\[[0-9a-f:.]+\]$")
DEFAULT_PORTS = {"https": 443, "http": 80}


def parse(text):
    """The origins in ``text``, each once, in the order typed; ``ValueError(origin)`` for one that is not."""
    found = []
    for word in _SEPARATORS.split(text or ""):
        if not word:
            continue
        origin = normal(word)
        if origin is None:
            raise ValueError(word)
        if origin not in found:
            found.append(origin)
    if len(found) > MAX_ORIGINS:
        raise ValueError(found[MAX_ORIGINS])
    return found


def normal(word):
    """``word`` as an origin in one spelling, or None."""
    try:
        parts = urlsplit(word.strip().rstrip("/"))
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").lower()
    if parts.scheme.lower() not in DEFAULT_PORTS or not host or parts.path or parts.query or parts.fragment:
        return None
    if parts.username or parts.password or not _HOST.match(host if ":" not in host else f"[{host}]"):
        return None
    scheme = parts.scheme.lower()
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}" + (f":{port}" if port and port != DEFAULT_PORTS[scheme] else "")

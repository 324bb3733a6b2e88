"""The client's address of a request, for the login lockout (``AXES_CLIENT_IP_CALLABLE``).

A request that does not come from a trusted proxy (``CEGO_TRUSTED_PROXIES``, empty unless
``DJANGO_BEHIND_PROXY``) is the client, whatever ``X-Forwarded-For`` it sends. A request from a trusted proxy is
followed back through ``X-Forwarded-For`` from the right, skipping the trusted hops; the first address that is
not one is the client. Everything left of it was written by the client itself and is never believed. A request
on a unix socket (empty ``REMOTE_ADDR``) counts as from a trusted proxy when there are any. Standard
library only but for ``client_ip``, which reads the setting; settings.py uses ``parse_networks``.
"""

import ipaddress


def parse_networks(text):
    """``"127.0.0.1/8, ::1"`` → a tuple of networks; raises ValueError on anything that is not an address."""
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in text.split(",") if item.strip())


def _address(text):
    """An address as the header or the server wrote it, or None; ``[::1]:443`` and ``1.2.3.4:80`` lose the port."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.split(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    return getattr(address, "ipv4_mapped", None) or address      # ::ffff:192.0.2.1 is 192.0.2.1


def _trusted(address, networks):
    return any(address.version == network.version and address in network for network in networks)


def client_address(meta, networks):
    """The client's address from a request's META and the trusted proxies' networks (see the module docstring)."""
    remote = meta.get("REMOTE_ADDR", "")
    address = _address(remote)
    if not remote and networks:         # gunicorn on a unix socket: only the proxy on this machine can connect
        address = None
    elif address is None or not _trusted(address, networks):
        return remote
    hops = [hop for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        hop_address = _address(hop)
        if hop_address is None:         # garbage in the chain: stop believing it, the last good hop answers
            break
        address = hop_address
        if not _trusted(address, networks):
            break
    return str(address) if address is not None else remote


def client_ip(request):
    """``AXES_CLIENT_IP_CALLABLE``: the client's address of a request under the configured proxies."""
    from django.conf import settings  # settings.py imports this module: standard library at the top (no cycle)

    return client_address(request.META, getattr(settings, "CEGO_TRUSTED_PROXIES", ()))

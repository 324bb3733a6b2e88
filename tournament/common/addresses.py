"""This computer's addresses on the hall's network, and whether a table link's address can be reached from a phone.

Pure standard library (no Django): ``make hall`` (``tournament/config/hall.py``) calls it before Django starts, the
office (``draws.links.link_warning``) to warn before table cards are printed with a dead address.

* ``lan_address()`` — the IPv4 address of the interface with the default route (a UDP socket is "connected" to a
  documentation address: the kernel picks the route and the source address, nothing is sent), else the first
  private address of this machine; None when it has only loopback addresses.
* ``local_addresses()`` — every address this machine answers on (cached for a minute).
* ``link_problem(base, local)`` — ``"loopback"`` when the base of the table links names this machine's loopback
  (``127.0.0.0/8``, ``::1``, ``localhost``, ``0.0.0.0``: no phone reaches it), ``"elsewhere"`` when it names a private
  (or link-local) IP address that is not one of this machine's (the laptop moved to another network, or the
  address was typed wrong), else None. A host name is taken as given: only DNS knows where it points.
"""

import ipaddress
import socket
import time
from urllib.parse import urlsplit

PROBE = ("192.0.2.1", 9)            # TEST-NET-1 (RFC 5737): never routed anywhere, only asked for a route
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
_cache = {"at": 0.0, "addresses": frozenset()}


def route_address():
    """The source address the kernel would use towards the outside, or None (no route, no network)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0" else address


def interface_addresses():
    """IPv4 addresses of this machine's interfaces (Linux: ``SIOCGIFADDR`` per interface), else those its host
    name resolves to."""
    found = set()
    try:
        import fcntl  # Linux only (the ioctl below); elsewhere the host name's addresses (not for a cycle)
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _index, name in socket.if_nameindex():
                try:
                    answer = fcntl.ioctl(sock.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))  # SIOCGIFADDR
                except OSError:
                    continue
                found.add(socket.inet_ntoa(answer[20:24]))
    except (ImportError, OSError, AttributeError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            found.add(info[4][0].split("%")[0])
    except OSError:
        pass
    return found


def local_addresses(*, max_age=60.0):
    """Every address of this machine, loopback included (refreshed after ``max_age`` seconds)."""
    now = time.monotonic()
    if now - _cache["at"] > max_age or not _cache["addresses"]:
        addresses = interface_addresses() | {"127.0.0.1", "::1"}
        route = route_address()
        if route:
            addresses.add(route)
        _cache.update(at=now, addresses=frozenset(addresses))
    return _cache["addresses"]


def lan_address():
    """The address phones in the hall reach this machine at, or None when it has no network but loopback."""
    route = route_address()
    if route:
        return route
    candidates = sorted(a for a in interface_addresses() if _reachable_ip(a))
    private = [a for a in candidates if ipaddress.ip_address(a).is_private]
    return (private or candidates or [None])[0]


def _reachable_ip(text):
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    return address.version == 4 and not (address.is_loopback or address.is_unspecified or address.is_link_local)


def host_of(base):
    """The host of a link base such as ``http://192.168.1.20:8000`` (lower case, IPv6 without brackets), or ""."""
    try:
        return (urlsplit(base).hostname or "").lower()
    except ValueError:
        return ""


def link_problem(base, local=None):
    """What is wrong with ``base`` as the address of printed table links: ``"loopback"``, ``"elsewhere"`` or None
    (also None for an empty base: then no QR code is printed at all)."""
    host = host_of(base)
    if not host:
        return None
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return "loopback"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if address.is_loopback or address.is_unspecified:
        return "loopback"
    if (address.is_private or address.is_link_local) and host not in (local if local is not None
                                                                      else local_addresses()):
        return "elsewhere"
    return None

"""Refuse to start when something already listens where gunicorn would bind (``make serve`` runs this first).

After ``kill -9`` of a gunicorn master its workers serve on for a while and hold the port; a new gunicorn then
retries and dies with "Address already in use" after migrate and collectstatic have run. This check binds the
address the way gunicorn does (``SO_REUSEADDR``, so a closed connection's TIME_WAIT does not count) and, if that
fails, says which port is taken and how to find and stop the old processes.

Usage: ``python3 tournament/config/check_port.py [BIND]`` — BIND as gunicorn takes it (``127.0.0.1:8000``,
``[::1]:8000``, ``0.0.0.0:8000``, ``:8000``, ``localhost:8000``, ``unix:/run/cego.sock``); default ``$BIND`` or
``127.0.0.1:8000``. Exit status 0 when free, 1 when taken, 2 when BIND cannot be read. Standard library only:
it runs before the virtual environment is installed.
"""

import errno
import os
import socket
import sys


def parse(bind):
    """gunicorn's bind syntax → ("unix", path) or ("tcp", host, port)."""
    if bind.startswith("unix:"):
        return ("unix", bind[len("unix:"):])
    if bind.startswith("fd://"):
        return ("fd",)
    if bind.startswith("["):
        host, _, port = bind[1:].partition("]")
        port = port.lstrip(":")
    elif ":" in bind:
        host, _, port = bind.rpartition(":")
    else:
        host, port = bind, "8000"
    if not port.isascii() or not port.isdigit():
        raise ValueError(f"no port in {bind!r}")
    return ("tcp", host or "0.0.0.0", int(port))


def tcp_taken(host, port):
    """The error of binding (host, port) as gunicorn does, or None when it is free. gunicorn takes IPv6 only for
    an address literal and IPv4 otherwise (a name like ``localhost`` binds its IPv4 address)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return error
            raise
    return None


def unix_taken(path):
    """True when a server answers on the socket file (a stale file alone is no obstacle: gunicorn replaces it)."""
    if not os.path.exists(path):
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(path)
        except OSError:
            return False
    return True


def message(bind, kind):
    if kind[0] == "unix":
        return (f"make serve: a server already answers on the socket {kind[1]} (BIND={bind}).\n"
                f"  Old gunicorn processes (e.g. workers left behind after kill -9 of their master) still hold it.\n"
                f"  Find them:  fuser -v {kind[1]}    or    ss -lxp | grep {kind[1]}\n"
                f"  Stop them:  fuser -k {kind[1]}    (or kill the PIDs shown), then start again.\n")
    _, host, port = kind
    return (f"make serve: port {port} is already in use (BIND={bind}); not starting.\n"
            f"  Old gunicorn processes (e.g. workers left behind after kill -9 of their master) or another server\n"
            f"  still listen there. Find them:  ss -ltnp 'sport = :{port}'    (or: fuser -v {port}/tcp)\n"
            f"  Stop them:  fuser -k {port}/tcp    (or kill the PIDs shown), then start again; or choose another\n"
            f"  BIND. Under systemd, KillMode=control-group stops them for you (docs/production.md).\n")


def main(argv):
    bind = (argv[1] if len(argv) > 1 else os.environ.get("BIND") or "127.0.0.1:8000").strip()
    try:
        kind = parse(bind)
    except ValueError as error:
        sys.stderr.write(f"make serve: BIND={bind!r} is not an address gunicorn can bind ({error}).\n")
        return 2
    if kind[0] == "fd":
        return 0
    try:
        taken = unix_taken(kind[1]) if kind[0] == "unix" else tcp_taken(kind[1], kind[2])
    except (OSError, OverflowError, UnicodeError) as error:
        sys.stderr.write(f"make serve: BIND={bind!r} is not an address gunicorn can bind ({error}).\n")
        return 2
    if taken:
        sys.stderr.write(message(bind, kind))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Process crashes (issue 14, point 6): after ``kill -9`` of the gunicorn master its workers served on and held
the port, and a restart died late with "Address already in use". ``make serve`` now refuses at once, naming the
port; the systemd units stop a dead master's workers (``KillMode=control-group``).
"""

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tournament" / "config" / "check_port.py"
GUARD = 60              # seconds: a guard against a hang, not a speed target


def listening(host="127.0.0.1", family=socket.AF_INET):
    server = socket.socket(family, socket.SOCK_STREAM)
    server.bind((host, 0))
    server.listen()
    return server


def check(bind):
    return subprocess.run([sys.executable, str(SCRIPT), bind], cwd=ROOT, capture_output=True, text=True,
                          timeout=GUARD)


def make_serve(bind, tmp_path):
    """``make serve`` with everything it could write kept under tmp_path, should the check ever let it through."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    env.update(BIND=bind, DJANGO_SECRET_KEY="k" * 60, MAKEFLAGS="", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
               DJANGO_STATIC_ROOT=str(tmp_path / "static"), DJANGO_CACHE_DIR=str(tmp_path / "cache"),
               CEGO_EXPORT_DIR=str(tmp_path / "exports"), DJANGO_ALLOWED_HOSTS="localhost")
    return subprocess.run(["make", "--no-print-directory", "serve"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=GUARD)


def test_make_serve_refuses_while_the_port_is_taken(tmp_path):
    with listening() as server:
        port = server.getsockname()[1]
        result = make_serve(f"127.0.0.1:{port}", tmp_path)
    assert result.returncode != 0
    assert f"port {port} is already in use" in result.stderr
    assert f"ss -ltnp 'sport = :{port}'" in result.stderr and f"fuser -k {port}/tcp" in result.stderr
    assert "migrate" not in result.stdout and not (tmp_path / "db.sqlite3").exists()          # nothing ran


@pytest.mark.parametrize("bind", ["0.0.0.0:{port}", ":{port}", "localhost:{port}"])
def test_any_address_on_the_port_counts(bind):
    with listening() as server:
        port = server.getsockname()[1]
        result = check(bind.format(port=port))
    assert result.returncode == 1 and f"port {port} is already in use" in result.stderr


def test_ipv6_in_brackets():
    if not socket.has_ipv6:
        pytest.skip("no IPv6")
    try:
        server = listening("::1", socket.AF_INET6)
    except OSError:
        pytest.skip("no IPv6 loopback")
    with server:
        port = server.getsockname()[1]
        assert check(f"[::1]:{port}").returncode == 1


def test_a_free_port_passes():
    with listening() as server:
        port = server.getsockname()[1]
    result = check(f"127.0.0.1:{port}")
    assert result.returncode == 0 and result.stderr == ""


def test_a_socket_file_with_a_server_counts_and_a_stale_one_does_not(tmp_path):
    path = tmp_path / "cego.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        server.listen()
        taken = check(f"unix:{path}")
    assert taken.returncode == 1 and str(path) in taken.stderr and "fuser -k" in taken.stderr
    assert check(f"unix:{path}").returncode == 0                     # the file is left, nobody answers


@pytest.mark.parametrize("bind", ["127.0.0.1:http", "127.0.0.1:99999", "no-such-host.invalid:8000"])
def test_a_bind_gunicorn_could_not_use_is_named(bind):
    result = check(bind)
    assert result.returncode == 2 and "BIND=" in result.stderr


BUSY = """
import pathlib, time

HERE = pathlib.Path(__file__).parent


def app(environ, start_response):
    if environ["PATH_INFO"] == "/busy":           # a long request: the worker is busy when its master dies
        (HERE / "busy").touch()
        for _ in range(1200):
            if (HERE / "done").exists():
                break
            time.sleep(0.05)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"hello"]
"""


def test_the_workers_of_a_killed_master_are_what_it_names(tmp_path):
    """The tester's crash: gunicorn under load, its master killed with SIGKILL; the orphaned worker finishes the
    request in hand and holds the port meanwhile, and the check says so."""
    gunicorn = Path(sys.executable).parent / "gunicorn"
    if not gunicorn.exists():
        pytest.skip("gunicorn is not installed")
    (tmp_path / "busy_app.py").write_text(BUSY)
    with listening() as probe:
        port = probe.getsockname()[1]
    master = subprocess.Popen([str(gunicorn), "busy_app:app", "--chdir", str(tmp_path), "--bind", f"127.0.0.1:{port}",
                               "--workers", "1", "--timeout", "120", "--no-control-socket"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers, request = [], None
    try:
        for _ in range(GUARD * 10):
            workers = children(master.pid)
            if workers and get(port, "/"):
                break
            time.sleep(0.1)
        assert workers and get(port, "/"), "gunicorn did not start"
        request = threading.Thread(target=get, args=(port, "/busy"))
        request.start()
        for _ in range(GUARD * 10):
            if (tmp_path / "busy").exists():
                break
            time.sleep(0.1)
        master.kill()
        master.wait(timeout=GUARD)
        assert all(alive(pid) for pid in workers)                      # orphaned, busy, holding the port
        result = check(f"127.0.0.1:{port}")
        assert result.returncode == 1 and f"port {port} is already in use" in result.stderr
    finally:
        (tmp_path / "done").touch()
        if request is not None:
            request.join(timeout=GUARD)
        if master.poll() is None:
            master.kill()
            master.wait(timeout=GUARD)
        for pid in workers:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def children(pid):
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def alive(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def get(port, path):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=GUARD) as connection:
            connection.sendall(f"GET {path} HTTP/1.0\r\n\r\n".encode())
            reply = b""
            while chunk := connection.recv(1024):
                reply += chunk
            return reply.endswith(b"hello")
    except OSError:
        return False


# -- the systemd units ---------------------------------------------------------------------------------------------

UNITS = ROOT / "docs" / "systemd"


def documented_units():
    text = (ROOT / "docs" / "production.md").read_text()
    section = text.split("## Running under systemd", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```ini\n(.*?)```", section, flags=re.S)


def directives(text):
    return [line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#")]


def test_the_documented_units_are_the_shipped_files():
    shipped = [(UNITS / name).read_text() for name in ("cego-web.service", "cego-worker@.service")]
    assert documented_units() == shipped


@pytest.mark.parametrize("name", ["cego-web.service", "cego-worker@.service"])
def test_every_unit_stops_its_whole_control_group_and_restarts(name):
    settings = dict(directives((UNITS / name).read_text()))
    assert settings["KillMode"] == "control-group"
    assert settings["Restart"] in ("on-failure", "always")
    assert settings["EnvironmentFile"] == "/etc/cego.env"


def test_the_web_unit_checks_the_port_first_and_binds_what_it_checks():
    pairs = directives((UNITS / "cego-web.service").read_text())
    pre = [value for key, value in pairs if key == "ExecStartPre"]
    assert "tournament/config/check_port.py 127.0.0.1:8000" in pre[0]
    start = (UNITS / "cego-web.service").read_text().split("ExecStart=", 1)[1]
    assert "--bind 127.0.0.1:8000" in start and dict(pairs)["Restart"] == "on-failure"

"""A real gunicorn for tests that need one: production settings (DEBUG off, collected static files, the file cache)
over plain-http loopback, on a port of 8400–8419 (``CEGO_TEST_PORTS`` may name another range), started with the
logger class and access log as ``make serve`` starts it, and always stopped afterwards.

    with live_gunicorn.Server(tmp_path, database_url, env={"CEGO_TABLE_RATE": "10"}) as server:
        status, body = server.get("/t/sw.js")
    server.access_log()    # the access log's text; server.error_log(): gunicorn's stderr with Django's log
"""

import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests import prepared

ROOT = Path(__file__).resolve().parent.parent
PORTS = os.environ.get("CEGO_TEST_PORTS", "8400-8419")


def own_ports():
    """This test process's share of ``PORTS``: under pytest-xdist each worker (gw0, gw1, …) takes every n-th port
    from its number on, so that two workers never pick the same free port before their gunicorns bind it."""
    first, last = (int(p) for p in PORTS.split("-"))
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)
    index = int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0
    return range(first + index % count, last + 1, count)


def free_port():
    """The first port of this process's share of ``PORTS`` nobody listens on."""
    for port in own_ports():
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS}")


def migrated_database(folder, build=""):
    """A SQLite file in ``folder``, migrated; ``build`` (Python, run by ``manage.py shell``) may add data and print
    what the test needs: its last line of output is returned."""
    url = f"sqlite:///{folder / 'live.sqlite3'}"
    env = dict(os.environ, DATABASE_URL=url, PYTHONPATH=str(ROOT))
    prepared.migrated_sqlite(folder / "live.sqlite3", env)      # a copy of this process's one migrated file
    printed = ""
    if build:
        result = subprocess.run([sys.executable, "manage.py", "shell", "-c", build], cwd=ROOT, env=env, check=True,
                                capture_output=True, text=True)
        printed = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
    return url, printed


class Server:
    def __init__(self, folder, database_url, *, workers=2, threads=4, env=None):
        self.folder, self.database_url = Path(folder), database_url
        self.workers, self.threads, self.extra_env = workers, threads, env or {}
        self.port, self.process = None, None
        self.access_path, self.error_path = self.folder / "access.log", self.folder / "gunicorn.log"

    def environment(self):
        return dict(os.environ, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
                    DJANGO_ALLOWED_HOSTS="127.0.0.1", DATABASE_URL=self.database_url, DJANGO_HTTPS="0",
                    DJANGO_SECURE_SSL_REDIRECT="0", DJANGO_STATIC_ROOT=str(self.folder / "static"),
                    DJANGO_CACHE_DIR=str(self.folder / "cache"), DJANGO_LOG_LEVEL="WARNING",
                    PYTHONPATH=str(ROOT), **self.extra_env)

    def __enter__(self):
        env = self.environment()
        prepared.static_files(self.folder / "static", env)      # a copy of this process's one collectstatic
        self.port = free_port()
        gunicorn = Path(sys.executable).parent / "gunicorn"
        command = [str(gunicorn), "tournament.config.wsgi", "--bind", f"127.0.0.1:{self.port}",
                   "--workers", str(self.workers), "--worker-class", "gthread", "--threads", str(self.threads),
                   "--access-logfile", str(self.access_path), "--no-control-socket",
                   "--logger-class", "tournament.config.gunicorn_logger.Logger"]
        with open(self.error_path, "wb") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    def wait_ready(self, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{self.error_log()[-3000:]}")
            try:
                if self.get("/t/sw.js")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer in {timeout} s:\n{self.error_log()[-3000:]}")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def get(self, path, headers=None):
        """(status, body) of one GET on a fresh connection."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("GET", path, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def access_log(self):
        return self.access_path.read_text() if self.access_path.exists() else ""

    def error_log(self):
        return self.error_path.read_text() if self.error_path.exists() else ""

"""Two app servers as a federation runs them (docs/production.md, "Several servers"), for the two-server test.

Each ``Server`` is a gunicorn of its own with its own folders (static files, file cache, export and import
folders), started from the same code, database, Redis and file store (``DJANGO_STORAGE_URL``). ``start_all``
starts them the way a deployment does: every server migrates at once (the migration lock lets one work and the
others wait), gets its static files (a copy of one ``collectstatic``, tests/prepared.py) and serves. ``worker``
starts the export worker beside the first server.
``Balancer`` is the round-robin load balancer in front of them: every request goes to the next server that is up;
a server that does not answer (refused, reset, killed mid-answer) is taken out and the request is sent to the next
one, as nginx does with ``proxy_next_upstream error``. Phones resend a write with the same key, so resending a
POST is safe; that is what this test checks.
"""

import os
import pathlib
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter

import requests

from tests import prepared

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON = sys.executable
GUNICORN = str(pathlib.Path(sys.executable).with_name("gunicorn"))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def shared_env(database_url, cache_url, storage_url):
    """What every server shares: code, settings, database, Redis, file store, and the secret key (sessions and
    CSRF tokens signed by one server are read by the other)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CEGO_"))}
    env.update(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="127.0.0.1",
               DATABASE_URL=database_url, DJANGO_CACHE_URL=cache_url, DJANGO_HTTPS="0",
               DJANGO_SECURE_SSL_REDIRECT="0", DJANGO_LOG_LEVEL="WARNING",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    if storage_url:
        env["DJANGO_STORAGE_URL"] = storage_url
    return env


def manage(env, *args, timeout=300):
    """``manage.py ARGS`` with ``env``; its standard output (it fails the test with its output when it fails)."""
    done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)
    if done.returncode != 0:
        raise AssertionError(f"manage.py {' '.join(args[:1])} failed ({done.returncode}):\n{done.stdout[-3000:]}\n"
                             f"{done.stderr[-3000:]}")
    return done.stdout


class Server:
    """One app server: its own folders under ``folder``, gunicorn in its own process group."""

    def __init__(self, name, folder, shared):
        self.name, self.folder, self.port = name, pathlib.Path(folder), free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.alive, self.process = False, None
        self.folders = {key: self.folder / key for key in ("static", "cache", "exports", "imports")}
        for path in self.folders.values():
            path.mkdir(parents=True, exist_ok=True)
        self.env = dict(shared, DJANGO_STATIC_ROOT=str(self.folders["static"]),
                        DJANGO_CACHE_DIR=str(self.folders["cache"]), CEGO_EXPORT_DIR=str(self.folders["exports"]),
                        CEGO_IMPORT_DIR=str(self.folders["imports"]))
        self.log = self.folder / "gunicorn.log"

    def migrate(self):
        """``migrate`` in the background (several servers start at once): the process."""
        return subprocess.Popen([PYTHON, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=self.env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def serve(self):
        prepared.static_files(self.folders["static"], self.env)     # a copy of this process's one collectstatic
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [GUNICORN, "tournament.config.wsgi", "-b", f"127.0.0.1:{self.port}", "--workers", "2",
                 "--threads", "2", "--graceful-timeout", "2", "--logger-class",
                 "tournament.config.gunicorn_logger.Logger"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"{self.name} exited:\n{self.log.read_text()[-3000:]}")
            try:
                if requests.get(self.url + "/konto/login/", timeout=2).status_code == 200:
                    self.alive = True
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise AssertionError(f"{self.name} did not answer:\n{self.log.read_text()[-3000:]}")

    def kill(self):
        """As a power cut would: SIGKILL to gunicorn and its workers, no goodbye."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def local_files(self):
        """Files in this server's own export and import folders (relative paths): what only this server has."""
        return sorted(str(path.relative_to(self.folder)) for key in ("exports", "imports")
                      for path in self.folders[key].rglob("*") if path.is_file())


def start_all(servers):
    """Every server migrates at the same moment, then serves; every migrate must succeed."""
    running = [server.migrate() for server in servers]
    for server, process in zip(servers, running, strict=False):
        output, _ = process.communicate(timeout=300)
        if process.returncode != 0:
            raise AssertionError(f"migrate on {server.name} failed ({process.returncode}):\n{output[-3000:]}")
    for server in servers:
        server.serve()


class Worker:
    """``manage.py db_worker`` beside ``server`` (its environment and folders), in its own process group."""

    def __init__(self, server):
        self.log = server.folder / "worker.log"
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([PYTHON, "manage.py", "db_worker"], cwd=ROOT, env=server.env,
                                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


DOWN = (requests.ConnectionError, requests.exceptions.ChunkedEncodingError)


class Balancer:
    """A client behind a round-robin balancer: one cookie jar (a browser), each request to the next live server;
    redirects are followed through the balancer too, so a form's answer and the page after it may come from
    different servers. ``hits`` counts the answers per server."""

    lock = threading.Lock()

    def __init__(self, servers, start=0):
        self.servers, self.turn, self.session, self.hits = servers, start, requests.Session(), Counter()

    def next_server(self):
        with self.lock:
            live = [server for server in self.servers if server.alive]
            if not live:
                raise AssertionError("no server is up")
            self.turn += 1
            return live[self.turn % len(live)]

    def request(self, method, path, follow=True, **kwargs):
        failures = waits = 0
        while True:
            server = self.next_server()
            try:
                response = self.session.request(method, server.url + path, timeout=60, allow_redirects=False,
                                                **kwargs)
            except DOWN:
                server.alive = False        # taken out of the pool, the request goes to the next server
                failures += 1
                if failures > 2 * len(self.servers):
                    raise AssertionError(f"{method} {path}: no server answered") from None
                continue
            if response.status_code == 429 and waits < 20:      # the per-link limit: wait as the answer says
                waits += 1
                time.sleep(min(float(response.headers.get("Retry-After") or 1), 5))
                continue
            self.hits[server.name] += 1
            if follow and response.status_code in (301, 302, 303) and response.headers.get("Location"):
                location = response.headers["Location"]
                if location.startswith("http"):
                    location = "/" + location.split("/", 3)[3]
                return self.request("GET", location)
            return response

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, data=None, **kwargs):
        return self.request("POST", path, data=data, **kwargs)

    def csrf(self):
        return self.session.cookies.get("csrftoken", "")

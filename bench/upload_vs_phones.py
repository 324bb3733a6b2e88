"""Benchmark: crafted spreadsheets uploaded while phones key games — do the phones still get their answers?

    .venv/bin/python bench/upload_vs_phones.py [--seconds 20] [--calm 5] [--port 8420] [--phones 4]

Builds a throwaway SQLite database (or ``--database-url``) with a running tournament whose round 1 is drawn
(``table_entry_data.build``), starts gunicorn on 127.0.0.1:``--port`` with production settings (3 workers × 4
threads, as ``make serve``), then:

* ``--phones`` threads, each a phone at its own tables, key the tables' games one after another (``spiel/``,
  engine-valid random games), ``--pause`` seconds apart — ``--warmup`` seconds unmeasured (the workers' first
  requests), ``--calm`` seconds alone, then for ``--seconds`` while
* one thread, logged in as the director through the login form, uploads the crafted workbooks of
  ``tests/crafted_xlsx.py`` (a sheet stored as ``sheet1.XML`` or in ``xl/data/``, a styles bomb, shared strings
  under another name, huge shared strings, a zip-bomb member) to the import page, one after another, again and
  again (``--control``: no uploads, the phones alone for the whole run — what the machine gives anyway).

Prints, for the calm and the upload phase, the phones' write latency (p50/p95/max) and errors; per crafted file
the upload's answer time and whether it was refused (the page names a refusal); the gunicorn workers' peak
resident memory (``VmHWM``) before and after the uploads. Last line:
``phone_p50_ms=… phone_p95_ms=… phone_max_ms=… phone_errors=… uploads=… upload_max_s=… refused=k/n
worker_peak_mb=…``, after a line with the calm phase's ``calm_p95_ms``, ``calm_max_ms`` and ``calm_errors`` (targets:
phone_max_ms < 1000, phone_errors = 0, upload_max_s < 3, refused = n/n, worker_peak_mb < 300).
``tests/registration/test_upload_vs_phones.py`` runs it briefly.
"""

import argparse
import http.client
import os
import re
import secrets
import sys
import tempfile
import threading
import time
import uuid
from http.cookies import SimpleCookie
from urllib.parse import urlencode

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)       # ahead of bench/, whose scoring.py would shadow the scoring package

import load  # noqa: E402  (after the path line above)
import table_entry_data  # noqa: E402

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
PASSWORD = "upload-bench-" + secrets.token_urlsafe(12)
REFUSALS = ("nicht so aufgebaut", "entpackt zu groß", "mehr als", "not built as", "too large once unpacked",
            "more than")


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20, help="seconds of uploads while the phones write")
    parser.add_argument("--calm", type=float, default=5, help="seconds of phones alone before the uploads")
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between a phone's two writes")
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--warmup", type=float, default=3, help="seconds of phones alone, not measured")
    parser.add_argument("--port", type=int, default=8420, help="0: any free port")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--control", action="store_true",
                        help="no uploads: the phones alone for the whole run (what the machine gives anyway)")
    return parser.parse_args()


class Browser:
    """One keep-alive connection with a cookie jar (enough for Django's login and CSRF)."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies = {}

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST":
            headers.setdefault("Referer", f"http://127.0.0.1:{self.connection.port}{path}")
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie(header)
            self.cookies.update({k: m.value for k, m in cookie.items()})
        return response.status, data


def csrf_and_key(page):
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    key = re.search(rb'name="once" value="([^"]+)"', page)
    return token, key.group(1).decode() if key else ""


def multipart(fields, filename, data):
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
                 f"Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), {"Content-Type": f"multipart/form-data; boundary={boundary}"}


slowest = []     # (seconds, when, phase) of every phone write


def phone(port, tables, plan, pause, stop, phase, latencies, errors):
    """Key the games of ``tables`` one after another until ``stop`` is set; latencies by ``phase[0]``."""
    browser = Browser(port)
    secret, device = secrets.token_urlsafe(24), f"bench-{uuid.uuid4().hex[:8]}"
    for table in tables:
        for game in plan[table["pk"]]:
            if stop.is_set():
                return
            body = urlencode({**game["fields"], "seat": 1, "device": device, "secret": secret,
                              "key": secrets.token_urlsafe(16)}).encode()
            started = time.perf_counter()
            try:
                status, _data = browser.request("POST", f"/t/{table['token']}/spiel/", body, FORM)
            except (OSError, http.client.HTTPException) as err:
                status, browser = repr(err), Browser(port)
            latencies[phase[0]].append(time.perf_counter() - started)
            slowest.append((time.perf_counter() - started, time.perf_counter(), phase[0]))
            if status != 200:
                errors[phase[0]].append(status)
            time.sleep(pause)


def uploader(port, page, crafted, stop, results):
    browser = Browser(port)
    status, login_page = browser.request("GET", "/konto/login/")
    token, _key = csrf_and_key(login_page)
    body = urlencode({"username": table_entry_data.DIRECTOR, "password": PASSWORD, "csrfmiddlewaretoken": token,
                      "next": "/"}).encode()
    status, _data = browser.request("POST", "/konto/login/", body, FORM)
    if status != 302:
        raise SystemExit(f"the director's login failed: {status}")
    while not stop.is_set():
        for name, data in crafted.items():
            if stop.is_set():
                return
            status, form_page = browser.request("GET", page)
            token, key = csrf_and_key(form_page)
            body, headers = multipart({"csrfmiddlewaretoken": token, "once": key, "action": "upload"},
                                      f"{name}.xlsx", data)
            started = time.perf_counter()
            status, answer = browser.request("POST", page, body, headers)
            seconds = time.perf_counter() - started
            text = answer.decode("utf-8", "replace")
            results.append((name, status, seconds, status == 200 and any(r in text for r in REFUSALS)))


def worker_peaks(master):
    """Peak resident memory (VmHWM, MB) of each gunicorn worker of ``master``."""
    peaks = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            if parent != master:
                continue
            with open(f"/proc/{name}/status") as status:
                peaks += [int(line.split()[1]) / 1024 for line in status if line.startswith("VmHWM")]
        except OSError:
            continue
    return peaks


def ms(values, q):
    return load.percentile(values, q) * 1000 if values else 0.0


def main():
    args = arguments()
    args.port = args.port or load.free_port()
    workdir = tempfile.mkdtemp(prefix="cego-upload-bench-")
    database_url = args.database_url or f"sqlite:///{os.path.join(workdir, 'bench.sqlite3')}"
    load.setup(database_url)
    from django.contrib.auth import get_user_model
    from django.db import connections
    from django.urls import reverse

    from tests import crafted_xlsx

    tournament, round_, tables = table_entry_data.build(args.players)
    plan = table_entry_data.table_games(round_, 99)
    director = get_user_model().objects.get(username=table_entry_data.DIRECTOR)
    director.set_password(PASSWORD)
    director.save()
    page = reverse("director:entry_import", args=[tournament.pk])
    connections.close_all()
    started = time.perf_counter()
    crafted = {name: build() for name, build in crafted_xlsx.CRAFTED.items()}
    print(f"crafted {len(crafted)} workbooks in {time.perf_counter() - started:.1f} s: "
          + ", ".join(f"{name} {len(data) // 1024} KB" for name, data in crafted.items()), flush=True)

    process = load.start_server(args, load.server_env(database_url, workdir), args.port,
                                os.path.join(workdir, "gunicorn.log"))
    try:
        import asyncio

        asyncio.run(load.wait_ready(process, args.port, "/t/sw.js", os.path.join(workdir, "gunicorn.log")))
        stop, phase = threading.Event(), ["warmup"]
        latencies = {"warmup": [], "calm": [], "uploads": []}
        errors = {"warmup": [], "calm": [], "uploads": []}
        phones = [threading.Thread(target=phone, args=(args.port, tables[i::args.phones], plan, args.pause, stop,
                                                       phase, latencies, errors)) for i in range(args.phones)]
        for thread in phones:
            thread.start()
        time.sleep(args.warmup)
        phase[0] = "calm"
        time.sleep(args.calm)
        before = max(worker_peaks(process.pid))
        phase[0] = "uploads"
        uploads_from = time.perf_counter()
        results = []
        upload = threading.Thread(target=uploader, args=(args.port, page, crafted, stop, results))
        if not args.control:
            upload.start()
        time.sleep(args.seconds)
        stop.set()
        if not args.control:
            upload.join()
        for thread in phones:
            thread.join()
        after = max(worker_peaks(process.pid))
    finally:
        load.stop_server(process)

    for name in ("calm", "uploads"):
        values = latencies[name]
        print(f"phones, {name}: {len(values)} writes, p50 {ms(values, 50):.0f} ms, p95 {ms(values, 95):.0f} ms, "
              f"max {ms(values, 100):.0f} ms, errors {len(errors[name])} {errors[name][:5]}")
    for name in crafted:
        mine = [r for r in results if r[0] == name]
        if mine:
            print(f"upload {name}: {len(mine)}×, answered in max {max(r[2] for r in mine):.2f} s, "
                  f"refused {sum(r[3] for r in mine)}/{len(mine)}, statuses {sorted({r[1] for r in mine})}")
    top = sorted((w for w in slowest if w[2] == "uploads"), reverse=True)[:5]
    print("slowest phone writes during the uploads: " + ", ".join(
        f"{seconds * 1000:.0f} ms at {when - seconds - uploads_from:.1f} s" for seconds, when, _phase in top))
    print(f"gunicorn workers' peak memory: {before:.0f} MB before the uploads, {after:.0f} MB after")
    values, calm = latencies["uploads"], latencies["calm"]
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; calm_p95_ms={ms(calm, 95):.0f} "
          f"calm_max_ms={ms(calm, 100):.0f} calm_errors={len(errors['calm'])}")
    print(f"phone_p50_ms={ms(values, 50):.0f} phone_p95_ms={ms(values, 95):.0f} phone_max_ms={ms(values, 100):.0f} "
          f"phone_errors={len(errors['uploads'])} uploads={len(results)} "
          f"upload_max_s={max((r[2] for r in results), default=0):.2f} "
          f"refused={sum(r[3] for r in results)}/{len(results)} worker_peak_mb={after:.0f}")


if __name__ == "__main__":
    main()

"""The simulated people of ``bench/load.py``: players refreshing public pages, helpers keying score sheets.

API clients (``--api-clients``) poll the API's standings and the big screen with the ETag of their last answer.
Players are tasks over a shared pool of keep-alive connections: each reloads the live standings (mostly the
first page, sometimes another) and now and then opens its own player page, with a random think time in
between; some have chosen English. Helpers log in like a browser (login form with its CSRF token), open the
sheet of each of their tables and post its rows in order to ``entry:save`` with ``Accept: application/json``
(the JSON answer kept for scripts; the sheet's own script gets HTML partials) and the CSRF token from the
cookie. Now and then a row is posted twice at the same moment over two connections (Enter pressed twice, a
retried request): both must answer 200 and the game be stored once.
"""

import asyncio
import json
import re
import time
from collections import defaultdict
from urllib.parse import urlencode

from load_client import Connection, ConnectionLost, Jar

TIMEOUT = 15
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


class Recorder:
    """Latency and status of every request, by kind; only requests started inside the window count for speed."""

    def __init__(self, window_start, window_end):
        self.window = (window_start, window_end)
        self.latencies = defaultdict(list)
        self.statuses = defaultdict(lambda: defaultdict(int))
        self.cache = defaultdict(list)      # (page, "hit" | "miss") → latencies

    async def timed(self, kind, call, page=None):
        started = time.monotonic()
        try:
            response = await asyncio.wait_for(call, TIMEOUT)
        except asyncio.TimeoutError:
            self.statuses[kind]["timeout"] += 1
            return None
        except (ConnectionLost, OSError) as err:
            self.statuses[kind][f"connection ({type(err).__name__})"] += 1
            return None
        self.statuses[kind][response.status] += 1
        if self.window[0] <= started < self.window[1]:
            ms = (time.monotonic() - started) * 1000
            self.latencies[kind].append(ms)
            if "x-public-cache" in response.headers:
                self.cache[(page, response.headers["x-public-cache"])].append(ms)
        return response

    def errors(self):
        return sum(n for kind in self.statuses.values() for status, n in kind.items()
                   if not (isinstance(status, int) and status < 400))


async def player(pool, rec, rng, *, tournament, entry, pages, think, own_share, other_pages, stop_at,
                 english):
    jar = Jar({"django_language": "en"} if english else {})
    await asyncio.sleep(rng.uniform(0, 2 * think))      # players do not all arrive in the same millisecond
    while time.monotonic() < stop_at:
        if rng.random() < own_share:
            page, path = "player", f"/turnier/{tournament}/spieler/{entry}/"
        else:
            number = rng.randint(2, pages) if pages > 1 and rng.random() < other_pages else 1
            page, path = "standings", f"/turnier/{tournament}/" + (f"?page={number}" if number > 1 else "")
        await rec.timed("public", pool.request("GET", path, jar=jar), page)
        await asyncio.sleep(min(think * rng.uniform(0.5, 1.5), max(0, stop_at - time.monotonic())))


async def poller(pool, rec, rng, *, paths, think, stop_at):
    """An API client, a club's widget or the hall's big screen: asks each of ``paths`` in turn every ``think``
    seconds (± 50 %) with the ETag of its last answer, as a script that polls does (a 304 while nothing changed)."""
    tags = {}
    await asyncio.sleep(rng.uniform(0, think))
    while time.monotonic() < stop_at:
        for path in paths:
            headers = {"If-None-Match": tags[path]} if path in tags else {}
            response = await rec.timed("api", pool.request("GET", path, headers=headers), f"api {path}")
            if response is not None and "etag" in response.headers:
                tags[path] = response.headers["etag"]
        await asyncio.sleep(min(think * rng.uniform(0.5, 1.5), max(0, stop_at - time.monotonic())))


async def login(host, port, name, password):
    """Log in through the login form; returns the helper's cookie jar (session and CSRF cookie)."""
    jar, connection = Jar(), Connection(host, port)
    try:
        page = await connection.request("GET", "/konto/login/", jar=jar)
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body).group(1).decode()
        body = urlencode({"username": name, "password": password, "csrfmiddlewaretoken": token, "next": "/"})
        response = await connection.request("POST", "/konto/login/", jar=jar, headers=FORM, body=body.encode())
    finally:
        await connection.close()
    if response.status != 302 or "sessionid" not in jar.cookies:
        raise RuntimeError(f"login of {name} failed: {response.status}")
    return jar


async def helper(host, port, rec, rng, *, jar, tables, think, double_rate, stop_at, acknowledged, uncertain):
    """Key the rows of ``tables`` in order: ``acknowledged[(table, number)]`` = the expected fields after a 200;
    ``uncertain`` gets the rows whose every answer was lost (timeout, connection): stored or not, nobody knows."""
    main, spare = Connection(host, port), Connection(host, port)
    headers = {**FORM, "Accept": "application/json"}
    try:
        for table, rows in tables:
            if time.monotonic() >= stop_at:
                break
            await rec.timed("helper", main.request("GET", f"/eingabe/tisch/{table}/", jar=jar))
            for row in rows:
                await asyncio.sleep(min(think * rng.uniform(0.5, 1.5), max(0, stop_at - time.monotonic())))
                if time.monotonic() >= stop_at:
                    break
                headers["X-CSRFToken"] = jar.cookies.get("csrftoken", "")
                sends = [main, spare] if rng.random() < double_rate else [main]
                path = f"/eingabe/tisch/{table}/speichern/"
                answers = await asyncio.gather(*(rec.timed("helper", c.request(
                    "POST", path, jar=jar, headers=headers, body=row["body"])) for c in sends))
                if any(a is not None and a.status == 200 and json.loads(a.body).get("ok") for a in answers):
                    acknowledged[(table, row["number"])] = row["expected"]
                elif all(a is None for a in answers):
                    uncertain.add((table, row["number"]))
    finally:
        await main.close()
        await spare.close()

"""Benchmark: a tournament hall under load — 300 players refreshing public pages while 10 helpers key results.

    python bench/load.py [--players 300] [--helpers 10] [--duration 30] [--database-url URL]
                         [--api-clients 50 [--api-think 5] [--api-paths PATH,PATH]]

Builds a throwaway database (a SQLite file in a temporary directory, or the database ``--database-url`` points
at, e.g. PostgreSQL) with a published tournament of ``players`` (round 1 drawn and open, a few games at each
table, so the pages are live), migrates it, and starts gunicorn on a free loopback port with production
settings (``DJANGO_DEBUG=0``, a random secret key). Then, for ``--warmup`` + ``--duration`` seconds:

* ``players`` players (``bench/load_traffic.py``) reload the standings (``--other-pages`` of them another
  page than the first) and, ``--own-page`` of the time, their own player page, ``--think`` seconds (± 50 %)
  apart, over ``--connections`` keep-alive connections; ``--english`` of them read in English;
* ``helpers`` helpers, logged in through the login form, key the remaining rows of their tables through the
  score sheet's save endpoint, ``--helper-think`` seconds per row, some rows posted twice at once.

* ``--api-clients`` clients (a club's widget, the hall's big screen: ``load_traffic.poller``) ask each of
  ``--api-paths`` (``{t}``: the tournament) every ``--api-think`` seconds (± 50 %) with the ETag of their last
  answer, over ``--api-connections`` connections of their own; a path that answers 404 before the load starts (the
  big screen where it is not built) is left out, and said so.

Afterwards gunicorn is stopped and the database checked: every game a helper got a 200 for is stored exactly
once with the posted data, and nothing else was stored (``bench/load_data.check``). Prints requests,
throughput and p50/p95/p99 per kind (public pages, helpers), statuses, the public cache's hits per page, and
the CPU the server and this client used (``/proc``).

Last line: ``rps=X p95_ms=Y errors=Z lost_or_duplicated=W`` — public pages' throughput and p95, every answer
that is not 2xx/3xx plus connection errors and timeouts, and the database mismatches. Targets on a 2-core
machine: X ≥ 300, Y ≤ 150, Z = 0, W = 0. See docs/load.md.
"""

import argparse
import asyncio
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)       # ahead of bench/, whose scoring.py would shadow the scoring package

import load_data  # noqa: E402  (bench/ modules, importable only after the path line above)
import load_traffic  # noqa: E402
from load_client import Connection, Pool  # noqa: E402

API_PATHS = ("/api/v1/tournaments/{t}/standings/", "/turnier/{t}/leinwand/")


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--helpers", type=int, default=10)
    parser.add_argument("--duration", type=float, default=30, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=10, help="seconds of load before the measurement")
    parser.add_argument("--think", type=float, default=0.9, help="a player's mean pause between two pages (s)")
    parser.add_argument("--own-page", type=float, default=0.25, help="share of a player's requests for his own page")
    parser.add_argument("--other-pages", type=float, default=0.1,
                        help="share of standings requests for a page other than the first")
    parser.add_argument("--helper-think", type=float, default=5.0, help="a helper's mean time per row (s)")
    parser.add_argument("--double", type=float, default=0.1, help="share of rows posted twice at once")
    parser.add_argument("--english", type=float, default=0.15, help="share of players reading in English")
    parser.add_argument("--connections", type=int, default=32, help="keep-alive connections of the players")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--api-clients", type=int, default=0, help="clients polling the API and the big screen")
    parser.add_argument("--api-think", type=float, default=5.0, help="an API client's mean pause between polls (s)")
    parser.add_argument("--api-paths", default=",".join(API_PATHS),
                        help="comma-separated paths the API clients poll, {t} the tournament")
    parser.add_argument("--api-connections", type=int, default=8, help="keep-alive connections of the API clients")
    parser.add_argument("--database-url", default=None, help="default: a SQLite file in a temporary directory")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT") or 0),
                        help="gunicorn's loopback port (default: $BENCH_PORT, else a free one)")
    return parser.parse_args()


def setup(database_url):
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(database_url, workdir):
    """Production settings (docs/production.md) over plain-http loopback: no HTTPS redirect, no secure-only
    cookies (a browser would drop them over http), static files and the file cache in the throwaway directory."""
    return dict(os.environ, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
                DJANGO_ALLOWED_HOSTS="127.0.0.1", DATABASE_URL=database_url, DJANGO_HTTPS="0",
                DJANGO_SECURE_SSL_REDIRECT="0", DJANGO_STATIC_ROOT=os.path.join(workdir, "static"),
                DJANGO_CACHE_DIR=os.path.join(workdir, "cache"), DJANGO_LOG_LEVEL="WARNING",
                # every simulated client comes from 127.0.0.1: the API's per-address limit counts (its cost is
                # measured) but does not stop them
                CEGO_API_RATE="100000000",
                PYTHONPATH=os.pathsep.join(filter(None, [ROOT, os.environ.get("PYTHONPATH")])))


def start_server(args, env, port, log_path):
    """collectstatic (production serves hashed files), then gunicorn in its own process group."""
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env,
                   check=True)
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    command = [gunicorn, "tournament.config.wsgi", "-b", f"127.0.0.1:{port}", "--workers", str(args.workers),
               "--threads", str(args.threads), "--worker-class", "gthread" if args.threads > 1 else "sync",
               "--keep-alive", "30", "--timeout", "60", "--preload", "--log-level", "warning"]
    log = open(log_path, "wb")     # open while the server runs
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def cpu_seconds(pid):
    """CPU seconds used so far by process ``pid`` and its children (gunicorn's workers), from Linux's /proc."""
    total = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(name) == pid or int(fields[1]) == pid:
            total += int(fields[11]) + int(fields[12])       # utime + stime
    return total / os.sysconf("SC_CLK_TCK")


def stop_server(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


async def wait_ready(process, port, path, log_path, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited:\n{open(log_path).read()[-3000:]}")
        connection = Connection("127.0.0.1", port)
        try:
            response = await connection.request("GET", path)
            if response.status == 200:
                return
            raise RuntimeError(f"{path} answered {response.status}:\n{open(log_path).read()[-3000:]}")
        except OSError:
            await asyncio.sleep(0.2)
        finally:
            await connection.close()
    raise RuntimeError("gunicorn did not answer in time")


async def logins(port, helper_names):
    """The helpers log in before the clock starts: a password check costs a second of CPU by design."""
    return await asyncio.gather(*(load_traffic.login("127.0.0.1", port, name, load_data.HELPER_PASSWORD)
                                  for name in helper_names))


async def answering(port, paths):
    """``paths`` without those that answer 404 (the big screen on a branch without it)."""
    kept = []
    connection = Connection("127.0.0.1", port)
    try:
        for path in paths:
            response = await connection.request("GET", path)
            if response.status == 404:
                print(f"api clients: {path} answers 404 here, left out", flush=True)
            else:
                kept.append(path)
    finally:
        await connection.close()
    return kept


async def load(args, port, tournament, entries, plan, jars, pages, api_paths=()):
    host = "127.0.0.1"
    start = time.monotonic()
    rec = load_traffic.Recorder(start + args.warmup, start + args.warmup + args.duration)
    stop_at = start + args.warmup + args.duration
    rng = random.Random(args.seed)
    pool = Pool(host, port, args.connections)
    acknowledged, uncertain = {}, set()
    players = [load_traffic.player(pool, rec, random.Random(rng.random()), tournament=tournament, entry=entry,
                                   pages=pages, think=args.think, own_share=args.own_page,
                                   other_pages=args.other_pages, stop_at=stop_at,
                                   english=rng.random() < args.english) for entry in entries]
    helpers = [load_traffic.helper(host, port, rec, random.Random(rng.random()), jar=jar, tables=tables,
                                   think=args.helper_think, double_rate=args.double, stop_at=stop_at,
                                   acknowledged=acknowledged, uncertain=uncertain)
               for jar, tables in zip(jars, plan, strict=True)]
    api_pool = Pool(host, port, args.api_connections) if api_paths else None
    pollers = [load_traffic.poller(api_pool, rec, random.Random(rng.random()), paths=api_paths, think=args.api_think,
                                   stop_at=stop_at) for _ in range(args.api_clients if api_paths else 0)]
    await asyncio.gather(*players, *helpers, *pollers)
    await pool.close()
    if api_pool:
        await api_pool.close()
    return rec, (acknowledged, uncertain)


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] if ordered else 0.0


def report(rec, duration):
    for kind in ("public", "helper", "api"):
        values = rec.latencies[kind]
        if kind == "api" and not values:
            continue
        print(f"{kind:7s} {len(values):6d} requests  {len(values) / duration:6.1f}/s  "
              f"p50 {percentile(values, 50):6.1f} ms  p95 {percentile(values, 95):6.1f} ms  "
              f"p99 {percentile(values, 99):6.1f} ms  max {max(values, default=0):6.1f} ms")
        print(f"        statuses: {dict(sorted(rec.statuses[kind].items(), key=str))}")
    for page in sorted({page for page, _status in rec.cache}):
        whole, hits, misses = rec.cache[(page, "page")], rec.cache[(page, "hit")], rec.cache[(page, "miss")]
        total = max(len(whole) + len(hits) + len(misses), 1)
        print(f"public cache, {page}: {len(whole)} whole pages (p95 {percentile(whole, 95):.0f} ms), "
              f"{len(hits)} hits (p95 {percentile(hits, 95):.0f} ms), {len(misses)} misses "
              f"(p95 {percentile(misses, 95):.0f} ms): {100 * (len(whole) + len(hits)) / total:.0f} % from the cache")


def serve_and_load(args, database_url, workdir, tournament, entries, plan, helper_names):
    """Start gunicorn, log the helpers in, run the load, always stop gunicorn.

    Returns the recorder, ``(acknowledged, uncertain)`` games (see ``load_traffic.helper``) and the server log."""
    port, log_path = args.port or free_port(), os.path.join(workdir, "gunicorn.log")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))      # so that ``finally`` stops gunicorn
    process = start_server(args, server_env(database_url, workdir), port, log_path)
    try:
        asyncio.run(wait_ready(process, port, f"/turnier/{tournament.pk}/", log_path))
        print(f"gunicorn on 127.0.0.1:{port}: {args.workers} workers × {args.threads} threads; "
              f"{args.players} players (think {args.think} s), {args.helpers} helpers (think {args.helper_think} s), "
              f"{args.warmup:g} s warm-up + {args.duration:g} s", flush=True)
        jars = asyncio.run(logins(port, helper_names))
        api_paths = []
        if args.api_clients:
            paths = [p.strip().format(t=tournament.pk) for p in args.api_paths.split(",") if p.strip()]
            api_paths = asyncio.run(answering(port, paths))
            print(f"{args.api_clients} api clients (think {args.api_think} s): {', '.join(api_paths)}", flush=True)
        server_cpu, client_cpu, wall = cpu_seconds(process.pid), time.process_time(), time.monotonic()
        pages = -(-len(entries) // 50)
        rec, games = asyncio.run(load(args, port, tournament.pk, entries, plan, jars, pages, api_paths))
        wall = time.monotonic() - wall
        server_cpu = cpu_seconds(process.pid) - server_cpu
        answered = sum(n for kind in rec.statuses.values() for n in kind.values())
        api = sum(rec.statuses["api"].values())
        print(f"cpu over {wall:.0f} s of load: server {server_cpu / wall:.2f} cores "
              f"({1000 * server_cpu / max(answered, 1):.1f} ms a request; {answered - api} players' and helpers' "
              f"requests, {api} api clients'), "
              f"this client {(time.process_time() - client_cpu) / wall:.2f} cores (of {os.cpu_count()})")
    finally:
        stop_server(process)
    return rec, games, log_path


def main():
    args = arguments()
    workdir = tempfile.mkdtemp(prefix="cego-load-")
    database_url = args.database_url or f"sqlite:///{os.path.join(workdir, 'load.sqlite3')}"
    print(f"database: {database_url.split('@')[-1]}", flush=True)
    setup(database_url)
    from django.db import connections

    started = time.perf_counter()
    tournament, round_, helper_names, preplayed = load_data.build(args.players, args.helpers, seed=args.seed)
    plan = load_data.helper_rows(round_, preplayed, args.helpers, seed=args.seed + 1)
    entries = list(tournament.entries.order_by("start_number").values_list("pk", flat=True))
    print(f"built in {time.perf_counter() - started:.1f} s: {len(entries)} players, {round_.tables.count()} tables, "
          f"{sum(preplayed.values())} games played, {sum(len(r) for h in plan for _t, r in h)} rows to key",
          flush=True)
    connections.close_all()

    rec, (acknowledged, uncertain), log_path = serve_and_load(args, database_url, workdir, tournament, entries,
                                                              plan, helper_names)
    with open(log_path) as log:
        server_errors = [line for line in log if "Traceback" in line or "ERROR" in line]
    if server_errors:
        print(f"server log ({log_path}): {len(server_errors)} error lines, e.g. {server_errors[0].strip()}")

    report(rec, args.duration)
    mismatches, stored, problems = load_data.check(tournament, preplayed, acknowledged, uncertain)
    print(f"database: {len(acknowledged)} games acknowledged, {stored} stored "
          f"({sum(preplayed.values())} before the run), {mismatches} mismatches")
    for problem in problems[:10]:
        print(f"  {problem}")
    if not server_errors and not mismatches:
        shutil.rmtree(workdir, ignore_errors=True)
    public = rec.latencies["public"]
    print(f"rps={len(public) / args.duration:.1f} p95_ms={percentile(public, 95):.1f} errors={rec.errors()} "
          f"lost_or_duplicated={mismatches}")


if __name__ == "__main__":
    main()

"""Benchmark: entry at the table — a hall of 160 players keying and confirming their games on their phones.

    .venv/bin/python bench/table_entry.py [--quick] [--games 8] [--game-seconds 20] [--port 8741]
    .ci/with-postgres .venv/bin/python bench/table_entry.py          # PostgreSQL (DATABASE_URL from the script)

Builds a throwaway database (a SQLite file in a temporary directory, or the database ``--database-url`` or the
environment's ``DATABASE_URL`` points at: the bench migrates it and adds a season and a tournament, so never
point it at a real one) with a running tournament of ``--players`` and round 1 drawn by ``draws.draw_round``,
which issues every table's link. Starts gunicorn on 127.0.0.1:``--port`` with production settings
(``DJANGO_DEBUG=0``, a random secret key, collected static files; ``--workers`` × ``--threads`` gthread, 3 × 4
as ``make serve``; keep-alive 30 s). Then (``bench/table_entry_phones.py``):

* every phone (one per seat) opens the table page and polls ``blatt/`` every ``--poll`` seconds with
  ``If-None-Match`` (304 while nothing changed);
* at every table one seat keys the table's games (``spiel/``, random engine-valid games of the tournament's
  ruleset, ``bench/table_entry_data.py``) at tournament pace compressed ×10: a game takes 3–4 minutes, here
  ``--game-seconds`` (20) ± 25 %; another seat confirms each game (``bestaetigen/``, number and version) 1–5 s
  after it was acknowledged;
* ``--offline`` (10 %) of the phones — a third of them keying seats, a third confirming seats, the rest only
  watching — go offline once for 2–4 games' time: they stop polling, queue their writes, each with its own
  idempotency key, and send the queue when they are back;
* ``--double`` (10 %) of the writes are sent twice at the same moment with the same key, ``--lost`` (5 %) are
  sent, their answer thrown away as if lost, and sent again with the same key.

Afterwards gunicorn is stopped and the database read directly (``table_entry_data.check``): every game
acknowledged with 200 is stored exactly once, with the posted data, keyed and confirmed by the right seats
and audited once each; no other game exists; one TableRequest per acknowledged key.

Last line: ``phones=N saves=S p95_ms=X errors=E lost_or_duplicated=L`` — phones, games acknowledged, p95 over
every request (page, polls, writes, their doubles and resends), errors (every answer of 400 or more, 409
included: each game is keyed by one seat only and confirmed as acknowledged, so no conflict is expected; plus
timeouts and connection errors), and the database mismatches. Targets on 2 cores: X ≤ 150, E = 0, L = 0.
See docs/table-entry-benchmark.md.
"""

import argparse
import asyncio
import os
import random
import shutil
import signal
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)       # ahead of bench/, whose scoring.py would shadow the scoring package

import load  # noqa: E402  (after the path line above)
import load_traffic  # noqa: E402
import table_entry_data  # noqa: E402
from table_entry_phones import Ledger, Phone, table_flow  # noqa: E402

KINDS = ("page", "poll", "save", "confirm")


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=160)
    parser.add_argument("--games", type=int, default=8, help="games keyed at every table")
    parser.add_argument("--game-seconds", type=float, default=20, help="mean time of a game (real: 180–240 s)")
    parser.add_argument("--poll", type=float, default=10, help="seconds between two polls of a phone")
    parser.add_argument("--offline", type=float, default=0.1, help="share of phones that go offline once")
    parser.add_argument("--double", type=float, default=0.1, help="share of writes sent twice at once")
    parser.add_argument("--lost", type=float, default=0.05, help="share of writes whose answer is lost")
    parser.add_argument("--quick", action="store_true", help="3 games of 8 s: about 45 s of load")
    parser.add_argument("--port", type=int, default=8741, help="0: any free port")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"),
                        help="default: $DATABASE_URL, else a SQLite file in a temporary directory")
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args()
    if args.quick:
        args.games, args.game_seconds = 3, 8
    return args


def make_phones(args, tables, rec, ledger, rng):
    """Four phones a table (one per seat); the keying and the confirming seat drawn at random."""
    phones, flows = [], []
    chances = {"double": args.double, "lost": args.lost}
    for table in tables:
        seats = [Phone("127.0.0.1", args.port, table=table, seat=s, role="watcher", rng=random.Random(rng.random()),
                       rec=rec, ledger=ledger, chances=chances) for s in range(1, table["size"] + 1)]
        keyer, confirmer = rng.sample(seats, 2)
        keyer.role, confirmer.role = "keyer", "confirmer"
        phones += seats
        flows.append((table, keyer, confirmer))
    return phones, flows


def offline_phones(args, phones, rng):
    """``--offline`` of the phones: a third keying seats, a third confirming seats, the rest watchers."""
    count = round(args.offline * len(phones))
    by_role = {role: rng.sample([p for p in phones if p.role == role], len([p for p in phones if p.role == role]))
               for role in ("keyer", "confirmer", "watcher")}
    chosen = by_role["keyer"][:count // 3] + by_role["confirmer"][:count // 3]
    return chosen + by_role["watcher"][:count - len(chosen)]


async def offline_spell(phone, start, seconds, counts):
    await asyncio.sleep(start)
    await phone.go_offline()
    counts["offline"] += 1
    await asyncio.sleep(seconds)
    counts["offline"] -= 1
    await phone.back_online()


async def progress(rec, ledger, phones, counts, started, every, planned):
    while True:
        await asyncio.sleep(every)
        values = [v for kind in KINDS for v in rec.latencies[kind]]
        queued = sum(len(p.queue) for p in phones)
        print(f"{time.monotonic() - started:5.0f} s  {len(values):6d} requests  "
              f"p95 {load.percentile(values, 95):6.1f} ms  games {len(ledger.saved)}/{planned} saved, "
              f"{len(ledger.confirmed)} confirmed  "
              f"offline {counts['offline']:2d}, {queued:2d} writes queued  errors {rec.errors()}", flush=True)


async def hall(args, tables, plan):
    rng = random.Random(args.seed)
    rec = load_traffic.Recorder(0, float("inf"))
    ledger = Ledger()
    phones, flows = make_phones(args, tables, rec, ledger, rng)
    stop, pending, counts = asyncio.Event(), [], {"offline": 0}
    run_seconds = args.game_seconds * (len(next(iter(plan.values()))) + 1)
    spells = [offline_spell(p, rng.uniform(0.1, 0.6) * run_seconds, rng.uniform(2, 4) * args.game_seconds, counts)
              for p in offline_phones(args, phones, rng)]
    started = time.monotonic()
    polls = [asyncio.ensure_future(p.poll_loop(stop, args.poll)) for p in phones]
    planned = sum(len(games) for games in plan.values())
    reporter = asyncio.ensure_future(progress(rec, ledger, phones, counts, started, min(10.0, args.poll), planned))
    await asyncio.gather(*spells, *(table_flow(table, plan[table["pk"]], keyer, confirmer,
                                               random.Random(rng.random()), game_seconds=args.game_seconds,
                                               confirm_delay=(1, 5), pending=pending)
                                    for table, keyer, confirmer in flows))
    while not all(task.done() for task in pending):      # confirmations (a flushed queue adds more)
        await asyncio.gather(*pending)
    for phone in phones:
        await phone.flush()
    stop.set()
    await asyncio.gather(*polls)
    reporter.cancel()
    for phone in phones:
        await phone.close()
    return rec, ledger, time.monotonic() - started, phones


def report(rec, ledger, seconds):
    everything = []
    for kind in KINDS:
        values = rec.latencies[kind]
        everything += values
        print(f"{kind:8s} {len(values):6d} requests {len(values) / seconds:6.1f}/s  "
              f"p50 {load.percentile(values, 50):6.1f} ms  p95 {load.percentile(values, 95):6.1f} ms  "
              f"p99 {load.percentile(values, 99):6.1f} ms  "
              f"max {max(values, default=0):6.1f} ms  statuses {dict(sorted(rec.statuses[kind].items(), key=str))}")
    print(f"writes: {ledger.sends['single']} sent once, {ledger.sends['double']} twice at once, "
          f"{ledger.sends['lost_answer']} resent after a lost answer, {ledger.sends['queued']} queued offline; "
          f"{ledger.sends['repeated_answers']} answers from the idempotency store; "
          f"{len(ledger.uncertain_keys)} without any answer")
    return everything


def serve_and_run(args, database_url, workdir, tables, plan):
    """Start gunicorn, run the hall, always stop gunicorn. Returns the recorder, ledger, seconds and log path."""
    if not args.port:
        args.port = load.free_port()
    log_path = os.path.join(workdir, "gunicorn.log")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))      # so that ``finally`` stops gunicorn
    process = load.start_server(args, load.server_env(database_url, workdir), args.port, log_path)
    try:
        asyncio.run(load.wait_ready(process, args.port, "/t/sw.js", log_path))
        print(f"gunicorn on 127.0.0.1:{args.port}: {args.workers} workers × {args.threads} threads; "
              f"{sum(t['size'] for t in tables)} phones at {len(tables)} tables, {args.games} games each, "
              f"{args.game_seconds:g} s a game, polls every {args.poll:g} s; load {os.getloadavg()[0]:.2f}",
              flush=True)
        server_cpu, client_cpu = load.cpu_seconds(process.pid), time.process_time()
        rec, ledger, seconds, phones = asyncio.run(hall(args, tables, plan))
        server_cpu = load.cpu_seconds(process.pid) - server_cpu
        answered = sum(n for kind in rec.statuses.values() for n in kind.values())
        print(f"cpu over {seconds:.0f} s: server {server_cpu / seconds:.2f} cores "
              f"({1000 * server_cpu / max(answered, 1):.1f} ms a request), "
              f"this client {(time.process_time() - client_cpu) / seconds:.2f} cores (of {os.cpu_count()}); "
              f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        load.stop_server(process)
    return rec, ledger, seconds, log_path, len(phones)


def main():
    args = arguments()
    workdir = tempfile.mkdtemp(prefix="cego-table-entry-")
    database_url = args.database_url or f"sqlite:///{os.path.join(workdir, 'bench.sqlite3')}"
    print(f"database: {database_url.split('@')[-1]}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
          flush=True)
    load.setup(database_url)
    from django.db import connections

    started = time.perf_counter()
    tournament, round_, tables = table_entry_data.build(args.players, seed=args.seed)
    plan = table_entry_data.table_games(round_, args.games, seed=args.seed + 1)
    print(f"built in {time.perf_counter() - started:.1f} s: {args.players} players, {len(tables)} tables "
          f"({', '.join(sorted({str(t['size']) for t in tables}))} seats), "
          f"{sum(len(g) for g in plan.values())} games to key", flush=True)
    connections.close_all()

    rec, ledger, seconds, log_path, phones = serve_and_run(args, database_url, workdir, tables, plan)
    with open(log_path) as log:
        server_errors = [line for line in log if "Traceback" in line or "ERROR" in line]
    if server_errors:
        print(f"server log ({log_path}): {len(server_errors)} error lines, e.g. {server_errors[0].strip()}")
    everything = report(rec, ledger, seconds)
    mismatches, stored, requests, problems = table_entry_data.check(tournament, ledger)
    print(f"database: {len(ledger.saved)} games acknowledged, {stored} stored, {len(ledger.confirmed)} "
          f"confirmations acknowledged; {requests} TableRequests for {len(ledger.acked_keys)} acknowledged keys; "
          f"{mismatches} mismatches")
    for problem in problems[:10]:
        print(f"  {problem}")
    if not server_errors and not mismatches:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"phones={phones} saves={len(ledger.saved)} p95_ms={load.percentile(everything, 95):.1f} "
          f"errors={rec.errors()} lost_or_duplicated={mismatches}")


if __name__ == "__main__":
    main()

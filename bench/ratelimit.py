"""Benchmark: the rate limit's counter (``tournament.common.ratelimit.over_limit``) — what one count costs, and how
many requests a limit lets through when 32 senders count at the same moment.

    .venv/bin/python bench/ratelimit.py [--cache file] [--senders 32] [--limit 10] [--rounds 20] [--counts 2000]
    .ci/with-redis .venv/bin/python bench/ratelimit.py --cache redis

``--cache file``: production without Redis (DJANGO_DEBUG off, the file cache in a temporary directory — what
``make serve`` and ``make hall`` use); ``--cache redis``: ``DJANGO_CACHE_URL`` (``.ci/with-redis`` sets it).

1. Concurrency: ``--senders`` processes (as gunicorn's workers are processes) are forked before anything touches
   the cache; in each of ``--rounds`` rounds they wait at a barrier and then each counts once under the round's
   key against ``--limit``. Printed: how many were let through per round (min, mean, max) and the worst round
   as a multiple of the limit — 1.00× is right.
2. Cost: ``--counts`` counts one after another in this process, spread over 100 keys: wall time and CPU time per
   count, and counts per second.

Only the public function ``over_limit(key, limit=, window=)`` is called, so the same script measures an older
checkout (copy it into that tree): docs/table-entry.md, "Rate limit", has before and after.
"""

import argparse
import multiprocessing
import os
import secrets
import statistics
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", choices=("file", "redis"), default="file")
    parser.add_argument("--senders", type=int, default=32)
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--counts", type=int, default=2000)
    return parser.parse_args()


def setup(args, workdir):
    if args.cache == "redis":
        if not os.environ.get("DJANGO_CACHE_URL"):
            sys.exit("--cache redis needs DJANGO_CACHE_URL (run under .ci/with-redis)")
    else:
        os.environ.pop("DJANGO_CACHE_URL", None)
        os.environ.update(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secrets.token_urlsafe(50))
    os.environ["DJANGO_CACHE_DIR"] = os.path.join(workdir, "cache")
    os.environ.pop("CEGO_RATE_DIR", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django
    django.setup()


def sender(run, rounds, limit, barrier, results):
    from tournament.common.ratelimit import over_limit

    for number in range(rounds):
        barrier.wait()
        results.put((number, not over_limit(f"bench:{run}:{number}", limit=limit, window=3600)))


def concurrency(args):
    context = multiprocessing.get_context("fork")
    barrier, results = context.Barrier(args.senders), context.Queue()
    run = secrets.token_hex(4)
    processes = [context.Process(target=sender, args=(run, args.rounds, args.limit, barrier, results))
                 for _ in range(args.senders)]
    for process in processes:
        process.start()
    passed = [0] * args.rounds
    for _ in range(args.senders * args.rounds):
        number, let_through = results.get(timeout=120)
        passed[number] += let_through
    for process in processes:
        process.join()
    return passed


def cost(args):
    from tournament.common.ratelimit import over_limit

    run = secrets.token_hex(4)
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(args.counts):
        over_limit(f"bench-cost:{run}:{i % 100}", limit=10**9, window=3600)
    return time.perf_counter() - wall, time.process_time() - cpu


def main():
    args = arguments()
    with tempfile.TemporaryDirectory(prefix="cego-ratelimit-") as workdir:
        setup(args, workdir)
        from django.conf import settings

        print(f"cache: {settings.CACHES['default']['BACKEND']}; {os.cpu_count()} cores, load average "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        passed = concurrency(args)
        wall, cpu = cost(args)
    worst = max(passed)
    print(f"{args.senders} senders at once, limit {args.limit}, {args.rounds} rounds: let through "
          f"min {min(passed)} mean {statistics.mean(passed):.1f} max {worst} "
          f"({worst / args.limit:.2f}× the limit at worst); per round {passed}")
    print(f"{args.counts} counts one after another: {1e6 * wall / args.counts:.0f} µs wall, "
          f"{1e6 * cpu / args.counts:.0f} µs CPU a count, {args.counts / wall:.0f} counts/s")
    print(f"cache={args.cache} senders={args.senders} limit={args.limit} max_passed={worst} "
          f"ratio={worst / args.limit:.2f} us_per_count={1e6 * wall / args.counts:.0f} "
          f"cpu_us_per_count={1e6 * cpu / args.counts:.0f}")


if __name__ == "__main__":
    main()

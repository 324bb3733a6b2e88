"""Benchmark: what a phone's live check costs the server (docs/accessibility.md "Live updates").

    python bench/live_check.py [--players 300] [--runs 200] [--db PATH]

Builds (in a throwaway SQLite file unless --db names one) the live tournament of ``bench/load.py``
(``load_data.build``: ``players`` players, round 1 open, a few games at every table), then times through Django's
test client in this process, median of ``runs`` requests each:

* ``hit``: the standings as a cache hit (what a reload cost every 30 s before the live updates);
* ``check``: the same URL with the page's ``ETag`` in ``If-None-Match`` — the 304 every phone gets while nothing
  changed;
* ``changed``: the first request after a write (a miss: the page is rendered once and stored).

Last line: ``hit_ms=X check_ms=Y changed_ms=Z bytes_hit=B bytes_check=0`` (target: the check at most half of a
hit, and no body: on the hall's Wi-Fi the 28 kB a hit sends are the cost, 300 phones × 28 kB every 30 s).
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)       # ahead of bench/, whose scoring.py would shadow the scoring package


def setup(db_path):
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)


def timed(client, url, runs, **headers):
    times, response = [], None
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get(url, **headers)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), response


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--db", help="an SQLite file to build in (or reuse)")
    args = parser.parse_args()
    db = args.db or os.path.join(tempfile.mkdtemp(prefix="cego-live-"), "bench.sqlite3")
    setup(db)

    import load_data
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Entry
    from tournament.results import services

    tournament, _round, _helpers, _preplayed = load_data.build(args.players, helpers=1)
    url = reverse("public:tournament", args=[tournament.pk])
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    client = Client()
    first = client.get(url)
    assert first.status_code == 200, first.status_code
    hit_ms, hit = timed(client, url, args.runs)
    check_ms, check = timed(client, url, args.runs, HTTP_IF_NONE_MATCH=hit["ETag"])
    assert check.status_code == 304 and check.content == b""
    changed = []
    for i in range(min(args.runs, 20)):
        services.add_adjustment(entry=Entry.objects.filter(tournament=tournament).first(), points=1 + i % 2,
                                reason="bench", user=None)
        ms, response = timed(client, url, 1, HTTP_IF_NONE_MATCH=hit["ETag"])
        assert response.status_code == 200
        changed.append(ms)
    print(f"players={args.players} runs={args.runs} db={db}")
    print(f"hit_ms={hit_ms:.2f} check_ms={check_ms:.2f} changed_ms={statistics.median(changed):.1f} "
          f"bytes_hit={len(hit.content)} bytes_check={len(check.content)}")


if __name__ == "__main__":
    main()

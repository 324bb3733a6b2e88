"""Benchmark: the CPU one gunicorn process spends on public pages between two results, in ``bench/load.py``'s mix.

    python bench/change_cost.py [--players 1000] [--results 12] [--requests 225]

With 1000 players ``bench/load.py`` asks about 900 pages a second while 10 helpers key about 2 results a
second, so each of its 2 gunicorn processes answers about 225 public requests between two results, and nearly all
the CPU that is not a whole stored page goes to the first requests after a result (``docs/load.md``). This builds
the live tournament of ``bench/load.py`` (``load_data.build``) in a throwaway SQLite file and, ``--results`` times,
keys one real result through the score sheet's save endpoint (Django's test client, logged in as a helper) and
then asks ``--requests`` anonymous pages in the load mix (``bench/load_traffic.py``: 25 % a player's own page,
the others the standings, 10 % of them another page than the first, 15 % in English) with a fixed seed, all in
this one process with DEBUG on (the process' memory cache). Prints the CPU per result cycle (the requests only,
not the result's write), how the answers were served (``X-Public-Cache``: page, hit, miss) and the mean CPU per
request. Last line: ``cycle_ms=… per_request_ms=… whole_pages=…%``.
"""

import argparse
import os
import random
import sys
import time
from collections import Counter

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)                     # ahead of bench/, whose scoring.py would shadow the scoring package
sys.path.append(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--results", type=int, default=12)
    parser.add_argument("--requests", type=int, default=225)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    import load_data
    tournament, round_, helpers, preplayed = load_data.in_process(args.players, "cego-change-")
    from django.contrib.auth import get_user_model
    from django.test import Client

    rows = [row for _table, table_rows in load_data.helper_rows(round_, preplayed, 1)[0] for row in table_rows]
    entries = list(tournament.entries.values_list("pk", flat=True))
    pages = (len(entries) + 49) // 50
    rng = random.Random(args.seed)
    helper = Client(HTTP_HOST="localhost")
    helper.force_login(get_user_model().objects.get(username=helpers[0]))
    phones = {lang: Client(HTTP_HOST="localhost", headers={"Accept-Language": lang}) for lang in ("de", "en")}
    english = set(rng.sample(entries, len(entries) * 15 // 100))      # a player reads in one language
    for phone in phones.values():           # every page once, as in bench/load.py's warm-up (and the CSRF cookie)
        for page in range(1, pages + 1):
            phone.get(f"/turnier/{tournament.pk}/?page={page}")
    for entry in entries:
        phones["en" if entry in english else "de"].get(f"/turnier/{tournament.pk}/spieler/{entry}/")


    def ask():
        """One phone's request: ``(client, url)``."""
        entry = rng.choice(entries)
        phone = phones["en" if entry in english else "de"]
        if rng.random() < 0.25:
            return phone, f"/turnier/{tournament.pk}/spieler/{entry}/"
        page = rng.randint(2, pages) if rng.random() < 0.1 else 1
        return phone, f"/turnier/{tournament.pk}/" + (f"?page={page}" if page > 1 else "")

    served, cycles = Counter(), []
    for number in range(args.results + 1):
        row = rows[rng.randrange(len(rows))]
        rows.remove(row)
        answer = helper.post(f"/eingabe/tisch/{row['table']}/speichern/", row["body"],
                             content_type="application/x-www-form-urlencoded", headers={"Accept": "application/json"})
        assert answer.status_code == 200, answer.content[:300]
        start = time.process_time()
        for _ in range(args.requests):
            phone, url = ask()
            response = phone.get(url)
            assert response.status_code == 200, response.status_code
            if number:                                           # the first cycle warms the process up
                served[response.get("X-Public-Cache", "none")] += 1
        if number:
            cycles.append((time.process_time() - start) * 1000)
    cycle = sorted(cycles)[len(cycles) // 2]
    total = sum(served.values())
    print(f"{args.players} players, {args.requests} requests after each of {args.results} results, CPU ms:")
    print("  cycles: " + ", ".join(f"{c:.0f}" for c in cycles))
    print("  served: " + ", ".join(f"{k} {v * 100 / total:.0f} %" for k, v in served.most_common()))
    print(f"cycle_ms={cycle:.0f} per_request_ms={cycle / args.requests:.2f} "
          f"whole_pages={served['page'] * 100 / total:.0f}%")


if __name__ == "__main__":
    main()

"""Benchmark: season standings over a big season, next to a raw SQL ``SUM … GROUP BY`` over the same score rows.

    python bench/standings.py [--players 400] [--tournaments 13] [--games 24] [--db PATH]

Builds (once, in a throwaway SQLite file unless --db points at an existing one) a season of ``players``
players at each of ``tournaments`` tournaments with two rounds of ``games`` games at every table, every game a
legal random game scored by the engine: 400 × 13 × 48 = 249,600 player-games (62,400 table games, 249,600
score rows). Then times, best of 7 runs each:

* the season standings view (the public season page through Django's test client when it exists, else the
  director's), and the ``season_standings`` selector alone;
* a raw SQL sum of the score rows per player (what a naive ranking would have to do).

Last line: ``season_standings_ms=X raw_sql_ms=Y ratio=Z`` (targets: X ≤ 300 on SQLite here, ratio ≤ 2).
"""

import argparse
import os
import random
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)


def setup(db_path):
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django
    django.setup()


def build(players, tournaments, games, seed=7):
    import datetime

    from django.core.management import call_command
    from django.db import transaction

    from scoring import score_game
    from scoring.random_games import random_game
    from tournament.models import (
        Entry,
        Game,
        Player,
        Round,
        Score,
        Season,
        Seat,
        Table,
        Tournament,
    )
    from tournament.results import engine, services

    call_command("migrate", verbosity=0)
    if Season.objects.filter(name="Bench season").exists():
        print("using the season already in the database")
        return Season.objects.get(name="Bench season")
    rng = random.Random(seed)
    season = Season.objects.create(name="Bench season", year=2026)
    pool = Player.objects.bulk_create(Player(first_name=f"Vorname{i}", last_name=f"Name{i:04d}", town="Triberg")
                                      for i in range(players))
    for k in range(tournaments):
        start = time.perf_counter()
        with transaction.atomic():
            t = Tournament.objects.create(season=season, name=f"Turnier {k + 1}", published=True, round_count=2,
                                          date=datetime.date(2026, 1, 3) + datetime.timedelta(days=7 * k),
                                          seed=f"bench-{k}")
            entries = Entry.objects.bulk_create(Entry(tournament=t, player=p, start_number=i + 1)
                                                for i, p in enumerate(pool))
            for number in (1, 2):
                order = entries[:]
                rng.shuffle(order)
                r = Round.objects.create(tournament=t, number=number, seed="bench", algorithm="bench",
                                         input_hash="-", status=Round.Status.LOCKED)
                sizes = [4] * (len(order) // 4)
                for extra in range(len(order) % 4):
                    sizes[extra] += 1
                tables = Table.objects.bulk_create(Table(round=r, number=i + 1, size=s, games_planned=games)
                                                   for i, s in enumerate(sizes))
                seats, game_rows, scores = [], [], []
                at = 0
                for table in tables:
                    members = order[at:at + table.size]
                    at += table.size
                    seats += [Seat(round=r, table=table, entry=e, position=p) for p, e in enumerate(members)]
                    for n in range(1, games + 1):
                        dealer = table.dealer(n)
                        g = random_game(rng, "schwarzwald", players=table.size, dealer=dealer)
                        result = score_game(dict(g, dealer=dealer))
                        fields = engine.stored_fields(g)
                        game_rows.append(Game(table=table, number=n, scores=result["scores"],
                                              value=result["value"], fach=result["fach"], won=result["won"],
                                              **fields))
                        scores.append((table, members, result["scores"]))
                Seat.objects.bulk_create(seats)
                saved = Game.objects.bulk_create(game_rows, batch_size=2000)
                Score.objects.bulk_create((Score(table=table, game=game, entry=e, points=pts)
                                           for game, (table, members, result) in zip(saved, scores, strict=True)
                                           for e, pts in zip(members, result, strict=True)), batch_size=5000)
            services.refresh_totals(e.pk for e in entries)
        print(f"  tournament {k + 1}/{tournaments}: {len(pool)} players, "
              f"{Game.objects.filter(table__round__tournament=t).count()} games, "
              f"{time.perf_counter() - start:.1f} s", flush=True)
    return season


def best_of(fn, runs=7):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), sorted(times)[len(times) // 2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--tournaments", type=int, default=13)
    parser.add_argument("--games", type=int, default=24, help="games per round at a table")
    parser.add_argument("--db", default=None, help="SQLite file to build in or reuse (default: a temporary one)")
    args = parser.parse_args()
    db_path = args.db or os.path.join(tempfile.mkdtemp(prefix="cego-bench-"), "bench.sqlite3")
    setup(db_path)

    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Game, Score
    from tournament.standings.selectors import season_standings

    print(f"building the season in {db_path} …", flush=True)
    season = build(args.players, args.tournaments, args.games)
    print(f"season: {Game.objects.count():,} games, {Score.objects.count():,} score rows, "
          f"{season.tournaments.count()} tournaments")

    sql = ("SELECT e.player_id, SUM(s.points) FROM tournament_score s "
           "JOIN tournament_entry e ON e.id = s.entry_id "
           "JOIN tournament_tournament t ON t.id = e.tournament_id "
           "WHERE t.season_id = %s GROUP BY e.player_id ORDER BY 2 DESC")

    def raw():
        with connection.cursor() as cursor:
            cursor.execute(sql, [season.pk])
            return cursor.fetchall()

    rows = season_standings(season).rows
    raw_rows = raw()
    assert sorted(r.total for r in rows) == sorted(v for _p, v in raw_rows), "stored totals disagree with SQL"
    print(f"check: {len(rows)} players, totals equal to the raw SQL sums")

    from django.conf import settings
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    client = Client()
    url, name = reverse("public:season", args=[season.pk]), "public:season"

    def view():
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        return response

    selector_ms, selector_p50 = best_of(lambda: season_standings(season))
    raw_ms, raw_p50 = best_of(raw)
    print(f"season_standings() selector: best {selector_ms:.1f} ms, median {selector_p50:.1f} ms")
    print(f"raw SQL SUM … GROUP BY:      best {raw_ms:.1f} ms, median {raw_p50:.1f} ms")
    view_ms, view_p50 = best_of(view)
    print(f"view {name} ({url}): best {view_ms:.1f} ms, median {view_p50:.1f} ms")
    print(f"season_standings_ms={view_ms:.1f} raw_sql_ms={raw_ms:.1f} ratio={view_ms / raw_ms:.2f}")


if __name__ == "__main__":
    main()

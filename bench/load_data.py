"""The data side of ``bench/load.py``: a live 300-player tournament, the helpers' rows, and the check afterwards.

Runs in the benchmark's own process with Django set up against the throwaway database (the server under load
is a separate gunicorn process). ``build`` makes a published tournament with round 1 drawn and open and a few
games at every table; ``helper_rows`` prepares every remaining row as the score sheet posts it (the form fields
of docs/entry.md) together with what ``GameRowForm`` makes of it, so the load client only sends bytes;
``check`` compares the database with what the server acknowledged.
"""

import datetime
import os
import random
import tempfile
import time
from urllib.parse import urlencode

HELPER_PASSWORD = "load-helper-pw"


def in_process(players, prefix, helpers=1):
    """Django set up in this process against a new SQLite file with DEBUG on (the process' memory cache),
    migrated, with ``build``'s tournament in it: the in-process benchmarks (public_pages.py, change_cost.py)."""
    workdir = tempfile.mkdtemp(prefix=prefix)
    os.environ.update(DATABASE_URL=f"sqlite:///{workdir}/bench.sqlite3", DJANGO_DEBUG="1",
                      DJANGO_SETTINGS_MODULE="tournament.config.settings")
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    return build(players, helpers)


def build(players, helpers, seed=6):
    """A published tournament of ``players`` with round 1 drawn and open, and ``helpers`` superusers.

    Returns ``(tournament, round_, helper_names, preplayed)`` where ``preplayed`` is ``{table pk: games}``.
    """
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    from tournament.draws import services as draws
    from tournament.management.commands.demo import FIRST_M, FIRST_W, LAST, TOWNS
    from tournament.models import Entry, Player, Season, Tournament
    from tournament.results import services
    from tournament.results.random_play import play_table

    rng = random.Random(seed)
    model = get_user_model()
    password = make_password(HELPER_PASSWORD)        # hashed once: PBKDF2 ten times would cost seconds
    names = [f"load-helper-{i + 1}" for i in range(helpers)]
    for name in names:
        model.objects.update_or_create(username=name, defaults={
            "password": password, "is_staff": True, "is_superuser": True, "is_active": True})
    director = model.objects.get(username=names[0])
    with transaction.atomic():
        stamp = time.strftime("%H:%M:%S")
        season = Season.objects.create(name=f"Lasttest {stamp}", year=2026)
        t = Tournament.objects.create(season=season, name=f"Cego-Lasttest {stamp}", venue="Festhalle Furtwangen",
                                      date=datetime.date(2026, 5, 16), round_count=2, published=True,
                                      seed=f"load-{seed}", status=Tournament.Status.RUNNING)
        pool = []
        for _ in range(players):
            woman = rng.random() < 0.36
            pool.append(Player(first_name=rng.choice(FIRST_W if woman else FIRST_M), last_name=rng.choice(LAST),
                               town=rng.choice(TOWNS), is_woman=woman, birth_year=rng.randint(1945, 2012),
                               is_guest=rng.random() < 0.04))
        Player.objects.bulk_create(pool)
        Entry.objects.bulk_create(Entry(tournament=t, player=p, start_number=i + 1, paid=True)
                                  for i, p in enumerate(pool))
        round_ = draws.draw_round(tournament=t, number=1, user=director)
        preplayed, entry_ids = {}, []
        for table in round_.tables.prefetch_related("seats").order_by("number"):
            preplayed[table.pk] = rng.randint(0, 6)
            entry_ids += play_table(table, preplayed[table.pk], rng)
        services.refresh_totals(entry_ids)
    return t, round_, names, preplayed


def helper_rows(round_, preplayed, helpers, seed=7):
    """Per helper, its tables (round robin by table number) and every remaining row of each, in order.

    A row is ``{"table", "number", "body", "expected"}``: ``body`` the urlencoded POST of the sheet (``number``,
    empty ``version``, ``contract``, ``declarer``, ``result``, ``penalty``, ``calls``, ``rp_<seat>``) and
    ``expected`` the engine fields ``GameRowForm`` reads from it, i.e. what must end up in the database.
    """
    from types import SimpleNamespace

    from scoring.random_games import random_game
    from tournament.results import engine
    from tournament.results.rows import (
        GameRowForm,
        row_values,
        show_raeuber_tricks,
    )

    rng = random.Random(seed)
    tournament = round_.tournament
    rs = engine.ruleset_for(tournament)
    tricks = show_raeuber_tricks(rs)
    plan = [[] for _ in range(helpers)]
    for index, table in enumerate(round_.tables.select_related("round__tournament").order_by("number")):
        rows = []
        for number in range(preplayed[table.pk] + 1, table.games_planned + 1):
            game = random_game(rng, tournament.ruleset, players=table.size, dealer=table.dealer(number))
            values = row_values(SimpleNamespace(**{name: game.get(name) for name in engine.GAME_FIELDS}),
                                table.size)
            fields = {"number": number, "version": "", "reason": ""}
            fields.update((k, v) for k, v in values.items()
                          if k != "kind" and (tricks or not k.startswith("rt_")))
            form = GameRowForm(fields, table=table, ruleset=rs)
            assert form.is_valid() and form.game_data, (number, fields, form.errors)
            rows.append({"table": table.pk, "number": number, "body": urlencode(fields).encode(),
                         "expected": form.game_data})
        plan[index % helpers].append((table.pk, rows))
    return plan


def check(tournament, preplayed, acknowledged, uncertain=()):
    """Mismatches between the database and what the server acknowledged with 200.

    ``acknowledged`` is ``{(table pk, number): expected engine fields}``; ``uncertain`` holds rows whose answer
    never arrived (counted as errors already; stored or not, both are right). A mismatch is an acknowledged
    game that is missing or holds other data, a game stored that was neither pre-played, acknowledged nor
    uncertain, a game whose score rows are not one per seat, or one with more than one "created" audit entry
    (stored twice).
    Returns ``(mismatches, stored_games, descriptions)``.
    """
    from django.db.models import Count

    from tournament.models import AuditLog, Game, Score
    from tournament.results.engine import GAME_FIELDS, stored_fields

    games = {(g.table_id, g.number): g for g in Game.objects.filter(table__round__tournament=tournament)
             .select_related("table")}
    rows = dict(Score.objects.filter(game__in=games.values()).values("game_id").annotate(n=Count("id"))
                .values_list("game_id", "n"))
    creates = dict(AuditLog.objects.filter(tournament=tournament, object_type=AuditLog.Kind.GAME,
                                           action=AuditLog.Action.CREATE)
                   .values("object_id").annotate(n=Count("id")).values_list("object_id", "n"))
    problems = []
    for key, expected in acknowledged.items():
        game = games.get(key)
        if game is None:
            problems.append(f"lost: table {key[0]} game {key[1]}")
            continue
        stored = {name: getattr(game, name) for name in GAME_FIELDS}
        wanted = stored_fields(expected)
        if stored != wanted or game.version != 1:
            problems.append(f"differs: table {key[0]} game {key[1]}: {stored} != {wanted} (v{game.version})")
        if creates.get(game.pk, 0) != 1:
            problems.append(f"audited {creates.get(game.pk, 0)}× as created: table {key[0]} game {key[1]}")
    for key, game in games.items():
        if key not in acknowledged and key not in uncertain and key[1] > preplayed.get(key[0], 0):
            problems.append(f"stored without a 200: table {key[0]} game {key[1]}")
        if rows.get(game.pk, 0) != game.table.size:
            problems.append(f"{rows.get(game.pk, 0)} score rows: table {key[0]} game {key[1]}")
    return len(problems), len(games), problems

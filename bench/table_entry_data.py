"""The data side of ``bench/table_entry.py``: the hall (a tournament with one drawn round and its table links),
the games each table will key, and the check of the database afterwards.

Runs in the benchmark's own process with Django set up against the throwaway database; the server under load is
a separate gunicorn process. ``build`` draws round 1 through ``draws.draw_round``, which issues every table's
link; ``table_games`` prepares each table's games as the phone posts them (the fields of ``GameRowForm``)
together with what the form makes of them, so the load client only sends bytes; ``check`` compares the database
with what the server acknowledged.
"""

import datetime
import random
import time
from types import SimpleNamespace

DIRECTOR = "table-entry-bench-director"


def build(players, seed=8):
    """A published, running tournament of ``players`` with round 1 drawn (no game played yet).

    Returns ``(tournament, round_, tables)``; ``tables`` is a list of ``{"pk", "number", "size", "planned",
    "token"}`` ordered by table number.
    """
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from tournament.draws import services as draws
    from tournament.management.commands.demo import FIRST_M, FIRST_W, LAST, TOWNS
    from tournament.models import Entry, Player, Season, TableLink, Tournament

    rng = random.Random(seed)
    director, _created = get_user_model().objects.update_or_create(
        username=DIRECTOR, defaults={"is_staff": True, "is_superuser": True, "is_active": True})
    with transaction.atomic():
        stamp = time.strftime("%H:%M:%S")
        season = Season.objects.create(name=f"Tischeingabe-Test {stamp}", year=2026)
        t = Tournament.objects.create(season=season, name=f"Cego-Tischeingabe {stamp}", venue="Festhalle Furtwangen",
                                      date=datetime.date(2026, 5, 16), round_count=2, published=True,
                                      seed=f"table-entry-{seed}", status=Tournament.Status.RUNNING)
        pool = []
        for _i in range(players):
            woman = rng.random() < 0.36
            pool.append(Player(first_name=rng.choice(FIRST_W if woman else FIRST_M), last_name=rng.choice(LAST),
                               town=rng.choice(TOWNS), is_woman=woman, birth_year=rng.randint(1945, 2012)))
        Player.objects.bulk_create(pool)
        Entry.objects.bulk_create(Entry(tournament=t, player=p, start_number=i + 1, paid=True)
                                  for i, p in enumerate(pool))
        round_ = draws.draw_round(tournament=t, number=1, user=director)
    tokens = dict(TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
                  .values_list("table_id", "token"))
    tables = [{"pk": table.pk, "number": table.number, "size": table.size, "planned": table.games_planned,
               "token": tokens[table.pk]} for table in round_.tables.order_by("number")]
    return t, round_, tables


def table_games(round_, games, seed=9):
    """Per table pk, its first ``games`` games in order, each ``{"number", "fields", "expected"}``: ``fields``
    the form fields a phone posts (``number``, empty ``version``, ``contract``, ``declarer``, ``result``, ``rp_…``
    …, without seat, device and key) and ``expected`` the engine fields ``GameRowForm`` reads from them, i.e.
    what must end up in the database. Random engine-valid games (``scoring.random_games``: every contract of the
    ruleset by its usual frequency, a declarer who is not sitting out, card points 0…79 for point games)."""
    from scoring.random_games import random_game
    from tournament.results import engine
    from tournament.results.rows import GameRowForm, row_values, show_raeuber_tricks

    rng = random.Random(seed)
    tournament = round_.tournament
    rs = engine.ruleset_for(tournament)
    tricks = show_raeuber_tricks(rs)
    plan = {}
    for table in round_.tables.select_related("round__tournament").order_by("number"):
        rows = []
        for number in range(1, min(games, table.games_planned) + 1):
            game = random_game(rng, tournament.ruleset, players=table.size, dealer=table.dealer(number))
            values = row_values(SimpleNamespace(**{name: game.get(name) for name in engine.GAME_FIELDS}),
                                table.size)
            fields = {"number": str(number), "version": ""}
            fields.update((k, v) for k, v in values.items()
                          if k != "kind" and (tricks or not k.startswith("rt_")))
            form = GameRowForm(fields, table=table, ruleset=rs)
            assert form.is_valid() and form.game_data, (number, fields, form.errors)
            rows.append({"number": number, "fields": fields, "expected": form.game_data})
        plan[table.pk] = rows
    return plan


def check(tournament, ledger):  # noqa: C901 (one comparison per kind of mismatch the docstring lists)
    """Mismatches between the database and what the server acknowledged (``ledger``, see
    ``table_entry_phones.Ledger``), read directly with the ORM.

    A mismatch is: an acknowledged game that is missing, holds other data, is not version 1, was not keyed by
    the keying seat or not confirmed by the confirming seat; a game stored that was never acknowledged (and
    whose every answer was not lost); a game with other than one score row per seat, or audited other than once
    as created and once as confirmed; a TableRequest count outside [acknowledged keys, + keys whose every answer
    was lost], or a TableRequest for a key that was never sent.
    Returns ``(mismatches, stored_games, table_requests, descriptions)``.
    """
    from django.db.models import Count

    from tournament.models import AuditLog, Game, Score, TableRequest
    from tournament.results.engine import GAME_FIELDS, stored_fields

    games = {(g.table_id, g.number): g for g in Game.objects.filter(table__round__tournament=tournament)
             .select_related("table")}
    rows = dict(Score.objects.filter(game__in=games.values()).values("game_id").annotate(n=Count("id"))
                .values_list("game_id", "n"))
    audits = {}
    for object_id, action, n in (AuditLog.objects.filter(tournament=tournament, object_type=AuditLog.Kind.GAME)
                                 .values("object_id", "action").annotate(n=Count("id"))
                                 .values_list("object_id", "action", "n")):
        audits[(object_id, action)] = n
    problems = []
    for key, wanted in ledger.saved.items():
        game = games.get(key)
        where = f"table {key[0]} game {key[1]}"
        if game is None:
            problems.append(f"lost: {where}")
            continue
        stored = {name: getattr(game, name) for name in GAME_FIELDS}
        expected = stored_fields(wanted["expected"])
        if stored != expected or game.version != 1:
            problems.append(f"differs: {where}: {stored} != {expected} (v{game.version})")
        if game.keyed_seat != wanted["keyed_seat"]:
            problems.append(f"keyed by seat {game.keyed_seat}, not {wanted['keyed_seat']}: {where}")
        confirmer = ledger.confirmed.get(key)
        if confirmer is None or game.confirmed_seat != confirmer:
            problems.append(f"confirmation: seat {game.confirmed_seat} stored, {confirmer} acknowledged: {where}")
        for action in (AuditLog.Action.CREATE, AuditLog.Action.CONFIRM):
            if audits.get((game.pk, action), 0) != 1:
                problems.append(f"audited {audits.get((game.pk, action), 0)}× {action}: {where}")
    for key, game in games.items():
        if key not in ledger.saved and key not in ledger.uncertain_games:
            problems.append(f"stored without a 200: table {key[0]} game {key[1]}")
        if rows.get(game.pk, 0) != game.table.size:
            problems.append(f"{rows.get(game.pk, 0)} score rows: table {key[0]} game {key[1]}")
    for key in ledger.confirmed:
        if key not in ledger.saved:
            problems.append(f"confirmed without an acknowledged save: table {key[0]} game {key[1]}")
    stored_keys = set(TableRequest.objects.filter(link__table__round__tournament=tournament)
                      .values_list("key", flat=True))
    requests = len(stored_keys)
    if not ledger.acked_keys <= stored_keys:
        problems.append(f"{len(ledger.acked_keys - stored_keys)} acknowledged keys without a TableRequest")
    if not stored_keys <= ledger.acked_keys | ledger.uncertain_keys:
        problems.append(f"{len(stored_keys - ledger.acked_keys - ledger.uncertain_keys)} TableRequests for keys "
                        "never acknowledged")
    return len(problems), len(games), requests, problems

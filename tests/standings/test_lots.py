"""Tie-break lots are drawn by the writes, in their transaction; reading the standings never writes.

The lots used to be drawn by the standings selector while a page rendered, so a GET wrote to the database. Now
``standings.services.draw_missing_lots`` runs in the draw, in every change of a total and in locking a round;
the pages only read (``CaptureQueriesContext`` sees no INSERT, UPDATE or DELETE) and the order stays stable.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories
from tournament.models import Entry, Round
from tournament.registration import services as registration
from tournament.results import services
from tournament.standings import selectors

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE")


def lots(t):
    return dict(Entry.objects.filter(tournament=t).values_list("start_number", "lot"))


def writes(context):
    return [q["sql"] for q in context.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]


def test_the_draw_gives_every_entry_its_lot_and_reloads_keep_the_order():
    t, _round = factories.drawn(players=8)                  # nobody has scored: everybody ties on 0
    assert sorted(lots(t).values()) == list(range(1, 9))
    first = [row.key for row in selectors.tournament_standings(t).rows]
    assert [row.rank for row in selectors.tournament_standings(t).rows] == list(range(1, 9))
    assert [row.key for row in selectors.tournament_standings(t).rows] == first


def test_a_late_entry_draws_after_the_others_with_the_next_total_change_and_nothing_moves():
    t, round_ = factories.drawn(players=4, rounds=2)
    drawn = lots(t)
    late = registration.register(tournament=t, user=None, player=factories.existing_player())
    assert Entry.objects.get(pk=late.pk).lot is None         # registering draws nothing …
    results_table = round_.tables.get()
    services.record_totals(table=results_table, totals={0: 30, 1: -10, 2: -10, 3: -10}, user=None)
    assert lots(t) == {**drawn, late.start_number: 5}         # … the next result does, after the others


def test_locking_a_round_draws_the_lots_that_are_missing():
    t, round_ = factories.seated_and_played(players=4, games=24)     # seated without the draw: no lots yet
    Entry.objects.filter(tournament=t).update(lot=None)
    services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=None)
    assert sorted(lots(t).values()) == [1, 2, 3, 4]


def test_an_entry_without_a_lot_ranks_after_its_equals_and_the_read_draws_nothing():
    t, _round = factories.seated(players=4)
    with CaptureQueriesContext(connection) as context:
        rows = selectors.tournament_standings(t).rows
    assert writes(context) == [] and {row.rank for row in rows} == {1}        # all tie on 0, no lot yet
    assert set(lots(t).values()) == {None}


@pytest.mark.parametrize("page", ["public:tournament", "public:prizes", "director:standings", "director:prizes"])
def test_a_standings_page_only_reads(client, page):
    t, round_ = factories.drawn(players=8, published=True)
    factories.play(round_, games=3)
    Entry.objects.filter(tournament=t).update(lot=None)       # as a tournament from before this change
    if page.startswith("director:"):
        client.force_login(factories.staff())
    for _reload in range(2):
        with CaptureQueriesContext(connection) as context:
            assert client.get(reverse(page, args=[t.pk])).status_code == 200
        assert writes(context) == [], writes(context)
    assert set(lots(t).values()) == {None}


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_drawn_tournaments_the_lots_their_next_read_would_have_drawn():
    """Before 0007 the standings read drew the lots; tournaments nobody ranked yet get them in the migration."""
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("tournament", "0004_clear_names")], [("tournament", "0007_services_audit")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    season = old.get_model("tournament", "Season").objects.create(name="S", year=2026)
    Tournament, Player = old.get_model("tournament", "Tournament"), old.get_model("tournament", "Player")
    Entry, Round = old.get_model("tournament", "Entry"), old.get_model("tournament", "Round")
    drawn, waiting = (Tournament.objects.create(season=season, name=name, date="2026-03-07", seed="test-seed")
                      for name in ("Drawn", "Waiting"))
    for number in range(1, 5):
        for t in (drawn, waiting):
            Entry.objects.create(tournament=t, start_number=number,
                                 player=Player.objects.create(first_name="A", last_name=f"B{number}"))
    Round.objects.create(tournament=drawn, number=1, seed="s", algorithm="a", input_hash="h")
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    stored = {t.name: sorted(Entry.objects.filter(tournament_id=t.pk).values_list("lot", flat=True), key=str)
              for t in (drawn, waiting)}
    assert stored == {"Drawn": [1, 2, 3, 4], "Waiting": [None] * 4}

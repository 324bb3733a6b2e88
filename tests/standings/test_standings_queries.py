"""Standings from the database: stored totals stay right after corrections; queries do not grow with the field."""

import pytest

from tests import factories
from tournament.draws import services as draws
from tournament.models import Entry, Round
from tournament.results import services
from tournament.standings import selectors as standings_queries

pytestmark = pytest.mark.django_db


def forehand_cego(table, number, points):
    return {"contract": "cego", "declarer": table.forehand(number), "card_points": points}


def play_round(round_, points=45):
    for table in round_.tables.all():
        for n in range(1, table.games_planned + 1):
            services.record_game(table=table, number=n, data=forehand_cego(table, n, points + n % 7),
                                 user=factories.user())


def test_stored_totals_follow_corrections_and_adjustments():
    t, r = factories.drawn(players=4)
    table = r.tables.get()
    game = services.record_game(table=table, number=1, data=forehand_cego(table, 1, 60), user=factories.user())
    declarer_entry = Entry.objects.get(seats__table=table, seats__position=1)
    assert declarer_entry.total == 90   # Cego won 60:19 → 5 Fach × 5 = 25 → 30, from 3 opponents
    services.record_game(table=table, number=1, data=forehand_cego(table, 1, 20), user=factories.user(),
                         expected_version=game.version)
    declarer_entry.refresh_from_db()
    assert declarer_entry.total == -60  # lost 20:59 → 4 Fach × 5 = 20, to 3 opponents
    services.add_adjustment(entry=declarer_entry, points=-10, reason="Verspätung", user=factories.user())
    declarer_entry.refresh_from_db()
    assert declarer_entry.total == -70
    rows = standings_queries.tournament_standings(t).rows
    by_entry = {row.key: row for row in rows}
    assert by_entry[declarer_entry.pk].total == -70
    assert sum(row.total for row in rows) == -10
    services.delete_game(game=table.games.get(number=1), user=factories.user())
    declarer_entry.refresh_from_db()
    assert declarer_entry.total == -10


def test_lots_are_stored_and_reloads_do_not_change_the_order():
    t, r = factories.drawn(players=8)   # nobody has scored: everybody ties on 0
    first = [row.key for row in standings_queries.tournament_standings(t).rows]
    lots = dict(Entry.objects.filter(tournament=t).values_list("pk", "lot"))
    assert sorted(lots.values()) == list(range(1, 9))
    assert [row.key for row in standings_queries.tournament_standings(t).rows] == first
    assert [row.rank for row in standings_queries.tournament_standings(t).rows] == list(range(1, 9))


def test_provisional_until_the_last_round_is_locked():
    t, r1 = factories.drawn(players=4, rounds=1)
    assert standings_queries.tournament_standings(t).provisional
    play_round(r1)
    services.set_round_status(round_=r1, status=Round.Status.LOCKED, user=factories.user())
    result = standings_queries.tournament_standings(t)
    assert not result.provisional
    assert sum(row.total for row in result.rows) == 0


@pytest.mark.parametrize("players", [8, 24])
def test_query_counts_do_not_grow(players, django_assert_max_num_queries):
    t, r1 = factories.drawn(players=players)
    play_round(r1)
    draws.draw_round(tournament=t, number=2, user=factories.user())
    standings_queries.tournament_standings(t)      # lots drawn once
    with django_assert_max_num_queries(8):
        standings_queries.tournament_standings(t)
    with django_assert_max_num_queries(6):
        standings_queries.season_standings(t.season)
    with django_assert_max_num_queries(2):
        standings_queries.team_standings(tournament=t)

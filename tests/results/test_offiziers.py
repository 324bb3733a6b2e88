"""Offiziers-Cego in the app: tables of two drawn, games entered through ``record_game``, totals, standings."""

import pytest
from django.core.exceptions import ValidationError

from tests import factories
from tournament.draws import services as draws
from tournament.models import Entry, Seat
from tournament.results import services
from tournament.standings import selectors as standings

pytestmark = pytest.mark.django_db


def offiziers(players=5, **kwargs):
    return factories.tournament(players=players, game="offiziers", rounds=4, **kwargs)


def seat_pairs(round_):
    return [[s.entry_id for s in table.seats.all()] for table in round_.tables.all()]


def test_a_draw_of_five_gives_two_tables_of_two_and_a_bye():
    t = offiziers(5)
    r1 = draws.draw_round(tournament=t, number=1, user=factories.user())
    assert [tb.size for tb in r1.tables.all()] == [2, 2]
    assert all(tb.games_planned == t.games_per_round_2 for tb in r1.tables.all())
    assert Seat.objects.filter(round=r1).count() == 4


def test_later_rounds_pair_without_repeats_and_rotate_the_bye():
    t = offiziers(5)
    user = factories.user()
    met, byes = set(), []
    everybody = set(Entry.objects.filter(tournament=t).values_list("pk", flat=True))
    for number in range(1, 5):
        round_ = draws.draw_round(tournament=t, number=number, user=user)
        for table in round_.tables.all():
            services.record_game(table=table, number=1, data={"card_points": 50}, user=user)
        seated = set()
        for a, b in seat_pairs(round_):
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
            seated |= {a, b}
        byes += list(everybody - seated)
    assert len(byes) == 4 and len(set(byes)) == 4       # four rounds, four different players sat out


def test_a_game_scores_through_the_engine_and_fills_the_totals():
    t = offiziers(4)
    user = factories.user()
    table = draws.draw_round(tournament=t, number=1, user=user).tables.first()
    first, second = [s.entry_id for s in table.seats.all()]
    game = services.record_game(table=table, number=1, data={"card_points": 30}, user=user)
    # 30 : 49 by pairs — seat 2 wins, the loser's 30 points are Fach 2 of schwarzwald (unit 5).
    assert game.contract == "offiziers" and game.card_points == 30
    assert game.scores == [-10, 10] and game.fach == 2 and game.won is None
    services.record_game(table=table, number=2, data={"penalty": 1}, user=user)
    totals = dict(Entry.objects.filter(pk__in=[first, second]).values_list("pk", "total"))
    assert totals[first] + totals[second] == 0 and totals[second] < 10


def test_win_loss_writing_and_bad_points():
    t = offiziers(2, win_loss=True)
    user = factories.user()
    table = draws.draw_round(tournament=t, number=1, user=user).tables.first()
    game = services.record_game(table=table, number=1, data={"card_points": 78}, user=user)
    assert game.scores == [1, -1] and game.value == 1
    with pytest.raises(ValidationError) as err:
        services.record_game(table=table, number=2, data={"card_points": 80}, user=user)
    assert "card_points" in err.value.message_dict


def test_standings_rank_by_points():
    t = offiziers(4)
    user = factories.user()
    round_ = draws.draw_round(tournament=t, number=1, user=user)
    for table in round_.tables.all():
        services.record_game(table=table, number=1, data={"card_points": 60}, user=user)
    rows = standings.tournament_standings(t).rows
    assert [r.total for r in rows][:2] == [rows[0].total] * 2 and rows[0].total > 0 > rows[-1].total


def test_a_round_of_tables_of_two_is_complete_and_locks_when_every_game_is_in():
    t = offiziers(4, games_per_round_2=2)
    user = factories.user()
    round_ = draws.draw_round(tournament=t, number=1, user=user)
    tables = list(round_.tables.all())
    services.record_game(table=tables[0], number=1, data={"card_points": 40}, user=user)
    with pytest.raises(ValidationError):
        services.set_round_status(round_=round_, status="locked", user=user)
    for table in tables:
        for number in (1, 2):
            services.record_game(table=table, number=number, data={"card_points": 40}, user=user)
    assert services.set_round_status(round_=round_, status="locked", user=user).status == "locked"


def test_the_round_robin_option_meets_everybody_once():
    t = offiziers(5, round_robin=True)
    t.round_count = 5
    t.save(update_fields=["round_count"])
    user = factories.user()
    met = []
    for number in range(1, 6):
        round_ = draws.draw_round(tournament=t, number=number, user=user)
        assert round_.algorithm == "offiziers-round-robin-1" and round_.tables.count() == 2
        met += [frozenset(p) for p in seat_pairs(round_)]
    assert len(met) == len(set(met)) == 10


def test_the_game_cannot_change_under_drawn_tables():
    from tournament.seasons import services as seasons
    t, _round = factories.drawn(players=8)
    with pytest.raises(ValidationError) as err:
        seasons.update_tournament(tournament=t, user=factories.user(), game="offiziers")
    assert "game" in err.value.message_dict

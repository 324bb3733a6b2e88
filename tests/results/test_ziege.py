"""A Ziege tournament's services: teams of two, the team draw, games and series, standings (docs/director.md)."""


import pytest
from django.core.exceptions import ValidationError

from tests import factories
from tests.ziege import ziege_tournament
from tournament.draws import services as draws
from tournament.draws import ziege as ziege_draws
from tournament.models import AuditLog, Seat, ZiegeBye, ZiegeGame
from tournament.registration import ziege as ziege_registration
from tournament.results import ziege as ziege_results
from tournament.standings import ziege as ziege_standings

pytestmark = pytest.mark.django_db


def test_register_pair_makes_two_entries_and_a_numbered_team():
    t = ziege_tournament(teams=2)
    assert t.entries.count() == 4
    assert [p.number for p in t.ziege_pairs.all()] == [1, 2]
    first = t.ziege_pairs.get(number=1)
    with pytest.raises(ValidationError) as err:
        ziege_registration.pair_entries(tournament=t, user=factories.user(), first=first.first,
                                        second=t.ziege_pairs.get(number=2).second)
    assert err.value.code == "already_paired"


def test_a_cego_tournament_registers_no_teams_and_draws_no_ziege_round():
    t = factories.tournament(players=4)
    a, b = t.entries.all()[:2]
    with pytest.raises(ValidationError) as err:
        ziege_registration.pair_entries(tournament=t, user=factories.user(), first=a, second=b)
    assert err.value.code == "not_ziege"
    with pytest.raises(ValidationError):
        ziege_draws.draw_round(tournament=t, number=1, user=factories.user())


def test_draw_seats_partners_opposite_and_no_teams_meet_twice():
    t = ziege_tournament(teams=4, rounds=3)
    met = set()
    for number in (1, 2, 3):
        round_ = ziege_draws.draw_round(tournament=t, number=number, user=factories.user())
        assert round_.tables.count() == 2
        for table in round_.tables.all():
            a, b = ziege_results.table_teams(table)
            seats = {s.position: s.entry_id for s in table.seats.all()}
            assert {seats[0], seats[2]} == {a.first_id, a.second_id}
            assert {seats[1], seats[3]} == {b.first_id, b.second_id}
            assert frozenset((a.pk, b.pk)) not in met
            met.add(frozenset((a.pk, b.pk)))
    assert len(met) == 6                                 # 4 teams, 3 rounds: everybody met everybody once
    assert set(t.ziege_pairs.values_list("lot", flat=True)) == {1, 2, 3, 4}
    assert AuditLog.objects.filter(action="draw").count() == 3


def test_odd_number_of_teams_gives_a_bye_that_counts_one_series_won():
    t = ziege_tournament(teams=3, rounds=1)
    round_ = ziege_draws.draw_round(tournament=t, number=1, user=factories.user())
    assert round_.tables.count() == 1
    bye = ZiegeBye.objects.get(round=round_)
    rows = {r["number"]: r for r in ziege_standings.standings(t)}
    assert rows[bye.pair.number]["series_won"] == 1 and rows[bye.pair.number]["byes"] == 1
    assert rows[bye.pair.number]["rank"] == 1


def play(table, games):
    for points_a, trick_a, trick_b in games:
        ziege_results.record_game(table=table, user=factories.user(), points_a=points_a, trick_a=trick_a,
                                  trick_b=trick_b)


def test_series_run_to_twelve_and_the_next_starts():
    t = ziege_tournament(teams=2, rounds=1)
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    # B: 2 (59), 4 (30 with a trick), 6 (no trick) = 12 → series 1 to A; then A loses 60:60 (Eier), 2 (31)
    play(table, [(61, True, True), (90, True, True), (120, True, False), (60, True, True), (31, True, True)])
    sheet = ziege_results.sheet(table.ziege_games.all())
    assert [(r["defeat_a"], r["defeat_b"]) for r in sheet["rows"]] == [(0, 2), (0, 4), (0, 6), (0, 0), (2, 0)]
    assert [(r["running_a"], r["running_b"]) for r in sheet["rows"]] == [(0, 2), (0, 6), (0, 12), (0, 0), (2, 0)]
    assert [r["series"] for r in sheet["rows"]] == [1, 1, 1, 2, 2]
    assert [r["winner"] for r in sheet["rows"]] == [None, None, "A", None, None]
    assert sheet["current"] == [2, 0]
    a, b = ziege_results.table_teams(table)
    rows = {r["number"]: r for r in ziege_standings.standings(t)}
    assert rows[a.number]["series_won"] == 1 and rows[b.number]["series_lost"] == 1
    assert (rows[a.number]["given"], rows[a.number]["received"], rows[a.number]["diff"]) == (12, 2, 10)
    assert (rows[b.number]["given"], rows[b.number]["received"], rows[b.number]["diff"]) == (2, 12, -10)
    assert rows[a.number]["rank"] == 1


@pytest.mark.parametrize("points_a,trick_a,trick_b,code", [
    (121, True, True, "card_points_out_of_range"),
    (1, True, True, "card_points_impossible"),
    (0, True, True, None),                    # 0 points with a trick is legal (four sixes … taken)
    (40, False, True, "team_tricks_inconsistent"),
])
def test_the_engine_checks_every_game(points_a, trick_a, trick_b, code):
    t = ziege_tournament(teams=2, rounds=1)
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    if code is None:
        play(table, [(points_a, trick_a, trick_b)])
        assert ZiegeGame.objects.count() == 1
        return
    with pytest.raises(ValidationError) as err:
        play(table, [(points_a, trick_a, trick_b)])
    assert err.value.error_dict["points_a"][0].code == code
    assert ZiegeGame.objects.count() == 0


def test_ranking_by_series_then_difference_then_lot():
    t = ziege_tournament(teams=4, rounds=1)
    round_ = ziege_draws.draw_round(tournament=t, number=1, user=factories.user())
    t1, t2 = round_.tables.all()
    play(t1, [(120, True, False), (120, True, False)])              # A wins 12:0
    play(t2, [(0, True, True)] * 3 + [(61, True, True)])           # B wins 0 : 12 (4+4+4), A then 2 given
    rows = ziege_standings.standings(t)
    a1, b1 = ziege_results.table_teams(t1)
    a2, b2 = ziege_results.table_teams(t2)
    assert [r["number"] for r in rows[:2]] == [a1.number, b2.number]       # diff 12 before 10
    assert [r["number"] for r in rows[2:]] == [a2.number, b1.number]       # −10 before −12


def test_a_drawn_round_with_games_cannot_be_deleted_and_delete_last_game():
    t = ziege_tournament(teams=2, rounds=1)
    round_ = ziege_draws.draw_round(tournament=t, number=1, user=factories.user())
    table = round_.tables.get()
    play(table, [(70, True, True)])
    with pytest.raises(ValidationError):
        draws.delete_draw(round_=round_, user=factories.user())
    ziege_results.delete_last_game(table=table, user=factories.user())
    assert not ZiegeGame.objects.exists()
    draws.delete_draw(round_=round_, user=factories.user())
    assert not Seat.objects.exists()

"""Ziege in a season (docs/standings.md "Ziege in a season"): Ziege tournaments leave the Cego season table and
form their own, where each player of a team gets the team's series and defeat points."""

import datetime

import pytest

from tests import factories
from tests.ziege import player, ziege_evening
from tournament.models import Tournament, ZiegeBye
from tournament.registration import ziege as ziege_registration
from tournament.results import ziege as ziege_results
from tournament.standings import selectors
from tournament.standings.ziege_season import season_ziege_standings

pytestmark = pytest.mark.django_db





def test_the_cego_season_table_leaves_ziege_tournaments_out(ziege_season):
    s, one, two, cego, _players = ziege_season
    result = selectors.season_standings(s)
    assert [t.pk for t in result.columns] == [cego.pk]
    assert len(result.rows) == 4                              # the Cego players only
    assert all(len(r.data["per_tournament"]) == 1 for r in result.rows)


def test_each_player_gets_his_teams_result_and_the_season_adds_them_up(ziege_season):
    s, one, two, _cego, players = ziege_season
    result = season_ziege_standings(s)
    assert [t.pk for t in result.columns] == [one.pk, two.pk]
    by_name = {r.data["first_name"]: r for r in result.rows}
    anna, bernd = by_name["Anna"], by_name["Bernd"]
    # Ziege 1: Anna and Bernd win 12:0; Ziege 2: Anna (with Clara) loses 0:12 to Bernd (with Dieter).
    assert [c and (c["series_won"], c["given"], c["received"]) for c in anna.data["per_tournament"]] == [
        (1, 12, 0), (0, 0, 12)]
    assert anna.data["per_tournament"][0]["partner"] == "Bernd Huber"
    assert anna.data["per_tournament"][1]["partner"] == "Clara Kern"
    assert (anna.data["series_won"], anna.data["diff"], anna.data["participations"]) == (1, 0, 2)
    assert (bernd.data["series_won"], bernd.data["diff"]) == (2, 24)
    assert bernd.rank == 1 and bernd.total == 2
    # At the other table of Ziege 1 team A won 12:2 in the only evening its players played: one series, +14,
    # ahead of Anna's 0; the two partners are equal in everything: one shared rank, in German name order.
    other = next(t for t in one.round_set.get().tables.all()
                 if players["Anna"].pk not in t.seats.values_list("entry__player_id", flat=True))
    team_a, _team_b = ziege_results.table_teams(other)
    first, second = by_name[team_a.first.player.first_name], by_name[team_a.second.player.first_name]
    assert (first.data["series_won"], first.data["diff"], first.data["participations"]) == (1, 14, 1)
    assert first.rank < anna.rank
    assert first.rank == second.rank and first.tied and second.tied
    order = sorted((first, second), key=lambda r: (r.data["last_name"], r.data["first_name"]))
    assert result.rows.index(order[0]) < result.rows.index(order[1])


def test_the_best_n_tournaments_count(ziege_season):
    s, *_rest = ziege_season
    anna = next(r for r in season_ziege_standings(s, best_n=1).rows if r.data["first_name"] == "Anna")
    assert anna.data["counted"] == [0]
    assert (anna.data["series_won"], anna.data["diff"]) == (1, 12)


def test_a_bye_counts_and_a_team_that_never_played_does_not(ziege_season):
    s, *_rest = ziege_season
    late = ziege_evening(s, 28, [(player("Ida", "Faller"), player("Jakob", "Hog")),
                                 (player("Karl", "Bix"), player("Lena", "Furtwängler")),
                                 (player("Max", "Scherzinger"), player("Nina", "Ketterer"))], "Ziege 3")
    bye = ZiegeBye.objects.get(round__tournament=late).pair
    rows = {r.data["first_name"]: r for r in season_ziege_standings(s).rows}
    cell = rows[bye.first.player.first_name].data["per_tournament"][2]
    assert (cell["series_won"], cell["given"], cell["received"]) == (1, 0, 0)   # the bye: a series won, 0:0
    registered = Tournament.objects.create(season=s, name="Ziege 5", date=datetime.date(2026, 4, 4), round_count=1,
                                           game=Tournament.Game.ZIEGE, seed="x", published=True)
    ziege_registration.register_pair(tournament=registered, user=factories.user(),
                                     first=player("Otto", "Rombach"), second=player("Paula", "Dilger"))
    rows = {r.data["first_name"]: r for r in season_ziege_standings(s).rows}
    assert "Otto" not in rows and "Paula" not in rows

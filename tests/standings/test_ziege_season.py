"""Ziege in a season (docs/standings.md "Ziege in a season"): Ziege tournaments leave the Cego season table and
form their own, where each player of a team gets the team's series and defeat points."""

import datetime

import pytest

from tests import factories
from tournament.draws import ziege as ziege_draws
from tournament.models import Player, Season, Tournament, ZiegeBye
from tournament.registration import ziege as ziege_registration
from tournament.results import ziege as ziege_results
from tournament.standings import selectors
from tournament.standings.ziege_season import season_ziege_standings

pytestmark = pytest.mark.django_db


def player(first, last):
    return Player.objects.create(first_name=first, last_name=last, town="Gütenbach")


def ziege_evening(season, day, teams, name, seed=None):
    t = Tournament.objects.create(season=season, name=name, date=datetime.date(2026, 3, day), round_count=1,
                                  game=Tournament.Game.ZIEGE, seed=seed or f"seed-{day}", published=True)
    user = factories.user()
    for first, second in teams:
        ziege_registration.register_pair(tournament=t, user=user, first=first, second=second)
    ziege_draws.draw_round(tournament=t, number=1, user=user)
    return t


def win_series(t, winner, loser_no_trick_games=2):
    """At each table the team holding ``winner`` (a Player) wins one series 12:0 (two games without a trick for
    the other side); at the other tables team A wins 12:2 (one game 31–59, then two games without a trick)."""
    user = factories.user()
    for table in t.round_set.get().tables.all():
        a, b = ziege_results.table_teams(table)
        players_a = {a.first.player_id, a.second.player_id}
        if winner.pk in players_a | {b.first.player_id, b.second.player_id}:
            points_a = 120 if winner.pk in players_a else 0
            for _ in range(loser_no_trick_games):
                ziege_results.record_game(table=table, user=user, points_a=points_a, trick_a=points_a > 0,
                                          trick_b=points_a == 0)
        else:
            ziege_results.record_game(table=table, user=user, points_a=70, trick_a=True, trick_b=True)
            for _ in range(2):
                ziege_results.record_game(table=table, user=user, points_a=120, trick_a=True, trick_b=False)


@pytest.fixture
def season():
    s = Season.objects.create(name="Saison 2026", year=2026)
    anna, bernd, clara, dieter = (player("Anna", "Maier"), player("Bernd", "Huber"), player("Clara", "Kern"),
                                  player("Dieter", "Vogt"))
    emil, frida, gerd, hanna = (player("Emil", "Ruf"), player("Frida", "Wehrle"), player("Gerd", "Kuner"),
                                player("Hanna", "Dold"))
    # the lot of "seed-8" (seating.pairs, algorithm ziege-pairs-2) seats Anna and Bernd against Clara and Dieter,
    # so Emil, Frida, Gerd and Hanna play only this evening (checked here, so a new draw fails loudly)
    one = ziege_evening(s, 7, [(anna, bernd), (clara, dieter), (emil, frida), (gerd, hanna)], "Ziege 1",
                        seed="seed-8")
    opponents = {frozenset((a.first.player_id, b.first.player_id))
                 for a, b in map(ziege_results.table_teams, one.round_set.get().tables.all())}
    assert frozenset((anna.pk, clara.pk)) in opponents, "the fixture assumes Anna and Bernd meet Clara and Dieter"
    win_series(one, anna)
    two = ziege_evening(s, 14, [(anna, clara), (bernd, dieter)], "Ziege 2")
    win_series(two, bernd)
    cego = factories.tournament(players=4, season=s, published=True, date=datetime.date(2026, 3, 21))
    return s, one, two, cego, {p.first_name: p for p in (anna, bernd, clara, dieter, emil, frida, gerd, hanna)}


def test_the_cego_season_table_leaves_ziege_tournaments_out(season):
    s, one, two, cego, _players = season
    result = selectors.season_standings(s)
    assert [t.pk for t in result.columns] == [cego.pk]
    assert len(result.rows) == 4                              # the Cego players only
    assert all(len(r.data["per_tournament"]) == 1 for r in result.rows)


def test_each_player_gets_his_teams_result_and_the_season_adds_them_up(season):
    s, one, two, _cego, players = season
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


def test_the_best_n_tournaments_count(season):
    s, *_rest = season
    anna = next(r for r in season_ziege_standings(s, best_n=1).rows if r.data["first_name"] == "Anna")
    assert anna.data["counted"] == [0]
    assert (anna.data["series_won"], anna.data["diff"]) == (1, 12)


def test_a_bye_counts_and_a_team_that_never_played_does_not(season):
    s, *_rest = season
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

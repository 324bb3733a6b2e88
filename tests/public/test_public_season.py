"""Season page: published tournaments only, a column per tournament, totals summed (best N marked), teams."""

import datetime

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Entry, Player, Season, Team, Tournament
from tournament.registration import services as registration_services
from tournament.results import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def director():
    return factories.staff()


def season_with(results, published=(True, True, False), best_n=None):
    """A season of tournaments (one per results list); ``results[i][p]`` is player p's total in tournament i."""
    season = Season.objects.create(name="Saison Test", year=2026, best_n=best_n)
    players = [Player.objects.create(first_name=f"P{i}", last_name=f"Spieler{i}", town="Triberg")
               for i in range(len(results[0]))]
    tournaments = []
    for index, (totals, public) in enumerate(zip(results, published, strict=True)):
        t = Tournament.objects.create(season=season, name=f"Turnier {index + 1}", published=public,
                                      date=datetime.date(2026, 1 + index, 1))
        for player, total in zip(players, totals, strict=True):
            if total is None:
                continue
            entry = registration_services.register(user=None, tournament=t, player=player)
            if total:
                services.add_adjustment(entry=entry, points=total, reason="Test", user=factories.user())
        tournaments.append(t)
    return season, players, tournaments


def rows_by_player(response):
    return {row["player_id"]: row for row in response.context["table"].rows}


def test_season_sums_published_tournaments_only(client):
    season, players, tournaments = season_with([[100, 50, None], [20, None, 70], [500, 500, 500]])
    response = client.get(reverse("public:season", args=[season.pk]))
    assert [t.pk for t in response.context["tournaments"]] == [tournaments[0].pk, tournaments[1].pk]
    rows = rows_by_player(response)
    assert rows[players[0].pk]["total"] == 120 and rows[players[0].pk]["participations"] == 2
    assert rows[players[1].pk]["total"] == 50 and rows[players[1].pk]["participations"] == 1
    assert rows[players[2].pk]["total"] == 70
    assert [rows[p.pk]["rank"] for p in players] == [1, 3, 2]
    html = response.content.decode()
    assert "Turnier 3" not in html and "Turnier 1" in html
    assert reverse("public:tournament", args=[tournaments[0].pk]) in html


def test_best_n_marks_the_results_that_do_not_count(client):
    season, players, _t = season_with([[100, 10], [30, 20], [0, 0]], published=(True, True, True), best_n=1)
    response = client.get(reverse("public:season", args=[season.pk]))
    rows = rows_by_player(response)
    assert rows[players[0].pk]["total"] == 100 and rows[players[0].pk]["sum_all"] == 130
    html = response.content.decode()
    # each player: two of three results dropped
    assert html.count('<td class="num tcol"><span class="dropped"') == 4


def test_season_without_published_tournaments_is_404(client):
    season, _players, _t = season_with([[10], [20], [30]], published=(False, False, False))
    assert client.get(reverse("public:season", args=[season.pk])).status_code == 404
    assert client.get(reverse("public:season_teams", args=[season.pk])).status_code == 404


def test_season_filter_category_and_teams(client):
    season, players, tournaments = season_with([[100, 50, 30], [20, 10, 70], [900, 900, 900]])
    players[1].is_woman = True
    players[1].save()
    url = reverse("public:season", args=[season.pk])
    assert list(rows_by_player(client.get(url, {"category": "women"}))) == [players[1].pk]
    # "spieler2" also finds Spieler1: one typo
    assert list(rows_by_player(client.get(url, {"q": "p2"}))) == [players[2].pk]
    by_first = client.get(url, {"sort": "t0"})                              # highest in tournament 1 first
    assert list(rows_by_player(by_first))[0] == players[0].pk
    team = Team.objects.create(season=season, name="Furtwangen")
    Entry.objects.filter(player__in=players[:2]).update(team=team)          # in all three tournaments
    teams = client.get(reverse("public:season_teams", args=[season.pk]))
    [row] = teams.context["table"].rows
    assert row["name"] == "Furtwangen" and row["total"] == 100 + 50 + 20 + 10 and row["members"] == 2

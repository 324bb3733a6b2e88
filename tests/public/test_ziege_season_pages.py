"""Ziege in a season on the pages and in the season workbook: the public season pages get a Ziege tab, the
office's season standings a Ziege section, the workbook a Ziege sheet; the Cego table has no Ziege column."""

import io

import openpyxl
import pytest
from django.urls import reverse

from tests import factories
from tournament.exports import registry
from tournament.standings.ziege_season import season_ziege_standings

pytestmark = pytest.mark.django_db


def test_the_public_season_has_a_ziege_tab_with_the_players_series(client, ziege_season):
    s, one, two, cego, players = ziege_season
    page = client.get(reverse("public:season", args=[s.pk])).content.decode()
    assert 'id="tab-ziege"' in page
    assert "Ziege 1" not in page.split('id="season-standings"')[1]        # no Ziege column in the Cego table
    response = client.get(reverse("public:season_ziege", args=[s.pk]))
    assert response.status_code == 200
    table = response.content.decode().split('id="ziege-season"')[1].split("</table>")[0]
    rows = table.split("<tbody>")[1].split("</tr>")
    bernd = next(r for r in rows if f'data-player="{players["Bernd"].pk}"' in r)
    rank = next(r.rank for r in season_ziege_standings(s).rows if r.key == players["Bernd"].pk)   # drawn by lot
    assert f'<td class="num rank">{rank}.</td>' in bernd and '<td class="num total">2</td>' in bernd
    assert "+24" in bernd and "Dieter Vogt" in bernd          # the difference; the partner of Ziege 2 on hover
    assert table.count("<tr data-player=") == 8


def test_a_season_without_ziege_has_no_tab(client):
    t = factories.tournament(players=4, published=True)
    page = client.get(reverse("public:season", args=[t.season.pk])).content.decode()
    assert 'id="tab-ziege"' not in page
    assert client.get(reverse("public:season_ziege", args=[t.season.pk])).status_code == 200


def test_the_office_season_standings_show_the_ziege_table(client, ziege_season):
    s, *_rest = ziege_season
    client.force_login(factories.staff())
    page = client.get(reverse("director:season_standings", args=[s.pk])).content.decode()
    assert 'id="ziege"' in page and page.count('<tr data-player=') == 8
    season_table = page.split('id="season-standings"')[1].split("</table>")[0]
    head = season_table.split("</thead>")[0]
    assert 'title="Testturnier"' in head and 'title="Ziege' not in head       # the Cego tournament only


def test_the_season_workbook_has_a_ziege_sheet(ziege_season):
    s, _one, _two, _cego, players = ziege_season
    _name, _type, content = registry.get("season_workbook").generate(season=s, progress=lambda *a: None)
    book = openpyxl.load_workbook(io.BytesIO(content))
    sheet = book["Ziege"]
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    bernd = next(r for r in values if r[1] == "Bernd" and r[2] == "Huber")
    rank = next(r.rank for r in season_ziege_standings(s).rows if r.key == players["Bernd"].pk)   # drawn by lot
    assert bernd[0] == rank and bernd[-4:] == [2, 24, 0, "+24"] or bernd[-4:] == [2, 24, 0, 24]
    assert "Dieter Vogt" in bernd                                       # his partner in Ziege 2


def test_the_season_statistics_count_the_ziege_games(client, ziege_season):
    s, *_rest = ziege_season
    page = client.get(reverse("stats:season", args=[s.pk])).content.decode()
    card = page.split('id="ziege-stats"')[1].split("</section>")[0]
    # Ziege 1: 2 + 3 games (the 12:2 table: one 31–59, two without a trick); Ziege 2: 2 games.
    assert '<dd id="ziege-games">7</dd>' in card and '<dd id="ziege-series">3</dd>' in card
    assert '<dd id="ziege-no-trick">6</dd>' in card and '<dd id="ziege-eier">0</dd>' in card


def test_a_players_season_statistics_list_his_ziege_evenings(client, ziege_season):
    s, one, two, _cego, players = ziege_season
    page = client.get(reverse("stats:season_player", args=[s.pk, players["Anna"].pk])).content.decode()
    card = page.split('id="ziege-player"')[1].split("</section>")[0]
    assert '<dd id="ziege-series-won">1</dd>' in card and "12:12" in card
    assert "Bernd Huber" in card and "Clara Kern" in card and one.name in card and two.name in card

"""An Offiziers-Cego tournament on the public pages (issue 15): no declarer line or column on the player page,
both players' card points in the result, and statistics that name the game and leave out what needs a declarer."""

import re

import pytest
from django.urls import reverse

from tests import factories
from tournament.draws import services as draws
from tournament.models import Seat
from tournament.results import services
from tournament.statistics import selectors as statistics

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    t = factories.tournament(players=4, game="offiziers", rounds=2, published=True)
    user = factories.user()
    round_ = draws.draw_round(tournament=t, number=1, user=user)
    for table in round_.tables.all():
        services.record_game(table=table, number=1, data={"card_points": 60}, user=user)
        services.record_game(table=table, number=2, data={"card_points": 30}, user=user)
    return t, round_


def html(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_player_page_has_no_declarer_and_shows_both_card_points(client, evening):
    t, round_ = evening
    seat = Seat.objects.filter(round=round_, position=1).select_related("entry").first()
    page = html(client, reverse("public:player", args=[t.pk, seat.entry_id]))
    table = page.split('id="games-r1"')[1].split("</table>")[0]
    assert table.split("</thead>")[0].count("<th ") == 6              # No., dealer, game, result, ±, running
    assert 'class="decl"' not in table
    assert re.search(r'class="contract">Offiziers-Cego', table)
    # Seat 2 sees its own points first: 60:19 for seat 1 is 19:60 for seat 2, and lost.
    assert "19:60" in table and "49:30" in table
    assert re.search(r"<span class=\"cp\">19:60</span>\s*<span class=\"lost\">", table)
    facts = page.split('id="player-facts"')[1].split("</dl>")[0]
    assert facts.count("<dt>") == 2                                   # rank and total, no "as declarer"


def test_a_cego_player_page_keeps_its_declarer_column(client):
    t, round_ = factories.drawn(players=4, published=True)
    entry = round_.seats.first().entry
    page = html(client, reverse("public:player", args=[t.pk, entry.pk]))
    facts = page.split('id="player-facts"')[1].split("</dl>")[0]
    assert facts.count("<dt>") == 3


def test_the_tournament_statistics_name_the_game_and_leave_out_the_declarer_cards(client, evening):
    t, _round = evening
    page = html(client, reverse("stats:tournament", args=[t.pk]))
    assert 'id="contracts"' not in page and 'id="declarer"' not in page and 'id="raeuber-count"' not in page
    wins = page.split('id="wins"')[1].split("</section>")[0]
    assert "Offiziers-Cego" in wins and "· offiziers" not in wins
    players = page.split('id="players"')[1].split("</table>")[0]
    assert players.split("</thead>")[0].count("<th ") == 6             # no., player, games, average, best, worst
    stats = statistics.tournament_stats(t)
    assert stats["declarers"] is False and stats["games"] == 4


def test_a_players_statistics_in_an_offiziers_tournament(client, evening):
    t, round_ = evening
    entry = round_.seats.first().entry
    page = html(client, reverse("stats:player", args=[t.pk, entry.pk]))
    assert 'id="declarer"' not in page and 'id="raeuber"' not in page
    best = page.split('id="best-worst"')[1].split("</section>")[0]
    assert "Offiziers-Cego" in best and "· offiziers" not in best
    assert statistics.entry_stats(entry)["declarers"] is False


def test_a_season_with_cego_and_offiziers_keeps_declarers_and_labels_the_offiziers_games(client, evening):
    t, _round = evening
    cego, round_ = factories.drawn(players=4, published=True, season=t.season, name="Cego-Turnier")
    services.record_game(table=round_.tables.first(), number=1,
                         data={"contract": "solo", "declarer": 0, "card_points": 60}, user=factories.user())
    page = html(client, reverse("stats:season", args=[t.season.pk]))
    row = page.split('data-contract="offiziers"')[1].split("</li>")[0]
    assert "Offiziers-Cego" in row
    assert 'id="declarer"' in page and 'data-contract="solo"' in page
    assert statistics.label("offiziers", "de") == statistics.label("offiziers", "en") == "Offiziers-Cego"

"""The office pages of a Ziege tournament: register teams, draw, enter games, standings; hostile names escaped."""

import re

import pytest
from django.urls import reverse

from tests import factories
from tests.ziege import ziege_tournament
from tournament.models import ZiegeGame, ZiegePair

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.user())
    return client


def test_register_draw_enter_and_rank_through_the_pages(director):
    t = ziege_tournament(teams=1, rounds=1)
    url = reverse("director:ziege_teams", args=[t.pk])
    response = director.post(url, {"first_first_name": "<script>x</script>", "first_last_name": "Maier",
                                   "second_first_name": "Eva", "second_last_name": "Vogt"})
    assert response.status_code == 302 and ZiegePair.objects.count() == 2
    page = director.get(url).content.decode()
    assert "<script>x</script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    response = director.post(reverse("director:round", args=[t.pk, 1]), {"seed": "s"})
    assert response.status_code == 302
    page = director.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'id="ziege-tables"' in page and "<script>x" not in page
    table_url = reverse("director:ziege_table", args=[t.pk, 1, 1])
    for points in (120, 120):
        assert director.post(table_url, {"points_a": points, "trick_a": "on"}).status_code == 302
    response = director.post(table_url, {"points_a": "119", "trick_a": "on", "trick_b": "on"})
    assert response.status_code == 200 and ZiegeGame.objects.count() == 2       # 119 is impossible: refused
    page = director.get(table_url).content.decode()
    assert page.count("series-winner") == 1                     # 6 + 6 = 12: the series is over
    page = director.get(reverse("director:standings", args=[t.pk])).content.decode()
    assert 'id="ziege-standings"' in page
    assert re.search(r'<td class="num won total" data-label="[^"]+">1</td>', page) and "+12" in page


def test_a_cego_tournament_has_no_ziege_pages(director):
    t = factories.tournament(players=4)
    assert director.get(reverse("director:ziege_teams", args=[t.pk])).status_code == 404


def test_the_game_is_chosen_when_creating_and_fixed_once_teams_are_registered():
    from django.core.exceptions import ValidationError

    from tournament.seasons import services as seasons

    t = ziege_tournament(teams=1, rounds=1)
    with pytest.raises(ValidationError) as err:
        seasons.update_tournament(tournament=t, user=factories.user(), game="cego")
    assert err.value.error_dict["game"][0].code == "game_fixed"
    created = seasons.create_tournament(season=t.season, user=factories.user(), name="Zweiter Abend",
                                        date=t.date, game="ziege")
    assert created.game == "ziege"


def test_the_audit_log_and_the_tournament_pages_show_a_ziege_evening(director):
    from tournament.draws import ziege as ziege_draws
    from tournament.results import ziege as ziege_results

    t = ziege_tournament(teams=2, rounds=1)
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    ziege_results.record_game(table=table, user=factories.user(), points_a=70, trick_a=True, trick_b=True)
    ziege_results.delete_last_game(table=table, user=factories.user())
    for name in ("audit", "tournament", "entries", "tournament_edit"):
        assert director.get(reverse(f"director:{name}", args=[t.pk])).status_code == 200
    assert director.get(reverse("exports:tournament", args=[t.pk])).status_code == 200
    assert director.get(reverse("exports:round_download", args=[t.pk, 1, "ziege_sheets"])).status_code == 200

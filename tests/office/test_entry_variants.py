"""The ruleset variants of issue 15 keyed into the director's score sheet (docs/entry.md, "Variants"): a Gegensolo
played with a contract, a goal game played open, a Schinden with its losing seat. Scores are the engine's."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring import score_game
from tests import factories
from tournament.models import Game
from tournament.results import engine

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def staff(client):
    client.force_login(factories.user())
    return client


def table_under(ruleset):
    _t, round_ = factories.drawn(players=8, ruleset=ruleset)
    return round_.tables.order_by("number").first()


def save(client, table, row):
    return client.post(reverse("entry:save", args=[table.pk]), {"version": "", **row}, **JSON)


def engine_result(table, number, **data):
    return score_game(engine.engine_game(table, number, data))


@pytest.mark.parametrize("typed", [{"contract": "GSo/KM"}, {"contract": "GSo", "played_with": "KM"},
                                   {"contract": "gegensolo", "played_with": "Kleiner Mann"}])
def test_a_gegensolo_played_with_kleiner_mann_scores_as_the_engine_says(staff, typed):
    table = table_under("regional")
    response = save(staff, table, {"number": 2, "declarer": 3, "result": 40, **typed})
    assert response.status_code == 200, response.content
    game = Game.objects.get(table=table, number=2)
    assert (game.contract, game.played_with, game.declarer, game.card_points) == ("gegensolo", "kleiner_mann", 2, 40)
    expected = engine_result(table, 2, contract="gegensolo", played_with="kleiner_mann", declarer=2, card_points=40)
    assert game.scores == expected["scores"] and game.value == expected["value"]
    # with Cego the same game is worth less: the contract really counts
    cego = engine_result(table, 2, contract="gegensolo", played_with="cego", declarer=2, card_points=40)
    assert abs(cego["scores"][2]) < abs(game.scores[2])
    assert response.json()["game"]["values"]["played_with"] == "KM"


def test_a_gegensolo_without_its_contract_is_refused_under_regional_at_the_contract(staff):
    table = table_under("regional")
    body = save(staff, table, {"number": 2, "contract": "GSo", "declarer": 3, "result": 40}).json()
    assert "contract" in body["errors"] and not Game.objects.exists()


def test_played_with_a_goal_game_is_refused_and_nothing_is_stored(staff):
    table = table_under("regional")
    response = save(staff, table, {"number": 2, "contract": "GSo/P", "declarer": 3, "result": 40})
    assert response.status_code == 400 and "contract" in response.json()["errors"]
    assert not Game.objects.exists()


@pytest.mark.parametrize("typed", [{"contract": "U2 ouv."}, {"contract": "U2", "ouverte": "1"}])
def test_an_ultimo_played_open_scores_double(staff, typed):
    table = table_under("regional")
    response = save(staff, table, {"number": 2, "declarer": 2, "result": "+", **typed})
    assert response.status_code == 200, response.content
    game = Game.objects.get(table=table, number=2)
    assert (game.contract, game.ouverte, game.achieved) == ("ultimo_2", True, True)
    closed = engine_result(table, 2, contract="ultimo_2", declarer=1, achieved=True)
    assert game.value == 2 * closed["value"] and game.scores == [2 * s for s in closed["scores"]]
    assert response.json()["game"]["values"]["ouverte"] is True


def test_ouvert_is_refused_where_the_ruleset_has_no_open_games(staff):
    table = table_under("schwarzwald")
    response = save(staff, table, {"number": 2, "contract": "U", "declarer": 2, "result": "+", "ouverte": "1"})
    assert response.status_code == 400 and "contract" in response.json()["errors"]
    assert not Game.objects.exists()


def test_a_schinden_takes_its_loser_from_the_seat_column(staff):
    table = table_under("regional")
    response = save(staff, table, {"number": 2, "contract": "Sch", "declarer": 3})
    assert response.status_code == 200, response.content
    game = Game.objects.get(table=table, number=2)
    assert (game.contract, game.penalty, game.declarer, game.announcer) == ("schinden", 2, None, None)
    assert game.scores == engine_result(table, 2, contract="schinden", penalty=2)["scores"]
    assert game.scores[2] < 0 and all(s > 0 for i, s in enumerate(game.scores) if i != 2)
    assert response.json()["game"]["values"]["declarer"] == "3"        # shown again where it was keyed


def test_a_schinden_with_two_different_losers_is_refused(staff):
    table = table_under("regional")
    response = save(staff, table, {"number": 2, "contract": "Sch", "declarer": 3, "penalty": 1})
    assert response.status_code == 400 and "penalty" in response.json()["errors"]
    assert not Game.objects.exists()


def test_a_schinden_without_a_loser_asks_for_it_at_the_seat(staff):
    table = table_under("regional")
    response = save(staff, table, {"number": 2, "contract": "Sch"})
    assert response.status_code == 400 and "declarer" in response.json()["errors"]


def test_the_sheet_offers_the_inputs_only_where_the_ruleset_has_the_variant(staff):
    regional, plain = table_under("regional"), table_under("schwarzwald")
    with translation.override("en"):
        page = staff.get(reverse("entry:sheet", args=[regional.pk])).content.decode()
        other = staff.get(reverse("entry:sheet", args=[plain.pk])).content.decode()
    assert page.count('name="played_with"') == regional.games_planned
    assert page.count('name="ouverte"') == regional.games_planned
    assert 'name="played_with"' not in other and 'name="ouverte"' not in other


def test_a_stored_variant_game_is_shown_again_in_its_inputs(staff):
    table = table_under("regional")
    save(staff, table, {"number": 2, "contract": "GSo", "played_with": "KM", "declarer": 3, "result": 40})
    save(staff, table, {"number": 3, "contract": "U2", "ouverte": "1", "declarer": 1, "result": "+"})
    save(staff, table, {"number": 4, "contract": "Sch", "declarer": 4})
    page = staff.get(reverse("entry:sheet", args=[table.pk])).content.decode()
    assert 'name="played_with" form="f2" value="KM"' in page
    assert 'name="ouverte" value="1" form="f3"' in page and page.count(" checked>") == 1
    assert 'name="declarer" form="f4" value="4"' in page

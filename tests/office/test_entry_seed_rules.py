"""The last rules of the seed documents (RULES.md §10, docs/entry.md) keyed into the director's score sheet: a
Pflichträuber (PR), a Räuber the dealer plays at five, an Ultimo with the Kleiner Mann bought (U/3), a fine (St);
their errors at the right input; the sheet shows them in words. Scores are the engine's."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournament.models import Game

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def staff(client):
    client.force_login(factories.user())
    return client


@pytest.fixture(autouse=True)
def german():
    with translation.override("de"):
        yield


def table_under(ruleset, players=8, **kwargs):
    _t, round_ = factories.drawn(players=players, ruleset=ruleset, **kwargs)
    return round_.tables.order_by("number").first()


def save(client, table, row):
    return client.post(reverse("entry:save", args=[table.pk]), {"version": "", **row}, **JSON)


def sheet(client, table):
    return client.get(reverse("entry:sheet", args=[table.pk])).content.decode()


def raeuber_points(*points):
    return {f"rp_{s}": str(p) for s, p in enumerate(points)}


@pytest.mark.parametrize("typed", ["PR", "pr", "Pflichträuber", "pflichtraeuber"])
def test_a_pflichtraeuber_needs_no_announcer_and_all_tied_lose(staff, typed):
    table = table_under("schwarzwald")
    response = save(staff, table, {"number": 1, "contract": typed, "declarer": "", **raeuber_points(25, 25, 20, 9)})
    assert response.status_code == 200, response.content
    game = Game.objects.get(table=table, number=1)
    assert (game.contract, game.compulsory, game.announcer) == ("raeuber", True, None)
    assert game.scores == [-80, -80, 80, 80]
    assert response.json()["game"]["values"]["contract"] == "PR"
    assert "Pflichträuber (niemand hat angesagt)" in sheet(staff, table)


def test_a_pflichtraeuber_with_an_announcer_is_refused_at_the_seat(staff):
    table = table_under("schwarzwald")
    body = save(staff, table, {"number": 1, "contract": "PR", "declarer": "2", **raeuber_points(18, 25, 20, 16)}).json()
    assert body["errors"]["declarer"] == ["Ein Pflichträuber hat keinen Ansager."]
    assert not Game.objects.exists()


def test_the_dealer_plays_a_raeuber_at_five_under_the_option(staff):
    table = table_under("schwarzwald", players=5, options={"raeuber_with_dealer": True})
    assert table.size == 5
    page = sheet(staff, table)
    assert 'name="rp_0" form="f1"' in page          # game 1: seat 1 deals and sits out, yet keys his Räuber points
    response = save(staff, table, {"number": 1, "contract": "R", "declarer": "2", **raeuber_points(30, 10, 15, 14, 10)})
    assert response.status_code == 200, response.content
    assert Game.objects.get(number=1).scores == [-160, 40, 40, 40, 40]
    # he still sits out of a point game
    body = save(staff, table, {"number": 2, "contract": "H", "declarer": "2", "result": "40"}).json()
    assert "declarer" in body["errors"]


def test_without_the_option_the_dealer_has_no_raeuber_input(staff):
    table = table_under("schwarzwald", players=5)
    assert 'name="rp_0" form="f1"' not in sheet(staff, table)
    assert 'name="rp_1" form="f1"' in sheet(staff, table)


def test_an_ultimo_with_the_kleiner_mann_bought_from_seat_3(staff):
    table = table_under("schwarzwald")
    response = save(staff, table, {"number": 2, "contract": "U/3", "declarer": "1", "result": "+"})
    assert response.status_code == 200, response.content
    game = Game.objects.get(number=2)
    assert (game.contract, game.declarer, game.pagat_seller, game.scores) == ("ultimo", 0, 2, [160, -80, 0, -80])
    assert response.json()["game"]["values"]["contract"] == "U/3"
    assert "Ultimo · Kleiner Mann gekauft von Sitz 3" in sheet(staff, table)


@pytest.mark.parametrize(("typed", "field"), [("U/1", "contract"), ("U/9", "contract"), ("P/3", "contract")])
def test_a_bad_seller_is_refused(staff, typed, field):
    table = table_under("schwarzwald")
    response = save(staff, table, {"number": 2, "contract": typed, "declarer": "1", "result": "+"})
    assert response.status_code == 400 and not Game.objects.exists()
    assert field in response.json()["errors"]
    if typed == "P/3":
        assert response.json()["errors"]["contract"] == [
            "Nur beim Ultimo steht der Sitz, der den Kleinen Mann verkauft hat (U/3)."]


def test_a_fine_with_the_rulesets_value_and_with_a_keyed_one(staff):
    table = table_under("unadingen")
    response = save(staff, table, {"number": 3, "contract": "St", "declarer": "1"})
    assert response.status_code == 200, response.content
    game = Game.objects.get(number=3)
    assert (game.contract, game.payer, game.fine_value, game.value, game.scores) == (
        "fine", 0, None, 80, [-240, 80, 80, 80])
    assert save(staff, table, {"number": 4, "contract": "Strafe", "declarer": "2", "result": "20"}).status_code == 200
    assert Game.objects.get(number=4).scores == [20, -60, 20, 20]
    page = sheet(staff, table)
    assert "Strafe: Sitz 1 zahlt jedem anderen 80" in page and "Strafe: Sitz 2 zahlt jedem anderen 20" in page


def test_a_fine_without_a_value_where_the_ruleset_has_none_asks_for_it_at_the_points(staff):
    table = table_under("schwarzwald")
    body = save(staff, table, {"number": 1, "contract": "St", "declarer": "3"}).json()
    assert list(body["errors"]) == ["result"]
    assert body["errors"]["result"][0].startswith("Das Regelwerk „schwarzwald“ kennt keine feste Strafe")
    assert list(save(staff, table, {"number": 1, "contract": "St", "result": "50"}).json()["errors"]) == ["declarer"]


def test_the_dealer_who_sits_out_may_pay_a_fine(staff):
    table = table_under("unadingen", players=5)
    response = save(staff, table, {"number": 1, "contract": "St", "declarer": "1"})   # seat 1 deals game 1
    assert response.status_code == 200, response.content
    assert Game.objects.get(number=1).scores == [-320, 80, 80, 80, 80]

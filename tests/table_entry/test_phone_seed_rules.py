"""The last rules of the seed documents from a phone (RULES.md §10, docs/entry.md): the contract buttons carry
them (a PR button, the dealer at five, the Ultimo's seller, the fine's default value), the table link's save stores
them as the engine scores them, and the phone's sheet names them in words."""

import pytest
from django.test import Client
from django.utils import translation

from scoring import score_game
from tests import factories
from tournament.draws import links
from tournament.models import Game
from tournament.results import engine
from tournament.table_entry import selectors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_counters")]


def linked(ruleset, players=8, **kwargs):
    t, round_ = factories.drawn(players=players, ruleset=ruleset, **kwargs)
    table = round_.tables.order_by("number").first()
    return t, table, links.active_links(round_)[table.pk]


def post(link, key, **row):
    return Client().post(f"/t/{link.token}/spiel/", {**factories.phone_fields(1), "key": key, "version": "",
                                                    **row})


def test_the_buttons_carry_the_seed_rules():
    with translation.override("de"):
        unadingen, _table, _link = linked("unadingen")
        buttons = {b["key"]: b for b in selectors.contract_buttons(unadingen)}
    assert buttons["PR"]["no_seat"] is True and buttons["PR"]["kind"] == "raeuber"
    assert buttons["PR"]["name"] == "Pflichträuber"
    assert buttons["raeuber"]["dealer_plays"] is False and buttons["ultimo"]["pagat_seller"] is True
    assert buttons["fine"]["default_value"] == 80 and buttons["fine"]["all_seats"] is True
    assert "penalty" not in buttons["fine"]["more"]
    with_dealer, _table, _link = linked("schwarzwald", options={"raeuber_with_dealer": True})
    buttons = {b["key"]: b for b in selectors.contract_buttons(with_dealer)}
    assert buttons["raeuber"]["dealer_plays"] is True and buttons["fine"]["default_value"] is None
    no_raeuber = factories.tournament(players=0, ruleset="schwarzwald", options={"raeuber_value": None})
    assert "PR" not in {b["key"] for b in selectors.contract_buttons(no_raeuber)}   # no Räuber: no Pflichträuber


def test_a_phone_saves_the_seed_rules_as_the_engine_scores_them():
    _t, table, link = linked("unadingen")
    assert post(link, "key-00000001", number=1, contract="PR", declarer="", rp_0=18, rp_1=25, rp_2=20,
                rp_3=16).status_code == 200
    assert post(link, "key-00000002", number=2, contract="ultimo/4", declarer=1, result="+").status_code == 200
    assert post(link, "key-00000003", number=3, contract="fine", declarer=3, result="").status_code == 200
    assert post(link, "key-00000004", number=4, contract="fine", declarer=2, result="10").status_code == 200
    games = {g.number: g for g in Game.objects.filter(table=table)}
    assert games[1].compulsory and games[1].announcer is None and games[1].scores == [30, -90, 30, 30]
    assert games[2].pagat_seller == 3 and games[2].scores == [160, -80, -80, 0]
    assert games[3].payer == 2 and games[3].scores == [80, 80, -240, 80]
    assert games[4].fine_value == 10 and games[4].scores == [10, -30, 10, 10]
    for number, game in games.items():
        data = engine.stored_fields({f: getattr(game, f) for f in engine.GAME_FIELDS})
        assert game.scores == score_game(engine.engine_game(table, number, data))["scores"]


def test_the_phone_sheet_names_them_in_words():
    _t, table, link = linked("unadingen")
    post(link, "key-00000001", number=1, contract="PR", declarer="", rp_0=18, rp_1=25, rp_2=20, rp_3=16)
    post(link, "key-00000002", number=2, contract="ultimo/4", declarer=1, result="+")
    post(link, "key-00000003", number=3, contract="fine", declarer=3, result="")
    with translation.override("de"):
        rows = {r["number"]: r["game"] for r in selectors.phone_sheet(link)["rows"] if r.get("game")}
    assert (rows[1]["abbr"], rows[2]["abbr"], rows[3]["abbr"]) == ("PR", "U/4", "St")
    assert rows[1]["words"] == "Pflichträuber (niemand hat angesagt)"
    assert rows[2]["words"] == "Kleiner Mann gekauft von Sitz 4"
    assert rows[3]["words"] == "Strafe: Sitz 3 zahlt jedem anderen 80"
    assert rows[3]["values"]["contract"] == "St" and rows[3]["values"]["declarer"] == "3"


def test_a_pflichtraeuber_with_an_announcer_is_refused():
    _t, _table, link = linked("schwarzwald")
    response = post(link, "key-00000001", number=1, contract="PR", declarer=1, rp_0=18, rp_1=25, rp_2=20, rp_3=16)
    assert response.status_code == 400 and not Game.objects.exists()

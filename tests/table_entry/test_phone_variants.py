"""The variants of issue 15 from a phone (docs/entry.md): the contract buttons carry the choices, and the table
link's save stores a Gegensolo played with Kleiner Mann, an Ultimo played open and a Schinden's loser."""

import json
import re

import pytest
from django.test import Client

from scoring import score_game
from tests import factories
from tournament.draws import links
from tournament.models import Game
from tournament.results import engine
from tournament.table_entry import selectors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_counters")]


def linked(ruleset):
    t, round_ = factories.drawn(players=8, ruleset=ruleset)
    table = round_.tables.order_by("number").first()
    return t, table, links.active_links(round_)[table.pk]


def post(link, key, **row):
    return Client().post(f"/t/{link.token}/spiel/", {**factories.phone_fields(1), "key": key, "version": "",
                                                    **row})


def test_the_buttons_offer_played_with_and_ouvert_only_where_the_ruleset_has_them():
    regional, _table, _link = linked("regional")
    buttons = {b["key"]: b for b in selectors.contract_buttons(regional)}
    assert [x["abbr"] for x in buttons["gegensolo"]["played_with"]][-1] == "KM"
    assert buttons["ultimo_2"]["ouverte"] is True and "ouverte" not in buttons["solo"]
    plain, _table, _link = linked("schwarzwald")
    buttons = {b["key"]: b for b in selectors.contract_buttons(plain)}
    assert "played_with" not in buttons["gegensolo"] and not any("ouverte" in b for b in buttons.values())


def test_the_page_sends_the_choices_to_the_script():
    _t, _table, link = linked("regional")
    page = Client().get(f"/t/{link.token}/").content.decode()
    data = json.loads(re.search(r'id="contracts-data"[^>]*>(.*?)</script>', page, re.S).group(1))
    assert any(b.get("played_with") for b in data) and any(b.get("ouverte") for b in data)


def test_a_phone_saves_the_three_variants_as_the_engine_scores_them():
    _t, table, link = linked("regional")
    assert post(link, "key-00000001", number=2, contract="GSo", declarer=3, result=40,
                played_with="kleiner_mann").status_code == 200
    assert post(link, "key-00000002", number=3, contract="U2", declarer=2, result="+", ouverte="1").status_code == 200
    assert post(link, "key-00000003", number=4, contract="Sch", declarer=4, result="").status_code == 200
    games = {g.number: g for g in Game.objects.filter(table=table)}
    assert games[2].played_with == "kleiner_mann" and games[3].ouverte is True and games[4].penalty == 3
    for number, game in games.items():
        data = engine.stored_fields({f: getattr(game, f) for f in engine.GAME_FIELDS})
        assert game.scores == score_game(engine.engine_game(table, number, data))["scores"]
    closed = score_game(engine.engine_game(table, 3, {"contract": "ultimo_2", "declarer": 1, "achieved": True}))
    assert games[3].value == 2 * closed["value"]


def test_the_phones_sheet_shows_the_variants_in_its_rows():
    _t, _table, link = linked("regional")
    post(link, "key-00000011", number=2, contract="GSo/KM", declarer=3, result=40)
    post(link, "key-00000012", number=3, contract="U2 ouv", declarer=2, result="+")
    post(link, "key-00000013", number=4, contract="Sch", declarer=4, result="")
    rows = {r["number"]: r["game"] for r in Client().get(f"/t/{link.token}/blatt/").json()["sheet"]["rows"]
            if r.get("game")}
    assert (rows[2]["abbr"], rows[3]["abbr"], rows[4]["abbr"]) == ("GSo/KM", "U2 ouv.", "Sch")
    assert rows[4]["declarer"] == 4 and rows[2]["values"]["played_with"] == "KM"

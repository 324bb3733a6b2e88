"""The variants of issue 15 in a backup: a Gegensolo's ``played_with`` and a game's ``ouverte`` round-trip, and a
file written before they existed still imports (with no contract and not open)."""

import json

import pytest
from django.utils import translation

from tests import factories
from tests.backup.roundtrip import edited, export, imported, restore
from tournament.models import Game, Tournament
from tournament.results import services

pytestmark = pytest.mark.django_db
FIELDS = ("contract", "declarer", "card_points", "achieved", "penalty", "played_with", "ouverte", "scores", "value")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def regional_evening():
    director = factories.user()
    t, round_ = factories.drawn(players=8, ruleset="regional")
    table = round_.tables.order_by("number").first()
    for number, data in ((2, {"contract": "gegensolo", "played_with": "kleiner_mann", "declarer": 2,
                              "card_points": 40}),
                         (3, {"contract": "ultimo_2", "ouverte": True, "declarer": 1, "achieved": True}),
                         (4, {"contract": "schinden", "penalty": 3})):
        services.record_game(table=table, number=number, data=data, user=director)
    return t


def games_of(t):
    return {g.number: tuple(getattr(g, f) for f in FIELDS)
            for g in Game.objects.filter(table__round__tournament=t)}


def test_played_with_and_ouverte_survive_a_round_trip(tmp_path):
    t = regional_evening()
    before = games_of(t)
    assert before[2][5] == "kleiner_mann" and before[3][6] is True
    text, _err = export(t)
    raw = {g["number"]: g for r in json.loads(text)["rounds"] for x in r["tables"] for g in x["games"]}
    assert (raw[2]["played_with"], raw[3]["ouverte"], raw[4]["ouverte"]) == ("kleiner_mann", True, False)
    Tournament.objects.all().delete()
    out, _err = restore(tmp_path, text)
    assert games_of(imported(out)) == before


def test_a_file_without_the_new_fields_imports_them_empty(tmp_path):
    t, round_ = factories.drawn(players=8)
    factories.play_table(round_.tables.order_by("number").first(), 3)
    text, _err = export(t)

    def older(doc):
        for raw_round in doc["rounds"]:
            for raw_table in raw_round["tables"]:
                for game in raw_table["games"]:
                    game.pop("played_with"), game.pop("ouverte")
    out, _err = restore(tmp_path, edited(text, older), as_new="Kopie")
    games = Game.objects.filter(table__round__tournament=imported(out))
    assert games.count() == 3 and all(g.played_with is None and g.ouverte is False for g in games)


def test_a_changed_played_with_is_refused_by_the_engine_check(tmp_path):
    t = regional_evening()
    text, _err = export(t)

    def cheaper(doc):
        for raw_round in doc["rounds"]:
            for raw_table in raw_round["tables"]:
                for game in raw_table["games"]:
                    if game["played_with"]:
                        game["played_with"] = "cego"
    with pytest.raises(Exception, match="game 2"):
        restore(tmp_path, edited(text, cheaper), as_new="Kopie")

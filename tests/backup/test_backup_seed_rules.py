"""The last rules of the seed documents (RULES.md §10, issue 28) in a backup: a Pflichträuber, a five-handed Räuber
with the dealer, a bought Kleiner Mann and a fine round-trip; a file written before they existed imports them
empty; a changed fine is refused by the engine check."""

import json

import pytest
from django.utils import translation

from tests import factories
from tests.backup.roundtrip import edited, export, imported, restore
from tournament.models import Game, Tournament
from tournament.results import services

pytestmark = pytest.mark.django_db
FIELDS = ("contract", "announcer", "declarer", "achieved", "raeuber_points", "compulsory", "pagat_seller", "payer",
          "fine_value", "scores", "value")
NEW = ("compulsory", "pagat_seller", "payer", "fine_value")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def unadingen_evening():
    """Five players at one table of five (the dealer of game n is seat n − 1), the dealer playing a Räuber."""
    director = factories.user()
    t, round_ = factories.drawn(players=5, ruleset="unadingen", options={"raeuber_with_dealer": True})
    table = round_.tables.get()
    assert table.size == 5
    for number, data in ((1, {"contract": "raeuber", "compulsory": True, "raeuber_points": [18, 25, 20, 16, 0]}),
                         (2, {"contract": "raeuber", "announcer": 2, "raeuber_points": [10, 30, 15, 14, 10]}),
                         (3, {"contract": "ultimo", "declarer": 0, "achieved": True, "pagat_seller": 3}),
                         (4, {"contract": "fine", "payer": 3}),
                         (5, {"contract": "fine", "payer": 0, "fine_value": 20})):
        services.record_game(table=table, number=number, data=data, user=director)
    return t


def games_of(t):
    return {g.number: tuple(getattr(g, f) for f in FIELDS)
            for g in Game.objects.filter(table__round__tournament=t)}


def test_the_new_fields_survive_a_round_trip(tmp_path):
    t = unadingen_evening()
    before = games_of(t)
    assert before[1][5] is True and before[3][6] == 3 and before[4][7] == 3 and before[5][8] == 20
    assert before[4][-2] == [80, 80, 80, -320, 80] and before[2][-2][1] == -120   # the dealer (seat 2) played
    text, _err = export(t)
    raw = {g["number"]: g for r in json.loads(text)["rounds"] for x in r["tables"] for g in x["games"]}
    assert (raw[1]["compulsory"], raw[3]["pagat_seller"], raw[4]["payer"], raw[4]["fine_value"],
            raw[5]["fine_value"]) == (True, 3, 3, None, 20)
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
                    for field in NEW:
                        game.pop(field)
    out, _err = restore(tmp_path, edited(text, older), as_new="Kopie")
    games = Game.objects.filter(table__round__tournament=imported(out))
    assert games.count() == 3
    assert all((g.compulsory, g.pagat_seller, g.payer, g.fine_value) == (False, None, None, None) for g in games)


def test_a_changed_fine_is_refused_by_the_engine_check(tmp_path):
    t = unadingen_evening()
    text, _err = export(t)

    def cheaper(doc):
        for raw_round in doc["rounds"]:
            for raw_table in raw_round["tables"]:
                for game in raw_table["games"]:
                    if game["contract"] == "fine" and game["fine_value"]:
                        game["fine_value"] = 5
    with pytest.raises(Exception, match="game 5"):
        restore(tmp_path, edited(text, cheaper), as_new="Kopie")

"""The last rules of the seed documents in the change log's and the conflict box's words (RULES.md §10): a fine
names its payer (and its value where keyed), a Pflichträuber says so instead of an announcer, an Ultimo names the
seat that sold the Kleiner Mann."""

from django.utils import translation

from tournament.audit.seats import describe_game

NAMES = {0: "Anna Beha", 1: "Bernd Huber", 2: "Clara Kern", 3: "Dieter Maier"}


def test_the_seed_rules_in_words():
    with translation.override("de"):
        assert describe_game({"contract": "fine", "payer": 1, "fine_value": None}, "de", NAMES) == (
            "Strafe, gezahlt von 2 Bernd Huber")
        assert describe_game({"contract": "fine", "payer": 1, "fine_value": 20, "scores": [20, -60, 20, 20]},
                             "de") == "Strafe, gezahlt von 2, 20 an jeden anderen → +20 −60 +20 +20"
        assert describe_game({"contract": "raeuber", "compulsory": True, "announcer": None,
                              "raeuber_points": [18, 25, 20, 16]}, "de").startswith(
            "Pflichträuber (niemand hat angesagt), Kartenpunkte 18/25/20/16")
    with translation.override("en"):
        ultimo = {"contract": "ultimo", "declarer": 0, "pagat_seller": 2, "achieved": True}
        assert describe_game(ultimo, "en", NAMES) == (
            "Ultimo, declarer 1 Anna Beha, Kleiner Mann bought from seat 3 Clara Kern, goal met")

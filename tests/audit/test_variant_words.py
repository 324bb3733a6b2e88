"""The audit words of the variants of issue 15: a Gegensolo's contract, a game played open, a Schinden's loser."""

import pytest
from django.utils import translation

from tournament.audit import words
from tournament.audit.seats import describe_game
from tournament.models import AuditLog

Kind, Action = AuditLog.Kind, AuditLog.Action
BASE = dict.fromkeys(("declarer", "card_points", "achieved", "tricks", "announcer", "raeuber_points",
                      "raeuber_tricks", "last_trick", "penalty", "played_with"))
GEGENSOLO = {**BASE, "contract": "gegensolo", "declarer": 2, "card_points": 40, "played_with": "kleiner_mann",
             "ouverte": False, "calls": 0, "number": 2, "scores": [7, 7, -21, 7], "version": 1}
ULTIMO = {**BASE, "contract": "ultimo_2", "declarer": 1, "achieved": True, "ouverte": True, "calls": 0,
          "number": 3, "scores": [-40, 120, -40, -40], "version": 1}
SCHINDEN = {**BASE, "contract": "schinden", "penalty": 3, "ouverte": False, "calls": 0, "number": 4,
            "scores": [16, 16, 16, -48], "version": 1}


def en(snapshot):
    with translation.override("en"):
        return describe_game(snapshot, "en")


def test_a_gegensolo_names_the_contract_it_was_played_with():
    text = en(GEGENSOLO)
    assert "Counter-Solo played with Little Man (Pagat)" in text and "declarer 3" in text and "40 card points" in text


def test_a_game_played_open_says_so():
    assert "(played open)" in en(ULTIMO) and "(played open)" not in en(GEGENSOLO)


def test_a_schinden_names_its_loser_not_an_announcer_or_a_rule_violation():
    text = en(SCHINDEN)
    assert text.startswith("Schinden (Solo challenge), lost by 4 →")
    assert "announced" not in text and "rule violation" not in text


@pytest.mark.django_db
def test_a_corrected_contract_of_a_gegensolo_in_the_log():
    log = AuditLog(object_type=Kind.GAME, action=Action.UPDATE, old=GEGENSOLO,
                   new={**GEGENSOLO, "played_with": "cego", "version": 2})
    with translation.override("en"):
        changes = [(c.label, c.before, c.after) for c in words.describe(log).changes]
    assert ("Played with", "Little Man (Pagat)", "Cego") in changes

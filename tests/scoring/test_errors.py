"""Every malformed or illegal game is rejected with its stable code (RULES.md §6, issue "Bad input")."""

import pytest

from scoring import ScoringError, score_game, score_games
from scoring.errors import MESSAGES

REJECTED = [
    ("malformed", "not a dict"),
    ("malformed", {"contract": "cego", "declarer": 0, "card_point": 40}),          # misspelt field
    ("malformed", {"declarer": 0, "card_points": 40}),                             # no contract
    ("malformed", {"contract": "cego", "declarer": 0, "card_points": "40"}),
    ("malformed", {"contract": "cego", "declarer": 0, "card_points": 40.5}),
    ("malformed", {"contract": "cego", "declarer": 0, "card_points": 40, "players": "4"}),
    ("malformed", {"contract": "piccolo", "declarer": 0, "achieved": "yes"}),
    ("malformed", {"contract": "raeuber", "announcer": 0, "raeuber_points": [40, 39]}),
    ("unknown_ruleset", {"ruleset": "skat", "contract": "cego", "declarer": 0, "card_points": 40}),
    ("bad_option", {"contract": "cego", "declarer": 0, "card_points": 40, "options": {"nope": 1}}),
    ("bad_option", {"contract": "cego", "declarer": 0, "card_points": 40, "options": {"writing": "both"}}),
    ("bad_option", {"contract": "cego", "declarer": 0, "card_points": 40, "options": {"multipliers": {"x": 1}}}),
    ("bad_option", {"contract": "cego", "declarer": 0, "card_points": 40, "options": {"unit": -5}}),
    ("bad_option", {"contract": "cego", "declarer": 0, "card_points": 40, "options": []}),
    ("unknown_contract", {"contract": "schnapsen", "declarer": 0, "card_points": 40}),
    ("unknown_contract", {"contract": 7, "declarer": 0, "card_points": 40}),
    ("contract_not_allowed", {"ruleset": "traditionell", "contract": "halbe", "declarer": 0, "card_points": 40}),
    ("contract_not_allowed", {"contract": "drescher", "announcer": 0, "last_trick": 1}),
    ("contract_not_allowed", {"ruleset": "dreier", "players": 3, "contract": "raeuber", "announcer": 0,
                              "raeuber_points": [20, 20, 20]}),
    ("players_not_allowed", {"contract": "cego", "declarer": 0, "card_points": 40, "players": 6}),
    ("players_not_allowed", {"ruleset": "dreier", "contract": "cego", "declarer": 0, "card_points": 40}),
    ("sitting_out_required", {"players": 5, "contract": "cego", "declarer": 0, "card_points": 40}),
    ("sitting_out_forbidden", {"sitting_out": 1, "contract": "cego", "declarer": 0, "card_points": 40}),
    ("bad_seat", {"players": 5, "sitting_out": 5, "contract": "cego", "declarer": 0, "card_points": 40}),
    ("bad_seat", {"players": 5, "sitting_out": 2, "contract": "halbe", "declarer": 2, "card_points": 40}),
    ("bad_seat", {"contract": "cego", "declarer": -1, "card_points": 40}),
    ("bad_seat", {"contract": "cego", "declarer": True, "card_points": 40}),
    ("bad_seat", {"contract": "cego", "declarer": 0, "card_points": 40, "penalty": 4}),
    ("bad_seat", {"contract": "cego", "declarer": 0, "card_points": 40, "dealer": 4}),
    ("bad_seat", {"players": 5, "sitting_out": 0, "contract": "raeuber", "announcer": 1,
                  "raeuber_points": [3, 30, 10, 20, 16]}),
    ("declarer_required", {"contract": "cego", "card_points": 40}),
    ("declarer_not_forehand", {"contract": "cego", "declarer": 2, "card_points": 40, "dealer": 0}),
    ("declarer_not_forehand", {"players": 5, "sitting_out": 4, "contract": "cego", "declarer": 1,
                               "card_points": 40, "dealer": 4}),
    ("card_points_required", {"contract": "cego", "declarer": 0}),
    ("card_points_out_of_range", {"contract": "cego", "declarer": 0, "card_points": 80}),
    ("card_points_out_of_range", {"ruleset": "traditionell", "contract": "eine", "declarer": 0, "card_points": 71}),
    ("card_points_out_of_range", {"contract": "raeuber", "announcer": 0, "raeuber_points": [80, 0, 0, 0]}),
    ("card_points_out_of_range", {"contract": "raeuber", "announcer": 0, "raeuber_points": [40, 40, 0, 0]}),
    ("outcome_required", {"contract": "piccolo", "declarer": 0}),
    ("outcome_required", {"contract": "ultimo", "declarer": 0, "tricks": 1}),
    ("outcome_conflict", {"contract": "piccolo", "declarer": 0, "tricks": 2, "achieved": True}),
    ("tricks_out_of_range", {"contract": "bettel", "declarer": 0, "tricks": 12}),
    ("announcer_required", {"contract": "raeuber", "raeuber_points": [20, 20, 20, 19]}),
    ("raeuber_points_required", {"contract": "raeuber", "announcer": 0}),
    ("raeuber_points_required", {"contract": "raeuber", "announcer": 0, "raeuber_points": [20, None, 20, 19]}),
    ("raeuber_tricks_inconsistent", {"contract": "raeuber", "announcer": 0, "raeuber_points": [20, 20, 20, 19],
                                     "raeuber_tricks": [3, 3, 5, 0]}),
    ("tricks_out_of_range", {"contract": "raeuber", "announcer": 0, "raeuber_points": [20, 20, 20, 19],
                             "raeuber_tricks": [3, 3, 5, 3]}),
    ("raeuber_tricks_required", {"ruleset": "unadingen", "contract": "raeuber", "announcer": 0, "penalty": 1}),
    ("last_trick_required", {"ruleset": "traditionell", "contract": "drescher", "announcer": 0}),
    ("calls_not_allowed", {"contract": "cego", "declarer": 0, "card_points": 40, "calls": 1}),
    ("calls_not_allowed", {"ruleset": "traditionell", "contract": "raeuber", "announcer": 0, "calls": 1,
                           "raeuber_points": [20, 20, 20, 10], "options": {"calls": True}}),
    ("calls_out_of_range", {"contract": "cego", "declarer": 0, "card_points": 40, "calls": 7,
                            "options": {"calls": True}}),
]


@pytest.mark.parametrize(("code", "game"), REJECTED)
def test_rejected_with_code(code, game):
    with pytest.raises(ScoringError) as info:
        score_game(game)
    assert info.value.code == code
    for lang in ("de", "en"):
        message = info.value.message(lang)
        assert message and "{" not in message, message


def test_every_code_has_both_languages():
    for code, (english, german) in MESSAGES.items():
        assert english and german and english != german, code


def test_batch_keeps_going_after_a_rejection():
    results = score_games([{"contract": "cego", "declarer": 0, "card_points": 99},
                           {"contract": "cego", "declarer": 0, "card_points": 40}])
    assert results[0]["error"]["code"] == "card_points_out_of_range"
    assert results[0]["error"]["params"] == {"total": 79, "value": 99}
    assert "Kartenpunkte" in results[0]["error"]["message"]
    assert results[1]["scores"] == [30, -10, -10, -10]


def test_unknown_error_code_is_a_programming_error():
    with pytest.raises(KeyError):
        ScoringError("no_such_code")

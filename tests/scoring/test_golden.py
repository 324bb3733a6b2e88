"""Every case of ../shared/golden/scoring_cases.json, read from there, plus the worked examples of RULES.md §7."""

import json
import os
from pathlib import Path

import pytest

from scoring import ScoringError, score_game

SHARED = Path(os.environ.get("CEGO_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
CASES_FILE = SHARED / "golden" / "scoring_cases.json"


def load_cases():
    if not CASES_FILE.exists():   # fail loudly: a missing golden file must not pass silently
        return [pytest.param(None, None, id="golden-file-missing")]
    cases = json.loads(CASES_FILE.read_text(encoding="utf-8"))
    return [pytest.param(c["game"], c["expected"], id=f"{i}-{c['game'].get('contract')}") for i, c in
            enumerate(cases)]


@pytest.mark.parametrize(("game", "expected"), load_cases())
def test_golden_case(game, expected):
    assert game is not None, f"golden cases not found at {CASES_FILE}"
    if "error" in expected:
        with pytest.raises(ScoringError) as info:
            score_game(game)
        assert info.value.code == expected["error"]["code"]
    else:
        result = score_game(game)
        for key, value in expected.items():
            assert result[key] == value, (key, result)


def test_golden_file_has_all_142_cases():
    assert len(json.loads(CASES_FILE.read_text(encoding="utf-8"))) == 142


WORKED_EXAMPLES = [
    ({"contract": "halbe", "declarer": 0, "card_points": 34}, [-60, 20, 20, 20], 2, False),
    ({"contract": "eine", "declarer": 1, "card_points": 41}, [-20, 60, -20, -20], 1, True),
    ({"contract": "cego", "declarer": 0, "card_points": 40}, [30, -10, -10, -10], 1, True),
    ({"contract": "solo", "declarer": 2, "card_points": 50}, [-30, -30, 90, -30], 3, True),
    ({"contract": "solo", "declarer": 2, "card_points": 29}, [20, 20, -60, 20], 3, False),
    ({"contract": "kleiner_mann", "declarer": 3, "card_points": 0}, [280, 280, 280, -840], 8, False),
    ({"contract": "piccolo", "players": 5, "sitting_out": 4, "declarer": 2, "tricks": 2},
     [40, 40, -120, 40, 0], None, False),
    ({"contract": "raeuber", "announcer": 0, "raeuber_points": [18, 25, 20, 16]}, [40, -120, 40, 40], None, None),
    ({"contract": "raeuber", "announcer": 0, "raeuber_points": [25, 25, 20, 9]}, [-240, 80, 80, 80], None, None),
    ({"contract": "cego", "declarer": 2, "card_points": 55, "penalty": 1}, [0, -120, 120, 0], 8, True),
    ({"ruleset": "traditionell", "contract": "leere", "declarer": 0, "card_points": 33}, [-9, 3, 3, 3], 1, False),
    ({"ruleset": "dreier", "players": 3, "contract": "eine", "declarer": 2, "card_points": 35}, [-2, -2, 4], 1, True),
]


@pytest.mark.parametrize(("game", "scores", "fach", "won"), WORKED_EXAMPLES)
def test_rules_worked_examples(game, scores, fach, won):
    result = score_game(game)
    assert (result["scores"], result["fach"], result["won"]) == (scores, fach, won)


def test_explanation_spells_out_the_sm_example():
    text = score_game({"contract": "halbe", "declarer": 0, "card_points": 34})["explanation"]
    assert text.startswith("Eine Halbe verloren mit 34:45 → 2 Fach × 5 × 2 = 20")
    assert "Sitz 1 zahlt je 20 an 3 Gegenspieler: -60" in text


def test_explanation_shows_rounding_and_english():
    result = score_game({"contract": "eine", "declarer": 1, "card_points": 41}, lang="en")
    assert "1 Fach × 5 × 3 = 15 → rounded 20" in result["explanation"]
    assert "seat 2 receives 20 from each of 3 opponents: +60" in result["explanation"]

"""The variants of issue 15 (docs/scoring.md, "Variants"): the golden cases of tests/scoring/golden/
variant_cases.json through the engine and the CLI, the alias table, the new rulesets, house rules, the tariff
grid of the margin scoring and the comparison rows of the tariff index page."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import ScoringError, resolve, score_game
from scoring.contracts import ALIASES, CONTRACTS, SPECIAL_GAMES, canonical
from scoring.random_games import random_games
from scoring.rulesets import RULESET_KEYS
from scoring.tariff import comparison, tariff_grid

ROOT = Path(__file__).resolve().parents[2]
CASES = json.loads((ROOT / "tests/scoring/golden/variant_cases.json").read_text(encoding="utf-8"))
CLASSIC = ("schwarzwald", "traditionell", "dreier", "unadingen")


@pytest.mark.parametrize(("game", "expected"), [
    pytest.param(c["game"], c["expected"], id=f"{i}-{c['game']['contract']}") for i, c in enumerate(CASES)])
def test_variant_case(game, expected):
    if "error" in expected:
        with pytest.raises(ScoringError) as info:
            score_game(game)
        assert info.value.code == expected["error"]["code"]
    else:
        result = score_game(game)
        assert {k: result[k] for k in expected} == expected


def test_the_cli_scores_every_variant_case():
    games = json.dumps([c["game"] for c in CASES])
    out = subprocess.run([sys.executable, "-m", "scoring", "score", "-"], input=games, capture_output=True,
                         text=True, cwd=ROOT, timeout=120, check=False)
    results = json.loads(out.stdout)
    assert len(results) == len(CASES)
    for case, got in zip(CASES, results, strict=True):
        if "error" in case["expected"]:
            assert got["error"]["code"] == case["expected"]["error"]["code"], case
        else:
            assert got["scores"] == case["expected"]["scores"], case


def test_every_alias_names_a_trick_count_game_and_every_spelling_is_accepted():
    assert ALIASES == {"zwillibus": "zwiccolo", "duo": "zwiccolo", "mord": "zwiccolo", "duccolo": "zwiccolo",
                       "grebsler": "zwiccolo", "trio": "drilling", "quarto": "vierlefax", "quinto": "pfifferling"}
    for alias, key in ALIASES.items():
        assert CONTRACTS[key].goal_tricks is not None
        for spelling in (alias, alias.upper(), alias.capitalize(), f" {alias} "):
            assert canonical(spelling) == key
    assert canonical("cego") == "cego" and canonical("Quintos") is None and canonical(5) is None


def test_the_rulesets_before_issue_15_play_none_of_the_variants():
    for key in CLASSIC:
        rs = resolve(key)
        assert not set(SPECIAL_GAMES) & rs.allowed and "schinden" not in rs.allowed
        assert (rs.gegensolo_by_contract, rs.margin_over, rs.ouverte_factor, rs.house_rules) == (False, None, None, ())


def test_house_rules_are_notes_in_both_languages_and_an_option_takes_plain_text():
    rs = resolve("regional")
    assert rs.house_rules[0]["de"].startswith("Acht Trümpfe") and rs.house_rules[0]["en"].startswith("Eight trumps")
    own = resolve("schwarzwald", {"house_rules": ["  Acht   Trümpfe sind <b>immer</b> Solo "]})
    assert own.house_rules == ({"de": "Acht Trümpfe sind <b>immer</b> Solo",
                                "en": "Acht Trümpfe sind <b>immer</b> Solo"},)
    for bad in ("text", [""], ["x" * 201], [{"de": "a"}], [1], ["a"] * 13):
        with pytest.raises(ScoringError) as info:
            resolve("schwarzwald", {"house_rules": bad})
        assert info.value.code == "bad_option"


def test_the_margin_grid_has_a_row_per_point_over_35_and_agrees_with_the_engine():
    rs = resolve("dreier35")
    grid = tariff_grid(rs)
    assert grid.kind == "margin" and [r["fach"] for r in grid.rows] == list(range(1, 36))
    for row in grid.rows:
        winner = int(row["declarer_band"])
        won = score_game({"ruleset": "dreier35", "players": 3, "contract": "eine", "declarer": 0,
                          "card_points": winner - 1})
        assert (won["won"], won["value"]) == (True, row["eine"])
        lost = score_game({"ruleset": "dreier35", "players": 3, "contract": "solo", "declarer": 0,
                           "card_points": int(row["defender_band"]) - 1 if row["defender_band"] != "0" else 0})
        assert (lost["won"], lost["value"]) == (False, row["solo_lost"]), row
    assert tariff_grid(resolve("dreier")).kind == "fach"


def test_random_games_of_the_new_rulesets_are_legal():
    for game in random_games(1500, seed=3, rulesets=("regional", "dreier35")):
        score_game(game)
    played = {g["contract"] for g in random_games(3000, seed=4, rulesets=("regional",))}
    assert set(SPECIAL_GAMES) <= played


def test_the_comparison_has_one_column_per_ruleset_and_the_values_of_each():
    table = comparison("de")
    assert [c["key"] for c in table["columns"]] == list(RULESET_KEYS)
    rows = {r["key"]: r["cells"] for r in table["rows"]}
    index = {k: i for i, k in enumerate(RULESET_KEYS)}
    assert rows["unit"][index["schwarzwald"]] == "5" and rows["unit"][index["traditionell"]] == "1"
    assert rows["total"][index["dreier"]] == "69 + 1"
    assert rows["factor:kleiner_mann"][index["schwarzwald"]] == "7"
    assert rows["factor:kleiner_mann"][index["traditionell"]] == "6"
    assert rows["factor:solo"][index["schwarzwald"]] == "2 / 1"
    assert rows["fixed:pascha"][index["regional"]] == "30"
    assert rows["fixed:pascha"][index["schwarzwald"]] == "–"
    assert rows["fixed:drescher"][index["traditionell"]] == "5" and rows["fixed:drescher"][index["regional"]] == "10"
    assert "35" in rows["scoring"][index["dreier35"]]
    assert rows["house_rules"][index["regional"]].startswith("Acht Trümpfe")
    english = {r["key"]: r for r in comparison("en")["rows"]}
    assert english["house_rules"]["cells"][index["regional"]].startswith("Eight trumps")
    assert english["unit"]["label"] == "Value of one Fach" and table["rows"][0]["label"] == "Zählweise"


def test_the_apps_entry_accepts_the_regional_names():
    from tournament.results.rows import contract_key

    for alias, key in ALIASES.items():
        assert contract_key(alias) == key and contract_key(alias.upper()) == key
    assert contract_key("Pa") == "pascha" and contract_key("Sch") == "schinden"
    assert contract_key("Z") == "zwiccolo" and contract_key("GSo") == "gegensolo"   # abbreviations unchanged


def test_the_cli_table_names_margins_and_prints_notes_and_house_rules():
    def table(key, lang):
        return subprocess.run([sys.executable, "-m", "scoring", "table", "--ruleset", key, "--lang", lang],
                              capture_output=True, text=True, cwd=ROOT, timeout=60, check=True).stdout
    assert table("dreier35", "en").splitlines()[1].split()[:3] == ["margin", "winner", "loser"]
    regional = table("regional", "de")
    assert "* Acht Trümpfe sind immer ein Solo (Pflichtsolo)." in regional
    assert "Gegensolo: Faktor des Spiels" in regional and "Gegensolo gewonnen" not in regional
    assert "Pascha: 30" in regional

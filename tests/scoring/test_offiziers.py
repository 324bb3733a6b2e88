"""Offiziers-Cego, Cego for two (RULES.md §8; docs/scoring.md): the engine, the dispatch, the golden cases."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, cli, engine, games, offiziers, score_game, score_games
from scoring.rulesets import RULESET_KEYS, resolve

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "scoring" / "golden"
CHECK_GOLDEN = ROOT.parent / "shared" / "tools" / "check_golden.py"


def off(points, **extra):
    return {"game": "offiziers", "players": 2, "card_points": points, **extra}


def test_rules_example_and_explanation():
    result = score_game(off([46, 33]))
    assert (result["scores"], result["value"], result["fach"], result["winner"]) == ([10, -10], 10, 2, 0)
    assert result["won"] is None
    assert result["explanation"] == (
        "Offiziers-Cego: Sitz 1 gewinnt mit 46:33 → 2 Fach × 5 × 1 = 10; Sitz 1 +10, Sitz 2 -10.")
    english = score_game(off([33, 46]), lang="en")["explanation"]
    assert english == "Offiziers-Cego: seat 2 wins with 46:33 → 2 Fach × 5 × 1 = 10; seat 2 +10, seat 1 -10."


def test_rounding_and_schliff_are_explained():
    text = score_game(off([79, 0]), lang="en")["explanation"]
    assert "the opponent without a trick (79:0)" in text and "8 Fach × 5 × 1 = 40" in text
    text = score_game(off([40, 39]), lang="en")["explanation"]
    assert "1 Fach × 5 × 1 = 5 → rounded 10" in text


@pytest.mark.parametrize(("loser", "fach"), [(39, 1), (35, 1), (34, 2), (30, 2), (29, 3), (5, 7), (4, 8), (0, 8)])
def test_pair_bands_are_the_four_handed_bands(loser, fach):
    """The Fach is the one of ``contracts.fach_for`` (T = 40): the same number as a Cego lost with those points."""
    result = score_game(off([79 - loser, loser], ruleset="unadingen"))
    assert (result["fach"], result["scores"]) == (fach, [5 * fach, -5 * fach])
    cego = score_game({"ruleset": "unadingen", "contract": "cego", "declarer": 0, "card_points": loser})
    assert cego["fach"] == fach


@pytest.mark.parametrize(("loser", "fach"), [(34, 1), (31, 1), (30, 2), (6, 6), (5, 7), (1, 7), (0, 8)])
def test_triple_bands_need_36(loser, fach):
    result = score_game(off([70 - loser, loser], ruleset="traditionell"))
    assert (result["fach"], result["scores"], result["winner"]) == (fach, [fach, -fach], 0)


@pytest.mark.parametrize("game", [off([35, 35], ruleset="traditionell"), off([35, 35], ruleset="dreier"),
                                  off([35, 35], options={"counting": "triples"}),
                                  off([35, 35], ruleset="traditionell", options={"writing": "win_loss"})])
def test_35_to_35_with_triples_is_a_draw_that_writes_0(game):
    result = score_game(game)
    assert (result["scores"], result["value"], result["fach"], result["winner"]) == ([0, 0], 0, None, None)
    assert "35:35" in result["explanation"]


def test_pack_follows_the_counting_not_the_four_handed_total():
    """Dreier counts 69 with its 51 cards; Offiziers-Cego plays all 54, so 70 by triples."""
    assert offiziers.PACK == {"pairs": 79, "triples": 70}
    assert score_game(off([36, 34], ruleset="dreier"))["scores"] == [1, -1]
    with pytest.raises(ScoringError) as info:
        score_game(off([36, 33], ruleset="dreier"))
    assert info.value.code == "card_points_sum" and info.value.params == {"total": 70, "sum": 69}


def test_win_loss_writing():
    for points, scores in (([40, 39], [1, -1]), ([0, 79], [-1, 1])):
        result = score_game(off(points, options={"writing": "win_loss"}))
        assert (result["scores"], result["value"]) == (scores, 1)
    assert "+1" in score_game(off([40, 39], options={"writing": "win_loss"}), lang="en")["explanation"]


def test_penalty_loses_at_penalty_fach_whatever_was_counted():
    assert score_game({"game": "offiziers", "penalty": 0})["scores"] == [-40, 40]
    assert score_game(off([70, 9], penalty=0))["scores"] == [-40, 40]       # seat 0 counted more, still loses
    assert score_game(off([70, 9], penalty=0, options={"penalty_fach": 2}))["scores"] == [-10, 10]
    assert score_game(off([70, 9], penalty=0, options={"writing": "win_loss"}))["scores"] == [-1, 1]
    assert "Regelverstoß von Sitz 1" in score_game(off([70, 9], penalty=0))["explanation"]


@pytest.mark.parametrize(("code", "game"), [
    ("card_points_sum", off([40, 40])),
    ("card_points_sum", off([36, 35], ruleset="traditionell")),
    ("card_points_out_of_range", off([80, -1])),
    ("wrong_player_count", off([40, 39], players=4)),
    ("malformed", off([40, 39], players=2.0)),
    ("bad_seat", off([40, 39], penalty=2)),
    ("bad_seat", off([40, 39], penalty=False)),
    ("card_points_required", {"game": "offiziers"}),
    ("malformed", off(79)),
    ("malformed", off([40, 39.0])),
    ("malformed", off([40, 39], declarer=0)),
    ("bad_option", off([40, 39], options={"writing": "declarer_only"})),
    ("bad_option", off([40, 39], options={"writing": ["win_loss"]})),
    ("bad_option", off([40, 39], options=[])),
    ("unknown_ruleset", off([40, 39], ruleset=["x"])),
    ("unknown_game", off([40, 39], game="offizier")),
])
def test_rejected_with_code_in_both_languages(code, game):
    with pytest.raises(ScoringError) as info:
        score_game(game)
    assert info.value.code == code
    for lang in ("de", "en"):
        assert "{" not in info.value.message(lang)


def test_messages_name_the_game():
    with pytest.raises(ScoringError) as info:
        score_game(off([40, 39], players=4))
    assert info.value.message("en") == "Offiziers-Cego is played by 2 players, not 4."


@settings(derandomize=True, database=None, deadline=None, max_examples=200)
@given(ruleset=st.sampled_from(RULESET_KEYS), data=st.data(),
       writing=st.sampled_from([None, "zero_sum", "win_loss"]))
def test_zero_sum_mirror_and_more_points_never_less(ruleset, data, writing):
    pack = offiziers.PACK[resolve(ruleset).counting]
    p0 = data.draw(st.integers(0, pack))
    game = off([p0, pack - p0], ruleset=ruleset, **({"options": {"writing": writing}} if writing else {}))
    result = score_game(game)
    mirrored = score_game({**game, "card_points": [pack - p0, p0]})
    assert sum(result["scores"]) == 0
    assert mirrored["scores"] == result["scores"][::-1]
    if p0 < pack:
        better = score_game({**game, "card_points": [p0 + 1, pack - p0 - 1]})
        assert better["scores"][0] >= result["scores"][0]


def test_fach_and_rounding_are_the_engines_own():
    """One place per rule: the module calls the shared arithmetic of ``scoring.contracts`` (the leaf Cego's engine
    takes it from too), it has no copy of it and does not import Cego's engine."""
    source = (ROOT / "scoring" / "offiziers.py").read_text(encoding="utf-8")
    assert "contracts.fach_for(" in source and "contracts.round_value(" in source
    assert "def fach_for" not in source and "def round_value" not in source
    assert "engine" not in source.split('"""', 2)[2]


# -- the dispatch: mixed lists, "cego" named --------------------------------------------------------------------


def test_a_named_cego_scores_as_today():
    plain = {"contract": "halbe", "declarer": 0, "card_points": 34}
    assert score_game({**plain, "game": "cego"}) == score_game(plain)
    assert score_game({**plain, "game": None}) == score_game(plain)


def test_the_shared_golden_cases_score_the_same_with_game_cego():
    cases = json.loads((ROOT.parent / "shared" / "golden" / "scoring_cases.json").read_text(encoding="utf-8"))
    games = [c["game"] for c in cases]
    assert len(games) == 142
    assert score_games([{**g, "game": "cego"} for g in games]) == score_games(games)


def test_cli_scores_a_mixed_array():
    games = [{"contract": "cego", "declarer": 0, "card_points": 40}, off([46, 33]),
             {"game": "ziege", "team_points": [75, 45], "team_tricks": [True, True]},
             {"game": "skat"}, {"game": "cego", "contract": "eine", "declarer": 1, "card_points": 41}]
    proc = subprocess.run([sys.executable, "-m", "scoring", "score", "-"], input=json.dumps(games),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    results = json.loads(proc.stdout)
    assert results[0]["scores"] == [30, -10, -10, -10]
    assert results[1]["scores"] == [10, -10]
    assert results[2]["defeat_points"] == [0, 2]
    assert results[3]["error"]["code"] == "unknown_game"
    assert results[4]["scores"] == [-20, 60, -20, -20]
    assert cli.dump_results(results)       # strict JSON


def test_every_game_is_scored_through_the_one_entry():
    """``scoring.games`` is the one entry; Cego's engine knows no other game and does not import the dispatch."""
    source = (ROOT / "scoring" / "engine.py").read_text(encoding="utf-8")
    assert "from .games import" not in source and "import games" not in source
    assert games.score_game is score_game and games.SCORERS["cego"] is engine.score


# -- the golden files, through the shared checker as CI runs them ------------------------------------------------


@pytest.mark.parametrize("name", ["offiziers_cases.json", "ziege_cases.json"])
def test_golden_file_passes_check_golden(name):
    assert CHECK_GOLDEN.exists(), f"the shared checker is missing at {CHECK_GOLDEN}"
    cases = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    proc = subprocess.run([sys.executable, str(CHECK_GOLDEN), str(GOLDEN / name)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().endswith(f"{len(cases)} passed, 0 failed")


def test_check_golden_can_fail(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"game": off([46, 33]), "expected": {"scores": [-10, 10]}}]))
    proc = subprocess.run([sys.executable, str(CHECK_GOLDEN), str(bad)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and "0 passed, 1 failed" in proc.stdout


def test_golden_offiziers_pins_every_band_edge():
    cases = json.loads((GOLDEN / "offiziers_cases.json").read_text(encoding="utf-8"))
    losers = {"pairs": set(), "triples": set()}
    for case in cases:
        game, expected = case["game"], case["expected"]
        if "error" in expected or "penalty" in game or expected.get("winner") is None:
            continue
        counting = offiziers.ruleset_and_writing(game)[0].counting
        losers[counting].add(game["card_points"][1 - expected["winner"]])
    assert {39, 35, 34, 30, 29, 25, 24, 20, 19, 15, 14, 10, 9, 5, 4, 0} <= losers["pairs"]
    assert {34, 31, 30, 26, 25, 21, 20, 16, 15, 11, 10, 6, 5, 1, 0} <= losers["triples"]
    codes = {c["expected"]["error"]["code"] for c in cases if "error" in c["expected"]}
    assert {"card_points_sum", "card_points_out_of_range", "wrong_player_count", "bad_seat", "malformed"} <= codes


@pytest.mark.parametrize("key", RULESET_KEYS)
def test_the_printed_tariff_is_what_the_engine_scores(key):
    """The back of the Offiziers sheet (``offiziers.tariff``): every losing count appears in exactly one Fach band,
    and the value printed there is the one ``score`` writes for it."""
    paper = offiziers.tariff(resolve(key))
    pack, wins = paper["pack"], paper["threshold"]
    seen = []
    for row in paper["rows"]:
        low, _, high = row["loser"].partition("–")
        points = range(int(low), int(high or low) + 1)
        for loser in points:
            result = offiziers.score({"game": "offiziers", "ruleset": key, "card_points": [pack - loser, loser]})
            assert (result["fach"], result["scores"]) == (row["fach"], [row["value"], -row["value"]])
            seen.append(loser)
        assert row["winner"] == (f"{pack - points[-1]}–{pack - points[0]}" if len(points) > 1 else str(pack - loser))
    assert sorted(seen) == list(range(0, pack - wins + 1))
    assert paper["draw"] == (pack == 70)

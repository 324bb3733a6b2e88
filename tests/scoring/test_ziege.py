"""Ziege (RULES.md §9; docs/scoring.md): one game, a series to 12, the ranking key."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, score_game, score_games, ziege

GOLDEN = Path(__file__).resolve().parent / "golden" / "ziege_cases.json"


def zg(a, b, ta=True, tb=True, **extra):
    return {"game": "ziege", "team_points": [a, b], "team_tricks": [ta, tb], **extra}


@pytest.mark.parametrize(("game", "defeat", "winner"), [
    (zg(75, 45), [0, 2], "A"), (zg(91, 29), [0, 4], "A"), (zg(120, 0, tb=False), [0, 6], "A"),
    (zg(60, 60), [0, 0], None),                                        # the four examples of RULES.md §9
    (zg(61, 59), [0, 2], "A"), (zg(59, 61), [2, 0], "B"),              # 59/60/61
    (zg(89, 31), [0, 2], "A"), (zg(90, 30), [0, 4], "A"),              # 30/31 with a trick
    (zg(30, 90), [4, 0], "B"), (zg(31, 89), [2, 0], "B"),
    (zg(120, 0), [0, 4], "A"), (zg(0, 120), [4, 0], "B"),              # 0 with a trick of four 6–9
    (zg(0, 120, ta=False), [6, 0], "B"),                               # no trick
    (zg(2, 118), [4, 0], "B"), (zg(118, 2, players=4), [0, 4], "A"),
])
def test_bands(game, defeat, winner):
    result = score_game(game)
    assert (result["defeat_points"], result["winner"]) == (defeat, winner)
    assert result["explanation"].startswith("Ziege: ")


def test_explanations_name_the_band():
    assert score_game(zg(75, 45))["explanation"] == (
        "Ziege: Team A gewinnt mit 75:45 → Team B 2 Verlustpunkte (31–59).")
    assert score_game(zg(0, 120, ta=False), lang="en")["explanation"] == (
        "Ziege: team B wins with 120:0 → team A 6 defeat points (no trick).")
    assert "under 31 with a trick" in score_game(zg(90, 30), lang="en")["explanation"]
    assert "Eier" in score_game(zg(60, 60))["explanation"]


@pytest.mark.parametrize(("code", "game"), [
    ("card_points_sum", zg(61, 60)), ("card_points_sum", zg(0, 0)),
    ("card_points_out_of_range", zg(121, -1)),
    ("card_points_impossible", zg(119, 1)), ("card_points_impossible", zg(1, 119)),
    ("malformed", zg(60.0, 60)), ("malformed", zg(True, 119)), ("malformed", zg("75", "45")),
    ("malformed", zg(75, 45, ta=1)), ("malformed", zg(75, 45, extra=1)),
    ("malformed", {"game": "ziege", "team_points": [75, 45], "team_tricks": [True]}),
    ("team_points_required", {"game": "ziege", "team_tricks": [True, True]}),
    ("team_tricks_required", {"game": "ziege", "team_points": [75, 45]}),
    ("team_tricks_required", zg(75, 45, tb=None)),
    ("team_tricks_inconsistent", zg(75, 45, tb=False)), ("team_tricks_inconsistent", zg(120, 0, ta=False)),
    ("team_tricks_inconsistent", zg(120, 0, ta=False, tb=False)), ("team_tricks_inconsistent", zg(60, 60, ta=False)),
    ("wrong_player_count", zg(75, 45, players=2)), ("malformed", zg(75, 45, players="4")),
    ("malformed", zg(75, 45, ruleset="schwarzwald")),
    ("unknown_game", zg(75, 45, game="Ziege")),
])
def test_rejected_with_code(code, game):
    with pytest.raises(ScoringError) as info:
        score_game(game)
    assert info.value.code == code
    for lang in ("de", "en"):
        assert "{" not in info.value.message(lang)


def test_contradiction_message_names_the_team():
    with pytest.raises(ScoringError) as info:
        score_game(zg(75, 45, tb=False))
    assert info.value.params == {"team": "B", "points": 45}
    assert info.value.message("en") == "Team B has 45 card points but no trick."


POSSIBLE = [v for v in range(121) if v not in (1, 119)]


@settings(derandomize=True, database=None, deadline=None, max_examples=300)
@given(a=st.sampled_from(POSSIBLE), data=st.data())
def test_only_the_loser_gets_points_from_the_band_table(a, data):
    b = 120 - a
    ta = True if a else data.draw(st.booleans())
    tb = True if b else (not ta or data.draw(st.booleans()))
    result = score_game(zg(a, b, ta, tb))
    mirrored = score_game(zg(b, a, tb, ta))
    assert mirrored["defeat_points"] == result["defeat_points"][::-1]
    assert 0 in result["defeat_points"]
    loser_points = min(a, b)
    expected = 0 if loser_points == 60 else 2 if loser_points >= 31 else 4 if (ta if a < b else tb) else 6
    assert max(result["defeat_points"]) == expected


# -- series ------------------------------------------------------------------------------------------------------


def test_series_ends_at_12_and_the_other_team_wins():
    games = [zg(75, 45), zg(91, 29), zg(60, 60), zg(40, 80), zg(120, 0, tb=False)]
    s = ziege.series(games)
    assert s["after"] == [[0, 2], [0, 6], [0, 6], [2, 6], [2, 12]]
    assert (s["defeat_points"], s["ended_after"], s["winner"]) == ([2, 12], 5, "A")


def test_series_unfinished_and_over():
    s = ziege.series([zg(75, 45), zg(45, 75)])
    assert (s["ended_after"], s["winner"], s["defeat_points"]) == (None, None, [2, 2])
    assert ziege.series([]) == {"after": [], "defeat_points": [0, 0], "ended_after": None, "winner": None}
    with pytest.raises(ScoringError) as info:
        ziege.series([zg(0, 120, ta=False)] * 2 + [zg(75, 45)])
    assert info.value.code == "series_over" and info.value.params == {"game": 2}


def test_series_reaching_more_than_12_ends_too():
    s = ziege.series([zg(90, 30)] * 2 + [zg(75, 45)] * 1 + [zg(120, 0, tb=False)])   # 4, 8, 10, 16
    assert (s["defeat_points"], s["ended_after"], s["winner"]) == ([0, 16], 4, "A")


def test_split_series_cuts_a_rounds_games():
    games = [zg(0, 120, ta=False)] * 2 + [zg(75, 45)] + [zg(45, 75)] * 6 + [zg(60, 60)]
    parts = ziege.split_series(games)
    assert [(p["winner"], p["ended_after"], p["defeat_points"]) for p in parts] == [
        ("B", 2, [12, 0]), ("B", 7, [12, 2]), (None, None, [0, 0])]


def test_a_bad_game_in_a_series_is_refused_with_its_code():
    with pytest.raises(ScoringError) as info:
        ziege.series([zg(75, 45), zg(75, 44)])
    assert info.value.code == "card_points_sum"


def test_ranking_key_orders_by_series_then_difference_then_lot():
    teams = {
        "w2": ziege.ranking_key(series_won=2, defeat_given=10, defeat_received=30, lot=3),
        "w1_plus": ziege.ranking_key(series_won=1, defeat_given=30, defeat_received=10, lot=2),
        "w1_even_lot1": ziege.ranking_key(series_won=1, defeat_given=20, defeat_received=20, lot=1),
        "w1_even_lot4": ziege.ranking_key(series_won=1, defeat_given=12, defeat_received=12, lot=4),
        "w0": ziege.ranking_key(series_won=0, defeat_given=50, defeat_received=0),
    }
    assert sorted(teams, key=teams.get) == ["w2", "w1_plus", "w1_even_lot1", "w1_even_lot4", "w0"]


def test_batch_keeps_going_and_mixes_games():
    results = score_games([zg(75, 44), zg(75, 45), {"contract": "cego", "declarer": 0, "card_points": 40}])
    assert results[0]["error"]["params"] == {"total": 120, "sum": 119}
    assert results[1]["defeat_points"] == [0, 2]
    assert results[2]["scores"] == [30, -10, -10, -10]


def test_golden_file_pins_every_band_edge():
    cases = json.loads(GOLDEN.read_text(encoding="utf-8"))
    scored = {(tuple(c["game"]["team_points"]), tuple(c["game"]["team_tricks"])): c["expected"]
              for c in cases if "error" not in c["expected"]}
    for points in ((61, 59), (59, 61), (60, 60), (89, 31), (90, 30), (120, 0), (0, 120)):
        assert any(p == points for p, _t in scored), points
    assert scored[((120, 0), (True, False))]["defeat_points"] == [0, 6]
    assert scored[((120, 0), (True, True))]["defeat_points"] == [0, 4]
    codes = {c["expected"]["error"]["code"] for c in cases if "error" in c["expected"]}
    assert {"card_points_sum", "card_points_out_of_range", "malformed", "team_tricks_required",
            "team_tricks_inconsistent", "card_points_impossible"} <= codes


JSON = st.recursive(st.none() | st.booleans() | st.integers(-200, 200) | st.floats() | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)
FIELD = st.sampled_from(["game", "players", "team_points", "team_tricks", "card_points", "penalty", "ruleset",
                         "options", "contract"])


@settings(derandomize=True, database=None, deadline=None, max_examples=400)
@given(kind=st.sampled_from(["ziege", "offiziers", "cego", None]), fields=st.dictionaries(FIELD, JSON, max_size=4),
       points=st.lists(st.integers(-5, 125), min_size=2, max_size=2),
       tricks=st.lists(st.booleans() | st.none(), min_size=2, max_size=2))
def test_hostile_games_are_refused_with_a_code_never_a_crash(kind, fields, points, tricks):
    """Whatever arrives, a new game scores or is refused with a known code (score_games lets anything else out)."""
    from string import Formatter

    from scoring.errors import MESSAGES
    for game in ({**fields, "game": kind}, {"game": kind, "team_points": points, "team_tricks": tricks},
                 {"game": kind, "card_points": points, **({"penalty": fields["penalty"]} if "penalty" in fields
                                                          else {})}):
        result = score_games([game])[0]
        if "error" in result:
            english, german = MESSAGES[result["error"]["code"]]
            for template in (english, german):      # every placeholder of the message is filled
                assert {name for _t, name, _s, _c in Formatter().parse(template) if name} <= set(
                    result["error"]["params"])
        elif "defeat_points" in result:
            assert sorted(result["defeat_points"]) in ([0, 0], [0, 2], [0, 4], [0, 6])
        else:
            assert sum(result["scores"]) == 0 or kind in ("cego", None)

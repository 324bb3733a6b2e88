import pytest

from scoring import ScoringError, resolve, score_game
from scoring.random_games import random_games
from scoring.tariff import format_grid, tariff_grid
from tests.scoring.strategies import FACH_RULESETS


def test_halbe_moves_later_bids_up():
    sm = resolve("schwarzwald")
    assert [sm.point_multipliers[k][0] for k in ("cego", "halbe", "eine", "leere", "kleiner_mann")] == [1, 2, 3, 4, 7]
    trad = resolve("traditionell")
    assert "halbe" not in trad.point_multipliers
    assert [trad.point_multipliers[k][0] for k in ("cego", "eine", "leere", "kleiner_mann")] == [1, 2, 3, 6]
    with_halbe = resolve("traditionell", {"halbe": True})
    assert with_halbe.point_multipliers["eine"] == (3, 3)
    assert resolve("schwarzwald", {"halbe": False}).point_multipliers["eine"] == (2, 2)


def test_options_merge_onto_the_table_and_are_cached():
    rs = resolve("schwarzwald", {"multipliers": {"cego": 2}, "raeuber_factors": {"jungfrau": 2}})
    assert rs.point_multipliers["cego"] == (2, 2) and rs.point_multipliers["halbe"] == (2, 2)
    assert rs.raeuber_factors == {"announcer": 2, "jungfrau": 2}
    assert resolve("schwarzwald") is resolve("schwarzwald")
    assert resolve("schwarzwald").raeuber_factors == {"announcer": 2, "jungfrau": 1}


def test_option_overrides_change_the_score():
    game = {"contract": "cego", "declarer": 0, "card_points": 50}
    assert score_game(game)["value"] == 20
    assert score_game(dict(game, options={"rounding": 1}))["value"] == 15
    assert score_game(dict(game, options={"unit": 10}))["value"] == 30
    assert score_game(dict(game, options={"fixed_values": {"piccolo": None}}))["value"] == 20
    with pytest.raises(ScoringError):
        score_game({"contract": "piccolo", "declarer": 0, "achieved": True,
                    "options": {"fixed_values": {"piccolo": None}}})


def test_as_defender_makes_the_sitting_out_seat_pay():
    game = {"players": 5, "sitting_out": 0, "contract": "raeuber", "announcer": 1,
            "raeuber_points": [None, 30, 10, 20, 19]}
    assert score_game(game)["scores"] == [0, -240, 80, 80, 80]
    assert score_game(dict(game, options={"sitting_out_scores": "as_defender"}))["scores"] == [80, -320, 80, 80, 80]


@pytest.mark.parametrize("key", FACH_RULESETS)
def test_tariff_grid_agrees_with_the_engine(key):
    rs = resolve(key)
    grid = tariff_grid(rs)
    assert [r["fach"] for r in grid.rows] == list(range(1, rs.max_fach + 1))
    for row in grid.rows:
        # the highest declarer count of the band that loses with this Fach reproduces the grid value
        # (bands are in counted points including a Dreier bonus point)
        high = int(row["declarer_band"].split("–")[-1])
        game = {"ruleset": key, "players": rs.players[0], "contract": "cego", "declarer": 0,
                "card_points": high - rs.bonus if high else 0}
        result = score_game(game)
        assert (result["won"], result["fach"], result["value"]) == (False, row["fach"], row["cego"]), result
        low = int(row["defender_band"].split("–")[0])
        won = score_game(dict(game, card_points=rs.total + rs.bonus - low - rs.bonus))
        assert (won["won"], won["fach"], won["value"]) == (True, row["fach"], row["cego"]), won
    assert format_grid(grid).count("\n") >= rs.max_fach + 2


def test_tariff_bands_schwarzwald():
    rows = tariff_grid(resolve("schwarzwald")).rows
    assert [r["declarer_band"] for r in rows] == ["35–39", "30–34", "25–29", "20–24", "15–19", "10–14", "5–9", "0–4"]


def test_random_games_are_legal():
    for game in random_games(3000, seed=11):
        score_game(game)

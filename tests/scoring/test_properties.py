"""Property tests over random legal games of every ruleset (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import score_game
from scoring.contracts import CONTRACTS, DRESCHER, FINE, PENALTY, RAEUBER
from tests.scoring.strategies import FACH_RULESETS, legal_games, playing, point_games

ZERO_SUM_OPTIONS = st.sampled_from([None, {"sitting_out_scores": "as_defender"}, {"calls": True}])


@settings(max_examples=400)
@given(data=st.data())
def test_every_legal_game_scores_and_rows_sum_to_zero(data):
    rs, game = data.draw(legal_games(options=data.draw(ZERO_SUM_OPTIONS)))
    result = score_game(game)
    assert len(result["scores"]) == game["players"]
    assert sum(result["scores"]) == 0, (game, result)
    assert result["explanation"].endswith(".")
    if "sitting_out" in game and rs.sitting_out_scores == "zero" and game["contract"] != "fine":
        assert result["scores"][game["sitting_out"]] == 0


@settings(max_examples=300)
@given(data=st.data())
def test_more_card_points_never_score_less_for_the_declarer(data):
    rs, game = data.draw(point_games(options=data.draw(st.sampled_from([None, {"writing": "declarer_only"}]))))
    more = dict(game, card_points=data.draw(st.integers(game["card_points"], rs.total)))
    declarer = game["declarer"]
    assert score_game(more)["scores"][declarer] >= score_game(game)["scores"][declarer]


@settings(max_examples=300)
@given(data=st.data())
def test_won_iff_declarer_reaches_the_threshold(data):
    rs, game = data.draw(point_games(keys=FACH_RULESETS))
    cp = game["card_points"]
    effective = cp + rs.bonus if cp else 0
    result = score_game(game)
    assert result["won"] == (effective >= rs.declarer_threshold)
    assert 1 <= result["fach"] <= rs.max_fach
    sign = 1 if result["won"] else -1
    assert sign * result["scores"][game["declarer"]] > 0


@settings(max_examples=300)
@given(data=st.data())
def test_schwarzwald_values_are_multiples_of_ten(data):
    _rs, game = data.draw(legal_games(ruleset="schwarzwald"))
    if game["contract"] == "fine":     # a fine is what the director keys, not a tariff value
        game["value"] = 10 * data.draw(st.integers(1, 50))
    result = score_game(game)
    assert result["value"] % 10 == 0
    assert all(s % 10 == 0 for s in result["scores"])


@settings(max_examples=300)
@given(data=st.data())
def test_declarer_only_writes_only_the_declarer_or_the_loser(data):
    _rs, game = data.draw(legal_games(options={"writing": "declarer_only"}))
    result = score_game(game)
    written = [s for s, v in enumerate(result["scores"]) if v]
    kind = CONTRACTS[game["contract"]].kind
    if kind in (RAEUBER, DRESCHER):
        losers = result["losers"]
        if all(result["scores"][s] <= 0 for s in written):
            assert set(written) <= set(losers)
        else:   # a Räuber player who took every trick is written alone, with his gain
            assert len(written) == 1 and written[0] not in losers
    elif kind == PENALTY:   # Schinden: the loser alone
        assert written == [game["penalty"]]
    elif kind == FINE:      # a fine: the payer alone
        assert written == [game["payer"]] and result["scores"][game["payer"]] == -result["value"]
    elif result["value"] == 0:  # 35:35 under the margin-over-35 scoring writes nothing
        assert written == [] and game["ruleset"] not in FACH_RULESETS
    else:
        assert written == [game["declarer"]]
        assert abs(result["scores"][game["declarer"]]) == result["value"]


@settings(max_examples=200)
@given(data=st.data())
def test_winner_and_loser_mirror(data):
    rs, game = data.draw(point_games(ruleset="schwarzwald"))
    d = len(playing(game)) - 1
    result = score_game(game)
    declarer_score = result["scores"][game["declarer"]]
    assert abs(declarer_score) == d * result["value"]
    for s in playing(game):
        if s != game["declarer"]:
            assert result["scores"][s] == -declarer_score // d


@settings(max_examples=200)
@given(data=st.data())
def test_calls_double_the_value(data):
    _rs, game = data.draw(point_games(ruleset="schwarzwald", options={"calls": True}))
    plain = score_game(dict(game, calls=0))
    called = score_game(game)
    assert called["value"] == plain["value"] * 2 ** game["calls"]
    assert called["scores"] == [v * 2 ** game["calls"] for v in plain["scores"]]

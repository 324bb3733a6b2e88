"""The last rules of the seed documents (RULES.md §10, issue 28): the golden cases of
tests/scoring/golden/seed_rules_cases.json (a copy of ../shared/golden/seed_rules_cases.json), the errors, and
property tests — every row of a fine, a Pflichträuber and a five-handed Räuber sums to 0."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, resolve, score_game
from scoring.rulesets import RULESET_KEYS
from tests.scoring.strategies import fine_fields

ROOT = Path(__file__).resolve().parents[2]
CASES = json.loads((ROOT / "tests/scoring/golden/seed_rules_cases.json").read_text(encoding="utf-8"))
SHARED = ROOT.parent / "shared" / "golden" / "seed_rules_cases.json"
RAEUBER_RULESETS = tuple(k for k in RULESET_KEYS if resolve(k).raeuber_value is not None)
ZERO_SUM_OPTIONS = [{}, {"sitting_out_scores": "as_defender"}]


def test_the_copy_is_the_shared_file():
    if SHARED.exists():     # a fresh clone without ../shared checks the copy alone
        assert json.loads(SHARED.read_text(encoding="utf-8")) == CASES
    assert len(CASES) == 16


@pytest.mark.parametrize(("game", "expected"), [
    pytest.param(c["game"], c["expected"], id=f"{i}-{c['game']['contract']}") for i, c in enumerate(CASES)])
def test_seed_rules_case(game, expected):
    if "error" in expected:
        with pytest.raises(ScoringError) as info:
            score_game(game)
        assert info.value.code == expected["error"]["code"]
    else:
        result = score_game(game)
        assert {k: result[k] for k in expected} == expected


@pytest.mark.parametrize(("game", "code"), [
    ({"contract": "raeuber", "compulsory": True, "announcer": 1, "raeuber_points": [18, 25, 20, 16]},
     "announcer_not_allowed"),
    ({"contract": "cego", "compulsory": True, "declarer": 0, "card_points": 40}, "compulsory_not_allowed"),
    ({"contract": "raeuber", "compulsory": "yes", "raeuber_points": [18, 25, 20, 16]}, "malformed"),
    ({"contract": "piccolo", "declarer": 0, "achieved": True, "pagat_seller": 2}, "pagat_seller_not_allowed"),
    ({"contract": "ultimo", "declarer": 0, "achieved": True, "pagat_seller": 4}, "bad_seat"),
    ({"contract": "fine", "value": 50}, "payer_required"),
    ({"contract": "fine", "payer": 4, "value": 50}, "bad_seat"),
    ({"contract": "fine", "payer": 0, "value": 0}, "value_out_of_range"),
    ({"contract": "fine", "payer": 0, "value": "50"}, "malformed"),
    ({"contract": "fine", "payer": 0, "value": 50, "declarer": 1}, "malformed"),
    ({"contract": "fine", "payer": 0, "value": 50, "penalty": 1}, "malformed"),
    ({"contract": "cego", "declarer": 0, "card_points": 40, "payer": 1}, "malformed"),
    ({"contract": "cego", "declarer": 0, "card_points": 40, "value": 10}, "malformed"),
    ({"contract": "fine", "payer": 0, "value": 50, "calls": 1, "options": {"calls": True}}, "calls_not_allowed"),
])
def test_what_the_new_fields_reject(game, code):
    with pytest.raises(ScoringError) as info:
        score_game(game)
    assert info.value.code == code
    assert info.value.message("de") and info.value.message("en")


def test_a_pflichtraeuber_applies_the_other_raeuber_rules_and_explains_itself():
    # unadingen: all tricks 120 from each other seat, no announcer needed
    result = score_game({"ruleset": "unadingen", "contract": "raeuber", "compulsory": True,
                         "raeuber_points": [79, 0, 0, 0], "raeuber_tricks": [11, 0, 0, 0]})
    assert result["scores"] == [360, -120, -120, -120]
    tie = score_game({"contract": "raeuber", "compulsory": True, "raeuber_points": [25, 25, 20, 9]}, "en")
    assert tie["losers"] == [0, 1] and "Pflichträuber (no announcer)" in tie["explanation"]


def test_the_dealer_plays_a_raeuber_only_under_the_option_and_only_a_raeuber():
    five = {"players": 5, "sitting_out": 2, "options": {"raeuber_with_dealer": True}}
    result = score_game({**five, "contract": "raeuber", "announcer": 3, "raeuber_points": [10, 10, 30, 15, 14]})
    assert result["scores"] == [40, 40, -160, 40, 40]
    assert "Sitz 3 gibt und spielt den Räuber mit" in result["explanation"]
    with pytest.raises(ScoringError) as info:     # the dealer still sits out of a point game
        score_game({**five, "contract": "cego", "declarer": 2, "card_points": 40})
    assert info.value.code == "bad_seat"
    # without a number for him the dealer has not played: under the option that is a missing seat
    with pytest.raises(ScoringError):
        score_game({**five, "contract": "raeuber", "announcer": 3, "raeuber_points": [10, 25, None, 30, 14]})


def test_a_bought_kleiner_mann_under_declarer_only_and_as_defender():
    game = {"contract": "ultimo", "declarer": 0, "achieved": True, "pagat_seller": 2}
    assert score_game({**game, "options": {"writing": "declarer_only"}})["scores"] == [80, 0, 0, 0]
    five = {**game, "players": 5, "sitting_out": 4, "options": {"sitting_out_scores": "as_defender"}}
    assert score_game(five)["scores"] == [240, -80, 0, -80, -80]
    # a defender's rule violation: the declarer is paid as winner (not by the seller), the offender pays it alone
    assert score_game({**game, "penalty": 1})["scores"] == [160, -160, 0, 0]


def test_a_fine_under_declarer_only_writes_the_payer_alone():
    result = score_game({"ruleset": "unadingen", "contract": "fine", "payer": 1,
                         "options": {"writing": "declarer_only"}})
    assert result["scores"] == [0, -80, 0, 0]
    assert score_game({"ruleset": "unadingen", "contract": "fine", "payer": 1, "value": 10})["scores"] == [
        10, -30, 10, 10]


# -- property tests: every row sums to 0 ----------------------------------------------------------------------

@st.composite
def fines(draw):
    key = draw(st.sampled_from(RULESET_KEYS))
    rs = resolve(key)
    players = draw(st.sampled_from(rs.players))
    game = {"ruleset": key, "players": players, "contract": "fine"}
    if players == 5:
        game["sitting_out"] = draw(st.integers(0, 4))
    options = draw(st.sampled_from(ZERO_SUM_OPTIONS))
    if options:
        game["options"] = options
    return fine_fields(draw, rs, game)


def _points(draw, rs, seats, players):
    """Card points and tricks per seat for the ``seats`` that play (``None`` for a seat that does not)."""
    tricks = [None] * players
    points = [None] * players
    for s in seats:
        tricks[s] = 0
    for _ in range(rs.hand_size):
        tricks[draw(st.sampled_from(seats))] += 1
    budget = rs.total
    for s in seats:
        points[s] = 0
        if tricks[s]:
            points[s] = draw(st.integers(0, budget))
            budget -= points[s]
    return points, tricks


@st.composite
def raeubers(draw, compulsory):
    key = draw(st.sampled_from(RAEUBER_RULESETS))
    options = dict(draw(st.sampled_from(ZERO_SUM_OPTIONS)))
    players = draw(st.sampled_from(resolve(key).players))
    game = {"ruleset": key, "players": players, "contract": "raeuber"}
    seats = list(range(players))
    if players == 5:
        game["sitting_out"] = draw(st.integers(0, 4))
        if compulsory and draw(st.booleans()) or not compulsory:
            options["raeuber_with_dealer"] = True
        if not options.get("raeuber_with_dealer"):
            seats.remove(game["sitting_out"])
    if options:
        game["options"] = options
    rs = resolve(key, options or None)
    points, tricks = _points(draw, rs, seats, players)
    game["raeuber_points"] = points
    if draw(st.booleans()):
        game["raeuber_tricks"] = tricks
    if compulsory:
        game["compulsory"] = True
    else:
        game["announcer"] = draw(st.sampled_from(seats))
    if draw(st.integers(0, 9)) == 0:
        game["penalty"] = draw(st.sampled_from(seats))
    return game


@settings(max_examples=300)
@given(game=fines())
def test_every_row_of_a_fine_sums_to_zero(game):
    result = score_game(game)
    assert sum(result["scores"]) == 0
    assert result["scores"][game["payer"]] == -(game["players"] - 1) * result["value"]


@settings(max_examples=300)
@given(game=raeubers(compulsory=True))
def test_every_row_of_a_pflichtraeuber_sums_to_zero(game):
    result = score_game(game)
    assert sum(result["scores"]) == 0
    assert result["losers"]


@settings(max_examples=300)
@given(game=st.one_of(raeubers(compulsory=False).filter(lambda g: g["players"] == 5),
                      raeubers(compulsory=True).filter(lambda g: g["players"] == 5)))
def test_every_row_of_a_five_handed_raeuber_sums_to_zero(game):
    result = score_game(game)
    assert sum(result["scores"]) == 0
    if game.get("options", {}).get("raeuber_with_dealer") and game.get("penalty") is None:
        assert game["sitting_out"] in result["losers"] or result["scores"][game["sitting_out"]] != 0


def test_the_ruleset_comparison_shows_the_seed_rules_as_docs_scoring_md_does():
    from scoring.tariff import comparison

    table = comparison("en")
    rows = {r["key"]: r for r in table["rows"]}
    docs = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    for key in ("pflicht", "raeuber_five", "pagat_seller", "fine", "soloschinden"):
        assert f"| {rows[key]['label']} | " + " | ".join(rows[key]["cells"]) + " |" in docs, key
    index = {c["key"]: i for i, c in enumerate(table["columns"])}
    assert rows["soloschinden"]["cells"][index["regional"]] == "penalty on the bid contract; or Schinden"
    german = {r["key"]: r for r in comparison("de")["rows"]}
    assert german["fine"]["cells"][index["unadingen"]] == "80"
    assert german["soloschinden"]["label"] == "Geschundenes Solo (Zego 1975)"
    assert comparison("en", keys=["schwarzwald"])["rows"][-5]["key"] == "pflicht"
    with_dealer = comparison("en", keys=["schwarzwald"])
    assert with_dealer["rows"][-4]["cells"] == ["sits out"]

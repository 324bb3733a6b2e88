"""Räuber tricks per seat (issue 22, "every contract keyable at the table"; docs/scoring.md, "Räuber tricks").

Every trick counts at least one card point, so a seat with 0 card points took no trick: where the tricks are not
given, the engine takes the Jungfrau seats and the one seat that took every trick from the card points. Where
neither tells it (a rule violation keyed without card points) a ruleset that pays for a Jungfrau refuses the game
(``raeuber_tricks_required``) instead of paying nothing for it."""

import pytest

from scoring import ScoringError, resolve, score_game


def raeuber(ruleset, points=None, tricks=None, announcer=0, **more):
    game = {"ruleset": ruleset, "contract": "raeuber", "announcer": announcer, **more}
    if points is not None:
        game["raeuber_points"] = points
    if tricks is not None:
        game["raeuber_tricks"] = tricks
    return game


@pytest.mark.parametrize(("ruleset", "points", "tricks", "announcer", "scores"), [
    # traditionell: Räuber 5, ×2 per Jungfrau — two seats with 0 points are two Jungfrauen: 5 × 2 × 2 = 20
    ("traditionell", [30, 20, 0, 0], [6, 5, 0, 0], 0, [-60, 20, 20, 20]),
    # unadingen: 30 + 30 announcer + 30 Jungfrau + 30 over 40 = 120
    ("unadingen", [9, 21, 45, 0], [2, 3, 6, 0], 2, [120, 120, -360, 120]),
    # unadingen: the only seat with points took every trick and receives 120 from each
    ("unadingen", [0, 0, 60, 0], [0, 0, 11, 0], 2, [-120, -120, 360, -120]),
    # regional: Räuber 5 ×2 per Jungfrau, as traditionell
    ("regional", [40, 0, 20, 10], [7, 0, 3, 1], 1, [-30, 10, 10, 10]),
])
def test_without_tricks_the_card_points_give_the_same_amounts(ruleset, points, tricks, announcer, scores):
    given = score_game(raeuber(ruleset, points, tricks, announcer))
    inferred = score_game(raeuber(ruleset, points, None, announcer))
    assert given["scores"] == inferred["scores"] == scores


def test_the_explanation_says_where_the_jungfrau_comes_from():
    de = score_game(raeuber("unadingen", [9, 21, 45, 0], announcer=2))["explanation"]
    assert "+30 × 1 Jungfrau (0 Punkte = kein Stich)" in de
    en = score_game(raeuber("traditionell", [30, 20, 0, 0]), lang="en")["explanation"]
    assert "×2^2 Jungfrau (0 points = no trick)" in en
    given = score_game(raeuber("traditionell", [30, 20, 0, 0], [6, 5, 0, 0]))["explanation"]
    assert "kein Stich" not in given
    everything = score_game(raeuber("unadingen", [0, 0, 60, 0], announcer=2))["explanation"]
    assert "Sitz 3 (nur er hat Punkte) hat alle Stiche" in everything


def test_only_the_seats_with_0_points_are_jungfrauen():
    assert score_game(raeuber("unadingen", [18, 25, 20, 0]))["scores"] == [60, -180, 60, 60]
    assert score_game(raeuber("unadingen", [18, 25, 20, 16]))["scores"] == [30, -90, 30, 30]
    assert score_game(raeuber("traditionell", [18, 25, 20, 7]))["scores"] == [5, -15, 5, 5]


def test_a_ruleset_without_trick_rules_is_unchanged():
    assert not resolve("schwarzwald").pays_on_tricks
    assert score_game(raeuber("schwarzwald", [30, 20, 0, 0], announcer=1))["scores"] == [-120, 40, 40, 40]
    # a penalty needs no card points where nothing depends on tricks
    assert score_game(raeuber("schwarzwald", penalty=1))["scores"] == [40, -120, 40, 40]


@pytest.mark.parametrize("ruleset", ["traditionell", "unadingen", "regional"])
def test_a_penalty_without_points_or_tricks_is_refused_where_the_jungfrau_pays(ruleset):
    with pytest.raises(ScoringError) as info:
        score_game(raeuber(ruleset, penalty=1))
    assert info.value.code == "raeuber_tricks_required"
    assert "Jungfrau" in info.value.message("de") and "Jungfrau" in info.value.message("en")
    assert "{" not in info.value.message("de")


def test_a_penalty_with_points_or_tricks_pays_the_jungfrau():
    # seat 2 revokes; seats 3 and 4 took no trick: traditionell 5 × 2 × 2 = 20 to each
    by_points = score_game(raeuber("traditionell", [30, 20, 0, 0], penalty=1))
    by_tricks = score_game(raeuber("traditionell", tricks=[6, 5, 0, 0], penalty=1))
    assert by_points["scores"] == by_tricks["scores"] == [20, -60, 20, 20]
    # no all-tricks payment under a rule violation: the offender pays
    assert score_game(raeuber("unadingen", [0, 0, 60, 0], announcer=2, penalty=0))["scores"][0] < 0


def test_given_tricks_win_over_the_inference():
    # seat 4 has 0 points: a Jungfrau unless the tricks as given say it took one
    assert score_game(raeuber("traditionell", [30, 20, 10, 0]))["scores"] == [-30, 10, 10, 10]
    assert score_game(raeuber("traditionell", [30, 20, 10, 0], [6, 3, 1, 1]))["scores"] == [-15, 5, 5, 5]


@pytest.mark.parametrize(("ruleset", "pays"), [("schwarzwald", False), ("traditionell", True), ("dreier", False),
                                               ("unadingen", True), ("dreier35", False), ("regional", True)])
def test_pays_on_tricks_per_ruleset(ruleset, pays):
    assert resolve(ruleset).pays_on_tricks is pays


def test_pays_on_tricks_follows_the_options():
    assert resolve("schwarzwald", {"raeuber_all_tricks": 100}).pays_on_tricks
    assert not resolve("schwarzwald", {"raeuber_all_tricks": 100}).pays_jungfrau
    assert resolve("schwarzwald", {"raeuber_surcharges": {"jungfrau": 10}}).pays_jungfrau
    assert not resolve("traditionell", {"raeuber_value": None}).pays_on_tricks

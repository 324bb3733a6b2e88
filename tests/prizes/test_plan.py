"""The prize rules (``tournament.prizes.plan``, pure): how many places win, ties split or by lot, scaling, the
special prizes (one player, one prize) and the last place — by table."""

from decimal import Decimal

import pytest

from tournament.prizes import plan
from tournament.standings.ranking import Row, place_count, prize_list, rank


def ranked(totals, cats=None, lots=None, chain=()):
    rows = [Row(key=k, total=t, lot=(lots or {}).get(k), data={"categories": (cats or {}).get(k, [])})
            for k, t in totals.items()]
    return rank(rows, chain)


@pytest.mark.parametrize("rule, places, totals, expected", [
    ("number", 3, [50, 40, 30, 20, 10], 3),
    ("half", 3, [50, 40, 30, 20, 10], 3),          # 5 players: half rounded up
    ("half", 3, [50, 40, 30, 20], 2),
    ("plus", 3, [50, 40, -30, -60], 2),
    ("plus", 3, [-10, -20], 0),
])
def test_how_many_places_win(rule, places, totals, expected):
    rows = ranked({f"p{i}": t for i, t in enumerate(totals)}, chain=("lots",))
    assert place_count(rows, rule, places) == expected


PLACES = {1: plan.Line(Decimal(150)), 2: plan.Line(Decimal(0), "Präsentkorb", Decimal(40)),
          3: plan.Line(Decimal(50))}


def test_a_tie_for_money_is_split_and_goods_go_by_the_lot():
    rows = ranked({"a": 90, "b": 60, "c": 60, "d": 10}, lots={"b": 2, "c": 1}, chain=())   # b and c share rank 2
    won = plan.awards(rows, prize_list(rows, 3, False), 3, PLACES, ties=plan.SPLIT, last_place=False)
    assert won["a"].money == 150 and won["b"].money == won["c"].money == 25
    assert won["c"].goods == "Präsentkorb" and won["b"].goods == "" and won["b"].shared == 2
    assert "d" not in won


def test_a_tie_decided_by_the_lot_gives_each_his_own_place():
    rows = ranked({"a": 90, "b": 60, "c": 60, "d": 10}, lots={"b": 2, "c": 1}, chain=())
    won = plan.awards(rows, prize_list(rows, 3, False), 3, PLACES, ties=plan.LOT, last_place=False)
    assert (won["c"].place, won["c"].money, won["c"].goods) == (2, 0, "Präsentkorb")
    assert (won["b"].place, won["b"].money) == (3, 50)


def test_split_money_is_rounded_down_to_the_cent():
    rows = ranked({"a": 90, "b": 90, "c": 90}, chain=())
    won = plan.awards(rows, prize_list(rows, 3, False), 3, {1: plan.Line(Decimal(100))}, last_place=False)
    assert {w.money for w in won.values()} == {Decimal("33.33")}


@pytest.mark.parametrize("players, written_for, amount, expected", [
    (40, 40, 150, 150), (20, 40, 150, 75), (7, 3, 150, 350), (10, 40, 50, 12), (None, 40, 50, 50)])
def test_money_scales_with_the_field_rounded_down_to_whole_euros(players, written_for, amount, expected):
    assert plan.scaled(Decimal(amount), plan.scale_factor(players, written_for)) == expected


def test_one_player_one_prize_the_lady_prize_passes_to_the_next_lady():
    rows = ranked({"a": 90, "b": 60, "c": 30, "d": -10, "e": -50}, chain=("lots",),
                  lots={k: i for i, k in enumerate("abcde")},
                  cats={"a": ["women"], "c": ["women"], "d": ["youth"], "e": ["c7"]})
    specials = [plan.Line(Decimal(20), kind=plan.LADY, label="Best lady"),
                plan.Line(Decimal(0), "Buch", kind=plan.YOUTH, label="Best youth"),
                plan.Line(Decimal(0), "Wurstsalat", kind=plan.LAST, label="Last place")]
    won = plan.awards(rows, prize_list(rows, 2, True), 2, PLACES, specials)
    assert won["a"].kind == "place" and won["a"].money == 150          # a lady, but her place prize counts
    assert (won["c"].kind, won["c"].money) == ("lady", 20)
    assert (won["d"].kind, won["d"].goods) == ("youth", "Buch")
    assert (won["e"].kind, won["e"].goods) == ("last", "Wurstsalat")


def test_the_last_place_without_a_plan_line_still_wins_as_before():
    rows = ranked({"a": 90, "b": 60, "c": 30}, chain=())
    won = plan.awards(rows, prize_list(rows, 1, True), 1, {}, last_place=True)
    assert set(won) == {"a", "c"} and won["c"].kind == "last"
    assert "c" not in plan.awards(rows, prize_list(rows, 1, False), 1, {}, last_place=False)


def test_the_planned_total_counts_places_in_the_count_specials_and_all_goods():
    money, goods = plan.planned_total(PLACES, [plan.Line(Decimal(20), kind=plan.LADY)],
                                      [(plan.Line(goods="Wein", goods_value=Decimal(8)), 10)], count=2)
    assert (money, goods) == (Decimal(170), Decimal(120))

"""Tables of two for Offiziers-Cego: lot in round 1, Swiss pairing without repeats later, one bye."""

import pytest

from tournament.seating.pairs import met_pairs, pair_round, round_robin


def test_round_one_is_by_lot_and_reproducible():
    players = list(range(1, 11))
    a = pair_round(players, seed="ab12", number=1)
    b = pair_round(players, seed="ab12", number=1)
    c = pair_round(players, seed="other", number=1)
    assert a.tables == b.tables and a.bye is None and len(a.tables) == 5
    assert a.tables != c.tables
    assert sorted(p for t in a.tables for p in t) == players


def test_odd_field_gives_one_bye_to_the_lowest_without_one():
    standing = [5, 4, 3, 2, 1]
    first = pair_round(standing, seed=1, number=2)
    assert first.bye == 1 and first.tables == [[5, 4], [3, 2]]
    again = pair_round(standing, seed=1, number=3, byes={1: 1}, met=[(5, 4), (3, 2)])
    assert again.bye == 2
    assert sorted(p for t in again.tables for p in t) == [1, 3, 4, 5]


def test_later_rounds_avoid_repeats_by_backtracking():
    # Top-down greedy would pair 1–3 and then be left with 2–4, who met: the search pairs 1–4, 2–3.
    standing = [1, 2, 3, 4]
    met = [(1, 2), (2, 4)]
    result = pair_round(standing, seed=7, number=2, met=met)
    assert result.repeats == 0
    assert result.tables == [[1, 4], [2, 3]]


def test_a_whole_day_of_six_has_no_repeat():
    players = list(range(6))
    rounds = []
    for number in range(1, 6):
        result = pair_round(players, seed="x", number=number, met=met_pairs(rounds))
        assert result.repeats == 0
        rounds.append(result.tables)
    assert len(met_pairs(rounds)) == 15        # every pair met exactly once: a full round robin


def test_repeat_only_when_unavoidable():
    result = pair_round([1, 2], seed=1, number=2, met=[(2, 1)])
    assert result.tables == [[1, 2]] and result.repeats == 1


def test_bad_input():
    with pytest.raises(ValueError):
        pair_round([1], seed=1, number=1)
    with pytest.raises(ValueError):
        pair_round([1, 1], seed=1, number=1)


@pytest.mark.parametrize("size", [2, 4, 5, 6, 7, 8])
def test_round_robin_meets_everybody_once(size):
    players = list(range(1, size + 1))
    rounds = size - 1 if size % 2 == 0 else size
    met, byes = [], []
    for number in range(1, rounds + 1):
        result = round_robin(players, number)
        met += [frozenset(t) for t in result.tables]
        byes.append(result.bye)
        assert sorted([p for t in result.tables for p in t] + ([result.bye] if result.bye else [])) == players
    assert len(met) == len(set(met)) == size * (size - 1) // 2
    if size % 2:
        assert sorted(byes) == players                     # everybody sits out exactly once

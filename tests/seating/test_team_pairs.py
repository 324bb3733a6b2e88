"""The pure pairing of a Ziege round: no pair of teams twice, byes spread, reproducible."""

import itertools

import pytest

from tournament.seating import pairs


def pair_round(teams, met=(), byes=None, seed=""):
    """The Ziege draw's call (``draws.ziege``): by lot every round; ``(tables, bye, repeats)``."""
    drawn = pairs.pair_round(teams, seed=seed, number=1, met=met, byes=byes, order=pairs.LOT, label="ziege")
    return drawn.tables, drawn.bye, drawn.repeats


def play_day(teams, rounds, seed="s"):
    met, byes, days = set(), {}, []
    for number in range(1, rounds + 1):
        pairs, bye, repeats = pair_round(teams, met, byes, f"{seed}/{number}")
        days.append((pairs, bye, repeats))
        met |= {frozenset(p) for p in pairs}
        if bye is not None:
            byes[bye] = byes.get(bye, 0) + 1
    return days, byes


@pytest.mark.parametrize("teams,rounds", [(4, 3), (5, 5), (8, 4), (9, 3), (16, 6), (31, 5)])
def test_no_two_teams_meet_twice_and_everybody_plays_once_a_round(teams, rounds):
    days, byes = play_day(list(range(teams)), rounds)
    seen = set()
    for tables, bye, repeats in days:
        assert repeats == 0
        playing = [t for p in tables for t in p] + ([bye] if bye is not None else [])
        assert sorted(playing) == list(range(teams))
        for p in tables:
            assert frozenset(p) not in seen
            seen.add(frozenset(p))
    if teams % 2:
        assert max(byes.values()) == 1 and len(byes) == rounds       # a different team sits out each round


def test_impossible_without_a_repeat_repeats_as_little_as_found():
    teams = [1, 2, 3, 4]
    met = {frozenset(p) for p in itertools.combinations(teams, 2)}
    pairs, bye, repeats = pair_round(teams, met, {}, "x")
    assert bye is None and repeats == 2 and len(pairs) == 2


def test_same_seed_same_pairing_other_seed_may_differ():
    teams = list(range(12))
    assert pair_round(teams, (), {}, "a") == pair_round(teams, (), {}, "a")
    assert any(pair_round(teams, (), {}, "a") != pair_round(teams, (), {}, s) for s in "bcdef")

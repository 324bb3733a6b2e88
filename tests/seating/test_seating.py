"""Seat draws (SEATING.md): invariants, repeat-freedom, determinism, constraints, redraws, balance, CLI.

Pure tests: no Django, no database. The oracles are independent of the code under test: a plain Counter of
pairs, the closed formula of the Dutch cycles, brute force over all seatings of small fields, and the
objective recomputed from its definition.
"""

import ast
import hashlib
import json
import math
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament import seating
from tournament.seating import (
    ALGORITHM,
    SeatingError,
    cyclic_shifts,
    draw,
    dutch_cycle,
    history_weight,
    pair_meetings,
    repeated_pairs,
    table_sizes,
)
from tournament.seating.problem import HARD, ODD_DAY, ODD_SEASON, Problem
from tournament.seating.rng import Rng
from tournament.seating.search import solve

ROOT = Path(__file__).resolve().parents[2]


# -- independent helpers ----------------------------------------------------------------------------------
def meetings(rounds):
    """Pair → number of shared tables, written independently of ``pair_meetings``."""
    return Counter(frozenset(pair) for tables in rounds for table in tables for pair in combinations(table, 2))


def assert_valid_round(tables, players, sizes):
    seated = [p for table in tables for p in table]
    assert sorted(seated, key=str) == sorted(players, key=str), "every player exactly once"
    assert tuple(len(t) for t in tables) == tuple(sizes)


def odd_seats(rounds, players):
    return Counter(p for tables in rounds for t in tables if len(t) != 4 for p in t if p in players)


# -- table sizes ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "leftover", "expected"),
    [
        (4, 5, (4,)),
        (5, 5, (5,)),
        (8, 5, (4, 4)),
        (9, 5, (4, 5)),
        (10, 5, (5, 5)),
        (15, 5, (5, 5, 5)),
        (19, 5, (4, 5, 5, 5)),
        (20, 5, (4,) * 5),
        (23, 5, (4, 4, 5, 5, 5)),
        (3, 3, (3,)),
        (4, 3, (4,)),
        (6, 3, (3, 3)),
        (9, 3, (3, 3, 3)),
        (21, 3, (4, 4, 4, 3, 3, 3)),
        (22, 3, (4, 4, 4, 4, 3, 3)),
        (23, 3, (4,) * 5 + (3,)),
    ],
)
def test_table_sizes(n, leftover, expected):
    assert table_sizes(n, leftover=leftover) == expected


@pytest.mark.parametrize(
    ("n", "leftover", "code"),
    [(0, 5, "too_few_players"), (3, 5, "too_few_players"), (6, 5, "impossible_table_sizes"),
     (7, 5, "impossible_table_sizes"), (11, 5, "impossible_table_sizes"), (2, 3, "too_few_players"),
     (5, 3, "impossible_table_sizes"), (20, 6, "bad_leftover")],
)
def test_table_sizes_errors(n, leftover, code):
    with pytest.raises(SeatingError) as info:
        table_sizes(n, leftover=leftover)
    assert info.value.code == code
    assert str(info.value)  # a readable message built from the params


@given(st.integers(12, 2000), st.sampled_from([5, 3]))
def test_table_sizes_add_up_with_fewer_than_four_odd_tables(n, leftover):
    sizes = table_sizes(n, leftover=leftover)
    assert sum(sizes) == n
    assert set(sizes) <= {4, leftover}
    assert sizes.count(leftover) < 4
    assert list(sizes) == sorted(sizes, key=lambda s: s != 4)  # tables of 4 first


# -- the pair counting, checked against the Dutch cycles' closed formula ----------------------------------
@pytest.mark.parametrize("m", range(1, 14))
@pytest.mark.parametrize("rounds", [2, 3, 5])
def test_repeated_pairs_match_the_dutch_cycle_formula(m, rounds):
    rng = Rng(f"cycle-{m}-{rounds}")
    shifts = [rng.below(m) for _ in range(rounds)]
    # rows i < j, positions a, b meet in the round with shift s iff (j - i)·s ≡ b - a (mod m)
    expected = 0
    for i, j in combinations(range(4), 2):
        hits = Counter((j - i) * s % m for s in shifts)
        expected += m * sum(1 for k in hits.values() if k >= 2)
    rounds_ = dutch_cycle(m, shifts)
    assert repeated_pairs(rounds_) == expected
    assert sum(1 for k in meetings(rounds_).values() if k > 1) == expected


@pytest.mark.parametrize("m", range(1, 30))
def test_cyclic_shifts_are_repeat_free_and_complete_when_m_is_prime_to_6(m):
    shifts = cyclic_shifts(m)
    rounds = dutch_cycle(m, shifts)
    assert repeated_pairs(rounds) == 0
    for tables in rounds:
        assert_valid_round(tables, list(range(4 * m)), (4,) * m)
    if math.gcd(m, 6) == 1:
        assert len(shifts) == m


@pytest.mark.parametrize(("m", "rounds"), [(5, 5), (11, 10), (13, 12)])
def test_draw_reaches_what_the_dutch_cycle_proves_possible(m, rounds):
    assert repeated_pairs(dutch_cycle(m, cyclic_shifts(m, rounds))) == 0
    result = draw(list(range(4 * m)), rounds, seed="oracle")
    assert result.repeats() == 0


def test_pair_meetings_adds_history_and_orders_pairs():
    rounds = [[[3, 1, 2, 0]], [[0, 1, 2, 3]]]
    counted = pair_meetings(rounds, history=[[1, 0, 2], [7, 8, 1]])
    assert counted[(0, 1)] == 4
    assert counted[(7, 8)] == 1
    assert counted[(2, 3)] == 2
    assert all(a < b for a, b in counted)


# -- the day's invariants ---------------------------------------------------------------------------------
SPREAD = [20, 21, 22, 23, 24, 25, 26, 27, 29, 30, 31, 33, 35, 38, 41, 47, 50, 63, 77, 101, 128, 150, 202,
          257, 310, 355, 401, 402, 403]


@pytest.mark.parametrize("n", SPREAD)
@pytest.mark.parametrize("rounds", [1, 2, 3, 4])
def test_every_player_once_per_round_right_sizes_and_no_same_day_repeat(n, rounds):
    players = list(range(n))
    result = draw(players, rounds, seed=f"spread-{n}")
    assert len(result.rounds) == rounds
    for tables in result.rounds:
        assert_valid_round(tables, players, table_sizes(n))
    assert all(k == 1 for k in meetings(result.rounds).values())
    assert result.stats()["repeated_pairs"] == 0


@pytest.mark.parametrize("n", [20, 21, 22, 23, 27, 31, 44, 103, 203, 403])
@pytest.mark.parametrize("rounds", [2, 4])
def test_three_handed_leftovers(n, rounds):
    result = draw(list(range(n)), rounds, seed=3, leftover=3)
    for tables in result.rounds:
        assert_valid_round(tables, list(range(n)), table_sizes(n, leftover=3))
    assert result.repeats() == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(20, 160), st.integers(1, 4), st.one_of(st.integers(-10**12, 10**12), st.text(min_size=1)))
def test_invariants_for_any_seed(n, rounds, seed):
    result = draw(list(range(n)), rounds, seed=seed)
    for tables in result.rounds:
        assert_valid_round(tables, list(range(n)), table_sizes(n))
    assert result.repeats() == 0
    assert result.seed == seed


@pytest.mark.parametrize(("n", "rounds"), [(4, 3), (5, 2), (8, 4), (12, 4), (16, 6)])
def test_small_fields_are_drawn_with_as_few_repeats_as_found(n, rounds):
    result = draw(list(range(n)), rounds, seed=1)
    for tables in result.rounds:
        assert_valid_round(tables, list(range(n)), table_sizes(n))
    partners_needed = 3 * rounds
    if partners_needed > n - 1:
        assert result.repeats() > 0  # unavoidable: not enough other players
    assert result.stats()["repeated_pairs"] == result.repeats()


def test_players_may_be_texts_and_their_order_does_not_matter():
    names = [f"p{i:02d}" for i in range(30)] + list(range(7))
    a = draw(names, 3, seed="x")
    b = draw(list(reversed(names)), 3, seed="x")
    assert a.rounds == b.rounds and a.input_hash == b.input_hash
    assert a.repeats() == 0
    for tables in a.rounds:
        assert_valid_round(tables, names, table_sizes(37))


# -- determinism and identification -----------------------------------------------------------------------
def test_same_seed_same_draw_and_int_or_text_seed_alike():
    a = draw(list(range(57)), 4, seed=42)
    b = draw(list(range(57)), 4, seed=42)
    c = draw(list(range(57)), 4, seed="42")
    assert a == b
    assert a.rounds == c.rounds and a.input_hash == c.input_hash
    assert a.algorithm == ALGORITHM and len(a.input_hash) == 64


def test_different_seeds_give_different_draws_with_the_same_input_hash():
    draws = [draw(list(range(40)), 3, seed=s) for s in range(6)]
    assert len({json.dumps(d.rounds) for d in draws}) == 6
    assert len({d.input_hash for d in draws}) == 1


def test_input_hash_changes_with_every_input():
    base = {"history": [[0, 1, 1]], "groups": [[2, 3]]}
    hashes = {
        draw(list(range(24)), 2, seed=0, **base).input_hash,
        draw(list(range(25)), 2, seed=0, **base).input_hash,
        draw(list(range(24)), 3, seed=0, **base).input_hash,
        draw(list(range(24)), 2, seed=0, history=[[0, 1, 2]], groups=[[2, 3]]).input_hash,
        draw(list(range(24)), 2, seed=0, history=[[0, 1, 1]], groups=[[2, 4]]).input_hash,
        draw(list(range(24)), 2, seed=0, leftover=3, **base).input_hash,
        draw(list(range(24)), 2, seed=0, fixed_tables={5: 1}, **base).input_hash,
    }
    assert len(hashes) == 7
    same = draw(list(range(24)), 2, seed=0, history={(1, 0): 1}, groups=[[3, 2]])
    assert same.input_hash == draw(list(range(24)), 2, seed=0, **base).input_hash


def test_generator_is_splitmix64():
    rng = Rng(0)
    rng._state = 0  # the published SplitMix64 reference sequence for state 0
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    uniform = Rng("u")
    assert min(Counter(uniform.below(3) for _ in range(3000)).values()) > 900
    items = list(range(10))
    Rng(5).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_golden_draw_is_stable_across_python_versions():
    """Pinned output: if this changes, the algorithm changed and ALGORITHM must get a new version."""
    result = draw(list(range(21)), 2, seed="golden")
    assert ALGORITHM == "cego-tabu/1"
    assert result.input_hash == GOLDEN_HASH
    assert result.rounds == GOLDEN_ROUNDS


def test_golden_digest_of_a_draw_that_needs_the_tabu_search():
    result = draw(list(range(22)), 4, seed="golden", history=[[0, 1, 1], [2, 3, 2]], groups=[[4, 5]])
    assert result.repeats() == 0
    assert result.input_hash.startswith("e0df91ec2bd03901")
    assert hashlib.sha256(json.dumps(result.rounds).encode()).hexdigest() == GOLDEN_DIGEST


def test_string_hashing_does_not_leak_into_the_draw():
    code = (
        "import hashlib, json; from tournament.seating import draw; "
        "d = draw([f'p{i}' for i in range(50)] + [1, 2], 3, seed='h', groups=[['p1', 'p2', 'p3'], ['p4', 1]], "
        "history=[['p5', 'p6', 2]]); print(hashlib.sha256(json.dumps(d.rounds).encode()).hexdigest())"
    )
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                       env={"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1 and len(outputs.pop()) == 65


GOLDEN_DIGEST = "e48c13ec6decfb326d72c389a1473a4ff0471470cf0f06400bb6ed5caa551e7a"
GOLDEN_HASH = "efe555c9a1519d1edaaeb3c28f952763ae2c5dcd4207bf3fa0c4a409711deba5"
GOLDEN_ROUNDS = [
    [[10, 13, 17, 7], [8, 19, 2, 1], [11, 12, 14, 20], [16, 5, 18, 6], [15, 9, 0, 4, 3]],
    [[1, 13, 15, 6], [17, 11, 4, 19], [9, 16, 12, 7], [0, 20, 8, 18], [3, 2, 5, 14, 10]],
]


# -- history, groups, fixed tables ------------------------------------------------------------------------
def history_of(rounds):
    return [[min(pair), max(pair), k] for pair, k in meetings(rounds).items()]


@pytest.mark.parametrize(("n", "rounds"), [(40, 2), (40, 4), (130, 2), (403, 4)])
def test_earlier_meetings_are_kept_apart_when_possible(n, rounds):
    earlier = draw(list(range(n)), rounds, seed="day 1")
    history = history_of(earlier.rounds)
    unconstrained = draw(list(range(n)), rounds, seed="day 2")
    assert set(meetings(unconstrained.rounds)) & set(meetings(earlier.rounds)), "the check can fail"
    later = draw(list(range(n)), rounds, seed="day 2", history=history)
    assert not set(meetings(later.rounds)) & set(meetings(earlier.rounds))
    assert later.repeats() == 0
    assert later.stats()["history_pairs_met"] == 0 and later.stats()["max_season_meetings"] == 1


def partitions(players, sizes):
    """Every seating of ``players`` at tables of ``sizes`` (tables unordered), each exactly once."""
    if not players:
        yield []
        return
    first = players[0]
    for size in set(sizes):
        rest = list(sizes)
        rest.remove(size)
        for others in combinations(players[1:], size - 1):
            remaining = [p for p in players[1:] if p not in others]
            for tail in partitions(remaining, rest):
                yield [(first, *others), *tail]


@pytest.mark.parametrize("n", [8, 9, 12, 13])
@pytest.mark.parametrize("case", range(4))
def test_one_round_with_history_is_optimal_by_brute_force(n, case):
    rng = Rng(f"brute-{n}-{case}")
    history = {pair: rng.below(4) for pair in combinations(range(n), 2) if rng.below(2)}
    odd_history = {p: rng.below(4) for p in range(n)}

    def cost(tables):
        pairs = sum(history_weight(history.get(tuple(sorted(pr)), 0)) for t in tables for pr in combinations(t, 2))
        return pairs + sum(ODD_SEASON * odd_history[p] for t in tables if len(t) != 4 for p in t)

    best = min(cost(tables) for tables in partitions(list(range(n)), list(table_sizes(n))))
    result = draw(list(range(n)), 1, seed=case, history=history, odd_history=odd_history)
    assert cost(result.rounds[0]) == best


def test_history_weights_grow_with_earlier_meetings():
    weights = [history_weight(k) for k in range(6)]
    assert weights[0] == 0
    assert all(a < b for a, b in zip(weights, weights[1:], strict=False))
    assert history_weight(50) < HARD  # a season never outweighs a same-day repeat


@pytest.mark.parametrize("group_rounds", [None, 1])
def test_groups_are_kept_apart(group_rounds):
    n, rounds = 30, 4
    free = draw(list(range(n)), rounds, seed="g")
    groups = [list(t) for t in free.rounds[-1][:4]]  # pairs that do meet without the constraint
    result = draw(list(range(n)), rounds, seed="g", groups=groups, group_rounds=group_rounds)
    assert result.repeats() == 0
    scope = result.rounds if group_rounds is None else result.rounds[:group_rounds]
    for tables in scope:
        for table in tables:
            for group in groups:
                assert len(set(group) & set(table)) <= 1
    assert result.stats()["group_violations"] == 0


def test_fixed_tables_hold_in_every_round():
    fixed = {3: 0, 17: 2, 29: 9, 30: 9}  # table 9 is a table of 5 (41 players)
    result = draw(list(range(41)), 4, seed="wheelchair", fixed_tables=fixed)
    assert result.repeats() == 1  # 29 and 30 share table 9 all day: the only, unavoidable repeat
    for tables in result.rounds:
        assert_valid_round(tables, list(range(41)), table_sizes(41))
        for player, t in fixed.items():
            assert player in tables[t]


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"fixed_tables": {99: 0}}, "unknown_player"),
        ({"fixed_tables": {1: 5}}, "bad_fixed_table"),
        ({"fixed_tables": {p: 0 for p in range(5)}}, "table_overfull"),
        ({"history": [[1, 1, 1]]}, "bad_history"),
        ({"history": [[1, 2]]}, "bad_history"),
        ({"history": [[1, 2, -1]]}, "bad_history"),
        ({"groups": [5]}, "bad_groups"),
        ({"groups": [[1, None]]}, "bad_groups"),
        ({"group_rounds": 0}, "bad_group_rounds"),
        ({"frozen_rounds": [[[1, 2], [2, 3]]]}, "bad_frozen_round"),
        ({"frozen_rounds": [[]]}, "bad_frozen_round"),
        ({"odd_history": {1: -1}}, "bad_counts"),
        ({"leftover": 4}, "bad_leftover"),
        ({"seed": ""}, "bad_seed"),
        ({"seed": None}, "bad_seed"),
        ({"seed": True}, "bad_seed"),
    ],
)
def test_input_errors_have_stable_codes(kwargs, code):
    kwargs = {"seed": 1, **kwargs}
    with pytest.raises(SeatingError) as info:
        draw(list(range(20)), 2, **kwargs)
    assert info.value.code == code
    assert str(info.value)


@pytest.mark.parametrize(
    ("players", "rounds", "code"),
    [(list(range(7)), 2, "impossible_table_sizes"), (list(range(3)), 1, "too_few_players"),
     (list(range(20)), 0, "bad_rounds"), (list(range(20)), 65, "bad_rounds"), ([1, 2, 3, 4, 1], 1, "duplicate_player"),
     ([1, 2, 3, (4,)], 1, "bad_player"), (list(range(1001)), 1, "too_many_players")],
)
def test_field_errors(players, rounds, code):
    with pytest.raises(SeatingError) as info:
        draw(players, rounds, seed=0)
    assert info.value.code == code


# -- redraws ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [20, 23, 40, 101])
def test_redraw_after_withdrawal_and_late_entry_keeps_played_rounds(n):
    day = draw(list(range(n)), 4, seed="day")
    played = day.rounds[:2]
    players = [p for p in range(n) if p != 5] + ["late"]
    redraw = draw(players, 4, seed="day", frozen_rounds=played)
    assert redraw.rounds[:2] == played and redraw.frozen == 2
    for tables in redraw.rounds[2:]:
        assert_valid_round(tables, players, table_sizes(n))
        assert all(5 not in t for t in tables)
    assert redraw.repeats() == 0


def test_redraw_can_change_the_table_sizes_and_keeps_balance_counts():
    day = draw(list(range(40)), 3, seed="s")
    players = list(range(40)) + [40, 41, 42]
    redraw = draw(players, 3, seed="s", frozen_rounds=day.rounds[:1])
    assert redraw.rounds[0] == day.rounds[0]
    for tables in redraw.rounds[1:]:
        assert_valid_round(tables, players, (4,) * 7 + (5, 5, 5))
    assert redraw.repeats() == 0
    first_deals = Counter(t[0] for tables in redraw.rounds for t in tables)
    assert max(first_deals.values()) == 1  # 10 + 2·10 first deals for 43 players: nobody twice


def test_all_rounds_frozen_returns_them_unchanged():
    day = draw(list(range(24)), 2, seed=9)
    again = draw(list(range(24)), 2, seed=9, frozen_rounds=day.rounds)
    assert again.rounds == day.rounds and again.frozen == 2


def test_round_by_round_with_lookahead_stays_repeat_free():
    """How the Django adapter should call it: all the day's rounds, earlier ones frozen, save the next one."""
    frozen = []
    for k in range(1, 5):
        frozen = draw(list(range(22)), 4, seed="adapter", frozen_rounds=frozen).rounds[:k]
    assert repeated_pairs(frozen) == 0


# -- balance ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [32, 41, 43, 45, 50, 63, 101, 203, 403])
@pytest.mark.parametrize("rounds", [2, 3, 4])
def test_odd_tables_spread_as_evenly_as_possible(n, rounds):
    result = draw(list(range(n)), rounds, seed="odd")
    seats = sum(s for s in table_sizes(n) if s != 4) * rounds
    counts = odd_seats(result.rounds, set(range(n)))
    assert max(counts.values(), default=0) == math.ceil(seats / n)
    assert result.stats()["odd_seats"]["max"] == math.ceil(seats / n)


@pytest.mark.parametrize(("n", "leftover"), [(20, 5), (21, 5), (23, 5), (22, 3), (57, 5), (403, 5), (401, 3)])
@pytest.mark.parametrize("rounds", [1, 3, 4])
def test_first_deals_spread_evenly(n, leftover, rounds):
    result = draw(list(range(n)), rounds, seed="deal", leftover=leftover)
    tables = len(table_sizes(n, leftover=leftover)) * rounds
    first = Counter(t[0] for tables_ in result.rounds for t in tables_)
    assert sum(first.values()) == tables
    assert max(first.values()) == math.ceil(tables / n)


def test_season_balance_prefers_who_had_least():
    n = 41  # one table of 5
    veterans = {p: 3 for p in range(36)}  # 36 players sat at tables of 5 three times this season
    result = draw(list(range(n)), 1, seed="season", odd_history=veterans)
    assert set(result.rounds[0][-1]) == {36, 37, 38, 39, 40}
    dealt = {p: p % 5 for p in range(n)}
    result = draw(list(range(n)), 1, seed="season", dealer_history=dealt)
    for table in result.rounds[0]:
        assert dealt[table[0]] == min(dealt[p] for p in table)


# -- the optimiser's bookkeeping --------------------------------------------------------------------------
def objective(problem, tables):
    """The objective of search's docstring, computed from scratch."""
    n, total, met = problem.n, 0, Counter()
    for r, tables_ in enumerate(tables):
        for t in tables_:
            for a, b in combinations(t, 2):
                total += problem.statics[r][a * n + b]
                met[frozenset((a, b))] += 1
    total += HARD * sum(k * (k - 1) // 2 for k in met.values())
    for p in range(n):
        new = sum(1 for tables_ in tables for t in tables_ if len(t) != 4 and p in t)
        d0, d = problem.odd_before[p], problem.odd_before[p] + new
        total += ODD_DAY * (d * (d - 1) - d0 * (d0 - 1)) // 2 + ODD_SEASON * problem.odd_season[p] * new
    return total


@pytest.mark.parametrize("case", range(6))
def test_optimiser_reports_the_cost_of_what_it_returns(case):
    rng = Rng(f"objective-{case}")
    n = 21 + rng.below(20)
    sizes = table_sizes(n)
    base = [0] * (n * n)
    for _ in range(3 * n):
        a, b = rng.below(n), rng.below(n)
        if a != b:
            w = HARD if rng.below(5) == 0 else history_weight(1 + rng.below(3))
            base[a * n + b] += w
            base[b * n + a] += w
    grouped = list(base)
    grouped[0 * n + 1] += HARD
    grouped[1 * n + 0] += HARD
    problem = Problem(n=n, sizes=sizes, rounds=3, statics=[grouped, base, base],
                      pinned=[2 if p == 4 else -1 for p in range(n)],
                      odd_before=[rng.below(2) for _ in range(n)], odd_season=[rng.below(4) for _ in range(n)])
    outcome = solve(problem, Rng(case))
    assert outcome.cost == objective(problem, outcome.tables)
    assert outcome.cost >= outcome.lower_bound
    for tables in outcome.tables:
        assert_valid_round(tables, list(range(n)), sizes)
        assert 4 in tables[2]


def test_a_time_box_can_only_come_from_outside():
    problem = Problem(n=28, sizes=(4,) * 7, rounds=9, statics=[[0] * 28 * 28] * 9, pinned=[-1] * 28,
                      odd_before=[0] * 28, odd_season=[0] * 28)
    stopped = solve(problem, Rng(1), stop=lambda: True)
    assert stopped.iterations == 0
    assert solve(problem, Rng(1), max_work=50_000) == solve(problem, Rng(1), max_work=50_000)


# -- stats and JSON ---------------------------------------------------------------------------------------
def test_stats_and_json_form():
    result = draw(list(range(22)), 2, seed="s", history=[[0, 1, 2]], groups=[[2, 3]])
    data = result.as_dict()
    assert set(data) == {"seed", "algorithm", "input_hash", "frozen_rounds", "rounds", "stats"}
    assert json.loads(json.dumps(data)) == data
    stats = data["stats"]
    assert stats["repeated_pairs"] == 0 and stats["max_day_meetings"] == 1 and stats["group_violations"] == 0
    assert result.inputs["history"] == [[0, 1, 2]] and result.inputs["players"] == list(range(22))


def test_stats_see_what_went_wrong():
    bad = seating.Draw(seed=0, algorithm=ALGORITHM, input_hash="", rounds=[[[0, 1, 2, 3]], [[3, 2, 1, 0]]],
                       inputs={"players": [0, 1, 2, 3], "history": [[0, 1, 4]], "groups": [[0, 2]]})
    stats = bad.stats()
    assert stats["repeated_pairs"] == 6 and stats["max_day_meetings"] == 2
    assert stats["max_season_meetings"] == 6 and stats["history_pairs_met"] == 1
    assert stats["group_violations"] == 2
    assert stats["first_deals"] == {"min": 0, "max": 1}


# -- CLI --------------------------------------------------------------------------------------------------
def cli(*args):
    return subprocess.run([sys.executable, "-m", "tournament.seating", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env={"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "random"})


def test_cli_prints_the_documented_json_and_is_reproducible():
    first = cli("--players", "27", "--rounds", "3", "--seed", "2024-03-09")
    assert first.returncode == 0, first.stderr
    data = json.loads(first.stdout)
    assert data["seed"] == "2024-03-09" and data["algorithm"] == ALGORITHM
    assert len(data["rounds"]) == 3
    for tables in data["rounds"]:
        assert_valid_round(tables, list(range(27)), table_sizes(27))
    assert data["stats"]["repeated_pairs"] == 0
    again = cli("--players", "27", "--rounds", "3", "--seed", "2024-03-09")
    assert again.stdout == first.stdout
    other = cli("--players", "27", "--rounds", "3", "--seed", "17")
    assert json.loads(other.stdout)["seed"] == 17 and other.stdout != first.stdout
    default = cli("--players", "27", "--rounds", "3")
    assert json.loads(default.stdout)["seed"] == 0


def test_cli_history_and_groups_files(tmp_path):
    earlier = json.loads(cli("--players", "44", "--rounds", "4", "--seed", "a").stdout)
    history = tmp_path / "history.json"
    history.write_text(json.dumps(history_of(earlier["rounds"])))
    groups = tmp_path / "groups.json"
    groups.write_text(json.dumps([[0, 1, 2, 3], [4, 5]]))
    proc = cli("--players", "44", "--rounds", "4", "--seed", "b", "--history", str(history), "--groups", str(groups))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert not set(meetings(data["rounds"])) & set(meetings(earlier["rounds"]))
    assert data["stats"]["group_violations"] == 0 and data["stats"]["repeated_pairs"] == 0


def test_cli_three_handed():
    data = json.loads(cli("--players", "22", "--rounds", "2", "--leftover", "3").stdout)
    assert [len(t) for t in data["rounds"][0]] == [4, 4, 4, 4, 3, 3]


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "7", "--rounds", "2"),
        ("--players", "-4", "--rounds", "2"),
        ("--players", "abc", "--rounds", "2"),
        ("--players", "20", "--rounds", "0"),
        ("--players", "20"),
        ("--players", "20", "--rounds", "2", "--history", "/nonexistent/history.json"),
        ("--players", "20", "--rounds", "2", "--groups", "BADJSON"),
        ("--players", "20", "--rounds", "2", "--leftover", "6"),
        ("--players", "20", "--rounds", "2", "--seed", ""),
    ],
)
def test_cli_bad_input_exits_2_without_traceback(args, tmp_path):
    args = tuple(str(tmp_path / "bad.json") if a == "BADJSON" else a for a in args)
    (tmp_path / "bad.json").write_text("[[1, 2,")
    proc = cli(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "error" in proc.stderr and "Traceback" not in proc.stderr


def test_cli_bad_history_content_exits_2(tmp_path):
    path = tmp_path / "h.json"
    path.write_text(json.dumps([[1, 2, "x"]]))
    proc = cli("--players", "20", "--rounds", "2", "--history", str(path))
    assert proc.returncode == 2 and "History entry" in proc.stderr


# -- purity -----------------------------------------------------------------------------------------------
def imported_modules(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


def test_seating_modules_are_pure_standard_library():
    files = sorted((ROOT / "tournament" / "seating").glob("*.py"))
    assert len(files) >= 8
    for path in files:
        for module in imported_modules(path):
            own = module == "tournament.seating" or module.startswith("tournament.seating.")
            assert own or module.split(".")[0] in sys.stdlib_module_names, f"{path.name} imports {module}"
        assert "random" not in set(imported_modules(path)), "use tournament.seating.rng, not random"

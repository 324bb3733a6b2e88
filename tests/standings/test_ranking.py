"""Pure ranking: ranks and tie-breaks by table (tournament/standings/ranking.py, no database)."""

import pytest

from tournament.standings.ranking import (
    Row,
    best_n,
    draw_lots,
    parse_chain,
    prize_list,
    rank,
)


def rows(*specs):
    return [Row(key=k, total=t, round_scores=list(r), declarer_won=w, declarer_lost=lo, lot=lot)
            for k, t, r, w, lo, lot in specs]


CASES = [
    # (rows, chain, expected [(key, rank)])
    (rows(("a", 100, (50, 50), 5, 1, 3), ("b", 200, (100, 100), 1, 1, 2), ("c", 100, (90, 10), 2, 2, 1)),
     ("lots",), [("b", 1), ("c", 2), ("a", 3)]),
    (rows(("a", 100, (50, 50), 5, 1, 3), ("b", 200, (100, 100), 1, 1, 2), ("c", 100, (90, 10), 2, 2, 1)),
     ("best_round", "lots"), [("b", 1), ("c", 2), ("a", 3)]),
    (rows(("a", 100, (50, 50), 5, 1, 1), ("c", 100, (90, 10), 2, 2, 2)),
     ("declarer_won", "lots"), [("a", 1), ("c", 2)]),
    (rows(("a", 100, (50, 50), 5, 3, 1), ("c", 100, (90, 10), 2, 2, 2)),
     ("declarer_lost",), [("c", 1), ("a", 2)]),
    # ties that remain share a rank, the next rank skips
    (rows(("a", 100, (50, 50), 1, 1, None), ("b", 100, (60, 40), 1, 1, None), ("c", 90, (45, 45), 0, 0, None)),
     ("declarer_won",), [("a", 1), ("b", 1), ("c", 3)]),
    (rows(("a", 100, (50, 50), 1, 1, None), ("b", 100, (60, 40), 1, 1, None), ("c", 90, (45, 45), 0, 0, None)),
     (), [("a", 1), ("b", 1), ("c", 3)]),
    (rows(("a", -10, (), 0, 0, 2), ("b", 0, (), 0, 0, 1), ("c", -10, (), 0, 0, 1)),
     ("lots",), [("b", 1), ("c", 2), ("a", 3)]),
]


@pytest.mark.parametrize(("data", "chain", "expected"), CASES)
def test_rank_by_table(data, chain, expected):
    ranked = rank(data, chain)
    assert [(r.key, r.rank) for r in ranked] == expected


def test_tied_flag():
    ranked = rank(rows(("a", 1, (), 0, 0, None), ("b", 1, (), 0, 0, None), ("c", 0, (), 0, 0, None)), ())
    assert [r.tied for r in ranked] == [True, True, False]


@pytest.mark.parametrize(("data", "chain", "expected"), [
    # a and c equal on total, the lot separates them; b is alone
    (rows(("a", 100, (), 0, 0, 2), ("b", 200, (), 0, 0, 3), ("c", 100, (), 0, 0, 1)), ("lots",),
     [("b", False), ("c", True), ("a", True)]),
    # the best round separates a and c before the lot: no place by lot
    (rows(("a", 100, (60, 40), 0, 0, 1), ("c", 100, (90, 10), 0, 0, 2)), ("best_round", "lots"),
     [("c", False), ("a", False)]),
    # equal up to the lot: three in a row decided by lot, the fourth separated by its total
    (rows(("a", 5, (5,), 0, 0, 3), ("b", 5, (5,), 0, 0, 1), ("c", 5, (5,), 0, 0, 2), ("d", 4, (4,), 0, 0, 4)),
     ("best_round", "lots"), [("b", True), ("c", True), ("a", True), ("d", False)]),
    # no lots in the chain: a remaining tie is shared, never "by lot"
    (rows(("a", 1, (), 0, 0, 2), ("b", 1, (), 0, 0, 1)), (), [("a", False), ("b", False)]),
    # both without a lot: still tied (shared rank), not by lot
    (rows(("a", 1, (), 0, 0, None), ("b", 1, (), 0, 0, None)), ("lots",), [("a", False), ("b", False)]),
])
def test_places_decided_by_lot(data, chain, expected):
    ranked = rank(data, chain)
    assert [(r.key, r.by_lot) for r in ranked] == expected


def test_a_second_ranking_clears_the_lot_flag():
    data = rows(("a", 1, (), 0, 0, 2), ("b", 1, (), 0, 0, 1))
    assert all(r.by_lot for r in rank(data, ("lots",)))
    data[0].total = 2
    assert not any(r.by_lot for r in rank(data, ("lots",)))


def test_parse_chain():
    assert parse_chain(" best_round, lots ") == ("best_round", "lots")
    assert parse_chain("") == ()
    for bad in ("lots,lots", "coin_flip"):
        with pytest.raises(ValueError):
            parse_chain(bad)


def test_lots_are_stable_and_a_permutation():
    lots = draw_lots("2026-demo", range(1, 51))
    assert sorted(lots.values()) == list(range(1, 51))
    assert draw_lots("2026-demo", reversed(range(1, 51))) == lots
    assert draw_lots("other", range(1, 51)) != lots


@pytest.mark.parametrize(("values", "n", "total", "counted"), [
    ([100, None, -50, 30], None, 80, {0, 2, 3}),
    ([100, None, -50, 30], 2, 130, {0, 3}),
    ([100, None, -50, 30], 5, 80, {0, 2, 3}),
    ([None, None], 1, 0, set()),
    ([20, 20, 10], 1, 20, {0}),
])
def test_best_n(values, n, total, counted):
    assert best_n(values, n) == (total, counted)


def test_prize_list_includes_ties_at_the_edge_and_the_last_place():
    ranked = rank(rows(*[(k, t, (), 0, 0, None) for k, t in
                         [("a", 50), ("b", 40), ("c", 40), ("d", 10), ("e", -30)]]), ())
    assert [r.key for r in prize_list(ranked, 2)] == ["a", "b", "c", "e"]
    assert [r.key for r in prize_list(ranked, 2, last_place=False)] == ["a", "b", "c"]
    assert [r.key for r in prize_list(ranked, 10)] == ["a", "b", "c", "d", "e"]

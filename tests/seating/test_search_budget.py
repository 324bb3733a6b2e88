"""The search gives up early where repeats cannot be avoided, and only there."""

from types import SimpleNamespace

from tournament.seating.problem import repeats_unavoidable


def test_too_few_tables_makerepeats_unavoidable():
    def make(n, sizes, rounds):
        return SimpleNamespace(n=n, sizes=tuple(sizes), rounds=rounds, statics=[])

    assert repeats_unavoidable(make(8, [4, 4], 2))            # 2 tables: round 2 re-seats someone together
    assert repeats_unavoidable(make(12, [4, 4, 4], 2))
    assert repeats_unavoidable(make(17, [5, 4, 4, 4], 2))     # 4 tables cannot feed a table of 5
    assert not repeats_unavoidable(make(16, [4, 4, 4, 4], 2))  # a Latin square exists
    assert not repeats_unavoidable(make(12, [4, 4, 4], 1))    # one round: nothing to repeat
    assert not repeats_unavoidable(make(40, [4] * 10, 2))

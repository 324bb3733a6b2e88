"""Benchmark of the seat draw (tournament/seating/day.py) against a uniform random draw.

    python bench/seating.py [--seeds K] [--box SECONDS] [--quick]

1. Same-day repeated pairs and runtime for N ∈ {40, 100, 200, 403} × R ∈ {2, 3, 4}, project vs uniform.
2. Every field size N = 20 … 403 with R = 1 … 4 (one seed each): the largest number of repeats and the slowest draw.
3. The most repeat-free rounds found within a time box (10 s) for N ∈ {16, 28, 32, 40, 100}: the optimiser
   adding one round at a time, from scratch and from a Dutch cycle, next to the cycle itself and the best known.
4. A season replay: a pool of 200, 13 days of 2 rounds with 120–140 players a day, each day drawn with the
   season's history; the most meetings of any pair (project vs uniform), odd seats and first deals.

Not a test: it prints numbers and never fails. The time box of part 3 is the only use of the clock for a
result, and it lives here, never in ``draw``. Last line:
``max_repeats=N p95_seconds=X season_max_meetings=M`` (targets: 0, < 1 s at N = 403 and R = 4, ≤ 2).
"""

import argparse
import math
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tournament.seating import (
    cyclic_shifts,
    draw,
    dutch_cycle,
    pair_meetings,
    repeated_pairs,
    table_sizes,
)
from tournament.seating.problem import Problem
from tournament.seating.rng import Rng
from tournament.seating.search import solve

BEST_KNOWN = {16: 5, 28: 9, 32: 10, 36: 11, 40: 13, 100: 33}


def uniform_draw(players, rounds, rng, leftover=5):
    sizes = table_sizes(len(players), leftover=leftover)
    out = []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        tables, i = [], 0
        for size in sizes:
            tables.append(order[i : i + size])
            i += size
        out.append(tables)
    return out


def percentile(values, q):
    values = sorted(values)
    return values[max(0, math.ceil(q * len(values)) - 1)]


def timed_draw(*args, **kwargs):
    start = time.perf_counter()
    result = draw(*args, **kwargs)
    return result, time.perf_counter() - start


# -- 1 ------------------------------------------------------------------------------------------------------
def repeats_table(seeds):
    print("1. Same-day repeated pairs (pairs meeting more than once) and runtime per draw")
    print(f"   {'N':>4} {'R':>2} {'draws':>5} | {'project max':>11} {'mean':>5} | {'uniform mean':>12} {'max':>4}"
          f" {'≈4.5·C(R,2)':>11} | {'p50 s':>6} {'p95 s':>6} {'max s':>6}")
    worst, p95_403_4 = 0, None
    for n in (40, 100, 200, 403):
        for rounds in (2, 3, 4):
            k = seeds * 2 if (n, rounds) == (403, 4) else seeds
            project, uniform, times = [], [], []
            for s in range(k):
                result, elapsed = timed_draw(list(range(n)), rounds, seed=f"bench-{s}")
                project.append(result.repeats())
                times.append(elapsed)
                uniform.append(repeated_pairs(uniform_draw(range(n), rounds, Rng(f"uniform-{n}-{rounds}-{s}"))))
            worst = max(worst, max(project))
            if (n, rounds) == (403, 4):
                p95_403_4 = percentile(times, 0.95)
            print(f"   {n:>4} {rounds:>2} {k:>5} | {max(project):>11} {sum(project) / k:>5.2f} | "
                  f"{sum(uniform) / k:>12.2f} {max(uniform):>4} {4.5 * rounds * (rounds - 1) / 2:>11.1f} | "
                  f"{percentile(times, 0.5):>6.3f} {percentile(times, 0.95):>6.3f} {max(times):>6.3f}")
    return worst, p95_403_4


# -- 2 ------------------------------------------------------------------------------------------------------
def sweep(lo=20, hi=403):
    print(f"\n2. Every field size {lo}…{hi}, R = 1…4, one seed each (tables of 4 and 5)")
    worst, total, slowest, count = 0, 0.0, [], 0
    failures = []
    for n in range(lo, hi + 1):
        for rounds in (1, 2, 3, 4):
            result, elapsed = timed_draw(list(range(n)), rounds, seed="sweep")
            count += 1
            total += elapsed
            slowest.append((elapsed, n, rounds))
            if result.repeats():
                failures.append((n, rounds, result.repeats()))
            worst = max(worst, result.repeats())
    slowest.sort(reverse=True)
    print(f"   {count} draws in {total:.1f} s; draws with a repeat: {len(failures)} {failures[:10]}")
    print("   slowest: " + ", ".join(f"N={n} R={r} {t:.2f} s" for t, n, r in slowest[:5]))
    return worst


# -- 3 ------------------------------------------------------------------------------------------------------
def most_rounds(n, box, start=()):
    """Add rounds one at a time (all rounds stay optimisable) until the time box is spent."""
    deadline = time.perf_counter() + box

    def stop():
        return time.perf_counter() > deadline

    zero = [0] * (n * n)
    rng = Rng(f"most-rounds-{n}")
    best = [[list(t) for t in tables] for tables in start]
    current, found_at = best, 0.0
    began = time.perf_counter()
    while not stop():
        rounds = len(best) + 1
        problem = Problem(n=n, sizes=(4,) * (n // 4), rounds=rounds, statics=[zero] * rounds,
                          pinned=[-1] * n, odd_before=[0] * n, odd_season=[0] * n)
        outcome = solve(problem, rng, initial=current, max_iterations=10**9, max_work=10**12, stop=stop)
        if outcome.cost == 0 and repeated_pairs(outcome.tables) == 0:
            best = current = outcome.tables
            found_at = time.perf_counter() - began
        else:
            current = outcome.tables
    return len(best), found_at


def rounds_table(box):
    print(f"\n3. Most repeat-free rounds of tables of 4 found within {box:g} s")
    print(f"   {'N':>4} {'best known':>10} {'⌊(N−1)/3⌋':>9} | {'Dutch cycle':>11} | {'tabu':>4} {'at s':>5} |"
          f" {'cycle+tabu':>10} {'at s':>5}")
    for n in (16, 28, 32, 40, 100):
        m = n // 4
        cycle = dutch_cycle(m, cyclic_shifts(m))
        assert repeated_pairs(cycle) == 0
        alone, t_alone = most_rounds(n, box)
        both, t_both = most_rounds(n, box, start=cycle)
        print(f"   {n:>4} {BEST_KNOWN[n]:>10} {(n - 1) // 3:>9} | {len(cycle):>11} | {alone:>4} {t_alone:>5.1f} |"
              f" {both:>10} {t_both:>5.1f}")


# -- 4 ------------------------------------------------------------------------------------------------------
def season(seed, uniform, pool=200, days=13, rounds=2, lo=120, hi=140):
    rng = Rng(f"season-{seed}")
    history, odd, dealt, played, times = Counter(), Counter(), Counter(), Counter(), []
    for day in range(days):
        size = lo + rng.below(hi - lo + 1)
        ids = list(range(pool))
        rng.shuffle(ids)
        present = sorted(ids[:size])
        if uniform:
            day_rounds = uniform_draw(present, rounds, rng)
        else:
            result, elapsed = timed_draw(present, rounds, seed=f"season-{seed}-day-{day}",
                                         history=[[a, b, k] for (a, b), k in history.items()],
                                         odd_history=dict(odd), dealer_history=dict(dealt))
            times.append(elapsed)
            day_rounds = result.rounds
        history.update(pair_meetings(day_rounds))
        for tables in day_rounds:
            for table in tables:
                played.update(table)
                dealt[table[0]] += 1
                if len(table) != 4:
                    odd.update(table)
    return history, odd, dealt, played, times


def season_table(seasons):
    print(f"\n4. Season replay: pool 200, 13 days × 2 rounds, 120–140 players a day ({seasons} seasons each)")
    print("   per player, per round played: odd-table seats and first deals (fair shares in brackets)")
    print(f"   {'draw':>8} {'season':>6} | {'max meetings':>12} {'pairs ×2':>8} {'×3':>4} {'×4+':>4} |"
          f" {'odd seats min–max':>17} | {'first deals min–max':>17} | {'s/day max':>9}")
    worst = {}
    for kind in ("project", "uniform"):
        worst[kind] = 0
        for s in range(seasons):
            history, odd, dealt, played, times = season(s, uniform=kind == "uniform")
            counts = Counter(history.values())
            top = max(history.values())
            worst[kind] = max(worst[kind], top)
            odd_rate = [odd[p] / played[p] for p in played]
            deal_rate = [dealt[p] / played[p] for p in played]
            fair_odd = sum(odd.values()) / sum(played.values())
            fair_deal = sum(dealt.values()) / sum(played.values())
            print(f"   {kind:>8} {s:>6} | {top:>12} {counts[2]:>8} {counts[3]:>4} "
                  f"{sum(v for k, v in counts.items() if k >= 4):>4} | "
                  f"{min(odd_rate):.2f}–{max(odd_rate):.2f} ({fair_odd:.2f}) | "
                  f"{min(deal_rate):>5.2f}–{max(deal_rate):.2f} ({fair_deal:.2f}) | "
                  f"{max(times) if times else 0:>9.3f}")
    return worst["project"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds per (N, R) in part 1 (twice as many at 403/4)")
    parser.add_argument("--box", type=float, default=10.0, help="time box of part 3 in seconds")
    parser.add_argument("--seasons", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="5 seeds, 1 s box, 1 season, sweep 20…60")
    args = parser.parse_args()
    if args.quick:
        args.seeds, args.box, args.seasons = 5, 1.0, 1
    started = time.perf_counter()
    worst, p95 = repeats_table(args.seeds)
    worst = max(worst, sweep(hi=60 if args.quick else 403))
    rounds_table(args.box)
    season_max = season_table(args.seasons)
    print(f"\n(total {time.perf_counter() - started:.0f} s, Python {sys.version.split()[0]})")
    print(f"max_repeats={worst} p95_seconds={p95:.3f} season_max_meetings={season_max}")


if __name__ == "__main__":
    main()

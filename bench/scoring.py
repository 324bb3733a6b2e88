"""Benchmark: score 100,000 random legal games of every ruleset with the engine.

    python bench/scoring.py [--games N] [--seed S]

Generation of the games is not timed; scoring (validation, scores, explanation) is. Prints a line per ruleset
and, as its last line, ``games_per_second=N`` (target ≥ 100,000).
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from scoring import score_game
from scoring.random_games import random_games
from scoring.rulesets import RULESET_KEYS


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    games = random_games(args.games, seed=args.seed)
    counts = {k: 0 for k in RULESET_KEYS}
    for g in games:
        counts[g.get("ruleset", "schwarzwald")] += 1
    print(f"{len(games)} games: " + ", ".join(f"{k} {n}" for k, n in counts.items()))
    for game in games[:1000]:   # warm the ruleset cache and the interpreter
        score_game(game)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for game in games:
            score_game(game)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
        print(f"run: {elapsed:.3f} s, {len(games) / elapsed:,.0f} games/s")
    print(f"best of 3: {best:.3f} s")
    print(f"games_per_second={len(games) / best:.0f}")


if __name__ == "__main__":
    main()

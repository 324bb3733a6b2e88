"""Random legal games with realistic contract frequencies, for the demo, tests and benchmarks.

``random_game(rng, ruleset=…, players=…, dealer=…)`` returns one game dict (RULES.md §6) that the engine
accepts. Frequencies follow tournament experience: Cego and Halbe common, Solo rare, Räuber now and then.
"""

import random

from . import seats
from .contracts import CONTRACTS, GOAL, LADDER, POINT, RAEUBER
from .rulesets import resolve

# Relative weights of the contracts in a tournament (contracts a ruleset does not play are skipped).
WEIGHTS = {
    "cego": 40, "halbe": 14, "eine": 10, "leere": 5, "zwei_leere": 3, "zwei_verschiedene": 2,
    "kleiner_mann": 1, "solo": 3, "gegensolo": 1, "ultimo": 1, "piccolo": 3, "bettel": 3,
    "zwiccolo": 1, "drilling": 1, "vierlefax": 1, "pfifferling": 1, "raeuber": 6, "drescher": 2,
    # the special games of the regional variations (only rulesets that switch them on draw them)
    "pascha": 1, "ultimo_2": 1, "ultimo_3": 1, "ultimo_12": 1, "ultimo_123": 1, "solo_ulti": 1,
    "solo_durch": 1, "solo_ulti_durch": 1,
}
# The rulesets a batch is spread over unless told: the four before issue 15, so seeded batches stay the same.
CLASSIC_RULESETS = ("schwarzwald", "traditionell", "dreier", "unadingen")


def _split(rng, total, seats):
    """Split ``total`` into len(seats) random non-negative parts."""
    cuts = sorted(rng.randint(0, total) for _ in range(len(seats) - 1))
    bounds = [0] + cuts + [total]
    return [bounds[i + 1] - bounds[i] for i in range(len(seats))]


def random_game(rng, ruleset="schwarzwald", players=None, dealer=None, options=None):
    rs = resolve(ruleset, options)
    if players is None:
        players = rng.choice(rs.players)
    dealer = rng.randrange(players) if dealer is None else dealer
    game = {"ruleset": ruleset, "players": players}
    if options:
        game["options"] = options
    sitting_out = seats.sitting_out(dealer, players)
    if sitting_out is not None:
        game["sitting_out"] = sitting_out
    playing = [s for s in range(players) if s != sitting_out]
    forehand = seats.forehand(dealer, players, sitting_out)
    keys = [k for k in WEIGHTS if k in rs.allowed]
    key = rng.choices(keys, weights=[WEIGHTS[k] for k in keys])[0]
    contract = CONTRACTS[key]
    game["contract"] = key
    if contract.kind == POINT:
        game["declarer"] = forehand if key == "cego" else rng.choice(playing)
        centre = rs.declarer_threshold + (3 if key in ("cego", "solo") else 1)
        cp = int(rng.gauss(centre, 11))
        game["card_points"] = 0 if rng.random() < 0.01 else min(rs.total, max(0, cp))
        if key == "gegensolo" and rs.gegensolo_by_contract:
            game["played_with"] = rng.choice([k for k in LADDER if k in rs.point_multipliers])
    elif contract.kind == GOAL:
        game["declarer"] = rng.choice(playing)
        win = rng.random() < 0.6
        if contract.goal_tricks is None or key == "pascha" or rng.random() < 0.5:
            game["achieved"] = win
        else:
            goal = contract.goal_tricks
            game["tricks"] = goal if win else rng.choice([t for t in range(min(rs.hand_size, 6) + 1) if t != goal])
    else:
        game["announcer"] = forehand
        if contract.kind == RAEUBER:
            tricks = [0] * players
            for _ in range(rs.hand_size):
                tricks[rng.choice(playing)] += 1
            takers = [s for s in playing if tricks[s]]
            points = [None if s == sitting_out else 0 for s in range(players)]
            for s, v in zip(takers, _split(rng, rs.total, takers), strict=True):
                points[s] = v
            game["raeuber_points"] = points
            game["raeuber_tricks"] = [None if s == sitting_out else tricks[s] for s in range(players)]
        else:
            game["last_trick"] = rng.choice(playing)
    if rng.random() < 0.003:
        game["penalty"] = rng.choice(playing)
    return game


def random_games(n, seed=0, rulesets=CLASSIC_RULESETS):
    """``n`` random legal games spread over the given rulesets (most of them in the first)."""
    rng = random.Random(seed)
    weights = [6] + [1] * (len(rulesets) - 1)
    return [random_game(rng, rng.choices(rulesets, weights=weights)[0]) for _ in range(n)]

"""Hypothesis strategies: random legal games of every ruleset."""

from hypothesis import strategies as st

from scoring.contracts import CONTRACTS, FINE, GOAL, LADDER, PENALTY, POINT, RAEUBER
from scoring.rulesets import RULESET_KEYS, resolve

# Rulesets that score point games by Fach (the margin-over-35 ruleset has no Fach).
FACH_RULESETS = tuple(k for k in RULESET_KEYS if resolve(k).margin_over is None)

OPTION_SETS = [None, {"writing": "declarer_only"}, {"sitting_out_scores": "as_defender"}, {"calls": True}]


@st.composite
def tables(draw, ruleset=None, options=None, keys=RULESET_KEYS):
    key = draw(st.sampled_from(keys)) if ruleset is None else ruleset
    rs = resolve(key, options)
    players = draw(st.sampled_from(rs.players))
    game = {"ruleset": key, "players": players}
    if options:
        game["options"] = options
    if players == 5:
        game["sitting_out"] = draw(st.integers(0, 4))
    return rs, game


def playing(game):
    return [s for s in range(game["players"]) if s != game.get("sitting_out")]


@st.composite
def point_games(draw, ruleset=None, options=None, keys=RULESET_KEYS):
    rs, game = draw(tables(ruleset, options, keys))
    game["contract"] = draw(st.sampled_from(sorted(rs.point_multipliers)))
    played_with(draw, rs, game)
    game["declarer"] = draw(st.sampled_from(playing(game)))
    game["card_points"] = draw(st.integers(0, rs.total))
    if rs.calls:
        game["calls"] = draw(st.integers(0, rs.max_calls))
    return rs, game


def played_with(draw, rs, game):
    if game["contract"] == "gegensolo" and rs.gegensolo_by_contract:
        game["played_with"] = draw(st.sampled_from([c for c in LADDER if c in rs.point_multipliers]))


@st.composite
def legal_games(draw, ruleset=None, options=None):
    rs, game = draw(tables(ruleset, options))
    key = draw(st.sampled_from(sorted(rs.allowed)))
    kind = CONTRACTS[key].kind
    game["contract"] = key
    seats = playing(game)
    special = {PENALTY: penalty_fields, FINE: fine_fields}.get(kind)
    if special:     # a row that is not played: a Schinden's loser, a fine's payer
        return rs, special(draw, rs, game)
    if kind == POINT:
        played_with(draw, rs, game)
        game["declarer"] = draw(st.sampled_from(seats))
        game["card_points"] = draw(st.integers(0, rs.total))
    elif kind == GOAL:
        game["declarer"] = draw(st.sampled_from(seats))
        if CONTRACTS[key].goal_tricks is None or key == "pascha" or draw(st.booleans()):
            game["achieved"] = draw(st.booleans())
        else:
            game["tricks"] = draw(st.integers(0, rs.hand_size))
    else:
        game["announcer"] = draw(st.sampled_from(seats))
        if kind == RAEUBER:
            tricks = [0] * game["players"]
            for _ in range(rs.hand_size):
                tricks[draw(st.sampled_from(seats))] += 1
            points = [0] * game["players"]
            budget = rs.total
            for s in seats:
                if tricks[s]:
                    points[s] = draw(st.integers(0, budget))
                    budget -= points[s]
            out = game.get("sitting_out")
            game["raeuber_points"] = [None if s == out else points[s] for s in range(game["players"])]
            if draw(st.booleans()):
                game["raeuber_tricks"] = [None if s == out else tricks[s] for s in range(game["players"])]
        else:
            game["last_trick"] = draw(st.sampled_from(seats))
    if rs.calls and kind in (POINT, GOAL):
        game["calls"] = draw(st.integers(0, rs.max_calls))
    if draw(st.integers(0, 9)) == 0:
        game["penalty"] = draw(st.sampled_from(seats))
    return rs, game


def penalty_fields(draw, rs, game):
    """A Schinden: the seat that loses."""
    game["penalty"] = draw(st.sampled_from(playing(game)))
    return game


def fine_fields(draw, rs, game):
    """A fine's payer (any seat, the one sitting out too) and its value (where the ruleset has none, or at times)."""
    game["payer"] = draw(st.integers(0, game["players"] - 1))
    if rs.fine is None or draw(st.booleans()):
        game["value"] = draw(st.integers(1, 500))
    return game


options_sets = st.sampled_from(OPTION_SETS)

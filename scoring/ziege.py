"""Ziege (RULES.md §9): four players in two fixed teams, defeat points per game, series to 12.

Vocabulary of this module:

team        seats 0 and 2 are team ``A``, seats 1 and 3 team ``B`` (partners sit opposite); index 0 and 1.
card points 6–9 count 0, Jack 2, Queen 3, King 4, Ten 10, Ace 11: 120 in the 36-card pack.
defeat points what the losing team gets for a game: 2 (31–59), 4 (0–30 with a trick), 6 (no trick); a team with
            61 or more wins and gets none; 60:60 (*Eier*) gives nobody any.
series      games until a team has 12 or more defeat points; the other team wins the series.

``score(game)`` scores one game (``{"game": "ziege", "team_points": [a, b], "team_tricks": [bool, bool]}``);
``series(games)`` adds up the defeat points of one series; ``split_series(games)`` cuts a table's games of a round
into series; ``ranking_key(...)`` orders teams by series won, then defeat-point difference, then lot.
"""

from . import explain
from .errors import ScoringError

FIELDS = frozenset(("game", "players", "team_points", "team_tricks"))
PLAYERS = 4
TEAMS = ("A", "B")
TOTAL = 120
WIN_FROM = 61                    # 61–120 wins
EIER = 60                        # 60:60: nobody gets defeat points
LOW_FROM = 31                    # 31–59: 2 defeat points
DEFEAT_LOW, DEFEAT_TRICK, DEFEAT_NO_TRICK = 2, 4, 6
SERIES_TARGET = 12               # a series ends when a team has this many defeat points or more
# Card values 0, 2, 3, 4, 10, 11 make every number of points but 1 (and so 119 for the other team).
IMPOSSIBLE = frozenset((1, TOTAL - 1))


def defeat_points(points, trick):
    """Defeat points of one team with ``points`` card points that took a trick or not (``points`` ≤ 60)."""
    if points >= EIER:
        return 0
    if points >= LOW_FROM:
        return DEFEAT_LOW
    return DEFEAT_TRICK if trick else DEFEAT_NO_TRICK


def _check(game, p):  # noqa: C901 (one check per rule, in the order the errors are reported)
    if not FIELDS.issuperset(game):
        unknown = sorted(str(k) for k in game if k not in FIELDS)
        raise ScoringError("malformed", detail=f"unknown field(s): {', '.join(unknown)}")
    players = game.get("players", PLAYERS)
    if type(players) is not int:
        raise ScoringError("malformed", detail="'players' must be 4")
    if players != PLAYERS:
        raise ScoringError("wrong_player_count", game=p["ziege"], expected=PLAYERS, players=players)
    points = game.get("team_points")
    if points is None:
        raise ScoringError("team_points_required")
    if type(points) is not list or len(points) != 2 or not all(type(v) is int for v in points):
        raise ScoringError("malformed", detail="'team_points' must be a list of two whole numbers")
    tricks = game.get("team_tricks")
    if tricks is None or (type(tricks) is list and None in tricks):
        raise ScoringError("team_tricks_required")
    if type(tricks) is not list or len(tricks) != 2 or not all(type(v) is bool for v in tricks):
        raise ScoringError("malformed", detail="'team_tricks' must be a list of two booleans (true or false)")
    for value in points:
        if not 0 <= value <= TOTAL:
            raise ScoringError("card_points_out_of_range", total=TOTAL, value=value)
        if value in IMPOSSIBLE:
            raise ScoringError("card_points_impossible", value=value, game=p["ziege"])
    if points[0] + points[1] != TOTAL:
        raise ScoringError("card_points_sum", total=TOTAL, sum=points[0] + points[1])
    for team, (value, trick) in enumerate(zip(points, tricks, strict=True)):
        if value and not trick:
            raise ScoringError("team_tricks_inconsistent", team=TEAMS[team], points=value)
    return points, tricks


def score(game, lang="de"):
    """Score one game of Ziege: ``{"defeat_points": [da, db], "winner": "A"/"B"/None, "explanation"}``."""
    if type(game) is not dict:
        raise ScoringError("malformed", detail="a game must be a JSON object")
    p = explain.phrases(lang)
    points, tricks = _check(game, p)
    head = p["ziege"] + ": "
    if points[0] == points[1]:
        return {"defeat_points": [0, 0], "winner": None, "explanation": head + p["eier"] + "."}
    winner = 0 if points[0] > points[1] else 1
    loser = 1 - winner
    lost = defeat_points(points[loser], tricks[loser])
    result = [0, 0]
    result[loser] = lost
    team = p["team"].format(t=TEAMS[loser])
    if points[loser] >= LOW_FROM:
        key = "zg_31"
    else:
        key = "zg_trick" if tricks[loser] else "zg_no_trick"
    text = (head + p["zg_win"].format(team=p["team"].format(t=TEAMS[winner]), w=points[winner], l=points[loser])
            + " → " + p[key].format(team=team, dp=lost) + ".")
    return {"defeat_points": result, "winner": TEAMS[winner], "explanation": text}


def series(games, lang="de", target=SERIES_TARGET):
    """One series: the defeat points after each game, whether and after which game it ended, and who won it.

    ``games`` are Ziege games as ``score`` takes them. Returns ``{"after": [[a, b], …], "defeat_points": [a, b],
    "ended_after": n (1-based) or None, "winner": "A"/"B"/None}``. A game after the end is refused
    (``series_over``): a new series is a new list (``split_series`` cuts them).
    """
    totals = [0, 0]
    after = []
    ended = None
    for number, game in enumerate(games, 1):
        if ended is not None:
            raise ScoringError("series_over", game=ended)
        dp = score(game, lang)["defeat_points"]
        totals = [totals[0] + dp[0], totals[1] + dp[1]]
        after.append(totals)
        if max(totals) >= target:
            ended = number
    winner = None
    if ended is not None:
        winner = TEAMS[0] if totals[1] >= target else TEAMS[1]
    return {"after": after, "defeat_points": totals, "ended_after": ended, "winner": winner}


def split_series(games, lang="de", target=SERIES_TARGET):
    """A table's games in order, cut into series: a list of ``series`` results, the last one maybe unfinished."""
    result, current, totals = [], [], [0, 0]
    for game in games:
        current.append(game)
        dp = score(game, lang)["defeat_points"]
        totals = [totals[0] + dp[0], totals[1] + dp[1]]
        if max(totals) >= target:
            result.append(series(current, lang, target))
            current, totals = [], [0, 0]
    if current:
        result.append(series(current, lang, target))
    return result


def ranking_key(*, series_won, defeat_given, defeat_received, lot=0):
    """Sort key of a team in a Ziege tournament (ascending = better): series won, then the difference of defeat
    points given to opponents and received, then the lot (a number drawn for the team, lower first)."""
    return (-series_won, defeat_received - defeat_given, lot)

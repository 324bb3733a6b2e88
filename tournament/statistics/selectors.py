"""Statistics of a tournament or a season, and of one player in it: queries → plain dicts for the stats pages.

Words (as in ``scoring.contracts``), defined once for the pages and ``docs/standings.md``:

game          one row of a score sheet entered game by game. Tables entered as totals only have no games; they
              are left out and counted in ``totals_only_tables``.
one-against-the-rest
              the point and goal games: one declarer against the defenders. The declarer *won* or *lost* as
              stored in ``Game.won`` (a rule violation decides it, as in the standings' declarer columns).
free-for-all  Räuber and Drescher: no declarer. Counted apart: how often *announced*, and how often the
              *announcer lost* (his score in that game is below zero).
sit-out       the dealer's game at a table of 5: he does not play it. A sit-out is no game *played* by him: it
              counts neither for his number of games nor for his best or worst game.
share         games of a contract / all games. *win rate*: won / (won + lost); ``None`` without such games.
bar           a width in percent (0–100, whole numbers) for the pages' CSS bar charts.
declarers     whether declarer and contract statistics make sense: not for Offiziers-Cego (two players, no
              declarer, one "contract"). A tournament decides by its game, a field or a player by the games
              played (any Cego game); an Offiziers game is labelled with the engine's name of the game.

Every function runs a fixed number of queries, whatever the number of players or games. Season statistics
take only published tournaments unless asked otherwise (``published_only``).
"""

from django.db.models import Count, F, Max, Min, Q, Sum
from django.db.models.functions import Mod

from scoring import seats as seat_rules
from scoring.contracts import CONTRACTS, DRESCHER, FINE, RAEUBER
from scoring.explain import phrases
from tournament.common.collation import person_key
from tournament.common.i18n import engine_lang
from tournament.games import kind_of
from tournament.models import Entry, Game, Player, Score, Seat
from tournament.results.engine import OFFIZIERS  # Game.contract of every Offiziers-Cego game

FREE_FOR_ALL = tuple(k for k, c in CONTRACTS.items() if c.kind in (RAEUBER, DRESCHER))
# A fine (RULES.md §10) is a row of the sheet and counts in the totals, but it is no game anybody played: every
# statistic leaves it out (contracts, extremes, games and points per player).
FINES = tuple(k for k, c in CONTRACTS.items() if c.kind == FINE)
ORDER = {key: i for i, key in enumerate(CONTRACTS)}
EXTREMES = 10        # biggest wins and losses listed


def dealer_sql(number, size):
    """``scoring.seats.dealer`` in SQL: (number − 1) mod size, over the fields ``number`` and ``size``.

    The one place SQL repeats the rule; ``tests/statistics/test_seat_rules_sql.py`` pins it to the Python.
    """
    return Mod(F(number) - 1, F(size))


# A score row of the player sitting out (``scoring.seats.sitting_out``): the dealer at a table of 5. Needs the
# join to his seat at that table (``entry__seats__table=F("table")``).
SIT_OUT = Q(table__size=seat_rules.SITS_OUT_AT) & Q(entry__seats__position=dealer_sql("game__number", "table__size"))
EXTREME_FIELDS = {"points": "points", "entry_id": "entry_id", "player_id": "entry__player_id",
                  "first_name": "entry__player__first_name", "last_name": "entry__player__last_name",
                  "start_number": "entry__start_number", "game": "game__number", "contract": "game__contract",
                  "table": "table__number", "round": "table__round__number",
                  "tournament_id": "table__round__tournament_id", "tournament": "table__round__tournament__name"}


def label(key, lang=None):
    contract = CONTRACTS.get(key)
    if contract is None and key == OFFIZIERS:
        return phrases(lang or engine_lang())[OFFIZIERS]
    return contract.label[lang or engine_lang()] if contract else key


def declarers(keys):
    """Whether games with these contract keys call for declarer statistics: none played yet, or any Cego game."""
    keys = set(keys)
    return not keys or bool(keys - {OFFIZIERS})


def rate(won, lost):
    return won / (won + lost) if won + lost else None


def percent(part, whole):
    return round(100 * part / whole) if whole else 0


# A table whose round was ended early and not counted (``Table.not_counted``) is left out of every statistic.
COUNTED = Q(table__not_counted=False)


def _tournament_q(tournament):
    return Q(table__round__tournament=tournament) & COUNTED


def _season_q(season, published_only):
    q = Q(table__round__tournament__season=season) & COUNTED
    return q & Q(table__round__tournament__published=True) if published_only else q


# ---------------------------------------------------------------------------------------------------------------
# A whole field: tournament or season


def _contracts(scope, lang):
    """Frequencies of every contract played, with the declarer's wins and losses; the free-for-all apart."""
    counts = list(Game.objects.filter(scope).exclude(contract__in=FINES).values("contract").annotate(
        n=Count("id"), n_won=Count("id", filter=Q(declarer__isnull=False, won=True)),
        n_lost=Count("id", filter=Q(declarer__isnull=False, won=False))))
    announcer_lost = dict(
        Score.objects.filter(scope, game__contract__in=FREE_FOR_ALL, entry__seats__table=F("table"),
                             entry__seats__position=F("game__announcer"), points__lt=0)
        .values("game__contract").annotate(n=Count("id")).values_list("game__contract", "n"))
    total = sum(c["n"] for c in counts)
    top = max((c["n"] for c in counts), default=0)
    rows, free = [], []
    for c in sorted(counts, key=lambda c: (-c["n"], ORDER.get(c["contract"], 99))):
        key = c["contract"]
        row = {"key": key, "label": label(key, lang), "count": c["n"], "share": c["n"] / total,
               "share_pct": 100 * c["n"] / total, "bar": percent(c["n"], top)}
        rows.append(row)
        if key in FREE_FOR_ALL:
            lost = announcer_lost.get(key, 0)
            free.append({**row, "announced": c["n"], "announcer_lost": lost,
                         "lost_rate": rate(lost, c["n"] - lost), "lost_bar": percent(lost, c["n"])})
    declarer = []
    for c in sorted(counts, key=lambda c: ORDER.get(c["contract"], 99)):
        won, lost = c["n_won"], c["n_lost"]
        if c["contract"] in FREE_FOR_ALL or not won + lost:
            continue
        declarer.append({"key": c["contract"], "label": label(c["contract"], lang), "games": won + lost,
                         "won": won, "lost": lost, "win_rate": rate(won, lost), "win_bar": percent(won, won + lost)})
    won, lost = sum(d["won"] for d in declarer), sum(d["lost"] for d in declarer)
    return {"games": total, "contracts": rows, "declarer": declarer, "free_for_all": free,
            "declarer_total": {"games": won + lost, "won": won, "lost": lost, "win_rate": rate(won, lost),
                               "win_bar": percent(won, won + lost)},
            "raeuber": next((f["announced"] for f in free if f["key"] == "raeuber"), 0),
            "declarers": declarers(c["contract"] for c in counts)}


def _extremes(scope, lang, limit=EXTREMES):
    """The biggest single-game wins and losses (one query each)."""
    scores = Score.objects.filter(scope, game__isnull=False).exclude(game__contract__in=FINES)
    order = ("table__round__tournament__date", "table__round__tournament_id", "table__round__number",
             "table__number", "game__number", "entry__start_number")

    def listed(queryset):
        out = []
        for values in queryset.values(*EXTREME_FIELDS.values()):
            row = {name: values[path] for name, path in EXTREME_FIELDS.items()}
            row["name"] = f"{row['first_name']} {row['last_name']}"
            row["contract_label"] = label(row["contract"], lang)
            out.append(row)
        return out

    return {"biggest_wins": listed(scores.filter(points__gt=0).order_by("-points", *order)[:limit]),
            "biggest_losses": listed(scores.filter(points__lt=0).order_by("points", *order)[:limit])}


def _totals_only(scope):
    return Score.objects.filter(scope, game__isnull=True).values("table_id").distinct().count()


def _per_player(scope, group):
    """{key: games played, points, best, worst, declarer won/lost} per entry or per player (``group``)."""
    scores = (Score.objects.filter(scope, game__isnull=False, entry__seats__table=F("table"))
              .exclude(game__contract__in=FINES)
              .values(key=F(group)).annotate(n=Count("id", filter=~SIT_OUT), total=Sum("points"),
                                             top=Max("points", filter=~SIT_OUT),
                                             bottom=Min("points", filter=~SIT_OUT)))
    out = {r["key"]: {"key": r["key"], "games": r["n"], "points": r["total"], "best": r["top"],
                      "worst": r["bottom"], "won": 0, "lost": 0} for r in scores}
    declarer = (Game.objects.filter(scope, declarer__isnull=False, won__isnull=False,
                                    table__seats__position=F("declarer"))
                .values(key=F("table__seats__" + group)).annotate(n_won=Count("id", filter=Q(won=True)),
                                                                  n_lost=Count("id", filter=Q(won=False))))
    for r in declarer:
        row = out.setdefault(r["key"], {"key": r["key"], "games": 0, "points": 0, "best": None, "worst": None})
        row.update(won=r["n_won"], lost=r["n_lost"])
    for row in out.values():
        row["average"] = row["points"] / row["games"] if row["games"] else None
        row["declarer_games"] = row["won"] + row["lost"]
        row["win_rate"] = rate(row["won"], row["lost"])
    return out


def tournament_stats(tournament, lang=None):
    """Statistics of one tournament (8 queries), with a row per player who has played a game."""
    lang = lang or engine_lang()
    scope = _tournament_q(tournament)
    stats = {**_contracts(scope, lang), **_extremes(scope, lang), "totals_only_tables": _totals_only(scope)}
    stats["declarers"] = kind_of(tournament).declarer
    per_entry = _per_player(scope, "entry_id")
    players = []
    for e in Entry.objects.filter(pk__in=list(per_entry)).select_related("player").order_by("start_number"):
        players.append({**per_entry[e.pk], "entry_id": e.pk, "player_id": e.player_id,
                        "start_number": e.start_number, "name": e.player.full_name,
                        "last_name": e.player.last_name, "first_name": e.player.first_name, "town": e.player.town})
    stats["players"] = sorted(players, key=lambda p: person_key(p, p["start_number"]))
    return stats


def season_stats(season, published_only=True, lang=None):
    """Statistics of a season's tournaments (only published ones unless ``published_only`` is False)."""
    lang = lang or engine_lang()
    scope = _season_q(season, published_only)
    stats = {**_contracts(scope, lang), **_extremes(scope, lang), "totals_only_tables": _totals_only(scope)}
    per_player = _per_player(scope, "entry__player_id")
    players = []
    for p in Player.objects.filter(pk__in=list(per_player)):
        players.append({**per_player[p.pk], "player_id": p.pk, "name": p.full_name, "last_name": p.last_name,
                        "first_name": p.first_name, "town": p.town})
    stats["players"] = sorted(players, key=lambda p: person_key(p, p["town"], p["player_id"]))
    return stats


# ---------------------------------------------------------------------------------------------------------------
# One player: an entry in a tournament, or a player over a season

ROW_FIELDS = ("points", "game_id", "game__number", "game__contract", "game__declarer", "game__won",
              "game__announcer", "table_id", "table__number", "table__size", "table__round__number",
              "table__round__tournament_id", "table__round__tournament__name", "table__round__tournament__date")


def player_summary(rows, positions, lang=None):
    """Pure: a player's statistics from his score rows (``ROW_FIELDS`` dicts) and {table_id: seat position}."""
    lang = lang or engine_lang()
    played = []
    totals_only = set()
    by_contract, free = {}, {}
    for r in rows:
        if r["game_id"] is None:
            totals_only.add(r["table_id"])
            continue
        if r["game__contract"] in FINES:      # a fine is no game played (FINES)
            continue
        seat = positions.get(r["table_id"])
        out = seat_rules.deal(r["game__number"], r["table__size"]).sitting_out
        if out is not None and seat == out:
            continue                          # sitting out as dealer at a table of 5
        played.append(r)
        key = r["game__contract"]
        if key in FREE_FOR_ALL:
            f = free.setdefault(key, {"key": key, "label": label(key, lang), "played": 0, "lost": 0,
                                      "announced": 0, "announced_lost": 0})
            f["played"] += 1
            f["lost"] += r["points"] < 0
            if r["game__announcer"] == seat:
                f["announced"] += 1
                f["announced_lost"] += r["points"] < 0
        elif r["game__declarer"] is not None and r["game__declarer"] == seat and r["game__won"] is not None:
            c = by_contract.setdefault(key, {"key": key, "label": label(key, lang), "won": 0, "lost": 0})
            c["won" if r["game__won"] else "lost"] += 1
    declarer = []
    for key in sorted(by_contract, key=lambda k: ORDER.get(k, 99)):
        c = by_contract[key]
        c.update(games=c["won"] + c["lost"], win_rate=rate(c["won"], c["lost"]),
                 win_bar=percent(c["won"], c["won"] + c["lost"]))
        declarer.append(c)
    top = max((c["games"] for c in declarer), default=0)
    for c in declarer:
        c["bar"] = percent(c["games"], top)
    won, lost = sum(c["won"] for c in declarer), sum(c["lost"] for c in declarer)
    points = sum(r["points"] for r in played)

    def game(r):
        return None if r is None else {
            "points": r["points"], "contract": r["game__contract"], "contract_label": label(r["game__contract"], lang),
            "game": r["game__number"], "table": r["table__number"], "round": r["table__round__number"],
            "tournament_id": r["table__round__tournament_id"], "tournament": r["table__round__tournament__name"],
            "declarer": r["game__declarer"] == positions.get(r["table_id"])}

    return {"games": len(played), "points": points, "average": points / len(played) if played else None,
            "best": game(max(played, key=lambda r: r["points"], default=None)),
            "worst": game(min(played, key=lambda r: r["points"], default=None)),
            "declarer": declarer, "declarer_total": {"games": won + lost, "won": won, "lost": lost,
                                                     "win_rate": rate(won, lost), "win_bar": percent(won, won + lost)},
            "free_for_all": [free[k] for k in FREE_FOR_ALL if k in free],
            "raeuber": free.get("raeuber", {"played": 0, "lost": 0, "announced": 0, "announced_lost": 0}),
            "totals_only_tables": len(totals_only), "declarers": declarers(r["game__contract"] for r in played)}


def _ordered_rows(scores):
    return list(scores.order_by("table__round__tournament__date", "table__round__tournament_id",
                                "table__round__number", "game__number").values(*ROW_FIELDS))


def entry_stats(entry, lang=None):
    """One entry's statistics in its tournament (2 queries)."""
    positions = dict(Seat.objects.filter(entry=entry).values_list("table_id", "position"))
    return player_summary(_ordered_rows(Score.objects.filter(COUNTED, entry=entry)), positions, lang)


def player_season_stats(player, season, published_only=True, lang=None):
    """One player's statistics over the season's (published) tournaments (2 queries)."""
    scope = Q(entry__player=player, entry__tournament__season=season)
    if published_only:
        scope &= Q(entry__tournament__published=True)
    positions = dict(Seat.objects.filter(scope).values_list("table_id", "position"))
    return player_summary(_ordered_rows(Score.objects.filter(scope, COUNTED)), positions, lang)

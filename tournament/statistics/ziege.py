"""Ziege in a season's statistics (docs/standings.md "Ziege in a season"): plain dicts for the stats pages.

Ziege games are not Cego games (``ZiegeGame``, no ``Score`` rows), so the Cego statistics never see them; these
functions add what a Ziege evening produces: games, finished series, "Eier" (60:60) and games a team lost without
a trick, and a player's team results per tournament (``standings.ziege_season``, the one source of them).
"""

from django.db.models import Count, Q

from scoring import ziege as rules
from tournament.models import ZiegeGame
from tournament.standings.ziege_season import season_ziege_standings, ziege_tournaments


def season_ziege_stats(season, published_only=True):
    """The season's Ziege games in numbers, or None when it has no Ziege tournament (two queries)."""
    tournaments = ziege_tournaments(season, published_only)
    if not tournaments:
        return None
    games = ZiegeGame.objects.filter(table__round__tournament__in=tournaments, table__not_counted=False)
    counts = games.aggregate(games=Count("id"), eier=Count("id", filter=Q(points_a=60)),
                             no_trick=Count("id", filter=Q(trick_a=False) | Q(trick_b=False)))
    by_table = {}
    for game in games.order_by("table_id", "number"):
        by_table.setdefault(game.table_id, []).append(game.as_engine())
    series = sum(1 for table_games in by_table.values() for s in rules.split_series(table_games)
                 if s["winner"] is not None)
    return {"tournaments": len(tournaments), "series": series, **counts}


def player_ziege(player, season, published_only=True):
    """The player's Ziege season: his row of the season's Ziege table with a line per tournament he played
    (partner, series won and lost, defeat points), or None when he played no Ziege tournament."""
    result = season_ziege_standings(season, published_only=published_only)
    row = next((r for r in result.rows if r.key == player.pk), None)
    if row is None:
        return None
    lines = [{**cell, "tournament": t} for t, cell in zip(result.columns, row.data["per_tournament"], strict=True)
             if cell is not None]
    return {"rank": row.rank, "field": len(result.rows), "lines": lines, **{
        name: row.data[name] for name in ("series_won", "series_lost", "given", "received", "diff")}}

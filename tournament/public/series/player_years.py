"""A player's years (issue 27): every published day the one player record played, season by season.

The record is the one ``registration.merge`` keeps: a merged duplicate's entries belong to it, its other spellings
are ``PlayerAlias`` rows, so the years need no name matching. Per day: the rank and total as the day's standings
show them (``public.cache.standings_at``: computed once per data version and process, like the standings pages)
and the field size; per season: the season standings' rank and total (best N applied), days played, the sum of
all days; the best results are the days with the best rank (then the most points). Ziege days are listed with
their date and name but have no rank and points here: their result is series won, not points.

The player search is the tolerant one of the seat lookup and the director (``common.names.query_matches``: case,
umlauts and ß, one typo) plus the other spellings of merged records (``registration.duplicates.alias_players``).
"""

from django.http import Http404

from tournament.common import names
from tournament.common.collation import person_key
from tournament.games import kind_of
from tournament.models import Entry, Player
from tournament.public import cache as public_cache
from tournament.registration.duplicates import alias_players
from tournament.standings import selectors as standings_queries

BEST = 3                    # best results shown
SEARCH_LIMIT = 30
QUERY_CHARS = 100


def published_entries(player_pk):
    """The player and his entries of published tournaments by date, or a 404 (no such player or nothing public)."""
    entries = list(Entry.objects.filter(player_id=player_pk, tournament__published=True)
                   .select_related("tournament__season", "player").order_by("tournament__date", "tournament_id"))
    if not entries:
        raise Http404("no published day of this player")
    return entries[0].player, entries


def day_row(entry):
    t = entry.tournament
    row = {"tournament": t, "date": t.date, "season_id": t.season_id, "teams": kind_of(t).teams,
           "rank": None, "total": None, "field": None, "tied": False}
    if row["teams"]:      # a team game (Ziege): no individual rank
        return row
    result = public_cache.standings_at(t, t.data_version)
    mine = next((r for r in result.rows if r.key == entry.pk), None)
    row["field"] = len(result.rows)
    if mine is not None:
        row.update(rank=mine.rank, total=mine.total, tied=mine.tied, provisional=result.provisional)
    return row


def player_years(player_pk):
    """``{"player", "seasons": [...], "best": [...], "days": n}``; each season ``{"season", "days": [...],
    "rank", "total", "sum_all", "played", "field"}``, newest season first, its days by date."""
    player, entries = published_entries(player_pk)
    days = [day_row(e) for e in entries]
    by_season = {}
    for day in days:
        by_season.setdefault(day["season_id"], []).append(day)
    seasons = []
    for season_days in by_season.values():
        season = season_days[0]["tournament"].season
        result = standings_queries.season_standings(season, published_only=True)
        mine = next((r for r in result.rows if r.key == player.pk), None)
        counted = set(mine.data["counted"]) if mine and season.best_n else None
        index = {t.pk: i for i, t in enumerate(result.columns)}
        for day in season_days:
            day["dropped"] = counted is not None and index.get(day["tournament"].pk) not in counted
        seasons.append({"season": season, "days": season_days, "played": len(season_days),
                        "rank": mine.rank if mine else None, "total": mine.total if mine else None,
                        "sum_all": sum(d["total"] or 0 for d in season_days), "field": len(result.rows),
                        "provisional": result.provisional})
    seasons.sort(key=lambda s: (s["season"].year, s["season"].pk), reverse=True)
    ranked = [d for d in days if d["rank"] is not None]
    best = sorted(ranked, key=lambda d: (d["rank"], -(d["total"] or 0), d["date"]))[:BEST]
    return {"player": player, "seasons": seasons, "best": best, "days": len(days)}


def find_players(query):
    """Players with a published day whose name or town matches ``query`` (or one of their other spellings), in
    German name order; at most ``SEARCH_LIMIT``."""
    text = (query or "")[:QUERY_CHARS].strip()
    if not text:
        return []
    public = Player.objects.filter(entries__tournament__published=True).distinct()
    aliased = alias_players(text)
    found = [p for p in public.only("pk", "first_name", "last_name", "town")
             if p.pk in aliased or names.query_matches(text, p.first_name, p.last_name, p.town)]
    found.sort(key=lambda p: person_key(p, p.town, p.pk))
    return found[:SEARCH_LIMIT]

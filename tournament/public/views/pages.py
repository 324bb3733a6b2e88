"""Public pages: no login. Published tournaments only — everything else is a 404 (see ``public_queries``).

Home (the tournaments), a tournament's standings (categories, prizes, teams), "Where do I sit?", a player's
games with the running total as an SVG chart, and the season standings. While a tournament may still change
(``public_queries.is_live``) its pages reload every 30 seconds, keeping the URL (filter, page, sort) and the
scroll position. Every page is served from ``public_cache`` while the data it shows has not changed.
"""

from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournament.common import params
from tournament.models import Entry
from tournament.public import cache as public_cache
from tournament.public import charts
from tournament.public import selectors as public_queries
from tournament.public import tables as public_tables
from tournament.standings import selectors as standings_queries
from tournament.standings.categories import chosen_category

REFRESH_SECONDS = 30
RANK = "\x00rank\x00"      # stands for the entry's rank in a stored player page (``player_results``)


def category_param(request, season):
    """The ``?category=`` of the request if the season knows it, and the (key, label) choices."""
    return chosen_category(season, params.get(request.GET, params.CATEGORY))


def tournament_context(tournament, tab):
    live = public_queries.is_live(tournament)
    return {"tournament": tournament, "season": tournament.season, "tab": tab, "live": live,
            "refresh_seconds": REFRESH_SECONDS if live else None,
            "provisional": tournament.rounds_drawn < tournament.round_count or bool(tournament.rounds_unlocked),
            "has_teams": public_queries.has_teams(tournament)}


@public_cache.cached("site")
def home(request):
    tournaments = list(public_queries.published_tournaments())
    seasons = []
    for t in tournaments:
        t.live = public_queries.is_live(t)
        if t.season not in seasons:
            seasons.append(t.season)
    return render(request, "public/home.html", {
        "tournaments": tournaments, "live": [t for t in tournaments if t.live], "seasons": seasons})


@public_cache.cached("tournament")
def tournament(request, pk):
    t = public_queries.published_tournament(pk)
    category, choices = category_param(request, t.season)
    result = public_cache.standings(request, t, category)
    query = params.get(request.GET, params.SEARCH).strip()
    rows = public_tables.standings_rows(result.rows, {r.key for r in result.prizes})
    if query:
        rows = [r for r in rows if public_tables.matches(r, query)]
    table = public_tables.StandingsTable(rows, tournament=t, rounds=result.rounds).configure(request)
    return render(request, "public/tournament.html", {
        **tournament_context(t, "standings"), "provisional": result.provisional, "table": table, "query": query,
        "category": category, "categories": choices, "field_size": len(result.rows), "shown": len(rows)})


@public_cache.cached("tournament")
def prizes(request, pk):
    t = public_queries.published_tournament(pk)
    result = public_cache.standings(request, t)
    rows = public_tables.standings_rows(result.prizes)
    for row in rows:
        row["last_place"] = row["rank"] > t.prize_places
    return render(request, "public/prizes.html", {
        **tournament_context(t, "prizes"), "provisional": result.provisional, "rows": rows})


@public_cache.cached("tournament")
def teams(request, pk):
    t = public_queries.published_tournament(pk)
    result = standings_queries.team_standings(tournament=t)
    table = public_tables.TeamTable(public_tables.team_rows(result.rows)).configure(request)
    return render(request, "public/teams.html", {**tournament_context(t, "teams"), "table": table})


@public_cache.cached("tournament", results=False)
def seat(request, pk):
    t = public_queries.published_tournament(pk)
    query = params.get(request.GET, params.SEARCH).strip()
    found = public_queries.find_entries(t, query) if query else []
    chosen = found[0] if len(found) == 1 else None
    return render(request, "public/seat.html", {
        **tournament_context(t, "seat"), "provisional": False, "noindex": True, "query": query, "found": found,
        "chosen": chosen, "plan": public_queries.seat_plan(chosen) if chosen else [],
        "too_many": len(found) >= public_queries.SEARCH_LIMIT})


class RankMarked:
    """A standings row that prints ``RANK`` as its rank (the cache puts the current rank in per answer)."""

    rank = RANK

    def __init__(self, row):
        self.row = row

    def __getattr__(self, name):
        return getattr(self.row, name)


def player_results(request, pk, entry_pk):
    """What a player page shows of the results, for ``public_cache.cached(narrow=…)``: the entry's standings row
    but its rank, the field size, and its own tables and adjustments. Its rank moves with every result at any
    table, so it is not part of the key but put into the stored page on every answer."""
    result = public_cache.standings(request, pk)
    row = next((r for r in result.rows if r.key == entry_pk), None)
    shown = None if row is None else (row.total, row.round_scores, row.declarer_won, row.declarer_lost, row.data)
    part = (shown, len(result.rows), result.provisional, public_cache.entry_version(entry_pk))
    return part, {RANK: str(row.rank) if row else ""}


@public_cache.cached("tournament", narrow=player_results)
def player(request, pk, entry_pk):
    t = public_queries.published_tournament(pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, tournament=t)
    data = public_queries.player_games(entry)
    result = public_cache.standings(request, t)
    row = next((r for r in result.rows if r.key == entry.pk), None)
    breaks = [(index, _("Round %(n)s") % {"n": number}) for index, number in data["breaks"]]
    name = entry.player.full_name
    final = data["totals"][-1] if data["totals"] else 0
    svg = charts.running_total_svg(
        data["totals"], breaks=breaks, element_id="running-total",
        title=_("Running total of %(name)s") % {"name": name},
        description=_("%(games)s games, running total after the last one: %(total)s")
        % {"games": len(data["totals"]), "total": final},
        empty_text=_("No games entered yet."))
    return render(request, "public/player.html", {
        **tournament_context(t, "player"), "provisional": result.provisional, "noindex": True, "entry": entry,
        "name": name, "row": RankMarked(row) if row else None, "field_size": len(result.rows), "data": data,
        "chart": mark_safe(svg)})  # noqa: S308 — charts.py escapes every text it writes


@public_cache.cached("season")
def season(request, pk):
    s = public_queries.published_season(pk)
    category, choices = category_param(request, s)
    result = standings_queries.season_standings(s, category=category, published_only=True)
    query = params.get(request.GET, params.SEARCH).strip()
    rows = public_tables.season_rows(result.rows)
    if query:
        rows = [r for r in rows if public_tables.matches(r, query)]
    table = public_tables.SeasonTable(rows, tournaments=result.columns, best_n=s.best_n).configure(request)
    return render(request, "public/season.html", {
        "season": s, "tab": "standings", "tournaments": result.columns, "table": table, "query": query,
        "category": category, "categories": choices, "field_size": len(result.rows), "shown": len(rows)})


@public_cache.cached("season")
def season_teams(request, pk):
    s = public_queries.published_season(pk)
    table = public_tables.TeamTable(public_tables.team_rows(public_queries.season_team_rows(s))).configure(request)
    tournaments = list(s.tournaments.filter(published=True).order_by("date", "pk"))
    return render(request, "public/season_teams.html", {
        "season": s, "tab": "teams", "tournaments": tournaments, "table": table})

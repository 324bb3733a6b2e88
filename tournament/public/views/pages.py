"""Public pages: no login. Published tournaments only — everything else is a 404 (see ``public_queries``).

Home (the tournaments), a tournament's standings (categories, prizes, teams), "Where do I sit?", a player's
games with the running total as an SVG chart, and the season standings. While a tournament may still change
(``public_queries.is_live``) its pages update in place every 30 seconds (``settings.PUBLIC_REFRESH_SECONDS``;
``public/public.js`` asks the same URL with the page's ``ETag`` and swaps the regions marked ``data-live-region``,
docs/accessibility.md "Live updates"); without JavaScript they reload. Every page is served from ``public_cache``
while the data it shows has not changed: each view names the version it is stored under and the query parameters
it reads, and its template puts what it shows into ``{% fragment %}`` blocks (what lies outside is rendered for
every request).
"""

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournament.common import params
from tournament.games import kind_of
from tournament.models import Entry
from tournament.prizes import selectors as prize_selectors
from tournament.public import cache as public_cache
from tournament.public import charts
from tournament.public import selectors as public_queries
from tournament.public import tables as public_tables
from tournament.standings import selectors as standings_queries
from tournament.standings.categories import chosen_category

REFRESH_SECONDS = 30                                    # unless ``settings.PUBLIC_REFRESH_SECONDS`` says otherwise
TABLE_PARAMS = (params.SORT, params.PAGE)               # what ``Table.configure`` reads
# and ``category_param`` (with the category's old name, which ``params.get`` still reads), the name filter
LIST_PARAMS = (params.CATEGORY, "kategorie", params.SEARCH, *TABLE_PARAMS)


def category_param(request, season):
    """The ``?category=`` of the request if the season knows it, and the (key, label) choices."""
    return chosen_category(season, params.get(request.GET, params.CATEGORY))


def tournament_context(tournament, tab):
    live = public_queries.is_live(tournament)
    return {"tournament": tournament, "season": tournament.season, "tab": tab, "live": live,
            "refresh_seconds": getattr(settings, "PUBLIC_REFRESH_SECONDS", REFRESH_SECONDS) if live else None,
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
    return TemplateResponse(request, "public/home.html", {
        "tournaments": tournaments, "live": [t for t in tournaments if t.live], "seasons": seasons})


@public_cache.cached("tournament", params=LIST_PARAMS)
def tournament(request, pk):
    t = public_queries.published_tournament(pk)
    kind = kind_of(t)
    if kind.teams:                  # teams of two by series won (docs/standings.md "Ziege")
        return TemplateResponse(request, kind.standings_template, {
            **tournament_context(t, "standings"), "rows": kind.hook("standings")(t)})
    category, choices = category_param(request, t.season)
    result = public_cache.standings(request, t, category)
    query = params.get(request.GET, params.SEARCH).strip()
    rows = public_tables.standings_rows_of(result)
    if query:
        rows = [r for r in rows if public_tables.matches(r, query)]
    table = public_tables.StandingsTable(rows, tournament=t, rounds=result.rounds).configure(request)
    return TemplateResponse(request, "public/tournament.html", {
        **tournament_context(t, "standings"), "provisional": result.provisional, "table": table, "query": query,
        "category": category, "categories": choices, "field_size": len(result.rows), "shown": len(rows)})


@public_cache.cached("tournament")
def prizes(request, pk):
    t = public_queries.published_tournament(pk)
    result = public_cache.standings(request, t)
    plan = prize_selectors.plan_of(t)
    winners = prize_selectors.winners(t, result)
    rows = public_tables.standings_rows([row for row, _award, _text in winners])
    for row, (_row, award, text) in zip(rows, winners, strict=True):
        row["last_place"] = award.kind == "last"
        row["award"] = text if plan is not None and plan.public else ""     # the director decides (docs/prizes.md)
    return TemplateResponse(request, "public/prizes.html", {
        **tournament_context(t, "prizes"), "provisional": result.provisional, "rows": rows,
        "place_count": prize_selectors.place_count_of(t, result, plan)})


@public_cache.cached("tournament", params=TABLE_PARAMS)
def teams(request, pk):
    t = public_queries.published_tournament(pk)
    result = standings_queries.team_standings(tournament=t)
    table = public_tables.TeamTable(public_tables.team_rows(result.rows)).configure(request)
    return TemplateResponse(request, "public/teams.html", {**tournament_context(t, "teams"), "table": table})


@public_cache.cached("setup", params=(params.SEARCH,))
def seat(request, pk):
    t = public_queries.published_tournament(pk)
    query = params.get(request.GET, params.SEARCH).strip()
    found = public_queries.find_entries(t, query) if query else []
    chosen = found[0] if len(found) == 1 else None
    return TemplateResponse(request, "public/seat.html", {
        **tournament_context(t, "seat"), "provisional": False, "noindex": True, "query": query, "found": found,
        "chosen": chosen, "plan": public_queries.seat_plan(chosen) if chosen else [],
        "too_many": len(found) >= public_queries.SEARCH_LIMIT})


def player_facts(request, pk, entry_pk):
    """The player's row of the standings (rank, total, declarer games) and the field size: rendered for every
    request around the stored parts of the player page, since the rank moves with every result at any table."""
    result = public_cache.standings(request, pk)
    return {"row": public_tables.row_of(result, entry_pk), "field_size": len(result.rows)}


@public_cache.cached("player", frame=("games_sum", "declarer"), per_request=player_facts)
def player(request, pk, entry_pk):
    t = public_queries.published_tournament(pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, tournament=t)
    data = public_queries.player_games(entry)
    result = public_cache.standings(request, t)
    breaks = [(index, _("Round %(n)s") % {"n": number}) for index, number in data["breaks"]]
    name = entry.player.full_name
    final = data["totals"][-1] if data["totals"] else 0
    svg = charts.running_total_svg(
        data["totals"], breaks=breaks, element_id="running-total",
        title=_("Running total of %(name)s") % {"name": name},
        description=_("%(games)s games, running total after the last one: %(total)s")
        % {"games": len(data["totals"]), "total": final},
        empty_text=_("No games entered yet."))
    return TemplateResponse(request, "public/player.html", {
        **tournament_context(t, "player"), "provisional": result.provisional, "noindex": True, "entry": entry,
        "name": name, **player_facts(request, pk, entry_pk), "games_sum": data["games_sum"], "data": data,
        "declarer": kind_of(t).sheet_layout != "pair",      # two seats, seat 1's points: no declarer columns
        "chart": mark_safe(svg)})  # charts.py escapes every text it writes


@public_cache.cached("season", params=LIST_PARAMS)
def season(request, pk):
    s = public_queries.published_season(pk)
    category, choices = category_param(request, s)
    result = standings_queries.season_standings(s, category=category, published_only=True)
    query = params.get(request.GET, params.SEARCH).strip()
    rows = public_tables.season_rows(result.rows)
    if query:
        rows = [r for r in rows if public_tables.matches(r, query)]
    table = public_tables.SeasonTable(rows, tournaments=result.columns, best_n=s.best_n).configure(request)
    return TemplateResponse(request, "public/season.html", {
        "season": s, "tab": "standings", "tournaments": result.columns, "table": table, "query": query,
        "has_ziege": public_queries.season_has_ziege(s),
        "category": category, "categories": choices, "field_size": len(result.rows), "shown": len(rows)})


@public_cache.cached("season", params=TABLE_PARAMS)
def season_teams(request, pk):
    s = public_queries.published_season(pk)
    table = public_tables.TeamTable(public_tables.team_rows(public_queries.season_team_rows(s))).configure(request)
    tournaments = list(s.tournaments.filter(published=True).order_by("date", "pk"))
    return TemplateResponse(request, "public/season_teams.html", {
        "season": s, "tab": "teams", "tournaments": tournaments, "table": table,
        "has_ziege": public_queries.season_has_ziege(s)})

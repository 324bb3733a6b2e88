"""A player's years and the player search (docs/public.md, "A player's years"). The years page is stored under
the versions of every published tournament the player entered and of their seasons (``public_cache`` scope
"player_years"), so a result at one of his days renders it anew and nothing else does."""

from django.template.response import TemplateResponse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournament.common import params
from tournament.public import cache as public_cache
from tournament.public import charts
from tournament.public.series import player_years as years


@public_cache.cached("player_years")
def player(request, player_pk):
    data = years.player_years(player_pk)
    name = data["player"].full_name
    oldest_first = list(reversed(data["seasons"]))
    svg = charts.bars_svg(
        [(s["season"].year, s["total"] or 0) for s in oldest_first], element_id="years-chart",
        title=_("Season totals of %(name)s") % {"name": name},
        description=", ".join(f"{s['season'].name}: {s['total'] or 0}" for s in oldest_first))
    return TemplateResponse(request, "public/player_years.html", {
        **data, "name": name, "noindex": True, "chart": mark_safe(svg)})  # charts.py escapes every text


@public_cache.cached("site", params=(params.SEARCH,))
def search(request):
    query = params.get(request.GET, params.SEARCH).strip()
    found = years.find_players(query) if query else []
    return TemplateResponse(request, "public/players.html", {
        "query": query, "found": found, "noindex": True, "too_many": len(found) >= years.SEARCH_LIMIT})

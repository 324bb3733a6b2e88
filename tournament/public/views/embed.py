"""Widgets for other web sites (docs/api.md "Embedding"): small pages at ``/einbetten/…`` that a club shows in an
iframe — a tournament's live standings and a season's next day — with ``public/embed.js`` on the club's page
sizing the frame to its content (each widget posts its height, ``public/embed-frame.js``).

Framing: only the origins the organiser listed on the season (``Season.embed_origins``) may frame a widget —
``frame-ancestors`` in the Content-Security-Policy of these pages only (every other page keeps ``'none'``), and
no ``X-Frame-Options`` (it cannot name origins; browsers that know ``frame-ancestors`` ignore it anyway). A season
without origins: the widget can be opened, not framed. Published only, like every public page: else a 404.

Light: no site header, no cookie (no CSRF token, no session), one small style sheet and script. A live
tournament's widget asks its own URL with its ``ETag`` every 30 s and swaps its content on a change; the data
are the standings pages' (``public_cache.standings``, computed once per data version and process)."""

from csp.constants import NONE
from csp.decorators import csp_replace
from django.conf import settings
from django.http import Http404, HttpResponseNotModified
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.clickjacking import xframe_options_exempt

from tournament.common import params
from tournament.games import kind_of
from tournament.models import Season
from tournament.public import cache as public_cache
from tournament.public import selectors as public_queries
from tournament.public import tables as public_tables
from tournament.public.views.pages import REFRESH_SECONDS

ROWS = 10           # rows of the standings widget unless ?rows= (1 … MAX_ROWS) says otherwise
MAX_ROWS = 100


def rows_param(request):
    value = params.get(request.GET, params.ROWS)
    return min(int(value), MAX_ROWS) if value.isascii() and value.isdigit() and int(value) > 0 else ROWS


def framed(request, view, season_pk, **kwargs):
    """``view``'s answer, framable by the season's listed origins only."""
    origins = Season.objects.filter(pk=season_pk).values_list("embed_origins", flat=True).first() or ""
    allowed = Season(embed_origins=origins).embed_origin_list or [NONE]
    return xframe_options_exempt(csp_replace({"frame-ancestors": allowed})(view))(request, **kwargs)


def conditional(request, version, extra, render):
    """304 when the browser's ``If-None-Match`` names this answer, else ``render()`` with the ``ETag``."""
    etag = f'"{public_cache.digest(("embed", request.path, extra, get_language(), version.key))}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = render(etag)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def standings(request, pk):
    """The first ``?rows=`` places of a tournament's standings (Cego, Offiziers-Cego), live."""
    version = public_cache.read_version("tournament", {"pk": pk})
    if version is None:
        raise Http404
    t = public_queries.published_tournament(pk)
    if kind_of(t).teams:
        raise Http404
    count = rows_param(request)

    def render(etag):
        result = public_cache.standings_at(t, version.data)
        rows = public_tables.standings_rows(result.rows[:count])
        live = public_queries.is_live(t)
        return TemplateResponse(request, "public/embed/standings.html", {
            "tournament": t, "rows": rows, "rounds": result.rounds, "provisional": result.provisional,
            "field_size": len(result.rows), "live": live, "etag": etag,
            "refresh_seconds": getattr(settings, "PUBLIC_REFRESH_SECONDS", REFRESH_SECONDS) if live else None})

    return framed(request, lambda request: conditional(request, version, count, render), t.season_id)


def next_day(request, pk):
    """A season's next day not finished (today or later): date, time, venue, host, registration."""
    version = public_cache.read_version("season", {"pk": pk})
    if version is None:
        raise Http404
    season = public_queries.published_season(pk)
    today = timezone.localdate()

    def render(etag):
        days = public_queries.published_tournaments().filter(season=season, date__gte=today).order_by("date", "pk")
        day = next((t for t in days if t.status != t.Status.FINISHED), None)
        return TemplateResponse(request, "public/embed/next.html", {"season": season, "day": day})

    return framed(request, lambda request: conditional(request, version, today.isoformat(), render), pk)

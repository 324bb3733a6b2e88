"""The season calendar (docs/public.md, "Season calendar"): the page of the season's published days and its
iCalendar feed. Both follow the season's data version (raised with any change of one of its tournaments): the page
through ``public_cache`` like every season page, the feed with its own ``ETag`` (a calendar app sends no cookie,
so it gets no CSRF cookie either) and a short ``Cache-Control``."""

from django.http import HttpResponse, HttpResponseNotModified
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import formats
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournament.public import cache as public_cache
from tournament.public import selectors as public_queries
from tournament.public.series import calendar

FEED_MAX_AGE = 900          # seconds a calendar app may keep the feed (the apps poll every few hours anyway)


def state_text(tournament):
    return {calendar.State.PREREG: _("Online pre-registration open"),
            calendar.State.ON_SITE: _("Registration at the venue"),
            calendar.State.RUNNING: _("Playing now"),
            calendar.State.PLAYED: _("Played")}[tournament.state]


def fee_text(tournament):
    if not tournament.entry_fee:
        return ""
    return _("Entry fee %(fee)s €") % {"fee": formats.number_format(tournament.entry_fee, 2)}


@public_cache.cached("season")
def season_calendar(request, pk):
    s = public_queries.published_season(pk)
    days = calendar.season_days(s)
    for t in days:
        t.state_text, t.fee_text = state_text(t), fee_text(t)
    return TemplateResponse(request, "public/calendar.html", {
        "season": s, "tab": "calendar", "days": days, "tournaments": days,
        "has_ziege": public_queries.season_has_ziege(s)})


def season_feed(request, pk):
    s = public_queries.published_season(pk)
    version = public_cache.read_version("season", {"pk": s.pk})
    etag = '"' + public_cache.digest(("ics", s.pk, version.key, get_language())) + '"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        def texts(t):
            lines = [t.host and _("Host: %(host)s") % {"host": t.host}, fee_text(t), state_text(t)]
            return [line for line in lines if line]

        body = calendar.feed(s, calendar.season_days(s), texts=texts,
                             url_of=lambda t: request.build_absolute_uri(reverse("public:tournament", args=[t.pk])))
        response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="season-{s.pk}.ics"'
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={FEED_MAX_AGE}"
    return response

"""The hall's big screen ``/turnier/<id>/leinwand/`` (docs/screen.md): one page for a projector or TV, no
interaction. Served from ``public_cache`` like the standings (the tournament's data version, raised by every result,
draw, lock and clock change), so the screen's poll every ``SCREEN_REFRESH_SECONDS`` costs one version read and a
304 while nothing changed. ``public/screen.js`` turns the slides, runs the clock and asks again after a network
drop."""

from django.conf import settings
from django.template.response import TemplateResponse

from tournament.public import cache as public_cache
from tournament.public import screen as big_screen
from tournament.public import selectors as public_queries

REFRESH_SECONDS = 10        # unless ``settings.SCREEN_REFRESH_SECONDS`` says otherwise
SLIDE_SECONDS = 8           # unless ``settings.SCREEN_SLIDE_SECONDS`` says otherwise


@public_cache.cached("tournament", frame=("refresh", "slide_seconds"))
def screen(request, pk):
    t = public_queries.published_tournament(pk)
    return TemplateResponse(request, "public/screen.html", {
        "tournament": t, **big_screen.screen(request, t), "noindex": True,
        "refresh": getattr(settings, "SCREEN_REFRESH_SECONDS", REFRESH_SECONDS),
        "slide_seconds": getattr(settings, "SCREEN_SLIDE_SECONDS", SLIDE_SECONDS)})

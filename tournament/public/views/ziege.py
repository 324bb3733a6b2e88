"""Ziege's public pages and sections: its scoring rules (a tariff page of its own, beside the rulesets'), the
season's Ziege table (a tab beside the Cego standings) and the Ziege parts of the statistics pages. A tournament's
Ziege standings page is the kind's ``standings_template`` (``tournament.games``)."""

from django.shortcuts import render
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext as _

from scoring import ziege
from tournament.games import kind_of
from tournament.public import cache as public_cache
from tournament.public import selectors as public_queries
from tournament.standings import ziege_season
from tournament.statistics import ziege as ziege_stats


def tariff_page(request):
    """Ziege's defeat points and series rule (RULES.md §9), from the constants of ``scoring.ziege``."""
    lost_low = f"{ziege.LOW_FROM}–{ziege.EIER - 1}"
    bands = [
        {"points": f"{ziege.WIN_FROM}–{ziege.TOTAL}", "defeat": 0, "what": _("won")},
        {"points": f"{ziege.EIER}", "defeat": 0, "what": _("60:60 (Eier): nobody gets defeat points")},
        {"points": lost_low, "defeat": ziege.DEFEAT_LOW, "what": _("lost")},
        {"points": f"0–{ziege.LOW_FROM - 1}", "defeat": ziege.DEFEAT_TRICK, "what": _("lost, with a trick")},
        {"points": "0", "defeat": ziege.DEFEAT_NO_TRICK, "what": _("lost without a trick")},
    ]
    return render(request, "public/tariff/ziege.html", {"bands": bands, "target": ziege.SERIES_TARGET,
                                                        "total": ziege.TOTAL})


# The rules page's URL in the tariff pages (``config.urls``), before the rulesets' slugs.
TARIFF_URLS = [path("ziege/", tariff_page, name="ziege")]


@public_cache.cached("season")
def season(request, pk):
    """The season's Ziege table (``standings.ziege_season``): its own tab, beside the Cego standings."""
    s = public_queries.published_season(pk)
    result = ziege_season.season_ziege_standings(s, published_only=True)
    return TemplateResponse(request, "public/season_ziege.html", {
        "season": s, "tab": "ziege", "tournaments": result.columns, "rows": result.rows, "has_ziege": True,
        "provisional": result.provisional, "marked": s.best_n is not None})


def played(tournaments):
    """Whether the Ziege statistics are worth their queries: a published Ziege tournament is among them."""
    return any(kind_of(t).teams for t in tournaments)


def season_stats(season_, tournaments):
    """The Ziege section of a season's statistics page (context ``ziege``; None when nobody played Ziege)."""
    return {"ziege": ziege_stats.season_ziege_stats(season_) if played(tournaments) else None}


def player_stats(player_, season_, tournaments):
    """The Ziege section of a player's season statistics (context ``ziege``; None when nobody played Ziege)."""
    return {"ziege": ziege_stats.player_ziege(player_, season_) if played(tournaments) else None}

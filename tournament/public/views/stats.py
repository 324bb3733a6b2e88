"""Public statistics pages (no login): a published tournament, a season's published tournaments, one player.

Anything not published is a 404, exactly like a page that does not exist. The numbers come from
``tournament.statistics.selectors``; these views only find the objects and build links. Like the other public pages
they are served from ``public_cache`` while the data they show has not changed.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.models import Entry, Player, Season, Tournament
from tournament.public import cache as public_cache
from tournament.public.views import ziege
from tournament.statistics import selectors as statistics


def best_worst(stats):
    """(label, game) of the best and the worst game, for the player pages."""
    return [(text, game) for text, game in ((_("Best game"), stats["best"]), (_("Worst game"), stats["worst"]))
            if game is not None]


def published_tournament(pk):
    return get_object_or_404(Tournament.objects.select_related("season"), pk=pk, published=True)


def published_tournaments(season):
    """The season's published tournaments; a season without any is not public (404)."""
    tournaments = list(season.tournaments.filter(published=True).order_by("date", "pk"))
    if not tournaments:
        raise Http404("no published tournament in this season")
    return tournaments


@public_cache.cached("tournament")
def tournament(request, pk):
    t = published_tournament(pk)
    return TemplateResponse(request, "public/stats/tournament.html", {
        "tournament": t, "season": t.season, "stats": statistics.tournament_stats(t),
        "public_url": reverse("public:tournament", args=[t.pk])})


@public_cache.cached("season")
def season(request, pk):
    season_ = get_object_or_404(Season, pk=pk)
    tournaments = published_tournaments(season_)
    return TemplateResponse(request, "public/stats/season.html", {
        "season": season_, "tournaments": tournaments, "stats": statistics.season_stats(season_),
        **ziege.season_stats(season_, tournaments),
        "public_url": reverse("public:season", args=[season_.pk])})


@public_cache.cached("tournament")
def player(request, pk, entry_pk):
    t = published_tournament(pk)
    entry = get_object_or_404(Entry.objects.select_related("player", "team"), pk=entry_pk, tournament=t)
    stats = statistics.entry_stats(entry)
    return TemplateResponse(request, "public/stats/player.html", {
        "tournament": t, "season": t.season, "entry": entry, "player": entry.player, "stats": stats,
        "best_worst": best_worst(stats), "public_url": reverse("public:tournament", args=[t.pk])})


@public_cache.cached("season")
def season_player(request, pk, player_pk):
    season_ = get_object_or_404(Season, pk=pk)
    player_ = get_object_or_404(Player, pk=player_pk)
    tournaments = published_tournaments(season_)
    entries = list(Entry.objects.filter(player=player_, tournament__in=tournaments)
                   .select_related("tournament").order_by("tournament__date", "tournament_id"))
    if not entries:
        raise Http404("the player did not play a published tournament of this season")
    stats = statistics.player_season_stats(player_, season_)
    return TemplateResponse(request, "public/stats/season_player.html", {
        "season": season_, "player": player_, "entries": entries, "stats": stats, "best_worst": best_worst(stats),
        **ziege.player_stats(player_, season_, tournaments),
        "public_url": reverse("public:season", args=[season_.pk])})

"""Director pages: tournament and season standings, the printable prize list, and the season's categories.

The ranking itself is ``tournament.standings.selectors`` (the lead's); these views pick the category and the
best-N override from the query string and lay the rows out. Categories are season data (name and players),
written through ``tournament.seasons.services`` like seasons and tournaments.
"""

from django.contrib import messages
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.common import params
from tournament.common.collation import name_key, person_key
from tournament.common.numbers import is_plain_digits
from tournament.games import keys, kind_of
from tournament.idempotency import idempotent
from tournament.models import Category, Player, Round, Season
from tournament.office import errors
from tournament.office.access import direct, organise
from tournament.office.common import tournament_context, tournament_or_404
from tournament.office.forms.director import CategoryForm, PlayerSearchForm
from tournament.office.ziege import views as ziege_views
from tournament.prizes import selectors as prize_selectors
from tournament.registration.selectors import search_players, visible
from tournament.seasons import services as seasons
from tournament.standings import categories as season_categories
from tournament.standings import ranking as standings
from tournament.standings import selectors as standings_queries
from tournament.standings.labels import tiebreak_label


def chosen_category(request, season):
    """The category of ``?category=`` if the season has it, else None; and every choice for the filter."""
    return season_categories.chosen_category(season, params.get(request.GET, params.CATEGORY))


def chain_text(tournament):
    """The tie-break chain in words, as the standings apply it (empty setting → lots)."""
    try:
        chain = standings.parse_chain(tournament.tiebreaks) or standings.DEFAULT_CHAIN
    except ValueError:
        chain = standings.DEFAULT_CHAIN
    return [tiebreak_label(name) for name in chain]


def open_rounds(tournament):
    """Numbers of the rounds not locked yet (undrawn ones included): why the standings are provisional."""
    locked = set(Round.objects.filter(tournament=tournament, status=Round.Status.LOCKED)
                 .values_list("number", flat=True))
    return [n for n in range(1, tournament.round_count + 1) if n not in locked]


def prize_rows(tournament, result):
    """The prize list: every winner of the prize plan (docs/prizes.md) with the prize in words, the last-place
    prize marked."""
    return [{"row": row, "last_place": award.kind == "last", "award": text}
            for row, award, text in prize_selectors.winners(tournament, result)]


@direct
def tournament_standings(request, pk):
    tournament = tournament_or_404(pk)
    if kind_of(tournament).teams:
        return ziege_views.standings(request, tournament)          # teams by series won (docs/standings.md)
    category, choices = chosen_category(request, tournament.season)
    result = standings_queries.tournament_standings(tournament, category=category)
    teams = standings_queries.team_standings(tournament=tournament)
    prizes = prize_rows(tournament, result)
    plan = prize_selectors.plan_of(tournament)
    awards = {p["row"].key: p["award"] for p in prizes} if plan else {}
    count = prize_selectors.place_count_of(tournament, result, plan)
    context = tournament_context(
        tournament, "standings", result=result, category=category, categories=choices,
        category_label=dict(choices).get(category), chain=chain_text(tournament),
        open_rounds=open_rounds(tournament) if result.provisional else [],
        prizes=prizes, teams=teams.rows, awards=awards, place_count=count,
        ranked=[(row, awards.get(row.key, ""), row in result.prizes and row.rank <= count) for row in result.rows],
        stats_url=reverse("stats:tournament", args=[tournament.pk]) if tournament.published else None,
        public_url=reverse("public:tournament", args=[tournament.pk]) if tournament.published else None)
    return render(request, "office/standings.html", context)


@direct
def prizes(request, pk):
    """The prize list alone, laid out for printing (A4, no navigation)."""
    tournament = tournament_or_404(pk)
    category, choices = chosen_category(request, tournament.season)
    result = standings_queries.tournament_standings(tournament, category=category)
    return render(request, "office/standings_prizes.html", tournament_context(
        tournament, "standings", result=result, category=category, category_label=dict(choices).get(category),
        prizes=prize_rows(tournament, result),
        back=reverse("director:standings", args=[tournament.pk])
        + (f"?{urlencode({params.CATEGORY: category})}" if category else "")))


def best_override(request, season):
    """``?best=N`` (a whole number ≥ 1) or ``?best=all``; otherwise the season's setting. → (n or None, forced)."""
    raw = params.get(request.GET, params.BEST).strip()
    if raw == "all":
        return None, True
    if is_plain_digits(raw) and int(raw) >= 1:
        return int(raw), True
    return season.best_n, False


MANY = 10**6       # "count all": more tournaments than a season has


@organise
def season_standings(request, pk):
    season = get_object_or_404(Season, pk=pk)
    category, choices = chosen_category(request, season)
    tournament_count = season.tournaments.exclude(game__in=keys(teams=True)).count()   # Ziege: its own table
    best_n, overridden = best_override(request, season)
    # "all": as many as there are tournaments (``season_standings`` falls back to the season's N on None).
    result = standings_queries.season_standings(season, best_n=best_n if best_n else max(tournament_count, 1),
                                                category=category)
    columns = result.columns
    rows = []
    for row in result.rows:
        counted = set(row.data["counted"])
        cells = [{"value": v, "counted": i in counted} for i, v in enumerate(row.data["per_tournament"])]
        rows.append({"row": row, "cells": cells})
    teams = standings_queries.team_standings(season=season)
    query = {params.CATEGORY: category} if category else {}
    return render(request, "office/season_standings.html", {
        "season": season, "result": result, "rows": rows, "columns": columns, "teams": teams.rows,
        **ziege_views.season_context(season, best_n=(best_n or MANY) if overridden else None),
        "category": category, "categories": choices, "category_label": dict(choices).get(category),
        "best_n": best_n if best_n and best_n < tournament_count else None, "overridden": overridden,
        "season_best_n": season.best_n, "tournament_count": tournament_count,
        "best_value": params.get(request.GET, params.BEST), "query": urlencode(query),
        "best_query": urlencode({params.BEST: params.get(request.GET, params.BEST)}) if overridden else ""})


# ---------------------------------------------------------------------------------------------------------------
# Categories of a season


@organise
@idempotent
def categories(request, pk):
    season = get_object_or_404(Season, pk=pk)
    form = CategoryForm(request.POST or None, season=season)
    if request.method == "POST" and form.is_valid():
        category = errors.submit(form, seasons.create_category, season=season, user=request.user)
        if category is not None:
            messages.success(request, _("Category “%(name)s” created. Now add its players.")
                             % {"name": category.name})
            return redirect("director:category", season.pk, category.pk)
    rows = sorted(Category.objects.filter(season=season).annotate(player_count=Count("players")),
                  key=lambda c: name_key(c.name))
    return render(request, "office/categories.html", {"season": season, "form": form, "rows": rows})


def category_or_404(season_pk, pk):
    return get_object_or_404(Category.objects.select_related("season"), pk=pk, season_id=season_pk)


@organise
@idempotent
def category(request, pk, category_pk):
    """One category: rename it, see its players, find players to add (``?q=``)."""
    category_ = category_or_404(pk, category_pk)
    season = category_.season
    form = CategoryForm(request.POST or None, instance=category_or_404(pk, category_pk), season=season)
    if request.method == "POST" and form.is_valid():
        if errors.submit(form, seasons.rename_category, category=category_, user=request.user):
            messages.success(request, _("Category renamed."))
            return redirect("director:category", season.pk, category_.pk)
    search = PlayerSearchForm(request.GET or None)
    query = search.cleaned_data["q"].strip() if search.is_valid() else ""
    members = sorted(category_.players.all(), key=lambda p: person_key(p, p.town, p.pk))
    results, more = search_players(query, season, visible_to=request.user) if query else ([], False)
    member_ids = {p.pk for p in members}
    return render(request, "office/categories_detail.html", {
        "season": season, "category": category_, "form": form, "search": search, "query": query,
        "members": members, "results": [{"player": p, "member": p.pk in member_ids} for p in results],
        "more": more})


@organise
@require_POST
@idempotent
def category_delete(request, pk, category_pk):
    category_ = category_or_404(pk, category_pk)
    name = category_.name
    seasons.delete_category(category=category_, user=request.user)
    messages.success(request, _("Category “%(name)s” deleted.") % {"name": name})
    return redirect("director:categories", pk)


@organise
@require_POST
@idempotent
def category_members(request, pk, category_pk):
    """Add (``action=add``) or remove (``action=remove``) the player ``player`` to or from the category."""
    category_ = category_or_404(pk, category_pk)
    raw = request.POST.get("player") or ""
    removing = request.POST.get("action") == "remove"
    candidates = Player.objects.all() if removing else visible(Player.objects.all(), request.user)   # his seasons'
    player = get_object_or_404(candidates, pk=int(raw) if is_plain_digits(raw) else 0)
    if removing:
        seasons.remove_player(category=category_, player=player, user=request.user)
        messages.success(request, _("%(player)s removed from “%(category)s”.")
                         % {"player": player.full_name, "category": category_.name})
    else:
        seasons.add_player(category=category_, player=player, user=request.user)
        messages.success(request, _("%(player)s added to “%(category)s”.")
                         % {"player": player.full_name, "category": category_.name})
    target = reverse("director:category", args=[pk, category_.pk])
    query = (request.POST.get("q") or "").strip()
    return redirect(f"{target}?{urlencode({params.SEARCH: query})}" if query else target)

"""Director pages: the start page, seasons and their duplicate players, and creating, editing and overlooking a
tournament, publishing it (the banner's one click) and finishing it."""

import json

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.rulesets import resolve
from tournament.common.collation import name_key
from tournament.common.i18n import engine_lang
from tournament.idempotency import idempotent
from tournament.models import Player, Season, Team
from tournament.office import errors
from tournament.office.access import (
    allowed,
    direct,
    office,
    organise,
    season_of_new_tournament,
    season_pk,
    tournament_pk,
)
from tournament.office.common import (
    round_links,
    tournament_context,
    tournament_or_404,
)
from tournament.office.forms.director import MergeForm, SeasonForm, TournamentForm
from tournament.registration import duplicates as duplicate_players
from tournament.registration import merge
from tournament.results import selectors
from tournament.seasons import services as seasons
from tournament.staff import permissions
from tournament.standings.categories import BUILTIN, builtin_categories


def with_counts(tournaments):
    return tournaments.annotate(
        entry_count=Count("entries", filter=Q(entries__withdrawn=False), distinct=True),
        drawn_rounds=Count("round_set", distinct=True))


@office
def home(request):
    """The seasons and tournaments the user works on (everything for superusers)."""
    seasons = list(permissions.visible_seasons(request.user).distinct())
    for season_ in seasons:
        season_.visible = with_counts(permissions.visible_tournaments(request.user, season_).order_by("date", "name"))
    return render(request, "office/home.html", {"seasons": seasons})


@allowed(permissions.VIEW_SEASON, season_pk)
def season(request, pk):
    season_ = get_object_or_404(Season, pk=pk)
    tournaments = with_counts(permissions.visible_tournaments(request.user, season_).order_by("date", "name"))
    teams = sorted(Team.objects.filter(season=season_).annotate(entry_count=Count("entries")),
                   key=lambda t: name_key(t.name))
    return render(request, "office/season.html", {"season": season_, "tournaments": tournaments, "teams": teams})


@organise
def duplicates(request, pk):
    """The season's likely duplicate players, each pair with its tournaments and a merge form."""
    season_ = get_object_or_404(Season, pk=pk)
    pairs = duplicate_players.with_tournaments(duplicate_players.likely_duplicates(season_), season_)
    return render(request, "office/season_duplicates.html", {"season": season_, "pairs": pairs})


@organise
@require_POST
@idempotent
def duplicates_merge(request, pk):
    """Merge one pair of the list (``MergeForm``); back to the list with what happened."""
    season_ = get_object_or_404(Season, pk=pk)
    form = MergeForm(request.POST)
    if not form.is_valid():
        for text in [e for errs in form.errors.values() for e in errs]:
            messages.error(request, text)
        return redirect("director:duplicates", season_.pk)
    keep_pk, other_pk = form.kept_and_other()
    players = Player.objects.in_bulk([keep_pk, other_pk])
    if len(players) < 2:
        messages.error(request, _("One of the two players no longer exists; reload the page."))
        return redirect("director:duplicates", season_.pk)
    other_name = str(players[other_pk])
    try:
        kept = merge.merge_players(season=season_, keep=players[keep_pk], other=players[other_pk], user=request.user)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("%(other)s merged with %(kept)s.") % {"other": other_name, "kept": kept})
    return redirect("director:duplicates", season_.pk)


@allowed(permissions.ADMINISTER)
@idempotent
def season_create(request):
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        season_ = errors.submit(form, seasons.create_season, user=request.user)
        if season_ is not None:
            messages.success(request, _("Season “%(name)s” created. Now add its first tournament.")
                             % {"name": season_.name})
            return redirect("director:season", season_.pk)
    return render(request, "office/season_form.html", {"form": form})


@organise
@idempotent
def season_edit(request, pk):
    season_ = get_object_or_404(Season, pk=pk)
    form = SeasonForm(request.POST or None, instance=get_object_or_404(Season, pk=pk))   # its own copy to edit
    if request.method == "POST" and form.is_valid():
        if errors.submit(form, seasons.update_season, season=season_, user=request.user):
            messages.success(request, _("Season saved."))
            return redirect("director:season", season_.pk)
    return render(request, "office/season_form.html", {"form": form, "season": season_})


@allowed(permissions.ORGANISE, season_of_new_tournament)
@idempotent
def tournament_create(request, season_pk):
    season_ = get_object_or_404(Season, pk=season_pk)
    form = TournamentForm(request.POST or None, season=season_)
    if request.method == "POST" and form.is_valid():
        tournament = errors.submit(form, seasons.create_tournament, season=season_, user=request.user)
        if tournament is not None:
            messages.success(request, _("Tournament “%(name)s” created. Register the players next.")
                             % {"name": tournament.name})
            return redirect("director:tournament", tournament.pk)
    return render(request, "office/tournament_form.html", {"form": form, "season": season_})


@direct
@idempotent
def tournament_edit(request, pk):
    tournament = tournament_or_404(pk)
    form = TournamentForm(request.POST or None, instance=tournament_or_404(pk))     # its own copy to edit
    if request.method == "POST" and form.is_valid():
        if errors.submit(form, seasons.update_tournament, tournament=tournament, user=request.user):
            messages.success(request, _("Tournament saved."))
            return redirect("director:tournament", tournament.pk)
    return render(request, "office/tournament_form.html",
                  tournament_context(tournament, "edit", form=form))


def entry_counts(tournament):
    season_ = tournament.season
    entries = list(tournament.entries.select_related("player", "team"))
    active = [e for e in entries if not e.withdrawn]
    builtin = [builtin_categories(e.player, season_) for e in active]
    return {
        "total": len(entries),
        "active": len(active),
        "withdrawn": len(entries) - len(active),
        "checked_in": sum(e.checked_in for e in active),
        "paid": sum(e.paid for e in entries),
        **{key: sum(key in cats for cats in builtin) for key in BUILTIN},
        "teams": len({e.team_id for e in active if e.team_id}),
    }


@allowed(permissions.ENTER, tournament_pk)
def tournament(request, pk):
    tournament_ = tournament_or_404(pk)
    lang = engine_lang()
    ruleset = resolve(tournament_.ruleset)
    rounds = []
    for link in round_links(tournament_):
        progress = selectors.round_progress(link["round"]) if link["round"] else []
        rounds.append({**link, "tables": len(progress), "complete": sum(t["complete"] for t in progress),
                       "games": sum(t["entered"] for t in progress), "planned": sum(t["planned"] for t in progress)})
    next_round = next((r for r in rounds if r["round"] is None), None)
    playing = next((r for r in reversed(rounds) if r["round"] and r["round"].status == "open"), None)
    rounds_drawn, _locked, not_finishable = seasons.finish_state(tournament_)
    context = tournament_context(
        tournament_, "overview", ruleset_name=ruleset.name[lang], rounds=rounds, counts=entry_counts(tournament_),
        next_round=next_round, playing=playing, rounds_drawn=rounds_drawn,
        finishable=not not_finishable and tournament_.status != tournament_.Status.FINISHED,
        options_json=json.dumps(tournament_.options, ensure_ascii=False, indent=2) if tournament_.options else "",
        audit_count=tournament_.audit.count(),
        adjustment_count=tournament_.entries.filter(adjustments__isnull=False).aggregate(n=Count("adjustments"))["n"])
    return render(request, "office/tournament.html", context)


# -- visibility and the end of the day (docs/director.md, "Published when it should be", "The end of the day") --

def _back(request, tournament):
    """Back to the page the button was on (a local path only), else the tournament's overview."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return redirect(target)
    return redirect("director:tournament", tournament.pk)


@direct
@require_POST
@idempotent
def publish(request, pk):
    """Make the tournament visible to players (``published=1``) or hide it again (``published=0``)."""
    tournament = tournament_or_404(pk)
    visible = request.POST.get("published", "1") != "0"
    try:
        seasons.publish_tournament(tournament=tournament, user=request.user, published=visible)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("Published: players see the tournament, the seat lookup and the standings.")
                         if visible else _("Hidden: players no longer see the tournament."))
    return _back(request, tournament)


@direct
@require_POST
@idempotent
def finish(request, pk):
    """The tournament is over: finished, its standings final on every page and paper."""
    tournament = tournament_or_404(pk)
    try:
        tournament = seasons.finish_tournament(tournament=tournament, user=request.user)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("The tournament is finished: the standings are final on every page and "
                                    "paper."))
    return redirect("director:tournament", tournament.pk)

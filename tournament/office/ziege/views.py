"""The Ziege pages of the office: teams (registering, dissolving), a round (draw, tables, status), a table's games,
standings."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournament.draws import ziege as ziege_draws
from tournament.games import kind_of
from tournament.idempotency import idempotent
from tournament.models import Round, Seat, Tournament, ZiegeBye
from tournament.office import errors
from tournament.office.access import allowed, direct, forbidden, tournament_pk
from tournament.office.common import table_links, tournament_context, tournament_or_404
from tournament.office.forms.director import DrawForm
from tournament.office.ziege.forms import PairForm, RemovePairForm
from tournament.registration import ziege as ziege_registration
from tournament.results import ziege as ziege_results
from tournament.staff import permissions
from tournament.standings import ziege as ziege_standings
from tournament.standings import ziege_season


def ziege_or_404(pk):
    tournament = tournament_or_404(pk)
    if tournament.game != Tournament.Game.ZIEGE:
        raise Http404(_("This tournament does not play Ziege."))
    return tournament


@direct
@idempotent
def teams(request, pk):
    tournament = ziege_or_404(pk)
    form = PairForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        first, second = form.players()
        try:
            pair = ziege_registration.register_pair(tournament=tournament, user=request.user, first=first,
                                                    second=second)
        except ValidationError as err:
            errors.to_messages(request, err)
        else:
            messages.success(request, _("Team %(n)s is registered.") % {"n": pair.number})
            return redirect("director:ziege_teams", tournament.pk)
    pairs = list(tournament.ziege_pairs.select_related("first__player", "second__player"))
    drawn = set(Seat.objects.filter(round__tournament=tournament).values_list("entry_id", flat=True))
    drawn |= set(ZiegeBye.objects.filter(round__tournament=tournament).values_list("pair__first_id", flat=True))
    for pair in pairs:
        pair.removable = pair.first_id not in drawn and pair.second_id not in drawn
    return render(request, "office/ziege/teams.html",
                  tournament_context(tournament, "ziege_teams", form=form, pairs=pairs))


@direct
@idempotent
def team_remove(request, pk, number):
    """Dissolve a team that is drawn in no round (so has no game): a confirm page, then the POST."""
    tournament = ziege_or_404(pk)
    pair = get_object_or_404(tournament.ziege_pairs.select_related("first__player", "second__player"),
                             number=number)
    form = RemovePairForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            ziege_registration.remove_pair(pair=pair, user=request.user, reason=form.cleaned_data["reason"])
        except ValidationError as err:
            errors.to_messages(request, err)
        else:
            messages.success(request, _("Team %(n)s is dissolved; %(first)s and %(second)s stay registered without "
                                        "a team.") % {"n": pair.number, "first": pair.first.player.full_name,
                                                      "second": pair.second.player.full_name})
        return redirect("director:ziege_teams", tournament.pk)
    return render(request, "office/ziege/team_remove.html", tournament_context(
        tournament, "ziege_teams", pair=pair, form=form, drawn=ziege_registration.is_drawn(pair)))


def table_summary(table):
    """A table of a drawn round: its teams, games and the series state (``results.ziege.sheet``)."""
    team_a, team_b = ziege_results.table_teams(table)
    sheet = ziege_results.sheet(table.ziege_games.all())
    won = {"A": 0, "B": 0}
    for result in sheet["series"]:
        if result["winner"]:
            won[result["winner"]] += 1
    return {"table": table, "team_a": team_a, "team_b": team_b, "games": len(sheet["rows"]),
            "current": sheet["current"], "won_a": won["A"], "won_b": won["B"]}


def round_detail(request, tournament, number):
    """The round page of a Ziege tournament (``office.views.rounds.round_detail`` hands it over)."""
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    form = DrawForm(request.POST or None, initial={"seed": tournament.seed})
    if request.method == "POST":
        if not permissions.can(request.user, permissions.DIRECT, tournament):
            return forbidden(request)
        if round_ is not None:
            messages.error(request, _("Round %(n)s is already drawn. Delete its draw first.") % {"n": number})
            return redirect("director:round", tournament.pk, number)
        if form.is_valid():
            try:
                round_ = kind_of(tournament).hook("draw_round")(tournament=tournament, number=number,
                                                                user=request.user,
                                                                seed=form.cleaned_data["seed"].strip() or None)
            except ValidationError as err:
                errors.to_messages(request, err)
            else:
                messages.success(request, _("Round %(n)s is drawn: %(tables)s tables of two teams.")
                                 % {"n": number, "tables": round_.tables.count()})
                return redirect("director:round", tournament.pk, number)
    tables = [table_summary(t) for t in round_.tables.all()] if round_ else []
    progress = {p["table"].pk: p for p in ziege_results.round_progress(round_)} if round_ else {}
    for t in tables:
        t["complete"] = progress[t["table"].pk]["complete"]
    complete = sum(t["complete"] for t in tables)
    bye = ZiegeBye.objects.filter(round=round_).select_related("pair__first__player", "pair__second__player")
    context = tournament_context(tournament, "round", number=number, round=round_, form=form, tables=tables,
                                 byes=list(bye) if round_ else [], complete_tables=complete,
                                 all_complete=complete == len(tables),
                                 teams=len(ziege_draws.present_pairs(tournament)))
    if round_ is not None:          # the tables' links for entry at the table (docs/table-entry.md)
        context["table_links"] = table_links(request, round_)
    return render(request, "office/ziege/round.html", context)


@allowed(permissions.ENTER, tournament_pk)
@idempotent
def table(request, pk, number, table):
    tournament = ziege_or_404(pk)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    table_ = get_object_or_404(round_.tables, number=table)
    kind = kind_of(tournament)          # what the office may write at a table is the kind's (tournament.games)
    form = kind.hook("game_form")(request.POST or None)
    if request.method == "POST":
        try:
            if "delete_last" in request.POST:
                ziege_results.delete_last_game(table=table_, user=request.user,
                                               reason=request.POST.get("reason", "")[:200])
                messages.success(request, _("The last game is deleted."))
                return redirect("director:ziege_table", tournament.pk, number, table)
            if form.is_valid():
                data = form.cleaned_data
                kind.hook("record_game")(table=table_, user=request.user, points_a=data["points_a"],
                                         trick_a=data["trick_a"], trick_b=data["trick_b"], reason=data["reason"])
                return redirect("director:ziege_table", tournament.pk, number, table)
        except ValidationError as err:
            errors.to_form(form, err)
    team_a, team_b = ziege_results.table_teams(table_)
    sheet = ziege_results.sheet(table_.ziege_games.all())
    return render(request, "office/ziege/table.html", tournament_context(
        tournament, "round", number=number, round=round_, table=table_, team_a=team_a, team_b=team_b,
        sheet=sheet, form=form))


def standings(request, tournament):
    """The standings page of a Ziege tournament (``office.views.standings`` hands it over)."""
    return render(request, "office/ziege/standings.html",
                  tournament_context(tournament, "standings", rows=ziege_standings.standings(tournament)))


def season_context(season, best_n):
    """The Ziege table of the season standings page (``office.views.standings.season_standings``), counting
    ``best_n`` tournaments (None: the season's rule)."""
    return {"ziege": ziege_season.season_ziege_standings(season, best_n=best_n)}

"""Director pages: registering players for a tournament (search, new player, entries list, toggles, edit)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.common import params
from tournament.models import Entry, Player
from tournament.office import errors
from tournament.office.forms.director import (
    EntryForm,
    PlayerForm,
    PlayerSearchForm,
)
from tournament.office.views.access import direct
from tournament.office.views.common import tournament_context, tournament_or_404
from tournament.registration import services as registration_services
from tournament.registration.selectors import search_players
from tournament.standings.categories import SeasonCategories

TOGGLES = registration_services.TOGGLES
FILTERS = ("all", "unpaid", "not_checked_in", "withdrawn")


def back(request, tournament, entry=None):
    """Where a small form returns to: its ``next`` (a page of this site), else the entries list."""
    target = request.POST.get("next") or ""
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = reverse("director:entries", args=[tournament.pk])
    if entry is not None and "#" not in target:
        target += f"#entry-{entry.pk}"
    return redirect(target)


def name_guess(query):
    words = query.split()
    if len(words) >= 2:
        return {"first_name": words[0], "last_name": " ".join(words[1:])}
    return {"last_name": words[0]} if words else {}


@direct
def entries(request, pk):
    tournament = tournament_or_404(pk)
    season = tournament.season
    search = PlayerSearchForm(request.GET or None)
    query = search.cleaned_data["q"].strip() if search.is_valid() else ""
    registered = {e.player_id: e for e in tournament.entries.all()}
    found, more = search_players(query, season) if query else ([], False)
    cats = SeasonCategories(season)
    results = [{"player": p, "entry": registered.get(p.pk), "badges": cats.badges(p),
                "season_entries": getattr(p, "season_entries", 0)} for p in found]
    show = params.get(request.GET, params.SHOW, "all")
    show = show if show in FILTERS else "all"
    rows = tournament.entries.select_related("player", "team").order_by("start_number")
    rows = {"unpaid": rows.filter(paid=False, withdrawn=False),
            "not_checked_in": rows.filter(checked_in=False, withdrawn=False),
            "withdrawn": rows.filter(withdrawn=True)}.get(show, rows)
    rows = [{"entry": e, "badges": cats.badges(e.player)} for e in rows]
    all_entries = list(tournament.entries.all())
    summary = {"total": len(all_entries), "withdrawn": sum(e.withdrawn for e in all_entries),
               "paid": sum(e.paid for e in all_entries),
               "checked_in": sum(e.checked_in and not e.withdrawn for e in all_entries)}
    filters = [("all", _("All")), ("unpaid", _("Not paid")), ("not_checked_in", _("Not checked in")),
               ("withdrawn", _("Withdrawn"))]
    context = tournament_context(tournament, "entries", search=search, query=query, results=results, more=more,
                                 rows=rows, summary=summary, show=show, filters=filters,
                                 anyone_checked_in=summary["checked_in"] > 0)
    return render(request, "office/entries.html", context)


@direct
@require_POST
def entry_register(request, pk):
    tournament = tournament_or_404(pk)
    player = get_object_or_404(Player, pk=request.POST.get("player") or 0)
    try:
        entry = registration_services.register(user=request.user, tournament=tournament, player=player)
    except ValidationError as err:
        errors.to_messages(request, err)
        return back(request, tournament)
    messages.success(request, _("%(player)s is registered with start number %(n)s.")
                     % {"player": player.full_name, "n": entry.start_number})
    return back(request, tournament, entry)


@direct
def player_create(request, pk):
    tournament = tournament_or_404(pk)
    if request.method == "POST":
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                entry = registration_services.register(user=request.user, tournament=tournament,
                                                       player_data=form.service_data())
            except ValidationError as err:
                errors.to_form(form, err)
            else:
                messages.success(request, _("%(player)s is registered with start number %(n)s.")
                                 % {"player": entry.player.full_name, "n": entry.start_number})
                if "another" in request.POST:
                    return redirect("director:player_create", tournament.pk)
                return redirect(reverse("director:entries", args=[tournament.pk]) + f"#entry-{entry.pk}")
    else:
        form = PlayerForm(initial=name_guess(params.get(request.GET, params.SEARCH)))
    registered = set(tournament.entries.values_list("player_id", flat=True))
    cats = SeasonCategories(tournament.season)
    duplicates = [{"player": p, "registered": p.pk in registered, "badges": cats.badges(p)}
                  for p in form.duplicates]
    # The likeliest record not yet registered is taken with one key: its button has the focus.
    default = next((d for d in duplicates if not d["registered"]), None)
    if default is not None:
        default["default"] = True
    return render(request, "office/player_form.html",
                  tournament_context(tournament, "entries", form=form, duplicates=duplicates))


@direct
@require_POST
def entry_toggle(request, pk, entry_pk):
    tournament = tournament_or_404(pk)
    field = request.POST.get("field")
    if field not in TOGGLES:
        return HttpResponseNotAllowed(["POST"])
    entry = get_object_or_404(Entry.objects.select_related("player", "tournament"), pk=entry_pk,
                              tournament=tournament)
    value = registration_services.toggle(entry=entry, field=field, user=request.user)
    if field == "withdrawn":
        if value:
            messages.warning(request, _("%(player)s is withdrawn: not drawn in later rounds, seats already drawn "
                                        "stay.") % {"player": entry.player.full_name})
        else:
            messages.success(request, _("%(player)s plays again.") % {"player": entry.player.full_name})
    return back(request, tournament, entry)


@direct
def entry_edit(request, pk, entry_pk):
    tournament = tournament_or_404(pk)
    entries = Entry.objects.select_related("player", "team")
    entry = get_object_or_404(entries, pk=entry_pk, tournament=tournament)
    edited = entries.get(pk=entry.pk)       # the forms' copy: a refused save leaves the page's entry as stored
    entry_form = EntryForm(request.POST or None, instance=edited, prefix="entry")
    player_form = PlayerForm(request.POST or None, instance=edited.player, prefix="player")
    if request.method == "POST" and entry_form.is_valid() and player_form.is_valid():
        data, new_team = entry_form.service_data()
        try:
            saved = registration_services.update(entry=entry, user=request.user, data=data, new_team=new_team,
                                                 player_data=player_form.service_data())
        except ValidationError as err:
            errors.to_form(entry_form, err)
        else:
            messages.success(request, _("Entry %(n)s saved.") % {"n": saved.start_number})
            return redirect(reverse("director:entries", args=[tournament.pk]) + f"#entry-{saved.pk}")
    others = entry.player.entries.exclude(pk=entry.pk).select_related("tournament").order_by("-tournament__date")
    context = tournament_context(tournament, "entries", entry=entry, entry_form=entry_form, player_form=player_form,
                                 seated=entry.seats.exists() or entry.adjustments.exists(), other_tournaments=others[:10],
                                 badges=SeasonCategories(tournament.season).badges(entry.player))
    return render(request, "office/entry_form.html", context)


@direct
@require_POST
def entry_delete(request, pk, entry_pk):
    tournament = tournament_or_404(pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, tournament=tournament)
    try:
        registration_services.remove(entry=entry, user=request.user)
    except ValidationError as err:
        errors.to_messages(request, err)
        return redirect("director:entry_edit", tournament.pk, entry.pk)
    messages.success(request, _("The entry of %(player)s (start number %(n)s) is removed; the player stays in the "
                                "player list.") % {"player": entry.player.full_name, "n": entry.start_number})
    return redirect("director:entries", tournament.pk)

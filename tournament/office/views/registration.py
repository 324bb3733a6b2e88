"""Director pages: registering players for a tournament (search, new player, entries list, toggles, edit), the
check-in desk (start numbers typed one after another, everybody at once, each with its undo) and the online
pre-registrations (the list, confirming one into an entry, declining one; ``registration.prereg``)."""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseNotAllowed, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.common import params
from tournament.common.euros import euros
from tournament.common.numbers import is_plain_digits
from tournament.idempotency import idempotent
from tournament.models import Entry, Player, PreRegistration
from tournament.money import selectors as money_selectors
from tournament.office import errors
from tournament.office.access import direct
from tournament.office.common import tournament_context, tournament_or_404
from tournament.office.forms.director import (
    CheckInForm,
    EntryForm,
    PlayerForm,
    PlayerSearchForm,
)
from tournament.registration import prereg
from tournament.registration import services as registration_services
from tournament.registration.selectors import check_in_counts, last_check_in, search_players, visible
from tournament.staff.permissions import may_edit_player, sees_tournament
from tournament.standings.categories import SeasonCategories

TOGGLES = registration_services.TOGGLES
FILTERS = ("all", "unpaid", "not_checked_in", "withdrawn")
CHECKIN = "checkin"             # ``params.FOCUS``: the check-in desk has the focus


def shown(show, entry):
    """Whether the entries list filtered by ``show`` has a row for ``entry`` (the filters of ``entries``)."""
    return {"unpaid": not entry.paid and not entry.withdrawn,
            "not_checked_in": not entry.checked_in and not entry.withdrawn,
            "withdrawn": entry.withdrawn}.get(show, True)


def filter_of(data):
    show = params.get(data, params.SHOW, "all")
    return show if show in FILTERS else "all"


def entries_url(tournament, show="all", focus=""):
    query = {k: v for k, v in ((params.SHOW, "" if show == "all" else show), (params.FOCUS, focus)) if v}
    return reverse("director:entries", args=[tournament.pk]) + (f"?{urlencode(query)}" if query else "")


def summary_of(tournament):
    flags = list(tournament.entries.values_list("withdrawn", "paid", "checked_in"))
    return {"total": len(flags), "withdrawn": sum(w for w, _p, _c in flags), "paid": sum(p for _w, p, _c in flags),
            "checked_in": sum(c and not w for w, _p, c in flags)}


def desk(tournament, user):
    """The check-in desk's counter and what it offers to undo (``_checkin_desk.html``)."""
    counts = check_in_counts(tournament)
    return {**counts, "missing": counts["registered"] - counts["present"], "last": last_check_in(tournament, user)}


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
    found, more = search_players(query, season, visible_to=request.user) if query else ([], False)
    cats = SeasonCategories(season)
    results = [{"player": p, "entry": registered.get(p.pk), "badges": cats.badges(p),
                "season_entries": getattr(p, "season_entries", 0)} for p in found]
    show = filter_of(request.GET)
    rows = tournament.entries.select_related("player", "team").order_by("start_number")
    rows = {"unpaid": rows.filter(paid=False, withdrawn=False),
            "not_checked_in": rows.filter(checked_in=False, withdrawn=False),
            "withdrawn": rows.filter(withdrawn=True)}.get(show, rows)
    rows = [{"entry": e, "badges": cats.badges(e.player)} for e in rows]
    summary = summary_of(tournament)
    filters = [("all", _("All")), ("unpaid", _("Not paid")), ("not_checked_in", _("Not checked in")),
               ("withdrawn", _("Withdrawn"))]
    checkin_form = CheckInForm()
    if params.get(request.GET, params.FOCUS) == CHECKIN:     # back from a plain post of the desk: type the next
        search.fields["q"].widget.attrs.pop("autofocus", None)
        checkin_form.fields["number"].widget.attrs["autofocus"] = True
    context = tournament_context(tournament, "entries", search=search, query=query, results=results, more=more,
                                 rows=rows, summary=summary, show=show, filters=filters,
                                 anyone_checked_in=summary["checked_in"] > 0, checkin_form=checkin_form,
                                 desk=desk(tournament, request.user))
    return render(request, "office/entries.html", context)


@direct
@require_POST
@idempotent
def entry_register(request, pk):
    tournament = tournament_or_404(pk)
    player = get_object_or_404(visible(Player.objects.all(), request.user), pk=request.POST.get("player") or 0)
    try:
        entry = registration_services.register(user=request.user, tournament=tournament, player=player)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
        return back(request, tournament)
    messages.success(request, _("%(player)s is registered with start number %(n)s.")
                     % {"player": player.full_name, "n": entry.start_number})
    return back(request, tournament)        # no #entry fragment: it would keep the search box from its autofocus


@direct
@idempotent
def player_create(request, pk):
    tournament = tournament_or_404(pk)
    if request.method == "POST":
        form = PlayerForm(request.POST, user=request.user)
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
                return redirect("director:entries", tournament.pk)      # the search box has the focus again
    else:
        form = PlayerForm(initial=name_guess(params.get(request.GET, params.SEARCH)), user=request.user)
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
@idempotent
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
@idempotent
def entry_edit(request, pk, entry_pk):
    tournament = tournament_or_404(pk)
    entries = Entry.objects.select_related("player", "team")
    entry = get_object_or_404(entries, pk=entry_pk, tournament=tournament)
    edited = entries.get(pk=entry.pk)       # the forms' copy: a refused save leaves the page's entry as stored
    entry_form = EntryForm(request.POST or None, instance=edited, prefix="entry")
    player_form = PlayerForm(request.POST or None, instance=edited.player, prefix="player", user=request.user)
    editable = may_edit_player(request.user, entry.player)
    if not editable:                        # his data belongs to tournaments this user does not direct
        for field in player_form.fields.values():
            field.disabled = True
    if request.method == "POST" and entry_form.is_valid() and player_form.is_valid():
        data, new_team = entry_form.service_data()
        try:
            saved = registration_services.update(entry=entry, user=request.user, data=data, new_team=new_team,
                                                 player_data=player_form.service_data())
        except PermissionDenied as err:         # another season's player: his own data is not this director's
            errors.to_form(player_form, err)
        except ValidationError as err:
            errors.to_form(entry_form, err)
        else:
            messages.success(request, _("Entry %(n)s saved.") % {"n": saved.start_number})
            return redirect(reverse("director:entries", args=[tournament.pk]) + f"#entry-{saved.pk}")
    others = entry.player.entries.exclude(pk=entry.pk).select_related("tournament").order_by("-tournament__date")
    known = [e for e in others if sees_tournament(request.user, e.tournament)]   # no name of a hidden tournament
    context = tournament_context(tournament, "entries", entry=entry, entry_form=entry_form, player_form=player_form,
                                 seated=entry.seats.exists() or entry.adjustments.exists(),
                                 other_tournaments=known[:10],
                                 hidden_tournaments=len(others) - len(known),
                                 player_editable=editable,
                                 player_goes_too=registration_services.player_goes_too(entry),
                                 badges=SeasonCategories(tournament.season).badges(entry.player))
    return render(request, "office/entry_form.html", context)


@direct
@require_POST
@idempotent
def entry_delete(request, pk, entry_pk):
    tournament = tournament_or_404(pk)
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_pk, tournament=tournament)
    try:
        player_too = registration_services.remove(entry=entry, user=request.user)
    except ValidationError as err:
        errors.to_messages(request, err)
        return redirect("director:entry_edit", tournament.pk, entry.pk)
    if player_too:
        messages.success(request, _("The entry of %(player)s (start number %(n)s) is removed, and with it the player "
                                    "record the import had created.")
                         % {"player": entry.player.full_name, "n": entry.start_number})
        return redirect("director:entries", tournament.pk)
    messages.success(request, _("The entry of %(player)s (start number %(n)s) is removed; the player stays in the "
                                "player list.") % {"player": entry.player.full_name, "n": entry.start_number})
    return redirect("director:entries", tournament.pk)


def wants_json(request):
    return "application/json" in request.headers.get("Accept", "")


@direct
@require_POST
@idempotent
def check_in(request, pk):
    """The check-in desk: POST ``number`` (``undo=1``: take that check-in back). Answers the page's script with
    JSON — the message, the entry's row as the list shows it (or that the filter hides it), the desk — and a plain
    form post with a message and the list, the desk focused."""
    tournament = tournament_or_404(pk)
    show = filter_of(request.POST)
    form = CheckInForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError({"number": form.errors["number"].as_data()})
        entry, changed = registration_services.check_in(tournament=tournament, user=request.user,
                                                         start_number=form.cleaned_data["number"],
                                                         present=request.POST.get("undo") != "1")
    except errors.ERRORS as err:
        if wants_json(request):
            return errors.json_error(err)
        errors.to_messages(request, err)
        return redirect(entries_url(tournament, show, CHECKIN))
    words = {"n": entry.start_number, "player": entry.player.full_name}
    if not entry.checked_in:
        text = _("No. %(n)s %(player)s: not present") % words
    elif changed:
        text = _("No. %(n)s %(player)s: present") % words
    else:
        text = _("No. %(n)s %(player)s was already present.") % words
    owed = money_selectors.account(entry).open if entry.checked_in else 0
    if owed:                            # the desk collects it: "Nr. 5 Eva Vogt: anwesend · 3,00 € offen"
        text += " · " + _("%(amount)s open") % {"amount": euros(owed)}
    if not wants_json(request):
        messages.add_message(request, messages.SUCCESS if changed else messages.INFO, text)
        return redirect(entries_url(tournament, show, CHECKIN))
    row = {"entry": entry, "badges": SeasonCategories(tournament.season).badges(entry.player)}
    context = {"tournament": tournament, "row": row, "show": show, "desk": desk(tournament, request.user),
               "summary": summary_of(tournament), "next_url": entries_url(tournament, show)}
    return JsonResponse({
        "ok": True, "message": text, "level": "success" if changed else "info", "number": entry.start_number,
        "checked_in": entry.checked_in, "row_id": f"entry-{entry.pk}", "shown": shown(show, entry),
        "row": render_to_string("office/_entry_row.html", context, request=request),
        "desk": render_to_string("office/_checkin_desk.html", context, request=request),
        "summary": render_to_string("office/_entries_summary.html", context, request=request)})


@direct
@require_POST
@idempotent
def check_in_all(request, pk):
    """Check in everybody not withdrawn (the page asks first); POST ``undo=<audit row id>`` takes such a check-in
    back. Back to the list with a message."""
    tournament = tournament_or_404(pk)
    undo = request.POST.get("undo") or ""
    try:
        if undo:
            log_id = int(undo) if is_plain_digits(undo) and len(undo) < 10 else 0
            row = registration_services.undo_check_in_all(tournament=tournament, user=request.user, log_id=log_id)
            n = len(row.new["start_numbers"])
            messages.success(request, ngettext("Undone: %(n)s player is not checked in any more.",
                                               "Undone: %(n)s players are not checked in any more.", n) % {"n": n})
        else:
            row = registration_services.check_in_all(tournament=tournament, user=request.user)
            n = len(row.new["start_numbers"]) if row else 0
            if n:
                messages.success(request, ngettext("%(n)s player checked in.", "%(n)s players checked in.", n)
                                 % {"n": n})
            else:
                messages.info(request, _("Everybody is checked in already."))
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    return redirect(entries_url(tournament, filter_of(request.POST), CHECKIN))


# -- online pre-registration ----------------------------------------------------------------------------------

@direct
def preregistrations(request, pk):
    """The requests: confirmed places first, then the waiting ones holding a place, then the waiting list; each
    undecided one with the namesakes to choose from (the likeliest first, preselected when of the same town)."""
    tournament = tournament_or_404(pk)
    places = prereg.places(tournament)
    for p in (*places.pending, *places.waiting_list):
        p.offered = prereg.offered_players(p)
    return render(request, "office/preregistrations.html", tournament_context(
        tournament, "entries", places=places, declined=prereg.declined(tournament), open=prereg.is_open(tournament)))


def prereg_or_404(tournament, prereg_pk):
    return get_object_or_404(PreRegistration, pk=prereg_pk, tournament=tournament)


@direct
@require_POST
@idempotent
def prereg_confirm(request, pk, prereg_pk):
    tournament = tournament_or_404(pk)
    wanted = prereg_or_404(tournament, prereg_pk)
    chosen = request.POST.get("player") or "new"
    player = get_object_or_404(Player, pk=chosen) if is_plain_digits(chosen) else None
    try:
        done = prereg.confirm(prereg=wanted, user=request.user, player=player)
    except ValidationError as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("%(player)s is registered with start number %(n)s.")
                         % {"player": done.entry.player.full_name, "n": done.entry.start_number})
    return redirect("director:preregistrations", tournament.pk)


@direct
@require_POST
@idempotent
def prereg_decline(request, pk, prereg_pk):
    tournament = tournament_or_404(pk)
    wanted = prereg_or_404(tournament, prereg_pk)
    try:
        prereg.decline(prereg=wanted, user=request.user)
    except ValidationError as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("The request of %(name)s is declined.") % {"name": wanted.full_name})
    return redirect("director:preregistrations", tournament.pk)

"""Director pages of entry at the table (docs/table-entry.md): the hall view of a round — every table a tile, the
tables that need the director first, refreshed every ``POLL_SECONDS`` (``office/hall.js`` asks for the tiles alone
with ``HX-Request``) —, marking a dispute or a call as dealt with, freeing a seat a phone holds, a table's new link,
and the round clock. The round page shows the links, the clock form and what keeps a round from being locked
(``round_extras``)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.draws import links
from tournament.games import kind_of
from tournament.idempotency import idempotent
from tournament.models import Round, SeatHold, Table, TableFlag
from tournament.office import errors
from tournament.office.access import allowed, direct, tournament_pk
from tournament.office.common import sheet_url, site_url, table_links, tournament_context, tournament_or_404
from tournament.office.forms.director import ClockForm
from tournament.staff import permissions
from tournament.table_entry import holds, selectors, services

POLL_SECONDS = 10
NOTE_MAX = 200          # the director's decision note on a dispute or a call (TableFlag.resolution)
PROBLEMS = {"unsigned": gettext_lazy("not signed by every seat"), "unconfirmed": gettext_lazy("unconfirmed games"),
            "flagged": gettext_lazy("open dispute or call")}


def clock_context(round_):
    """The round clock for a page: minutes set, seconds left (negative once over) and the time left as text."""
    clock = selectors.clock(round_)
    if clock is None:
        return None
    left = clock["seconds_left"]
    minutes, seconds = divmod(abs(left), 60)
    return {**clock, "over": left < 0, "text": f"{'−' if left < 0 else ''}{minutes}:{seconds:02d}"}


def round_extras(request, round_):
    """What the round page adds for entry at the table: each table's link (absolute URL, small QR code), the
    clock, and the tables that keep the round from being locked without a reason."""
    unsigned = []
    if round_.status != Round.Status.LOCKED:
        unsigned = [{"number": number, "problems": [PROBLEMS[r] for r in reasons]}
                    for number, reasons in selectors.unsigned_tables(round_)]
    return {"table_links": table_links(request, round_), "link_warning": links.link_warning(site_url(request)),
            "clock": clock_context(round_), "clock_form": ClockForm(),
            "unsigned": unsigned}


@allowed(permissions.ENTER, tournament_pk)
def hall(request, pk, number):
    """Every table of the round as a tile; with ``HX-Request`` only the live part (tiles and clock)."""
    tournament = tournament_or_404(pk)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    tiles = selectors.hall(round_)
    ziege = kind_of(tournament).teams
    for tile in tiles:
        tile["sheet_url"] = (reverse("director:ziege_table", args=[pk, number, tile["number"]]) if ziege
                             else sheet_url(tile["table"]))
    context = tournament_context(tournament, "round", number=number, round=round_, tiles=tiles,
                                 clock=clock_context(round_), poll_seconds=POLL_SECONDS,
                                 calls=sum(len(t["calls"]) for t in tiles),
                                 disputes=sum(len(t["disputes"]) for t in tiles),
                                 signed=sum(1 for t in tiles if t["done"]))
    response = render(request, "office/_hall_live.html" if request.htmx else "office/hall.html", context)
    response["Cache-Control"] = "no-store"
    return response


@allowed(permissions.ENTER, tournament_pk)
@require_POST
@idempotent
def hall_resolve(request, pk, number, flag_pk):
    """A dispute or a call is dealt with, with the director's decision (``note``, optional, in the log)."""
    flag = get_object_or_404(TableFlag.objects.select_related("table"), pk=flag_pk,
                             table__round__tournament_id=pk, table__round__number=number)
    note = request.POST.get("note", "")[:NOTE_MAX]
    try:
        services.resolve_flag(flag=flag, user=request.user, note=note)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("Table %(n)s: marked as done.") % {"n": flag.table.number})
    return redirect("director:hall", pk, number)


@allowed(permissions.ENTER, tournament_pk)
@require_POST
@idempotent
def hall_free_seat(request, pk, number, hold_pk):
    """Free a seat a phone holds (a broken phone, the wrong seat taken): the next phone acting for it takes it."""
    hold = get_object_or_404(SeatHold.objects.select_related("table"), pk=hold_pk,
                             table__round__tournament_id=pk, table__round__number=number)
    try:
        holds.free_seat(hold=hold, user=request.user)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("Table %(n)s: seat %(seat)s is free; the next phone that chooses it keeps it.")
                         % {"n": hold.table.number, "seat": hold.position + 1})
    return redirect("director:hall", pk, number)


@direct
@require_POST
@idempotent
def link_reissue(request, pk, number, table_number):
    """Revoke a table's link and issue a new one (a lost phone, a leaked link)."""
    table = get_object_or_404(Table, round__tournament_id=pk, round__number=number, number=table_number)
    try:
        links.reissue_link(table=table, user=request.user)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("Table %(n)s has a new link; the old one opens nothing any more. Print its "
                                    "table card again.") % {"n": table_number})
    return redirect(reverse("director:round", args=[pk, number]) + "#table-links")


@direct
@require_POST
@idempotent
def round_clock(request, pk, number):
    """Start, restart or stop the round clock."""
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    form = ClockForm(request.POST)
    if not form.is_valid():
        for problems in form.errors.values():
            for problem in problems:
                messages.error(request, problem)
    else:
        minutes = form.cleaned_data["minutes"] if form.cleaned_data["action"] == "start" else None
        try:
            services.set_clock(round_=round_, minutes=minutes, user=request.user)
        except errors.ERRORS as err:
            errors.to_messages(request, err)
        else:
            messages.success(request, _("The round clock runs: %(minutes)s minutes from now.") % {"minutes": minutes}
                             if minutes else _("The round clock is stopped."))
    if request.POST.get("back") == "hall":
        return redirect("director:hall", pk, number)
    return redirect(reverse("director:round", args=[pk, number]) + "#clock")

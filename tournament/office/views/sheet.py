"""Score-sheet entry for directors: one page per table and round that looks like the paper sheet.

Protocol (see docs/entry.md): the page posts one row at a time, as an ordinary form.

* ``preview`` runs the engine on the typed row and answers JSON (always 200): ``{"ok": true, "scores": …,
  "sheet": …}`` or ``{"ok": false, "errors": {input: [messages]}}``. It never saves.
* ``save`` stores the row through ``services.record_game``. With ``Accept: application/json`` it answers 200
  with the saved game, 400 with field errors, 409 with both versions of a conflict; without it (no JavaScript)
  it redirects back to the sheet or re-renders the sheet with the row as typed and its errors.
* ``delete`` removes a row (GET shows a confirmation page for the plain-form path).

Scores are never computed here: the engine computes them (preview) or the service does (save).
"""

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import ScoringError, score_game
from tournament.common import params
from tournament.common.i18n import engine_lang
from tournament.models import Game, Round, Table
from tournament.office import errors
from tournament.office.forms.sheet import GameRowForm, TotalsForm, ui_field
from tournament.office.views.access import allowed, round_tournament, table_tournament
from tournament.office.views.sheet_rows import (
    audit_rows,
    columns,
    conflict_context,
    game_payload,
    round_url,
    sheet_context,
    sheet_numbers,
)
from tournament.results import engine, selectors, services
from tournament.staff import permissions

ROW_INPUTS = ("contract", "declarer", "result", "penalty", "calls", "reason")


def enter(view):
    """Results of the table's tournament: its entry helpers, directors, the season's organisers, superusers."""
    return allowed(permissions.ENTER, table_tournament)(view)


def posted_reason(request):
    """The correction reason as posted, without NUL bytes (PostgreSQL refuses them in text), at most 200 chars."""
    return request.POST.get("reason", "").replace("\x00", "")[:200]


def wants_json(request):
    return "application/json" in request.headers.get("Accept", "")


def get_table(pk):
    return get_object_or_404(Table.objects.select_related("round__tournament"), pk=pk)


def sheet_url(table, row=None):
    url = reverse("entry:sheet", args=[table.pk])
    return f"{url}?{params.GAME}={row}#g{row}" if row else url


def typed_values(post, size):
    """The row as the user typed it, to show it again after a rejection (nothing typed is lost)."""
    names = [*ROW_INPUTS, *(f"rp_{s}" for s in range(size)), *(f"rt_{s}" for s in range(size))]
    return {name: post.get(name, "")[:40] for name in names}


def service_errors(err, form):
    """A service's (or the engine's) error keyed by the sheet's inputs."""
    return errors.by_field(err, rename=lambda field: ui_field(field, form.kind, form.first_playing_seat()))


def stores(game, data):
    """Whether ``game`` already holds exactly the entered ``data``."""
    return all(getattr(game, k) == ((data.get(k) or 0) if k == "calls" else data.get(k)) for k in engine.GAME_FIELDS)


def zero_sum(table):
    return engine.ruleset_for(table.round.tournament).writing == "zero_sum"


def audit_html(request, table):
    return render_to_string("office/sheet/_audit.html", {"audit": audit_rows(table)}, request)


def render_sheet(request, table, pending=None, status=200):
    return render(request, "office/sheet/sheet.html", sheet_context(table, pending=pending), status=status)


@enter
@require_GET
def sheet(request, pk):
    table = get_table(pk)
    row = params.get(request.GET, params.GAME)
    context = sheet_context(table)
    if row.isdecimal() and 1 <= int(row) <= table.games_planned:
        context["autofocus"] = int(row)
    return render(request, "office/sheet/sheet.html", context)


@enter
@require_POST
def preview(request, pk):
    """Score the typed row with the engine, save nothing. Always 200; ``ok`` tells whether it scored."""
    table = get_table(pk)
    form = GameRowForm(request.POST, table=table, ruleset=engine.ruleset_for(table.round.tournament))
    if not form.is_valid() or form.game_data is None:
        return JsonResponse({"ok": False, "number": form.cleaned_data.get("number"), "errors": form.ui_errors()})
    if selectors.table_totals(table):
        return JsonResponse({"ok": False, "number": form.game_number, "errors": {"__all__": [
            _("This table was entered as totals only.")]}})
    try:
        result = score_game(engine.engine_game(table, form.game_number, form.game_data), engine_lang())
    except ScoringError as err:
        return JsonResponse({"ok": False, "number": form.game_number,
                             "errors": service_errors(engine.engine_error(err), form)})
    return JsonResponse({"ok": True, "number": form.game_number, "scores": result["scores"],
                         "explanation": result["explanation"],
                         "sheet": sheet_numbers(table, zero_sum(table), replace=(form.game_number, result["scores"]))})


@enter
@require_POST
def save(request, pk):
    table = get_table(pk)
    form = GameRowForm(request.POST, table=table, ruleset=engine.ruleset_for(table.round.tournament))
    if not form.is_valid():
        return rejected(request, table, form, form.ui_errors())
    try:
        game = services.record_game(table=table, number=form.game_number, data=form.game_data, user=request.user,
                                    expected_version=form.expected_version, reason=form.cleaned_data["reason"])
    except services.ConflictError as err:
        if err.current is None or not stores(err.current, form.game_data):
            return conflict(request, table, form, err)
        game = err.current      # the same row posted again after it was stored: stored once
    except errors.ERRORS as err:
        return rejected(request, table, form, service_errors(err, form), status=errors.status_of(err))
    if wants_json(request):
        return JsonResponse({"ok": True, "game": game_payload(game, engine_lang()),
                             "sheet": sheet_numbers(table, zero_sum(table)), "audit_html": audit_html(request, table)})
    messages.success(request, _("Game %(number)s saved.") % {"number": game.number})
    return redirect(sheet_url(table, min(game.number + 1, table.games_planned)))


def rejected(request, table, form, found, status=400):
    number = form.cleaned_data.get("number") if hasattr(form, "cleaned_data") else None
    if wants_json(request):
        return JsonResponse({"ok": False, "number": number, "errors": found}, status=status)
    if not number or number > table.games_planned:
        for messages_ in found.values():
            for message in messages_:
                messages.error(request, message)
        return render_sheet(request, table, status=status)
    pending = {"number": number, "values": typed_values(request.POST, table.size), "errors": found}
    return render_sheet(request, table, pending, status=status)


def conflict(request, table, form, err):
    data = conflict_context(err, form.game_number, form.game_data, form.expected_version, engine_lang())
    data["submitted"] = typed_values(request.POST, table.size)
    if wants_json(request):
        _lead, colspan = columns(table, engine.ruleset_for(table.round.tournament))
        html = render_to_string("office/sheet/_conflict.html", {"table": table, "colspan": colspan, "conflict": data},
                                request)
        return JsonResponse({"ok": False, "number": form.game_number, "conflict": data, "conflict_html": html,
                             "sheet": sheet_numbers(table, zero_sum(table))}, status=409)
    pending = {"number": form.game_number, "values": data["submitted"], "errors": {}, "conflict": data}
    return render_sheet(request, table, pending, status=409)


@enter
@require_http_methods(["GET", "POST"])
def delete(request, pk):
    """Delete one row. GET: a confirmation page (the page script asks with a dialog instead)."""
    table = get_table(pk)
    raw = request.POST.get("number") if request.method == "POST" else params.get(request.GET, params.GAME)
    number = int(raw) if raw and raw.isdecimal() and len(raw) < 4 else None
    game = Game.objects.filter(table=table, number=number).first() if number else None
    if request.method == "GET":
        if game is None:
            return redirect(sheet_url(table))
        return render(request, "office/sheet/delete.html", {"table": table, "round": table.round, "game": game,
                                                     "locked": table.round.status == Round.Status.LOCKED})
    version = request.POST.get("version", "")
    version = int(version) if version.isdecimal() and len(version) < 10 else None
    reason = posted_reason(request)
    refused, conflict_data, status = None, None, 200
    if game is not None:
        try:
            services.delete_game(game=game, user=request.user, expected_version=version, reason=reason)
        except services.ConflictError as err:
            conflict_data, status = conflict_context(err, number, None, version, engine_lang()), 409
        except errors.ERRORS as err:
            refused, status = errors.by_field(err), errors.status_of(err)
    if wants_json(request):
        if status != 200:
            return JsonResponse({"ok": False, "number": number, "errors": refused or {},
                                 "conflict": conflict_data}, status=status)
        return JsonResponse({"ok": True, "deleted": number, "sheet": sheet_numbers(table, zero_sum(table)),
                             "audit_html": audit_html(request, table)})
    if status != 200:
        return render(request, "office/sheet/delete.html", {
            "table": table, "round": table.round, "game": game, "errors": refused, "conflict": conflict_data,
            "locked": table.round.status == Round.Status.LOCKED, "reason": reason}, status=status)
    if number:
        messages.success(request, _("Game %(number)s deleted.") % {"number": number})
    return redirect(sheet_url(table, number))


@allowed(permissions.ENTER, round_tournament)
@require_GET
def goto(request, round_pk):
    """The "go to table" box: table number → that table's sheet in the same round."""
    round_ = get_object_or_404(Round, pk=round_pk)
    raw = params.get(request.GET, params.TABLE).strip()
    table = Table.objects.filter(round=round_, number=int(raw)).first() if raw.isdecimal() and len(raw) < 5 else None
    if table is not None:
        return redirect(sheet_url(table))
    messages.error(request, _("There is no table “%(number)s” in this round.") % {"number": raw[:10]})
    back = params.get(request.GET, params.FROM)
    origin = Table.objects.filter(round=round_, pk=int(back)).first() if back.isdecimal() and len(back) < 12 else None
    origin = origin or round_.tables.order_by("number").first()
    if origin is None:
        return redirect(round_url(round_) or "/")
    return redirect(sheet_url(origin))


@enter
@require_http_methods(["GET", "POST"])
def totals(request, pk):
    """Totals-only entry: the sums at the foot of a paper sheet, one per seat, checked to sum to zero."""
    table = get_table(pk)
    seats = selectors.seats_of(table)
    games_entered = table.games.count()
    current = selectors.table_totals(table)
    initial = {f"seat_{pos}": value for pos, value in current.items()}
    form = TotalsForm(request.POST if request.method == "POST" else None, seats=seats, initial=initial)
    status = 200
    if request.method == "POST" and "delete" in request.POST:
        return delete_totals(request, table)
    if request.method == "POST":
        status = 400
        if games_entered:
            form.add_error(None, _("Games are already entered at this table; totals only is not possible."))
        elif form.is_valid():
            try:
                services.record_totals(table=table, totals=form.totals(), user=request.user,
                                       reason=form.cleaned_data["reason"])
            except errors.ERRORS as err:
                errors.to_form(form, err)
                status = errors.status_of(err)
            else:
                messages.success(request, _("Totals of table %(number)s saved.") % {"number": table.number})
                return redirect(sheet_url(table))
    return render(request, "office/sheet/totals.html", {
        "table": table, "round": table.round, "tournament": table.round.tournament, "form": form,
        "games_entered": games_entered, "has_totals": bool(current), "round_url": round_url(table.round),
        "locked": table.round.status == Round.Status.LOCKED, "zero_sum": zero_sum(table),
    }, status=status)


def delete_totals(request, table):
    """The totals page's "delete the totals" button: back to an empty sheet (a reason in a locked round)."""
    reason = posted_reason(request)
    try:
        services.delete_totals(table=table, user=request.user, reason=reason)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
        return redirect(reverse("entry:totals", args=[table.pk]))
    messages.success(request, _("The totals of table %(number)s are deleted.") % {"number": table.number})
    return redirect(sheet_url(table))

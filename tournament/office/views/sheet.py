"""Score-sheet entry for directors: one page per table and round that looks like the paper sheet.

Protocol (see docs/entry.md): the page posts one row at a time, as an ordinary form; the server renders every
row, number and message, the page script only sends rows and swaps in what comes back.

* Requests of the page script carry ``HX-Request: true`` (django-htmx's ``request.htmx``). They are answered
  with a partial (``_partial.html``): the row's group of table rows, the running totals of the rows after it,
  the footer, the counters and the status line, each to be swapped by its id; after a write also the change log.
* ``preview`` renders the typed row as the engine scores it (always 200). It never saves.
* ``save`` stores the row through ``services.record_game``: 200 with the stored row, 400 with the row as typed
  and its errors, 409 with both versions of a conflict. Without JavaScript it redirects back to the sheet or
  re-renders the sheet; with ``Accept: application/json`` (scripts, the load test) it answers JSON.
* ``delete`` removes a row (GET shows a confirmation page for the plain-form path); ``row`` renders one stored
  row (the conflict box's "take the saved version").

Scores are never computed here: the engine computes them (preview) or the service does (save).
"""

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import ScoringError, score_game
from tournament.common import params
from tournament.common.i18n import engine_lang
from tournament.common.numbers import is_plain_digits
from tournament.draws.selectors import labelled
from tournament.games import kind_of
from tournament.idempotency import by_version, idempotent
from tournament.models import Game, Round, Table
from tournament.office import errors
from tournament.office.access import allowed, enter, round_tournament
from tournament.office.views import offiziers
from tournament.office.views.sheet_rows import (
    audit_rows,
    conflict_context,
    game_payload,
    get_table,
    grid_context,
    round_url,
    sheet_context,
    sheet_url,
)
from tournament.results import engine, selectors, services
from tournament.results.rows import GameRowForm, TotalsForm, row_values, ui_field
from tournament.staff import permissions

ROW_INPUTS = ("contract", "declarer", "result", "penalty", "calls", "played_with", "ouverte", "reason")
PARTIAL = "office/sheet/_partial.html"
# The sheet page of a table whose kind lays its sheet out other than a row per game with every seat ("seats"), by
# ``GameKind.sheet_layout`` (a Ziege table has its own page, ``office.ziege``): the office's half of the registry.
PAGES = {"pair": offiziers.sheet}


def posted_reason(request):
    """The correction reason as posted, without NUL bytes (PostgreSQL refuses them in text), at most 200 chars."""
    return request.POST.get("reason", "").replace("\x00", "")[:200]


def posted_version(request):
    """The version the posted row was edited from, as the row's hidden input shows it ("" for a new row)."""
    version = request.POST.get("version", "")
    return version if is_plain_digits(version) and len(version) < 10 else ""


def wants_json(request):
    return "application/json" in request.headers.get("Accept", "")


def typed_values(post, size):
    """The row as the user typed it, to show it again after a rejection (nothing typed is lost)."""
    names = [*ROW_INPUTS, *(f"rp_{s}" for s in range(size)), *(f"rt_{s}" for s in range(size))]
    return {name: post.get(name, "")[:40] for name in names}


def typed_only(errors, post):
    """A preview shows only errors of inputs that hold something (no "card points required" before you got there)."""
    return {field: msgs for field, msgs in errors.items() if field not in ("__all__", "number", "version")
            and post.get(field, "").strip()}


def service_errors(err, form):
    """A service's (or the engine's) error keyed by the sheet's inputs."""
    return errors.by_field(err, rename=lambda field: ui_field(field, form.kind, form.first_playing_seat()))


def zero_sum(table):
    return engine.ruleset_for(table.round.tournament).writing == "zero_sum"


def render_sheet(request, table, pending=None, status=200):
    return render(request, "office/sheet/sheet.html", sheet_context(table, pending=pending), status=status)


def partial(request, table, number, *, pending=None, status=200, audit=False, status_text=""):
    """The page script's answer about row ``number``: its row group (as stored, or as typed with ``pending``),
    the running totals of the rows after it, the footer, the counters, the status line; after a write the
    change log. The script swaps each element in by its id."""
    context = grid_context(table, pending=pending)
    context.update({"row": context["rows"][number - 1], "later": context["rows"][number:],
                    "status_text": status_text, "audit": audit_rows(table) if audit else None})
    return render(request, PARTIAL, context, status=status)


def status_only(request, errors, status):
    """A partial for a post that names no row of this table: the messages in the status line."""
    text = " ".join(message for messages_ in errors.values() for message in messages_)
    return render(request, PARTIAL, {"row": None, "status_text": text}, status=status)


@enter
@require_GET
def sheet(request, pk):
    table = get_table(pk)
    page = PAGES.get(kind_of(table.round.tournament).sheet_layout)
    if page is not None:
        return page(request, table)
    row = params.get(request.GET, params.GAME)
    context = sheet_context(table)
    if is_plain_digits(row) and 1 <= int(row) <= table.games_planned:
        context["autofocus"] = int(row)
    return render(request, "office/sheet/sheet.html", context)


@enter
@require_GET
def row(request, pk):
    """One row as stored, with the numbers of the sheet (the conflict box's "take the saved version")."""
    table = get_table(pk)
    raw = params.get(request.GET, params.GAME)
    number = int(raw) if is_plain_digits(raw) and len(raw) < 4 else 0
    if not 1 <= number <= table.games_planned:
        raise Http404
    if not request.htmx:
        return redirect(sheet_url(table, number))
    return partial(request, table, number, audit=True)


@enter
@require_POST
def preview(request, pk):
    """The typed row as the engine scores it, with the sheet as it would be; saves nothing. Always 200."""
    table = get_table(pk)
    form = GameRowForm(request.POST, table=table, ruleset=engine.ruleset_for(table.round.tournament))
    valid = form.is_valid()
    number = form.cleaned_data.get("number")
    if not number or number > table.games_planned:
        return status_only(request, {}, 200)                # no row to show
    values = typed_values(request.POST, table.size)
    game = Game.objects.filter(table=table, number=number).first()
    pending = {"number": number, "version": posted_version(request), "values": values, "state": "dirty",
               "errors": {}}
    status_text = ""
    if selectors.table_totals(table):
        pending["errors"] = {"__all__": [_("This table was entered as totals only.")]}
    elif not valid or form.game_data is None:
        pending["errors"] = typed_only(form.ui_errors(), request.POST)
        if game is None and not any(v.strip() for v in values.values()):
            pending["state"] = ""                            # typed back to an empty row
    elif game is not None and form.expected_version == game.version and engine.stores(game, form.game_data):
        pending["state"], status_text = "saved", game.explanation     # typed back to the stored row
    else:
        lang = engine_lang()
        try:
            result = score_game(engine.engine_game(table, number, form.game_data), lang)
        except ScoringError as err:
            pending["errors"] = typed_only(service_errors(engine.engine_error(err), form), request.POST)
        else:
            pending["scores"], status_text = result["scores"], result["explanation"]
    return partial(request, table, number, pending=pending, status_text=status_text)


@enter
@require_POST
@by_version
def save(request, pk):
    table = get_table(pk)
    form = GameRowForm(request.POST, table=table, ruleset=engine.ruleset_for(table.round.tournament))
    if not form.is_valid():
        return rejected(request, table, form, form.ui_errors())
    try:
        game = services.record_game(table=table, number=form.game_number, data=form.game_data, user=request.user,
                                    expected_version=form.expected_version, reason=form.cleaned_data["reason"])
    except services.ConflictError as err:
        if err.current is None or not engine.stores(err.current, form.game_data):
            return conflict(request, table, form, err)
        game = err.current      # the same row posted again after it was stored: stored once
    except errors.ERRORS as err:
        return rejected(request, table, form, service_errors(err, form), status=errors.status_of(err))
    if wants_json(request):
        return JsonResponse({"ok": True, "game": game_payload(game, engine_lang())})
    if request.htmx:
        return partial(request, table, game.number, audit=True, status_text=game.explanation)
    messages.success(request, _("Game %(number)s saved.") % {"number": game.number})
    return redirect(sheet_url(table, min(game.number + 1, table.games_planned)))


def rejected(request, table, form, found, status=400):
    number = form.cleaned_data.get("number") if hasattr(form, "cleaned_data") else None
    if wants_json(request):
        return JsonResponse({"ok": False, "number": number, "errors": found}, status=status)
    if not number or number > table.games_planned:
        if request.htmx:
            return status_only(request, found, status)
        for messages_ in found.values():
            for message in messages_:
                messages.error(request, message)
        return render_sheet(request, table, status=status)
    pending = {"number": number, "version": posted_version(request), "values": typed_values(request.POST, table.size),
               "errors": found, "state": "error"}
    if request.htmx:
        return partial(request, table, number, pending=pending, status=status)
    return render_sheet(request, table, pending, status=status)


def conflict(request, table, form, err):
    data = conflict_context(err, form.game_number, form.game_data, form.expected_version, engine_lang())
    data["submitted"] = typed_values(request.POST, table.size)
    if wants_json(request):
        return JsonResponse({"ok": False, "number": form.game_number, "conflict": data}, status=409)
    pending = {"number": form.game_number, "version": posted_version(request), "values": data["submitted"],
               "errors": {}, "conflict": data, "state": "error"}
    if request.htmx:
        return partial(request, table, form.game_number, pending=pending, status=409)
    return render_sheet(request, table, pending, status=409)


@enter
@require_http_methods(["GET", "POST"])
@by_version
def delete(request, pk):
    """Delete one row. GET: a confirmation page (the page script asks with a dialog instead)."""
    table = get_table(pk)
    raw = request.POST.get("number") if request.method == "POST" else params.get(request.GET, params.GAME)
    number = int(raw) if raw and is_plain_digits(raw) and len(raw) < 4 else None
    game = Game.objects.filter(table=table, number=number).first() if number else None
    if request.method == "GET":
        if game is None:
            return redirect(sheet_url(table))
        return render(request, "office/sheet/delete.html", {"table": table, "round": table.round, "game": game,
                                                     "locked": table.round.status == Round.Status.LOCKED})
    version = request.POST.get("version", "")
    version = int(version) if is_plain_digits(version) and len(version) < 10 else None
    reason = posted_reason(request)
    refused, conflict_data, status = None, None, 200
    if game is not None:
        try:
            services.delete_game(game=game, user=request.user, expected_version=version, reason=reason,
                                 require_version=True)
        except services.ConflictError as err:
            conflict_data, status = conflict_context(err, number, None, version, engine_lang()), 409
        except errors.ERRORS as err:
            refused, status = errors.by_field(err), errors.status_of(err)
    if wants_json(request):
        if status != 200:
            return JsonResponse({"ok": False, "number": number, "errors": refused or {},
                                 "conflict": conflict_data}, status=status)
        return JsonResponse({"ok": True, "deleted": number})
    if request.htmx:
        return deleted_partial(request, table, number, game, refused, conflict_data, status)
    if status != 200:
        return render(request, "office/sheet/delete.html", {
            "table": table, "round": table.round, "game": game, "errors": refused, "conflict": conflict_data,
            "locked": table.round.status == Round.Status.LOCKED, "reason": reason}, status=status)
    if number:
        messages.success(request, _("Game %(number)s deleted.") % {"number": number})
    return redirect(sheet_url(table, number))


def deleted_partial(request, table, number, game, refused, conflict_data, status):
    """The page script's answer to a delete: the emptied row, or the row as it is with why it was not deleted."""
    if not number or number > table.games_planned:
        return status_only(request, {}, 400)               # names no row of this table
    if status == 200:
        return partial(request, table, number, audit=True)
    flat = [message for messages_ in (refused or {}).values() for message in messages_]
    if conflict_data:
        flat.append(conflict_data["message"])
    game = Game.objects.filter(table=table, number=number).first()
    pending = {"number": number, "version": posted_version(request),
               "values": row_values(game, table.size) if game else {}, "errors": {"__all__": flat},
               "state": "saved" if game else ""}
    return partial(request, table, number, pending=pending, status=status)


@allowed(permissions.ENTER, round_tournament)
@require_GET
def goto(request, round_pk):
    """The "go to table" box: table number → that table's sheet in the same round."""
    round_ = get_object_or_404(Round, pk=round_pk)
    raw = params.get(request.GET, params.TABLE).strip()
    table = (Table.objects.filter(round=round_, number=int(raw)).first()
             if is_plain_digits(raw) and len(raw) < 5 else None)
    if table is not None:
        return redirect(sheet_url(table))
    messages.error(request, _("There is no table “%(number)s” in this round.") % {"number": raw[:10]})
    back = params.get(request.GET, params.FROM)
    origin = (Table.objects.filter(round=round_, pk=int(back)).first()
              if is_plain_digits(back) and len(back) < 12 else None)
    origin = origin or round_.tables.order_by("number").first()
    if origin is None:
        return redirect(round_url(round_) or "/")
    return redirect(sheet_url(origin))


@enter
@require_http_methods(["GET", "POST"])
@idempotent
def totals(request, pk):
    """Totals-only entry: the sums at the foot of a paper sheet, one per seat, checked to sum to zero."""
    table = get_table(pk)
    seats = labelled(selectors.seats_of(table))
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

"""The office's sheet of an Offiziers-Cego table (two seats, seat 1's card points: the "pair" layout of
``tournament.games``): the games, both seats' points, running totals and one form. The form and the write are the
kind's ``game_form`` and ``record_game`` (``results.offiziers``, ``results.services``)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournament.common import params
from tournament.draws.selectors import labelled
from tournament.games import kind_of
from tournament.idempotency import idempotent
from tournament.office import errors
from tournament.office.access import enter
from tournament.office.views.sheet_rows import get_table, round_url, sheet_url
from tournament.results import offiziers, selectors

LAYOUT = "pair"


def page(request, table, form, status=200):
    """The sheet of a table of two with ``form`` (blank, or as posted with its errors)."""
    context = {"table": table, "round": table.round, "tournament": table.round.tournament, "form": form,
               "seats": labelled(selectors.seats_of(table)), "round_url": round_url(table.round),
               "sheet": offiziers.sheet_rows(table)}
    return render(request, "office/sheet/offiziers.html", context, status=status)


def sheet(request, table):
    """The entry page of ``table`` (``office.views.sheet.sheet`` hands it over), the form at ``?game=``."""
    initial = offiziers.initial(table, params.get(request.GET, params.GAME))
    return page(request, table, kind_of(table.round.tournament).hook("game_form")(table=table, initial=initial))


@enter
@require_POST
@idempotent
def save(request, pk):
    """Store one game of a table of two through the kind's ``record_game`` (a correction names its version)."""
    table = get_table(pk)
    kind = kind_of(table.round.tournament)
    if kind.sheet_layout != LAYOUT:
        raise Http404
    form = kind.hook("game_form")(request.POST, table=table)
    if form.is_valid():
        try:
            game = kind.hook("record_game")(table=table, number=form.cleaned_data["number"],
                                            data=form.data_for_service(), user=request.user,
                                            expected_version=form.cleaned_data["version"],
                                            reason=form.cleaned_data["reason"])
        except errors.ERRORS as err:
            errors.to_form(form, err)
        else:
            messages.success(request, game.explanation)
            return redirect(sheet_url(table))
    return page(request, table, form, status=400)

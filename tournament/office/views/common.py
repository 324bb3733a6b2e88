"""What every director page shares: the tournament header, error messages from services (access: ``access``)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404
from django.urls import reverse

from tournament.models import Round, Tournament


def tournament_or_404(pk):
    return get_object_or_404(Tournament.objects.select_related("season"), pk=pk)


def round_links(tournament):
    """Every round of the tournament (drawn or not) with its status, for the tab bar and the overview."""
    drawn = {r.number: r for r in Round.objects.filter(tournament=tournament)}
    return [{"number": n, "round": drawn.get(n)} for n in range(1, tournament.round_count + 1)]


def tournament_context(tournament, tab, **extra):
    """Context of a page below a tournament: the tournament, its season, the active tab, the round tabs."""
    return {"tournament": tournament, "season": tournament.season, "tab": tab, "round_tabs": round_links(tournament),
            **extra}


def error_messages(err):
    """The human messages of a ``ValidationError`` (plain, list or dict)."""
    if hasattr(err, "error_dict"):
        return [m for errors in err.message_dict.values() for m in errors]
    return list(err.messages)


def message_error(request, err):
    for text in error_messages(err):
        messages.error(request, text)


def apply_error(form, err):
    """Put a service's ``ValidationError`` on the form (on its field where the form has one)."""
    if hasattr(err, "error_dict"):
        for name, errors in err.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, err)


def sheet_url(table):
    """The score sheet of a table."""
    return reverse("entry:sheet", args=[table.pk])


__all__ = ["ValidationError", "apply_error", "error_messages", "message_error", "round_links",
           "sheet_url", "tournament_context", "tournament_or_404"]

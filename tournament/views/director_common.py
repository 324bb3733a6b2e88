"""What every director page shares: staff-only access, the tournament header, error messages from services."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse

from tournament.models import Round, Tournament


def director_required(view):
    """Log in first (anonymous users go to the login page); then staff only (others get 403)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_staff:
            return render(request, "director/forbidden.html", status=403)
        return view(request, *args, **kwargs)

    return login_required(wrapped)


def tournament_or_404(pk):
    return get_object_or_404(Tournament.objects.select_related("season"), pk=pk)


def round_links(tournament):
    """Every round of the tournament (drawn or not) with its status, for the tab bar and the overview."""
    drawn = {r.number: r for r in Round.objects.filter(tournament=tournament)}
    return [{"number": n, "round": drawn.get(n)} for n in range(1, tournament.rounds + 1)]


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
    """The score sheet of a table (another area of the app); None while that area is not installed."""
    try:
        return reverse("entry:sheet", args=[table.pk])
    except NoReverseMatch:
        return None


__all__ = ["ValidationError", "apply_error", "director_required", "error_messages", "message_error", "round_links",
           "sheet_url", "tournament_context", "tournament_or_404"]

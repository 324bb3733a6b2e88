"""View guards: log in first, then the capability on the object the URL names (``tournament.staff.permissions``).

``allowed(capability, target)`` wraps a view: anonymous users go to the login page; a user without the capability
on ``target(**url_kwargs)`` gets the 403 page (for GET and POST alike, so a forged POST changes nothing). The
capabilities the user has on the page's tournament are put on ``request.cego_caps`` for the templates, which show
only the links and buttons the user may use.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, render

from tournament.models import Round, Season, Table, Tournament
from tournament.staff import permissions


def forbidden(request):
    return render(request, "office/forbidden.html", status=403)


def allowed(capability, target=None):
    """Guard a view with ``capability`` on ``target(**kwargs)``; no target: any office role (or ADMINISTER)."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            user = request.user
            if not user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            obj = target(**kwargs) if target else None
            ok = permissions.can(user, capability, obj) if capability else permissions.has_office(user)
            if not ok:
                return forbidden(request)
            tournament = obj if isinstance(obj, Tournament) else None
            request.cego_caps = permissions.tournament_capabilities(user, tournament) if tournament else {
                permissions.ADMINISTER: permissions.can(user, permissions.ADMINISTER)}
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def office(view):
    """Any user with a role (or a superuser); the page itself shows only what the user may see."""
    return allowed(None)(view)


# Targets: the object a URL names, from its keyword arguments (404 when it does not exist).

def tournament_pk(pk, **_kwargs):
    return get_object_or_404(Tournament.objects.select_related("season"), pk=pk)


def season_pk(pk, **_kwargs):
    return get_object_or_404(Season, pk=pk)


def season_of_new_tournament(season_pk, **_kwargs):
    return get_object_or_404(Season, pk=season_pk)


def table_tournament(pk, **_kwargs):
    return get_object_or_404(Table.objects.select_related("round__tournament__season"), pk=pk).round.tournament


def round_tournament(round_pk, **_kwargs):
    return get_object_or_404(Round.objects.select_related("tournament__season"), pk=round_pk).tournament


def enter(view):
    """Results of the table's tournament: its entry helpers, directors, the season's organisers, superusers."""
    return allowed(permissions.ENTER, table_tournament)(view)


def direct(view):
    """Tournament director pages (URL ``pk`` is the tournament)."""
    return allowed(permissions.DIRECT, tournament_pk)(view)


def organise(view):
    """Season organiser pages (URL ``pk`` is the season)."""
    return allowed(permissions.ORGANISE, season_pk)(view)

"""Director pages of a tournament's visibility and end (docs/director.md, "Published when it should be" and "The end
of the day"): the one-click *publish* of the banner every office page of an unpublished tournament shows, and
*finish the tournament* once every round is locked."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.common.idempotency import idempotent
from tournament.office import errors
from tournament.office.views.access import direct
from tournament.office.views.common import tournament_or_404
from tournament.seasons import services as seasons


def _back(request, tournament):
    """Back to the page the button was on (a local path only), else the tournament's overview."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                                  require_https=request.is_secure()):
        return redirect(target)
    return redirect("director:tournament", tournament.pk)


@direct
@require_POST
@idempotent
def publish(request, pk):
    """Make the tournament visible to players (``published=1``) or hide it again (``published=0``)."""
    tournament = tournament_or_404(pk)
    visible = request.POST.get("published", "1") != "0"
    try:
        seasons.publish_tournament(tournament=tournament, user=request.user, published=visible)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("Published: players see the tournament, the seat lookup and the standings.")
                         if visible else _("Hidden: players no longer see the tournament."))
    return _back(request, tournament)


@direct
@require_POST
@idempotent
def finish(request, pk):
    """The tournament is over: finished, its standings final on every page and paper."""
    tournament = tournament_or_404(pk)
    try:
        tournament = seasons.finish_tournament(tournament=tournament, user=request.user)
    except errors.ERRORS as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("The tournament is finished: the standings are final on every page and "
                                    "paper."))
    return redirect("director:tournament", tournament.pk)

"""Online pre-registration (docs/director.md, "Pre-registration"): a player asks for a place on the public page
(``submit``, no account, refused politely when the tournament is closed or he has asked already); the director
confirms a request into an entry through ``services.register`` — with an existing player or a new one — or
declines it (``confirm``, ``decline``, audited as ``AuditLog.Kind.PREREG``); the existing players offered are the
namesakes of ``selectors.namesakes`` and no others (``offered_players``). ``places`` reads the list.

Places are computed, not stored: with a capacity *n*, the confirmed requests and the earliest waiting ones hold
the *n* places, in the order they arrived (``position``); the others are the waiting list. So when a confirmed
request is declined later (its entry is removed), the first one of the waiting list moves up into a place
without anybody moving him; the director still confirms him.
"""

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournament.audit.log import audit
from tournament.common import names
from tournament.models import AuditLog, PreRegistration, Team, Tournament
from tournament.models.locks import lock_tournament
from tournament.registration import services
from tournament.registration.selectors import namesakes
from tournament.staff import permissions

Status = PreRegistration.Status


@dataclass
class Places:
    """The requests of a tournament: ``confirmed`` and ``pending`` (waiting, inside the capacity) hold places,
    ``waiting_list`` is beyond it, in order; ``free`` is None without a capacity."""
    capacity: int | None
    confirmed: list = field(default_factory=list)
    pending: list = field(default_factory=list)
    waiting_list: list = field(default_factory=list)

    @property
    def free(self):
        if self.capacity is None:
            return None
        return max(0, self.capacity - len(self.confirmed) - len(self.pending))

    def waiting_number(self, prereg):
        """1 for the first one of the waiting list, …; None for a request that holds a place."""
        ids = [p.pk for p in self.waiting_list]
        return ids.index(prereg.pk) + 1 if prereg.pk in ids else None


def places(tournament):
    rows = list(PreRegistration.objects.filter(tournament=tournament).exclude(status=Status.DECLINED)
                .select_related("entry").order_by("position"))
    result = Places(capacity=tournament.prereg_capacity)
    result.confirmed = [p for p in rows if p.status == Status.CONFIRMED]
    waiting = [p for p in rows if p.status == Status.WAITING]
    room = len(waiting) if result.capacity is None else max(0, result.capacity - len(result.confirmed))
    result.pending, result.waiting_list = waiting[:room], waiting[room:]
    for number, prereg in enumerate(result.waiting_list, start=1):
        prereg.waiting_number = number
    return result


def declined(tournament):
    return list(PreRegistration.objects.filter(tournament=tournament, status=Status.DECLINED).order_by("position"))


def is_open(tournament):
    return tournament.published and tournament.prereg_open


def _same_person(first_name, last_name, town, first, last, their_town):
    return (names.same_person(first_name, last_name, first, last)
            and names.similar(names.match_key(town), names.match_key(their_town)))


def already_there(tournament, first_name, last_name, town):
    """Whether this person has asked already (a request not declined) or is registered (``names.same_person`` and
    the same town, folded)."""
    asked = (PreRegistration.objects.filter(tournament=tournament).exclude(status=Status.DECLINED)
             .values_list("first_name", "last_name", "town"))
    entered = tournament.entries.values_list("player__first_name", "player__last_name", "player__town")
    return any(_same_person(first_name, last_name, town, *row) for row in [*asked, *entered])


@transaction.atomic
def submit(*, tournament, first_name, last_name, town, team_name="", email=""):
    """A player's request from the public page (no user). Refused with a ``ValidationError``: pre-registration
    closed (``prereg_closed``), the same person again (``prereg_duplicate``). Returns the request; where it stands
    is ``places(tournament)``."""
    lock_tournament(tournament.pk)
    tournament = Tournament.objects.get(pk=tournament.pk)
    if not is_open(tournament):
        raise ValidationError(_("Pre-registration for this tournament is closed."), code="prereg_closed")
    if already_there(tournament, first_name, last_name, town):
        raise ValidationError(
            _("%(name)s from %(town)s has already asked for a place or is registered. There is no need to send "
              "it again.") % {"name": f"{first_name} {last_name}", "town": town}, code="prereg_duplicate")
    last = PreRegistration.objects.filter(tournament=tournament).aggregate(m=Max("position"))["m"] or 0
    prereg = PreRegistration.objects.create(tournament=tournament, first_name=first_name, last_name=last_name,
                                            town=town, team_name=team_name, email=email, position=last + 1)
    audit(tournament=tournament, obj_type=AuditLog.Kind.PREREG, obj_id=prereg.pk, action=AuditLog.Action.CREATE,
          user=None, new={"name": prereg.full_name, "town": town, "team": team_name})
    return prereg


def offered_players(prereg):
    """The existing players the director may confirm ``prereg`` with (``selectors.namesakes``, the likeliest
    first), each with ``same_town``; the first is preselected when it is of the same town."""
    found = namesakes(prereg.first_name, prereg.last_name, prereg.town)
    for player in found:
        player.same_town = names.similar(names.match_key(prereg.town), names.match_key(player.town))
    return found


def _team(season, name):
    name = " ".join(name.split())
    if not name:
        return None
    team = next((t for t in Team.objects.filter(season=season) if t.name.casefold() == name.casefold()), None)
    return team or Team.objects.create(season=season, name=name)


def _locked(prereg, user):
    permissions.require(user, permissions.DIRECT, prereg.tournament)
    lock_tournament(prereg.tournament_id)
    return PreRegistration.objects.select_related("tournament__season", "entry").get(pk=prereg.pk)


@transaction.atomic
def confirm(*, prereg, user, player=None):
    """Register the request's player: ``player`` (an existing one the director chose) or, when None, a new player
    from the request's name and town; the team by its name in the season (made if new). Only a waiting request
    (``prereg_not_waiting``); ``services.register`` refuses a player who is registered already."""
    prereg = _locked(prereg, user)
    if prereg.status != Status.WAITING:
        raise ValidationError(_("This request has been decided already."), code="prereg_not_waiting")
    if player is not None and player.pk not in {p.pk for p in offered_players(prereg)}:
        raise ValidationError(_("Choose one of the players offered, or a new player."), code="prereg_not_offered")
    t = prereg.tournament
    data = None if player else {"first_name": prereg.first_name, "last_name": prereg.last_name, "town": prereg.town}
    entry = services.register(tournament=t, user=user, player=player, player_data=data,
                              team=_team(t.season, prereg.team_name))
    prereg.status, prereg.entry = Status.CONFIRMED, entry
    prereg.save(update_fields=["status", "entry"])
    audit(tournament=t, obj_type=AuditLog.Kind.PREREG, obj_id=prereg.pk, action=AuditLog.Action.CONFIRM, user=user,
          old={"status": Status.WAITING.value},
          new={"status": Status.CONFIRMED.value, "name": prereg.full_name, "start_number": entry.start_number,
               "player": entry.player_id, "existing_player": player is not None})
    return prereg


@transaction.atomic
def decline(*, prereg, user):
    """Decline a request. A confirmed one loses its entry (``services.remove``, refused once it has results);
    the first one of the waiting list then holds a place (see the module's docstring)."""
    prereg = _locked(prereg, user)
    if prereg.status == Status.DECLINED:
        return prereg
    old = prereg.status
    if prereg.entry is not None:
        services.remove(entry=prereg.entry, user=user)
    prereg.status, prereg.entry = Status.DECLINED, None
    prereg.save(update_fields=["status", "entry"])
    audit(tournament=prereg.tournament, obj_type=AuditLog.Kind.PREREG, obj_id=prereg.pk,
          action=AuditLog.Action.STATUS, user=user, old={"status": old},
          new={"status": Status.DECLINED.value, "name": prereg.full_name})
    return prereg

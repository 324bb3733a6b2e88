"""Teams of two of a Ziege tournament (docs/director.md "Ziege"): registering two players as one team.

Each player is an ordinary ``Entry`` (``services.register``: start number, paid, checked in, withdrawn work as in
Cego); a ``ZiegePair`` binds two entries of the tournament into a team with its own number.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit.log import audit
from tournament.models import AuditLog, Seat, Tournament, ZiegePair
from tournament.models.locks import lock_tournament
from tournament.registration import services
from tournament.staff import permissions


def next_pair_number(tournament):
    last = tournament.ziege_pairs.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


@transaction.atomic
def pair_entries(*, tournament, user, first, second):
    """Make a team of two entries of ``tournament`` that are in no team yet."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    if tournament.game != Tournament.Game.ZIEGE:
        raise ValidationError(_("This tournament does not play Ziege."), code="not_ziege")
    if first.pk == second.pk:
        raise ValidationError(_("A team needs two different players."), code="same_player")
    for entry in (first, second):
        if entry.tournament_id != tournament.pk:
            raise ValidationError(_("%(player)s is not registered for this tournament.") % {"player": entry.player},
                                  code="other_tournament")
        if ZiegePair.objects.filter(first=entry).exists() or ZiegePair.objects.filter(second=entry).exists():
            raise ValidationError(_("%(player)s already plays in a team.") % {"player": entry.player},
                                  code="already_paired")
    pair = ZiegePair.objects.create(tournament=tournament, number=next_pair_number(tournament), first=first,
                                    second=second)
    audit(tournament=tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=first.pk, action=AuditLog.Action.UPDATE,
          user=user, new={"ziege_team": pair.number,
                          "players": [str(first.player.full_name), str(second.player.full_name)]})
    return pair


@transaction.atomic
def register_pair(*, tournament, user, first, second, paid=False, checked_in=False):
    """Register two players (each a ``Player`` or the fields of a new one) and make them a team."""
    if tournament.game != Tournament.Game.ZIEGE:
        raise ValidationError(_("This tournament does not play Ziege."), code="not_ziege")
    entries = []
    for player in (first, second):
        kwargs = {"player": player} if not isinstance(player, dict) else {"player_data": player}
        entries.append(services.register(tournament=tournament, user=user, paid=paid, checked_in=checked_in,
                                         **kwargs))
    return pair_entries(tournament=tournament, user=user, first=entries[0], second=entries[1])


def is_drawn(pair):
    """Whether ``pair`` sits at a table or has a bye in a drawn round (then it may have games: it stays)."""
    return pair.byes.exists() or Seat.objects.filter(entry_id__in=(pair.first_id, pair.second_id)).exists()


@transaction.atomic
def remove_pair(*, pair, user, reason=""):
    """Dissolve a team that is drawn in no round, so has no game (its two entries stay registered, without a
    team). Audited on the first player's entry in words: its Ziege team and the two players, before and after."""
    tournament = pair.tournament
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    pair = ZiegePair.objects.filter(pk=pair.pk).select_related("first__player", "second__player").first()
    if pair is None:                     # dissolved meanwhile (another tab, a second click)
        raise ValidationError(_("This team does not exist any more."), code="pair_gone")
    if is_drawn(pair):
        raise ValidationError(_("This team is drawn in a round; delete the draw first."), code="pair_drawn")
    audit(tournament=tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=pair.first_id, action=AuditLog.Action.UPDATE,
          user=user, reason=(reason or "").strip()[:200],
          old={"start_number": pair.first.start_number, "ziege_team": pair.number,
               "players": [str(pair.first.player.full_name), str(pair.second.player.full_name)]},
          new={"start_number": pair.first.start_number, "ziege_team": None})     # the start number: where
    pair.delete()
    return pair

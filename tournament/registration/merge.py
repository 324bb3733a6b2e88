"""Merging two records of one person (docs/director.md, "Duplicate players"): ``merge_players`` moves every entry
of the other record — and with it its seats, scores, adjustments and stored total — to the kept record, keeps the
other's spelling as a ``PlayerAlias`` for future matching, moves its category memberships, deletes it, and writes
the season's audit log ("Player X merged with Y") and a row in every tournament whose entry moved. The data
versions rise with the audit rows (``audit.log``) and for every tournament of the kept player
(``versions.player_changed``), so the public standings show one player with the summed points at once.

Refused, changing nothing (``ValidationError`` with a ``code``):

* ``merge_same_player`` — a player cannot be merged with himself;
* ``merge_not_in_season`` — both records must have an entry in the season the organiser merges in;
* ``merge_same_tournament`` — both records played one tournament: one person would be in it twice;
* ``merge_other_season`` — the other record also played in a season the user does not organise: moving those
  entries would change that season's standings behind its organiser's back. An organiser of both seasons (or a
  superuser) merges it; nobody merges across seasons silently.

``PermissionDenied`` without ``ORGANISE`` on the season.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit import versions
from tournament.audit.log import audit
from tournament.models import AuditLog, Entry, Player, PlayerAlias, Season, Tournament
from tournament.staff import permissions

SPELLING = ("first_name", "last_name", "town")


def _lock(season, player_ids):
    """The locks in the shared order (``models.locks``): every tournament of the season and of the players'
    entries, by id, then the season; then the two player rows."""
    ids = set(Tournament.objects.filter(season=season).values_list("pk", flat=True))
    ids |= set(Entry.objects.filter(player_id__in=player_ids).values_list("tournament_id", flat=True))
    list(Tournament.objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk", flat=True))
    Season.objects.select_for_update().filter(pk=season.pk).first()
    return {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=player_ids).order_by("pk")}


def _spelling(player):
    return tuple(getattr(player, name) for name in SPELLING)


@transaction.atomic
def merge_players(*, season, keep, other, user):
    """Merge the player ``other`` into ``keep`` (both with an entry in ``season``); returns the kept player."""
    permissions.require(user, permissions.ORGANISE, season)
    if keep.pk == other.pk:
        raise ValidationError(_("A player cannot be merged with himself."), code="merge_same_player")
    players = _lock(season, [keep.pk, other.pk])
    if len(players) < 2:
        raise ValidationError(_("One of the two players no longer exists; reload the page."),
                              code="merge_player_gone")
    keep, other = players[keep.pk], players[other.pk]
    in_season = set(Entry.objects.filter(tournament__season=season, player__in=players)
                    .values_list("player_id", flat=True))
    if in_season != set(players):
        raise ValidationError(_("Both players must have played in this season."), code="merge_not_in_season")
    shared = list(Tournament.objects.filter(entries__player=keep).filter(entries__player=other)
                  .order_by("date", "pk"))
    if shared:
        raise ValidationError(
            _("%(kept)s and %(other)s both played in %(tournaments)s. One person cannot play a tournament twice: "
              "these are two people, or one of the entries has to be corrected first.")
            % {"kept": keep, "other": other, "tournaments": ", ".join(t.name for t in shared)},
            code="merge_same_tournament")
    moving = list(Entry.objects.filter(player=other).select_related("tournament__season").order_by("pk"))
    others = {e.tournament.season for e in moving} | {c.season for c in other.categories.select_related("season")}
    if any(not permissions.can(user, permissions.ORGANISE, s) for s in others):
        raise ValidationError(
            _("%(other)s also played in another season, which you do not organise. Ask an organiser of both "
              "seasons to merge these players.") % {"other": other}, code="merge_other_season")

    for entry in moving:
        entry.player = keep
        entry.save(update_fields=["player"])
        audit(tournament=entry.tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=entry.pk,
              action=AuditLog.Action.UPDATE, user=user,
              old={"start_number": entry.start_number, "player": str(other)},
              new={"start_number": entry.start_number, "player": str(keep)}, reason=_("duplicate player merged"))
    for category in other.categories.all():
        category.players.add(keep)
    PlayerAlias.objects.filter(player=other).update(player=keep)
    known = {_spelling(keep)} | {_spelling(a) for a in PlayerAlias.objects.filter(player=keep)}
    if _spelling(other) not in known:
        PlayerAlias.objects.create(player=keep, **dict(zip(SPELLING, _spelling(other), strict=True)))
    audit(season=season, obj_type=AuditLog.Kind.PLAYER, obj_id=keep.pk, action=AuditLog.Action.MERGE, user=user,
          old={"player": str(other), "id": other.pk, "entries": len(moving)},
          new={"player": str(keep), "id": keep.pk})
    other.delete()
    versions.player_changed(keep.pk)
    return keep

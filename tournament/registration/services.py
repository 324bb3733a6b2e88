"""Registering players, and registration changes after the fact — check-in, payment, withdrawal, corrections, removal — each in one
transaction, allowed to the tournament direction only, and written to the tournament's audit log (object
"entry") with what it was before and after, so a disputed start number or a late withdrawal can be traced."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit import versions
from tournament.audit.log import audit
from tournament.models import AuditLog, Entry, Player
from tournament.staff import permissions

TOGGLES = ("paid", "checked_in", "withdrawn")


def _model_fields(model, names):
    """The names that are fields of ``model`` (forms carry helpers such as ``new_team`` or ``confirm``)."""
    fields = {f.name for f in model._meta.get_fields()}
    return list(dict.fromkeys(n for n in names if n in fields))


def _snapshot(entry, fields):
    """The named fields of an entry and its player, JSON-ready (related objects by their text)."""
    out = {}
    for name in fields:
        target = entry.player if name.startswith("player.") else entry
        value = getattr(target, name.removeprefix("player."))
        out[name] = value if value is None or isinstance(value, (bool, int, str)) else str(value)
    return out


@transaction.atomic
def toggle(*, entry, field, user):
    """Flip ``paid``, ``checked_in`` or ``withdrawn``; returns the new value."""
    permissions.require(user, permissions.DIRECT, entry.tournament)
    if field not in TOGGLES:
        raise ValueError(field)
    entry = Entry.objects.select_for_update().select_related("player", "tournament").get(pk=entry.pk)
    value = not getattr(entry, field)
    setattr(entry, field, value)
    entry.save(update_fields=[field])
    audit(tournament=entry.tournament, obj_type="entry", obj_id=entry.pk, action=AuditLog.Action.UPDATE,
           user=user, old={"start_number": entry.start_number, field: not value},
           new={"start_number": entry.start_number, field: value})
    return value


@transaction.atomic
def save_forms(*, entry, entry_form, player_form, user):
    """Save the validated entry and player forms of ``entry``; the changed fields go into the audit log."""
    permissions.require(user, permissions.DIRECT, entry.tournament)
    changed = _model_fields(Entry, ["team" if f == "new_team" else f for f in entry_form.changed_data])
    changed += [f"player.{f}" for f in _model_fields(Player, player_form.changed_data)]
    before = _snapshot(Entry.objects.select_related("player", "team").get(pk=entry.pk), changed)
    player_form.save()
    saved = entry_form.save()
    if changed:
        audit(tournament=saved.tournament, obj_type="entry", obj_id=saved.pk, action=AuditLog.Action.UPDATE,
               user=user, old={"start_number": before.get("start_number", saved.start_number), **before},
               new={"start_number": saved.start_number, **_snapshot(saved, changed)})
    if any(name.startswith("player.") for name in changed):
        versions.player_changed(saved.player_id)      # the player's other tournaments show the new data too
    return saved


@transaction.atomic
def remove(*, entry, user):
    """Delete an entry nobody is seated with (the view checks and explains; the player stays)."""
    permissions.require(user, permissions.DIRECT, entry.tournament)
    audit(tournament=entry.tournament, obj_type="entry", obj_id=entry.pk, action=AuditLog.Action.DELETE,
           user=user, old={"start_number": entry.start_number, "player": str(entry.player)})
    entry.delete()


def next_start_number(tournament):
    last = tournament.entries.order_by("-start_number").values_list("start_number", flat=True).first()
    return (last or 0) + 1


@transaction.atomic
def register(*, tournament, user, player=None, player_data=None, start_number=None, team=None, paid=False,
             checked_in=False):
    """Enter a player (an existing one, or a new one from ``player_data``) into ``tournament``."""
    permissions.require(user, permissions.DIRECT, tournament)
    if player is None:
        player = Player.objects.create(**player_data)
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(_("%(player)s is already registered.") % {"player": player}, code="duplicate_entry")
    number = start_number or next_start_number(tournament)
    if Entry.objects.filter(tournament=tournament, start_number=number).exists():
        raise ValidationError({"start_number": ValidationError(
            _("Start number %(n)s is taken.") % {"n": number}, code="start_number_taken")})
    entry = Entry.objects.create(tournament=tournament, player=player, start_number=number, team=team, paid=paid,
                                 checked_in=checked_in)
    audit(tournament=tournament, obj_type="entry", obj_id=entry.pk, action=AuditLog.Action.CREATE, user=user,
           new={"start_number": number, "player": str(player)})
    return entry

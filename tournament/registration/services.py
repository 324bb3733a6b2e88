"""Registering players, and registration changes after the fact — check-in, payment, withdrawal, corrections,
removal, the check-in desk — each a keyword-only function in one transaction, allowed to the tournament direction only,
and written to the tournament's audit log (``AuditLog.Kind.ENTRY``) with what it was before and after, so a disputed
start number or a late withdrawal can be traced.

Writes that pick or change start numbers take the tournament's row lock first (``models.locks``): two
registrations at the same moment take turns, so the second is told in words that the player is registered or the
number taken, never a database error. An entry with results (seats, scores, adjustments) is never removed
(``remove`` refuses; the database protects them as well, ``models.registration.protect_results``).

The check-in desk (docs/director.md, "Check-in"): ``check_in`` marks one start number present (or, as the undo,
not present), audited like a toggle; ``check_in_all`` marks every entry not withdrawn present in one audit row
that lists the start numbers it changed (``new["bulk"] == CHECK_IN_ALL``), and ``undo_check_in_all`` takes exactly
those back, once, in one audit row that names the row it undoes (``new["undoes"]``).
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.audit import versions
from tournament.audit.log import assign, audit, jsonable
from tournament.common import names
from tournament.models import AuditLog, Entry, Player, Team, ZiegePair
from tournament.models.locks import lock_tournament
from tournament.money import services as money_services
from tournament.staff import permissions

TOGGLES = ("paid", "checked_in", "withdrawn")
CHECK_IN_ALL, UNDO_CHECK_IN_ALL = "check_in_all", "undo_check_in_all"      # ``new["bulk"]`` of the bulk rows
ENTRY_FIELDS = ("start_number", "team", "paid", "checked_in", "withdrawn", "note")
PLAYER_FIELDS = ("first_name", "last_name", "town", "club", "is_woman", "birth_year", "is_guest")


@transaction.atomic
def toggle(*, entry, field, user):
    """Flip ``paid``, ``checked_in`` or ``withdrawn``; returns the new value. ``paid`` goes through the money
    (``money.services.set_paid``: on records what is open in cash, off takes back what was paid)."""
    permissions.require(user, permissions.DIRECT, entry.tournament)
    if field not in TOGGLES:
        raise ValueError(field)
    lock_tournament(entry.tournament_id)        # first, as every write of the tournament (models.locks)
    entry = Entry.objects.select_related("player", "tournament").get(pk=entry.pk)
    if field == "paid":
        return money_services.set_paid(entry=entry, user=user, paid=not entry.paid)
    value = not getattr(entry, field)
    setattr(entry, field, value)
    entry.save(update_fields=[field])
    audit(tournament=entry.tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=entry.pk, action=AuditLog.Action.UPDATE,
          user=user, old={"start_number": entry.start_number, field: not value},
          new={"start_number": entry.start_number, field: value})
    return value


@transaction.atomic
def check_in(*, tournament, user, start_number, present=True):
    """Mark the entry with ``start_number`` present (``present=False``: not present, the undo of a check-in).
    Returns ``(entry, changed)``; an entry already in that state is left alone, unaudited. Refused with a
    ``ValidationError`` keyed ``number``: a start number nobody has (``unknown_start_number``), a withdrawn entry
    to be checked in (``entry_withdrawn``)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    entry = Entry.objects.select_related("player").filter(tournament=tournament, start_number=start_number).first()
    if entry is None:
        raise ValidationError({"number": ValidationError(
            _("Nobody has start number %(n)s.") % {"n": start_number}, code="unknown_start_number")})
    if present and entry.withdrawn:
        raise ValidationError({"number": ValidationError(
            _("No. %(n)s %(player)s has withdrawn. To let the player play again, undo the withdrawal in the list.")
            % {"n": entry.start_number, "player": entry.player.full_name}, code="entry_withdrawn")})
    if entry.checked_in == present:
        return entry, False
    entry.checked_in = present
    entry.save(update_fields=["checked_in"])
    audit(tournament=tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=entry.pk, action=AuditLog.Action.UPDATE,
          user=user, old={"start_number": entry.start_number, "checked_in": not present},
          new={"start_number": entry.start_number, "checked_in": present})
    return entry, True


@transaction.atomic
def check_in_all(*, tournament, user):
    """Mark every entry that is neither withdrawn nor checked in present; one audit row lists their start numbers
    (the undo reads it). Returns that row, or None when there was nobody to check in."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    missing = Entry.objects.filter(tournament=tournament, withdrawn=False, checked_in=False)
    numbers = sorted(missing.values_list("start_number", flat=True))
    if not numbers:
        return None
    missing.update(checked_in=True)
    return _bulk_audit(tournament, user, CHECK_IN_ALL, numbers, present=True)


@transaction.atomic
def undo_check_in_all(*, tournament, user, log_id):
    """Take back the check-in of everybody recorded in audit row ``log_id``: exactly the entries it checked in, as
    far as they are still checked in (a later uncheck or removal stays). Once only. Returns the undo's audit row,
    written even when nothing was left to change, so that the bulk row counts as undone."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    row = AuditLog.objects.filter(pk=log_id, tournament=tournament, object_type=AuditLog.Kind.ENTRY,
                                  new__bulk=CHECK_IN_ALL).first()
    if row is None:
        raise ValidationError(_("This check-in of everybody does not exist."), code="unknown_bulk_check_in")
    if AuditLog.objects.filter(tournament=tournament, object_type=AuditLog.Kind.ENTRY, new__undoes=row.pk).exists():
        raise ValidationError(_("This check-in of everybody has already been undone."), code="bulk_already_undone")
    changed = Entry.objects.filter(tournament=tournament, checked_in=True,
                                   start_number__in=row.new.get("start_numbers") or [])
    numbers = sorted(changed.values_list("start_number", flat=True))
    changed.update(checked_in=False)
    return _bulk_audit(tournament, user, UNDO_CHECK_IN_ALL, numbers, present=False, undoes=row.pk)


def _bulk_audit(tournament, user, bulk, numbers, *, present, **extra):
    audit(tournament=tournament, obj_type=AuditLog.Kind.ENTRY, action=AuditLog.Action.UPDATE, user=user,
          old={"checked_in": not present}, new={"checked_in": present, "start_numbers": numbers, "bulk": bulk, **extra})
    return AuditLog.objects.filter(tournament=tournament).order_by("-id").first()


def team_named(season, name):
    """The season's team called ``name`` (spaces tidied, ignoring case), created when there is none; call inside
    the write."""
    name = " ".join(name.split())
    team = next((t for t in Team.objects.filter(season=season) if t.name.casefold() == name.casefold()), None)
    return team or Team.objects.create(season=season, name=name)


def _check_start_number(tournament, number, entry=None):
    holder = (Entry.objects.filter(tournament=tournament, start_number=number).exclude(pk=getattr(entry, "pk", None))
              .select_related("player").first())
    if holder is not None:
        raise ValidationError({"start_number": ValidationError(
            _("Start number %(n)s is already taken by %(player)s.") % {"n": number, "player": holder.player},
            code="start_number_taken")})


@transaction.atomic
def update(*, entry, user, data, player_data, new_team=""):
    """Correct an entry (``data``: any of ``ENTRY_FIELDS``) and its player (``player_data``: any of
    ``PLAYER_FIELDS``); ``new_team`` names a team of the season to put the entry in (found ignoring case, created
    if new). What changed goes into the audit log, named ``player.<field>`` for the player's data."""
    permissions.require(user, permissions.DIRECT, entry.tournament)
    unknown = (set(data) - set(ENTRY_FIELDS)) | (set(player_data) - set(PLAYER_FIELDS))
    if unknown:
        raise TypeError(f"not a field of an entry or player: {', '.join(sorted(unknown))}")
    lock_tournament(entry.tournament_id)
    entry = Entry.objects.select_related("player", "team", "tournament__season").get(pk=entry.pk)
    data = dict(data)
    paid = data.pop("paid", entry.paid)         # the tick goes through the money (``toggle``), after the rest
    if new_team.strip():
        data["team"] = team_named(entry.tournament.season, new_team)
    if "start_number" in data:
        _check_start_number(entry.tournament, data["start_number"], entry)
    number = entry.start_number
    old, new = assign(entry, data)
    player_old, player_new = assign(entry.player, player_data)
    if player_old:
        permissions.require_player_edit(user, entry.player)     # the record is every tournament's he played in
        entry.player.save(update_fields=list(player_new))
        _audit_elsewhere(entry, user, player_old, player_new)
    if old:
        entry.save(update_fields=list(new))
    if old or player_old:
        audit(tournament=entry.tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=entry.pk,
              action=AuditLog.Action.UPDATE, user=user,
              old={"start_number": number, **old, **{f"player.{k}": v for k, v in player_old.items()}},
              new={"start_number": entry.start_number, **new, **{f"player.{k}": v for k, v in player_new.items()}})
    if player_old:
        versions.player_changed(entry.player_id)      # the player's other tournaments show the new data too
    if paid != entry.paid:
        money_services.set_paid(entry=entry, user=user, paid=paid)
        entry.paid = paid
    return entry


def _audit_elsewhere(entry, user, player_old, player_new):
    """A change of the player's own data, recorded in the log of every other tournament he played in too: their
    directors see who renamed their player, and when."""
    for other in Entry.objects.filter(player_id=entry.player_id).exclude(pk=entry.pk).select_related("tournament"):
        audit(tournament=other.tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=other.pk,
              action=AuditLog.Action.UPDATE, user=user,
              old={"start_number": other.start_number, **{f"player.{k}": v for k, v in player_old.items()}},
              new={"start_number": other.start_number, **{f"player.{k}": v for k, v in player_new.items()}})


def player_goes_too(entry):
    """Whether removing ``entry`` also removes its player: the import that made the entry created the player
    (``Entry.created_player``), and nothing else uses the record — no other entry, no other spelling kept by a
    merge, no category the organiser put him in."""
    player = entry.player
    return (entry.created_player and not Entry.objects.filter(player=player).exclude(pk=entry.pk).exists()
            and not player.aliases.exists() and not player.categories.exists())


@transaction.atomic
def remove(*, entry, user):
    """Delete an entry made by mistake. Refused while the entry has results: seats in a drawn round, scores or
    adjustments — the director marks it withdrawn instead. The player stays, unless the import that made the entry
    created him and nothing else uses him (``player_goes_too``): then his record goes too, and the audit row says
    so (``old["player_removed"]``). Returns whether the player was removed."""
    permissions.require(user, permissions.DIRECT, entry.tournament)
    lock_tournament(entry.tournament_id)
    entry = Entry.objects.select_related("player", "tournament").filter(pk=entry.pk).first()
    if entry is None:
        return
    if entry.seats.exists() or entry.scores.exists() or entry.adjustments.exists():
        raise ValidationError(_("%(player)s is seated in a drawn round or has adjustments and cannot be removed. "
                                "Mark the entry as withdrawn instead.") % {"player": entry.player.full_name},
                              code="entry_has_results")
    if entry.payments.exists():         # money received stays in the books (docs/money.md)
        raise ValidationError(_("%(player)s has payments in the cash box and cannot be removed. Pay the fee back "
                                "and mark the entry as withdrawn instead.") % {"player": entry.player.full_name},
                              code="entry_has_payments")
    team = ZiegePair.objects.filter(Q(first=entry) | Q(second=entry)).values_list("number", flat=True).first()
    if team is not None:
        raise ValidationError(_("%(player)s plays in Ziege team %(n)s; dissolve the team first.")
                              % {"player": entry.player.full_name, "n": team}, code="entry_in_team")
    player_too = player_goes_too(entry)
    old = {"start_number": entry.start_number, "player": str(entry.player)}
    if player_too:
        old["player_removed"] = True
    audit(tournament=entry.tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=entry.pk, action=AuditLog.Action.DELETE,
          user=user, old=old)
    player = entry.player
    entry.delete()
    if player_too:
        player.delete()
    return player_too


def next_start_number(tournament):
    last = tournament.entries.order_by("-start_number").values_list("start_number", flat=True).first()
    return (last or 0) + 1


def check_names(first_name, last_name):
    """Refuse a name with nothing visible (only zero-width, direction-changing or other invisible characters,
    ``names.invisible``) — the last guard behind the forms and the import, which say it at the field."""
    for value in (first_name, last_name):
        if names.invisible(value) or not names.tidy(value):
            raise ValidationError(_("A name needs visible letters; invisible or direction-changing characters "
                                    "alone are not a name."), code="invisible_name")


@transaction.atomic
def register(*, tournament, user, player=None, player_data=None, start_number=None, team=None, paid=False,
             checked_in=False, note="", created_player=False):
    """Enter a player (an existing one, or a new one from ``player_data``) into ``tournament``. An existing
    player must be one the user may find (``staff.permissions.sees_player``: of a season he has a role in, or
    without any entry). ``note``: the remark of the entry; ``created_player``: the caller (the import) created
    the player for this entry (``player_goes_too``)."""
    permissions.require(user, permissions.DIRECT, tournament)
    if player is not None and not permissions.sees_player(user, player):
        raise PermissionDenied(_("You are not allowed to do this."))        # a player of a season not his
    lock_tournament(tournament.pk)
    tournament.refresh_from_db(fields=["entry_fee"])        # the fee as it stands decides the tick (money)
    if player is None:
        check_names(player_data.get("first_name"), player_data.get("last_name"))
        player = Player.objects.create(**player_data)
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(_("%(player)s is already registered.") % {"player": player}, code="duplicate_entry")
    number = start_number or next_start_number(tournament)
    if Entry.objects.filter(tournament=tournament, start_number=number).exists():
        raise ValidationError({"start_number": ValidationError(
            _("Start number %(n)s is taken.") % {"n": number}, code="start_number_taken")})
    entry = Entry.objects.create(tournament=tournament, player=player, start_number=number, team=team,
                                 paid=paid and tournament.entry_fee <= 0, checked_in=checked_in, note=note[:200],
                                 created_player=created_player)
    audit(tournament=tournament, obj_type=AuditLog.Kind.ENTRY, obj_id=entry.pk, action=AuditLog.Action.CREATE,
          user=user, new={"start_number": number, "player": jsonable(player)})
    money_services.registered(entry=entry, user=user, paid=paid)     # with a fee: the tick follows the money
    entry.refresh_from_db(fields=["paid"])
    return entry

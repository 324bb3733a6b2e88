"""Writes: keyword-only functions, each in one transaction, that validate, save and record who did it.

Views and commands call these; nothing writes results anywhere else (no logic in ``save()`` or signals).
Errors a director can act on are ``ValidationError`` with a stable ``code`` and a translated message;
``ConflictError`` reports a stale edit together with the newer version. Every write first asks
``permissions.require`` whether ``user`` may do it (``PermissionDenied`` otherwise; ``user=None`` is the system).
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import ScoringError, resolve, score_game
from tournament.models import (
    Adjustment,
    AuditLog,
    Entry,
    Game,
    Player,
    Round,
    Score,
    Table,
    Tournament,
)
from tournament.staff import permissions

# Engine input fields a Game stores (RULES.md §6); everything else is derived.
GAME_FIELDS = ("contract", "declarer", "card_points", "achieved", "tricks", "announcer", "raeuber_points",
               "raeuber_tricks", "last_trick", "calls", "penalty")
# Which form field an engine error belongs to.
ERROR_FIELDS = {
    "card_points_out_of_range": "card_points", "card_points_required": "card_points",
    "declarer_required": "declarer", "declarer_not_forehand": "declarer", "outcome_required": "achieved",
    "outcome_conflict": "tricks", "tricks_out_of_range": "tricks", "announcer_required": "announcer",
    "raeuber_points_required": "raeuber_points", "raeuber_tricks_inconsistent": "raeuber_tricks",
    "last_trick_required": "last_trick", "calls_not_allowed": "calls", "calls_out_of_range": "calls",
    "unknown_contract": "contract", "contract_not_allowed": "contract",
}


# The most points one game, total or adjustment may move (real games: a few thousand). Extreme ruleset options
# could otherwise produce numbers the database's integer columns cannot hold (a 500 on PostgreSQL).
MAX_POINTS = 1_000_000


class ConflictError(ValidationError):
    """Someone saved a newer version of this game; ``current`` holds it so the user can compare."""

    def __init__(self, message, current):
        super().__init__(message, code="stale_version")
        self.current = current


def engine_error(err, field=None):
    """A ``ScoringError`` as a ``ValidationError`` on the form field it belongs to, in the request's language."""
    field = field or ERROR_FIELDS.get(err.code) or err.params.get("field") or "__all__"
    return ValidationError({field: ValidationError(err.message(get_language() or "de"), code=err.code)})


def ruleset_for(tournament):
    return resolve(tournament.ruleset, tournament.options or None)


def engine_game(table, number, data):
    """The engine's JSON game for row ``number`` of ``table`` from the entered ``data``."""
    tournament = table.round.tournament
    dealer = table.dealer(number)
    game = {"ruleset": tournament.ruleset, "players": table.size, "dealer": dealer}
    if tournament.options:
        game["options"] = tournament.options
    if table.size == 5:
        game["sitting_out"] = dealer
    for name in GAME_FIELDS:
        value = data.get(name)
        if value is not None and not (name == "calls" and value == 0):
            game[name] = value
    return game


def game_snapshot(game):
    return {name: getattr(game, name) for name in (*GAME_FIELDS, "number", "scores", "version")}


def audit(*, tournament, table=None, obj_type, obj_id=None, action, user, old=None, new=None, reason=""):
    """One row of the tournament's audit log; the one place every write module records who did what."""
    AuditLog.objects.create(tournament=tournament, table=table, object_type=obj_type, object_id=obj_id,
                            action=action, user=user if user and user.is_authenticated else None,
                            old=old, new=new, reason=reason or "")


def _check_round_writable(round_, reason, user):
    """Entering in an open or complete round; corrections in a locked one need a reason and a director."""
    if round_.status == Round.Status.LOCKED and not permissions.can(user, permissions.DIRECT, round_.tournament):
        raise PermissionDenied(_("This round is locked. Only the tournament direction can correct it."))
    if round_.status == Round.Status.LOCKED and not (reason or "").strip():
        raise ValidationError({"reason": ValidationError(
            _("This round is locked. Give a reason for the correction."), code="reason_required")})


def _lock_tournament(tournament_id):
    """Take the tournament's row lock, as the result writes do (they lock table → round → tournament through
    ``select_for_update`` with ``select_related``): writes that change players' totals then take turns, so no
    total is computed from a sum another transaction is changing (lost update, or a deadlock on PostgreSQL)."""
    Tournament.objects.select_for_update().filter(pk=tournament_id).first()


def refresh_totals(entry_ids):
    """Recompute the stored ``Entry.total`` (scores + adjustments) of these entries; call inside the write."""
    entry_ids = list(entry_ids)
    scores = dict(Score.objects.filter(entry_id__in=entry_ids).values("entry_id").annotate(s=Sum("points"))
                  .values_list("entry_id", "s"))
    adjustments = dict(Adjustment.objects.filter(entry_id__in=entry_ids).values("entry_id")
                       .annotate(s=Sum("points")).values_list("entry_id", "s"))
    entries = list(Entry.objects.filter(pk__in=entry_ids))
    for entry in entries:
        entry.total = (scores.get(entry.pk) or 0) + (adjustments.get(entry.pk) or 0)
    Entry.objects.bulk_update(entries, ["total"])


def _entries_by_position(table):
    return {s.position: s.entry_id for s in table.seats.all()}


@transaction.atomic
def record_game(*, table, number, data, user, expected_version=None, reason=""):
    """Create or correct game ``number`` at ``table``. Scores come from the engine, never from the caller.

    ``expected_version`` is the version the user edited (None for a new game). A repeated submit of the same
    game is stored once; an edit over a newer version raises ``ConflictError``.
    """
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    round_ = table.round
    permissions.require(user, permissions.ENTER, round_.tournament)
    if not 1 <= number <= table.games_planned:
        raise ValidationError({"number": ValidationError(
            _("Game %(number)s does not exist at this table (1–%(max)s).") % {"number": number,
                                                                              "max": table.games_planned},
            code="bad_game_number")})
    if table.score_rows.filter(game__isnull=True).exists():
        raise ValidationError(_("This table was entered as totals only. Delete the totals first."),
                              code="totals_entered")
    _check_round_writable(round_, reason, user)
    try:
        result = score_game(engine_game(table, number, data), get_language() or "de")
    except ScoringError as err:
        raise engine_error(err) from None
    if max(abs(points) for points in result["scores"]) > MAX_POINTS:
        raise ValidationError(_("This game would score more than %(max)s points; check the ruleset overrides.")
                              % {"max": MAX_POINTS}, code="score_out_of_range")
    fields = {name: data.get(name) for name in GAME_FIELDS}
    fields["calls"] = fields["calls"] or 0
    existing = Game.objects.filter(table=table, number=number).first()
    if existing is not None:
        unchanged = all(getattr(existing, k) == v for k, v in fields.items())
        if expected_version is None:
            if unchanged:
                return existing        # a double submit: stored once
            raise ConflictError(_("Game %(number)s was entered by someone else meanwhile.") % {"number": number},
                                current=existing)
        if expected_version != existing.version:
            raise ConflictError(_("Game %(number)s was changed by someone else meanwhile.") % {"number": number},
                                current=existing)
        if unchanged:
            return existing
        old = game_snapshot(existing)
        game = existing
        game.version += 1
    else:
        if expected_version is not None:
            raise ConflictError(_("Game %(number)s was deleted meanwhile.") % {"number": number}, current=None)
        old = None
        game = Game(table=table, number=number)
    for name, value in fields.items():
        setattr(game, name, value)
    game.scores = result["scores"]
    game.value = result["value"]
    game.fach = result["fach"]
    game.won = result["won"]
    game.explanation = result["explanation"]
    game.updated_by = user if user and user.is_authenticated else None
    game.save()
    positions = _entries_by_position(table)
    Score.objects.filter(game=game).delete()
    Score.objects.bulk_create(Score(table=table, game=game, entry_id=positions[pos], points=points)
                              for pos, points in enumerate(result["scores"]))
    refresh_totals(positions.values())
    audit(tournament=round_.tournament, table=table, obj_type="game", obj_id=game.pk,
           action=AuditLog.Action.UPDATE if old else AuditLog.Action.CREATE, user=user, old=old,
           new=game_snapshot(game), reason=reason)
    return game


@transaction.atomic
def delete_game(*, game, user, expected_version=None, reason=""):
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=game.table_id)
    permissions.require(user, permissions.ENTER, table.round.tournament)
    current = Game.objects.filter(pk=game.pk).first()
    if current is None:
        return
    _check_round_writable(table.round, reason, user)
    if expected_version is not None and expected_version != current.version:
        raise ConflictError(_("Game %(number)s was changed by someone else meanwhile.") % {"number": current.number},
                            current=current)
    old = game_snapshot(current)
    current.delete()
    refresh_totals(_entries_by_position(table).values())
    audit(tournament=table.round.tournament, table=table, obj_type="game", obj_id=game.pk,
           action=AuditLog.Action.DELETE, user=user, old=old, reason=reason)


@transaction.atomic
def record_totals(*, table, totals, user, reason=""):
    """Totals-only entry: the sheet's sum per seat position, checked to sum to zero under zero-sum writing."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    permissions.require(user, permissions.ENTER, table.round.tournament)
    _check_round_writable(table.round, reason, user)
    if table.games.exists():
        raise ValidationError(_("Games are already entered at this table; totals only is not possible."),
                              code="games_entered")
    positions = _entries_by_position(table)
    if sorted(totals) != sorted(positions):
        raise ValidationError(_("Enter a total for every seat."), code="totals_incomplete")
    rs = ruleset_for(table.round.tournament)
    if rs.writing == "zero_sum" and sum(totals.values()) != 0:
        raise ValidationError(
            _("The totals sum to %(sum)+d, not to zero. Check the sheet.") % {"sum": sum(totals.values())},
            code="totals_not_zero_sum")
    old_rows = {s.entry_id: s.points for s in Score.objects.filter(table=table, game__isnull=True)}
    old = {str(pos): old_rows.get(entry) for pos, entry in positions.items()} if old_rows else None
    Score.objects.filter(table=table, game__isnull=True).delete()
    Score.objects.bulk_create(Score(table=table, entry_id=positions[pos], points=points)
                              for pos, points in totals.items())
    refresh_totals(positions.values())
    audit(tournament=table.round.tournament, table=table, obj_type="totals", obj_id=table.pk,
           action=AuditLog.Action.UPDATE if old else AuditLog.Action.CREATE, user=user, old=old,
           new={str(k): v for k, v in sorted(totals.items())}, reason=reason)


@transaction.atomic
def delete_totals(*, table, user, reason=""):
    """Undo a totals-only entry (e.g. to key the sheet game by game after all); audited like a deleted game."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    permissions.require(user, permissions.ENTER, table.round.tournament)
    _check_round_writable(table.round, reason, user)
    positions = _entries_by_position(table)
    rows = {s.entry_id: s.points for s in Score.objects.filter(table=table, game__isnull=True)}
    if not rows:
        return
    Score.objects.filter(table=table, game__isnull=True).delete()
    refresh_totals(positions.values())
    audit(tournament=table.round.tournament, table=table, obj_type="totals", obj_id=table.pk,
           action=AuditLog.Action.DELETE, user=user,
           old={str(pos): rows.get(entry) for pos, entry in sorted(positions.items())}, reason=reason)


@transaction.atomic
def set_round_status(*, round_, status, user, reason=""):
    round_ = Round.objects.select_for_update().select_related("tournament__season").get(pk=round_.pk)
    permissions.require(user, permissions.DIRECT, round_.tournament)
    if status not in Round.Status.values:
        raise ValidationError(_("Unknown status."), code="bad_status")
    if status == round_.status:
        return round_
    if round_.status == Round.Status.LOCKED and not (reason or "").strip():
        raise ValidationError({"reason": ValidationError(_("Give a reason to unlock a locked round."),
                                                         code="reason_required")})
    if status != Round.Status.OPEN:
        from tournament.results.selectors import round_progress
        missing = [t for t in round_progress(round_) if not t["complete"]]
        if missing:
            raise ValidationError(
                _("Tables %(tables)s are not complete yet.") % {"tables": ", ".join(str(t["number"]) for t in missing)},
                code="round_incomplete")
    old = round_.status
    round_.status = status
    round_.save(update_fields=["status"])
    audit(tournament=round_.tournament, obj_type="round", obj_id=round_.pk, action=AuditLog.Action.STATUS,
           user=user, old={"status": old}, new={"status": status}, reason=reason)
    return round_


@transaction.atomic
def add_adjustment(*, entry, points, reason, user):
    permissions.require(user, permissions.DIRECT, entry.tournament)
    _lock_tournament(entry.tournament_id)
    if not points:
        raise ValidationError({"points": ValidationError(_("An adjustment of 0 changes nothing."), code="zero")})
    if abs(points) > MAX_POINTS:
        raise ValidationError({"points": ValidationError(
            _("At most %(max)s points.") % {"max": MAX_POINTS}, code="points_out_of_range")})
    if not (reason or "").strip():
        raise ValidationError({"reason": ValidationError(_("Give a reason."), code="reason_required")})
    adj = Adjustment.objects.create(entry=entry, points=points, reason=reason.strip(),
                                    created_by=user if user and user.is_authenticated else None)
    refresh_totals([entry.pk])
    audit(tournament=entry.tournament, obj_type="adjustment", obj_id=adj.pk, action=AuditLog.Action.CREATE,
           user=user, new={"entry": entry.start_number, "points": points, "reason": adj.reason})
    return adj


@transaction.atomic
def delete_adjustment(*, adjustment, user, reason=""):
    permissions.require(user, permissions.DIRECT, adjustment.entry.tournament)
    _lock_tournament(adjustment.entry.tournament_id)
    old = {"entry": adjustment.entry.start_number, "points": adjustment.points, "reason": adjustment.reason}
    audit(tournament=adjustment.entry.tournament, obj_type="adjustment", obj_id=adjustment.pk,
           action=AuditLog.Action.DELETE, user=user, old=old, reason=reason)
    entry_id = adjustment.entry_id
    adjustment.delete()
    refresh_totals([entry_id])


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


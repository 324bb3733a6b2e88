"""Writes of a season's own data: the season, its tournaments' settings, its categories and their players.

Keyword-only functions, each in one transaction: they check the permission (``staff.permissions.require``), lock
the row they change, check the rules that hold whoever calls (the model's own checks, the engine's verdict on the
ruleset and its overrides, what results already entered freeze) and write the audit log — of the season for the
season and its categories, of the tournament for its settings. Errors a director can act on are a
``ValidationError`` keyed by field, with a stable ``code``; a name that is no field of the object is a
programming error (``TypeError``).
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring import ScoringError, resolve
from tournament.audit.log import assign, audit, jsonable
from tournament.models import AuditLog, Category, Game, Season, Tournament
from tournament.models.locks import lock_season, lock_tournament
from tournament.money import services as money_services
from tournament.results.engine import engine_error
from tournament.staff import permissions

SEASON_FIELDS = ("name", "year", "best_n", "youth_age", "senior_age", "embed_origins")
OPTIONAL = ("embed_origins",)       # in a creation's audit entry only when given
TOURNAMENT_FIELDS = ("name", "date", "start_time", "venue", "venue_address", "host", "entry_fee", "game", "ruleset",
                     "options", "round_count", "games_per_round_4", "games_per_round_5", "games_per_round_3",
                     "games_per_round_2", "win_loss", "round_robin", "keep_teams_apart", "seed", "published",
                     "publish_with_draw", "prize_places", "last_place_prize",
                     "tiebreaks", "status", "prereg_open", "prereg_capacity")


def _known(fields, allowed):
    unknown = set(fields) - set(allowed)
    if unknown:
        raise TypeError(f"not a field here: {', '.join(sorted(unknown))}")
    return fields


def _checked(obj, exclude=()):
    """The model's own checks (lengths, ranges, choices, constraints), as field errors."""
    obj.full_clean(exclude=list(exclude), validate_unique=False)


# -- seasons ----------------------------------------------------------------------------------------------------

@transaction.atomic
def create_season(*, user, **fields):
    """A new season (``SEASON_FIELDS``); superusers only."""
    permissions.require(user, permissions.ADMINISTER)
    season = Season(**_known(fields, SEASON_FIELDS))
    _checked(season)
    season.save()
    audit(season=season, obj_type=AuditLog.Kind.SEASON, obj_id=season.pk, action=AuditLog.Action.CREATE, user=user,
          new={name: jsonable(getattr(season, name)) for name in SEASON_FIELDS
               if name not in OPTIONAL or getattr(season, name)})
    return season


@transaction.atomic
def update_season(*, season, user, **fields):
    permissions.require(user, permissions.ORGANISE, season)
    lock_season(season.pk)
    season = Season.objects.get(pk=season.pk)
    old, new = assign(season, _known(fields, SEASON_FIELDS))
    if old:
        _checked(season)
        season.save(update_fields=list(new))
        audit(season=season, obj_type=AuditLog.Kind.SEASON, obj_id=season.pk, action=AuditLog.Action.UPDATE,
              user=user, old=old, new=new)
    return season


# -- tournaments ------------------------------------------------------------------------------------------------

def results_entered(tournament):
    """Whether any game or sheet total of the tournament is stored (then its ruleset is frozen)."""
    return bool(tournament.pk) and (Game.objects.filter(table__round__tournament=tournament).exists()
                                    or tournament.entries.filter(scores__isnull=False).exists())


def _check_tournament(tournament, changed):
    """The rules a tournament's settings keep, whoever writes them; ``changed``: the names written now."""
    _checked(tournament, exclude=["season"])
    if {"ruleset", "options", "game", "win_loss"} & set(changed):
        try:
            resolve(tournament.ruleset, tournament.options or None)
        except ScoringError as err:
            raise engine_error(err, field="options") from None
        if results_entered(tournament):
            raise ValidationError({"ruleset": ValidationError(
                _("Results are already entered: the game, the ruleset and its overrides can no longer be changed."),
                code="results_entered")})
    if "game" in changed and tournament.pk and (tournament.round_set.exists() or tournament.ziege_pairs.exists()):
        raise ValidationError({"game": ValidationError(
            _("Rounds are drawn or teams registered: the game can no longer be changed."), code="game_fixed")})
    if "round_count" in changed and tournament.pk:
        drawn = tournament.round_set.order_by("-number").values_list("number", flat=True).first() or 0
        if tournament.round_count < drawn:
            raise ValidationError({"round_count": ValidationError(
                _("Round %(n)s is already drawn; delete its draw first.") % {"n": drawn}, code="rounds_drawn")})


@transaction.atomic
def create_tournament(*, season, user, **fields):
    """A new tournament of ``season`` with the settings ``fields`` (``TOURNAMENT_FIELDS``); its organisers."""
    permissions.require(user, permissions.ORGANISE, season)
    fields.setdefault("publish_with_draw", not fields.get("published", False))     # public with its first draw
    tournament = Tournament(season=season, **_known(fields, TOURNAMENT_FIELDS))
    _check_tournament(tournament, TOURNAMENT_FIELDS)
    tournament.save()
    audit(tournament=tournament, obj_type=AuditLog.Kind.TOURNAMENT, obj_id=tournament.pk,
          action=AuditLog.Action.CREATE, user=user, new={name: jsonable(value) for name, value in fields.items()})
    return tournament


@transaction.atomic
def update_tournament(*, tournament, user, **fields):
    """Change the settings ``fields`` of ``tournament``; its direction. Once results are entered the ruleset and
    its overrides are frozen (the stored scores would no longer match), and rounds already drawn stay."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    tournament = Tournament.objects.select_related("season").get(pk=tournament.pk)
    old, new = assign(tournament, _known(fields, TOURNAMENT_FIELDS))
    if old:
        _check_tournament(tournament, new)
        tournament.save(update_fields=list(new))
        audit(tournament=tournament, obj_type=AuditLog.Kind.TOURNAMENT, obj_id=tournament.pk,
              action=AuditLog.Action.UPDATE, user=user, old=old, new=new)
        if "entry_fee" in new:          # payments keep their amounts; the paid ticks follow what is open now
            money_services.sync_all(tournament)
    return tournament


@transaction.atomic
def publish_tournament(*, tournament, user, published=True):
    """Make ``tournament`` visible to players (or hide it again); its direction. Publishing by hand ends the wait
    for the first draw, hiding by hand keeps it hidden at the next draw (docs/director.md, "Published when it
    should be"). Already so: nothing is written (a second click, a form sent twice)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    tournament = Tournament.objects.select_related("season").get(pk=tournament.pk)
    old, new = assign(tournament, {"published": bool(published), "publish_with_draw": False})
    if "published" in old:
        tournament.save(update_fields=list(new))
        audit(tournament=tournament, obj_type=AuditLog.Kind.TOURNAMENT, obj_id=tournament.pk,
              action=AuditLog.Action.UPDATE, user=user, old={"published": old["published"]},
              new={"published": new["published"]})
    elif old:
        tournament.save(update_fields=list(new))
    return tournament


def finish_state(tournament):
    """Whether ``tournament`` can be finished now: ``(rounds drawn, rounds locked)`` and the reason it cannot
    (None when it can). A tournament is finished when it has played at least one round and every round drawn is
    locked; fewer rounds than planned are allowed (the evening's time), the rounds not drawn are then dropped."""
    statuses = list(tournament.round_set.values_list("status", flat=True))
    locked = sum(s == "locked" for s in statuses)
    if not statuses:
        return len(statuses), locked, _("No round is drawn yet.")
    if locked < len(statuses):
        return len(statuses), locked, _("Lock every round first: %(locked)s of %(drawn)s rounds are locked.") % {
            "locked": locked, "drawn": len(statuses)}
    return len(statuses), locked, None


@transaction.atomic
def finish_tournament(*, tournament, user):
    """The tournament is over: its status is *finished* and its standings are final on every page and paper
    (``standings.selectors``: final when every planned round is locked). Only when every drawn round is locked;
    when fewer rounds were played than planned, the planned number becomes the number played (audited in the
    same row). Unlocking a round later makes it *running* again (``results.services.set_round_status``)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    tournament = Tournament.objects.select_related("season").get(pk=tournament.pk)
    drawn, _locked, problem = finish_state(tournament)
    if problem:
        raise ValidationError(problem, code="not_finishable")
    changes = {"status": Tournament.Status.FINISHED}
    if drawn < tournament.round_count:
        changes["round_count"] = drawn
    old, new = assign(tournament, changes)
    if old:
        tournament.save(update_fields=list(new))
        audit(tournament=tournament, obj_type=AuditLog.Kind.TOURNAMENT, obj_id=tournament.pk,
              action=AuditLog.Action.UPDATE, user=user, old=old, new=new)
    return tournament


# -- categories -------------------------------------------------------------------------------------------------

def _category_name(season, name, category=None):
    """``name`` with its spaces tidied, refused when the season has that category already (ignoring case)."""
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"name": ValidationError(_("This field is required."), code="required")})
    others = Category.objects.filter(season=season).exclude(pk=getattr(category, "pk", None))
    if any(c.name.casefold() == name.casefold() for c in others):
        raise ValidationError({"name": ValidationError(
            _("The season already has a category “%(name)s”.") % {"name": name}, code="category_exists")})
    return name


def _category_log(category, action, user, old=None, new=None):
    audit(season=category.season, obj_type=AuditLog.Kind.CATEGORY, obj_id=category.pk, action=action, user=user,
          old=old, new=new)


@transaction.atomic
def create_category(*, season, user, name):
    permissions.require(user, permissions.ORGANISE, season)
    lock_season(season.pk)      # two of one name take turns
    category = Category(season=season, name=_category_name(season, name))
    _checked(category)
    category.save()
    _category_log(category, AuditLog.Action.CREATE, user, new={"name": category.name})
    return category


@transaction.atomic
def rename_category(*, category, user, name):
    permissions.require(user, permissions.ORGANISE, category.season)
    lock_season(category.season_id)
    category = Category.objects.select_related("season").get(pk=category.pk)
    old, new = assign(category, {"name": _category_name(category.season, name, category)})
    if old:
        _checked(category)
        category.save(update_fields=["name"])
        _category_log(category, AuditLog.Action.UPDATE, user, old=old, new=new)
    return category


@transaction.atomic
def delete_category(*, category, user):
    """Delete a category of the season (its players stay; only the membership goes)."""
    permissions.require(user, permissions.ORGANISE, category.season)
    category = Category.objects.select_related("season").select_for_update(of=("self",)).filter(pk=category.pk).first()
    if category is None:
        return
    _category_log(category, AuditLog.Action.DELETE, user,
                  old={"name": category.name, "players": category.players.count()})
    category.delete()


@transaction.atomic
def add_player(*, category, player, user):
    """Put ``player`` into ``category``; True when the player was not in it yet."""
    permissions.require(user, permissions.ORGANISE, category.season)
    category = Category.objects.select_related("season").get(pk=category.pk)
    if category.players.filter(pk=player.pk).exists():
        return False
    category.players.add(player)
    _category_log(category, AuditLog.Action.ADD, user, new={"category": category.name, "player": str(player)})
    return True


@transaction.atomic
def remove_player(*, category, player, user):
    """Take ``player`` out of ``category``; True when the player was in it."""
    permissions.require(user, permissions.ORGANISE, category.season)
    category = Category.objects.select_related("season").get(pk=category.pk)
    if not category.players.filter(pk=player.pk).exists():
        return False
    category.players.remove(player)
    _category_log(category, AuditLog.Action.REMOVE, user, old={"category": category.name, "player": str(player)})
    return True


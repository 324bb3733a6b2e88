"""Who may do what (docs/roles.md). Views and services both ask here; nothing else decides access.

Four capabilities, each on one object:

* ``ADMINISTER`` (no object): create seasons, appoint season organisers — superusers only.
* ``ORGANISE`` a season: edit it, add its tournaments, its categories, its standings and exports, appoint
  directors and helpers for its tournaments — superusers and the season's organisers.
* ``DIRECT`` a tournament: everything in it (registration, draws, rounds, adjustments, log, standings, exports,
  appointing entry helpers) — the above and the tournament's directors.
* ``VIEW_SEASON``: see a season's page in the office — its organisers and anyone with a role in one of its
  tournaments (who then sees only those tournaments).
* ``ENTER`` results of a tournament: score sheets (enter, correct, delete a game; totals) — the above and the
  tournament's entry helpers. Corrections in a locked round need ``DIRECT``.

A ``TableAccess`` (a table's secret link, with the seat and device that use it; docs/table-entry.md) stands in
for a user at one table: it may ``ENTER`` results of that table's tournament, and only at its own table
(``require_enter_at``, which every service that writes at a table calls) — nothing else; it is never a director.

``user=None`` stands for the system itself (management commands, the demo, migrations): it may do everything.
A view always passes ``request.user`` (anonymous users included), so a view can never ask as the system.
"""

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.models import Entry, Role, Season, Tournament

ADMINISTER = "administer"
ORGANISE = "organise"
DIRECT = "direct"
ENTER = "enter"
VIEW_SEASON = "view_season"

# Which role kinds grant a capability on a tournament (beyond superusers and the season's organisers).
TOURNAMENT_KINDS = {DIRECT: {Role.Kind.DIRECTOR}, ENTER: {Role.Kind.DIRECTOR, Role.Kind.HELPER}}


class TableAccess:
    """A table link in use: ``link`` (a ``TableLink`` with its table, round and tournament loaded), ``seat``
    (0-based, the seat the phone chose), ``device`` (the phone's own id, a label for the log) and ``holder``
    (the fingerprint of the phone's secret: which phone it is, ``table_entry.holds``). Not a user:
    unauthenticated, no roles; ``audit`` records it as ``origin`` (never the holder)."""

    is_authenticated = False
    is_active = False
    is_superuser = False

    def __init__(self, link, seat=None, device="", holder=""):
        self.link = link
        self.table = link.table
        self.seat = seat
        self.device = device
        self.holder = holder

    def origin(self):
        return {"table": self.table.number, "seat": self.seat, "device": self.device}

    def may_write(self, table):
        """Whether this link may write at ``table``: its own table, not revoked."""
        return table.pk == self.table.pk and self.link.revoked_at is None


def roles_of(user):
    """The user's roles as (kind, season id, tournament id) triples, read once per user object."""
    cached = getattr(user, "_cego_roles", None)
    if cached is None:
        cached = list(Role.objects.filter(user=user).values_list("kind", "season_id", "tournament_id"))
        user._cego_roles = cached
    return cached


def forget_roles(user):
    """Drop the cached roles (after granting or revoking one for this very user object)."""
    user.__dict__.pop("_cego_roles", None)


def _active(user):
    return user is not None and user.is_authenticated and user.is_active


def can(user, capability, obj=None):
    """Whether ``user`` has ``capability`` on ``obj`` (a Season for ORGANISE, a Tournament for DIRECT/ENTER)."""
    if user is None:
        return True
    if isinstance(user, TableAccess):
        return capability == ENTER and isinstance(obj, Tournament) and obj.pk == user.table.round.tournament_id
    if not _active(user):
        return False
    if user.is_superuser:
        return True
    if capability == ADMINISTER:
        return False
    roles = roles_of(user)
    if capability == ORGANISE:
        return isinstance(obj, Season) and (Role.Kind.ORGANISER, obj.pk, None) in roles
    if capability == VIEW_SEASON:
        return isinstance(obj, Season) and ((Role.Kind.ORGANISER, obj.pk, None) in roles or Tournament.objects.filter(
            season=obj, pk__in={t for _k, _s, t in roles if t}).exists())
    if capability in TOURNAMENT_KINDS and isinstance(obj, Tournament):
        if (Role.Kind.ORGANISER, obj.season_id, None) in roles:
            return True
        return any(kind in TOURNAMENT_KINDS[capability] and tournament_id == obj.pk
                   for kind, _season, tournament_id in roles)
    return False


def require(user, capability, obj=None):
    """``can`` or ``PermissionDenied`` with a translated reason; services call this before writing."""
    if not can(user, capability, obj):
        raise PermissionDenied(_("You are not allowed to do this."))


def can_enter_at(user, table):
    """Whether ``user`` may enter results at ``table``: ``ENTER`` on its tournament, and a table link
    (``TableAccess``) only at its own table while the link is not revoked."""
    if isinstance(user, TableAccess) and not user.may_write(table):
        return False
    return can(user, ENTER, table.round.tournament)


def require_enter_at(user, table):
    """``can_enter_at`` or ``PermissionDenied``; the services that write at a table call this before writing."""
    if not can_enter_at(user, table):
        raise PermissionDenied(_("You are not allowed to do this."))


def has_office(user):
    """Whether the user may enter the tournament office at all (any role, or a superuser)."""
    return _active(user) and (user.is_superuser or bool(roles_of(user)))


def visible_seasons(user):
    """Seasons the user sees in the office: all for superusers; otherwise those of their roles."""
    if isinstance(user, TableAccess) or not _active(user):
        return Season.objects.none()
    if user.is_superuser:
        return Season.objects.all()
    season_ids = {s for kind, s, _t in roles_of(user) if s}
    tournament_ids = {t for kind, _s, t in roles_of(user) if t}
    return Season.objects.filter(pk__in=season_ids) | Season.objects.filter(tournaments__pk__in=tournament_ids)


def visible_tournaments(user, season):
    """Tournaments of ``season`` the user sees: all when they organise it; otherwise those of their roles."""
    tournaments = season.tournaments.all()
    if can(user, ORGANISE, season):
        return tournaments
    return tournaments.filter(pk__in={t for _k, _s, t in roles_of(user) if t})


def tournament_capabilities(user, tournament):
    """The capabilities the user has on ``tournament``, for templates (which links and buttons to show)."""
    return {c: can(user, c, tournament) for c in (DIRECT, ENTER)} | {
        ORGANISE: can(user, ORGANISE, tournament.season), ADMINISTER: can(user, ADMINISTER)}


# Players (docs/director.md, "Who sees which players"). A player record is shared by every tournament he played
# in, of any season; who may find, register and edit it follows the tournaments behind it.

def player_filter(user):
    """A ``Q`` on ``Player`` for the players ``user`` may find and register, or None for all of them (the system,
    superusers): the players with an entry in a tournament of a season where the user has a role (organiser of the
    season, or director or helper of one of its tournaments), and the players with no entry at all (a name without
    a tournament tells nothing). Nobody else: a table link, an anonymous user or an account without a role finds
    no one."""
    if user is None or (not isinstance(user, TableAccess) and _active(user) and user.is_superuser):
        return None
    if isinstance(user, TableAccess) or not has_office(user):
        return Q(pk__in=[])
    seasons = visible_seasons(user).values("pk")
    return (Q(pk__in=Entry.objects.filter(tournament__season__in=seasons).values("player_id"))
            | ~Q(pk__in=Entry.objects.values("player_id")))


def sees_player(user, player):
    """Whether ``user`` may find and register ``player`` (``player_filter``)."""
    rule = player_filter(user)
    return rule is None or type(player).objects.filter(rule, pk=player.pk).exists()


def sees_tournament(user, tournament):
    """Whether ``user`` may learn of ``tournament`` (its name, its date): published, or one they may enter results
    of (its staff, its season's organisers, superusers)."""
    return tournament.published or can(user, ENTER, tournament)


def may_edit_player(user, player):
    """Whether ``user`` may change ``player``'s own data (name, town, club, …), which every tournament he played in
    shows: only when they may direct every one of those tournaments — the season's organiser for a player of his
    season, a director for a player registered only in his tournament(s), a superuser always."""
    tournaments = Tournament.objects.filter(entries__player=player).distinct()
    return all(can(user, DIRECT, t) for t in tournaments)


def require_player_edit(user, player):
    """``may_edit_player`` or ``PermissionDenied`` saying why and whom to ask."""
    if not may_edit_player(user, player):
        raise PermissionDenied(_("This player also played in tournaments you do not direct, so only the "
                                 "organiser of those seasons can change his name, town or other data. You can "
                                 "still change this entry (start number, team, paid, present)."))

"""Import a backup document into this database: a new tournament, all of it in one transaction (docs/backup.md).

The document is checked completely (``backup_read``) before the first write; anything refused later (the
database, a stored total that does not match) rolls the whole import back. Existing rows are matched and never
changed (only category memberships are added): the season by name and year, teams and categories by name, users
by user name, players only when their personal data are identical (see ``_players``). Timestamps are the
document's: ``auto_now``/``auto_now_add`` fields are set again after the insert, since ``bulk_create`` stamps
them with the current time.
"""

from collections import Counter
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils.translation import gettext as _

from tournament.audit import versions
from tournament.backup import money as backup_money
from tournament.backup import read as backup_read
from tournament.backup import ziege as backup_ziege
from tournament.backup.format import PLAYER_IDENTITY, BackupError, load_value
from tournament.draws.links import issue_links
from tournament.models import (
    Adjustment,
    AuditLog,
    CashItem,
    Category,
    Entry,
    Game,
    Player,
    PrizePlan,
    PrizeStep,
    Reduction,
    Round,
    Score,
    Season,
    Seat,
    Table,
    Team,
    Tournament,
    ZiegePair,
)
from tournament.results.services import refresh_totals

BATCH = 500


@dataclass
class Summary:
    tournament: Tournament
    replaced: bool
    counts: dict
    new_players: int
    matched_by_data: list = field(default_factory=list)   # existing players matched by their data (names)
    new_users: list = field(default_factory=list)         # user names created as inactive accounts


@transaction.atomic
def import_tournament(doc, *, replace=False, as_new=None, season=None, new_players=False, check_scores=True,
                      progress=None):
    """Create the tournament of ``doc`` (a parsed document). ``replace``: delete an existing tournament of the
    same season, name and date in the same transaction; ``as_new``: import under this name instead; ``season``:
    into this Season instead of the one named in the document; ``new_players``: never match existing players.
    Raises ``BackupError``."""
    progress = progress or (lambda message: None)
    progress(_("checking the file"))
    plan = backup_read.read(doc, check_scores=check_scores)
    t = plan.tournament
    if as_new:
        t.name = load_value(Tournament, "name", as_new, "--as-new")
    t.season = season or _season(plan)
    existing = list(Tournament.objects.filter(season=t.season, name=t.name, date=t.date))
    if existing and not replace:
        raise BackupError(_("The season already has the tournament “%(name)s” on %(date)s. Import with --replace "
                            "to overwrite it or with --as-new NAME to keep both.") % {"name": t.name, "date": t.date})
    if len(existing) > 1:
        raise BackupError(_("The season has %(count)s tournaments “%(name)s” on %(date)s; delete all but one.")
                          % {"count": len(existing), "name": t.name, "date": t.date})
    new_users = _users(plan)
    new, matched_by_data = _players(plan, new_players)
    progress(_("writing"))
    _save(plan)
    if existing:
        _replace(existing[0], t)
    refresh_totals(p.entry.pk for p in plan.entries)
    for round_ in Round.objects.filter(tournament=t).exclude(status=Round.Status.LOCKED):
        issue_links(round_)                     # new secret links: a backup never carries the old ones
    versions.season_changed(t.season_id)        # a new tournament, perhaps new teams, categories and members
    stored = dict(Entry.objects.filter(tournament=t).values_list("start_number", "total"))
    wrong = sorted(n for n, total in plan.totals.items() if stored[n] != total)
    if wrong:
        raise BackupError(_("Entry %(number)s: the stored total %(stored)s is not the sum of its scores and "
                            "adjustments (%(computed)s); the file was changed or is damaged.")
                          % {"number": wrong[0], "stored": plan.totals[wrong[0]], "computed": stored[wrong[0]]})
    counts = {"entries": len(plan.entries), "rounds": len(plan.rounds), "tables": len(plan.tables),
              "games": len(plan.games) + len(plan.ziege_games), "adjustments": len(plan.adjustments),
              "audit": len(plan.audit), "payments": len(plan.payments), "prize_steps": len(plan.prize_steps)}
    return Summary(t, bool(existing), counts, new, matched_by_data, new_users)


def _season(plan):
    """The season of the document's name and year; created when there is none."""
    seasons = list(Season.objects.filter(name=plan.season["name"], year=plan.season["year"])[:2])
    if len(seasons) > 1:
        raise BackupError(_("There are several seasons “%(name)s” %(year)s; choose one with --season ID.")
                          % plan.season)
    if seasons:
        return seasons[0]
    season = Season.objects.create(**plan.season)
    Season.objects.filter(pk=season.pk).update(created_at=plan.season["created_at"])
    return season


def _users(plan):
    """Set the users the document names; a user name unknown here becomes an inactive account without a usable
    password, so the record of who did what survives. Returns the created user names."""
    model = get_user_model()
    names = {name for _obj, _field, name in plan.users}
    users = {u.get_username(): u for u in model._default_manager.filter(**{f"{model.USERNAME_FIELD}__in": names})}
    created = sorted(names - set(users))
    for name in created:
        user = model(**{model.USERNAME_FIELD: name}, is_active=False)
        user.set_unusable_password()
        user.save()
        users[name] = user
    for obj, name, username in plan.users:
        setattr(obj, name, users[username])
    return created


def _players(plan, new_players):
    """Attach each entry to a player. An existing player is taken only when all personal data (names, town,
    club, woman, year of birth, guest) are identical and the match is unambiguous: the very same record (same
    creation time), or the only such player here for the only such player in the file. No match: a new player.
    Several candidates and no same record: refused, since two people may share these data; ``new_players``
    creates every player anew. Returns (new players, names of those matched by data alone)."""
    candidates = {}
    if not new_players:
        last_names = {p.player.last_name for p in plan.entries}
        for player in Player.objects.filter(last_name__in=last_names):
            candidates.setdefault(_identity(player), []).append(player)
    in_file = Counter(_identity(p.player) for p in plan.entries)
    created, by_data, taken = [], [], set()
    for p in plan.entries:
        found = candidates.get(_identity(p.player), [])
        same = [c for c in found if c.created_at == p.player.created_at]
        if len(same) == 1:
            match = same[0]
        elif len(found) == 1 and in_file[_identity(p.player)] == 1:
            match = found[0]
            by_data.append(str(match))
        elif not found:
            created.append(p.player)
            continue
        else:
            raise BackupError(_("Entry %(number)s: %(player)s could be any of %(count)s players here. Import with "
                                "--new-players to create all players anew.")
                              % {"number": p.entry.start_number, "player": p.player, "count": len(found)})
        if match.pk in taken:
            raise BackupError(_("Entry %(number)s: %(player)s is already another entry of this tournament.")
                              % {"number": p.entry.start_number, "player": match})
        taken.add(match.pk)
        p.player = match
    _create_keeping(Player, created, "created_at")
    for p in plan.entries:
        p.entry.player = p.player
    return len(created), by_data


def _identity(player):
    return tuple(getattr(player, name) for name in PLAYER_IDENTITY)


def _save(plan):
    t = plan.tournament
    created_at = t.created_at
    t.save()
    Tournament.objects.filter(pk=t.pk).update(created_at=created_at)
    t.created_at = created_at
    teams = {name: Team.objects.get_or_create(season=t.season, name=name)[0] for name in plan.teams}
    categories = {name: Category.objects.get_or_create(season=t.season, name=name)[0] for name in plan.categories}
    Category.players.through.objects.bulk_create(
        [Category.players.through(category=categories[name], player=p.player) for p in plan.entries
         for name in p.categories], ignore_conflicts=True)
    for p in plan.entries:
        p.entry.team = teams[p.team] if p.team else None
    _create_keeping(Entry, [p.entry for p in plan.entries], "registered_at")
    _create_keeping(Round, plan.rounds, "drawn_at")
    Table.objects.bulk_create([p.table for p in plan.tables], batch_size=BATCH)
    Seat.objects.bulk_create([Seat(round_id=p.table.round.pk, table_id=p.table.pk, entry_id=entry.pk, position=i)
                              for p in plan.tables for i, entry in enumerate(p.seats)], batch_size=BATCH)
    _create_keeping(Game, plan.games, "updated_at")
    backup_ziege.save(plan, BATCH)
    Score.objects.bulk_create(_scores(plan), batch_size=BATCH)
    _create_keeping(Adjustment, plan.adjustments, "created_at")
    backup_money.save(plan, categories, _create_keeping, BATCH)
    for row, obj in zip(plan.audit, plan.audit_objects, strict=True):
        row.object_id = obj.pk if obj is not None else None
    _create_keeping(AuditLog, plan.audit, "at")


def _scores(plan):
    """The score rows: per seat of a game (``Game.scores`` by position), or of a totals-only table."""
    for p in plan.tables:
        entries = [entry.pk for entry in p.seats]
        if p.totals is not None:
            yield from (Score(table_id=p.table.pk, entry_id=e, points=points)
                        for e, points in zip(entries, p.totals, strict=False))
        for game in p.games:
            yield from (Score(table_id=p.table.pk, game_id=game.pk, entry_id=e, points=points)
                        for e, points in zip(entries, game.scores, strict=False))


def _create_keeping(model, objs, stamp):
    """``bulk_create`` that keeps the objects' ``stamp``, an auto_now/auto_now_add field the insert overwrites.

    The stamps are written back with one prepared UPDATE by primary key (``executemany``): ``bulk_update``
    builds a CASE expression per row and takes seconds for the games of a large tournament."""
    stamps = [getattr(obj, stamp) for obj in objs]
    model.objects.bulk_create(objs, batch_size=BATCH)
    field, qn = model._meta.get_field(stamp), connection.ops.quote_name
    sql = (f"UPDATE {qn(model._meta.db_table)} SET {qn(field.column)} = %s "
           f"WHERE {qn(model._meta.pk.column)} = %s")
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(field.get_db_prep_save(value, connection), obj.pk)
                                 for obj, value in zip(objs, stamps, strict=True)])
    for obj, value in zip(objs, stamps, strict=True):
        setattr(obj, stamp, value)


def _replace(old, new):
    """Move what hangs on the old tournament but is no part of a backup (e.g. roles) to the new one, then
    delete the old tournament with everything the backup restores."""
    owned = {Entry, Round, AuditLog, ZiegePair, Reduction, CashItem, PrizePlan, PrizeStep}
    for relation in Tournament._meta.related_objects:
        if relation.one_to_many and relation.related_model not in owned:
            relation.related_model._base_manager.filter(**{relation.field.name: old}).update(
                **{relation.field.name: new})
    old.delete()

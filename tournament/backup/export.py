"""Write one tournament as a backup document (``tournament.backup.format``; docs/backup.md).

A fixed number of queries whatever the field size. Everything is named by natural keys (start numbers, round,
table and game numbers, user names), never by database ids, so the document imports into any database; the
order is fixed (start number, round, table, game; adjustments and audit by time), so the same data always gives
the same bytes.
"""

import json

from django.db import connection
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.backup import format as backup
from tournament.backup import money as backup_money
from tournament.backup import ziege as backup_ziege
from tournament.models import (
    Adjustment,
    AuditLog,
    Category,
    Entry,
    Game,
    Score,
    Seat,
    Table,
    Tournament,
)


def export_tournament(tournament, progress=None):
    """The backup document (a dict) of ``tournament``; ``progress(message)`` hears what is being read."""
    progress = progress or (lambda message: None)
    t = Tournament.objects.select_related("season").get(pk=tournament.pk)
    entries = list(Entry.objects.filter(tournament=t).select_related("player", "team").order_by("start_number"))
    progress(_("%(count)s entries") % {"count": len(entries)})
    number = {e.pk: e.start_number for e in entries}
    memberships = _memberships(t, entries)
    rounds, refs = _rounds(t, number, progress)
    ziege = {"ziege_teams": backup_ziege.export_teams(t, number)} if backup_ziege.is_ziege(t) else {}
    adjustments = list(Adjustment.objects.filter(entry__tournament=t).select_related("created_by")
                       .order_by("created_at", "id"))
    refs["adjustment"] = {a.pk: {"adjustment": index} for index, a in enumerate(adjustments, start=1)}
    refs["entry"] = {e.pk: {"entry": e.start_number} for e in entries}
    refs["tournament"] = {t.pk: {}}
    money, money_categories = backup_money.export(t, number, refs)
    audit = list(AuditLog.objects.filter(tournament=t).select_related("user").order_by("at", "id"))
    progress(_("%(adjustments)s adjustments, %(audit)s audit entries")
             % {"adjustments": len(adjustments), "audit": len(audit)})
    return {
        "format": backup.FORMAT,
        "version": backup.VERSION,
        "exported_at": timezone.now().isoformat(),
        "app": {"migration": _migration()},
        "season": backup.dump_fields(t.season, backup.SEASON_FIELDS),
        "tournament": backup.dump_fields(t, backup.TOURNAMENT_FIELDS),
        "teams": sorted({e.team.name for e in entries if e.team_id}),
        "categories": sorted({name for names in memberships.values() for name in names} | money_categories),
        "entries": [_entry(e, memberships) for e in entries],
        **ziege,
        "rounds": rounds,
        "adjustments": [{"entry": number[a.entry_id], **backup.dump_fields(a, backup.ADJUSTMENT_FIELDS),
                         "created_by": _username(a.created_by)} for a in adjustments],
        **money,
        "audit": [_audit_row(a, refs) for a in audit],
    }


def to_json(document):
    """The document as UTF-8 text: nested objects indented, flat ones (a game, a player) on one line each."""
    return _format(document, "") + "\n"


def _format(value, indent):
    if _one_line(value):
        return json.dumps(value, ensure_ascii=False)
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_format(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    return "[\n" + ",\n".join(inner + _format(v, inner) for v in value) + "\n" + indent + "]"


def _one_line(value):
    """A record (an entry, a game, an audit row) holds no list of objects: one line of its own."""
    if isinstance(value, dict):
        return all(_one_line(v) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, dict) and _one_line(v) for v in value)
    return True


def _migration():
    """The newest applied migration of the app: which schema the document came from (for support)."""
    applied = MigrationRecorder(connection).applied_migrations()
    return max((name for app, name in applied if app == "tournament"), default=None)


def _username(user):
    return user.get_username() if user else None


def _memberships(t, entries):
    """{player id: names of the season's categories the player belongs to}, for the tournament's players."""
    rows = (Category.players.through.objects.filter(category__season=t.season_id,
                                                    player_id__in=[e.player_id for e in entries])
            .values_list("player_id", "category__name").order_by("category__name"))
    memberships = {}
    for player_id, name in rows:
        memberships.setdefault(player_id, []).append(name)
    return memberships


def _entry(e, memberships):
    fields = backup.dump_fields(e, backup.ENTRY_FIELDS)
    return {"start_number": fields.pop("start_number"), "player": backup.dump_fields(e.player, backup.PLAYER_FIELDS),
            "team": e.team.name if e.team_id else None, "categories": memberships.get(e.player_id, []), **fields}


def _rounds(t, number, progress):
    """The rounds with their tables, seats, totals and games; and the natural keys of rounds, tables and games
    by database id (``refs``) for the audit rows."""
    tables = list(Table.objects.filter(round__tournament=t).select_related("round").order_by("round__number",
                                                                                             "number"))
    seats, totals, games = {}, {}, {}
    for table_id, entry_id in (Seat.objects.filter(round__tournament=t).order_by("table_id", "position")
                               .values_list("table_id", "entry_id")):
        seats.setdefault(table_id, []).append(entry_id)
    for table_id, entry_id, points in (Score.objects.filter(table__round__tournament=t, game__isnull=True)
                                       .values_list("table_id", "entry_id", "points")):
        totals.setdefault(table_id, {})[entry_id] = points
    for game in Game.objects.filter(table__round__tournament=t).select_related("updated_by").order_by("number"):
        games.setdefault(game.table_id, []).append(game)
    refs = {"round": {}, "totals": {}, "game": {}, "table": {}}
    ziege = backup_ziege.is_ziege(t)
    byes, ziege_games = (backup_ziege.export_byes(t), backup_ziege.export_games(t)) if ziege else ({}, {})
    out = {}
    for r in t.round_set.order_by("number"):
        refs["round"][r.pk] = {"round": r.number}
        out[r.pk] = {**backup.dump_fields(r, backup.ROUND_FIELDS), **({"byes": byes.get(r.pk, [])} if ziege else {}),
                     "tables": []}
    for table in tables:
        key = {"round": table.round.number, "table": table.number}
        refs["totals"][table.pk] = refs["table"][table.pk] = key
        by_entry = totals.get(table.pk)
        rows = []
        for game in games.get(table.pk, []):
            refs["game"][game.pk] = {**key, "game": game.number}
            rows.append({**backup.dump_fields(game, backup.GAME_STORED), "updated_by": _username(game.updated_by)})
        for game in ziege_games.get(table.pk, []):         # a Ziege tournament has no Cego games: no clash
            refs["game"][game.pk] = {**key, "game": game.number}
        out[table.round_id]["tables"].append({
            **backup.dump_fields(table, backup.TABLE_FIELDS),
            "seats": [number[e] for e in seats.get(table.pk, [])],
            "totals": [by_entry[e] for e in seats.get(table.pk, [])] if by_entry else None,
            "games": rows,
            **({"ziege_games": [backup_ziege.game_row(g) for g in ziege_games.get(table.pk, [])]} if ziege else {}),
        })
    for r in out.values():
        progress(_("round %(round)s: %(tables)s tables, %(games)s games")
                 % {"round": r["number"], "tables": len(r["tables"]),
                    "games": sum(len(table["games"]) for table in r["tables"])})
    return list(out.values()), refs


def _audit_row(row, refs):
    keys = refs.get(row.object_type, {})
    if row.object_type == AuditLog.Kind.MONEY:            # the id of an entry, a reduction or a cash item
        keys = keys[backup_money.audit_target(row)]
    return {**backup.dump_fields(row, backup.AUDIT_FIELDS),
            "table": refs["table"].get(row.table_id), "object": keys.get(row.object_id),
            "user": _username(row.user)}

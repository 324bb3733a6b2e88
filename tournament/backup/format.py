"""The backup format of one tournament: a versioned JSON document (``cego-tournament``, docs/backup.md).

Which fields of which model the document carries, and how values are written and read back. Writing: times in
ISO 8601 (UTC), dates ISO, JSON fields with sorted keys, so two exports of the same data are the same bytes on
SQLite and PostgreSQL. Reading: every value is checked against its model field (JSON type, length, range,
choices), so a damaged file fails with a message naming the place rather than with a database error.

``backup_export`` writes a document, ``backup_read`` checks one and builds unsaved model objects from it,
``backup_import`` saves them in one transaction.
"""

import datetime
import decimal
import json

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.results.engine import GAME_FIELDS

FORMAT = "cego-tournament"
VERSION = 2
# Version 1 named two fields as the models did then: Tournament.rounds (now round_count) and Table.games_played
# (now games_planned). ``upgrade`` renames them, so version 1 files still import.
READABLE_VERSIONS = (1, 2)

# Stored fields per model, in document order. Relations are written by natural keys instead (start numbers,
# round, table and game numbers, team and category names, user names); tests/backup/test_backup.py checks
# that these and the relations cover every concrete field, so a new field cannot be left out unnoticed.
SEASON_FIELDS = ("name", "year", "best_n", "youth_age", "senior_age", "created_at", "embed_origins")
TOURNAMENT_FIELDS = ("name", "date", "venue", "game", "ruleset", "options", "round_count", "games_per_round_3",
                     "games_per_round_4", "games_per_round_5", "status", "published", "keep_teams_apart",
                     "tiebreaks", "prize_places", "last_place_prize", "seed", "created_at", "prereg_open",
                     "prereg_capacity", "games_per_round_2", "win_loss", "round_robin", "publish_with_draw",
                     "venue_address", "host", "start_time", "entry_fee")
PLAYER_IDENTITY = ("first_name", "last_name", "town", "club", "is_woman", "birth_year", "is_guest")
PLAYER_FIELDS = (*PLAYER_IDENTITY, "created_at")
ENTRY_FIELDS = ("start_number", "paid", "checked_in", "withdrawn", "registered_at", "total", "lot", "note")
ROUND_FIELDS = ("number", "status", "seed", "algorithm", "input_hash", "drawn_at", "clock_minutes", "clock_ends_at")
TABLE_FIELDS = ("number", "size", "games_planned", "ended_early", "not_counted", "end_reason")
GAME_STORED = ("number", *GAME_FIELDS, "scores", "value", "fach", "won", "explanation", "version", "updated_at",
               "keyed_seat", "keyed_device", "confirmed_seat", "confirmed_at")
ADJUSTMENT_FIELDS = ("points", "reason", "created_at")
AUDIT_FIELDS = ("at", "action", "object_type", "reason", "old", "new", "origin")
# The money and the prizes of the day (issue 26, tournament/backup/money.py). Relations by natural keys: an entry
# by start number, a charge's reduction by name, a reduction's or prize's season category by name, a step's goods
# by the prize's place (1, 2, …) in the plan's "prizes", users by user name. The season's fund and its payouts
# belong to the season and are no part of a tournament's backup.
REDUCTION_FIELDS = ("name", "amount", "free")          # and "category" (a built-in key) or "season_category"
CHARGE_FIELDS = ("no_reduction", "override", "reason")
PAYMENT_FIELDS = ("amount", "method", "paid_on", "at")
CASH_ITEM_FIELDS = ("kind", "text", "amount", "at")
PRIZE_PLAN_FIELDS = ("rule", "ties", "scale_from", "public", "certificate_places", "certificate_specials")
PRIZE_FIELDS = ("kind", "place", "money", "goods", "goods_value", "quantity")
PRIZE_STEP_FIELDS = ("state", "award", "money", "goods_name", "goods_value", "at")
# Keys of the document added after version 2 was first written: a file without them has none of these.
LATER_KEYS = {"reductions": [], "charges": [], "payments": [], "cash_items": [], "prize_plan": None,
              "prize_steps": []}
# Fields added after version 2 was first written (entry at the table, docs/table-entry.md): a file without them
# still imports, with the field's default. Table links, flags, sign-offs and request keys are not in a backup:
# an import issues new links for the rounds that are not locked.
LATER_FIELDS = {"clock_minutes": None, "clock_ends_at": None, "keyed_seat": None, "keyed_device": "",
                "confirmed_seat": None, "confirmed_at": None, "origin": None,
                "prereg_open": False, "prereg_capacity": None,
                # A table's round ended early (a player left, docs/director.md).
                "ended_early": False, "not_counted": False, "end_reason": "",
                # Offiziers-Cego and Ziege (docs/director.md): older files are Cego tournaments.
                "game": "cego", "games_per_round_2": 4, "win_loss": False, "round_robin": False,
                # The variants of issue 15 (docs/scoring.md): a Gegensolo's contract, a game played open.
                "played_with": None, "ouverte": False,
                # A remark on an entry (the club list's "Bemerkung", docs/director.md "Import").
                "note": "", "senior_age": None,
                # Published with the first draw (issue 22, docs/director.md): older files wait for nobody.
                "publish_with_draw": False,
                # The day's facts and its fee (issues 26 and 27): older files have none.
                "venue_address": "", "host": "", "start_time": None, "entry_fee": "0.00",
                # The last rules of the seed documents (RULES.md §10, issue 28): a Pflichträuber, a bought
                # Kleiner Mann, a fine's payer and value.
                "compulsory": False, "pagat_seller": None, "payer": None, "fine_value": None,
                # The web sites that may embed a season's widgets (docs/api.md): older files name none.
                "embed_origins": ""}
# Not stored: the data versions of the page cache (tournament.audit.versions) belong to this database; an
# imported tournament starts with new ones and raises its season's.
VERSION_FIELDS = ("data_version", "setup_version", "results_version")
# Not stored either: whether this database's import created an entry's player (``Entry.created_player``,
# docs/director.md "Import"); a restored entry is not an import, its player stays when it is removed.
LOCAL_FIELDS = ("created_player",)

# Audit rows name their object by a database id; the document names it by natural keys instead (docs/backup.md).
# ``"tournament": ()``: the row is about the document's own tournament (its settings), named by ``{}``. Rows of a
# season (seasons, categories, organisers) belong to no tournament and are no part of a tournament's backup.
AUDIT_OBJECT_KEYS = {"round": ("round",), "totals": ("round", "table"), "table": ("round", "table"),
                     "game": ("round", "table", "game"), "adjustment": ("adjustment",), "entry": ("entry",),
                     "tournament": (), "prize": ("prize_step",), "prize_plan": ()}
# A money row names one of three objects (tournament.money.services): the entry whose payment, refund or fee it
# records (by start number), a reduction (by name) or a cash item (by its place in "cash_items").
AUDIT_MONEY_KEYS = (("entry",), ("reduction",), ("cash_item",))


def upgrade(doc):
    """A parsed document of any readable version, rewritten in place to the current version's field names."""
    if doc.get("version") == 1:
        tournament = doc.get("tournament")
        if isinstance(tournament, dict) and "rounds" in tournament:
            tournament["round_count"] = tournament.pop("rounds")
        for round_ in doc.get("rounds") or ():
            for table in (round_.get("tables") or ()) if isinstance(round_, dict) else ():
                if isinstance(table, dict) and "games_played" in table:
                    table["games_planned"] = table.pop("games_played")
        doc["version"] = VERSION
    return doc


class BackupError(Exception):
    """A document that cannot be imported; the message is translated and names the place."""


def problem(where, message):
    return BackupError(_("%(where)s: %(problem)s") % {"where": where, "problem": message})


def canonical(value):
    """A JSON value with its object keys sorted (PostgreSQL's jsonb reorders them, SQLite keeps them)."""
    return json.loads(json.dumps(value, sort_keys=True))


def dump_fields(obj, names):
    out = {}
    for name in names:
        field = obj._meta.get_field(name)
        value = getattr(obj, name)
        if isinstance(value, datetime.datetime):
            value = value.astimezone(datetime.UTC).isoformat()
        elif isinstance(value, (datetime.date, datetime.time)):
            value = value.isoformat()
        elif isinstance(value, decimal.Decimal):
            value = str(value)          # "8.50": exact, never a float
        elif isinstance(field, models.JSONField):
            value = canonical(value)
        out[name] = value
    return out


def member(data, key, where, kind=None):
    """``data[key]``, with a message naming the place when ``data`` is no object, the key is missing, or the
    value is not of JSON ``kind`` (list or dict)."""
    if not isinstance(data, dict):
        raise problem(where, _("not a JSON object"))
    if key not in data:
        raise problem(where, _("“%(key)s” is missing") % {"key": key})
    value = data[key]
    if kind is list and not isinstance(value, list):
        raise problem(where, _("“%(key)s” must be a list") % {"key": key})
    if kind is dict and not isinstance(value, dict):
        raise problem(where, _("“%(key)s” must be a JSON object") % {"key": key})
    return value


def _json_type_ok(field, raw):
    if isinstance(field, models.BooleanField):
        return isinstance(raw, bool)
    if isinstance(field, (models.IntegerField, models.ForeignKey)):
        return isinstance(raw, int) and not isinstance(raw, bool)
    if isinstance(field, (models.CharField, models.TextField, models.DateField, models.TimeField,
                          models.DecimalField)):
        return isinstance(raw, str)
    return True          # JSONField: any JSON value


def load_value(model, name, raw, where):
    """The Python value of field ``name`` of ``model`` from the document, or ``BackupError``."""
    field = model._meta.get_field(name)
    if raw is None:
        if field.null:
            return None
        raise problem(where, _("“%(key)s” must not be empty") % {"key": name})
    if not _json_type_ok(field, raw):
        raise problem(where, _("“%(key)s” has the wrong type: %(value)s") % {"key": name, "value": repr(raw)[:60]})
    try:
        value = field.to_python(raw)
        field.run_validators(value)
    except ValidationError as err:
        raise problem(where, f"“{name}”: {' '.join(err.messages)}") from None
    if isinstance(field, models.DateTimeField) and timezone.is_naive(value):
        raise problem(where, _("“%(key)s” has no time zone") % {"key": name})
    if field.choices and value not in {key for key, _label in field.flatchoices}:
        raise problem(where, _("“%(key)s” has an unknown value: %(value)s") % {"key": name, "value": value})
    return value


def load_fields(model, data, names, where):
    return {name: LATER_FIELDS[name] if name in LATER_FIELDS and isinstance(data, dict) and name not in data
            else load_value(model, name, member(data, name, where), where) for name in names}

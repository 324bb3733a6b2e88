"""The audit log in words: one ``AuditLog`` row → what a director reads. The one renderer of the log for every page
and export — the director's audit page, a score sheet's change log, the audit sheet of the tournament workbook.

What a row says (``Described``):

* ``kind`` — what sort of thing changed (``AuditLog.Kind``'s label: Game, Registration, Category …);
* ``subject`` — which one: "Game 5", "Round 2", or the kind again where the row names no number;
* ``where`` — where it is: "table 3, round 1" for a sheet, "start number 12" for an entry or adjustment, the
  name of a category;
* ``changes`` — field by field (``Change``): the field's translated name, before and after in words. Seats are
  1-based as on the paper sheet, points signed, contracts, round and tournament status, roles and rulesets by
  their names, yes/no for flags. An update lists only what changed;
* ``before`` / ``after`` — each side in one line: a game as "Cego, declarer 2, 60 card points → +90 −30 …",
  sheet totals seat by seat, anything else as "field: value; field: value".

Field names come from the models' ``verbose_name`` (so they are translated once, with the models).
"""

import json
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import resolve
from scoring.contracts import CONTRACTS, DRESCHER, GOAL, POINT, RAEUBER
from tournament.common.i18n import engine_lang
from tournament.common.numbers import signed
from tournament.models import (
    Adjustment,
    AuditLog,
    Category,
    Entry,
    Game,
    Player,
    Role,
    Round,
    Season,
    Seat,
    Tournament,
)

Kind = AuditLog.Kind
MODELS = {Kind.GAME: Game, Kind.ROUND: Round, Kind.ADJUSTMENT: Adjustment, Kind.ENTRY: Entry, Kind.ROLE: Role,
          Kind.SEASON: Season, Kind.TOURNAMENT: Tournament, Kind.CATEGORY: Category, Kind.PLAYER: Player}
SEATS = {"declarer", "announcer", "last_trick", "penalty"}         # game fields that hold a 0-based seat
# Keys the subject or ``where`` already says, or bookkeeping only.
HIDDEN = {Kind.GAME: {"number", "version"}, Kind.ROUND: {"round"}, Kind.ADJUSTMENT: {"entry"}, Kind.CLOCK: {"round"},
          Kind.ENTRY: {"bulk", "undoes"}}
NONE = "–"


@dataclass
class Change:
    key: str
    label: str
    before: str = ""
    after: str = ""


@dataclass
class Described:
    log: AuditLog
    kind: str
    subject: str
    where: str = ""
    changes: list = field(default_factory=list)
    before: str = ""
    after: str = ""

    @property
    def action(self):
        return self.log.get_action_display()

    @property
    def user(self):
        """The user, or for a write from a table link the seat and the device ("Table 7, seat 3 (phone 4f2a)")."""
        if self.log.user:
            return self.log.user.get_username()
        origin = self.log.origin
        if isinstance(origin, dict) and origin.get("seat") is not None:
            where = {"table": origin.get("table"), "seat": origin["seat"] + 1, "device": str(origin.get("device") or "")[:8]}
            if where["device"]:
                return _("Table %(table)s, seat %(seat)s (phone %(device)s)") % where
            return _("Table %(table)s, seat %(seat)s") % where
        return NONE

    @property
    def round_number(self):
        return self.log.table.round.number if self.log.table else None

    @property
    def table_number(self):
        return self.log.table.number if self.log.table else None


def describe_all(logs):
    """``Described`` of each row, reading the round numbers of round rows in one query (a status row stores
    only the status). Load the rows with ``select_related("user", "table__round")``."""
    logs = list(logs)
    round_ids = {log.object_id for log in logs if log.object_type == Kind.ROUND and log.object_id}
    numbers = dict(Round.objects.filter(pk__in=round_ids).values_list("pk", "number")) if round_ids else {}
    return [describe(log, numbers) for log in logs]


def describe(log, round_numbers=None):
    kind = log.object_type
    old, new = _as_dict(log.old), _as_dict(log.new)
    if log.action in TABLE_EVENTS:
        return Described(log=log, kind=_kind_label(kind), subject=_subject(log, old, new, round_numbers or {}),
                         where=_where(log, old, new), after=table_event(log, old, new))
    if log.action in (AuditLog.Action.END, AuditLog.Action.RESUME):
        sentence = early_end(log.action, old, new)
        return Described(log=log, kind=_kind_label(kind), subject=_subject(log, old, new, round_numbers or {}),
                         where=_where(log, old, new), before=early_end(Action.END, {}, old) if old else "",
                         after=sentence)
    if log.action == AuditLog.Action.MERGE:
        sentence = merged(old, new)
        return Described(log=log, kind=_kind_label(kind), subject=sentence, after=sentence, changes=[Change(
            key="player", label=label(Kind.ENTRY, "player"), before=str(old.get("player", NONE)),
            after=str(new.get("player", NONE)))])
    changes = _changes(kind, old, new, log.action == AuditLog.Action.UPDATE)
    if kind == Kind.GAME:
        before, after = describe_game(log.old) if log.old else "", describe_game(log.new) if log.new else ""
    elif kind == Kind.TOTALS:
        before, after = describe_totals(log.old) if log.old else "", describe_totals(log.new) if log.new else ""
    else:
        before = "; ".join(f"{c.label}: {c.before}" for c in changes if c.before)
        after = "; ".join(f"{c.label}: {c.after}" for c in changes if c.after)
    return Described(log=log, kind=_kind_label(kind), subject=_subject(log, old, new, round_numbers or {}),
                     where=_where(log, old, new), changes=changes, before=before, after=after)


Action = AuditLog.Action
TABLE_EVENTS = {Action.CONFIRM, Action.DISPUTE, Action.SIGN, Action.CALL, Action.RESOLVE, Action.ISSUE}


def table_event(log, old, new):
    """What a write of entry at the table did, in one line (docs/table-entry.md)."""
    action = log.action
    if action == Action.CONFIRM:
        return _("confirmed as entered (version %(version)s)") % {"version": new.get("version")}
    if action == Action.DISPUTE:
        note = new.get("note")
        return _("disputed: “%(note)s”") % {"note": note} if note else _("disputed")
    if action == Action.SIGN:
        totals = new.get("totals") or []
        return _("signed off the totals: %(totals)s") % {"totals": " · ".join(
            _("seat %(seat)s %(points)s") % {"seat": i + 1, "points": signed(p)} for i, p in enumerate(totals))}
    if action == Action.CALL:
        return _("called the tournament direction") + (f": “{new['note']}”" if new.get("note") else "")
    if action == Action.RESOLVE:
        what = _("dispute of game %(number)s") % {"number": old.get("game")} if old.get("kind") == "dispute" \
            else _("call for the director")
        return _("%(what)s resolved") % {"what": what}
    if action == Action.ISSUE:
        return _("new link issued, the old one revoked") if new.get("revoked") else _("link issued")
    return ""


def early_end(action, old, new):
    """A table's round ended early (a player left) or resumed, in words (``results.early_end``)."""
    if action == Action.RESUME or not new.get("ended_early"):
        return _("the table plays on: the early end is undone")
    if new.get("not_counted"):
        text = _("round ended early; the round of this table is not counted")
    else:
        text = _("round ended early; the games played stand")
    return f"{text} (“{new['reason']}”)" if new.get("reason") else text


def merged(old, new):
    """A merge of two player records in words (``registration.merge``)."""
    return _("Player %(other)s merged with %(kept)s") % {"other": old.get("player", NONE),
                                                          "kept": new.get("player", NONE)}


def _as_dict(value):
    if isinstance(value, dict):
        return value
    return {} if value is None else {"": value}


def _kind_label(kind):
    try:
        return str(Kind(kind).label)
    except ValueError:
        return str(kind)


def _subject(log, old, new, round_numbers):
    kind = log.object_type
    if kind == Kind.GAME and (new.get("number") or old.get("number")):
        return _("Game %(number)s") % {"number": new.get("number") or old.get("number")}
    if kind == Kind.TABLE and log.table is not None:
        return _("Table %(n)s") % {"n": log.table.number}
    if kind == Kind.ROUND:
        number = new.get("round") or old.get("round") or round_numbers.get(log.object_id)
        if number:
            return _("Round %(n)s") % {"n": number}
    return _kind_label(kind)


def _where(log, old, new):
    if log.object_type == Kind.CLOCK and (new.get("round") or old.get("round")):
        return _("Round %(n)s") % {"n": new.get("round") or old.get("round")}
    if log.table is not None:
        return _("table %(t)s, round %(n)s") % {"t": log.table.number, "n": log.table.round.number}
    kind = log.object_type
    number = (new.get("start_number") or old.get("start_number") if kind == Kind.ENTRY
              else new.get("entry") or old.get("entry") if kind == Kind.ADJUSTMENT else None)
    if number:
        return _("Start number %(n)s") % {"n": number}
    name = new.get("category") or old.get("category") or new.get("name") or old.get("name")
    if kind == Kind.CATEGORY and name:
        return f"“{name}”"
    return ""


def _changes(kind, old, new, update):
    """What the row changed, field by field; an update leaves out what stayed the same."""
    hidden = HIDDEN.get(kind, set())
    rows = []
    for key in [*old, *(k for k in new if k not in old)]:
        before, after = old.get(key), new.get(key)
        if key in hidden or (update and before == after) or (before is None and after is None) or (
                key == "calls" and not before and not after):
            continue
        rows.append(Change(key=key, label=label(kind, key),
                           before=value_text(kind, key, before) if key in old else "",
                           after=value_text(kind, key, after) if key in new else ""))
    return rows


def _verbose(model, name):
    try:
        return str(model._meta.get_field(name).verbose_name)
    except Exception:       # FieldDoesNotExist, or a reverse relation without a verbose name
        return None


def label(kind, key):
    """The translated name of a stored key of a row of ``kind``."""
    if kind == Kind.TOTALS and key.isdecimal():
        return f"{_verbose(Seat, 'position')} {int(key) + 1}"
    if key.startswith("player."):
        return _verbose(Player, key.removeprefix("player.")) or key
    model = MODELS.get(kind)
    found = _verbose(model, key) if model else None
    if found:
        return found
    extra = {
        "player": lambda: _verbose(Entry, "player"), "entry": lambda: _verbose(Adjustment, "entry"),
        "category": lambda: str(Category._meta.verbose_name), "round": lambda: _verbose(Round, "number"),
        "players": lambda: _verbose(Category, "players"), "entries": lambda: str(Entry._meta.verbose_name_plural),
        "stats": lambda: _("draw checks"), "file": lambda: _("file"), "new_players": lambda: _("new players"),
        "renumbered": lambda: _("renumbered start numbers"),
        "sha256": lambda: "SHA-256", "start_numbers": lambda: _("start numbers"), "minutes": lambda: _verbose(Round, "clock_minutes"), "role": lambda: _verbose(Role, "kind"), "user": lambda: _verbose(Role, "user"),
    }
    return (extra[key]() if key in extra else None) or key


def value_text(kind, key, value):
    """A stored value in words (see the module's docstring)."""
    if value is None or value == "":
        return NONE
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if kind == Kind.GAME:
        return _game_value(key, value)
    if kind == Kind.TOTALS or (kind == Kind.ADJUSTMENT and key == "points"):
        return signed(value) if isinstance(value, int) else str(value)
    if key == "status" and kind in (Kind.ROUND, Kind.TOURNAMENT):
        choices = Round.Status if kind == Kind.ROUND else Tournament.Status
        return str(choices(value).label) if value in choices.values else str(value)
    if key == "role" and value in Role.Kind.values:
        return str(Role.Kind(value).label)
    if key == "ruleset":
        return _ruleset_name(value)
    if key == "stats" and isinstance(value, dict):
        text = f"{_('Pairs meeting twice today')}: {value.get('repeated_pairs', NONE)}"
        if value.get("group_violations"):
            text += f"; {_('Team members at one table')}: {value['group_violations']}"
        return text
    if key in ("input_hash", "sha256") and isinstance(value, str) and len(value) > 12:
        return value[:12] + "…"
    if key == "start_numbers" and isinstance(value, list):
        return ", ".join(str(n) for n in value) or NONE
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))
    return str(value)


def _ruleset_name(key):
    try:
        return resolve(key).name[engine_lang()]
    except Exception:       # a ruleset this installation no longer knows: its key
        return str(key)


def _game_value(key, value):
    if key in SEATS and isinstance(value, int):
        return str(value + 1)
    if key == "contract":
        contract = CONTRACTS.get(value)
        return contract.name(engine_lang()) if contract else str(value)
    if key == "scores" and isinstance(value, list):
        return " ".join(signed(v) for v in value)
    if key in ("raeuber_points", "raeuber_tricks") and isinstance(value, list):
        return "/".join(NONE if v is None else str(v) for v in value)
    return str(value)


# -- one line per game or sheet -----------------------------------------------------------------------------------

def describe_game(snapshot, lang=None):
    """One line in words for a stored game snapshot (``results.engine.game_snapshot``), for conflicts and the log."""
    if not snapshot:
        return "—"
    lang = lang or engine_lang()
    contract = CONTRACTS.get(snapshot.get("contract"))
    if contract is None:
        return str(snapshot.get("contract") or "—")
    parts = [contract.name(lang)]

    def seat(value):
        return NONE if value is None else str(value + 1)

    if contract.kind in (POINT, GOAL):
        parts.append(_("declarer %(seat)s") % {"seat": seat(snapshot.get("declarer"))})
    else:
        parts.append(_("announced by %(seat)s") % {"seat": seat(snapshot.get("announcer"))})
    if contract.kind == POINT and snapshot.get("card_points") is not None:
        parts.append(_("%(points)s card points") % {"points": snapshot["card_points"]})
    elif contract.kind == GOAL:
        if snapshot.get("tricks") is not None:
            parts.append(ngettext("%(n)s trick", "%(n)s tricks", snapshot["tricks"]) % {"n": snapshot["tricks"]})
        elif snapshot.get("achieved") is not None:
            parts.append(_("goal met") if snapshot["achieved"] else _("goal missed"))
    elif contract.kind == RAEUBER and snapshot.get("raeuber_points"):
        points = "/".join(NONE if p is None else str(p) for p in snapshot["raeuber_points"])
        parts.append(_("card points %(points)s") % {"points": points})
    elif contract.kind == DRESCHER:
        parts.append(_("last trick %(seat)s") % {"seat": seat(snapshot.get("last_trick"))})
    if snapshot.get("penalty") is not None:
        parts.append(_("rule violation by %(seat)s") % {"seat": seat(snapshot["penalty"])})
    if snapshot.get("calls"):
        parts.append(ngettext("%(n)s call", "%(n)s calls", snapshot["calls"]) % {"n": snapshot["calls"]})
    text = ", ".join(parts)
    if snapshot.get("scores"):
        text += " → " + " ".join(signed(s) for s in snapshot["scores"])
    return text


def describe_totals(values):
    """Sheet totals seat by seat (``{"0": 30, "1": -10, …}``): "1: +30 2: −10 …"."""
    if not values or not isinstance(values, dict):
        return "—"
    return " ".join(f"{int(k) + 1}: {signed(v)}" for k, v in sorted(values.items(), key=lambda kv: int(kv[0])))

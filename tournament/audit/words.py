"""The audit log in words: one ``AuditLog`` row → what a director reads. The one renderer of the log for every page
and export — the director's audit pages (tournament and season), a score sheet's change log, the audit sheet
("Protokoll") of the tournament workbook (docs/director.md "Protokoll in words").

What a row says (``Described``):

* ``kind`` — what sort of thing changed (``AuditLog.Kind``'s label: Game, Registration, Category …);
* ``subject`` — which one: "Game 5", "Round 2", or the kind again where the row names no number;
* ``where`` — where it is: "table 3, round 1" for a sheet, "start number 12 Anna Beha" for an entry or
  adjustment, the name of a category or a pre-registration;
* ``changes`` — field by field (``Change``): the field's translated name, before and after in words
  (``values``). An update lists only what changed; a draw says its figures as a sentence;
* ``before`` / ``after`` — each side in one line: a game as "Cego, declarer 2 Anna Beha, 60 card points:
  Seat 1 Anna Beha +90, Seat 2 …", sheet totals seat by seat with names (``seats``), anything else as
  "Field: value; Field: value";
* ``user`` — the account, or the table link's seat with its player and the device.

Seats are 1-based as on the paper sheet, with the name of the player sitting there (``Context`` reads the seats
of all tables of a page in one query). Field names come from the models' ``verbose_name`` (translated once, with
the models).
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.audit import seats, values
from tournament.audit.seats import NONE, describe_game, describe_totals  # the log's one renderer
from tournament.audit.values import label, value_text
from tournament.models import AuditLog, Entry, Round

Kind = AuditLog.Kind
# Keys the subject or ``where`` already says, or bookkeeping only.
HIDDEN = {Kind.GAME: {"number", "version"}, Kind.ROUND: {"round"}, Kind.ADJUSTMENT: {"entry"}, Kind.CLOCK: {"round"},
          Kind.ENTRY: {"bulk", "undoes"}, Kind.PREREG: {"player"}, Kind.PLAYER: {"id"}, Kind.MONEY: {"start_number"}}
# Rows whose before and after are one line each (a game, sheet totals): the page shows those lines, not fields.
LINES = {Kind.GAME, Kind.TOTALS}


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
    names: dict = field(default_factory=dict, repr=False)      # the table's seats: 0-based position → name
    round: int | None = None                                   # the round of a round or clock row

    @property
    def action(self):
        return self.log.get_action_display()

    @property
    def itemised(self):
        """Whether a page lists the changes field by field (else: the before and after lines)."""
        return bool(self.changes) and self.log.object_type not in LINES

    @property
    def user(self):
        """The user, or for a write from a table link the seat with its player and the device ("Table 7, seat 3
        Anna Beha (phone 4f2a)")."""
        if self.log.user:
            return self.log.user.get_username()
        origin = self.log.origin
        if isinstance(origin, dict) and isinstance(origin.get("seat"), int):
            where = {"table": origin.get("table"), "seat": seats.who(origin["seat"], self.names),
                     "device": str(origin.get("device") or "")[:8]}
            if where["device"]:
                return _("Table %(table)s, seat %(seat)s (phone %(device)s)") % where
            return _("Table %(table)s, seat %(seat)s") % where
        return NONE

    @property
    def round_number(self):
        return self.log.table.round.number if self.log.table else self.round

    @property
    def table_number(self):
        return self.log.table.number if self.log.table else None


class Context:
    """What the rows of one page need besides themselves, read in a few queries: the round numbers of round and
    clock rows (a status row stores only the status), the seats' names of the tables, the registrations'
    players."""

    def __init__(self, logs):
        round_ids = {log.object_id for log in logs if log.object_type in (Kind.ROUND, Kind.CLOCK) and log.object_id}
        self.rounds = dict(Round.objects.filter(pk__in=round_ids).values_list("pk", "number")) if round_ids else {}
        table_ids = {log.table_id for log in logs if log.table_id}
        self.seats = seats.seat_names(table_ids) if table_ids else {}
        entry_ids = {log.object_id for log in logs if log.object_type == Kind.ENTRY and log.object_id}
        self.entries = {pk: f"{first} {last}" for pk, first, last in Entry.objects.filter(pk__in=entry_ids)
                        .values_list("pk", "player__first_name", "player__last_name")} if entry_ids else {}
        # An adjustment row keeps the start number (the adjustment itself may be deleted): its player by number.
        numbers = {(log.tournament_id, _number(log)) for log in logs
                   if log.object_type in (Kind.ADJUSTMENT, Kind.MONEY) and log.tournament_id}
        tournaments = {t for t, n in numbers if n}
        self.numbers = {(t, n): f"{first} {last}" for t, n, first, last in Entry.objects
                        .filter(tournament_id__in=tournaments)
                        .values_list("tournament_id", "start_number", "player__first_name", "player__last_name")
                        if (t, n) in numbers} if tournaments else {}

    def player(self, log):
        """The name of the player a registration or adjustment row is about, where still known."""
        if log.object_type == Kind.ENTRY:
            return self.entries.get(log.object_id, "") if log.object_id else ""
        if log.object_type in (Kind.ADJUSTMENT, Kind.MONEY):
            return self.numbers.get((log.tournament_id, _number(log)), "")
        if log.object_type == Kind.PREREG:
            return _as_dict(log.new).get("name") or _as_dict(log.old).get("name") or ""
        return ""


def describe_all(logs):
    """``Described`` of each row. Load the rows with ``select_related("user", "table__round")``."""
    logs = list(logs)
    context = Context(logs)
    return [describe(log, context=context) for log in logs]


def describe(log, round_numbers=None, *, context=None):
    kind = log.object_type
    if context is None:
        context = Context([log]) if log.pk else None
    rounds = {**(round_numbers or {}), **(context.rounds if context else {})}
    names = context.seats.get(log.table_id, {}) if context and log.table_id else {}
    player = context.player(log) if context else ""
    old, new = _as_dict(log.old), _as_dict(log.new)
    number = (new.get("round") or old.get("round") or rounds.get(log.object_id)
              if kind in (Kind.ROUND, Kind.CLOCK) else None)
    base = {"log": log, "kind": _kind_label(kind), "names": names,
            "round": number if isinstance(number, int) else None,
            "subject": _subject(log, old, new, rounds), "where": _where(log, old, new, rounds, player)}
    if log.action in TABLE_EVENTS and kind in AT_THE_TABLE:
        return Described(**base, after=table_event(log, old, new, names))
    if log.action in (AuditLog.Action.END, AuditLog.Action.RESUME):
        return Described(**base, before=early_end(Action.END, {}, old) if old else "",
                         after=early_end(log.action, old, new))
    if log.action == AuditLog.Action.MERGE:
        sentence = merged(old, new)
        return Described(**{**base, "subject": sentence, "where": ""}, after=sentence, changes=[Change(
            key="player", label=label(Kind.ENTRY, "player"), before=str(old.get("player", NONE)),
            after=str(new.get("player", NONE)))])
    changes = _changes(kind, old, new, log.action == AuditLog.Action.UPDATE, names)
    if kind == Kind.ROUND and log.action == AuditLog.Action.DRAW:
        changes = [Change(key="draw", label="", after=values.draw_sentence(new)),
                   *(c for c in changes if c.key not in ("stats", "players", "tables"))]
    if kind == Kind.GAME:
        before = describe_game(log.old, names=names, by_seat=True) if log.old else ""
        after = describe_game(log.new, names=names, by_seat=True) if log.new else ""
    elif kind == Kind.TOTALS:
        before = describe_totals(log.old, names) if log.old else ""
        after = describe_totals(log.new, names) if log.new else ""
    else:
        before = "; ".join(_line(c, c.before) for c in changes if c.before)
        after = "; ".join(_line(c, c.after) for c in changes if c.after)
    return Described(**base, changes=changes, before=before, after=after)


def _line(change, value):
    return f"{change.label}: {value}" if change.label else value


Action = AuditLog.Action
TABLE_EVENTS = {Action.CONFIRM, Action.DISPUTE, Action.SIGN, Action.CALL, Action.RESOLVE, Action.ISSUE,
                Action.RELEASE}
AT_THE_TABLE = {Kind.GAME, Kind.FLAG, Kind.SIGNATURE, Kind.LINK, Kind.SEAT}   # a pre-registration is confirmed too


def table_event(log, old, new, names=None):
    """What a write of entry at the table did, in one line (docs/table-entry.md)."""
    action = log.action
    if action == Action.CONFIRM:
        return _("confirmed as entered (version %(version)s)") % {"version": new.get("version")}
    if action == Action.DISPUTE:
        note = new.get("note")
        return _("disputed: “%(note)s”") % {"note": note} if note else _("disputed")
    if action == Action.SIGN:
        return _("signed off the totals: %(totals)s") % {"totals": seats.seat_points(new.get("totals") or [],
                                                                                       names)}
    if action == Action.CALL:
        return _("called the tournament direction") + (f": “{new['note']}”" if new.get("note") else "")
    if action == Action.RESOLVE:
        decision = new.get("decision") or _("no note")
        if old.get("kind") == "dispute":
            return _("dispute resolved: %(decision)s (game %(number)s)") % {"decision": decision,
                                                                           "number": old.get("game")}
        return _("call answered: %(decision)s") % {"decision": decision}
    if action == Action.ISSUE:
        return _("new link issued, the old one revoked") if new.get("revoked") else _("link issued")
    if action == Action.RELEASE:
        where = {"seat": seats.seat(old.get("seat"), names), "device": str(old.get("device") or "")[:8] or NONE}
        if new.get("freed"):
            return _("%(seat)s freed by the tournament direction (it was kept by phone %(device)s)") % where
        return _("%(seat)s released by its phone (switch seat)") % where
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


def _number(log):
    """The start number an adjustment row (``entry``) or a money row (``start_number``) keeps."""
    key = "entry" if log.object_type == Kind.ADJUSTMENT else "start_number"
    return _as_dict(log.new).get(key) or _as_dict(log.old).get(key)


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


def _where(log, old, new, round_numbers, player=""):
    kind = log.object_type
    if kind == Kind.CLOCK:
        number = new.get("round") or old.get("round") or round_numbers.get(log.object_id)
        return _("Round %(n)s") % {"n": number} if number else ""
    if kind == Kind.TABLE and log.table is not None:       # the subject already says "Table 7"
        return _("Round %(n)s") % {"n": log.table.round.number}
    if log.table is not None:
        return _("table %(t)s, round %(n)s") % {"t": log.table.number, "n": log.table.round.number}
    number = (new.get("start_number") or old.get("start_number") if kind in (Kind.ENTRY, Kind.PREREG, Kind.MONEY)
              else new.get("entry") or old.get("entry") if kind == Kind.ADJUSTMENT else None)
    if number:
        text = _("Start number %(n)s") % {"n": number}
        return f"{text} {player}" if player else text
    name = new.get("category") or old.get("category") or new.get("name") or old.get("name")
    if kind in (Kind.CATEGORY, Kind.PREREG) and name:
        return f"“{name}”"
    return ""


def _changes(kind, old, new, update, names=None):
    """What the row changed, field by field; an update leaves out what stayed the same."""
    hidden = HIDDEN.get(kind, set())
    rows = []
    for key in [*old, *(k for k in new if k not in old)]:
        before, after = old.get(key), new.get(key)
        if key in hidden or (update and before == after) or (before is None and after is None) or (
                key == "calls" and not before and not after):
            continue
        rows.append(Change(key=key, label=label(kind, key, names),
                           before=value_text(kind, key, before, names) if key in old else "",
                           after=value_text(kind, key, after, names) if key in new else ""))
    return rows

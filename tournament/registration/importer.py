"""Registrations from a spreadsheet: read an Excel (.xlsx) or CSV file into rows, check every row, import.

Words used here: a *column* is one of ``COLUMNS`` (recognised by its German or English heading, case-insensitive);
a *line* is the row number in the file as a spreadsheet program shows it (the heading is line 1 in most
files); an *issue* is a problem with a stable ``code`` and a translated ``message`` — either of the whole file
(unknown column, empty file, not a spreadsheet) or of one line (missing name, bad year, duplicate …).

Three steps, usable apart (the director's import page uses all three; an Excel export can reuse ``COLUMNS``
and ``registration_template_xlsx``):

* ``parse_registrations(data, filename)`` reads and checks the file alone — no database.
* ``check_against_tournament(result, tournament)`` matches existing players (first + last name + town) and
  flags players already registered and start numbers already taken.
* ``import_registrations(tournament=, data=, filename=, user=)`` parses and checks again and, only when the
  whole file is clean, registers every line in one transaction; otherwise it raises ``ImportRejected``.
"""

import csv
import datetime
import hashlib
import io
import re
import zipfile
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 2000
MIN_BIRTH_YEAR = 1900

YES = {"ja", "j", "x", "1", "yes", "y", "true", "wahr"}
NO = {"nein", "n", "0", "no", "false", "falsch", "", "-"}
WOMAN_YES = {"w", "weiblich", "f", "female"}
WOMAN_NO = {"m", "männlich", "maennlich", "male"}


@dataclass(frozen=True)
class Column:
    field: str
    heading: str            # the German heading written into the template
    label: object           # translated label for the preview (lazy)
    aliases: tuple          # accepted headings, normalised (see ``normalise_heading``)
    kind: str = "text"      # text, bool, year, number
    required: bool = False
    max_length: int = 0


COLUMNS = (
    Column("first_name", "Vorname", gettext_lazy("First name"), ("vorname", "first name", "firstname", "given name"),
           required=True, max_length=80),
    Column("last_name", "Nachname", gettext_lazy("Last name"),
           ("nachname", "familienname", "last name", "lastname", "surname", "family name"), required=True,
           max_length=80),
    Column("town", "Ort", gettext_lazy("Town"), ("ort", "wohnort", "town", "city", "place"), max_length=80),
    Column("club", "Verein", gettext_lazy("Club"), ("verein", "club"), max_length=120),
    Column("is_woman", "Frau", gettext_lazy("Woman"), ("frau", "woman", "female", "damen", "dame"), kind="bool"),
    Column("birth_year", "Geburtsjahr", gettext_lazy("Year of birth"),
           ("geburtsjahr", "jahrgang", "birth year", "year of birth", "birthyear"), kind="year"),
    Column("is_guest", "Gast", gettext_lazy("Guest"), ("gast", "guest"), kind="bool"),
    Column("team", "Team", gettext_lazy("Team"), ("team", "mannschaft"), max_length=120),
    Column("start_number", "Startnummer", gettext_lazy("Start number"),
           ("startnummer", "startnr", "start nr", "nr", "start number", "startnumber", "start no", "number"),
           kind="number"),
)
COLUMN_BY_FIELD = {c.field: c for c in COLUMNS}
ALIASES = {alias: c for c in COLUMNS for alias in c.aliases}


class ImportRejected(Exception):
    """The file has issues; nothing was imported. ``result`` holds the checked rows for the preview."""

    def __init__(self, result):
        super().__init__("registration file has issues")
        self.result = result


@dataclass
class Issue:
    code: str
    message: str
    field: str = ""


@dataclass
class ImportRow:
    line: int
    raw: dict                       # field -> the cell as text, for display
    values: dict                    # field -> parsed value (absent when the cell is bad)
    issues: list = field(default_factory=list)
    player: object = None           # the existing Player this line will reuse (after ``check_against_tournament``)
    team_exists: bool = False

    @property
    def ok(self):
        return not self.issues

    @property
    def bad_fields(self):
        return {issue.field for issue in self.issues if issue.field}

    def add(self, code, message, field_name=""):
        self.issues.append(Issue(code, message, field_name))


@dataclass
class ImportResult:
    filename: str
    sha256: str
    columns: list = field(default_factory=list)     # the Columns found, in file order
    rows: list = field(default_factory=list)
    issues: list = field(default_factory=list)      # issues of the whole file

    @property
    def ok(self):
        return bool(self.rows) and not self.issues and all(row.ok for row in self.rows)

    @property
    def bad_rows(self):
        return [row for row in self.rows if not row.ok]

    @property
    def new_players(self):
        return sum(1 for row in self.rows if row.player is None)

    @property
    def existing_players(self):
        return sum(1 for row in self.rows if row.player is not None)

    def add(self, code, message):
        self.issues.append(Issue(code, message))


def normalise_heading(text):
    """``" Start-Nr. "`` → ``"start nr"``: case, spaces, dots, hyphens and underscores do not matter."""
    return re.sub(r"[\s_\-.:]+", " ", str(text or "").casefold()).strip()


def cell_text(value):
    """A cell as the text a spreadsheet shows: ``1985.0`` → ``"1985"``, dates as ``DD.MM.YYYY``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime):
        value = value.date()
    if isinstance(value, datetime.date):
        return value.strftime("%d.%m.%Y")
    return " ".join(str(value).split())


# Reading ---------------------------------------------------------------------------------------------------

class _Unreadable(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def _not_a_spreadsheet():
    return _Unreadable("not_spreadsheet", _(
        "This file is not a spreadsheet we can read. Save it as Excel workbook (.xlsx) or as CSV (UTF-8, "
        "separated by semicolons or commas)."))


def _read_xlsx(data):
    import openpyxl

    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:                           # openpyxl raises many kinds for a broken or foreign file
        raise _not_a_spreadsheet() from None
    try:
        sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            return []
        rows = []
        for values in sheet.iter_rows(values_only=True):
            rows.append(list(values))
            if len(rows) > MAX_ROWS + 50:
                break
        return rows
    finally:
        workbook.close()


def _decode(data):
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="strict")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        raise _not_a_spreadsheet() from None


def _read_csv(data):
    try:
        text = _decode(data)
    except UnicodeDecodeError:
        raise _not_a_spreadsheet() from None
    if re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", text):
        raise _not_a_spreadsheet()
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {sep: first.count(sep) for sep in (";", ",", "\t")}
    delimiter = max(counts, key=counts.get) if any(counts.values()) else ","
    try:
        return [row for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)][:MAX_ROWS + 50]
    except csv.Error:
        raise _not_a_spreadsheet() from None


def read_cells(data, filename=""):
    """The file as a list of rows of cell values. Excel by content (a zip), anything else as CSV."""
    name = (filename or "").lower()
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        raise _Unreadable("old_excel", _(
            "This is an old Excel file (.xls). Save it as Excel workbook (.xlsx) or as CSV and upload it again."))
    if data.startswith(b"PK\x03\x04") or zipfile.is_zipfile(io.BytesIO(data)) or name.endswith((".xlsx", ".xlsm")):
        return _read_xlsx(data)
    return _read_csv(data)


# Checking the file -----------------------------------------------------------------------------------------

def _is_empty(cells):
    return all(cell_text(c) == "" for c in cells)


def _parse_bool(column, text):
    value = text.casefold()
    if value in YES or (column.field == "is_woman" and value in WOMAN_YES):
        return True
    if value in NO or (column.field == "is_woman" and value in WOMAN_NO):
        return False
    raise ValueError


def _parse_int(value, text):
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if re.fullmatch(r"\d+", text):
        return int(text)
    raise ValueError


def _parse_cell(row, column, value):
    text = cell_text(value)
    row.raw[column.field] = text
    label = str(column.label)
    if column.kind == "bool":
        try:
            row.values[column.field] = _parse_bool(column, text)
        except ValueError:
            row.add("bad_yes_no", _("%(column)s: “%(value)s” is not yes or no (ja/nein, x, 1 or empty).")
                    % {"column": label, "value": text}, column.field)
    elif column.kind == "year":
        if isinstance(value, (datetime.date, datetime.datetime)):
            value = value.year
            text = str(value)
            row.raw[column.field] = text
        if text == "":
            row.values[column.field] = None
            return
        this_year = datetime.date.today().year
        try:
            year = _parse_int(value, text)
            if not MIN_BIRTH_YEAR <= year <= this_year:
                raise ValueError
            row.values[column.field] = year
        except ValueError:
            row.add("bad_year", _("%(column)s: “%(value)s” is not a year between %(min)s and %(max)s.")
                    % {"column": label, "value": text, "min": MIN_BIRTH_YEAR, "max": this_year}, column.field)
    elif column.kind == "number":
        if text == "":
            row.values[column.field] = None
            return
        try:
            number = _parse_int(value, text)
            if number < 1:
                raise ValueError
            row.values[column.field] = number
        except ValueError:
            row.add("bad_start_number", _("%(column)s: “%(value)s” is not a whole number from 1.")
                    % {"column": label, "value": text}, column.field)
    else:
        if column.max_length and len(text) > column.max_length:
            row.add("too_long", _("%(column)s: longer than %(max)s characters.")
                    % {"column": label, "max": column.max_length}, column.field)
            return
        row.values[column.field] = text


def _map_headings(result, header, rows):
    """Column index → Column; issues for unknown, doubled and missing columns."""
    mapping = {}
    for index, heading in enumerate(header):
        text = cell_text(heading)
        if not text:
            if any(index < len(r) and cell_text(r[index]) for r in rows):
                result.add("unknown_column", _("Column %(n)s has values but no heading.") % {"n": index + 1})
            continue
        column = ALIASES.get(normalise_heading(text))
        if column is None:
            result.add("unknown_column", _("Unknown column “%(heading)s”. Known columns: %(known)s.")
                       % {"heading": text[:60], "known": ", ".join(c.heading for c in COLUMNS)})
        elif column in mapping.values():
            result.add("duplicate_column", _("The column “%(heading)s” appears twice.") % {"heading": text})
        else:
            mapping[index] = column
    for column in COLUMNS:
        if column.required and column not in mapping.values():
            result.add("missing_column", _("The required column “%(heading)s” is missing.")
                       % {"heading": column.heading})
    result.columns = [mapping[i] for i in sorted(mapping)]
    return mapping


def parse_registrations(data, filename=""):
    """Read and check a registration file alone (no database): an ``ImportResult`` with every data line."""
    result = ImportResult(filename=filename, sha256=hashlib.sha256(data).hexdigest())
    if not data or not data.strip():
        result.add("empty", _("The file is empty."))
        return result
    if len(data) > MAX_BYTES:
        result.add("too_large", _("The file is larger than %(mb)s MB.") % {"mb": MAX_BYTES // (1024 * 1024)})
        return result
    try:
        cells = read_cells(data, filename)
    except _Unreadable as err:
        result.add(err.code, err.message)
        return result
    numbered = [(line, row) for line, row in enumerate(cells, start=1) if not _is_empty(row)]
    if not numbered:
        result.add("empty", _("The file is empty."))
        return result
    (_header_line, header), body = numbered[0], numbered[1:]
    if len(body) > MAX_ROWS:
        result.add("too_many_rows", _("The file has more than %(max)s lines.") % {"max": MAX_ROWS})
        return result
    mapping = _map_headings(result, header, [row for _line, row in body])
    if not body:
        result.add("empty", _("The file has headings but no players."))
        return result
    seen_players, seen_numbers = {}, {}
    fields = {column.field for column in mapping.values()}
    for line, cells_of_row in body:
        row = ImportRow(line=line, raw={}, values={})
        for index, column in mapping.items():
            _parse_cell(row, column, cells_of_row[index] if index < len(cells_of_row) else None)
        first, last = row.values.get("first_name", ""), row.values.get("last_name", "")
        if ("first_name" in fields and not first) or ("last_name" in fields and not last):
            row.add("missing_name", _("First and last name are required."),
                    "first_name" if not first else "last_name")
        elif first and last:
            key = (first.casefold(), last.casefold(), row.values.get("town", "").casefold())
            if key in seen_players:
                row.add("duplicate_row", _("The same player as in line %(line)s.") % {"line": seen_players[key]})
            else:
                seen_players[key] = line
        number = row.values.get("start_number")
        if number:
            if number in seen_numbers:
                row.add("duplicate_start_number", _("Start number %(n)s is also given in line %(line)s.")
                        % {"n": number, "line": seen_numbers[number]}, "start_number")
            else:
                seen_numbers[number] = line
        result.rows.append(row)
    return result


# Checking against the database -----------------------------------------------------------------------------

def _key(first, last, town=""):
    return (first.casefold(), last.casefold(), (town or "").casefold())


def check_against_tournament(result, tournament):
    """Match existing players and flag lines already registered or with a start number already taken."""
    from django.db.models import Q

    from tournament.models import Entry, Player, Team

    named = [row for row in result.rows if row.values.get("first_name") and row.values.get("last_name")]
    last_names = sorted({row.values["last_name"] for row in named})
    players = {}
    for start in range(0, len(last_names), 200):
        query = Q()
        for name in last_names[start:start + 200]:
            query |= Q(last_name__iexact=name)
        for player in Player.objects.filter(query).order_by("pk"):
            players.setdefault(_key(player.first_name, player.last_name, player.town), player)
    entries = {e.player_id: e for e in Entry.objects.filter(tournament=tournament).select_related("player")}
    numbers = {e.start_number: e for e in entries.values()}
    teams = {t.name.casefold() for t in Team.objects.filter(season=tournament.season)}
    for row in named:
        row.player = players.get(_key(row.values["first_name"], row.values["last_name"], row.values.get("town")))
        if row.player is not None and row.player.pk in entries:
            row.add("already_registered", _("Already registered in this tournament with start number %(n)s.")
                    % {"n": entries[row.player.pk].start_number})
        number = row.values.get("start_number")
        if number and number in numbers and (row.player is None or numbers[number].player_id != row.player.pk):
            row.add("start_number_taken", _("Start number %(n)s is already taken by %(player)s.")
                    % {"n": number, "player": numbers[number].player}, "start_number")
        row.team_exists = bool(row.values.get("team")) and row.values["team"].casefold() in teams
    return result


# Importing -------------------------------------------------------------------------------------------------

def _team(season, name, cache):
    from tournament.registration.services import team_named

    key = name.casefold()
    if key not in cache:
        cache[key] = team_named(season, name)
    return cache[key]


@transaction.atomic
def import_registrations(*, tournament, data, filename, user):
    """Register every line of a clean file in one transaction; ``ImportRejected`` (nothing saved) otherwise.

    Existing players (same first name, last name and town) are reused unchanged; lines with a start number
    are registered first, so the automatic numbers of the others follow the highest number.
    """
    from tournament.audit.log import audit
    from tournament.common.locks import lock_tournament
    from tournament.models import AuditLog, Player
    from tournament.registration import services as registration_services
    from tournament.staff.permissions import DIRECT, require

    require(user, DIRECT, tournament)
    lock_tournament(tournament.pk)          # checked and registered against the same entries

    result = check_against_tournament(parse_registrations(data, filename), tournament)
    if not result.ok:
        raise ImportRejected(result)
    teams, entries = {}, []
    for row in result.rows:             # in file order: a new team takes the spelling of its first line
        if row.values.get("team"):
            _team(tournament.season, row.values["team"], teams)
    ordered = sorted(result.rows, key=lambda r: (r.values.get("start_number") is None, r.line))
    for row in ordered:
        v = row.values
        player = row.player or Player.objects.create(
            first_name=v["first_name"], last_name=v["last_name"], town=v.get("town", ""), club=v.get("club", ""),
            is_woman=v.get("is_woman", False), birth_year=v.get("birth_year"), is_guest=v.get("is_guest", False))
        team = _team(tournament.season, v["team"], teams) if v.get("team") else None
        entries.append(registration_services.register(user=user, tournament=tournament, player=player,
                                         start_number=v.get("start_number"),
                                         team=team))
    audit(tournament=tournament, obj_type=AuditLog.Kind.IMPORT, action=AuditLog.Action.CREATE, user=user,
          new={"file": filename[:100], "sha256": result.sha256, "entries": len(entries),
               "new_players": result.new_players})
    return entries


# The template ----------------------------------------------------------------------------------------------

def registration_template_xlsx():
    """An empty registration workbook: the German headings on the first sheet, hints on a second."""
    import openpyxl
    from openpyxl.styles import Font, PatternFill

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Anmeldungen"
    sheet.append([c.heading for c in COLUMNS])
    widths = {"first_name": 16, "last_name": 18, "town": 18, "club": 22, "is_woman": 8, "birth_year": 13,
              "is_guest": 8, "team": 18, "start_number": 13}
    for index, column in enumerate(COLUMNS, start=1):
        cell = sheet.cell(row=1, column=index)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="1F4D3A")
        sheet.column_dimensions[cell.column_letter].width = widths[column.field]
    sheet.freeze_panes = "A2"
    hints = workbook.create_sheet(_("Hints")[:31])
    hints.append([_("Column"), _("Required"), _("Values")])
    for cell in hints[1]:
        cell.font = Font(bold=True)
    explanations = {
        "first_name": _("text"), "last_name": _("text"), "town": _("text; used with the name to recognise players"),
        "club": _("text"), "is_woman": _("ja/nein, x or 1 (empty: no)"),
        "birth_year": _("four digits, e.g. 1987 (for the youth category)"),
        "is_guest": _("ja/nein, x or 1 (empty: no)"),
        "team": _("team name in this season; created if new"),
        "start_number": _("whole number; empty: the next free number"),
    }
    for column in COLUMNS:
        hints.append([column.heading, _("yes") if column.required else _("no"), explanations[column.field]])
    hints.column_dimensions["A"].width = 16
    hints.column_dimensions["B"].width = 12
    hints.column_dimensions["C"].width = 60
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()

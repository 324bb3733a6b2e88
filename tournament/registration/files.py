"""Registration files: read an Excel (.xlsx) or CSV file into rows and check every row — no database.

Words used here: a *column* is one of ``COLUMNS`` (recognised by its German or English heading, case-insensitive);
a *line* is the row number in the file as a spreadsheet program shows it (the heading is line 1 in most
files); an *issue* is a problem with a stable ``code`` and a translated ``message`` — either of the whole file
(missing or doubled column, empty file, not a spreadsheet, over a bound of ``limits``) or of one line (missing
name, bad year, duplicate …); a *notice* says what was left out without being an error (a column nobody knows,
title lines above the headings, numbered lines without a name). The columns and headings are ``headings``.

A line *left out* (``ImportResult.left_out``, ``ImportRow.left_out``) is shown in the preview but neither
checked against the tournament nor imported: a *footer* line (``lines.footer_line``: a sum, count or signature line —
"Summe Startgeld:", "Gesamt", "Anzahl: 44", a line whose only text ends in ":", or one without a name but with
a formula or an amount), or any line the director leaves out (``ImportResult.choices``: line → ``SKIP``; a footer
line the director takes back is ``KEEP``). The choices are kept with the stored preview, so the import honours
them.

``parse_registrations(data, filename)`` reads and checks the file alone. Nothing here touches the ORM; the only
Django it uses is translation (messages are translated where they are made). ``importer`` matches the rows
against the database and imports them.
"""

import codecs
import csv
import hashlib
import io
import itertools
import re
import zipfile
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.registration import limits
from tournament.registration.cells import NAME_FIELDS, is_empty, parse_cell
from tournament.registration.headings import (  # noqa: F401 (re-exported: the columns belong to the file)
    ALL_COLUMNS,
    COLUMN_BY_FIELD,
    COLUMNS,
    Column,
    Formula,
    cell_text,
    find_header,
    last_name_first,
    map_headings,
    normalise_heading,
    split_name,
)
from tournament.registration.lines import (  # re-exported: the lines belong to the file
    DIRECTOR,
    FOOTER,
    KEEP,
    SKIP,
    footer_line,
    running_numbers,
)


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
    renumbered: bool = False        # its clashing start number was dropped (``importer.renumber_clashes``)
    left_out: str = ""              # FOOTER or DIRECTOR: shown, not imported
    footer: bool = False            # recognised as a sum, count or signature line (``footer_line``)
    excerpt: str = ""               # the line's text, for a line left out ("Summe Startgeld: · =SUMME(G3:G5)")

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
    notices: list = field(default_factory=list)     # what was left out (ignored columns, title lines): no error
    lines: list = field(default_factory=list)       # (line, cells) of the non-empty lines, for ``remap``
    overrides: dict = field(default_factory=dict)   # column index → field ("" = ignore) chosen by the director
    sources: list = field(default_factory=list)     # (index, heading, field or "") of the file's columns
    choices: dict = field(default_factory=dict)     # line → SKIP (left out) or KEEP (a footer line taken back)
    left_out: list = field(default_factory=list)    # ImportRows shown but not imported (``ImportRow.left_out``)
    running_column: int = None                      # index of a running-number column used as start numbers

    @property
    def ok(self):
        return bool(self.rows) and not self.issues and all(row.ok for row in self.rows)

    @property
    def all_rows(self):
        """Every line below the headings that is shown: imported and left out, in file order."""
        return sorted(self.rows + self.left_out, key=lambda row: row.line)

    @property
    def footers(self):
        return [row for row in self.left_out if row.left_out == FOOTER]

    @property
    def bad_rows(self):
        return [row for row in self.rows if not row.ok]

    @property
    def new_players(self):
        """Lines without errors that create a player (new + existing + bad lines = all lines)."""
        return sum(1 for row in self.rows if row.ok and row.player is None)

    @property
    def existing_players(self):
        return sum(1 for row in self.rows if row.ok and row.player is not None)

    def add(self, code, message):
        self.issues.append(Issue(code, message))

    def notify(self, code, message):
        self.notices.append(Issue(code, message))


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
    import openpyxl  # heavy: loaded when a workbook is read, not when the app starts (not for a cycle)

    try:
        parts = limits.check_xlsx_zip(data)     # before anything is unpacked: sizes, and what the sheets are
        if parts is not None:
            limits.scan_sheets(data, parts)     # before openpyxl builds a line
    except limits.TooLarge as err:
        raise _Unreadable(err.code, err.message) from None
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    except Exception:                           # openpyxl raises many kinds for a broken or foreign file
        raise _not_a_spreadsheet() from None
    try:
        sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            return []
        rows = []
        for values in sheet.iter_rows(max_col=limits.max_columns() + 1, values_only=True):
            rows.append(list(values))
            if len(rows) > limits.max_rows() + 50:
                break
    finally:
        workbook.close()
    return _with_formulas(data, rows)


def _with_formulas(data, rows):
    """A formula whose value the file does not store (a workbook written by a program, not saved by Excel) is a
    ``Formula``: no data (it reads as an empty cell), but a sum line is recognised by it (``footer_line``)."""
    import openpyxl  # heavy: loaded when a workbook is read, not when the app starts (not for a cycle)

    if not any(value is None for row in rows for value in row) or not _has_formulas(data):
        return rows
    workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False, keep_links=False)
    try:
        formulas = workbook.worksheets[0].iter_rows(max_col=limits.max_columns() + 1, max_row=len(rows),
                                                    values_only=True)
        for row, written in zip(rows, formulas, strict=False):
            for index, value in enumerate(written[:len(row)]):
                if row[index] is None and isinstance(value, str) and value.startswith("="):
                    row[index] = Formula(value[:200])       # no data, but a sign of a sum line
    finally:
        workbook.close()
    return rows


def _has_formulas(data):
    """Whether a sheet of the workbook has a formula (an ``<f>`` element), streamed 1 MB at a time — cheaper than
    reading the workbook a second time for the many lists without one."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/") and name.endswith(".xml"):
                with archive.open(name) as sheet:
                    tail = b""
                    while chunk := sheet.read(1 << 20):
                        if re.search(rb"<(\w+:)?f[ >/]", tail + chunk):
                            return True
                        tail = chunk[-16:]
    return False


# Byte order marks, longest first (UTF-32's marks begin like UTF-16's): Excel's "Unicode text" is UTF-16 LE with
# a BOM and tabs, its "CSV UTF-8" UTF-8 with a BOM. Without a mark: UTF-8, else Windows-1252 (Excel's plain CSV).
BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def _decode(data):
    """The text of a CSV file; the size bound was checked on these bytes before (``parse_registrations``)."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(encoding, errors="strict")
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
    head = [line for line in itertools.islice(text.splitlines(), 40) if line.strip()][:20]   # title lines too
    counts = {sep: sum(line.count(sep) for line in head) for sep in (";", ",", "\t")}
    delimiter = max(counts, key=counts.get) if any(counts.values()) else ","
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        return list(itertools.islice(reader, limits.max_rows() + 50))
    except csv.Error:
        raise _not_a_spreadsheet() from None


def read_cells(data, filename=""):
    """The file as a list of rows of cell values. Excel by content (a zip), anything else as CSV."""
    name = (filename or "").lower()
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        raise _Unreadable("old_excel", _(
            "This is an old Excel file (.xls). Save it as Excel workbook (.xlsx) or as CSV and upload it again."))
    if data.startswith(b"PK\x03\x04") or zipfile.is_zipfile(io.BytesIO(data)) or name.endswith((".xlsx", ".xlsm")):
        rows = _read_xlsx(data)
    else:
        rows = _read_csv(data)
    most = limits.max_columns()
    if any(len(row) > most and any(cell_text(c) for c in row[most:]) for row in rows):
        err = limits.too_many_columns()
        raise _Unreadable(err.code, err.message)
    return rows


# Checking the file -----------------------------------------------------------------------------------------

def parse_registrations(data, filename=""):
    """Read and check a registration file alone (no database): an ``ImportResult`` with every data line."""
    result = ImportResult(filename=filename, sha256=hashlib.sha256(data).hexdigest())
    if not data or not data.strip():
        result.add("empty", _("The file is empty."))
        return result
    if len(data) > limits.max_bytes():
        err = limits.too_large_file()
        result.add(err.code, err.message)
        return result
    try:
        cells = read_cells(data, filename)
    except _Unreadable as err:
        result.add(err.code, err.message)
        return result
    numbered = [(line, row) for line, row in enumerate(cells, start=1) if not is_empty(row)]
    if not numbered:
        result.add("empty", _("The file is empty."))
        return result
    return check_lines(result, numbered)


def remap(parsed, overrides=None, choices=None):
    """The same file checked again with the director's choice of columns (index → field, "" to ignore; None:
    as before) and of lines (line → ``SKIP``/``KEEP``; None: as before); the file itself is not read again
    (``parsed.lines``)."""
    result = ImportResult(filename=parsed.filename, sha256=parsed.sha256)
    return check_lines(result, parsed.lines, parsed.overrides if overrides is None else overrides,
                       parsed.choices if choices is None else choices)


# complexity: to split: the heading search apart from the line checks
def check_lines(result, numbered, overrides=None, choices=None):  # noqa: C901
    """Find the heading line, map the columns (``overrides`` first) and check every line below it; footer lines
    and the lines the director left out (``choices``) are kept apart (``result.left_out``)."""
    result.lines, result.overrides = numbered, dict(overrides or {})
    result.choices = {int(line): choice for line, choice in (choices or {}).items() if choice in (SKIP, KEEP)}
    start = find_header(numbered)
    (header_line, header), body = numbered[start], numbered[start + 1:]
    if header_line > 1:
        result.notify("skipped_lines", _("The headings are in line %(line)s; the lines above were skipped.")
                      % {"line": header_line})
    if len(body) > limits.max_rows():
        err = limits.too_many_rows()
        result.add(err.code, err.message)
        return result
    mapping = map_headings(result, header, [row for _line, row in body], result.overrides)
    if not body:
        result.add("empty", _("The file has headings but no players."))
        return result
    seen_players, seen_numbers, unnamed = {}, {}, 0
    fields = {column.field for column in mapping.values()}
    reversed_name = any(c.field == "full_name" and last_name_first(cell_text(header[i])) for i, c in mapping.items())
    name_indexes = {i for i, c in mapping.items() if c.field in NAME_FIELDS}
    number_index = next((i for i, c in mapping.items() if c.field == "start_number"), result.running_column)
    for line, cells_of_row in body:
        row = ImportRow(line=line, raw={}, values={})
        for index, column in mapping.items():
            parse_cell(row, column, cells_of_row[index] if index < len(cells_of_row) else None)
        row.footer = footer_line(cells_of_row, name_indexes, number_index)
        choice = result.choices.get(line)
        if (row.footer and choice != KEEP) or choice == SKIP:
            row.left_out = FOOTER if row.footer and choice != SKIP else DIRECTOR
            row.excerpt = " · ".join(t for t in (str(c)[:40] if isinstance(c, Formula) else cell_text(c)[:40]
                                                 for c in cells_of_row) if t)[:160]
            result.left_out.append(row)
            continue
        if choice != KEEP and not {f for f, text in row.raw.items() if text} - {"start_number", "paid", "checked_in"}:
            unnamed += 1                    # a numbered line of a list not filled in yet
            continue
        if row.values.get("full_name"):
            row.values["first_name"], row.values["last_name"] = split_name(row.values["full_name"], reversed_name)
        first, last = row.values.get("first_name", ""), row.values.get("last_name", "")
        if any(issue.code == "invisible_name" for issue in row.issues):
            pass                            # said already: the name has nothing visible
        elif "full_name" in fields and not (first and last):
            row.add("missing_name", _("First and last name are required."), "full_name")
        elif ("first_name" in fields and not first) or ("last_name" in fields and not last):
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
    if result.running_column is not None:
        running_numbers(result, mapping)
    if not result.rows and not result.left_out:
        result.add("empty", _("The file has headings but no players."))
    elif not result.rows:
        result.add("empty", _("Every line is left out: there is nobody to import."))
    if result.footers:
        result.notify("footer_lines", ngettext(
            "%(n)s sum or footer line is not imported (marked in the list).",
            "%(n)s sum or footer lines are not imported (marked in the list).", len(result.footers))
            % {"n": len(result.footers)})
    if unnamed:
        result.notify("skipped_lines", ngettext("%(n)s line without a name was skipped.",
                                                "%(n)s lines without a name were skipped.", unnamed) % {"n": unnamed})
    return result


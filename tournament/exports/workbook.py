"""The one workbook writer: ``Sheet``/``Column`` in, xlsx bytes out (openpyxl, write-only, streaming).

Every workbook the project writes goes through ``write_xlsx`` (the exporters of ``exports.xlsx`` and the
registration template; it sits beside ``base``, below ``xlsx/``), so these rules hold everywhere:

text        every ``str`` is written as a text cell, never as a formula or an error value: openpyxl would make
            ``=HYPERLINK(…)`` a live formula and ``#REF!`` an error cell. One that begins with ``= + - @ #``, a
            tab or a CR carries the quote prefix too, so that it stays text when the cell is edited in Excel (a CSV
            cannot carry that: docs/exports.md). What a user typed comes back as typed, minus the control
            characters XML cannot hold (``text()``, the one place that strips them).
headers     bold, shaded, wrapped, with the body's font name (without one LibreOffice falls back to a serif);
            a column is widened so that no heading word breaks in the middle ("Startnum/mer"), and the header
            row is as high as its most wrapped heading.
widths      from the content: a column is as wide as the longest value written in it (its display text: numbers
            as formatted), at least its longest heading word, at most ``MAX_WIDTH`` (a longer text wraps). The
            first ``MEASURE_ROWS`` rows are read ahead and measured; a longer sheet (the season's game log) is
            measured by them and streams on, so memory stays flat. A sheet without rows keeps ``Column.width``.
print       A4, margins of about 1.3 cm, fit to ONE page width (as many pages down as it takes): portrait when
            the planned width fits a portrait page, else landscape. The header row is repeated on every page;
            the page header names the event and the list's status (``page_header``), the footer the sheet and the
            page number (docs/exports.md, "Workbooks").
"""

import io
import itertools
import math
import re
from dataclasses import dataclass
from datetime import date, datetime

INVALID_TITLE = re.compile(r"[\[\]:*?/\\]")
PIECE = re.compile(r"(\s*)([^\s-]*-|[^\s-]+)")  # (space before, a word or a word-)
ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")     # what XML 1.0 (and openpyxl) refuses
# A text beginning with one of these becomes a formula (or an error code) in Excel once someone edits the cell:
# written as a text cell with the quote prefix (the "'" of the input line), which keeps it text.
LIVE_START = "=+-@#\t\r"
FONT_NAME = "Calibri"       # openpyxl's body font; headers name it too
FONT_SIZE = 11
BODY = 0.9                  # body text: an average letter is narrower than the digit that defines a width unit
MAX_BODY_LINES = 12         # a wrapped body cell grows at most this many lines (the text is all there anyway)
LINE_PT = 15                # the height of one line of 11 pt text in a row
BOLD = 1.1                  # a bold character is about this much wider than the width unit
MAX_LINES = 6               # a heading taller than this is cut off (a 300-character tournament name)
MAX_WORD = 30               # no column is widened beyond this for one long heading word
MAX_WIDTH = 45              # no column is wider than this for its content: a longer text wraps in it
MEASURE_ROWS = 2000         # rows read ahead to measure the widths (a standings or round sheet: all of them)
HEADER_CHARS = 120          # a part of the printed page header is cut to this (names are typed by users)

# Page geometry in mm: A4 less the margins below (0.5 inch left and right; room for the page header on top).
MARGIN_IN = {"left": 0.5, "right": 0.5, "top": 0.75, "bottom": 0.6, "header": 0.3, "footer": 0.3}
PORTRAIT_MM = 210 - 25.4


@dataclass
class Column:
    header: str
    width: float = 12              # the width of an empty sheet's column (the registration template's, to fill
    #                                in); a sheet with rows takes its widths from what they hold
    number_format: str | None = None
    wrap: bool = False             # long texts wrap within the column (the row grows) instead of being cut off


@dataclass
class Sheet:
    title: str
    columns: list
    rows: object                   # any iterable of lists, consumed once
    counted: bool = True           # its rows count towards progress (small side sheets need not)
    landscape: bool | None = None  # None: by its width (portrait when it fits, else landscape)
    freeze_columns: int = 0        # the first n columns name a row: frozen on screen beside the others
    note: str = ""                 # printed at the foot of every page (a legend: "L = place decided by lot")


def no_progress(done, total):
    """The progress callback when nobody listens."""


def text(value):
    """``value`` as the text a cell may hold: control characters (which XML cannot carry) removed."""
    value = str(value)
    return ILLEGAL.sub("", value) if ILLEGAL.search(value) else value


def sheet_title(title, taken):
    """A valid, unique worksheet title (≤ 31 characters, none of ``[]:*?/\\``)."""
    base = INVALID_TITLE.sub("-", text(title)).strip("'").strip() or "Tabelle"
    base = base[:31]
    candidate, n = base, 2
    while candidate.lower() in taken:
        suffix = f" ({n})"
        candidate, n = base[:31 - len(suffix)] + suffix, n + 1
    taken.add(candidate.lower())
    return candidate


def words(heading):
    """The pieces a heading may wrap between: at spaces and after hyphens."""
    return [match.group(2) for match in PIECE.finditer(heading)]


def fitted_width(heading, width):
    """``width``, widened so that the longest word of ``heading`` (bold) fits on one line (up to MAX_WORD)."""
    longest = max((len(w) for w in words(heading)), default=0)
    return max(width, min(MAX_WORD, math.ceil(longest * BOLD) + 1))


def heading_lines(heading, width):
    """How many lines ``heading`` wraps to in a column of ``width`` (greedy, as Excel and LibreOffice wrap)."""
    return wrapped_lines(heading, width, BOLD, MAX_LINES)


def wrapped_lines(value, width, factor=BODY, most=MAX_BODY_LINES):
    """How many lines the text ``value`` wraps to in a column of ``width`` characters, each of its characters
    ``factor`` wide (bold headings are wider), at most ``most``."""
    room = max((width - 1) / factor, 1)
    lines, used = 1, 0
    for match in PIECE.finditer(value):
        gap, size = (1 if match.group(1) and used else 0), len(match.group(2))
        if used and used + gap + size > room:
            lines, used, gap = lines + 1, 0, 0
        if not used and size > room:               # a word too long for any line breaks inside
            lines += math.ceil(size / room) - 1
            used = size - (math.ceil(size / room) - 1) * room
        else:
            used += gap + size
    return min(lines, most)


def column_mm(width):
    """The printed width of a column of ``width`` characters, as LibreOffice prints it with its fallback for
    Calibri (≈ 2.5 mm a character; Excel with Calibri itself needs ≈ 2.1 mm): sheets planned with this fit
    both."""
    return width * 2.5


def header_text(value):
    """A user's text as a part of a printed page header or footer: one line of at most ``HEADER_CHARS``
    characters, ``&`` doubled (a single ``&`` starts a code there: ``&P`` is the page number)."""
    value = " ".join(text(value).split())
    if len(value) > HEADER_CHARS:
        value = value[:HEADER_CHARS - 1].rstrip() + "…"
    return value.replace("&", "&&")


def print_setup(ws, sheet, widths, page_header):
    """A4, margins, page header and footer, orientation, fit to the page width (see the module docstring)."""
    from openpyxl.worksheet.page import PageMargins  # openpyxl is heavy: loaded when a workbook is written

    ws.print_title_rows = "1:1"
    ws.page_setup.paperSize = "9"                 # A4
    ws.page_margins = PageMargins(**MARGIN_IN)
    event, status = (*page_header, "", "")[:2]
    if event:
        ws.oddHeader.left.text = header_text(event)
        ws.oddHeader.left.font = f"{FONT_NAME},Bold"
    if status:
        ws.oddHeader.right.text = header_text(status)
    if sheet.note:
        ws.oddFooter.left.text = header_text(sheet.note)
    ws.oddFooter.center.text = "&A · &P / &N"
    landscape = sheet.landscape if sheet.landscape is not None else sum(map(column_mm, widths)) > PORTRAIT_MM
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0                 # as many pages down as the rows take
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def shown_width(value, number_format=None):
    """About how many width units ``value`` takes as the cell shows it: a text its longest line (an average
    letter is ``BODY`` wide), a number with its thousands separators and sign, a date as its format."""
    value = getattr(value, "value", value)          # a text cell made by the writer
    if value is None:
        return 0
    if value.__class__ is str:
        return max(map(len, value.split("\n"))) * BODY
    if isinstance(value, (datetime, date)):
        return len(number_format or "YYYY-MM-DD HH:MM:SS")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        shown = f"{value:,}" if number_format and "," in number_format else str(value)
        return len(shown) + (1 if number_format and "+" in number_format and value > 0 else 0)
    return len(str(value))


def measured_widths(columns, headings, rows):
    """Each column's width from ``rows`` (see the module docstring); ``Column.width`` when there are none."""
    if not rows:
        return [fitted_width(h, c.width) for h, c in zip(headings, columns, strict=True)]
    longest = [0] * len(columns)
    for row in rows:
        for index, (value, column) in enumerate(zip(row, columns, strict=False)):
            if value is not None and value != "":
                longest[index] = max(longest[index], shown_width(value, column.number_format))
    return [fitted_width(h, min(MAX_WIDTH, math.ceil(n) + 1)) for h, n in zip(headings, longest, strict=True)]


# complexity: to split: a sheet's setup apart from its row stream
def write_xlsx(sheets, progress=no_progress, total=None, every=1000, page_header=()):  # noqa: C901
    """Write ``sheets`` into an xlsx workbook in openpyxl's write-only mode and return its bytes.

    Each sheet gets a bold header row that is frozen and repeated when printed, an auto-filter over the
    written rows, column widths from its content, per-column number formats and its print setup; every text
    is a text cell. ``page_header`` is ``(event, status)`` for the top of every printed page (the exporter's
    ``page_header``; () for none). Rows stream through: memory stays flat however many rows the iterables
    yield (only the first ``MEASURE_ROWS`` of a sheet are held, to measure the widths).
    """
    # openpyxl is heavy and only a workbook needs it: imported here, not when the app starts (not for a cycle).
    import openpyxl
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.cell.cell import Cell
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter

    workbook = openpyxl.Workbook(write_only=True)
    bold = Font(name=FONT_NAME, size=FONT_SIZE, family=2, bold=True)
    fill = PatternFill("solid", fgColor="E8EEE9")
    wrap = Alignment(vertical="center", wrap_text=True)
    body_wrap = Alignment(vertical="top", wrap_text=True)
    body_top = Alignment(vertical="top")
    taken, done = set(), 0

    def text_cell(ws, value):
        value = text(value)
        cell = WriteOnlyCell(ws, value=value)
        cell.data_type = "s"           # never "f" (formula) or "e" (error), whatever the text starts with
        if value[:1] and value[0] in LIVE_START:
            cell.quotePrefix = True    # stays text when the cell is edited
        return cell

    for sheet in sheets:
        ws = workbook.create_sheet(sheet_title(sheet.title, taken))
        last = get_column_letter(max(len(sheet.columns), 1))
        headings = [text(column.header) for column in sheet.columns]
        rows = iter(sheet.rows)
        ahead = list(itertools.islice(rows, MEASURE_ROWS))     # widths must be set before the first row
        widths = measured_widths(sheet.columns, headings, ahead)
        for index, width in enumerate(widths, start=1):
            ws.column_dimensions[get_column_letter(index)].width = width
        lines = (heading_lines(h, w) for h, w in zip(headings, widths, strict=True))
        ws.row_dimensions[1].height = LINE_PT * max(lines, default=1) + 3
        ws.freeze_panes = f"{get_column_letter(sheet.freeze_columns + 1)}2"
        print_setup(ws, sheet, widths, page_header)
        header = []
        for heading in headings:
            cell = text_cell(ws, heading)
            cell.font, cell.fill, cell.alignment = bold, fill, wrap
            header.append(cell)
        ws.append(header)
        # One styled cell per formatted column, refilled for every row: write-only rows are serialised on
        # ``append``, so the same cell object can carry the next row's value.
        formatted = []
        # a column wraps when asked to, or when a text read ahead is wider than the widest column
        wrapping = [index for index, column in enumerate(sheet.columns)
                    if column.wrap or any(shown_width(v) > MAX_WIDTH for v in
                                          (row[index] for row in ahead) if v.__class__ is str)]
        for index, column in enumerate(sheet.columns):
            if column.number_format or wrapping:       # rows may grow: every cell reads from the top
                cell = WriteOnlyCell(ws)
                if column.number_format:
                    cell.number_format = column.number_format
                if wrapping:
                    cell.alignment = body_wrap if index in wrapping else body_top
                formatted.append((index, cell))
        count = 0
        for row in itertools.chain(ahead, rows):
            # A text openpyxl would not write as text (a formula, an error code) or not at all (control
            # characters) becomes a text cell; the scan is cheap (isprintable is C) as such texts are rare.
            for value in row:
                if value.__class__ is str and value and (value[0] in LIVE_START or not value.isprintable()):
                    row = [text_cell(ws, v) if v.__class__ is str and v and (v[0] in LIVE_START or ILLEGAL.search(v))
                           else v for v in row]
                    break
            if wrapping:     # LibreOffice keeps a row's height as written: give it the lines its texts wrap to
                lines = max((wrapped_lines(v, widths[i]) for i in wrapping
                             if (v := getattr(row[i], "value", row[i])).__class__ is str), default=1)
                if lines > 1:
                    ws.row_dimensions[count + 2].height = LINE_PT * lines + 2
            if formatted:
                row = list(row)
            for index, cell in formatted:
                value = row[index]
                if value is not None and value.__class__ is not Cell:     # not already a text cell
                    cell.value = value
                    row[index] = cell
            ws.append(row)
            count += 1
            if sheet.counted and count % every == 0:
                progress(min(done + count, total or done + count), total)
        if sheet.counted:
            done += count
            progress(min(done, total or done), total)
        ws.auto_filter.ref = f"A1:{last}{count + 1}"
    if not workbook.worksheets:
        workbook.create_sheet("Leer")
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()

"""The one workbook writer: ``Sheet``/``Column`` in, xlsx bytes out (openpyxl, write-only, streaming).

Every workbook the project writes goes through ``write_xlsx`` (the exporters of ``exports.xlsx`` and the
registration template), so these rules hold everywhere:

text        every ``str`` is written as a text cell, never as a formula or an error value: openpyxl would make
            ``=HYPERLINK(…)`` a live formula and ``#REF!`` an error cell. One that begins with ``= + - @ #``, a
            tab or a CR carries the quote prefix too, so that it stays text when the cell is edited in Excel (a CSV
            cannot carry that: docs/exports.md). What a user typed comes back as typed, minus the control
            characters XML cannot hold (``text()``, the one place that strips them).
headers     bold, shaded, wrapped, with the body's font name (without one LibreOffice falls back to a serif);
            a column is widened so that no heading word breaks in the middle ("Startnum/mer"), and the header
            row is as high as its most wrapped heading.
print       A4, margins of about 1.3 cm, the header row repeated on every page, the sheet name and page number
            in the footer. A sheet that fits the width of a portrait page prints portrait; a wider one
            landscape, fit to the page width — unless that would print it below 60 % and it names columns that
            identify a row (``repeat_columns``): then it prints in parts (``page_columns``, or by width) at the
            scale of its widest part, those columns repeated on each part (docs/exports.md, "Workbooks").
"""

import io
import itertools
import math
import re
from dataclasses import dataclass

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

# Page geometry in mm: A4 less the margins below (0.5 inch left and right).
MARGIN_IN = {"left": 0.5, "right": 0.5, "top": 0.6, "bottom": 0.6, "header": 0.3, "footer": 0.3}
PORTRAIT_MM = 210 - 25.4
MIN_SCALE = 0.6             # a sheet that would print smaller fit to the page width is printed in parts …
PART_SCALE = 0.78          # … each fitting the page at this scale (when it names columns to repeat)
LANDSCAPE_MM = 297 - 25.4


@dataclass
class Column:
    header: str
    width: float = 12
    number_format: str | None = None
    wrap: bool = False             # long texts wrap within the column (the row grows) instead of being cut off


@dataclass
class Sheet:
    title: str
    columns: list
    rows: object                   # any iterable of lists, consumed once
    counted: bool = True           # its rows count towards progress (small side sheets need not)
    landscape: bool | None = None  # None: by its width (portrait when it fits, else landscape)
    page_columns: tuple = ()       # print: a page break before each of these (0-based) column indexes
    repeat_columns: int = 0        # the first n columns name a row: frozen on screen, repeated on each printed
    #                                part (parts: ``page_columns``, or by width when too wide for one page)


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


def print_setup(ws, sheet, widths):
    """A4, margins, orientation and scaling (see the module docstring)."""
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.page import PageMargins
    from openpyxl.worksheet.pagebreak import Break, ColBreak

    ws.print_title_rows = "1:1"
    ws.page_setup.paperSize = "9"                 # A4
    ws.page_margins = PageMargins(**MARGIN_IN)
    ws.oddFooter.center.text = "&A · &P / &N"
    total = sum(column_mm(w) for w in widths)
    landscape = sheet.landscape if sheet.landscape is not None else total > PORTRAIT_MM
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    room = LANDSCAPE_MM if landscape else PORTRAIT_MM
    breaks = sheet.page_columns or page_parts(widths, sheet.repeat_columns, room)
    if breaks:
        repeated = sum(column_mm(w) for w in widths[:sheet.repeat_columns])
        cuts = [0, *breaks, len(widths)]
        parts = [sum(column_mm(w) for w in widths[a:b]) + (repeated if a else 0) for a, b in itertools.pairwise(cuts)]
        ws.page_setup.scale = max(10, min(100, math.floor(100 * room / max(parts))))
        ws.page_setup.pageOrder = "overThenDown"     # the parts of the same rows one after the other
        ws.col_breaks = ColBreak()
        for index in breaks:
            ws.col_breaks.append(Break(id=index))
        if sheet.repeat_columns:
            ws.print_title_cols = f"A:{get_column_letter(sheet.repeat_columns)}"
    else:
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True


def page_parts(widths, repeat, room):
    """Where a sheet too wide to fit its page width at ``MIN_SCALE`` breaks into parts of at most ``room`` at
    ``PART_SCALE``, each after the first with the ``repeat`` first columns again; () when it fits, or when it
    names no columns to repeat (a part without them could not be read)."""
    if not repeat or sum(column_mm(w) for w in widths) * MIN_SCALE <= room:
        return ()
    limit, repeated = room / PART_SCALE, sum(column_mm(w) for w in widths[:repeat])
    breaks, used = [], 0
    for index, width in enumerate(widths):
        if used and used + column_mm(width) > limit and index > repeat:
            breaks.append(index)
            used = repeated
        used += column_mm(width)
    return tuple(breaks)


def write_xlsx(sheets, progress=no_progress, total=None, every=1000):
    """Write ``sheets`` into an xlsx workbook in openpyxl's write-only mode and return its bytes.

    Each sheet gets a bold header row that is frozen and repeated when printed, an auto-filter over the
    written rows, the column widths, per-column number formats and its print setup; every text is a text
    cell. Rows stream through: memory stays flat however many rows the iterables yield.
    """
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
        widths = [fitted_width(h, column.width) for h, column in zip(headings, sheet.columns)]
        for index, width in enumerate(widths, start=1):
            ws.column_dimensions[get_column_letter(index)].width = width
        ws.row_dimensions[1].height = LINE_PT * max((heading_lines(h, w) for h, w in zip(headings, widths)),
                                                    default=1) + 3
        ws.freeze_panes = f"{get_column_letter(sheet.repeat_columns + 1)}2"
        print_setup(ws, sheet, widths)
        header = []
        for heading in headings:
            cell = text_cell(ws, heading)
            cell.font, cell.fill, cell.alignment = bold, fill, wrap
            header.append(cell)
        ws.append(header)
        # One styled cell per formatted column, refilled for every row: write-only rows are serialised on
        # ``append``, so the same cell object can carry the next row's value.
        formatted = []
        tall = any(column.wrap for column in sheet.columns)    # rows may grow: every cell reads from the top
        for index, column in enumerate(sheet.columns):
            if column.number_format or tall:
                cell = WriteOnlyCell(ws)
                if column.number_format:
                    cell.number_format = column.number_format
                if tall:
                    cell.alignment = body_wrap if column.wrap else body_top
                formatted.append((index, cell))
        wrapping = [index for index, column in enumerate(sheet.columns) if column.wrap]
        count = 0
        for row in sheet.rows:
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

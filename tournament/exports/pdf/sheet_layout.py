"""The geometry of a printed score sheet (*Spielliste*): pure Python, millimetres, no Django, no database.

A sheet page is an A4 portrait page (190 × 277 mm inside 10 mm margins): a title block, the game grid with the
players in seat order in its heading, and the signature lines.

Why SVG: WeasyPrint lays out an HTML table cell by cell (a 30 × 15 table: ≈ 0.35 s a page here). The grid's
lines and shading are drawn as an SVG image instead. Its texts are not SVG text: WeasyPrint lays SVG text out
and draws it letter by letter, and wraps every text with ``text-anchor`` middle or end in a PDF form object of its
own — a filled sheet (≈ 350 texts) took ≈ 1 s and 130 KB a page that way. The texts are ``Block``s instead: one
absolutely positioned HTML block per column, one line a row (``white-space: pre``, line height = row height), so
WeasyPrint lays out one short line per cell and draws it as plain text (≈ 10 KB a filled page). The heading
(names, start numbers, column labels) is a one-row HTML table laid over the image. Measured in docs/exports.md.

Columns: game number, dealer (pre-printed), contract, declarer, card points, then per seat ``±`` (the game's
score, written with its sign) and ``Stand`` (the running total), and ``Σ``, the row-sum check (0 under zero-sum
writing). A thicker line closes every round of deals (after every ``size`` games). At a table of 5 the dealer
sits out: that seat's ``±`` cell is shaded. The last row holds the final totals.

A sheet has at most ``MAX_ROWS`` game rows a page; longer sheets continue on further pages, so the number of
pages is known before rendering: ``pages_for(games)``.
"""

import base64
import math
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from scoring import seats as seat_rules
from tournament.exports.measure import (  # noqa: F401 (the sheet's names for them)
    EM,
    FIT_SAFETY,
    HAIR,
    PT,
    UNKNOWN,
    WIDTHS,
    fitted_size,
    fmt,
    text_width,
)

CONTENT_HEIGHT = 277.0          # A4 297 mm minus 10 mm top and bottom margins
WIDTH = 190.0                   # A4 210 mm minus 10 mm left and right margins
HEADER = 22.0                   # title block (20 mm: room for the QR code of the table link; + 2 mm gap)
GRID_HEAD = 15.5                # the grid's heading: names (10.5 mm: a long name wraps), then ± / Stand (5 mm)
NAME_ROW = 10.5                 # (sheet.css sets the heading table's height to GRID_HEAD)
TOTAL_ROW = 8.0
FOOT = 32.0                     # check line (and an early end), signatures of up to 3 lines, footer
SAFETY = 6.0
MAX_ROWS = 36
MAX_ROW_HEIGHT = 8.0
FIXED = (("number", 8.0), ("dealer", 10.0), ("contract", 12.0), ("declarer", 12.0), ("points", 11.0))
CHECK = 10.0
THIN, MEDIUM, THICK = 0.18, 0.35, 0.6
DEAL_ROUND = 0.7                # the rule under every round of deals: heavier than the frame, seen at once
SHADE_OUT, SHADE_HEAD = "#d4d4d4", "#eef2ef"
ROW_SIZE = 2.9                  # font size (mm) of a filled row's cells
SMALL_ROW_SIZE = 2.3            # a contract too wide for its cell at ROW_SIZE (the variants: GSo/KM, U2 ouv.)



def pages_for(games):
    """Pages one sheet of ``games`` rows takes."""
    return max(1, math.ceil(games / MAX_ROWS))


def chunks(games):
    """The first and last game number of each page: ``[(1, 24)]`` or, for long sheets, balanced ranges."""
    pages = pages_for(games)
    per_page = math.ceil(games / pages)
    return [(start, min(games, start + per_page - 1)) for start in range(1, games + 1, per_page)]


def row_height(rows):
    available = CONTENT_HEIGHT - HEADER - GRID_HEAD - TOTAL_ROW - FOOT - SAFETY
    return math.floor(min(MAX_ROW_HEIGHT, available / max(rows, 1)) * 100) / 100     # down: never past the page


@dataclass
class Block:
    """Texts of one column over consecutive rows of equal height (or a single cell): laid out as HTML, one line a
    row, over the SVG grid. ``marked``: indexes of lines printed red and bold (a row sum that is not 0)."""
    x: float
    y: float
    width: float
    line_height: float
    lines: list
    align: str = "center"           # center, right, left
    size: float = 3.1
    bold: bool = False
    grey: bool = False
    marked: set = field(default_factory=set)
    raw: bool = False               # lines are HTML already (``row_line``)
    style: str = ""                 # set by ``finish``
    css: str = ""
    html: str = ""


@dataclass
class Grid:
    width: float
    height: float
    heading: list = field(default_factory=list)    # HTML heading cells: (kind, key or seat, width mm)
    lines: list = field(default_factory=list)      # (x1, y1, x2, y2, stroke width)
    rects: list = field(default_factory=list)      # (x, y, w, h, fill)
    blocks: list = field(default_factory=list)     # Block: every text of the grid


def columns(size):
    """``[(key, x, width)]`` left to right; seat columns are ``("plus", seat)`` and ``("stand", seat)``."""
    cols, x = [], 0.0
    for key, w in FIXED:
        cols.append((key, x, w))
        x += w
    pair = (WIDTH - x - CHECK) / size
    for seat in range(size):
        plus = round(pair * 0.44, 2)
        cols.append((("plus", seat), x, plus))
        cols.append((("stand", seat), x + plus, pair - plus))
        x += pair
    cols.append(("check", x, CHECK))
    return cols


def heading(size):
    """The HTML heading cells over the grid: fixed labels, one cell per seat (over ± and Stand), Σ."""
    cols = columns(size)
    cells = [("label", key, w) for key, _x, w in cols if key in dict(FIXED)]
    for seat in range(size):
        width = sum(w for key, _x, w in cols if isinstance(key, tuple) and key[1] == seat)
        cells.append(("seat", seat, width))
    cells.append(("label", "check", CHECK))
    return cells


# complexity: the grid drawn row by row as it is printed
def grid(*, size, first, last, labels, rows=None, final=None, sitting_out=True, show_totals=True, final_note=""):  # noqa: C901
    """The grid of games ``first``…``last``: lines and fills (SVG) and the texts over them (``Block``s).

    ``labels``: plus, stand, final. ``rows``: ``{number: cell texts}`` for a filled sheet (contract, declarer,
    points, check, and per-seat lists plus and stand). ``final``: the totals row texts (``stand`` per seat and
    ``check``), printed only on the page that holds the last game; ``final_note`` a short line under the final
    row's label (how far a partly played table got).
    """
    rows = rows or {}
    count = last - first + 1
    h = row_height(count)
    cols = columns(size)
    top = GRID_HEAD
    body_bottom = top + count * h
    height = body_bottom + (TOTAL_ROW if show_totals else 0)
    g = Grid(WIDTH, round(height, 2), heading=heading(size))
    g.rects.append((0, 0, WIDTH, GRID_HEAD, SHADE_HEAD))
    fixed_right = sum(w for _k, w in FIXED)
    numbers = range(first, last + 1)
    g.blocks.append(Block(0, NAME_ROW, WIDTH, GRID_HEAD - NAME_ROW, [row_line(
        [(x + w / 2, "center", labels[key[0]], False) for key, x, w in cols if isinstance(key, tuple)], 2.5, True)],
        align="left", size=2.5, bold=True, raw=True))
    for number in numbers:
        out = seat_rules.deal(number, size).sitting_out
        if sitting_out and out is not None:
            _key, x, w = next(c for c in cols if c[0] == ("plus", out))
            g.rects.append((x, top + (number - first) * h, w, h, SHADE_OUT))
    # Every row is two lines of text, normal and bold, placed cell by cell with spaces: a few long lines are laid
    # out far faster than one short line per cell (module docstring).
    normal, bold, small = [], [], []
    for number in numbers:
        cells = rows.get(number) or {}
        plain = [(FIXED[0][1] / 2, "center", str(number), False)]
        strong = [(FIXED[0][1] + FIXED[1][1] / 2, "center", str(seat_rules.deal(number, size).dealer + 1), False)]
        narrow = []
        for key, x, w in cols if cells else ():
            if key == "contract" and text_width(cells.get(key) or "", ROW_SIZE, False) > w - 1.5:
                narrow.append((x + w / 2, "center", cells[key], False))     # GSo/KM, U2 ouv.: smaller type
            elif key in ("contract", "declarer", "points", "check") and cells.get(key):
                plain.append((x + w / 2, "center", cells[key], key == "check" and cells[key] != "0"))
            elif isinstance(key, tuple) and cells[key[0]][key[1]]:
                (strong if key[0] == "stand" else plain).append((x + w - 1.2, "right", cells[key[0]][key[1]], False))
        normal.append(row_line(plain, ROW_SIZE, False))
        bold.append(row_line(strong, ROW_SIZE, True))
        small.append(row_line(narrow, SMALL_ROW_SIZE, False))
    g.blocks.append(Block(0, top, WIDTH, h, normal, align="left", size=ROW_SIZE, raw=True))
    g.blocks.append(Block(0, top, WIDTH, h, bold, align="left", size=ROW_SIZE, bold=True, raw=True))
    g.blocks.append(Block(0, top, WIDTH, h, small, align="left", size=SMALL_ROW_SIZE, raw=True))
    # Horizontal lines: heading, every row, a heavy one after every round of deals.
    g.lines.append((0, 0, WIDTH, 0, THICK))
    g.lines.append((fixed_right, NAME_ROW, WIDTH - CHECK, NAME_ROW, THIN))
    g.lines.append((0, top, WIDTH, top, MEDIUM))
    for i, number in enumerate(numbers, start=1):
        weight = DEAL_ROUND if seat_rules.ends_deal_round(number, size) and number != last else THIN
        g.lines.append((0, top + i * h, WIDTH, top + i * h, weight))
    g.lines.append((0, body_bottom, WIDTH, body_bottom, THICK))
    if show_totals:
        for key, x, w in cols:
            if isinstance(key, tuple) and key[0] == "plus":
                g.rects.append((x, body_bottom, w, TOTAL_ROW, SHADE_HEAD))
        g.lines.append((0, height, WIDTH, height, THICK))
        label_width = fixed_right - 2.0
        if final_note:
            g.blocks.append(Block(0, body_bottom + 0.5, label_width, 4.0, [labels["final"]], align="right", size=3.0,
                                  bold=True))
            g.blocks.append(Block(0, body_bottom + 4.3, label_width, 3.2, [final_note], align="right", size=2.3))
        else:
            g.blocks.append(Block(0, body_bottom, label_width, TOTAL_ROW, [labels["final"]], align="right", size=3.2,
                                  bold=True))
        if final:
            cells = [(x + w - 1.2, "right", final["stand"][key[1]], False) for key, x, w in cols
                     if isinstance(key, tuple) and key[0] == "stand"]
            cells += [(x + w / 2, "center", final["check"], False) for key, x, w in cols if key == "check"]
            g.blocks.append(Block(0, body_bottom, WIDTH, TOTAL_ROW, [row_line(cells, 3.2, True)], align="left",
                                  size=3.2, bold=True, raw=True))
    # Vertical lines: outer frame, fixed columns (not through the totals row), seats, the check column.
    g.lines.append((0, 0, 0, height, THICK))
    g.lines.append((WIDTH, 0, WIDTH, height, THICK))
    for key, x, _w in cols[1:]:
        if key in dict(FIXED):
            g.lines.append((x, 0, x, body_bottom, THIN))
        elif isinstance(key, tuple) and key[0] == "plus":
            g.lines.append((x, 0, x, height, THICK if key[1] == 0 else MEDIUM))
        elif isinstance(key, tuple):
            g.lines.append((x, NAME_ROW, x, height, THIN))
        else:
            g.lines.append((x, 0, x, height, THICK))
    return finish(g)


def row_line(cells, size, bold):
    """One line of a filled row as HTML: ``cells`` ``(x, align, text, marked)`` left to right, ``x`` the centre or
    the right edge (mm from the grid's left), each reached with spaces and hair spaces from where the text before
    it ended. A cell that would overlap the one before it starts right after it instead."""
    space, hair = WIDTHS[bold][" "] * size / EM, WIDTHS[bold][HAIR] * size / EM
    out, at = [], 0.0
    for x, align, text, marked in cells:
        width = text_width(text, size, bold)
        gap = (x - width / 2 if align == "center" else x - width) - at
        if gap > 0:
            spaces = int(gap // space)
            hairs = round((gap - spaces * space) / hair)
            out.append(" " * spaces + HAIR * hairs)
            at += spaces * space + hairs * hair
        out.append(f'<span class="bad">{escape(text)}</span>' if marked else escape(text))
        at += width
    return "".join(out)


def block_html(block):
    """The lines of a block as escaped HTML, one a row (the block is ``white-space: pre``)."""
    if block.raw:
        return "\n".join(block.lines)
    return "\n".join(f'<span class="bad">{escape(t)}</span>' if i in block.marked else escape(t)
                      for i, t in enumerate(block.lines))


def finish(g):
    """Format every number once, here, so that templates only copy strings; drop blocks without text."""
    g.lines = [tuple(fmt(v) for v in line) for line in g.lines]
    g.rects = [tuple(fmt(v) for v in rect[:4]) + (rect[4],) for rect in g.rects]
    g.heading = [(kind, key, fmt(float(w))) for kind, key, w in g.heading]
    g.blocks = [b for b in g.blocks if any(b.lines)]
    for b in g.blocks:
        b.style = (f"left:{fmt(float(b.x))}mm;top:{fmt(float(b.y))}mm;width:{fmt(float(b.width))}mm;"
                   f"line-height:{fmt(float(b.line_height))}mm;font-size:{fmt(float(b.size))}mm")
        b.css = " ".join(["t-" + b.align] + (["b"] if b.bold else []) + (["g"] if b.grey else []))
        b.html = block_html(b)
    g.width, g.height = fmt(float(g.width)), fmt(float(g.height))
    return g


def to_svg(g):
    """The grid's lines and fills as SVG markup (an image: WeasyPrint parses it with ElementTree, not as part of
    the HTML). No text: see the module docstring. One path per fill and per stroke width: WeasyPrint sets up the
    graphics state for every element, so 5 paths draw far faster than 120 lines and rectangles."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{g.width}mm" height="{g.height}mm" '
           f'viewBox="0 0 {g.width} {g.height}">']
    fills, strokes = {}, {}
    for x, y, w, h, fill in g.rects:
        fills.setdefault(fill, []).append(f"M{x} {y}h{w}v{h}h-{w}z")
    for a, b, c, d, sw in g.lines:
        strokes.setdefault(sw, []).append(f"M{a} {b}L{c} {d}")
    out += [f'<path d="{"".join(parts)}" fill="{fill}"/>' for fill, parts in fills.items()]
    out += [f'<path d="{"".join(parts)}" fill="none" stroke="#000" stroke-width="{sw}" stroke-linecap="square"/>'
            for sw, parts in strokes.items()]
    out.append("</svg>")
    return "".join(out)


def data_uri(svg):
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")

"""The geometry of a printed score sheet (*Spielliste*): pure Python, millimetres, no Django, no database.

A sheet page is an A4 portrait page (190 × 277 mm inside 10 mm margins): a title block, the game grid with the
players in seat order in its heading, and the signature lines.

Why SVG: WeasyPrint lays out an HTML table cell by cell (a 30 × 15 table: ≈ 0.35 s a page here). The grid's
lines, shading and short texts are drawn as an SVG image instead, and only its heading (names, start numbers,
column labels: text that needs real line layout) is a one-row HTML table laid over the image. WeasyPrint lays
out SVG text letter by letter, so the SVG carries only short texts (game numbers, dealer seats, scores).
Measured in docs/exports.md.

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

CONTENT_HEIGHT = 277.0          # A4 297 mm minus 10 mm top and bottom margins
WIDTH = 190.0                   # A4 210 mm minus 10 mm left and right margins
HEADER = 22.0                   # title block (20 mm: room for the QR code of the table link; + 2 mm gap)
GRID_HEAD = 14.0                # the grid's heading: names (9 mm), then ± / Stand (5 mm)
NAME_ROW = 9.0
TOTAL_ROW = 8.0
FOOT = 27.0                     # check line, signatures, footer
SAFETY = 6.0
MAX_ROWS = 36
MAX_ROW_HEIGHT = 8.0
FIXED = (("number", 8.0), ("dealer", 10.0), ("contract", 12.0), ("declarer", 12.0), ("points", 11.0))
CHECK = 10.0
THIN, MEDIUM, THICK = 0.18, 0.35, 0.6
SHADE_OUT, SHADE_HEAD = "#d4d4d4", "#eef2ef"


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
class Text:
    x: float
    y: float
    text: str
    anchor: str = "middle"
    size: float = 3.1
    weight: str = "normal"
    fill: str = "#000"


@dataclass
class Grid:
    width: float
    height: float
    heading: list = field(default_factory=list)    # HTML heading cells: (kind, key or seat, width mm)
    lines: list = field(default_factory=list)      # (x1, y1, x2, y2, stroke width)
    rects: list = field(default_factory=list)      # (x, y, w, h, fill)
    texts: list = field(default_factory=list)


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


def grid(*, size, first, last, labels, rows=None, final=None, sitting_out=True, show_totals=True):
    """The grid of games ``first``…``last`` as lines, fills and short texts.

    ``labels``: plus, stand, final. ``rows``: ``{number: cell texts}`` for a filled sheet (contract, declarer,
    points, check, and per-seat lists plus and stand). ``final``: the totals row texts (``stand`` per seat and
    ``check``), printed only on the page that holds the last game.
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
    for key, x, w in cols:
        if isinstance(key, tuple):
            g.texts.append(Text(x + w / 2, 12.7, labels[key[0]], size=2.5, weight="bold"))
    for i, number in enumerate(range(first, last + 1)):
        y = top + i * h
        base = y + h / 2 + 1.1
        dealer, out, _forehand = seat_rules.deal(number, size)
        if sitting_out and out is not None:
            _key, x, w = next(c for c in cols if c[0] == ("plus", out))
            g.rects.append((x, y, w, h, SHADE_OUT))
        g.texts.append(Text(4.0, base, str(number), size=3.0, fill="#333"))
        g.texts.append(Text(13.0, base, str(dealer + 1), size=3.2, weight="bold"))
        cells = rows.get(number)
        if cells:
            for key, x, w in cols:
                if key in ("contract", "declarer", "points", "check"):
                    text = cells.get(key, "")
                    if text:
                        red = key == "check" and text != "0"
                        g.texts.append(Text(x + w / 2, base, text, size=3.0, fill="#b00" if red else "#000",
                                            weight="bold" if red else "normal"))
                elif isinstance(key, tuple):
                    text = cells[key[0]][key[1]]
                    if text:
                        g.texts.append(Text(x + w - 1.2, base, text, anchor="end", size=2.9,
                                            weight="bold" if key[0] == "stand" else "normal"))
    # Horizontal lines: heading, every row, a thicker one after every round of deals.
    g.lines.append((0, 0, WIDTH, 0, THICK))
    g.lines.append((fixed_right, NAME_ROW, WIDTH - CHECK, NAME_ROW, THIN))
    g.lines.append((0, top, WIDTH, top, MEDIUM))
    for i, number in enumerate(range(first, last + 1), start=1):
        weight = MEDIUM if seat_rules.ends_deal_round(number, size) and number != last else THIN
        g.lines.append((0, top + i * h, WIDTH, top + i * h, weight))
    g.lines.append((0, body_bottom, WIDTH, body_bottom, THICK))
    if show_totals:
        middle = body_bottom + TOTAL_ROW / 2 + 1.2
        for key, x, w in cols:
            if isinstance(key, tuple) and key[0] == "plus":
                g.rects.append((x, body_bottom, w, TOTAL_ROW, SHADE_HEAD))
        g.lines.append((0, height, WIDTH, height, THICK))
        g.texts.append(Text(fixed_right - 2.0, middle, labels["final"], anchor="end", size=3.2, weight="bold"))
        if final:
            for key, x, w in cols:
                if isinstance(key, tuple) and key[0] == "stand":
                    g.texts.append(Text(x + w - 1.2, middle, final["stand"][key[1]], anchor="end", size=3.2,
                                        weight="bold"))
                elif key == "check":
                    g.texts.append(Text(x + w / 2, middle, final["check"], size=3.2, weight="bold"))
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


def fmt(value):
    """A number for SVG and CSS: at most two decimals, a decimal point whatever the locale."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def finish(g):
    """Format every number once, here, so that templates only copy strings."""
    g.lines = [tuple(fmt(v) for v in line) for line in g.lines]
    g.rects = [tuple(fmt(v) for v in rect[:4]) + (rect[4],) for rect in g.rects]
    g.heading = [(kind, key, fmt(float(w))) for kind, key, w in g.heading]
    for t in g.texts:
        t.x, t.y, t.size = fmt(float(t.x)), fmt(float(t.y)), fmt(float(t.size))
    g.width, g.height = fmt(float(g.width)), fmt(float(g.height))
    return g


def to_svg(g):
    """The grid as SVG markup (an image: WeasyPrint parses it with ElementTree, not as part of the HTML)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{g.width}mm" height="{g.height}mm" '
           f'viewBox="0 0 {g.width} {g.height}" font-family="DejaVu Sans">']
    out += [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"/>' for x, y, w, h, fill in g.rects]
    out.append('<g stroke="#000" stroke-linecap="square">')
    out += [f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke-width="{sw}"/>' for a, b, c, d, sw in g.lines]
    out.append("</g>")
    for t in g.texts:
        extra = (f' font-weight="{t.weight}"' if t.weight != "normal" else "") + \
            (f' fill="{t.fill}"' if t.fill != "#000" else "")
        out.append(f'<text x="{t.x}" y="{t.y}" font-size="{t.size}" text-anchor="{t.anchor}"{extra}>'
                   f'{escape(t.text)}</text>')
    out.append("</svg>")
    return "".join(out)


def data_uri(svg):
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")

"""The building blocks of a PDF standings *section* (printed by ``pdf/standings.html``): a column, a rank, the
season table's frame shared by the Cego and the Ziege season tables (rank, name, town, played, one column per
tournament — in brackets when outside the best N — then the table's own total columns), and what every section
gets before it is printed (``finish``): empty optional columns dropped, over-long words made to break visibly,
team numbers kept with their name, and the last rows kept together so no page ends a list with one or two rows;
and the lot mark with its legend. Beside ``base``, below ``pdf/``, ``xlsx/`` and ``ziege``, which all print
standings.

Widths are measured, not guessed (docs/exports.md, "Lists and standings on paper"): the season table gives each
number column what its longest text and its heading's longest word need, the town what its longest town needs
(8 pt) as far as the line allows, and the name the rest.
"""

import math

from django.utils.translation import gettext as _

from tournament.exports.measure import FIT_SAFETY, PT, fitted_size, text_width
from tournament.exports.words import breakable, keep_number

LINE_MM = 277            # landscape A4 less the margins: what the columns of a wide table share, in mm
PORTRAIT_MM = 190        # portrait A4 less the margins
PAD = 2.4                # a cell's padding, left and right (print.css: 1.2 mm each side)
BODY_PT, SMALL_PT, HEAD_PT = 9.0, 8.0, 7.5      # print.css: a cell, a ``small`` cell, a heading (bold)
NAME_LEAST, TOWN_LEAST = 40.0, 25.0             # what the name and the town keep however many tournaments
NAME_WANT = 70.0         # a longer name may wrap (at its own spaces and hyphens) rather than squeeze the numbers
SMALLEST_PT = 6.5        # the smallest size of a tournament's numbers when many share the line
NUMBERS = 0.98          # the safety of a number's width (its advance widths are exact; a little for rounding)
TAIL_ROWS = 5            # the last rows of a list stay together: a page never ends a list with fewer


def col(label, num=False, cls="", width=None, *, optional=False, keep=False, team=False):
    """A column; ``width`` in mm (None: the column takes the rest of the line — the name). ``optional``: left
    out when it is empty in every row (``finish``); ``keep`` marks a column that is empty on purpose (a box to
    tick) and is never made breakable; ``team``: team names, whose number stays with the name."""
    return {"label": label, "num": num, "cls": cls, "width": width, "optional": optional, "keep": keep,
            "team": team}


def rank_text(row):
    return f"{row.rank}."


def needed(texts, size, bold=False, safety=FIT_SAFETY):
    """The width (mm) a column needs to print the longest of ``texts`` on one line at ``size`` pt; ``safety``
    leaves room for kerning and unknown letters (numbers need none: their widths are exact)."""
    return max((text_width(str(t), size * PT, bold) for t in texts), default=0.0) / safety + PAD


def heading_needed(label):
    """The width (mm) a heading needs so that its longest word does not break ("Turnie/re")."""
    return needed(str(label).split() or [""], HEAD_PT, bold=True)


def fitted(column, texts, bold=False, size=BODY_PT):
    """A number ``column`` as wide as its longest text and its heading's longest word need (half millimetres)."""
    return {**column, "width": half_mm(max(needed(texts, size, bold, NUMBERS), heading_needed(column["label"])))}


def half_mm(width):
    """``width`` rounded up to half a millimetre."""
    return math.ceil(width * 2 - 1e-9) / 2


def season_frame(standings, *, heads, tail, cell, totals):
    """Columns, rows and the key line of a season table. ``heads``: the four leading column labels; ``tail``:
    the total columns (bold first); ``cell(value)``: one tournament's result as text; ``totals(row)``: the total
    cells. Widths from the content: every number column as its texts and its heading's words need; when the
    tournaments would leave the name (up to ``NAME_WANT``) and the town less than they need, their columns
    share what is left (down to their numbers at ``SMALLEST_PT``) and print smaller. Of the rest the name keeps
    what it needs up to 60 %, the town gets what its longest town needs on one line as far as that allows, and
    the name takes the rest."""
    tournaments = standings.columns
    rank, name, town, played = heads
    body = []
    for r in standings.rows:
        d = r.data
        counted = set(d["counted"])
        cells = []
        for i, value in enumerate(d["per_tournament"]):
            text = "" if value is None else cell(value)
            cells.append(text if value is None or i in counted else f"({text})")
        body.append({"cells": [rank_text(r), d["name"], d["town"], d["participations"], *cells, *totals(r)],
                     "cls": ""})
    column = [[row["cells"][i] for row in body] for i in range(4 + len(tournaments) + len(tail))]
    first = [fitted(col(rank, True, "rank"), [f"{t}L" for t in column[0]], size=BODY_PT),
             fitted(col(played, True, ""), column[3])]
    ends = [fitted(c, column[4 + len(tournaments) + i], bold=i == 0) for i, c in enumerate(tail)]
    per = [fitted(col(str(i), True, ""), column[3 + i]) for i in range(1, len(tournaments) + 1)]
    fixed = sum(c["width"] for c in first + ends)
    town_need, name_need = needed(column[2], SMALL_PT), needed(column[1], BODY_PT)
    room = LINE_MM - fixed - max(min(name_need, NAME_WANT) + town_need, NAME_LEAST + TOWN_LEAST)
    if per and sum(c["width"] for c in per) > room:          # many tournaments: narrower, their numbers smaller
        longest = max((t for texts in column[4:4 + len(per)] for t in texts), key=len, default="")
        least = max(needed([longest], SMALLEST_PT, safety=NUMBERS), max(heading_needed(c["label"]) for c in per))
        each = max(math.floor(room / len(per) * 10) / 10, least)
        size = fitted_size(longest, (each - PAD) * NUMBERS / FIT_SAFETY, BODY_PT, SMALLEST_PT)
        per = [{**c, "width": each, "size": size} for c in per]
    rest = LINE_MM - fixed - sum(c["width"] for c in per)
    # the name keeps what it needs up to 60 % of the rest; the town gets up to its need of what is left (one line)
    name_keeps = min(name_need, max(NAME_LEAST, rest * 0.6))
    town_width = max(TOWN_LEAST, min(half_mm(town_need), rest - name_keeps))
    columns = [first[0], col(name, cls="name"), col(town, cls="small", width=town_width), first[1],
               *per, *ends]
    legend = " · ".join(f"{i} = {t.name} ({t.date:%d.%m.})" for i, t in enumerate(tournaments, start=1))
    return columns, body, legend


def cell_size(column):
    """The font size (pt) a column's cells print at."""
    return column.get("size") or (SMALL_PT if "small" in column["cls"].split() else BODY_PT)


def finish(section, line):
    """Prepare ``section`` for the template on a line of ``line`` mm: optional columns empty in every row left
    out; every text cell of a word longer than its column given soft hyphens (``words.breakable``: the break
    shows); team names keep their number (``words.keep_number``); cells as ``{"text", "cls", "style"}``; the
    rows in ``groups`` (a ``<tbody>`` each): the last ``TAIL_ROWS`` a group of their own, ``tail``, which the
    template keeps on one page (``break-inside: avoid``): a list never ends on a page with one or two rows."""
    rows, columns = section["rows"], section["columns"]
    keep = [i for i, c in enumerate(columns)
            if not (c.get("optional") and rows and all(r["cells"][i] in ("", None) for r in rows))]
    columns = section["columns"] = [columns[i] for i in keep]
    rest = line - sum(c["width"] or 0 for c in columns)
    widths = [(c["width"] or rest) - PAD for c in columns]
    classes = [("num " if c["num"] else "") + c["cls"] for c in columns]
    styles = [f"font-size: {c['size']}pt" if c.get("size") else "" for c in columns]
    for row in rows:
        bold = "prize" in row.get("cls", "")
        cells = []
        texts = (row["cells"][i] for i in keep)
        for c, width, cls, style, text in zip(columns, widths, classes, styles, texts, strict=True):
            if isinstance(text, str) and not c["num"] and not c.get("keep"):
                plain = keep_number(text) if c.get("team") else text
                text = breakable(plain, width, cell_size(c), bold or "total" in c["cls"])
                if text != plain:       # breaks at its soft hyphens only: "anywhere" would drop a hyphen
                    cls += " marked"    # that does not fit the line (WeasyPrint 70)
            cells.append({"text": text, "cls": cls, "style": style})
        row["cells"] = cells
    split = max(len(rows) - TAIL_ROWS, 0)
    section["groups"] = [g for g in ({"rows": rows[:split], "tail": False}, {"rows": rows[split:], "tail": True})
                         if g["rows"]]
    return section


LOT_MARK = "L"                  # a place decided by lot, in every standings file (PDF, board, workbook)


def lot_legend():
    """The foot note that explains ``LOT_MARK``."""
    return _("%(mark)s = place decided by lot") % {"mark": LOT_MARK}

"""The building blocks of a PDF standings *section* (printed by ``pdf/standings.html``): a column, a rank, and the
season table's frame shared by the Cego and the Ziege season tables (rank, name, town, played, one column per
tournament — in brackets when outside the best N — then the table's own total columns), and the lot mark with its
legend. Beside ``base``, below ``pdf/``, ``xlsx/`` and ``ziege``, which all print standings."""

from django.utils.translation import gettext as _

# landscape A4 less the margins: what the columns of a season table share, in mm
LINE_MM = 277
# rank, town, played and the name's least width
FIXED_MM = 12 + 30 + 12 + 45


def col(label, num=False, cls="", width=None):
    """A column; ``width`` in mm (None: the column takes the rest of the line — the name)."""
    return {"label": label, "num": num, "cls": cls, "width": width}


def rank_text(row):
    return f"{row.rank}."


def season_frame(standings, *, heads, tail, cell, totals, least, most):
    """Columns, rows and the key line of a season table. ``heads``: the four leading column labels; ``tail``:
    the total columns; ``cell(value)``: one tournament's result as text; ``totals(row)``: the total cells; each
    tournament column is ``least``–``most`` mm wide, sharing what the fixed columns and ``tail`` leave."""
    tournaments = standings.columns
    room = LINE_MM - FIXED_MM - sum(c["width"] for c in tail)
    each = max(least, min(most, room / max(len(tournaments), 1)))
    rank, name, town, played = heads
    columns = [col(rank, True, "rank", 12), col(name, cls="name"), col(town, cls="small", width=30),
               col(played, True, "", 12)]
    columns += [col(str(i), True, "", round(each, 1)) for i in range(1, len(tournaments) + 1)]
    columns += tail
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
    legend = " · ".join(f"{i} = {t.name} ({t.date:%d.%m.})" for i, t in enumerate(tournaments, start=1))
    return columns, body, legend


LOT_MARK = "L"                  # a place decided by lot, in every standings file (PDF, board, workbook)


def lot_legend():
    """The foot note that explains ``LOT_MARK``."""
    return _("%(mark)s = place decided by lot") % {"mark": LOT_MARK}

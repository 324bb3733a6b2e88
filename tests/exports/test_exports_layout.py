"""Exports without the database: the sheet geometry, the registry, the xlsx writer of the exporter base."""

import io
import xml.etree.ElementTree as ET

import openpyxl
import pytest
from django.utils import translation

from tournament import exports as exporters
from tournament.common.numbers import signed
from tournament.exports import base
from tournament.exports.base import Column, Sheet, sheet_title, write_xlsx
from tournament.exports.pdf import sheet_layout

LABELS = {"plus": "±", "stand": "Stand", "final": "Endstand"}


@pytest.mark.parametrize("games, expected", [
    (24, [(1, 24)]), (30, [(1, 30)]), (36, [(1, 36)]), (37, [(1, 19), (20, 37)]), (40, [(1, 20), (21, 40)]),
    (60, [(1, 30), (31, 60)]), (1, [(1, 1)]),
])
def test_long_sheets_are_split_into_balanced_pages(games, expected):
    assert sheet_layout.chunks(games) == expected
    assert sheet_layout.pages_for(games) == len(expected)


@pytest.mark.parametrize("size", [3, 4, 5])
def test_columns_and_heading_fill_the_width(size):
    cols = sheet_layout.columns(size)
    assert cols[-1][1] + cols[-1][2] == pytest.approx(sheet_layout.WIDTH)
    assert sum(w for _kind, _key, w in sheet_layout.heading(size)) == pytest.approx(sheet_layout.WIDTH)
    assert sum(1 for key, _x, _w in cols if isinstance(key, tuple)) == 2 * size


@pytest.mark.parametrize("size, games", [(4, 24), (5, 30), (3, 24)])
def test_grid_preprints_the_dealer_and_fits_the_page(size, games):
    g = sheet_layout.grid(size=size, first=1, last=games, labels=LABELS)
    bold = next(b for b in g.blocks if b.raw and b.bold and len(b.lines) == games)
    dealers = [line.replace(sheet_layout.HAIR, "").strip() for line in bold.lines]
    assert dealers == [str((n - 1) % size + 1) for n in range(1, games + 1)]
    shaded = [r for r in g.rects if r[4] == sheet_layout.SHADE_OUT]
    assert len(shaded) == (games if size == 5 else 0)      # the dealer sits out only at a table of 5
    fixed = sheet_layout.HEADER + sheet_layout.FOOT + sheet_layout.SAFETY
    assert float(g.height) + fixed <= sheet_layout.CONTENT_HEIGHT
    assert sheet_layout.row_height(games) >= 5.5             # room to write by hand


def test_svg_is_well_formed_with_a_decimal_point_in_german():
    with translation.override("de"):
        g = sheet_layout.grid(size=5, first=1, last=30, labels=LABELS,
                              rows={1: {"contract": "C", "declarer": "2", "points": "41", "check": "0",
                                        "plus": ["", "−10", "+30", "−10", "−10"], "stand": ["0", "−10", "30", "−10",
                                                                                        "−10"]}},
                              final={"stand": ["0", "−10", "30", "−10", "−10"], "check": "0"})
        svg = sheet_layout.to_svg(g)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "," not in root.get("viewBox")
    assert not list(root.iter("{http://www.w3.org/2000/svg}text"))      # texts are HTML blocks (docstring)
    html = " ".join(b.html for b in g.blocks)
    assert "+30" in html and "Endstand" in html and "41" in html
    assert all("," not in b.style for b in g.blocks)
    assert sheet_layout.data_uri(svg).startswith("data:image/svg+xml;base64,")


def test_registry_knows_every_export_once_by_scope():
    identifiers = exporters.identifiers()
    assert len(identifiers) == len(set(identifiers))
    for scope in base.SCOPES:
        assert exporters.for_scope(scope), scope
    for identifier in identifiers:
        exporter = exporters.get(identifier)
        assert exporter.verbose_name and exporter.extension in ("pdf", "xlsx")
        assert exporter.content_type in (base.PDF, base.XLSX)
    expected = {"score_sheet", "score_sheet_filled", "score_sheets", "score_sheets_filled", "table_list",
                "table_list_alphabetical", "standings", "team_standings", "category_standings",
                "tournament_workbook", "registration_template", "season_standings", "season_team_standings",
                "season_category_standings", "season_workbook", "season_game_log"}
    assert expected <= set(identifiers)
    with pytest.raises(LookupError):
        exporters.get("nope")


def test_sheet_titles_are_valid_and_unique():
    taken = set()
    assert sheet_title("Durchgang 1", taken) == "Durchgang 1"
    assert sheet_title("Durchgang 1", taken) == "Durchgang 1 (2)"
    assert sheet_title("a/b:c*d?[e]", taken) == "a-b-c-d--e-"
    assert len(sheet_title("x" * 40, taken)) == 31


def test_signed_uses_a_real_minus_sign():
    assert [signed(v) for v in (30, -10, 0, None)] == ["+30", "\u221210", "0", ""]


def test_write_xlsx_bold_frozen_filtered_formatted():
    progress = []
    sheets = [Sheet("Liste", [Column("Nr.", 7, base.INTEGER), Column("Name", 20), Column("Punkte", 9, base.SIGNED)],
                    ([i, f"Spieler {i}", (-1) ** i * 10 * i] for i in range(1, 2501))),
              Sheet("Leer", [Column("A", 5)], [], counted=False)]
    content = write_xlsx(sheets, lambda done, total: progress.append((done, total)), total=2500)
    book = openpyxl.load_workbook(io.BytesIO(content))
    ws = book["Liste"]
    assert [c.value for c in ws[1]] == ["Nr.", "Name", "Punkte"]
    assert all(c.font.b for c in ws[1])
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == "A1:C2501"
    assert ws.column_dimensions["B"].width == 12          # "Spieler 1000", measured (not the planned 20)
    assert book["Leer"].column_dimensions["A"].width == 5   # no rows: the planned width
    assert ws["C2"].value == -10 and ws["C2"].number_format == base.SIGNED
    assert ws["A3"].number_format == base.INTEGER and ws["B3"].number_format == "General"
    assert ws.max_row == 2501
    assert book["Leer"].max_row == 1
    assert progress[-1] == (2500, 2500) and (1000, 2500) in progress


@pytest.mark.parametrize("bold", [False, True])
def test_row_line_places_each_cell_where_the_grid_says(bold):
    """Spaces and hair spaces bring every text to its cell: right edges and centres within half a hair space."""
    size = sheet_layout.ROW_SIZE
    cells = [(4.0, "center", "12", False), (31.0, "center", "GSo", False), (70.8, "right", "+1250", False),
             (85.0, "right", "−40", False), (100.0, "right", "✓", True)]
    line = sheet_layout.row_line(cells, size, bold)
    assert '<span class="bad">✓</span>' in line
    plain = line.replace('<span class="bad">', "").replace("</span>", "")
    hair = sheet_layout.text_width(sheet_layout.HAIR, size, bold)
    for x, align, text, _marked in cells:
        start = sheet_layout.text_width(plain[:plain.index(text)], size, bold)
        end = start + sheet_layout.text_width(text, size, bold)
        assert (end if align == "right" else (start + end) / 2) == pytest.approx(x, abs=hair / 2 + 1e-9)


def test_row_line_escapes_and_never_overlaps():
    line = sheet_layout.row_line([(5.0, "right", "<b>&", False), (6.0, "right", "99", False)], 2.9, False)
    assert line.startswith("&lt;b&gt;&amp;") and line.endswith("99")     # the second cell follows the first

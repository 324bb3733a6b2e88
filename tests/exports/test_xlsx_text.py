"""Every text a user types reaches every workbook as text: never a formula, never an error cell, never a crash.

Hostile values (``tests/exports/hostile.py``) go into every text field that reaches a workbook; every registered
workbook exporter is rendered and read back with openpyxl.
"""

import io

import openpyxl
import pytest

from tests.exports.hostile import (
    CONTROL,
    LONG,
    OWN_CELL,
    TYPED,
    hostile_tournament,
    render_all,
    workbook_exporters,
    written,
)
from tournament.exports.base import Column, Sheet, file_slug, text, write_xlsx

pytestmark = pytest.mark.django_db


def cells(content):
    book = openpyxl.load_workbook(io.BytesIO(content))
    return book, [cell for ws in book.worksheets for row in ws.iter_rows() for cell in row if cell.value is not None]


@pytest.fixture(scope="module")
def rendered(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            t = hostile_tournament()
            files = render_all(t)
            transaction.set_rollback(True)
    return files


def test_every_workbook_exporter_is_rendered(rendered):
    assert set(rendered) == {e.identifier for e in workbook_exporters()}
    assert {"tournament_workbook", "season_workbook", "season_game_log", "registration_template"} <= set(rendered)


def test_no_formula_no_error_cell_in_any_workbook(rendered):
    for identifier, (_name, content) in rendered.items():
        _book, found = cells(content)
        assert found, identifier
        assert [c.coordinate for c in found if c.data_type in ("f", "e")] == [], identifier
        assert not any(isinstance(c.value, str) and ("\x07" in c.value or "\x1f" in c.value) for c in found)


def test_hostile_values_come_back_exactly_as_typed(rendered):
    values, titles = set(), set()
    for _name, content in rendered.values():
        book, found = cells(content)
        values |= {c.value for c in found if isinstance(c.value, str)}
        titles |= set(book.sheetnames)
    for field in OWN_CELL:
        assert written(TYPED[field]) in values, field
    assert written(CONTROL) == "Steuerzeichen" and "Steuerzeichen" in values
    assert LONG in values and len(LONG) == 80
    # the user who added the adjustment, the category as a sheet title and in the standings' categories cell,
    # the tournament in the season sheets' headings
    assert TYPED["user"] in values
    assert TYPED["category"] in titles
    assert any(TYPED["category"] in v for v in values)
    assert any(v.startswith(TYPED["tournament"] + " (") for v in values)
    # players' full names in the round sheets and the game log
    assert f'{TYPED["first_name"]} {TYPED["last_name"]}' in values


def test_the_tournament_workbook_in_english_too():
    t = hostile_tournament()
    files = render_all(t, language="en")
    _book, found = cells(files["tournament_workbook"][1])
    assert "Rank" in {c.value for c in found}
    assert not [c for c in found if c.data_type in ("f", "e")]


@pytest.mark.parametrize("value", [*TYPED.values(), "#N/A", "#DIV/0!", "=", "#", "==", "\x00=x"])
def test_the_writer_keeps_any_text_as_text(value):
    """Header and body, plain and number-formatted columns alike."""
    columns = [Column(value), Column("Zahl", 8, "#,##0")]
    content = write_xlsx([Sheet(value or "x", columns, [[value, value], [value, 3]])])
    ws = openpyxl.load_workbook(io.BytesIO(content)).worksheets[0]
    expected = text(value)
    for cell in (ws["A1"], ws["A2"], ws["B2"], ws["A3"]):
        assert cell.data_type == "s" and cell.value == expected, cell.coordinate
    assert ws["B3"].value == 3 and ws["B3"].data_type == "n"


def test_text_strips_only_control_characters():
    assert text("a\x00b\x08c\x0bd\x1fe\tf\ng\rh") == "abcde\tf\ng\rh"
    assert text("=A1") == "=A1" and text(7) == "7"


def test_file_names_keep_umlauts_readable():
    assert file_slug("Bräunlingen") == "braeunlingen"
    assert file_slug("Turnier", "Öhler Straße", "Üb") == "turnier-oehler-strasse-ueb"
    assert file_slug("=HYPERLINK(\"x\")", "") == "hyperlinkx"
    assert file_slug("", None) == "export"


def test_headers_are_readable():
    """A German heading word never breaks inside (the column is widened), the header row is as high as the most
    wrapped heading, and the header font is named (LibreOffice falls back to a serif without one)."""
    columns = [Column("Startnummer", 9), Column("Gewonnene Alleinspiele des Spielers", 10), Column("Platz", 7)]
    ws = openpyxl.load_workbook(io.BytesIO(write_xlsx([Sheet("S", columns, [[1, 2, 3]])]))).worksheets[0]
    assert ws.column_dimensions["A"].width >= 13        # "Startnummer" bold on one line
    assert ws.column_dimensions["C"].width == 7
    assert ws.row_dimensions[1].height >= 3 * 15         # "Gewonnene / Alleinspiele / des / Spielers" wraps
    assert ws["A1"].font.name == "Calibri" and ws["A1"].font.b
    assert ws.page_setup.orientation == "portrait"       # three narrow columns fit a portrait page


def test_every_sheet_fits_one_page_width():
    """One page width, as many pages down as it takes: portrait when the planned width fits, else landscape; the
    columns naming a row stay frozen on screen, and nothing is printed in parts any more."""
    narrow = [Column("Platz", 7), Column("Name", 20)]
    columns = narrow + [Column(f"Turnier {n}", 14) for n in range(13)]
    book = openpyxl.load_workbook(io.BytesIO(write_xlsx([
        Sheet("N", narrow, [[1, "Anna Schwörer"]]),
        Sheet("G", columns, [[1, "Anna Schwörer", *range(13)]], freeze_columns=2)])))
    for ws in book.worksheets:
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
        assert ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 0, ws.title
        assert not ws.col_breaks.brk and not ws.print_title_cols and ws.print_title_rows == "$1:$1", ws.title
        assert ws.page_setup.scale is None, ws.title
    assert book["N"].page_setup.orientation == "portrait" and book["G"].page_setup.orientation == "landscape"
    assert book["G"].freeze_panes == "C2" and book["N"].freeze_panes == "A2"

"""Workbooks on paper (issue 24, item 7): every sheet names the event and the list's status in its printed page
header, fits one page width, takes its column widths from what it holds, and the standings say which places the
lot decided. Read back with openpyxl; ``test_xlsx_libreoffice.py`` prints one through LibreOffice."""

import io

import openpyxl
import pytest
from django.utils import translation

from tests import factories
from tournament.exports import get
from tournament.exports.base import Column, Sheet, write_xlsx
from tournament.exports.pdf.standings import LOT_MARK, lot_legend
from tournament.exports.workbook import HEADER_CHARS, MAX_WIDTH, header_text
from tournament.models import Entry, Player
from tournament.results.status import season_status, tournament_status
from tournament.standings.selectors import tournament_standings
from tournament.standings.services import draw_missing_lots

pytestmark = pytest.mark.django_db

CLUB = "Cego-Freunde Hinterzarten-Breitnau"                          # 34 characters: cut at the old 22
VERY_LONG = "Schachfreunde und Cegospieler Unterkirnach-Vöhrenbach e.V. 1921"   # beyond any column: wraps


def book(content):
    return openpyxl.load_workbook(io.BytesIO(content))


def headers(content):
    return [(ws.title, ws.oddHeader.left.text, ws.oddHeader.right.text, ws.oddFooter.center.text)
            for ws in book(content).worksheets]


def column_of(ws, heading):
    return next(c.column_letter for c in ws[1] if c.value == heading)


@pytest.mark.parametrize("language, status_word", [("en", "provisional"), ("de", None)])
def test_a_running_tournament_prints_its_name_date_and_provisional_status_on_every_sheet(language, status_word):
    t, _round = factories.seated_and_played(players=9, rounds=2)          # round 1 played, not locked
    t.name = "Cego & Co. Löffingen"
    t.save()
    with translation.override(language):
        status = tournament_status(t)
    assert not status.final and (status_word is None or status_word in status.text)
    sheets = headers(get("tournament_workbook").render(tournament=t, language=language)[2])
    assert len(sheets) >= 4                                               # standings, round, adjustments, audit
    for title, left, right, footer in sheets:
        assert left == f"Cego && Co. Löffingen · {t.date:%d.%m.%Y}", title     # "&" doubled: no header code
        assert right == status.text, title
        assert footer == "&A · &P / &N", title


def test_a_finished_tournament_prints_final_standings():
    t = factories.played(players=8, rounds=1)
    with translation.override("en"):                 # as the workbook below is written
        status = tournament_status(t)
    assert status.final
    for title, left, right, _footer in headers(get("tournament_workbook").render(tournament=t, language="en")[2]):
        assert t.name in left and f"{t.date:%d.%m.%Y}" in left, title
        assert right == "Final standings" == status.text, title


def test_season_workbook_and_game_log_name_the_season_and_its_status_once_computed():
    t, _round = factories.seated_and_played(players=8, rounds=1)
    status = season_status(t.season)
    for identifier in ("season_workbook", "season_game_log"):
        sheets = headers(get(identifier).render(season=t.season)[2])
        assert sheets and all(left == header_text(t.season.name) and right == status.text
                              for _title, left, right, _footer in sheets), identifier


def test_the_registration_template_names_the_tournament_without_a_status():
    t = factories.tournament(players=0)
    sheets = headers(get("registration_template").render(tournament=t)[2])
    assert [(left, right) for _t, left, right, _f in sheets] == [(f"{t.name} · {t.date:%d.%m.%Y}", None)] * 2


def test_header_text_is_one_bounded_line_with_its_ampersands_doubled():
    assert header_text("A & B\nC\x07") == "A && B C"
    long = header_text("x" * 300)
    assert len(long) == HEADER_CHARS and long.endswith("…")


def test_every_sheet_of_every_workbook_fits_one_page_width():
    t, _round = factories.seated_and_played(players=9, rounds=2)
    for identifier, target in (("tournament_workbook", {"tournament": t}), ("season_workbook", {"season": t.season}),
                               ("season_game_log", {"season": t.season}), ("registration_template", {})):
        for ws in book(get(identifier).render(**target)[2]).worksheets:
            assert ws.sheet_properties.pageSetUpPr.fitToPage, (identifier, ws.title)
            assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0), (identifier, ws.title)
            assert not ws.col_breaks.brk and ws.page_setup.scale is None, (identifier, ws.title)
            assert ws.print_title_rows == "$1:$1", (identifier, ws.title)


def test_a_long_club_widens_its_column_and_a_longer_one_wraps():
    t, _round = factories.seated_and_played(players=8, rounds=1)
    entries = list(t.entries.order_by("start_number").select_related("player"))
    Player.objects.filter(pk=entries[0].player_id).update(club=CLUB)
    ws = book(get("tournament_workbook").render(tournament=t)[2])["Rangliste"]
    club = column_of(ws, "Verein")
    assert ws.column_dimensions[club].width >= len(CLUB) * 0.9 > 22      # was a fixed 22: the name was cut
    assert ws.column_dimensions[column_of(ws, "Platz")].width < 10      # a short column stays narrow
    Player.objects.filter(pk=entries[1].player_id).update(club=VERY_LONG)
    ws = book(get("tournament_workbook").render(tournament=t)[2])["Rangliste"]
    club = column_of(ws, "Verein")
    assert ws.column_dimensions[club].width == MAX_WIDTH
    cell = next(c for c in ws[club] if c.value == VERY_LONG)
    assert cell.alignment.wrap_text and ws.row_dimensions[cell.row].height > 15   # wraps, and the row grows


def test_widths_are_measured_on_a_sample_and_an_empty_sheet_keeps_its_planned_widths():
    rows = ([n, "kurz"] for n in range(5000))
    content = write_xlsx([Sheet("Lang", [Column("Nr.", 30), Column("Name", 30)], rows),
                          Sheet("Leer", [Column("Nr.", 30)], [])])
    ws = book(content)["Lang"]
    assert ws.max_row == 5001 and ws.column_dimensions["A"].width < 10 and ws.column_dimensions["B"].width < 10
    assert book(content)["Leer"].column_dimensions["A"].width == 30


def test_the_lot_column_marks_places_decided_by_lot_and_the_footer_explains_it():
    t, _round = factories.seated(players=8)
    draw_missing_lots([t.pk])                    # nobody has played: all equal, the lot orders them
    assert all(r.by_lot for r in tournament_standings(t).rows)
    ws = book(get("tournament_workbook").render(tournament=t)[2])["Rangliste"]
    assert [c.value for c in ws[1]][:3] == ["Platz", "Los", "Startnummer"]
    assert [row[1] for row in ws.iter_rows(min_row=2, values_only=True)] == [LOT_MARK] * 8
    with translation.override("de"):
        assert ws.oddFooter.left.text == lot_legend()
    assert ws.freeze_panes == "F2"                                   # rank, lot, start number, name frozen


def test_no_lot_no_lot_column():
    t, _round = factories.seated_and_played(players=8, rounds=1)
    Entry.objects.filter(tournament=t).update(lot=None)
    rows = tournament_standings(t).rows
    assert not any(r.by_lot for r in rows)
    ws = book(get("tournament_workbook").render(tournament=t)[2])["Rangliste"]
    assert "Los" not in [c.value for c in ws[1]] and not ws.oddFooter.left.text

"""Files of a Ziege tournament: the team standings PDF, the workbook (read back), the score sheets."""

import io

import openpyxl
import pytest
from pypdf import PdfReader

from tests import factories
from tests.ziege import played_evening, ziege_tournament
from tournament import exports
from tournament.draws import ziege as ziege_draws
from tournament.exports.base import Unavailable
from tournament.results import ziege as ziege_results
from tournament.standings import ziege as ziege_standings

pytestmark = pytest.mark.django_db


def text_of(content):
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_standings_pdf_lists_the_teams_by_series_won():
    t, _round = played_evening()
    name, content_type, content = exports.get("standings").render(tournament=t)
    text = text_of(content)
    rows = ziege_standings.standings(t)
    assert rows[0]["series_won"] == 1
    assert rows[0]["players"].split(" / ")[1] in text
    assert "+12" in text.replace("\u2212", "-") and "-12" in text.replace("\u2212", "-")


def test_workbook_has_the_team_standings_and_every_game_as_text_never_a_formula():
    t, _round = played_evening()
    _name, _type, content = exports.get("tournament_workbook").render(tournament=t)
    book = openpyxl.load_workbook(io.BytesIO(content))
    standings = list(book.worksheets[0].iter_rows(values_only=True))
    first = next(r for r in standings[1:] if r[0] == 1)
    assert first[4] == 1 and first[8] == 12                   # one series won, +12
    formula = [c for row in book.worksheets[0].iter_rows() for c in row if c.data_type == "f"]
    assert not formula
    assert any(r[2] == '=HYPERLINK("http://x") Maier0' for r in standings)
    games = list(book.worksheets[1].iter_rows(values_only=True))[1:]
    assert len(games) == 3 and sorted(g[9] for g in games) == [0, 0, 2]      # team A 45: 2 defeat points
    for ws in book.worksheets:                  # printed: the evening and its status on top, one page wide
        assert ws.oddHeader.left.text == f"{t.name} · {t.date:%d.%m.%Y}" and ws.oddHeader.right.text, ws.title
        assert ws.page_setup.fitToWidth == 1 and ws.sheet_properties.pageSetUpPr.fitToPage, ws.title


def test_ziege_score_sheets_blank_and_filled_and_not_for_cego():
    t, round_ = played_evening()
    _name, _type, content = exports.get("ziege_sheets").render(round_=round_)
    reader = PdfReader(io.BytesIO(content))
    assert len(reader.pages) == 2
    assert "✓A" in text_of(content) or "✓B" in text_of(content)                # the ended series is marked
    _name, _type, blank = exports.get("ziege_sheets").render(round_=round_, filled=False)
    assert "✓A" not in text_of(blank) and "✓B" not in text_of(blank)
    _cego, cego_round = factories.drawn(players=8)
    with pytest.raises(Unavailable):
        exports.get("ziege_sheets").render(round_=cego_round)


def test_places_decided_by_lot_are_marked_in_the_list_and_the_workbook():
    """Both tables play the same series: the two winners (and the two losers) are equal in series and difference,
    so the lot alone parts them — marked "L" with the legend, in the PDF and in the workbook's lot column."""
    t = ziege_tournament(teams=4, rounds=1)
    round_ = ziege_draws.draw_round(tournament=t, number=1, user=factories.user())
    for table in round_.tables.all():
        for _game in range(2):
            ziege_results.record_game(table=table, user=factories.user(), points_a=120, trick_a=True, trick_b=False)
    rows = ziege_standings.standings(t)
    assert [r["by_lot"] for r in rows] == [True, True, True, True]
    text = text_of(exports.get("standings").render(tournament=t)[2])
    assert "L = Platz durch Los entschieden" in text
    book = openpyxl.load_workbook(io.BytesIO(exports.get("tournament_workbook").render(tournament=t)[2]))
    sheet = list(book.worksheets[0].iter_rows(values_only=True))
    lot = sheet[0].index("Los")
    assert [r[lot] for r in sheet[1:]] == ["L"] * 4
    assert "Los" in book.worksheets[0].oddFooter.left.text


def test_no_lot_column_when_the_lot_decided_nothing():
    t, _round = played_evening()
    assert not any(r["by_lot"] for r in ziege_standings.standings(t))
    book = openpyxl.load_workbook(io.BytesIO(exports.get("tournament_workbook").render(tournament=t)[2]))
    assert "Los" not in next(book.worksheets[0].iter_rows(values_only=True))

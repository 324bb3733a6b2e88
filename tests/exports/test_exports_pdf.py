"""PDF exports read back with pypdf: what is printed (names, start numbers, tables, totals) and how many pages.

WeasyPrint is slow, so the fields are small and each test renders one or two files.
"""

import io

import pytest
from pypdf import PdfReader

from scoring.contracts import CONTRACTS
from tests import factories
from tournament.common.collation import person_key
from tournament.common.numbers import signed
from tournament.exports import get
from tournament.exports.base import Unavailable
from tournament.exports.pdf.sheets import expected_pages
from tournament.models import Entry, Seat
from tournament.results import services
from tournament.results.scoresheet import ScoreSheet
from tournament.standings.selectors import season_standings, tournament_standings

pytestmark = pytest.mark.django_db


def pages_of(content):
    assert content.startswith(b"%PDF")
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def words(text):
    """The words of a page: a filled row is one line whose cells are placed with spaces and hair spaces."""
    return text.replace("\u200a", " ").split()


def seats(table):
    return list(Seat.objects.filter(table=table).select_related("entry__player").order_by("position"))


@pytest.fixture
def nine():
    """Nine players: one table of 5 (30 games) and one of 4 (24 games)."""
    t, round_ = factories.seated(players=9)
    return t, round_, list(round_.tables.order_by("number"))


def test_round_sheets_put_the_tariff_on_the_back_of_every_sheet(nine):
    t, round_, tables = nine
    assert sorted(tb.size for tb in tables) == [4, 5]
    progress = []
    name, content_type, content = get("score_sheets").render(round_=round_,
                                                             progress=lambda d, n: progress.append((d, n)))
    assert content_type == "application/pdf" and name.endswith(".pdf") and "testturnier" in name
    pages = pages_of(content)
    assert len(pages) == expected_pages(tables) == 4
    for index, table in enumerate(tables):
        front, back = pages[2 * index], pages[2 * index + 1]
        assert t.name in front
        assert f"Tisch {table.number}" in front
        for seat in seats(table):
            assert seat.entry.player.last_name in front
            assert f"{seat.entry.start_number}" in front
        assert str(table.games_planned) in words(front)                      # 24 or 30 rows
        assert "Cego-Schwarzwaldmeisterschaft" in back and "280" in back   # ruleset, Kleiner Mann at 8 Fach
    assert progress[0] == (0, 2) and progress[-1] == (2, 2)


def test_one_shared_back_page_at_the_end(nine):
    _t, round_, tables = nine
    pages = pages_of(get("score_sheets").render(round_=round_, back="end")[2])
    assert len(pages) == expected_pages(tables, "end") == 3
    assert "Cego-Schwarzwaldmeisterschaft" in pages[-1] and "Cego-Schwarzwaldmeisterschaft" not in pages[0]
    assert expected_pages(tables, "none") == 2


def test_a_sheet_of_more_than_36_games_continues_on_a_second_page():
    t, round_ = factories.seated(players=8, games_per_round_4=40)
    table = round_.tables.order_by("number").first()
    assert table.games_planned == 40
    pages = pages_of(get("score_sheet").render(table=table, back="none")[2])
    assert len(pages) == expected_pages([table], "none") == 2
    first, second = words(pages[0]), words(pages[1])
    assert "20" in first and "21" not in first and "21" in second and "40" in second
    for page in pages:
        assert all(s.entry.player.last_name in page for s in seats(table))


def test_filled_sheet_prints_games_scores_and_running_totals():
    t, round_ = factories.seated_and_played(players=8)
    table = round_.tables.order_by("number").first()
    games = list(table.games.order_by("number"))
    pages = pages_of(get("score_sheet_filled").render(table=table)[2])
    assert len(pages) == 1                                   # for the record: no tariff page
    text = pages[0]
    tokens = words(text)
    sheet = ScoreSheet(table.size, table.games_planned, {g.number: g.scores for g in games})
    for seat, total in zip(seats(table), sheet.totals, strict=False):
        assert seat.entry.player.last_name in text
        assert signed(total) in tokens
        assert Entry.objects.get(pk=seat.entry_id).total == total
    assert tokens.count("0") >= len(games)                   # the Σ check of every row
    rows = [words(line) for line in text.splitlines()]
    first = games[0]
    assert any(row[:2] == ["1", CONTRACTS[first.contract].abbr] for row in rows)    # number, contract …


def test_filled_sheet_of_a_totals_only_table():
    t, round_ = factories.seated(players=8)
    table = round_.tables.order_by("number").first()
    services.record_totals(table=table, totals={0: 120, 1: -40, 2: -50, 3: -30}, user=factories.user())
    text = pages_of(get("score_sheet_filled").render(table=table)[2])[0]
    for value in ("+120", "−40", "−50", "−30"):
        assert value in words(text)


def test_table_lists_by_table_and_by_name(nine):
    t, round_, tables = nine
    by_table = pages_of(get("table_list").render(round_=round_)[2])
    by_name = pages_of(get("table_list_alphabetical").render(round_=round_)[2])
    assert len(by_table) == 1 and len(by_name) == 1
    all_seats = list(Seat.objects.filter(round=round_).select_related("entry__player", "table"))
    for seat in all_seats:
        assert seat.entry.player.full_name in by_table[0]
        assert f"{seat.entry.player.last_name}, {seat.entry.player.first_name}" in by_name[0]
    ordered = sorted(all_seats, key=lambda s: person_key(s.entry.player, s.entry.start_number))
    positions = [by_name[0].index(f"{s.entry.player.last_name}, {s.entry.player.first_name}") for s in ordered]
    assert positions == sorted(positions)
    for seat in ordered[:3]:
        line = next(ln for ln in by_name[0].splitlines() if ln.startswith(seat.entry.player.last_name + ","))
        assert f"{seat.table.number}" in line and f"{seat.position + 1}" in line


def test_standings_with_prize_list():
    t, round_ = factories.seated_and_played(players=8, rounds=1, prize_places=3)
    standings = tournament_standings(t)
    pages = pages_of(get("standings").render(tournament=t)[2])
    text = "\n".join(pages)
    order = [text.index(r.data["name"]) for r in standings.rows]
    assert order == sorted(order)
    prize_part = pages[-1]
    for row in standings.prizes:
        assert row.data["name"] in prize_part
    first = standings.rows[0]
    assert f"{first.rank}." in text and ("+" if first.total > 0 else "") in text


def test_season_team_and_category_standings():
    t, round_ = factories.seated_and_played(players=8, rounds=1)
    women = Entry.objects.filter(tournament=t).select_related("player").first().player
    women.is_woman = True
    women.save()
    season = t.season
    rows = season_standings(season).rows
    text = "\n".join(pages_of(get("season_standings").render(season=season)[2]))
    assert all(r.data["name"] in text for r in rows) and t.name in text
    categories = "\n".join(pages_of(get("season_category_standings").render(season=season)[2]))
    assert women.full_name in categories
    with pytest.raises(Unavailable):          # no teams: no empty PDF (tests/exports/test_exports_offer.py)
        get("team_standings").render(tournament=t)

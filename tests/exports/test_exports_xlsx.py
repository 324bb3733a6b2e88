"""Excel exports read back with openpyxl and compared with the standings selectors and the stored games."""

import io

import openpyxl
import pytest

from tests import factories
from tournament.exports import base, get
from tournament.exports.xlsx.tournament import GAME_COLUMNS
from tournament.models import Game, Score, Seat
from tournament.registration.files import COLUMNS
from tournament.results import services
from tournament.standings.categories import category_choices
from tournament.standings.selectors import (
    season_standings,
    team_standings,
    tournament_standings,
)

pytestmark = pytest.mark.django_db


def workbook(content):
    return openpyxl.load_workbook(io.BytesIO(content))


def body(ws):
    return [list(row) for row in ws.iter_rows(min_row=2, values_only=True)]


def assert_header(ws):
    assert all(cell.font.b for cell in ws[1] if cell.value is not None)
    assert all(cell.font.name for cell in ws[1] if cell.value is not None)     # not LibreOffice's serif
    assert ws.freeze_panes[0] in "ABCDE" and ws.freeze_panes[1:] == "2"   # and the columns naming a row
    assert ws.page_setup.paperSize == 9 and ws.print_title_rows.startswith("$1:$1")
    assert ws.auto_filter.ref == f"A1:{openpyxl.utils.get_column_letter(ws.max_column)}{ws.max_row}"
    assert ws.column_dimensions["A"].width > 0


@pytest.fixture
def played():
    t, round_ = factories.seated_and_played(players=9, rounds=2, prize_places=3)
    factories.seated(tournament_=t, number=2)
    second = t.round_set.get(number=2)
    first_table, other = list(second.tables.order_by("number"))
    factories.play_table(other, games=5, seed=3)
    totals = dict(zip(range(first_table.size), (60, -20, -20, -10, -10), strict=False))
    services.record_totals(table=first_table, totals=totals, user=factories.staff())
    services.add_adjustment(entry=t.entries.first(), points=-20, reason="Verspätung", user=factories.staff())
    return t


def test_tournament_workbook_matches_standings_and_games(played):
    t = played
    name, content_type, content = get("tournament_workbook").render(tournament=t)
    assert content_type == base.XLSX and name.endswith(".xlsx")
    book = workbook(content)
    standings_ws, round1, round2, adjustments, cash, audit = book.worksheets
    assert cash.title == "Kasse"             # the cash report's lines (docs/money.md, tests/money)
    for ws in book.worksheets:
        assert_header(ws)
    standings = tournament_standings(t)
    rows = body(standings_ws)
    total = 7 + len(standings.rounds) + 1                    # rank … team, the rounds, adjustments, total
    assert [(r[0], r[1], r[total]) for r in rows] == [(s.rank, s.data["start_number"], s.total)
                                                      for s in standings.rows]
    assert [r[7:9] for r in rows] == [s.round_scores for s in standings.rows]
    assert standings_ws["H2"].number_format == base.SIGNED
    # Round 1: every game, seats' start numbers and scores as stored.
    games = list(Game.objects.filter(table__round__tournament=t, table__round__number=1)
                 .select_related("table").order_by("table__number", "number"))
    seats = {(s.table_id, s.position): s.entry.start_number
             for s in Seat.objects.filter(round__tournament=t).select_related("entry")}
    lines = body(round1)
    assert len(lines) == len(games)
    for line, game in zip(lines, games, strict=False):
        assert line[:2] == [game.table.number, game.number]
        width = game.table.size
        assert [line[GAME_COLUMNS + 3 * p] for p in range(width)] == [seats[(game.table_id, p)] for p in range(width)]
        assert [line[GAME_COLUMNS + 2 + 3 * p] for p in range(width)] == game.scores
    # Round 2: five games at one table, totals only at the other; points per player add up to the standings.
    lines = body(round2)
    assert len(lines) == 6 and lines[-1][1] is None
    per_entry = {}
    for line in lines:
        for p in range(5):
            if line[GAME_COLUMNS + 3 * p] is not None:
                number = line[GAME_COLUMNS + 3 * p]
                per_entry[number] = per_entry.get(number, 0) + line[GAME_COLUMNS + 2 + 3 * p]
    assert per_entry == {s.data["start_number"]: s.round_scores[1] for s in standings.rows}
    assert body(adjustments)[0][2] == -20 and body(adjustments)[0][3] == "Verspätung"
    lines = body(audit)
    assert {line[2] for line in lines} >= {"Bogensummen", "Korrektur"}          # the kinds in words, as on the page
    sheet = next(line for line in lines if line[2] == "Bogensummen")
    assert sheet[4:7] == [2, 1, "Tisch 1, Durchgang 2"] and not sheet[7]
    assert [part.rsplit(" ", 1)[1] for part in sheet[8].split(", ")] == ["+60", "\u221220", "\u221220", "\u221210",
                                                                    "\u221210"]   # seat by seat, 1-based, named
    assert sheet[8].startswith("Sitz 1 ") and "Sitz 5 " in sheet[8] and "Sitz 0" not in sheet[8]


def test_season_workbook_matches_the_season_standings_and_the_scores():
    t, round_ = factories.seated_and_played(players=8, rounds=1)
    team = t.season.teams.create(name="Cego-Freunde")
    t.entries.filter(start_number__in=[1, 2]).update(team=team)
    progress = []
    content = get("season_workbook").render(season=t.season, progress=lambda d, n: progress.append((d, n)))[2]
    book = workbook(content)
    names = book.sheetnames
    assert len(names) == 2 + len(category_choices(t.season)) + 2
    overall, teams, *categories, participations, log = book.worksheets
    for ws in book.worksheets:
        assert_header(ws)
    standings = season_standings(t.season)
    assert [(r[0], r[1], r[2], r[-2]) for r in body(overall)] == \
        [(s.rank, s.data["first_name"], s.data["last_name"], s.total) for s in standings.rows]
    assert [(r[0], r[1], r[3]) for r in body(teams)] == \
        [(s.rank, s.data["name"], s.total) for s in team_standings(season=t.season).rows]
    assert len(body(participations)) == t.entries.count()
    lines = body(log)
    scores = Score.objects.filter(entry__tournament=t, game__isnull=False)
    assert len(lines) == scores.count()
    by_start = {}
    for line in lines:
        by_start[line[4]] = by_start.get(line[4], 0) + line[-1]
    assert by_start == {e.start_number: e.total for e in t.entries.all()}
    assert progress[-1] == (len(lines) + t.entries.count(),) * 2


def test_game_log_alone_and_registration_template():
    t, round_ = factories.seated_and_played(players=8, rounds=1, games=3)
    log = workbook(get("season_game_log").render(season=t.season)[2])
    assert log.sheetnames == [log.worksheets[0].title] and len(body(log.worksheets[0])) == 8 * 3
    name, _type, content = get("registration_template").render()
    assert name.endswith(".xlsx")
    sheet = workbook(content).worksheets[0]
    assert [c.value for c in sheet[1]] == [c.heading for c in COLUMNS]

"""An Offiziers-Cego evening in the browser (issue 15, point 1): the director creates the tournament with the
game chosen, registers five players, draws round 1 (two tables of two and a bye), keys the games on the two-column
sheet, reads the standings and downloads the standings PDF and the workbook."""

import io
import re

import openpyxl
import pytest
from django.urls import reverse
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e import steps
from tournament.models import Entry, Game, Season, Table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PLAYERS = [("Anna", "Maier"), ("Bernd", "Schwarz"), ("Clara", "Huber"), ("Dieter", "Kern"), ("Eva", "Vogt")]


def signed(text):
    return int(text.replace("\u2212", "-").replace("+", "")) if text.strip() else 0


def test_an_offiziers_evening_from_creation_to_the_downloads(live_server, page):
    season = Season.objects.create(name="Saison 2026", year=2026)
    base = steps.log_in(page, live_server)
    tournament = steps.create_tournament(page, base, season, name="Offiziersabend", game="offiziers",
                                         round_count=3, fields=[("#id_games_per_round_2", 2)])
    assert (tournament.game, tournament.games_per_round_2) == ("offiziers", 2)
    expect(page.locator("#tournament-game")).to_contain_text("Offiziers-Cego")

    steps.register_players(page, base, tournament, PLAYERS, town="Furtwangen")
    assert Entry.objects.filter(tournament=tournament).count() == 5

    page.goto(base + reverse("director:round", args=[tournament.pk, 1]))
    page.click("#draw-round")
    expect(page.locator("#byes")).to_be_visible()
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("number"))
    assert [t.size for t in tables] == [2, 2]
    expect(page.locator(".sheet-link")).to_have_count(2)

    # Table 1: 60 and 30 card points of seat 1; table 2: 79 (Schneider) and 40.
    for table, points in zip(tables, ((60, 30), (79, 40)), strict=False):
        page.goto(base + reverse("entry:sheet", args=[table.pk]))
        expect(page.locator("#offiziers-sheet")).to_be_visible()
        for number, value in enumerate(points, start=1):
            expect(page.locator("#id_number")).to_have_value(str(number))     # the first open game
            page.fill("#id_card_points", str(value))
            page.click("#entry button[type=submit]")
            page.wait_for_load_state()
            expect(page.locator(f"#g{number} td.num").first).to_have_text(str(value))
        expect(page.locator("#entered-count")).to_have_text("2")
        totals = [signed(page.locator(f"#total-{s}").inner_text()) for s in (1, 2)]
        assert sum(totals) == 0 and totals == [sum(g.scores[s] for g in Game.objects.filter(table=table))
                                               for s in (0, 1)]
    # 60:19 → +30, 30:49 → −10 for seat 1; 79:0 → Fach 8, +40; 40:39 → Fach 1, +5 (rounded up to 10).
    assert [sum(g.scores[0] for g in Game.objects.filter(table=t)) for t in tables] == [20, 50]

    page.goto(base + reverse("director:standings", args=[tournament.pk]))
    first_row = page.locator("tbody tr").first
    expect(first_row.locator("td.total")).to_have_text("+50")
    expect(page.locator("tbody tr")).to_have_count(5)

    pdf = page.context.request.get(base + reverse("exports:tournament_download", args=[tournament.pk, "standings"]))
    assert pdf.ok
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert "+50" in text and "−50" in text and "Sp. +/−" not in text
    book = page.context.request.get(
        base + reverse("exports:tournament_download", args=[tournament.pk, "tournament_workbook"]))
    assert book.ok
    sheet = openpyxl.load_workbook(io.BytesIO(book.body())).worksheets[0]
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    totals = [row for row in rows if any(isinstance(v, str) and re.fullmatch(r"Maier|Schwarz|Huber|Kern|Vogt", v)
                                         for v in row)]
    assert len(totals) == 5

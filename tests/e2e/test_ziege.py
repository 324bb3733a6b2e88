"""A Ziege evening in the browser (issue 15): the director creates the tournament, registers four teams of two,
draws round 1, enters a series at a table, sees the standings and downloads the standings PDF and the workbook."""

import io

import openpyxl
import pytest
from django.urls import reverse
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e import steps
from tournament.models import Season, ZiegeGame

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TEAMS = [("Anna", "Maier", "Bernd", "Kern"), ("Clara", "Faller", "Dieter", "Dold"),
         ("Eva", "Hog", "Franz", "Wehrle"), ("Gisela", "Spitz", "Hans", "Straub")]


def test_a_director_runs_a_ziege_evening(live_server, page, settings, tmp_path):
    settings.CEGO_EXPORT_DIR = tmp_path / "exports"
    season = Season.objects.create(name="Ziege 2026", year=2026)
    base = steps.log_in(page, live_server)
    t = steps.create_tournament(page, base, season, name="Ziegenabend", game="ziege", round_count=2)
    assert t.game == "ziege"

    steps.register_pairs(page, TEAMS)
    expect(page.locator("#ziege-teams tbody tr")).to_have_count(4)

    page.goto(base + reverse("director:round", args=[t.pk, 1]))
    page.click("#draw-round")
    expect(page.locator("#ziege-tables tbody tr")).to_have_count(2)

    # Table 1: team B is beaten 6 + 4 + 2 = 12 — the series goes to team A; then a 60:60.
    page.locator("#ziege-tables tbody tr[data-table='1'] a").click()
    for points, trick_b in (("120", False), ("100", True), ("75", True), ("60", True)):
        page.fill("#id_points_a", points)
        page.set_checked("#id_trick_a", True)
        page.set_checked("#id_trick_b", trick_b)
        page.click("#save-game")
        page.wait_for_load_state()
    expect(page.locator("#ziege-sheet tbody tr")).to_have_count(4)
    expect(page.locator(".series-winner")).to_have_count(1)
    expect(page.locator("#series-state")).to_contain_text("A 0 : B 0")
    page.fill("#id_points_a", "119")                           # no pack makes 119: refused, nothing saved
    page.click("#save-game")
    page.wait_for_load_state()
    expect(page.locator("#ziege-game-form .has-error")).to_have_count(1)
    assert ZiegeGame.objects.count() == 4

    page.goto(base + reverse("director:standings", args=[t.pk]))
    first = page.locator("#ziege-standings tbody tr").first
    expect(first.locator("td.won")).to_have_text("1")
    expect(first.locator("td.diff")).to_have_text("+12")

    page.goto(base + reverse("exports:tournament", args=[t.pk]))
    with page.expect_download() as pdf:
        page.locator("#export-standings a.button").click()
    text = PdfReader(pdf.value.path()).pages[0].extract_text()
    assert "+12" in text and "Maier" in text
    with page.expect_download() as xlsx:
        page.locator("#export-tournament_workbook a.button").click()
    book = openpyxl.load_workbook(io.BytesIO(open(xlsx.value.path(), "rb").read()))
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    # by heading: a lot column comes when the lot decided a place
    first = dict(zip(rows[0], rows[1], strict=False))
    assert first["Platz"] == 1 and first["Gewonnene Serien"] == 1 and first["Differenz"] == 12
    assert len(list(book.worksheets[1].iter_rows(values_only=True))) == 5          # heading + 4 games

    # Only the team list and the Ziege sheets are offered for the round, never a Cego table list.
    expect(page.locator("#export-ziege_teams a.button")).to_have_count(1)
    expect(page.locator("#round-1 a[href*='table_list']")).to_have_count(0)
    expect(page.locator("#round-1 a[href*='ziege_sheets_blank']")).to_have_count(1)
    with page.expect_download() as teams_pdf:
        page.locator("#export-ziege_teams a.button").click()
    assert "Straub" in PdfReader(teams_pdf.value.path()).pages[0].extract_text()

    # Round status: table 2 has no finished series, so the director ends the round with a reason, then locks it.
    page.goto(base + reverse("director:round", args=[t.pk, 1]))
    expect(page.locator("#round-status")).to_have_attribute("data-status", "open")
    expect(page.locator("#ziege-tables tbody tr[data-complete='1']")).to_have_count(1)
    page.fill("#complete-reason", "22 Uhr: Schluss")
    page.click("#complete-round")
    page.wait_for_load_state()
    expect(page.locator("#round-status")).to_have_attribute("data-status", "complete")
    page.screenshot(path=str(tmp_path / "ziege-round.png"), full_page=True)
    expect(page.locator("#lock-reason")).to_have_count(0)            # ended with a reason already
    page.click("#lock-round")
    page.click("#confirm")                                           # locking asks first
    page.wait_for_load_state()
    expect(page.locator("#round-status")).to_have_attribute("data-status", "locked")
    expect(page.locator("#unlock-round")).to_have_count(1)

"""The last rules of the seed documents on paper and in the workbook (RULES.md §10, docs/entry.md): the filled
score sheet writes ``PR``, ``U/3`` and ``St`` in its contract column and the three in words under the grid; the
round sheet's "Variant" column has the words."""

import io
import shutil
import subprocess

import openpyxl
import pytest
from django.utils import translation

from tests import factories
from tournament.exports import get
from tournament.exports.pdf import sheet_layout
from tournament.exports.xlsx.tournament import GAME_COLUMNS
from tournament.results import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    director = factories.user()
    _t, round_ = factories.drawn(players=4, ruleset="unadingen")
    table = round_.tables.get()
    for number, data in ((1, {"contract": "raeuber", "compulsory": True, "raeuber_points": [18, 25, 20, 16]}),
                         (2, {"contract": "ultimo", "declarer": 0, "achieved": True, "pagat_seller": 2}),
                         (3, {"contract": "fine", "payer": 1, "fine_value": 50})):
        services.record_game(table=table, number=number, data=data, user=director)
    return table


def pdf_text(content):
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True,
                          check=True).stdout.decode().replace(sheet_layout.HAIR, " ")


def test_the_filled_sheet_shows_them_in_its_rows_and_in_words(table):
    if not shutil.which("pdftotext"):
        pytest.skip("Poppler's pdftotext is not installed")
    with translation.override("de"):
        text = pdf_text(get("score_sheet_filled").render(table=table)[2])
    rows = {line.split()[0]: line.split() for line in text.splitlines() if line.split() and
            line.split()[0] in ("1", "2", "3")}
    assert rows["1"][2] == "PR", rows["1"]
    assert rows["2"][2:5] == ["U/3", "1", "✓"], rows["2"]
    assert rows["3"][2:5] == ["St", "2", "50"], rows["3"]
    flat = " ".join(text.split())
    assert "Spiel 1: Pflichträuber (niemand hat angesagt)" in flat
    assert "Spiel 2: Kleiner Mann gekauft von Sitz 3" in flat
    assert "Spiel 3: Strafe: Sitz 2 zahlt jedem anderen 50" in flat


def test_the_round_sheet_has_them_in_words(table):
    with translation.override("en"):
        content = get("tournament_workbook").render(tournament=table.round.tournament, language="en")[2]
    ws = openpyxl.load_workbook(io.BytesIO(content)).worksheets[1]
    rows = {r[1]: r for r in ws.iter_rows(min_row=2, values_only=True)}
    assert [rows[n][GAME_COLUMNS - 1] for n in (1, 2, 3)] == [
        "Pflichträuber (compulsory Räuber, nobody announced it)", "Kleiner Mann bought from seat 3",
        "Fine: seat 2 pays 50 to every other player"]

"""The variants of issue 15 on paper and in the workbook: the filled score sheet writes ``GSo/KM`` and
``U2 ouv.`` in the contract column and a Schinden's loser in the seat column; the round sheet has a "Variant"
column (``KM`` for a Gegensolo played with Kleiner Mann, ``ouv.`` for a game played open)."""

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
    _t, round_ = factories.drawn(players=4, ruleset="regional")
    table = round_.tables.get()
    for number, data in ((1, {"contract": "cego", "declarer": table.forehand(1), "card_points": 40}),
                         (2, {"contract": "gegensolo", "played_with": "kleiner_mann", "declarer": 2,
                              "card_points": 40}),
                         (3, {"contract": "ultimo_2", "ouverte": True, "declarer": 1, "achieved": True}),
                         (4, {"contract": "schinden", "penalty": 3})):
        services.record_game(table=table, number=number, data=data, user=director)
    return table


def test_the_filled_sheet_shows_the_variants_in_its_rows(table):
    if not shutil.which("pdftotext"):
        pytest.skip("Poppler's pdftotext is not installed")
    content = get("score_sheet_filled").render(table=table)[2]
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True,
                          check=True).stdout.decode().replace(sheet_layout.HAIR, " ")
    rows = {line.split()[0]: line.split() for line in text.splitlines() if line.split() and
            line.split()[0] in ("2", "3", "4")}
    assert rows["2"][2:5] == ["GSo/KM", "3", "40"], rows["2"]
    assert rows["3"][2:6] == ["U2", "ouv.", "2", "✓"], rows["3"]
    assert rows["4"][2:4] == ["Sch", "4"] and not rows["4"][4].isdigit(), rows["4"]     # no card points


def test_the_round_sheet_has_a_variant_column(table):
    with translation.override("en"):
        content = get("tournament_workbook").render(tournament=table.round.tournament, language="en")[2]
    ws = openpyxl.load_workbook(io.BytesIO(content)).worksheets[1]
    assert [c.value for c in ws[1]][GAME_COLUMNS - 1] == "Variant"
    rows = {r[1]: r for r in ws.iter_rows(min_row=2, values_only=True)}
    assert [rows[n][GAME_COLUMNS - 1] for n in (1, 2, 3, 4)] == [None, "KM", "ouv.", None]
    assert rows[2][GAME_COLUMNS] is not None            # the seats follow: start number of seat 1

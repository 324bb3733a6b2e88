"""Namesakes told apart on the Ziege score sheet (issue 22): its team lines name the players as the Cego sheets
do (``draws.selectors.seat_labels``): a namesake in the tournament with the town, or the start number where the
town is the same too. Read back with ``pdftotext``."""

import re
import shutil
import subprocess

import pytest

from tests import factories
from tests.ziege import ziege_tournament
from tournament import exports
from tournament.draws import ziege as ziege_draws

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is needed")]


def sheet_text(round_, identifier):
    pdf = exports.get(identifier).render(round_=round_)[2]
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def evening():
    t = ziege_tournament(teams=4, rounds=1)
    return ziege_draws.draw_round(tournament=t, number=1, user=factories.user())


@pytest.mark.parametrize("identifier", ["ziege_sheets", "ziege_sheets_blank"])
def test_the_ziege_sheet_names_namesakes_of_two_towns_by_their_town(evening, identifier):
    table = evening.tables.order_by("number").first()
    factories.namesakes_at(table, towns=("Triberg", "Hornberg"))
    text = sheet_text(evening, identifier)
    assert "Marie-Luise Schwörer (Triberg)" in text and "Marie-Luise Schwörer (Hornberg)" in text
    assert text.count("Marie-Luise Schwörer") == 2


def test_the_ziege_sheet_names_namesakes_of_one_town_by_start_number(evening):
    table = evening.tables.order_by("number").first()
    first, second = factories.namesakes_at(table, towns=("Triberg", "Triberg"))
    text = sheet_text(evening, "ziege_sheets")
    assert f"Marie-Luise Schwörer (Nr. {first.start_number})" in text
    assert f"Marie-Luise Schwörer (Nr. {second.start_number})" in text


def test_a_ziege_name_without_namesakes_is_printed_as_written(evening):
    table = evening.tables.order_by("number").first()
    other = table.seats.order_by("position")[2].entry.player
    text = sheet_text(evening, "ziege_sheets")
    assert f"{other.full_name} " in text and f"{other.full_name} (" not in text

"""Namesakes told apart on paper (issue 22, point 5): the score sheet's column heads and signature lines, the
table card and the table list read back with ``pdftotext``."""

import re
import shutil
import subprocess

import pytest

from tests import factories
from tournament import exports as exporters

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is needed")]
BASE = "http://testserver"


def pdf_text(pdf, *, layout=False):
    args = ["pdftotext", *(["-layout"] if layout else []), "-", "-"]
    return subprocess.run(args, input=pdf, capture_output=True, check=True).stdout.decode()


def squeeze(text):
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def namesakes():
    _t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    return round_, table, factories.namesakes_at(table, towns=("Triberg", "Hornberg"))


@pytest.fixture
def one_town():
    _t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    return round_, table, factories.namesakes_at(table, towns=("Triberg", "Triberg"))


def test_the_score_sheet_heads_namesakes_with_their_towns_and_signs_them_apart(namesakes):
    _round, table, (first, second) = namesakes
    _name, _type, pdf = exporters.get("score_sheet").render(table=table, site_url=BASE, back="none")
    text = squeeze(pdf_text(pdf))
    assert f"M.-L. · Nr. {first.start_number} · Triberg" in text        # the head: seat, last name, then this
    assert f"M.-L. · Nr. {second.start_number} · Hornberg" in text
    assert "Sitz 1 · Marie-Luise Schwörer (Triberg)" in text
    assert "Sitz 2 · Marie-Luise Schwörer (Hornberg)" in text


def test_the_round_sheets_sign_namesakes_of_one_town_apart_by_number(one_town):
    round_, _table, (first, second) = one_town
    _name, _type, pdf = exporters.get("score_sheets").render(round_=round_, site_url=BASE, back="none")
    text = squeeze(pdf_text(pdf))
    assert f"Marie-Luise Schwörer (Nr. {first.start_number})" in text
    assert f"Marie-Luise Schwörer (Nr. {second.start_number})" in text


def test_the_table_card_and_the_table_list_name_namesakes_apart(namesakes):
    round_, _table, _entries = namesakes
    for identifier in ("table_cards", "table_list"):
        _name, _type, pdf = exporters.get(identifier).render(round_=round_, site_url=BASE)
        text = squeeze(pdf_text(pdf))
        assert "Marie-Luise Schwörer (Triberg)" in text, identifier
        assert "Marie-Luise Schwörer (Hornberg)" in text, identifier


def test_a_name_without_namesakes_is_printed_as_written(namesakes):
    round_, table, _entries = namesakes
    other = table.seats.order_by("position")[2].entry.player
    _name, _type, pdf = exporters.get("table_cards").render(round_=round_, site_url=BASE)
    text = squeeze(pdf_text(pdf))
    assert f"{other.full_name} " in text and f"{other.full_name} (" not in text

"""Filled score sheets (*Spiellisten* as played) read back with pypdf and pdftotext: as small as blank ones, every
cell where the grid puts it, partly played and ended tables marked. Sizes are deterministic; no timing here (the
speed lives in bench/exports.py)."""

import io
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from tests import factories
from tournament.exports import get
from tournament.exports.pdf import sheet_layout

pytestmark = pytest.mark.django_db
KB_PER_PAGE = 30


def pdftotext(content, *args):
    if not shutil.which("pdftotext"):
        pytest.skip("Poppler's pdftotext is not installed")
    out = subprocess.run(["pdftotext", *args, "-", "-"], input=content, capture_output=True, check=True)
    return out.stdout.decode("utf-8")


def words(text):
    return text.replace(sheet_layout.HAIR, " ").split()


def test_a_filled_round_is_at_most_30_kb_a_page():
    """A round of 9 tables of 4 and 5, every game played: ≤ 30 KB a page (it was 130 KB when every SVG text with a
    centre or right anchor became a PDF form object of its own)."""
    _t, round_ = factories.seated_and_played(players=41)
    content = get("score_sheets_filled").render(round_=round_)[2]
    pages = len(PdfReader(io.BytesIO(content)).pages)
    assert pages == round_.tables.count() == 10
    assert len(content) / pages <= KB_PER_PAGE * 1000
    blank = get("score_sheets").render(round_=round_, back="none")[2]
    assert len(content) < 2 * len(blank)                     # filled costs little more than blank


def test_every_stand_is_right_aligned_in_its_column():
    """The running totals of one seat end at the same x in every row (pdftotext's word boxes, in points)."""
    _t, round_ = factories.seated_and_played(players=4)
    table = round_.tables.get()
    content = get("score_sheet_filled").render(table=table)[2]
    box = pdftotext(content, "-bbox")
    cols = sheet_layout.columns(table.size)
    stand_x = {seat: (x + w - 1.2) / 25.4 * 72 + 10 / 25.4 * 72 for key, x, w in cols if isinstance(key, tuple)
               and key[0] == "stand" for seat in [key[1]]}
    right_edges = [float(m.group(1)) for m in re.finditer(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>'
                                                          r'[+−]\d+</word>', box)]
    near = [min(abs(edge - x) for x in stand_x.values()) for edge in right_edges]
    on_stand = [d for d in near if d < 1.5]
    assert len(on_stand) >= table.games_planned             # at least one stand per row sits on a column edge
    assert max(on_stand) < 0.6                               # within 0.2 mm

"""Filled score sheets (*Spiellisten* as played) read back with pypdf and pdftotext: as small as blank ones, every
cell where the grid puts it, partly played and ended tables marked. Sizes are deterministic; no timing here (the
speed lives in bench/exports.py)."""

import io
import re

import pytest
from pypdf import PdfReader

from tests import factories
from tests.pdf_text import pdftotext
from tournament.exports import get
from tournament.exports.pdf import sheet_layout

pytestmark = pytest.mark.django_db
KB_PER_PAGE = 30


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


def test_a_partly_played_table_says_how_far_it_got():
    _t, round_ = factories.seated(players=8)
    table, other = round_.tables.order_by("number")
    factories.play_table(table, games=7)
    factories.play_table(other)
    content = get("score_sheets_filled").render(round_=round_, language="en")[2]
    first, second = pdftotext(content).split("\f")[:2]
    assert f"after 7 of {table.games_planned} games" in first
    assert "after" not in second and "ended early" not in first + second    # complete; not ended
    assert "after 7 of" not in pdftotext(get("score_sheets").render(round_=round_, language="en")[2])   # blank


@pytest.mark.parametrize("counted", [True, False])
def test_a_table_ended_early_says_so_why_and_whether_it_counts(counted):
    from tournament.results.early_end import end_table_early

    _t, round_ = factories.seated(players=5)
    table = round_.tables.get()
    factories.play_table(table, games=7)
    end_table_early(table=table, user=factories.user(), reason="Player <b>ill</b> & gone", counted=counted)
    table.refresh_from_db()
    text = " ".join(words(pdftotext(get("score_sheet_filled").render(table=table, language="en")[2])))
    assert f"after 7 of {table.games_planned} games" in text
    assert f"ended early after 7 of {table.games_planned} games: Player <b>ill</b> & gone." in text
    assert ("The games played count." in text) is counted
    assert ("It counts for nobody" in text) is not counted


def test_five_long_names_print_whole_in_the_signatures():
    _t, round_ = factories.seated(players=5)
    table = round_.tables.get()
    names = ["Maria-Theresia Schwarzwälder-Kirschbaum", "Hans-Joachim Obermüller-Lüdenscheid",
             "Anna-Katharina Vögtle-Fürstenberg", "Karl-Friedrich Hinterzartener", "Eva-Maria Bräunlinger-Titisee"]
    for seat, name in zip(table.seats.select_related("entry__player").order_by("position"), names, strict=False):
        first, last = name.split(" ")
        seat.entry.player.first_name, seat.entry.player.last_name = first, last
        seat.entry.player.save()
    text = pdftotext(get("score_sheet").render(table=table, back="none")[2])
    joined = " ".join(text.split())
    for number, name in enumerate(names, start=1):
        first, last = name.split(" ")
        assert f"Sitz {number} · {first}" in joined                 # the seat label and the first name …
        rejoined = joined.replace("- ", "-").replace(" -", "-")
        # … and the whole last name; wrapped after its own hyphen, pdftotext joins the lines without it
        assert last in rejoined or last.replace("-", "") in rejoined


def test_the_back_page_breaks_headings_between_words_and_explains_goal_games_and_raeuber():
    _t, round_ = factories.seated(players=4)
    table = round_.tables.get()
    german = pdftotext(get("score_sheet").render(table=table)[2]).split("\f")[1]
    assert not [line for line in german.splitlines() if line.rstrip().endswith("-")]   # no "Ver-" / "lierer"
    for word in ("verliert", "verlieren", "Verlierer", "Verschiedene", "Gegensolo", "Kleiner"):
        assert word in german.split()
    english = " ".join(pdftotext(get("score_sheet").render(table=table, language="en")[2]).split("\f")[1].split())
    assert "Goal games (Ultimo, Misère (Bettel), Piccolo): Declarer: the seat that plays it." in english
    assert "Räuber: Declarer: the seat that announced it. Card points stay empty" in english
    assert "Drescher:" not in english                      # not played under this ruleset

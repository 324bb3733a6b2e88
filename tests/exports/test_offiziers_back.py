"""The back of a blank Offiziers-Cego score sheet prints what a table of two needs — the 40-of-79 rule, the Fach
bands of its ruleset at factor 1 with +X/−X, or the win/loss writing — and not the Cego tariff (issue 15)."""

import io

import pytest
from django.utils import translation
from pypdf import PdfReader

from tests import factories
from tournament.draws import services as draws
from tournament.exports.pdf.sheets import load_round, render_sheets

pytestmark = pytest.mark.django_db


def back_text(**kwargs):
    t = factories.tournament(players=4, game="offiziers", rounds=2, **kwargs)
    round_ = draws.draw_round(tournament=t, number=1, user=factories.user())
    with translation.override("en"):
        content = render_sheets(round_, load_round(round_, list(round_.tables.all())[:1]), back="each",
                                progress=lambda *a: None, filled=False)
    pages = PdfReader(io.BytesIO(content)).pages
    assert len(pages) == 2
    return pages[1].extract_text()


def test_the_back_holds_the_offiziers_rule_and_its_fach_bands():
    text = back_text()
    assert "Offiziers-Cego" in text
    assert "79 card points in the pack. 40 or more wins" in text
    for band, plus, minus in (("35–39", "+10", "−10"), ("0–4", "+40", "−40")):
        assert band in text and plus in text and minus in text
    assert "75–79" in text
    for cego in ("Solo", "Piccolo", "Kleiner Mann", "Räuber", "Declarer lost"):
        assert cego not in text                              # the four-handed tariff is not there


def test_win_loss_writing_prints_plus_one_minus_one_and_no_bands():
    text = back_text(win_loss=True)
    assert "writes +1, the loser −1" in text
    assert "35–39" not in text and "Solo" not in text


def test_triple_counting_prints_36_of_70_and_the_draw():
    text = back_text(ruleset="traditionell")
    assert "70 card points in the pack. 36 or more wins" in text
    assert "35:35" in text and "31–34" in text

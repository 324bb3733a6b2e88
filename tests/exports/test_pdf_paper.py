"""Paper read back word by word (``pdftotext -bbox``, helpers of ``test_pdf_text_boxes``), the rest of issue 24
(docs/exports.md, "Lists and standings on paper", "Names print whole", "Prize lists"): the by-table list names
every player's town, the prize list has its "erhalten" box and stays beside a short standings list, a list never
ends on a page with fewer than ``TAIL_ROWS`` rows, an over-long word breaks with a visible hyphen, a team keeps its
number, the season table gives the town what it needs, and the Ziege sheets carry the Cego sheets' footer."""

import datetime
import re
import shutil
from types import SimpleNamespace

import pytest
from django.utils import translation

from tests.exports.paper import LONG_PLAYERS, long_name_tournament, words
from tests.ziege import played_evening
from tournament import exports
from tournament.exports import sections
from tournament.exports.base import render_pdf
from tournament.exports.pdf.standings import StandingsPdf
from tournament.exports.sections import TAIL_ROWS, col, finish, season_frame
from tournament.exports.words import NBSP, SHY, breakable, keep_number

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is needed")
RANK = re.compile(r"^\d+\.$")
HYPHENS = "-\u2010"         # a soft hyphen is drawn as U+2010 (Pango)
LONG_TOWN = "Oberschwarzenbachhausenerwaldwiesenmattenhof"      # one word, wider than any town column


def texts(pages):
    return [" ".join(w[0] for w in found) for _w, _h, found in pages]


def list_pdf(rows, *, town=None):
    """The standings template with one section of ``rows`` players (portrait), as ``words`` pages."""
    section = {"title": "Liste", "columns": [col("Platz", True, "rank", 12), col("Name", cls="name"),
                                            col("Ort", cls="small", width=30), col("Gesamt", True, "total", 16)],
               "rows": [{"cells": [f"{i}.", f"Spieler {i}", town or "Villingen", f"+{1000 - i}"], "cls": ""}
                        for i in range(1, rows + 1)], "empty": ""}
    with translation.override("de"):
        context = StandingsPdf().page_context("Rangliste", [section])
        return words(render_pdf("exports/pdf/standings.html", {"generated": None, "status": None, **context}))


def rows_per_page(pages):
    return [sum(1 for w in found if RANK.match(w[0]) and w[1] < 60) for _w, _h, found in pages]


def test_a_list_never_ends_on_a_page_with_one_or_two_rows():
    capacity = rows_per_page(list_pdf(80))[0]            # rows a full page holds
    for extra in (1, 2):                                   # one or two rows more than a page: 2 pages
        counts = rows_per_page(list_pdf(capacity + extra))
        assert len(counts) == 2 and sum(counts) == capacity + extra
        assert counts[-1] >= TAIL_ROWS, counts             # the last rows went over together


def test_an_over_long_word_breaks_with_a_visible_hyphen():
    pages = list_pdf(3, town=f"Bad {LONG_TOWN}")        # after a short word: WeasyPrint 70 dropped that hyphen
    found = pages[0][2]
    broken = [w[0] for w in found if w[0][-1:] in HYPHENS and w[0][:-1] in LONG_TOWN]
    assert len(broken) >= 3, [w[0] for w in found]         # the town breaks, and every break shows a hyphen
    text = " ".join(w[0] for w in found)
    assert SHY not in text                                 # no soft hyphen printed where the word does not break
    assert re.sub(f"[{HYPHENS}] ", "", text).count(LONG_TOWN) == 3    # nothing lost at the breaks


def test_breakable_marks_only_words_wider_than_their_column():
    assert breakable("Maria-Theresia Oberholzer-Schwarzwälder", 40, 9) == "Maria-Theresia Oberholzer-Schwarzwälder"
    marked = breakable(f"Hof {LONG_TOWN}", 30, 8)
    assert marked.startswith("Hof Ob" + SHY) and marked.replace(SHY, "") == f"Hof {LONG_TOWN}"
    assert breakable("Oberholzer-" + LONG_TOWN, 30, 8).startswith("Oberholzer-Ob" + SHY)   # its own hyphen first


def test_a_team_keeps_its_number():
    assert keep_number("Cego-Freunde Oberschwarzenbach 2") == f"Cego-Freunde Oberschwarzenbach{NBSP}2"
    assert keep_number("Trumpf 21 Löffingen") == "Trumpf 21 Löffingen"
    section = finish({"title": "T", "rows": [{"cells": ["1.", "Cego-Freunde Furtwangen 12"], "cls": ""}],
                      "columns": [col("Platz", True, "rank", 12), col("Mannschaft", cls="name", team=True)]}, 190)
    assert section["groups"][0]["rows"][0]["cells"][1]["text"] == f"Cego-Freunde Furtwangen{NBSP}12"


def test_an_optional_column_empty_in_every_row_is_left_out():
    section = finish({"title": "T", "rows": [{"cells": ["1.", "A", ""], "cls": ""}],
                      "columns": [col("Platz", True, "rank", 12), col("Name", cls="name"),
                                  col("", width=24, optional=True)]}, 190)
    assert [c["label"] for c in section["columns"]] == ["Platz", "Name"]


def season_rows(tournaments, name, town):
    rows = [SimpleNamespace(rank=i, total=900 - i, data={
        "name": f"{name} {i}", "town": town, "participations": tournaments,
        "per_tournament": [-1110] * tournaments, "counted": list(range(tournaments - 1))}) for i in range(1, 4)]
    dates = [SimpleNamespace(name=f"T{i}", date=datetime.date(2026, 3, 1)) for i in range(tournaments)]
    return SimpleNamespace(rows=rows, columns=dates)


@pytest.mark.parametrize("tournaments, name, town", [
    (3, "Maria-Theresia Oberholzer-Schwarzwälder", "Furtwangen im Schwarzwald"),
    (13, "Otto Dold", "Titisee-Neustadt")])
def test_the_season_table_gives_the_town_one_line_and_the_name_the_rest(tournaments, name, town):
    from tournament.common.numbers import signed

    columns, body, _legend = season_frame(
        season_rows(tournaments, name, town), heads=("Platz", "Name", "Ort", "Turniere"),
        tail=[col("Gesamt", True, "total")], cell=signed, totals=lambda r: [signed(r.total)])
    widths = {c["label"]: c["width"] for c in columns}
    assert widths["Ort"] >= sections.needed([town], sections.SMALL_PT)        # the town on one line
    assert widths["Turniere"] >= sections.heading_needed("Turniere")         # no "Turnie/re"
    name_width = sections.LINE_MM - sum(w for w in widths.values() if w)
    assert name_width >= min(sections.needed([f"{name} 1"], sections.BODY_PT), widths["Ort"])
    # every number fits its column: squeezed (13 tournaments), the tournaments' numbers print smaller
    for i, c in enumerate(columns):
        if c["num"]:
            size = c.get("size", sections.BODY_PT)
            assert sections.needed([r["cells"][i] for r in body], size, safety=1) <= c["width"], c
    per = [c for c in columns if c["label"].isdigit()]
    assert all(c.get("size", 9) < 9 for c in per) == (tournaments == 13)


@pytest.fixture(scope="module")
def long_files(django_db_setup, django_db_blocker):
    """The long-name tournament's by-table list, standings and team standings (rendered once)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        t = long_name_tournament()
        first = t.round_set.get(number=1)
        files = {"table_list": words(exports.get("table_list").render(round_=first)[2]),
                 "standings": words(exports.get("standings").render(tournament=t)[2])}
        transaction.set_rollback(True)
    return files


@pytest.mark.django_db
def test_the_by_table_list_names_every_players_town(long_files):
    text = " ".join(texts(long_files["table_list"]))
    for _first, _last, town in LONG_PLAYERS:
        for word in town.split():
            assert word in text, town


@pytest.mark.django_db
def test_the_prize_list_has_a_box_to_tick_and_stays_with_a_short_list(long_files):
    pages = texts(long_files["standings"])
    assert len(pages) == 1                                  # nine players: standings and prizes on one page
    assert "Preisliste" in pages[0] and "erhalten" in pages[0]
    assert pages[0].count("L = Platz durch Los") <= 1       # the lot legend once, in the page foot


@pytest.mark.django_db
def test_the_ziege_sheets_carry_the_footer_of_the_cego_sheets():
    _t, round_ = played_evening()
    for identifier in ("ziege_sheets", "ziege_sheets_blank"):
        pages = texts(words(exports.get(identifier).render(round_=round_)[2]))
        for number, text in enumerate(pages, start=1):
            assert re.search(r"Durchgang 1 · Tisch \d+ · .*gedruckt \d\d\.\d\d\.\d{4} \d\d:\d\d", text), identifier
            assert f"{number} / {len(pages)}" in text
        assert ("wie eingegeben" in pages[0]) == (identifier == "ziege_sheets")


def test_a_table_card_name_longer_than_the_card_breaks_with_a_hyphen():
    from tournament.exports.pdf.cards import seat_line

    seat = SimpleNamespace(position=1, entry=SimpleNamespace(start_number=5))
    line = seat_line(seat, f"Hans {LONG_TOWN}{LONG_TOWN}")
    assert line["marked"] and SHY in line["name"] and line["name"].replace(SHY, "") == f"Hans {LONG_TOWN}{LONG_TOWN}"
    plain = seat_line(seat, "Maria-Theresia Oberholzer-Schwarzwälder")
    assert not plain["marked"] and SHY not in plain["name"]

"""Lists and standings on paper (docs/exports.md, "Lists and standings on paper"), read back from the PDFs.

Long names stay inside their column (``pdftotext -bbox-layout``: every word inside the printable width), every
page names its document and tournament, a category that runs over a page keeps its heading, places decided by
lot are marked with a legend, provisional standings say so, names are in the German order.
"""

import io
import re
import subprocess
import tempfile
from xml.etree import ElementTree

import pytest
from django.utils import translation
from django.utils.translation import gettext as _
from pypdf import PdfReader

from tests import factories
from tournament.common.numbers import signed
from tournament.draws import services as draws
from tournament.exports import get
from tournament.exports.pdf import board
from tournament.exports.pdf.standings import LOT_MARK, lot_legend
from tournament.models import Entry, Player, Team
from tournament.standings.selectors import tournament_standings
from tournament.standings.services import draw_missing_lots

pytestmark = pytest.mark.django_db

LONG = "Maria-Theresia Schwarzwälder-Kirschbaum-Lüdenscheid"
EIGHTY = "Schwarzwälder-Kirschbaum-Lüdenscheid-Hinterzarten-Titisee-Neustadt-Bräunlingen-X"  # 80 characters
MARGIN_PT = 10 / 25.4 * 72          # the lists' left and right page margin (print.css: 10 mm; the board: 12 mm)


def german(text_function):
    with translation.override("de"):
        return text_function()


def page_texts(content):
    assert content.startswith(b"%PDF")
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def words_with_boxes(content):
    """[(page, word, x_min, x_max, page_width)] from ``pdftotext -bbox-layout``."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
        pdf.write(content)
        pdf.flush()
        xhtml = subprocess.run(["pdftotext", "-bbox-layout", pdf.name, "-"], capture_output=True, check=True).stdout
    root = ElementTree.fromstring(xhtml)
    found = []
    for number, page in enumerate(root.iter("{http://www.w3.org/1999/xhtml}page"), start=1):
        width = float(page.get("width"))
        for word in page.iter("{http://www.w3.org/1999/xhtml}word"):
            found.append((number, word.text or "", float(word.get("xMin")), float(word.get("xMax")), width,
                          float(word.get("yMax")) - float(word.get("yMin"))))
    return found


def assert_inside_the_page(content):
    words = words_with_boxes(content)
    assert words
    outside = [(p, w, round(x1), round(width - MARGIN_PT)) for p, w, x0, x1, width, _height in words
               if x1 > width - MARGIN_PT + 1 or x0 < MARGIN_PT - 1]
    assert not outside, outside[:5]
    return words


@pytest.fixture
def long_names():
    """Eight players, one round played; two of them with long names, towns, clubs and teams."""
    t, round_ = factories.seated_and_played(players=8, rounds=1)
    entries = list(Entry.objects.filter(tournament=t).select_related("player").order_by("start_number"))
    long_team = Team.objects.create(season=t.season, name=LONG)
    eighty_team = Team.objects.create(season=t.season, name=EIGHTY)
    for entry, (first, last), team in ((entries[0], LONG.split(" ", 1), long_team),
                                       (entries[1], ("Anna", EIGHTY[:74]), eighty_team)):
        Player.objects.filter(pk=entry.player_id).update(first_name=first, last_name=last, town=EIGHTY,
                                                         club=LONG, is_woman=True)
        entry.team = team
        entry.save()
    Entry.objects.filter(pk=entries[2].pk).update(team=long_team)
    assert len(f"Anna {EIGHTY[:74]}") == 79 and len(EIGHTY) == 80
    return t, round_


@pytest.mark.parametrize(("identifier", "scope", "kwargs"), [
    ("standings", "tournament", {}),
    ("standings", "tournament", {"category": "women"}),
    ("category_standings", "tournament", {}),
    ("team_standings", "tournament", {}),
    ("standings_board", "tournament", {}),
    ("season_standings", "season", {}),
    ("season_category_standings", "season", {}),
    ("season_team_standings", "season", {}),
    ("table_list", "round", {}),
    ("table_list_alphabetical", "round", {}),
])
def test_long_names_keep_every_column_on_the_page(long_names, identifier, scope, kwargs):
    t, round_ = long_names
    target = {"tournament": {"tournament": t}, "season": {"season": t.season}, "round": {"round_": round_}}[scope]
    content = get(identifier).render(**target, **kwargs)[2]
    words = assert_inside_the_page(content)
    text = " ".join(w for _p, w, *_rest in words)
    assert "Schwarzwälder-" in text or "Schwarzwälder" in text
    if identifier in ("standings", "standings_board"):
        totals = {w for _p, w, *_rest in words}
        for row in tournament_standings(t, category=kwargs.get("category")).rows:
            assert signed(row.total) in totals, row.data["name"]
    if identifier == "table_list_alphabetical":        # the start number stays beside a long name
        for entry in Entry.objects.filter(tournament=t):
            assert str(entry.start_number) in {w for _p, w, *_rest in words}


def test_every_page_names_the_document_and_a_category_keeps_its_heading():
    t, round_ = factories.seated(players=150)
    Player.objects.filter(entries__tournament=t, entries__start_number__lte=120).update(is_woman=True)
    standings = page_texts(get("standings").render(tournament=t)[2])
    assert len(standings) >= 3
    for number, text in enumerate(standings, start=1):
        assert german(lambda: _("Standings")) in text and t.name in text
        assert f"{number} / {len(standings)}" in text
    categories = page_texts(get("category_standings").render(tournament=t)[2])
    women = german(lambda: dict(_categories(t)).get("women"))
    women_pages = [text for text in categories if women in text]
    assert len(women_pages) >= 3                        # 120 women: the category runs over pages, heading on each
    for text in categories:
        assert german(lambda: _("Category standings")) in text and t.name in text
    lists = (page_texts(get("table_list").render(round_=round_)[2])
             + page_texts(get("table_list_alphabetical").render(round_=round_)[2]))
    for text in lists:
        assert t.name in text and re.search(r"\b\d+ / \d+\b", text)
    board_pages = page_texts(get("standings_board").render(tournament=t)[2])
    assert len(board_pages) == -(-150 // board.ROWS_PER_PAGE)
    for text in board_pages:
        assert german(lambda: _("Standings")) in text and t.name in text


def _categories(t):
    from tournament.standings.categories import category_choices

    return category_choices(t.season)


def test_places_decided_by_lot_are_marked_with_a_legend():
    t, round_ = factories.seated(players=8)
    draw_missing_lots([t.pk])                            # nobody has played: all equal, the lot orders them
    rows = tournament_standings(t).rows
    assert all(r.by_lot for r in rows)
    legend = german(lot_legend)
    for identifier in ("standings", "standings_board"):
        content = get(identifier).render(tournament=t)[2]
        layout = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True,
                                check=True).stdout.decode()
        marked = re.findall(rf"^\s*(\d+)\.\s?{LOT_MARK}\s", layout, re.MULTILINE)
        assert [int(m) for m in marked[:8]] == list(range(1, 9))
        assert legend in layout


def test_no_lot_no_mark():
    t, round_ = factories.seated(players=4)
    for entry in Entry.objects.filter(tournament=t):
        Entry.objects.filter(pk=entry.pk).update(lot=None)
    assert not any(r.by_lot for r in tournament_standings(t).rows)
    text = "\n".join(page_texts(get("standings").render(tournament=t)[2]))
    assert german(lot_legend) not in text


def test_provisional_tournament_and_season_standings():
    done = factories.played(players=8, rounds=1)
    season = done.season
    team = Team.objects.create(season=season, name="Die Tarocker")     # the season team PDF needs a team
    Entry.objects.filter(pk=done.entries.first().pk).update(team=team)
    flag = german(lambda: _("provisional"))
    assert flag not in "\n".join(page_texts(get("season_standings").render(season=season)[2]))
    running = factories.tournament(players=8, rounds=2, season=season, name="Laufendes Turnier")
    factories.play(draws.draw_round(tournament=running, number=1, user=factories.user()))
    for identifier in ("season_standings", "season_category_standings", "season_team_standings"):
        text = "\n".join(page_texts(get(identifier).render(season=season)[2]))
        assert flag in text and "Laufendes Turnier" in text
    for identifier in ("standings", "standings_board"):
        assert flag in "\n".join(page_texts(get(identifier).render(tournament=running)[2]))
    assert flag not in "\n".join(page_texts(get("standings").render(tournament=done)[2]))


def test_names_in_the_german_order():
    t, round_ = factories.seated(players=5)
    names = ["Öhler", "Beha", "Tritschler", "Bächle", "Oswald"]
    for entry, last in zip(Entry.objects.filter(tournament=t).order_by("start_number"), names, strict=False):
        Player.objects.filter(pk=entry.player_id).update(last_name=last, first_name="Anna")
    text = "\n".join(page_texts(get("table_list_alphabetical").render(round_=round_)[2]))
    order = [text.index(f"{last}, Anna") for last in ("Bächle", "Beha", "Öhler", "Oswald", "Tritschler")]
    assert order == sorted(order)
    letters = re.findall(r"^([A-ZÄÖÜ]) · ", text, re.MULTILINE)
    assert letters == ["B", "O", "T"]                     # "Öhler" filed under O, before T
    # a shared rank lists its players alphabetically (nobody has played, no lots: everybody ties on 0)
    text = "\n".join(page_texts(get("standings").render(tournament=t)[2]))
    order = [text.index(f"Anna {last}") for last in ("Bächle", "Beha", "Öhler", "Oswald", "Tritschler")]
    assert order == sorted(order)


def test_the_board_prints_names_large():
    t, round_ = factories.seated(players=8)
    names = {e.player.last_name for e in Entry.objects.filter(tournament=t).select_related("player")}
    words = words_with_boxes(get("standings_board").render(tournament=t)[2])
    heights = [height for _p, w, _x0, _x1, _width, height in words if w in names]
    assert len(heights) == 8
    assert min(heights) >= 16 * 1.1                       # 16 pt type: the glyph box is ~1.16 em high
    small = [height for _p, w, _x0, _x1, _width, height in words if w == "Hinterzarten"]   # the town, 12 pt
    assert small and max(small) < 16


def test_board_pages_hold_whole_rows():
    rows = [{"name": "Anna Beha"}] * 40
    assert [len(p) for p in board.pages_of(rows, True)] == [15, 15, 10]
    long_rows = [{"name": LONG + " " + LONG}] * 12       # two lines each
    pages = board.pages_of(long_rows, True)
    assert all(len(p) < 15 for p in pages) and sum(len(p) for p in pages) == 12


def test_the_screen_standings_mark_places_by_lot_too(client):
    from django.urls import reverse

    t, round_ = factories.seated(players=4, published=True)
    client.force_login(factories.staff())
    marks = '<sup class="lot"'
    assert marks not in client.get(reverse("director:standings", args=[t.pk])).content.decode()
    draw_missing_lots([t.pk])
    for url in (reverse("director:standings", args=[t.pk]), reverse("public:tournament", args=[t.pk])):
        html = client.get(url).content.decode()
        assert html.count(marks) == 4, url


def test_a_table_not_counted_is_marked_in_the_standings():
    from tournament.exports.pdf.standings import NOT_COUNTED
    from tournament.results.early_end import end_table_early

    t, round_ = factories.seated(players=8)
    first, second = round_.tables.order_by("number")
    factories.play_table(first, 7)
    factories.play_table(second)
    text = "\n".join(page_texts(get("standings").render(tournament=t)[2]))
    assert NOT_COUNTED not in text
    end_table_early(table=first, user=factories.user(), reason="Stromausfall", counted=False)
    text = "\n".join(page_texts(get("standings").render(tournament=t)[2]))
    assert text.count(NOT_COUNTED) == 4 + 1                # the four players of table 1, and the note

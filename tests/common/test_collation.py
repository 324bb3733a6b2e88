"""The German sort key (DIN 5007-2), pure, and in every sorted list of names it serves: the office's round list
and player search, the wall list PDF, the season workbook, the public standings, statistics."""

import io
import re

import openpyxl
import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests import factories
from tournament.common.collation import german_key, initial, name_key
from tournament.exports import get
from tournament.statistics import selectors as statistics

# In the German order: "Äckerle" as "Aeckerle", "Öhler" next to "Oehler", "Weiß" next to "Weiss".
GERMAN = ["Äckerle", "Bächle", "Beha", "Oehler", "Öhler", "Weiss", "Weiß", "Zimmermann"]
TYPED = ["Zimmermann", "Weiß", "Öhler", "Beha", "Oehler", "Äckerle", "Weiss", "Bächle"]


def test_the_key_spells_umlauts_out_and_folds_case_and_accents():
    assert german_key("Äckerle") == "aeckerle" and german_key("WEISS") == german_key("Weiß") == "weiss"
    assert german_key("Élodie") == "elodie" and german_key("Öhler") == german_key("Oehler")
    assert german_key("A\u0308ckerle") == "aeckerle"          # decomposed Ä (A + combining diaeresis)
    assert sorted(TYPED, key=name_key) == GERMAN
    assert sorted(["zimmermann", "BEHA", "äckerle", "Bächle"], key=name_key) == ["äckerle", "Bächle", "BEHA",
                                                                                "zimmermann"]
    assert [initial(n) for n in ("Äckerle", "öhler", "ß", "")] == ["A", "O", "S", "?"]


def test_first_names_and_extras_break_ties_in_order():
    assert name_key("Weiß", "Anna") < name_key("Weiss", "Bernd")           # first name before the spelling
    assert name_key("Weiss", "Anna") < name_key("Weiß", "Anna")            # then the spelling without ß
    assert name_key("Maier", "Anna", 2) < name_key("Maier", "Anna", 10)    # then the extras (start number)


@pytest.fixture
def field(db):
    """A seated round of the eight ``TYPED`` names (start numbers in typed order, two tables of 4)."""
    t = factories.tournament(players=0, published=True)
    from tournament.registration import services as registration

    for last in TYPED:
        registration.register(user=None, tournament=t,
                              player_data={"first_name": "Hans", "last_name": last, "town": "Furtwangen"})
    t, round_ = factories.seated(tournament_=t)
    return t, round_


def in_text(text, names):
    """``names`` in the order they first occur in ``text`` (each as a whole word)."""
    where = {n: re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) for n in names}
    assert all(where.values()), [n for n, m in where.items() if not m]
    return sorted(names, key=lambda n: where[n].start())


def test_office_round_list_and_player_search(field, client):
    t, round_ = field
    client.force_login(factories.staff())
    html = client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    alphabetical = html[html.index('id="alphabetical"'):]
    assert in_text(alphabetical, GERMAN) == GERMAN
    html = client.get(reverse("director:entries", args=[t.pk]), {"q": "Furtwangen"}).content.decode()
    results = html[html.index('id="search-results"'):]
    assert in_text(results, GERMAN) == GERMAN


def test_wall_list_pdf_by_name(field):
    t, round_ = field
    content = get("table_list_alphabetical").render(round_=round_)[2]
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    assert in_text(text, [f"{n}, Hans" for n in GERMAN]) == [f"{n}, Hans" for n in GERMAN]
    letters = re.findall(r"^([A-ZÄÖÜ]) · ", text, re.MULTILINE)     # each letter heads its table: "A · Name"
    assert letters == ["A", "B", "O", "W", "Z"]                    # "Äckerle" under A, "Öhler" under O


def test_season_workbook_lists_a_shared_rank_by_name(field):
    t, round_ = field                                              # nobody has played: everyone shares rank 1
    book = openpyxl.load_workbook(io.BytesIO(get("season_workbook").render(season=t.season)[2]))
    rows = list(book.worksheets[0].iter_rows(min_row=2, values_only=True))
    assert [r[0] for r in rows] == [1] * 8
    assert [r[2] for r in rows] == GERMAN


def test_public_standings_sorted_by_name_and_statistics(field, client):
    t, round_ = field
    for table in round_.tables.all():
        factories.play_table(table, games=2)
    response = client.get(reverse("public:tournament", args=[t.pk]), {"sort": "name"})
    assert [row["last_name"] for row in response.context["table"].page.object_list] == GERMAN
    response = client.get(reverse("public:tournament", args=[t.pk]), {"sort": "-name"})
    assert [row["last_name"] for row in response.context["table"].page.object_list] == GERMAN[::-1]
    assert [p["last_name"] for p in statistics.tournament_stats(t)["players"]] == GERMAN
    assert [p["last_name"] for p in statistics.season_stats(t.season)["players"]] == GERMAN

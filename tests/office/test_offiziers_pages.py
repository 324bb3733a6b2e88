"""An Offiziers-Cego tournament's pages and files: the round, the standings (no declarer columns), exports."""

import io

import openpyxl
import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests import factories
from tournament.draws import services as draws
from tournament.results import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(client):
    t = factories.tournament(players=5, game="offiziers", rounds=3)
    user = factories.user()
    client.force_login(user)
    round_ = draws.draw_round(tournament=t, number=1, user=user)
    for table in round_.tables.all():
        services.record_game(table=table, number=1, data={"card_points": 60}, user=user)
    return t, round_


def get(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response


def test_round_and_standings_pages(client, evening):
    t, round_ = evening
    page = get(client, reverse("director:round", args=[t.pk, 1])).content.decode()
    assert page.count(reverse("entry:sheet", args=[round_.tables.first().pk])) >= 1
    seated = set(round_.seats.values_list("entry_id", flat=True))
    bye = t.entries.exclude(pk__in=seated).get()
    assert 'id="byes"' in page and bye.player.full_name in page.split('id="byes"')[1].split("</p>")[0]
    standings = get(client, reverse("director:standings", args=[t.pk])).content.decode()
    assert "+30" in standings
    assert "Gewonnene Spiele als Spieler" not in standings          # no declarer columns with two players


def test_exports_read_back(client, evening):
    t, round_ = evening
    pdf = get(client, reverse("exports:tournament_download", args=[t.pk, "standings"]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "+30" in text
    assert "+/−" not in text                         # no declarer column with two players
    book = get(client, reverse("exports:tournament_download", args=[t.pk, "tournament_workbook"]))
    wb = openpyxl.load_workbook(io.BytesIO(book.content))
    values = [c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row]
    assert 30 in values or "+30" in values
    headings = [c.value for c in next(wb.worksheets[0].iter_rows(max_row=1))]
    assert "Gewonnene Spiele als Spieler" not in headings and "Gesamt" in headings
    for identifier in ("score_sheet", "score_sheet_filled"):
        sheet = get(client, reverse("exports:table_download", args=[round_.tables.first().pk, identifier]))
        assert sheet.content.startswith(b"%PDF")
    text = PdfReader(io.BytesIO(sheet.content)).pages[0].extract_text()
    assert "60:19" in text and "−30" in text                  # both seats' points, the loser's score


def test_every_other_page_and_file_of_the_tournament_opens(client, evening):
    """No page or export of the tournament trips over a table of two or a game without a contract."""
    t, round_ = evening
    t.published = True
    t.save(update_fields=["published"])
    entry = round_.seats.first().entry_id
    urls = [reverse("public:tournament", args=[t.pk]), reverse("public:player", args=[t.pk, entry]),
            reverse("public:prizes", args=[t.pk]), reverse("public:season", args=[t.season_id]),
            reverse("stats:tournament", args=[t.pk]), reverse("stats:player", args=[t.pk, entry]),
            reverse("stats:season", args=[t.season_id]), reverse("director:tournament", args=[t.pk]),
            reverse("director:hall", args=[t.pk, 1]), reverse("director:audit", args=[t.pk])]
    urls += [reverse("exports:round_download", args=[t.pk, 1, identifier])
             for identifier in ("table_list", "table_list_alphabetical", "table_cards", "score_sheets",
                                "score_sheets_filled")]
    urls += [reverse("exports:tournament_download", args=[t.pk, identifier])
             for identifier in ("standings_board",)]
    urls += [reverse("exports:season_download", args=[t.season_id, identifier])
             for identifier in ("season_workbook", "season_game_log", "season_standings")]
    for url in urls:
        get(client, url)
    public = get(client, reverse("public:tournament", args=[t.pk])).content.decode()
    assert 'class="dw num"' not in public and "+30" in public          # no declarer columns, the points

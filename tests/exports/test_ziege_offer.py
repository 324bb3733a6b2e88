"""What the exports page offers a Ziege tournament (docs/exports.md "Ziege"): the Ziege score sheets (filled and
blank), the standings, the workbook and the team list — and never a Cego layout: asked for anyway (an old link, a
typed URL, the background queue) it is refused with a message, no file."""

import io
import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tests import factories
from tests.ziege import ziege_tournament
from tournament import exports
from tournament.draws import ziege as ziege_draws
from tournament.exports.base import Unavailable
from tournament.models import ExportJob
from tournament.results import ziege as ziege_results

pytestmark = pytest.mark.django_db

ZIEGE_TOURNAMENT = {"standings", "tournament_workbook", "ziege_teams", "cash_report"}    # a Ziege evening has fees too
ZIEGE_ROUND = {"ziege_sheets", "ziege_sheets_blank"}
CEGO_TOURNAMENT = {"team_standings", "category_standings", "standings_board", "registration_template"}
CEGO_ROUND = {"score_sheets", "score_sheets_filled", "table_list", "table_list_alphabetical", "table_cards"}
CEGO_TABLE = {"score_sheet", "score_sheet_filled"}


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def evening():
    t = ziege_tournament(teams=5, rounds=2)
    round_ = ziege_draws.draw_round(tournament=t, number=1, user=factories.user())
    ziege_results.record_game(table=round_.tables.first(), user=factories.user(), points_a=45, trick_a=True,
                              trick_b=True)
    pair = t.ziege_pairs.get(number=2)
    pair.second.player.last_name = "<b>Fett</b>"
    pair.second.player.club = "=1+1"
    pair.second.player.save()
    return t, round_


def offered(page, t, round_):
    found = set()
    for identifier in exports.registry.identifiers():
        urls = (reverse("exports:tournament_download", args=[t.pk, identifier]),
                reverse("exports:round_download", args=[t.pk, round_.number, identifier]),
                *(reverse("exports:table_download", args=[table.pk, identifier]) for table in round_.tables.all()))
        if any(f'href="{url}"' in page or f'"{url}"' in page for url in urls):
            found.add(identifier)
    return found


def test_the_exports_page_offers_exactly_the_ziege_files(director):
    t, round_ = evening()
    page = director.get(reverse("exports:tournament", args=[t.pk])).content.decode()
    assert offered(page, t, round_) == ZIEGE_TOURNAMENT | ZIEGE_ROUND


def test_a_cego_tournament_is_offered_no_ziege_file(director):
    t, round_ = factories.drawn(players=8)
    page = director.get(reverse("exports:tournament", args=[t.pk])).content.decode()
    found = offered(page, t, round_)
    assert not found & (ZIEGE_TOURNAMENT - {"standings", "tournament_workbook", "cash_report"} | ZIEGE_ROUND)
    assert {"score_sheets", "table_list"} <= found


@pytest.mark.parametrize("identifier", sorted(CEGO_TOURNAMENT | CEGO_ROUND | CEGO_TABLE))
def test_a_cego_file_asked_for_a_ziege_tournament_is_refused_with_a_message(director, identifier):
    t, round_ = evening()
    scope = exports.get(identifier).scope
    url = {"tournament": reverse("exports:tournament_download", args=[t.pk, identifier]),
           "round": reverse("exports:round_download", args=[t.pk, 1, identifier]),
           "table": reverse("exports:table_download", args=[round_.tables.first().pk, identifier])}[scope]
    response = director.get(url)
    assert response.status_code == 302 and response["Location"] == reverse("exports:tournament", args=[t.pk])
    messages = list(get_messages(response.wsgi_request))
    assert [m.level_tag for m in messages] == ["warning"] and "Ziege" in str(messages[0])
    response = director.post(url)
    assert response.status_code == 409 and "Ziege" in response.json()["error"]
    assert not ExportJob.objects.exists()
    target = {"tournament": {"tournament": t}, "round": {"round_": round_},
              "table": {"table": round_.tables.first()}}[scope]
    with pytest.raises(Unavailable):
        exports.get(identifier).render(**target)


def test_the_message_is_translated():
    t, _round = evening()
    with translation.override("en"):
        reason = exports.get("table_list").unavailable(round_=_round)
    assert reason.startswith("This file is made for Cego")
    assert exports.get("ziege_teams").unavailable(tournament=factories.tournament(players=4))


def text_of(content):
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_team_list_names_every_team_with_its_table_per_round_and_prints_names_as_text():
    t, round_ = evening()
    _name, content_type, content = exports.get("ziege_teams").render(tournament=t)
    assert content_type == "application/pdf"
    text = text_of(content)
    for pair in t.ziege_pairs.select_related("first__player", "second__player"):
        assert pair.first.player.last_name in text
    assert "<b>Fett</b>" in text and "=1+1" in text                  # printed as typed, never markup
    bye = round_.ziege_byes.get().pair
    tables = {p: t_ for t_ in round_.tables.all() for p in t_.seats.values_list("entry_id", flat=True)}
    from tournament.exports.ziege import team_lines

    rounds, lines = team_lines(t)
    assert [r.number for r in rounds] == [1]
    by_number = {line["number"]: line["tables"] for line in lines}
    with translation.override("en"):
        assert team_lines(t)[1][bye.number - 1]["tables"] == ["bye"]
    first = t.ziege_pairs.exclude(pk=bye.pk).first()
    assert by_number[first.number] == [tables[first.first_id].number]


def test_the_blank_ziege_sheets_carry_no_game():
    t, round_ = evening()
    _name, _type, filled = exports.get("ziege_sheets").render(round_=round_)
    _name, _type, blank = exports.get("ziege_sheets_blank").render(round_=round_)
    assert len(PdfReader(io.BytesIO(blank)).pages) == round_.tables.count()
    # the footer's print time ("gedruckt 29.11.2026 22:45") is no game: a sheet printed at 22:45 failed here
    filled, blank = (re.sub(r"\d{1,2}\.\d{1,2}\.\d{4},? \d{1,2}:\d\d", "", text_of(pdf)) for pdf in (filled, blank))
    assert "45" in filled and "45" not in blank


def test_the_standings_of_a_ziege_tournament_offer_no_category_and_refuse_one(director):
    """A Ziege tournament ranks teams of two: the category choice beside the standings is not shown, and a
    category asked for anyway (a typed URL, the background queue, the command line) is refused, never ignored."""
    t, round_ = evening()
    page = director.get(reverse("exports:tournament", args=[t.pk])).content.decode()
    assert 'name="category"' not in page and "export-category" not in page
    url = reverse("exports:tournament_download", args=[t.pk, "standings"]) + "?category=women"
    response = director.get(url)
    assert response.status_code == 302 and response["Location"] == reverse("exports:tournament", args=[t.pk])
    messages = list(get_messages(response.wsgi_request))
    assert [m.level_tag for m in messages] == ["warning"] and "Ziege" in str(messages[0])
    response = director.post(url)
    assert response.status_code == 409 and "Ziege" in response.json()["error"]
    assert not ExportJob.objects.exists()
    with pytest.raises(Unavailable):
        exports.get("standings").render(tournament=t, category="women")
    plain = director.get(reverse("exports:tournament_download", args=[t.pk, "standings"]))
    assert plain.status_code == 200 and plain["Content-Type"] == "application/pdf"


def test_a_cego_tournament_keeps_its_category_choice(director):
    t, _round = factories.drawn(players=8)
    page = director.get(reverse("exports:tournament", args=[t.pk])).content.decode()
    assert page.count('name="category"') == 2             # the standings and the notice board
    assert not exports.get("standings").unavailable(tournament=t, category="women")

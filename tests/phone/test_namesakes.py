"""Namesakes told apart on the phone (issue 22, point 5): the seat buttons always show the start number, a
namesake's name carries its town or start number, and the column headings never read the same."""

import html
import json
import re

import pytest

from tests import factories
from tournament.models import TableLink

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    _t, round_ = factories.drawn(players=8)
    return round_.tables.order_by("number").first()


def page_of(client, table):
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    return client.get(f"/t/{link.token}/").content.decode(), link


def sheet_json(page):
    return json.loads(page.split('<script id="sheet-data" type="application/json">')[1].split("</script>")[0])


def texts(page, pattern):
    return [html.unescape(re.sub(r"<[^>]+>", "", m)).strip() for m in re.findall(pattern, page, re.S)]


def test_every_seat_button_shows_the_start_number(client, table):
    page, _link = page_of(client, table)
    numbers = [s.entry.start_number for s in table.seats.order_by("position")]
    buttons = texts(page, r'<button type="button" class="big seat-button"[^>]*>(.*?)</button>')
    assert len(buttons) == 4
    for button, number in zip(buttons, numbers, strict=False):
        assert re.search(rf"\bNr\. {number}$", button), button


def test_two_namesakes_at_a_table_get_their_towns_and_distinct_headings(client, table):
    first, second = factories.namesakes_at(table, towns=("Triberg", "Hornberg"))
    page, _link = page_of(client, table)
    buttons = texts(page, r'<span class="name">(.*?)</span>')
    assert buttons[:2] == ["Marie-Luise Schwörer (Triberg)", "Marie-Luise Schwörer (Hornberg)"]
    headings = texts(page, r'<span class="short">(.*?)</span>')
    assert headings[:2] == [f"Marie-Luise S. (Nr. {first.start_number})", f"Marie-Luise S. (Nr. {second.start_number})"]
    assert len(set(headings)) == 4
    seats = sheet_json(page)["seats"]
    assert [s["name"] for s in seats[:2]] == ["Marie-Luise Schwörer (Triberg)", "Marie-Luise Schwörer (Hornberg)"]
    assert [s["start_number"] for s in seats[:2]] == [first.start_number, second.start_number]


def test_namesakes_of_one_town_are_told_apart_by_start_number_everywhere_on_the_phone(client, table):
    first, second = factories.namesakes_at(table, towns=("Triberg", "Triberg"))
    page, link = page_of(client, table)
    buttons = texts(page, r'<button type="button" class="big seat-button"[^>]*>(.*?)</button>')
    assert buttons[0] == f"1 Marie-Luise Schwörer Nr. {first.start_number}"        # the number once, not twice
    assert buttons[1] == f"2 Marie-Luise Schwörer Nr. {second.start_number}"
    polled = client.get(f"/t/{link.token}/blatt/").json()["sheet"]["seats"]
    assert [s["name"] for s in polled[:2]] == [f"Marie-Luise Schwörer (Nr. {first.start_number})",
                                               f"Marie-Luise Schwörer (Nr. {second.start_number})"]
    assert len({s["short"] for s in polled}) == 4


def test_a_namesake_at_another_table_tags_the_name_too(client):
    _t, round_ = factories.drawn(players=8)
    one, two = round_.tables.order_by("number")
    mine = one.seats.order_by("position").first().entry
    theirs = two.seats.order_by("position").first().entry
    for entry, town in ((mine, "Triberg"), (theirs, "Hornberg")):
        entry.player.first_name, entry.player.last_name, entry.player.town = "Hans", "Müller", town
        entry.player.save()
    page, _link = page_of(client, one)
    assert texts(page, r'<span class="name">(.*?)</span>')[0] == "Hans Müller (Triberg)"
    assert texts(page, r'<span class="short">(.*?)</span>')[0] == "Hans M."     # unique at this table


def test_a_hostile_town_is_escaped(client, table):
    factories.namesakes_at(table, towns=('<img src=x onerror="alert(1)">', "Hornberg"))
    page, _link = page_of(client, table)
    assert "<img src=x" not in page

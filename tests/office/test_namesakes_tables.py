"""Namesakes told apart where the office lists the players of a table (issue 22, point 5): the keyboard score
sheet's columns and dealer column, the totals page, and the hall view's tiles and calls."""

import html
import re

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import TableLink
from tournament.table_entry import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


@pytest.fixture
def table():
    _t, round_ = factories.drawn(players=8)
    return round_.tables.order_by("number").first()


def texts(page, pattern):
    return [re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", m))).strip()
            for m in re.findall(pattern, page, re.S)]


def test_the_keyboard_sheet_heads_namesakes_with_their_towns(director, table):
    first, second = factories.namesakes_at(table, towns=("Triberg", "Hornberg"))
    page = director.get(reverse("entry:sheet", args=[table.pk])).content.decode()
    heads = texts(page, r'<th colspan="2" scope="colgroup" class="c-player">(.*?)</th>')
    assert heads[:2] == [f"1 Marie-Luise Schwörer (Triberg) #{first.start_number}",
                         f"2 Marie-Luise Schwörer (Hornberg) #{second.start_number}"]
    dealers = texts(page, r'<span class="who">(.*?)</span>')
    assert dealers[:2] == [f"Marie-Luise S. (Nr. {first.start_number})", f"Marie-Luise S. (Nr. {second.start_number})"]


def test_the_keyboard_sheet_keeps_a_unique_name_as_written(director, table):
    page = director.get(reverse("entry:sheet", args=[table.pk])).content.decode()
    heads = texts(page, r'<th colspan="2" scope="colgroup" class="c-player">(.*?)</th>')
    seats = list(table.seats.order_by("position").select_related("entry__player"))
    assert heads == [f"{s.position + 1} {s.entry.player.full_name} #{s.entry.start_number}" for s in seats]


def test_the_totals_page_names_namesakes_apart(director, table):
    first, second = factories.namesakes_at(table, towns=("Triberg", "Triberg"))
    page = director.get(reverse("entry:totals", args=[table.pk])).content.decode()
    labels = texts(page, r'<label for="id_seat_\d">(.*?)</label>')
    assert labels[:2] == [f"Marie-Luise Schwörer (Nr. {first.start_number})",
                          f"Marie-Luise Schwörer (Nr. {second.start_number})"]


def test_the_hall_view_lists_who_sits_where_and_names_the_caller(director, table):
    factories.namesakes_at(table, towns=("Triberg", "Hornberg"))
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    services.call_director(access=factories.table_phone(link, 1), note="Bitte kommen")
    url = reverse("director:hall", args=[table.round.tournament_id, 1])
    for page in (director.get(url).content.decode(),
                 director.get(url, headers={"HX-Request": "true"}).content.decode()):
        tile = page.split(f'id="tile-{table.number}"')[1].split("</article>")[0]
        players = texts(tile, r"<li>(.*?)</li>")
        assert players[:2] == ["1 Marie-Luise Schwörer (Triberg)", "2 Marie-Luise Schwörer (Hornberg)"]
        assert len(players) == table.size
        call = texts(tile, r'<div class="flag call">\s*<p>(.*?)</p>')[0]
        assert "Sitz 2 · Marie-Luise Schwörer (Hornberg)" in call


def test_the_round_page_lists_namesakes_with_their_towns(director, table):
    factories.namesakes_at(table, towns=("Triberg", "Hornberg"))
    page = director.get(reverse("director:round", args=[table.round.tournament_id, 1])).content.decode()
    players = texts(page, r'<span class="player">(.*?)</span>')
    assert players[:2] == ["Schwörer, Marie-Luise (Triberg)", "Schwörer, Marie-Luise (Hornberg)"]
    alphabetical = page.split('id="alphabetical"')[1]
    assert "Schwörer</strong>, Marie-Luise (Hornberg)" in alphabetical
    assert "Schwörer</strong>, Marie-Luise (Triberg)" in alphabetical

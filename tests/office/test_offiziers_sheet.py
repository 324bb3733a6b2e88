"""The score sheet of an Offiziers-Cego table of two: entry, the second seat's points, running totals."""

import re

import pytest
from django.urls import reverse

from tests import factories
from tournament.draws import services as draws
from tournament.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(client):
    t = factories.tournament(players=4, game="offiziers", rounds=3)
    client.force_login(factories.user())
    return draws.draw_round(tournament=t, number=1, user=factories.user()).tables.first()


def test_sheet_shows_two_columns_and_running_totals(client, table):
    url = reverse("entry:offiziers_save", args=[table.pk])
    assert client.post(url, {"number": 1, "card_points": 30}).status_code == 302
    assert client.post(url, {"number": 2, "card_points": 60}).status_code == 302
    page = client.get(reverse("entry:sheet", args=[table.pk])).content.decode()
    # Game 1: 30 : 49 → seat 2 +10; game 2: 60 : 19 → seat 1 wins Fach 5 (15–19), 25 rounded to +30.
    assert ">49<" in page and ">19<" in page
    assert re.search(r'id="total-1">\+20<', page) and re.search(r'id="total-2">[−-]20<', page)
    assert 'name="card_points"' in page and 'name="contract"' not in page


def test_hostile_or_impossible_entry_is_refused_with_the_form(client, table):
    url = reverse("entry:offiziers_save", args=[table.pk])
    response = client.post(url, {"number": 1, "card_points": 80})
    assert response.status_code == 400 and not Game.objects.exists()
    response = client.post(url, {"number": 99, "card_points": 40})
    assert response.status_code == 400 and not Game.objects.exists()


def test_a_correction_names_its_version(client, table):
    url = reverse("entry:offiziers_save", args=[table.pk])
    client.post(url, {"number": 1, "card_points": 30})
    assert client.post(url, {"number": 1, "card_points": 50}).status_code == 400     # no version: refused
    page = client.get(reverse("entry:sheet", args=[table.pk]) + "?number=1").content.decode()
    assert 'name="version" value="1"' in page
    assert client.post(url, {"number": 1, "card_points": 50, "version": 1}).status_code == 302
    assert Game.objects.get().scores[0] > 0

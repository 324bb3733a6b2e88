"""The public "where do I sit" search and the standings filter know German names (``common.names``)."""

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Player
from tournament.public import tables as public_tables
from tournament.public.selectors import find_entries
from tournament.registration import services as registration_services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def director():
    return factories.staff()


def field():
    t = factories.tournament(players=3, published=True)
    weiss = registration_services.register(user=None, tournament=t, player=Player.objects.create(
        first_name="Jürgen", last_name="Weiß", town="Bräunlingen"))
    muller = registration_services.register(user=None, tournament=t, player=Player.objects.create(
        first_name="Hansjörg", last_name="Müller-Lüdenscheid", town="Furtwangen"))
    return t, weiss, muller


def test_seat_search_finds_german_names_however_typed():
    t, weiss, muller = field()
    assert find_entries(t, "weiss") == [weiss]
    assert find_entries(t, "juergen WEISS") == [weiss]
    assert find_entries(t, "Muller") == [muller]
    assert find_entries(t, "Hansjoerg Mueller Luedenscheid") == [muller]
    assert find_entries(t, "Luedenscheit") == [muller]                 # one typo
    assert find_entries(t, f"#{weiss.start_number}") == [weiss]
    assert find_entries(t, "Weiss Müller") == []                        # every word must be found


def test_seat_page_lists_the_match(client):
    t, weiss, _muller = field()
    response = client.get(reverse("public:seat", args=[t.pk]), {"q": "weiss"})
    assert response.status_code == 200
    assert [e.pk for e in response.context["found"]] == [weiss.pk]


def test_standings_filter_knows_german_names():
    row = {"name": "Hansjörg Müller-Lüdenscheid", "town": "Bräunlingen"}
    assert public_tables.matches(row, "mueller braunlingen")
    assert public_tables.matches(row, "Luedenscheid")
    assert not public_tables.matches(row, "Weiss")


def test_a_huge_query_is_cut_not_compared_word_by_word(client):
    t, weiss, _muller = field()
    assert find_entries(t, "weiss" + " " * 200 + "zzzz " * 10_000) == [weiss]   # only the first 100 characters count
    assert client.get(reverse("public:seat", args=[t.pk]), {"q": "a " * 3000}).status_code == 200

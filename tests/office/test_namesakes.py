"""The issue-12 examples at the office's front door: the search finds "weiss", "Muller" and "Mueller"; registering
"Jürgen Weiss, Bräunlingen" next to "Jürgen Weiß, Bräunlingen" warns, offers the existing record first with the
tournaments he played and its button focused, and creates no second player."""

import datetime
import re

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Entry, Player, Tournament
from tournament.registration import services as registration_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def test_office_search_finds_weiss_muller_and_mueller(director):
    t = factories.tournament(players=0)
    weiss = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    muller = Player.objects.create(first_name="Anna", last_name="Müller", town="Titisee")
    url = reverse("director:entries", args=[t.pk])
    for query, player in [("weiss", weiss), ("Muller", muller), ("Mueller", muller)]:
        results = director.get(url, {"q": query}).context["results"]
        assert [r["player"] for r in results] == [player], query


def test_weiss_next_to_weiss_warns_and_offers_the_existing_record_first(director):
    t = factories.tournament(players=0, name="Bräunlinger Cego-Turnier")
    earlier = Tournament.objects.create(season=t.season, name="Hochfirst-Cup", date=datetime.date(2026, 2, 1))
    weiss = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    elsewhere = Player.objects.create(first_name="Jürgen", last_name="Weiss", town="Lenzkirch")
    registration_services.register(user=None, tournament=earlier, player=weiss)
    url = reverse("director:player_create", args=[t.pk])
    data = {"first_name": "Jürgen", "last_name": "Weiss", "town": "Bräunlingen"}
    response = director.post(url, data)
    assert response.status_code == 200
    assert response.context["form"].has_error("__all__", "duplicate_name")
    assert Player.objects.count() == 2 and not Entry.objects.filter(tournament=t).exists()
    duplicates = response.context["duplicates"]
    assert [d["player"] for d in duplicates] == [weiss, elsewhere]            # the same town first
    assert duplicates[0]["default"] and "default" not in duplicates[1]
    assert duplicates[0]["player"].played == [earlier]
    page = response.content.decode()
    assert "Hochfirst-Cup" in page and "01.02.2026" in page
    focused = re.findall(r'<input type="hidden" name="player" value="(\d+)">\s*<button[^>]*autofocus', page)
    assert focused == [str(weiss.pk)]                                          # one key takes him
    response = director.post(reverse("director:entry_register", args=[t.pk]), {"player": weiss.pk})
    assert response.status_code == 302
    assert Entry.objects.get(tournament=t).player == weiss and Player.objects.count() == 2


def test_a_different_person_is_created_only_when_confirmed(director):
    t = factories.tournament(players=0)
    Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    url = reverse("director:player_create", args=[t.pk])
    data = {"first_name": "Juergen", "last_name": "Weiss", "town": "Bräunlingen", "confirm": "on"}
    assert director.post(url, data).status_code == 302
    assert Player.objects.count() == 2


def test_an_already_registered_namesake_is_not_the_default(director):
    t = factories.tournament(players=0)
    weiss = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    other = Player.objects.create(first_name="Jürgen", last_name="Weiss", town="Donaueschingen")
    registration_services.register(user=None, tournament=t, player=weiss)
    response = director.post(reverse("director:player_create", args=[t.pk]),
                             {"first_name": "Jürgen", "last_name": "Weiss", "town": "Bräunlingen"})
    duplicates = response.context["duplicates"]
    assert [d["player"] for d in duplicates] == [weiss, other]
    assert duplicates[0]["registered"] and duplicates[1]["default"]


def test_a_namesake_with_many_tournaments_shows_the_newest_five_and_the_count(director):
    t = factories.tournament(players=0)
    weiss = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    for day in range(1, 8):
        played = Tournament.objects.create(season=t.season, name=f"Turnier {day}", date=datetime.date(2025, 5, day))
        registration_services.register(user=None, tournament=played, player=weiss)
    response = director.post(reverse("director:player_create", args=[t.pk]),
                             {"first_name": "Jurgen", "last_name": "Weis", "town": "Braunlingen"})
    (shown,) = response.context["duplicates"]
    assert [x.name for x in shown["player"].played] == [f"Turnier {d}" for d in (7, 6, 5, 4, 3)]
    page = response.content.decode()
    assert 'data-played="7"' in page and "Turnier 2" not in page and "Turnier 7" in page

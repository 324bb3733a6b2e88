"""The public pre-registration page (docs/director.md, "Pre-registration"): a request is stored with a place or a
number on the waiting list; the same person twice is refused politely; a filled honeypot stores nothing; too many
sendings from one address get 429; a closed or unpublished tournament has no such page; what a player types is
escaped and bounded."""

import secrets

import pytest
from django.test import override_settings
from django.urls import reverse

from tests import factories
from tournament.models import AuditLog, Player, PreRegistration, Tournament

pytestmark = pytest.mark.django_db

ANNA = {"first_name": "Anna", "last_name": "Müller", "town": "Titisee", "team_name": "", "email": ""}


def new_address():
    return f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"


@pytest.fixture
def address():
    """A client address of its own per test: the rate limit counts per address in the shared cache."""
    return new_address()


@pytest.fixture
def t():
    return factories.tournament(players=2, published=True, prereg_open=True)


def send(client, t, address, **data):
    return client.post(reverse("public:preregister", args=[t.pk]), {**ANNA, **data}, REMOTE_ADDR=address)


def test_the_page_shows_the_form_with_a_hidden_honeypot(client, t):
    response = client.get(reverse("public:preregister", args=[t.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="csrfmiddlewaretoken"' in html and 'name="website"' in html
    assert 'aria-hidden="true"' in html
    assert 'data-free' not in html          # no capacity: no count of free places


def test_a_request_is_stored_with_a_place_and_audited(client, t, address):
    response = send(client, t, address, team_name="Triberg", email="anna@example.org")
    assert response.status_code == 200
    assert b'id="prereg-place"' in response.content
    p = PreRegistration.objects.get()
    assert (p.tournament, p.full_name, p.town, p.team_name, p.email, p.status, p.position) == (
        t, "Anna Müller", "Titisee", "Triberg", "anna@example.org", "waiting", 1)
    assert AuditLog.objects.filter(tournament=t, object_type="prereg", action="create", object_id=p.pk).exists()
    assert not Player.objects.filter(last_name="Müller").exists()        # the director confirms


def test_beyond_the_capacity_a_request_joins_the_waiting_list(client, t, address):
    Tournament.objects.filter(pk=t.pk).update(prereg_capacity=1)
    assert b'data-free="1"' in client.get(reverse("public:preregister", args=[t.pk])).content
    send(client, t, address)
    assert b'data-free="0"' in client.get(reverse("public:preregister", args=[t.pk])).content
    second = send(client, t, address, first_name="Berta", last_name="Kern")
    assert b'data-waiting="1"' in second.content
    third = send(client, t, address, first_name="Carla", last_name="Zähringer")
    assert b'data-waiting="2"' in third.content
    assert list(PreRegistration.objects.values_list("position", flat=True)) == [1, 2, 3]


def test_the_same_person_twice_is_refused_politely(client, t, address):
    send(client, t, address)
    again = send(client, t, address, first_name="anna", last_name="Mueller", town="titisee")
    assert again.status_code == 200
    assert b'id="prereg-errors"' in again.content
    assert [e.code for e in again.context["form"].non_field_errors().as_data()] == ["prereg_duplicate"]
    assert PreRegistration.objects.count() == 1
    # the same name from another town is another person
    assert b'id="prereg-place"' in send(client, t, address, town="Lenzkirch").content


def test_a_registered_player_is_refused_too(client, t, address):
    entry = t.entries.select_related("player").first()
    response = send(client, t, address, first_name=entry.player.first_name, last_name=entry.player.last_name,
                    town=entry.player.town)
    assert [e.code for e in response.context["form"].non_field_errors().as_data()] == ["prereg_duplicate"]
    assert not PreRegistration.objects.exists()


def test_a_bot_that_fills_the_honeypot_is_thanked_and_nothing_is_stored(client, t, address):
    response = send(client, t, address, website="http://spam.example")
    assert response.status_code == 200
    assert b'id="prereg-done"' in response.content
    assert not PreRegistration.objects.exists()
    assert not AuditLog.objects.filter(object_type="prereg").exists()


@override_settings(CEGO_PREREG_RATE=3)
def test_too_many_sendings_from_one_address_get_429(client, t, address):
    for first, last in [("Anna", "Müller"), ("Berta", "Kern"), ("Carla", "Zähringer")]:
        assert send(client, t, address, first_name=first, last_name=last).status_code == 200
    response = send(client, t, address, first_name="Dora", last_name="Dold")
    assert response.status_code == 429
    assert response["Retry-After"]
    assert b'id="prereg-limit"' in response.content
    assert PreRegistration.objects.count() == 3
    assert send(client, t, new_address(), first_name="Dora", last_name="Dold").status_code == 200


@pytest.mark.parametrize("settings_", [{"prereg_open": False}, {"published": False}])
def test_closed_or_unpublished_has_no_page(client, t, address, settings_):
    Tournament.objects.filter(pk=t.pk).update(**settings_)
    assert client.get(reverse("public:preregister", args=[t.pk])).status_code == 404
    assert send(client, t, address).status_code == 404
    assert not PreRegistration.objects.exists()


def test_what_a_player_types_is_escaped_and_bounded(client, t, address):
    Tournament.objects.filter(pk=t.pk).update(prereg_capacity=5)
    evil = "<script>alert(1)</script>"
    response = send(client, t, address, first_name=evil, town="<b>Furt</b>")
    assert evil.encode() not in response.content and b"&lt;script&gt;" in response.content
    assert PreRegistration.objects.get().first_name == evil          # stored as typed, escaped when shown
    long = send(client, t, address, first_name="A" * 81, last_name="Kern")
    assert "first_name" in long.context["form"].errors
    assert PreRegistration.objects.count() == 1


def test_a_form_without_csrf_token_is_refused(t, address):
    from django.test import Client
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("public:preregister", args=[t.pk]), ANNA, REMOTE_ADDR=address)
    assert response.status_code == 403
    assert not PreRegistration.objects.exists()


def test_the_tournament_page_links_the_form_while_it_is_open(client, t):
    url = reverse("public:tournament", args=[t.pk])
    assert b'id="prereg-tab"' in client.get(url).content
    from tournament.seasons import services as seasons
    seasons.update_tournament(tournament=t, user=factories.staff(), prereg_open=False)
    assert b'id="prereg-tab"' not in client.get(url).content

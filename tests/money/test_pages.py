"""The cash pages and files and who sees what (docs/money.md, docs/roles.md): an entry helper sees whether a player
has paid and no amount; the tournament's director and the season's organiser see amounts and totals; another
tournament's director and another season's organiser see nothing; the forms refuse bad input with a message."""

from decimal import Decimal

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Payment
from tournament.money import selectors

D = Decimal
pytestmark = pytest.mark.django_db


@pytest.fixture
def world(day):
    other = factories.tournament(players=2, name="Anderes Turnier")
    from tournament.models import Season
    other_season = Season.objects.create(name="Andere Saison", year=2026)
    return day, factories.role_users(day, other, other_season)


def page(client, account, url):
    client.force_login(account)
    return client.get(url)


def test_a_helper_sees_who_paid_but_no_amount(client, world):
    t, users = world
    response = page(client, users["helper"], reverse("director:cash", args=[t.pk]))
    text = response.content.decode()
    assert response.status_code == 200
    assert "Schwarz1" in text and "bezahlt" in text and "nicht bezahlt" in text
    assert "€" not in text and "Tombola" not in text and "Nachwuchstisch" not in text
    assert page(client, users["helper"], reverse("director:cash_entry", args=[t.pk, t.entries.first().pk])
                ).status_code == 403
    assert page(client, users["helper"], reverse("exports:tournament_download", args=[t.pk, "cash_report"])
                ).status_code == 403


@pytest.mark.parametrize("role", ["director", "organiser", "superuser"])
def test_the_direction_sees_amounts_and_totals(client, world, role):
    t, users = world
    text = page(client, users[role], reverse("director:cash", args=[t.pk])).content.decode()
    assert "26,00 €" in text and "Tombola" in text and "45,50 €" in text and "Hallenmiete" in text
    assert "Nachwuchstisch" in text


@pytest.mark.parametrize("role", ["other_director", "other_organiser"])
def test_another_tournaments_staff_sees_nothing(client, world, role):
    t, users = world
    for url in (reverse("director:cash", args=[t.pk]),
                reverse("director:cash_entry", args=[t.pk, t.entries.first().pk]),
                reverse("director:season_cash", args=[t.season.pk]),
                reverse("exports:tournament_download", args=[t.pk, "cash_report"]),
                reverse("exports:season_download", args=[t.season.pk, "season_cash_report"])):
        response = page(client, users[role], url)
        assert response.status_code == 403 and "€" not in response.content.decode()


def test_the_season_fund_is_the_organisers(client, world):
    t, users = world
    assert page(client, users["director"], reverse("director:season_cash", args=[t.season.pk])).status_code == 403
    text = page(client, users["organiser"], reverse("director:season_cash", args=[t.season.pk])).content.decode()
    assert "Saisonsieger" in text and "1,50 €" in text      # 4,00 € of shares less 2,50 € paid out


def test_paying_on_the_entry_page_and_bad_amounts(client, world):
    t, users = world
    client.force_login(users["director"])
    entry = t.entries.get(start_number=5)
    url = reverse("director:cash_entry", args=[t.pk, entry.pk])
    for typed, words in (("-5", "mehr als 0"), ("abc", "Betrag in Euro"), ("7", "mehr als die")):
        response = client.post(url, {"action": "pay", "pay-amount": typed, "pay-method": "cash",
                                     "pay-paid_on": "2026-03-07"})
        assert response.status_code == 200 and words in response.content.decode(), typed
    assert selectors.account(entry).paid == D("4.00")
    response = client.post(url, {"action": "pay", "pay-amount": "6,00", "pay-method": "transfer",
                                 "pay-paid_on": "2026-03-02"})
    assert response.status_code == 302
    assert selectors.account(entry).open == 0 and Payment.objects.filter(entry=entry, method="transfer").exists()
    response = client.post(url, {"action": "charge", "charge-reduction": "", "charge-override": "3",
                                 "charge-reason": ""})
    assert "Sag" in response.content.decode() or "Say why" in response.content.decode()


def test_the_check_in_says_what_is_open(client, world):
    t, users = world
    client.force_login(users["director"])
    response = client.post(reverse("director:check_in", args=[t.pk]), {"number": "5"},
                           HTTP_ACCEPT="application/json")
    assert "6,00 € offen" in response.json()["message"]
    client.force_login(users["superuser"])
    response = client.post(reverse("director:check_in", args=[t.pk]), {"number": "4"},
                           HTTP_ACCEPT="application/json")
    assert "offen" not in response.json()["message"]

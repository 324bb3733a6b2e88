"""The prize pages in the office (plan, prize table), the public prize page, and the documents read back: the PDF
prize list's prize column and the certificates (pdftotext)."""

from decimal import Decimal

import pytest
from django.urls import reverse

from tests import factories
from tests.pdf_text import pdftotext
from tournament import exports
from tournament.models import Player, Prize, PrizePlan, PrizeStep, Role
from tournament.prizes import services
from tournament.public import cache as public_cache

pytestmark = pytest.mark.django_db


@pytest.fixture
def office(client, director):
    client.force_login(director)
    return client


def plan_url(t):
    return reverse("director:prize_plan", args=[t.pk])


def test_a_prize_typed_with_a_comma_is_added(office, planned):
    response = office.post(plan_url(planned), {"action": "prize", "prize-kind": "place", "prize-place": "3",
                                               "prize-money": "7,50", "prize-quantity": "1"})
    assert response.status_code == 302
    assert Prize.objects.get(plan__tournament=planned, place=3).money == Decimal("7.50")


@pytest.mark.parametrize("money, message", [("-5", "größer oder gleich 0"), ("abc", "Zahl"),
                                            ("2000000", "kleiner oder gleich")])
def test_a_bad_amount_gets_a_message_and_changes_nothing(office, planned, money, message):
    before = Prize.objects.count()
    response = office.post(plan_url(planned), {"action": "prize", "prize-kind": "place", "prize-place": "3",
                                               "prize-money": money, "prize-quantity": "1"})
    assert response.status_code == 200 and message in response.content.decode()
    assert Prize.objects.count() == before


def test_the_over_budget_warning_on_the_page_and_its_acceptance(office, planned):
    data = {"action": "prize", "prize-kind": "place", "prize-place": "3", "prize-money": "500",
            "prize-quantity": "1"}
    page = office.post(plan_url(planned), data).content.decode()
    assert "die Startgelder bringen aber nur 120,00 €" in page
    assert not Prize.objects.filter(place=3).exists()
    assert office.post(plan_url(planned), {**data, "prize-accept_over": "on"}).status_code == 302
    page = office.get(plan_url(planned)).content.decode()
    assert "von der Turnierleitung bestätigt" in page


def test_the_plan_settings_are_saved(office, planned):
    response = office.post(plan_url(planned), {"action": "plan", "plan-rule": "plus", "plan-ties": "lot",
                                               "plan-scale_from": "", "plan-certificate_places": "2",
                                               "plan-public": "on"})
    assert response.status_code == 302
    plan = PrizePlan.objects.get(tournament=planned)
    assert (plan.rule, plan.ties, plan.public, plan.certificate_places) == ("plus", "lot", True, 2)


def test_the_prize_table_page_and_its_steps(office, planned):
    url = reverse("director:prize_giving", args=[planned.pk])
    page = office.get(url).content.decode()
    assert 'id="call-name"' in page and "30,00 €" in page
    first = planned.entries.get(pk=page.split('name="entry" value="')[1].split('"')[0])
    office.post(url, {"action": "handed", "entry": str(first.pk)})
    office.post(url, {"action": "bogus", "entry": str(first.pk)})
    page = office.get(url).content.decode()
    assert "Bitte einen Spieler und einen Schritt wählen." in page
    assert "Übergeben: 30,00 € in Geld" in page
    office.post(url, {"action": "undo"})
    assert not PrizeStep.objects.exists()


def test_a_helper_sees_neither_plan_nor_prize_table(client, planned):
    helper = factories.with_role(Role.Kind.HELPER, tournament=planned, name="helfer")
    client.force_login(helper)
    for name in ("director:prize_plan", "director:prize_giving"):
        response = client.get(reverse(name, args=[planned.pk]))
        assert response.status_code == 403 and "30,00" not in response.content.decode()


def test_the_public_prize_page_shows_prizes_only_when_the_director_says_so(client, planned, director):
    url = reverse("public:prizes", args=[planned.pk])
    assert "30,00 €" not in client.get(url).content.decode()
    services.save_plan(tournament=planned, user=director, public=True)
    public_cache.store().clear()
    page = client.get(url).content.decode()
    assert "30,00 €" in page and "Wurstsalat" in page


def test_the_pdf_prize_list_has_the_prize_column(planned):
    _name, _type, content = exports.get("standings").render(tournament=planned)
    text = pdftotext(content, "-layout")
    assert "Preis" in text and "30,00 €" in text and "Präsentkorb" in text and "Wurstsalat" in text


def test_certificates_one_page_per_chosen_winner_read_back(planned, director):
    Player.objects.filter(entries__tournament=planned).update(is_woman=True)
    services.add_prize(tournament=planned, user=director, kind="lady", goods="Blumen")
    name, content_type, content = exports.get("certificates").render(tournament=planned)
    assert name.startswith("urkunden-") and content_type == "application/pdf"
    pages = pdftotext(content).split("\f")
    pages = [p for p in pages if p.strip()]
    assert len(pages) == 5                  # places 1-3, the best lady (4th), the last place
    first = " ".join(pages[0].split())
    for words in ("URKUNDE", planned.name, "7. März 2026", "Gasthaus Adler", "1. Platz", "Punkten", "Ort, Datum",
                  "Für den Veranstalter: Cego-Freunde Hinterzarten"):
        assert words in first, words
    assert "Beste Dame" in pages[3] and "4. Platz" in pages[3]
    assert "Letzter Platz" in pages[4]
    services.save_plan(tournament=planned, user=director, certificate_places=1, certificate_specials=False)
    _name, _type, content = exports.get("certificates").render(tournament=planned)
    assert len([p for p in pdftotext(content).split("\f") if p.strip()]) == 1

"""The director's tournament form offers the ruleset options of the seed documents (RULES.md §10) as fields with
the seed's words as help: the dealer plays a Räuber at five (only where the ruleset has Räuber at tables of five)
and the fine per other player; they are stored with the overrides."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournament.models import Season, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


@pytest.fixture(autouse=True)
def german():
    with translation.override("de"):
        yield


def form_data(**overrides):
    data = {"name": "Frühjahrsturnier", "date": "2026-04-11", "venue": "Adler", "ruleset": "schwarzwald",
            "options": "", "round_count": 2, "games_per_round_4": 24, "games_per_round_5": 30, "games_per_round_3": 24,
            "seed": "k3x9", "status": "running"}
    data.update(overrides)
    return data


def create(client, **overrides):
    season = Season.objects.create(name="S", year=2026)
    return client.post(reverse("director:tournament_create", args=[season.pk]), form_data(**overrides))


def test_the_form_offers_both_options_with_the_seeds_words(director):
    t = factories.tournament(players=0, ruleset="unadingen")
    html = director.get(reverse("director:tournament_edit", args=[t.pk])).content.decode()
    assert 'name="raeuber_with_dealer"' in html and 'name="fine"' in html
    assert "nimmt beim Räuber den Stock (eine Karte weniger) und spielt mit" in html
    assert "Wer gibt, ohne abheben zu lassen, zahlt jedem Mitspieler 80 Pf." in html
    block = re.search(r'<div data-only-ruleset="([^"]*)"([^>]*)>', html)
    assert set(block.group(1).split()) == {"schwarzwald", "traditionell", "unadingen", "regional"}
    assert "hidden" not in block.group(2)


def test_the_dealer_option_is_hidden_where_the_ruleset_has_no_raeuber_at_five(director):
    t = factories.tournament(players=0, ruleset="dreier")
    html = director.get(reverse("director:tournament_edit", args=[t.pk])).content.decode()
    assert re.search(r'<div data-only-ruleset="[^"]*" hidden>', html)


def test_the_options_are_stored_with_the_overrides_and_win_over_the_json(director):
    response = create(director, ruleset="unadingen", raeuber_with_dealer="on", fine="50",
                      options='{"raeuber_value": 40, "fine": 7}')
    assert response.status_code == 302, response.content.decode()[:3000]
    t = Tournament.objects.get()
    assert t.options == {"raeuber_value": 40, "raeuber_with_dealer": True, "fine": 50}
    html = director.get(reverse("director:tournament_edit", args=[t.pk])).content.decode()
    assert re.search(r'name="raeuber_with_dealer"[^>]*checked', html) and 'value="50"' in html
    textarea = re.search(r'<textarea name="options"[^>]*>(.*?)</textarea>', html, re.S).group(1)
    assert "raeuber_value" in textarea and "fine" not in textarea          # the fields show them, not the JSON


def test_unchecked_and_empty_leave_them_out(director):
    t = factories.tournament(players=0, ruleset="unadingen", options={"raeuber_with_dealer": True, "fine": 50})
    response = director.post(reverse("director:tournament_edit", args=[t.pk]), form_data(ruleset="unadingen"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.options == {}


def test_the_dealer_option_is_refused_for_a_ruleset_without_raeuber_at_five(director):
    response = create(director, ruleset="dreier", raeuber_with_dealer="on")
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert "Dieses Regelwerk spielt keinen Räuber am Fünfertisch." in response.content.decode()


def test_a_fine_out_of_range_is_refused(director):
    response = create(director, fine="0")
    assert response.status_code == 200 and not Tournament.objects.exists()

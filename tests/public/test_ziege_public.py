"""Public pages of Ziege: the standings of a published Ziege tournament and the tariff page."""

import re

import pytest
from django.urls import reverse

from tests import factories
from tests.ziege import ziege_tournament
from tournament.draws import ziege as ziege_draws
from tournament.results import ziege as ziege_results

pytestmark = pytest.mark.django_db


def test_a_published_ziege_tournament_shows_its_team_table(client):
    t = ziege_tournament(teams=2, rounds=1)
    t.published = True
    t.save()
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    ziege_results.record_game(table=table, user=factories.user(), points_a=0, trick_a=False, trick_b=True)
    page = client.get(reverse("public:tournament", args=[t.pk])).content.decode()
    assert 'id="ziege-standings"' in page
    assert re.search(r'<td class="num diff" data-label="[^"]+">[+−]6</td>', page)
    # The second visitor gets the stored page (tournament/public/cache.py): the same rows.
    again = client.get(reverse("public:tournament", args=[t.pk])).content.decode()
    assert again.count("<tr data-team=") == 2


def test_ziege_tariff_page_shows_every_band_from_the_engine(client):
    page = client.get(reverse("tariff:ziege")).content.decode()
    for cells in ("61–120", "31–59", "0–30"):
        assert re.search(f'<td class="num"[^>]*>{cells}</td>', page)
    for defeat in (2, 4, 6):
        assert re.search(f'<td class="num"[^>]*>{defeat}</td>', page)
    assert 'id="ziege-series-rule"' in page and "12" in page
    assert reverse("tariff:ziege") in client.get(reverse("tariff:index")).content.decode()

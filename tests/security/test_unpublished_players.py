"""Nothing of an unpublished tournament leaks to anyone outside it: not to the public (seat search, season page,
player page), not to a director of another season in the office (player search, namesakes, entry page:
tests/registration/test_visibility.py)."""

import datetime

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Season, Tournament
from tournament.registration import services as registration

pytestmark = pytest.mark.django_db

SECRET = "Geheimturnier Winterpokal"


@pytest.fixture
def season_with_a_secret():
    """Season S: the published T, and the unpublished U where only "Jürgen Weiß" played (entry ``hidden``)."""
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = factories.tournament(players=4, season=season, name="Frühjahrsturnier", published=True)
    u = Tournament.objects.create(season=season, name=SECRET, date=datetime.date(2026, 5, 2), seed="u")
    hidden = registration.register(tournament=u, user=None,
                                   player_data={"first_name": "Jürgen", "last_name": "Weiß", "town": "Bräunlingen"})
    return t, u, hidden


def test_public_pages_show_nothing_of_the_unpublished_tournament(client, season_with_a_secret):
    t, u, hidden = season_with_a_secret
    for url in (reverse("public:seat", args=[t.pk]) + "?q=Weiss", reverse("public:seat", args=[t.pk]) + "?q=1",
                reverse("public:tournament", args=[t.pk]) + "?q=Weiss", reverse("public:season", args=[t.season.pk]),
                reverse("public:season", args=[t.season.pk]) + "?q=Weiss", reverse("public:home")):
        html = client.get(url).content.decode()
        assert SECRET not in html and "Weiß" not in html, url
    assert client.get(reverse("public:seat", args=[u.pk]) + "?q=Weiss").status_code == 404
    assert client.get(reverse("public:player", args=[u.pk, hidden.pk])).status_code == 404
    assert client.get(reverse("public:player", args=[t.pk, hidden.pk])).status_code == 404

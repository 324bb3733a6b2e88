"""The widgets (``/einbetten/…``, docs/api.md "Embedding"): framable only by the origins the organiser lists on the
season (``frame-ancestors`` in their CSP, no X-Frame-Options), every other page still ``'none'`` and DENY;
published only; no cookie; ETag/304; the origins are edited on the office's season form and checked there. The
browser test (a plain page on another loopback origin frames a widget) is tests/e2e/test_embed_widget.py."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tournament.common import origins
from tournament.models import Season

pytestmark = pytest.mark.django_db
CLUB = "https://www.fc-triberg.de"


@pytest.fixture
def day():
    t, round_ = factories.seated(players=8, published=True)
    for table in round_.tables.all():
        factories.play_table(table, games=3)
    Season.objects.filter(pk=t.season_id).update(embed_origins=f"{CLUB}\nhttp://127.0.0.1:8761")
    return t


def frame_ancestors(response):
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    return policy["frame-ancestors"].split()


def widgets(t):
    return [reverse("embed:standings", args=[t.pk]), reverse("embed:next", args=[t.season_id])]


def test_widgets_may_be_framed_by_the_listed_origins_only(day):
    client = Client()
    for url in widgets(day):
        response = client.get(url)
        assert response.status_code == 200, url
        assert frame_ancestors(response) == [CLUB, "http://127.0.0.1:8761"]
        assert "X-Frame-Options" not in response
        assert not response.cookies                   # no CSRF token, no session: nothing for a third-party frame
    for url in (reverse("public:tournament", args=[day.pk]), reverse("api:docs")):
        page = client.get(url)
        assert frame_ancestors(page) == ["'none'"] and page["X-Frame-Options"] == "DENY"


def test_a_season_without_origins_can_be_opened_not_framed(day):
    Season.objects.filter(pk=day.season_id).update(embed_origins="")
    response = Client().get(widgets(day)[0])
    assert response.status_code == 200 and frame_ancestors(response) == ["'none'"]


def test_the_standings_widget_shows_the_first_places_live(day):
    response = Client().get(widgets(day)[0] + "?rows=3")
    text = response.content.decode()
    assert text.count("<tr>") == 1 + 3                                # the head and three places
    assert 'data-refresh="30"' in text and "embed-frame.js" in text
    assert "Live" in text and "Rangliste" in text                     # the site's language (German by default)
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(widgets(day)[0]).content.decode()
    assert "Standings" in english
    again = Client().get(widgets(day)[0] + "?rows=3", headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 304


def test_the_next_day_widget(day):
    later = factories.tournament(players=4, season=day.season, name="Frühjahrsturnier", published=True,
                                 date=datetime.date.today() + datetime.timedelta(days=20), venue="Kurhaus",
                                 host="Feuerwehr Hornberg")
    Season.objects.filter(pk=day.season_id).update(data_version=day.season.data_version + 7)
    text = Client().get(widgets(day)[1]).content.decode()
    assert "Frühjahrsturnier" in text and "Kurhaus" in text and "Feuerwehr Hornberg" in text
    assert reverse("public:tournament", args=[later.pk]) in text


def test_unpublished_is_a_404(day):
    hidden = factories.tournament(players=4, name="Geheim", published=False)
    assert Client().get(reverse("embed:standings", args=[hidden.pk])).status_code == 404
    assert Client().get(reverse("embed:next", args=[hidden.season_id])).status_code == 404
    assert Client().get(f"/einbetten/turnier/{2**63}/").status_code == 404


@pytest.mark.parametrize(("typed", "stored"), [
    ("https://www.FC-Example.de/\nhttp://localhost:8080", ["https://www.fc-example.de", "http://localhost:8080"]),
    ("https://a.de, https://a.de:443 https://b.de", ["https://a.de", "https://b.de"]),
    ("", []),
])
def test_origins_in_one_spelling(typed, stored):
    assert origins.parse(typed) == stored


@pytest.mark.parametrize("bad", ["www.fc-example.de", "https://fc.de/seite", "https://*.fc.de", "ftp://fc.de",
                                 "'none'", "https://fc.de?x=1", "javascript:alert(1)", "https://user@fc.de"])
def test_not_an_origin(bad):
    with pytest.raises(ValueError):
        origins.parse(bad)


def test_the_office_edits_the_origins(client):
    season = Season.objects.create(name="Saison", year=2026)
    client.force_login(factories.staff())
    url = reverse("director:season_edit", args=[season.pk])
    form = {"name": "Saison", "year": 2026, "youth_age": 18}
    bad = client.post(url, {**form, "embed_origins": "https://fc.de/news"})
    assert bad.status_code == 200 and "https://fc.de/news" in bad.content.decode()
    assert "ist keine Adresse" in bad.content.decode()
    client.post(url, {**form, "embed_origins": "https://www.fc-triberg.de"})
    assert Season.objects.get(pk=season.pk).embed_origin_list == [CLUB]

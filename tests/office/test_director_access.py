"""Director pages: every page renders in both languages, unknown objects are 404, login and logout work (who may
open which page: tests/security/test_permission_matrix.py)."""

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Adjustment

pytestmark = pytest.mark.django_db


def page_urls(t, round_):
    entry = t.entries.first()
    adjustment = Adjustment.objects.create(entry=entry, points=10, reason="Bonus")
    return [
        reverse("director:home"),
        reverse("director:season", args=[t.season.pk]),
        reverse("director:season_create"),
        reverse("director:season_edit", args=[t.season.pk]),
        reverse("director:tournament_create", args=[t.season.pk]),
        reverse("director:tournament", args=[t.pk]),
        reverse("director:tournament_edit", args=[t.pk]),
        reverse("director:entries", args=[t.pk]),
        reverse("director:entries", args=[t.pk]) + "?q=maier",
        reverse("director:player_create", args=[t.pk]),
        reverse("director:entry_edit", args=[t.pk, entry.pk]),
        reverse("director:entry_import", args=[t.pk]),
        reverse("director:import_template"),
        reverse("director:round", args=[t.pk, round_.number]),
        reverse("director:round", args=[t.pk, 2]),
        reverse("director:adjustments", args=[t.pk]),
        reverse("director:audit", args=[t.pk]),
    ], adjustment


@pytest.fixture
def drawn():
    factories.staff()
    return factories.drawn(players=8)


def test_anonymous_posts_change_nothing(client, drawn):
    t, round_ = drawn
    entry = t.entries.first()
    response = client.post(reverse("director:entry_toggle", args=[t.pk, entry.pk]), {"field": "paid"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.paid is False


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_page_renders_for_staff(client, drawn, language):
    t, round_ = drawn
    urls, _ = page_urls(t, round_)
    client.force_login(factories.staff())
    client.cookies.load({"django_language": language})
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        if response["Content-Type"].startswith("text/html"):
            html = response.content.decode()
            assert 'id="logout"' in html, url
            assert f'<html lang="{language}">' in html, url


def test_unknown_objects_give_404(client, drawn):
    t, _ = drawn
    client.force_login(factories.staff())
    assert client.get(reverse("director:tournament", args=[9999])).status_code == 404
    assert client.get(reverse("director:round", args=[t.pk, t.round_count + 1])).status_code == 404
    assert client.get(reverse("director:entry_edit", args=[t.pk, 9999])).status_code == 404


def test_login_and_logout(client):
    factories.staff("leiter", password="pw-leiter")
    page = client.get(reverse("login") + "?next=" + reverse("director:home"))
    assert page.status_code == 200 and 'id="login"' in page.content.decode()
    bad = client.post(reverse("login"), {"username": "leiter", "password": "wrong"})
    assert bad.status_code == 200 and 'class="alert error"' in bad.content.decode()
    response = client.post(reverse("login"), {"username": "leiter", "password": "pw-leiter",
                                              "next": reverse("director:home")})
    assert response.status_code == 302 and response["Location"] == reverse("director:home")
    assert client.get(reverse("director:home")).status_code == 200
    response = client.post(reverse("logout"))
    assert response.status_code == 302 and response["Location"] == reverse("tariff:index")
    assert client.get(reverse("director:home")).status_code == 302

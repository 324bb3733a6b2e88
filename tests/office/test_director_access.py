"""Director pages: login required everywhere, staff only, every page renders, login and logout work."""

import pytest
from django.contrib.auth import get_user_model
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


def test_anonymous_users_are_sent_to_the_login_page(client, drawn):
    urls, _ = page_urls(*drawn)
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login") + "?next="), url


def test_anonymous_posts_change_nothing(client, drawn):
    t, round_ = drawn
    entry = t.entries.first()
    response = client.post(reverse("director:entry_toggle", args=[t.pk, entry.pk]), {"field": "paid"})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.paid is False


def test_users_who_are_not_staff_get_403(client, drawn):
    t, round_ = drawn
    urls, adjustment = page_urls(t, round_)
    client.force_login(get_user_model().objects.create_user("visitor"))
    for url in urls:
        assert client.get(url).status_code == 403, url
    entry = t.entries.first()
    assert client.post(reverse("director:entry_toggle", args=[t.pk, entry.pk]), {"field": "paid"}).status_code == 403
    assert client.post(reverse("director:round_status", args=[t.pk, 1]), {"status": "locked"}).status_code == 403
    assert client.post(reverse("director:adjustment_delete", args=[t.pk, adjustment.pk]),
                       {"delete-reason": "x"}).status_code == 403
    entry.refresh_from_db()
    assert entry.paid is False and Adjustment.objects.filter(pk=adjustment.pk).exists()


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

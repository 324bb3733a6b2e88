"""The app's own "page not found" and "server error" pages, in German, with DEBUG off (production) and on
(``make run``): never Django's debug page with the site's URL list (tournament/config/error_pages.py)."""

import pytest
from django.test import override_settings
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("path", ["/gibt-es-nicht/", "/turnier/999999/", "unpublished", "/t/falsch/"])
def test_not_found_is_the_apps_page_in_german(client, settings, debug, path):
    settings.DEBUG = debug
    if path == "unpublished":
        path = reverse("public:seat", args=[factories.tournament(players=4).pk])
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    assert response.status_code == 404
    assert 'id="not-found"' in html and "Seite nicht gefunden" in html
    assert "URLconf" not in html and "Using the URLconf" not in html and "DEBUG = True" not in html


@pytest.mark.parametrize("debug", [False, True])
def test_server_error_of_a_public_page_is_the_apps_page_in_german(client, settings, debug, monkeypatch):
    settings.DEBUG = debug
    from tournament.public.views import pages

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(pages.public_queries, "published_tournaments", broken)
    client.raise_request_exception = False
    with override_settings(DEBUG=debug):
        response = client.get(reverse("public:home"), HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    assert response.status_code == 500
    assert 'id="server-error"' in html and "Etwas ist schiefgegangen" in html
    assert "Traceback" not in html and "boom" not in html


def test_a_missing_slash_still_redirects_with_debug_on(client, settings):
    settings.DEBUG = True
    response = client.get("/tarif")
    assert response.status_code == 301 and response["Location"] == "/tarif/"


def test_favicon_everywhere(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"].endswith("favicon.svg")
    assert 'rel="icon"' in client.get(reverse("public:home")).content.decode()

"""CSRF everywhere: every write of the office, the login form and the language switch refuse a POST without the
token (the test client skips the check unless asked), and nothing changes."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.staff.test_roles_views import fingerprint, posts, world  # noqa: F401  (world is a fixture)

pytestmark = pytest.mark.django_db


def test_every_office_write_needs_the_csrf_token(world):  # noqa: F811
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(world["users"]["superuser"])
    for _capability, url, data in posts(world):
        before = fingerprint()
        response = browser.post(url, data)
        assert response.status_code == 403, url
        assert fingerprint() == before, url
    export = reverse("exports:tournament_download", args=[world["t"].pk, "standings"])
    assert browser.post(export).status_code == 403


def test_login_and_language_switch_need_the_token():
    browser = Client(enforce_csrf_checks=True)
    assert browser.post(reverse("login"), {"username": "x", "password": "y"}).status_code == 403
    assert browser.post(reverse("set_language"), {"language": "en"}).status_code == 403


def test_with_the_token_the_same_post_goes_through(world):  # noqa: F811
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(world["users"]["director"])
    page = browser.get(reverse("director:entries", args=[world["t"].pk]))
    token = page.cookies["csrftoken"].value
    entry = world["entry"]
    response = browser.post(reverse("director:entry_toggle", args=[world["t"].pk, entry.pk]),
                            {"field": "paid", "csrfmiddlewaretoken": token})
    assert response.status_code in (200, 302)
    entry.refresh_from_db()
    assert entry.paid

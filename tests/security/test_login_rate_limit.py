"""Login rate limiting (django-axes): five wrong passwords lock one user name from one address for a while.

The lock is per user name and address, so other helpers in the same hall can still log in; the lockout page
is the same for every user name, existing or not. Behind a proxy and per user name: test_lockout_proxy.py.
"""

import re

import pytest
from axes.exceptions import AxesBackendRequestParameterRequired
from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

HALL = "192.0.2.10"


def make_user(name):
    """An account that may open the office (superuser; roles have their own tests)."""
    return get_user_model().objects.create_superuser(name, password="pw-" + name)


def attempt(client, username, password, ip=HALL, **headers):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip, **headers)


def fail(client, username, times, ip=HALL, **headers):
    return [attempt(client, username, "wrong", ip, **headers).status_code for _ in range(times)]


def logged_in(response):
    return response.status_code == 302 and response.url == reverse("director:home")


def test_a_wrong_password_shows_the_form_again(client):
    make_user("anna")
    response = attempt(client, "anna", "wrong")
    assert response.status_code == 200 and response.context["form"].errors


def test_five_failures_lock_the_user_name_even_for_the_right_password(client):
    make_user("anna")
    statuses = fail(client, "anna", 5)
    assert statuses[:4] == [200] * 4 and statuses[4] == 429     # the fifth failure already answers with the lock
    response = attempt(client, "anna", "pw-anna")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_lockout_page_is_german_by_default(client):
    make_user("anna")
    fail(client, "anna", 5)
    page = attempt(client, "anna", "pw-anna").content.decode()
    with translation.override("de"):
        heading = translation.gettext("Login paused")
    assert '<html lang="de">' in page and "Turniere" in page and heading in page
    assert 'name="password"' not in page                         # no login form to keep trying


def test_the_lockout_page_follows_the_language_cookie(client, settings):
    make_user("anna")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    fail(client, "anna", 5)
    response = attempt(client, "anna", "pw-anna")
    page = response.content.decode()
    assert response.status_code == 429
    assert '<html lang="en">' in page and "Login paused" in page and "15 minutes" in page


def test_another_user_name_from_the_same_address_can_still_log_in(client):
    make_user("anna")
    make_user("bernd")
    fail(client, "anna", 5)
    assert logged_in(attempt(client, "bernd", "pw-bernd"))


def test_the_same_user_name_from_another_address_can_still_log_in(client):
    make_user("anna")
    fail(client, "anna", 5)
    assert logged_in(attempt(client, "anna", "pw-anna", ip="198.51.100.7"))


def test_a_successful_login_resets_the_count(client):
    make_user("anna")
    fail(client, "anna", 4)
    assert logged_in(attempt(client, "anna", "pw-anna"))
    client.logout()
    assert fail(client, "anna", 4) == [200] * 4                  # counting starts again from zero
    assert logged_in(attempt(client, "anna", "pw-anna"))


def test_the_lockout_does_not_tell_whether_the_user_exists(client):
    make_user("anna")
    fail(client, "anna", 5)
    fail(client, "nobody", 5)
    existing = attempt(client, "anna", "pw-anna")
    missing = attempt(client, "nobody", "pw-anna")
    assert existing.status_code == missing.status_code == 429

    def without_tokens(response):
        return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", response.content.decode())

    assert without_tokens(existing) == without_tokens(missing)


def test_tests_log_in_with_force_login_or_with_a_request(client):
    """axes' backend needs the request, and Django's ``Client.login`` passes none: tests use ``force_login``
    (no password check at all) or hand ``login`` a request."""
    user = make_user("anna")
    with pytest.raises(AxesBackendRequestParameterRequired):
        client.login(username="anna", password="pw-anna")
    assert client.login(request=HttpRequest(), username="anna", password="pw-anna")
    assert client.get(reverse("login")).wsgi_request.user == user
    client.logout()
    client.force_login(user)
    assert client.get(reverse("login")).wsgi_request.user == user


def test_without_a_proxy_a_forwarded_for_header_is_ignored(client):
    make_user("anna")
    for n in range(5):
        attempt(client, "anna", "wrong", headers={"x-forwarded-for": f"203.0.113.{n}"})
    assert attempt(client, "anna", "pw-anna", headers={"x-forwarded-for": "203.0.113.99"}).status_code == 429

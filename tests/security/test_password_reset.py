"""The password reset exists only where e-mail can be sent, and then it is throttled (docs/production.md,
``tournament/office/views/accounts/password_reset.py``). The attack: the open, unthrottled /konto/password_reset/ of a
site without e-mail, and a flood of reset mails from rotating client addresses."""

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from tests import factories
from tests.config.processes import environment, settings_of

pytestmark = pytest.mark.django_db

RESET_URLS = [("password_reset", []), ("password_reset_done", []),
              ("password_reset_confirm", ["MQ", "set-password"]), ("password_reset_complete", [])]


@pytest.fixture(autouse=True)
def fresh_counters():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def director():
    user = factories.user("leitung", superuser=False)
    user.email = "leitung@example.org"
    user.save()
    return user


@pytest.mark.parametrize(("name", "args"), RESET_URLS)
def test_without_email_every_reset_url_is_404(client, name, args):
    assert client.get(reverse(name, args=args)).status_code == 404


def test_without_email_a_posted_reset_sends_nothing(client, director):
    response = client.post(reverse("password_reset"), {"email": director.email})
    assert response.status_code == 404
    assert mail.outbox == []


def test_the_login_page_links_the_reset_only_when_it_is_on(client):
    assert b'id="password-reset"' not in client.get(reverse("login")).content
    with override_settings(CEGO_PASSWORD_RESET=True):
        page = client.get(reverse("login")).content.decode()
    assert 'id="password-reset"' in page and reverse("password_reset") in page


@override_settings(CEGO_PASSWORD_RESET=True)
@pytest.mark.parametrize(("name", "args"), RESET_URLS)
def test_with_email_the_reset_pages_open(client, name, args):
    assert client.get(reverse(name, args=args)).status_code == 200


@override_settings(CEGO_PASSWORD_RESET=True)
def test_with_email_the_reset_mails_the_user(client, director):
    response = client.post(reverse("password_reset"), {"email": director.email})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert [m.to for m in mail.outbox] == [[director.email]]


@override_settings(CEGO_PASSWORD_RESET=True, CEGO_RESET_RATE=3, CEGO_RESET_WINDOW=600)
def test_one_mailbox_is_not_flooded_from_rotating_addresses(client, director):
    answers = [client.post(reverse("password_reset"), {"email": director.email.upper()},
                           REMOTE_ADDR=f"198.51.100.{n}").status_code for n in range(1, 8)]
    assert answers == [302, 302, 302, 429, 429, 429, 429]
    assert len(mail.outbox) == 3


@override_settings(CEGO_PASSWORD_RESET=True, CEGO_RESET_RATE=3, CEGO_RESET_WINDOW=600)
def test_one_address_cannot_try_many_mailboxes(client, director):
    answers = [client.post(reverse("password_reset"), {"email": f"someone{n}@example.org"},
                           REMOTE_ADDR="203.0.113.9").status_code for n in range(6)]
    assert answers == [302, 302, 302, 429, 429, 429]
    limited = client.post(reverse("password_reset"), {"email": director.email}, REMOTE_ADDR="203.0.113.9")
    assert limited.status_code == 429 and b'id="reset-limit"' in limited.content
    assert mail.outbox == []


def test_the_settings_turn_the_reset_on_with_an_email_host(tmp_path):
    off = settings_of(environment(tmp_path), "CEGO_PASSWORD_RESET")
    on = settings_of(environment(tmp_path, DJANGO_EMAIL_HOST="mail.example.org"), "CEGO_PASSWORD_RESET",
                     "EMAIL_HOST", "EMAIL_USE_TLS")
    assert off["CEGO_PASSWORD_RESET"] is False
    assert on == {"CEGO_PASSWORD_RESET": True, "EMAIL_HOST": "mail.example.org", "EMAIL_USE_TLS": True}

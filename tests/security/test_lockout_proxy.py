"""The login lockout behind a proxy, attacked the way the tester did (issue 14, point 1).

With ``DJANGO_BEHIND_PROXY=1`` seven wrong passwords, each with another made-up ``X-Forwarded-For``, were never
locked out. Now the header is believed only on a request from a trusted proxy and only up to the right-most hop
that is not one; and twenty wrong passwords for one user name from any addresses lock the name everywhere.
"""

import importlib.util
import sys

import pytest
from axes.models import AccessAttempt
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from tests.config.processes import environment, run, settings_of
from tournament.common.client_ip import client_address, parse_networks

PROXY = "127.0.0.1"
CLIENT = "203.0.113.5"


def make_user(name):
    return get_user_model().objects.create_superuser(name, password="pw-" + name)


def attempt(client, username, password, ip, forwarded=None):
    headers = {"x-forwarded-for": forwarded} if forwarded is not None else {}
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip,
                       headers=headers)


def logged_in(response):
    return response.status_code == 302 and response.url == reverse("director:home")


@pytest.fixture
def behind_proxy(settings, monkeypatch):
    """The lockout settings exactly as tournament/config/settings.py makes them with DJANGO_BEHIND_PROXY=1 (and
    ``DJANGO_TRUSTED_PROXIES`` when a test sets it first)."""
    monkeypatch.setenv("DJANGO_BEHIND_PROXY", "1")
    monkeypatch.setenv("DJANGO_DEBUG", "1")

    def load():
        path = django_settings.BASE_DIR / "tournament" / "config" / "settings.py"
        spec = importlib.util.spec_from_file_location("settings_behind_proxy", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name in dir(module):
            if name.startswith(("AXES_", "CEGO_TRUSTED_", "CEGO_LOGIN_")):
                setattr(settings, name, getattr(module, name))

    load()
    return load


# -- the tester's attack ------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_forged_headers_from_an_untrusted_address_do_not_escape_the_lock(client, behind_proxy):
    """Seven wrong passwords straight to the app server, each with another made-up X-Forwarded-For."""
    make_user("anna")
    statuses = [attempt(client, "anna", "wrong", "198.51.100.20", f"10.0.0.{n}").status_code for n in range(7)]
    assert statuses[:4] == [200] * 4 and statuses[4:] == [429] * 3
    assert attempt(client, "anna", "pw-anna", "198.51.100.20", "10.9.9.9").status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"198.51.100.20"}


@pytest.mark.django_db
def test_a_forged_left_part_of_the_chain_from_a_trusted_proxy_is_ignored(client, behind_proxy):
    """The proxy appends the real address; what the client wrote to the left of it changes nothing."""
    make_user("anna")
    for n in range(5):
        attempt(client, "anna", "wrong", PROXY, f"10.0.0.{n}, 192.0.2.{n}, {CLIENT}")
    assert attempt(client, "anna", "pw-anna", PROXY, f"10.9.9.9, {CLIENT}").status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {CLIENT}


@pytest.mark.django_db
def test_two_clients_behind_the_same_proxy_are_not_locked_together(client, behind_proxy):
    make_user("anna")
    for n in range(5):
        attempt(client, "anna", "wrong", PROXY, f"10.0.0.{n}, {CLIENT}")
    assert attempt(client, "anna", "pw-anna", PROXY, CLIENT).status_code == 429
    assert logged_in(attempt(client, "anna", "pw-anna", PROXY, "203.0.113.6"))


@pytest.mark.django_db
def test_a_chain_of_trusted_proxies_is_walked_from_the_right(client, behind_proxy, monkeypatch):
    monkeypatch.setenv("DJANGO_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8")
    behind_proxy()
    make_user("anna")
    for n in range(5):       # client → proxy 10.1.2.3 → proxy 127.0.0.1 → app; forged entries left of the client
        attempt(client, "anna", "wrong", PROXY, f"192.0.2.{n}, {CLIENT}, 10.1.2.3")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {CLIENT}
    assert attempt(client, "anna", "pw-anna", PROXY, f"{CLIENT}, 10.7.7.7").status_code == 429
    assert logged_in(attempt(client, "anna", "pw-anna", PROXY, "203.0.113.6, 10.1.2.3"))


@pytest.mark.django_db
def test_without_the_proxy_switch_the_header_is_ignored_even_from_loopback(client):
    make_user("anna")
    for n in range(5):
        attempt(client, "anna", "wrong", PROXY, f"203.0.113.{n}")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {PROXY}


# -- the user name from any address -------------------------------------------------------------------------------

def rotate(client, username, failures, first=0, per_address=4):
    """``failures`` wrong passwords, ``per_address`` from each address in turn (below the per-address limit)."""
    for n in range(failures):
        attempt(client, username, "wrong", f"198.51.100.{first + n // per_address}")


@pytest.mark.django_db
def test_rotating_addresses_locks_the_user_name_everywhere(client):
    make_user("anna")
    rotate(client, "anna", 20)
    response = attempt(client, "anna", "pw-anna", "192.0.2.99")        # a fresh address, the right password
    assert response.status_code == 429 and "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_below_the_user_name_limit_the_right_password_still_works(client):
    make_user("anna")
    rotate(client, "anna", 19)
    assert logged_in(attempt(client, "anna", "pw-anna", "192.0.2.99"))


@pytest.mark.django_db
def test_rotating_through_forged_headers_behind_a_proxy_locks_the_user_name(client, behind_proxy):
    """Even a botnet with real addresses behind the proxy gets no more than twenty tries for one name."""
    make_user("anna")
    for n in range(20):
        attempt(client, "anna", "wrong", PROXY, f"198.51.100.{n // 4}")
    assert attempt(client, "anna", "pw-anna", PROXY, "192.0.2.99").status_code == 429
    make_user("bernd")                                               # other names are not touched
    assert logged_in(attempt(client, "bernd", "pw-bernd", PROXY, "192.0.2.99"))


@pytest.mark.django_db
def test_the_user_name_lockout_page_says_so_in_both_languages(client, settings):
    make_user("anna")
    rotate(client, "anna", 20)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = attempt(client, "anna", "pw-anna", "192.0.2.99").content.decode()
    assert "paused everywhere for 15 minutes" in english and "until the tournament director unlocks it" in english
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    german = attempt(client, "anna", "pw-anna", "192.0.2.99").content.decode()
    with translation.override("de"):
        heading = translation.gettext("Login paused")
    assert '<html lang="de">' in german and heading in german and 'name="password"' not in german


@pytest.mark.django_db
def test_the_director_unlocks_a_user_name(client):
    make_user("anna")
    rotate(client, "anna", 20)
    assert attempt(client, "anna", "pw-anna", "192.0.2.99").status_code == 429
    call_command("axes_reset_username", "anna", stdout=sys.stdout)
    assert logged_in(attempt(client, "anna", "pw-anna", "192.0.2.99"))


# -- the address itself -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("remote, forwarded, expected", [
    ("198.51.100.20", "10.0.0.1", "198.51.100.20"),                 # not from a proxy: the header is ignored
    ("127.0.0.1", "", "127.0.0.1"),                                  # a proxy that sent no header
    ("127.0.0.1", "203.0.113.5", "203.0.113.5"),
    ("127.0.0.1", "1.1.1.1, 203.0.113.5", "203.0.113.5"),
    ("127.0.0.1", "203.0.113.5, 127.0.0.2", "203.0.113.5"),          # trusted hops are skipped
    ("127.0.0.1", "127.0.0.3, 127.0.0.2", "127.0.0.3"),              # all trusted: the left-most of them
    ("127.0.0.1", "1.1.1.1, not-an-address", "127.0.0.1"),           # garbage: nothing left of it is believed
    ("127.0.0.1", "203.0.113.5:4711", "203.0.113.5"),
    ("127.0.0.1", "[2001:db8::7]:443", "2001:db8::7"),
    ("::1", "2001:db8::7", "2001:db8::7"),
    ("::ffff:127.0.0.1", "203.0.113.5", "203.0.113.5"),               # a v4 proxy seen through a v6 socket
    ("2001:db8::1", "203.0.113.5", "2001:db8::1"),
    ("", "1.1.1.1, 203.0.113.5", "203.0.113.5"),                     # gunicorn on a unix socket behind the proxy
    ("", "", ""),
])
def test_client_address(remote, forwarded, expected):
    meta = {"REMOTE_ADDR": remote, "HTTP_X_FORWARDED_FOR": forwarded}
    assert client_address(meta, parse_networks("127.0.0.0/8, ::1")) == expected


@pytest.mark.parametrize("remote", ["198.51.100.20", "127.0.0.1", ""])
def test_without_trusted_proxies_the_connecting_address_is_the_client(remote):
    assert client_address({"REMOTE_ADDR": remote, "HTTP_X_FORWARDED_FOR": "203.0.113.5"}, ()) == remote


# -- the settings -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("extra, expected", [
    ({}, []),
    ({"DJANGO_TRUSTED_PROXIES": "10.0.0.1"}, []),                     # without the switch nothing is trusted
    ({"DJANGO_BEHIND_PROXY": "1"}, ["127.0.0.0/8", "::1/128"]),
    ({"DJANGO_BEHIND_PROXY": "1", "DJANGO_TRUSTED_PROXIES": " 10.0.0.1, 172.16.0.0/12 "},
     ["10.0.0.1/32", "172.16.0.0/12"]),
])
def test_trusted_proxies_from_the_environment(tmp_path, extra, expected):
    s = settings_of(environment(tmp_path, **extra), "CEGO_TRUSTED_PROXIES", "AXES_CLIENT_IP_CALLABLE",
                    "AXES_HANDLER", "AXES_FAILURE_LIMIT", "CEGO_LOGIN_USERNAME_LIMIT")
    assert s == {"CEGO_TRUSTED_PROXIES": expected,
                 "AXES_CLIENT_IP_CALLABLE": "tournament.common.client_ip.client_ip",
                 "AXES_HANDLER": "tournament.common.lockout.LockoutHandler",
                 "AXES_FAILURE_LIMIT": 5, "CEGO_LOGIN_USERNAME_LIMIT": 20}


def test_a_wrong_trusted_proxy_refuses_to_start(tmp_path):
    env = environment(tmp_path, DJANGO_BEHIND_PROXY="1", DJANGO_TRUSTED_PROXIES="127.0.0.1, proxy.example.org")
    result = run([sys.executable, "manage.py", "check"], env)
    assert result.returncode != 0 and "DJANGO_TRUSTED_PROXIES" in result.stderr

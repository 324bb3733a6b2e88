"""CSRF everywhere: every URL of the resolver (through every include, with the permission matrix's real arguments)
refuses a POST without the token — logged in as the superuser, who may write everything, and as a visitor — and
nothing changes. The only exemption is the phone's API under ``/t/<token>/``: its authority is the secret in the
URL, never a cookie, so a session (even a superuser's) opens nothing there. No page writes on GET, where CSRF
protection does not look. (The test client skips the CSRF check unless asked: ``enforce_csrf_checks=True``.)"""

import pytest
from django.test import Client
from django.urls import resolve, reverse

from tests import factories
from tests.security.matrix import classified, fingerprint
from tests.staff.roles import posts
from tournament.draws import links
from tournament.models import AuditLog, Game, Round, TableFlag, TableLink

pytestmark = pytest.mark.django_db

# The phone's JSON writes: a table's secret link is their key (docs/table-entry.md), so they are CSRF-exempt.
EXEMPT = {"phone:preview", "phone:save", "phone:confirm", "phone:dispute", "phone:call", "phone:sign",
          "phone:claim", "phone:release"}


def every_url(w):
    for name, (args, _expected) in sorted(classified().items()):
        yield name, reverse(name, args=args(w))


def csrf_exempt(url):
    return getattr(resolve(url).func, "csrf_exempt", False)


def test_only_the_phone_api_is_exempt(matrix_world):
    exempt = {name for name, url in every_url(matrix_world) if csrf_exempt(url)}
    assert exempt == EXEMPT


@pytest.mark.parametrize("who", ["superuser", "anonymous"])
def test_every_url_refuses_a_post_without_the_token(matrix_world, who):
    browser = Client(enforce_csrf_checks=True)
    if who != "anonymous":
        browser.force_login(matrix_world.users[who])
    before, wrong = fingerprint(), []
    for name, url in every_url(matrix_world):
        if name in EXEMPT:
            continue
        status = browser.post(url, {"name": "Neu", "reason": "csrf", "status": "locked", "field": "paid"}).status_code
        if status != 403:
            wrong.append(f"{name} {url}: {status}")
    assert not wrong, "\n".join(wrong)
    assert fingerprint() == before


def test_a_token_from_another_origin_is_refused(roles_world):
    """A forged form on another site that carries a stolen-looking token still fails on the Origin check."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(roles_world["users"]["director"])
    token = browser.get(reverse("director:entries", args=[roles_world["t"].pk])).cookies["csrftoken"].value
    url = reverse("director:entry_toggle", args=[roles_world["t"].pk, roles_world["entry"].pk])
    response = browser.post(url, {"field": "paid", "csrfmiddlewaretoken": token}, HTTP_ORIGIN="https://evil.example")
    assert response.status_code == 403
    roles_world["entry"].refresh_from_db()
    assert not roles_world["entry"].paid


def test_every_office_write_with_real_data_needs_the_token(roles_world):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(roles_world["users"]["superuser"])
    for _capability, url, data in posts(roles_world):
        before = fingerprint()
        assert browser.post(url, data).status_code == 403, url
        assert fingerprint() == before, url


def test_with_the_token_the_same_post_goes_through(roles_world):
    """The other side: the refusal above is the missing token, not a blanket 403."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(roles_world["users"]["director"])
    token = browser.get(reverse("director:entries", args=[roles_world["t"].pk])).cookies["csrftoken"].value
    url = reverse("director:entry_toggle", args=[roles_world["t"].pk, roles_world["entry"].pk])
    assert browser.post(url, {"field": "paid", "csrfmiddlewaretoken": token}).status_code in (200, 302)
    roles_world["entry"].refresh_from_db()
    assert roles_world["entry"].paid


def phone_writes(token):
    """Each exempt write with data that would change something if it were accepted."""
    form = {**factories.phone_fields(1, "dev-1"), "number": "1", "version": "1", "note": "csrf", "state": "x"}
    return [(reverse(name, args=[token]), {**form, "key": f"csrf-key-{i:04d}"})
            for i, name in enumerate(sorted(EXEMPT))]


def test_a_session_opens_nothing_on_the_phone_api(matrix_world):
    """A superuser's cookie with a revoked link, a made-up token or a locked round: refused, nothing written."""
    w = matrix_world
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(w.users["superuser"])
    old_token = w.link.token
    links.reissue_link(table=w.table, user=w.users["superuser"])
    made_up = "A" * len(old_token)
    live = TableLink.objects.get(table=w.table, revoked_at__isnull=True).token
    Round.objects.filter(pk=w.round.pk).update(status=Round.Status.LOCKED)
    before = (fingerprint(), TableFlag.objects.count(), list(Game.objects.values_list("confirmed_seat", flat=True)))
    for token in (old_token, made_up):
        for url, data in phone_writes(token):
            assert browser.post(url, data).status_code == 404, url
    for url, data in phone_writes(live):
        if "vorschau" in url:                  # the preview computes and never saves
            continue
        response = browser.post(url, data)
        assert response.status_code >= 400 and not response.json()["ok"], (url, response.status_code)
    after = (fingerprint(), TableFlag.objects.count(), list(Game.objects.values_list("confirmed_seat", flat=True)))
    assert after == before
    assert AuditLog.objects.filter(object_type__in=["game", "flag"],
                                   action__in=["dispute", "call", "confirm"]).count() == 0


def test_the_phone_api_works_by_the_link_alone(matrix_world):
    """The exemption is the link: a phone without any cookie or token writes (so the refusals above are real)."""
    phone = Client(enforce_csrf_checks=True)
    url = reverse("phone:dispute", args=[matrix_world.link.token])
    response = phone.post(url, {**factories.phone_fields(1, "dev-1"), "number": "1", "note": "falsch",
                                "key": "dispute-0001"})
    assert response.status_code == 200 and response.json()["ok"]
    assert TableFlag.objects.filter(kind=TableFlag.Kind.DISPUTE, note="falsch").exists()


def test_no_page_writes_on_get(matrix_world):
    """CSRF protection only looks at POST: a GET of every URL, as the superuser, changes nothing."""
    browser = Client()
    browser.force_login(matrix_world.users["superuser"])
    before = fingerprint()
    for name, url in every_url(matrix_world):
        if name == "admin:logout":
            continue
        browser.get(url)
    assert fingerprint() == before

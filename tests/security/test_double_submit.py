"""Double submits (issue 14, point 2): a form sent twice writes once (docs/services.md, "Double submits").

The attack test sent each form twice — and three times at once — with the same body: three concurrent double
POSTs of an adjustment made six adjustments, two concurrent deletes wrote two audit rows. Here every office view
that takes a POST, walked from the URL resolver, must be protected (an idempotency key, or a version), every
office ``<form method="post">`` must carry its key, and the writes are sent twice — one after the other on any
database, at the same moment in threads on PostgreSQL (``.ci/with-postgres``).
"""

import inspect
import re
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse

from tests import factories
from tests.concurrency import PAUSE, together
from tournament import idempotency
from tournament.models import Adjustment, AuditLog, Category, Entry, ExportJob, FormRequest
from tournament.results import services as results_services

OFFICE = ("director", "entry", "exports")

# Office views that never take a POST (their source does not mention one; checked below).
READ_ONLY = {
    "director:home", "director:season", "director:duplicates", "director:tournament", "director:entries",
    "director:preregistrations", "director:import_template", "director:hall", "director:audit",
    "director:season_audit", "director:standings", "director:prizes", "director:season_standings",
    "director:cash",
    "entry:sheet", "entry:row", "entry:goto",
    "exports:tournament", "exports:season", "exports:job", "exports:job_file",
}
# Office views that take a POST and write nothing: the score sheet's live preview of a row.
WRITES_NOTHING = {"entry:preview"}
# Outside the office, naturally idempotent or protected on their own (docs/services.md, "Double submits").
EXEMPT_NAMESPACES = {
    "admin": "Django's admin: superusers only, outside the tournament's workflow",
    "public": "players' pages: reads, and the pre-registration with its own duplicate refusal",
    "phone": "the table's phone: table_entry.services.once with the phone's own key",
    "stats": "players' statistics: reads", "tariff": "the tariff: reads",
    "api": "the public API: GET only (tournament/public/api)", "embed": "the widgets: reads",
}
EXEMPT = {"login": "signs in", "logout": "signs out", "set_language": "sets a cookie",
          "password_change": "sets the same password again", "password_change_done": "a page",
          "password_reset": "sends a mail", "password_reset_done": "a page", "password_reset_confirm": "a page",
          "password_reset_complete": "a page", "favicon": "a redirect to the icon"}


def patterns(resolver=None, namespace=""):
    """``{"namespace:name": view}`` for every named URL, through every include."""
    resolver = resolver or get_resolver()
    found = {}
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            found |= patterns(pattern, f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace)
        elif pattern.name:
            found[f"{namespace}{pattern.name}"] = pattern.callback
    return found


def test_every_office_post_view_is_protected():
    unprotected, posting, unknown = [], [], []
    for name, view in sorted(patterns().items()):
        namespace = name.split(":")[0] if ":" in name else ""
        if namespace not in OFFICE:
            if namespace not in EXEMPT_NAMESPACES and name not in EXEMPT:
                unknown.append(name)
            continue
        mark = getattr(view, "idempotent", None)
        if mark in (True, "version"):
            continue
        if name in WRITES_NOTHING:
            continue
        if name not in READ_ONLY:
            unprotected.append(name)
        elif "POST" in inspect.getsource(inspect.unwrap(view)):
            posting.append(name)
    assert not unprotected, f"office views without idempotency key or version (tournament.idempotency): {unprotected}"
    assert not posting, f"views listed as read-only take a POST: {posting}"
    assert not unknown, f"URLs outside the office neither protected nor exempted: {unknown}"


# Forms that post to a view protected by version (the score sheet's rows) or to the log-out.
BY_VERSION_ACTIONS = ("'entry:save'", "'entry:delete'", "'logout'")
FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S | re.I)


def test_every_office_form_carries_a_key():
    missing = []
    for path in sorted(Path(settings.BASE_DIR, "templates", "office").rglob("*.html")):
        for form in FORM.findall(path.read_text()):
            opening = form.split(">", 1)[0]
            if 'method="post"' not in opening.lower() or any(a in opening for a in BY_VERSION_ACTIONS):
                continue
            if "{% once_key %}" not in form:
                missing.append(f"{path.name}: {opening[:80]}")
    assert not missing, f"office forms without {{% once_key %}}: {missing}"


# -- one after the other (any database) ----------------------------------------------------------------------

KEY = re.compile(r'name="once" value="([A-Za-z0-9_-]+)"')


def rendered_key(client, url):
    """The key the page's first form carries, as a browser would send it."""
    keys = KEY.findall(client.get(url).content.decode())
    assert keys, f"no idempotency key on {url}"
    return keys[0]


@pytest.fixture
def director(client):
    user = factories.user()
    client.force_login(user)
    return user


@pytest.fixture
def t():
    return factories.tournament(players=3)


@pytest.mark.django_db
def test_a_form_rendered_twice_gets_two_keys(client, director, t):
    url = reverse("director:adjustments", args=[t.pk])
    assert rendered_key(client, url) != rendered_key(client, url)


@pytest.mark.django_db
def test_an_adjustment_sent_twice_is_recorded_once(client, director, t):
    url = reverse("director:adjustments", args=[t.pk])
    entry = t.entries.order_by("start_number").first()
    data = {"entry": entry.pk, "points": "50", "reason": "Bonus", "once": rendered_key(client, url)}
    first, second = client.post(url, data), client.post(url, data)
    assert Adjustment.objects.filter(entry=entry).count() == 1
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.ADJUSTMENT).count() == 1
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]


@pytest.mark.django_db
def test_a_refused_form_is_not_stuck_with_its_error(client, director, t):
    url = reverse("director:adjustments", args=[t.pk])
    entry = t.entries.order_by("start_number").first()
    key = rendered_key(client, url)
    refused = client.post(url, {"entry": entry.pk, "points": "50", "reason": "", "once": key})
    assert refused.status_code == 200 and not Adjustment.objects.exists()
    assert client.post(url, {"entry": entry.pk, "points": "50", "reason": "Bonus", "once": key}).status_code == 302
    assert Adjustment.objects.count() == 1


@pytest.mark.django_db
def test_a_new_key_is_a_new_write(client, director, t):
    url = reverse("director:adjustments", args=[t.pk])
    entry = t.entries.order_by("start_number").first()
    for _ in range(2):
        client.post(url, {"entry": entry.pk, "points": "50", "reason": "Bonus", "once": rendered_key(client, url)})
    assert Adjustment.objects.count() == 2


@pytest.mark.django_db
def test_another_users_key_replays_nothing_of_the_first(client, director, t):
    url = reverse("director:adjustments", args=[t.pk])
    entry = t.entries.order_by("start_number").first()
    data = {"entry": entry.pk, "points": "50", "reason": "Bonus", "once": rendered_key(client, url)}
    client.post(url, data)
    other = Client()
    other.force_login(factories.user(name="second"))
    other.post(url, data)
    assert Adjustment.objects.count() == 2             # the key is the first user's, not a shared answer


@pytest.mark.django_db
def test_an_adjustment_deleted_twice_is_logged_once(client, director, t):
    entry = t.entries.order_by("start_number").first()
    adjustment = results_services.add_adjustment(entry=entry, points=20, reason="x", user=director)
    url = reverse("director:adjustment_delete", args=[t.pk, adjustment.pk])
    data = {"delete-reason": "falsch", "once": rendered_key(client, reverse("director:adjustments", args=[t.pk]))}
    first, second = client.post(url, data), client.post(url, data)
    assert first.status_code == second.status_code == 302 and first["Location"] == second["Location"]
    assert not Adjustment.objects.exists()
    deletes = AuditLog.objects.filter(object_type=AuditLog.Kind.ADJUSTMENT, action=AuditLog.Action.DELETE)
    assert deletes.count() == 1


@pytest.mark.django_db
def test_two_deletes_from_two_tabs_log_once(director, t):
    """Without a shared key (two tabs), the service reads again under the lock: the second finds nothing."""
    entry = t.entries.order_by("start_number").first()
    adjustment = results_services.add_adjustment(entry=entry, points=20, reason="x", user=director)
    stale = Adjustment.objects.get(pk=adjustment.pk)
    results_services.delete_adjustment(adjustment=adjustment, user=director, reason="a")
    results_services.delete_adjustment(adjustment=stale, user=director, reason="b")
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.ADJUSTMENT,
                                   action=AuditLog.Action.DELETE).count() == 1


@pytest.mark.django_db
def test_a_toggle_sent_twice_flips_once(client, director, t):
    entry = t.entries.order_by("start_number").first()
    url = reverse("director:entry_toggle", args=[t.pk, entry.pk])
    data = {"field": "paid", "once": rendered_key(client, reverse("director:entries", args=[t.pk]))}
    before = entry.paid
    client.post(url, data)
    client.post(url, data)
    entry.refresh_from_db()
    assert entry.paid is (not before)


@pytest.mark.django_db
def test_a_category_created_twice_exists_once(client, director, t):
    url = reverse("director:categories", args=[t.season.pk])
    data = {"name": "Damen", "once": rendered_key(client, url)}
    client.post(url, data)
    client.post(url, data)
    assert Category.objects.filter(season=t.season, name="Damen").count() == 1


@pytest.mark.django_db
def test_a_json_check_in_sent_twice_answers_alike(client, director, t):
    entry = t.entries.order_by("start_number").first()
    Entry.objects.filter(pk=entry.pk).update(checked_in=False)
    url = reverse("director:check_in", args=[t.pk])
    data = {"number": str(entry.start_number), "once": rendered_key(client, reverse("director:entries", args=[t.pk]))}
    first = client.post(url, data, HTTP_ACCEPT="application/json")
    second = client.post(url, data, HTTP_ACCEPT="application/json")
    assert first.status_code == second.status_code == 200
    assert second.json()["repeated"] is True and second.json()["number"] == first.json()["number"]
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.ENTRY, object_id=entry.pk,
                                   action=AuditLog.Action.UPDATE).count() == 1


@pytest.mark.django_db
def test_a_malformed_key_is_no_key(client, director, t):
    assert idempotency.KEY.fullmatch("a" * 16) and not idempotency.KEY.fullmatch("<script>aaaaaaaaaaaa")
    url = reverse("director:adjustments", args=[t.pk])
    entry = t.entries.order_by("start_number").first()
    client.post(url, {"entry": entry.pk, "points": "5", "reason": "x", "once": "'; DROP TABLE x; --" * 3})
    assert Adjustment.objects.count() == 1 and not FormRequest.objects.exists()


# -- at the same moment (PostgreSQL) ------------------------------------------------------------------------

ON_POSTGRES = pytest.mark.skipif(connection.vendor != "postgresql", reason=(
    "needs PostgreSQL: the in-memory SQLite test database fails concurrent writers at once with "
    "'database table is locked' (CI runs these in its PostgreSQL pass: .ci/with-postgres)"))


def slowed(monkeypatch, name):
    """``results.services.<name>`` takes ``PAUSE`` first: the first POST is still writing when the others come."""
    real = getattr(results_services, name)

    def slow(*args, **kwargs):
        time.sleep(PAUSE)
        return real(*args, **kwargs)

    monkeypatch.setattr(results_services, name, slow)


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.django_db(transaction=True)
@ON_POSTGRES
def test_concurrent_doubles_of_an_adjustment_record_one(monkeypatch, n):
    user, t = factories.user(), factories.tournament(players=3)
    entry = t.entries.order_by("start_number").first()
    url = reverse("director:adjustments", args=[t.pk])
    clients = [logged_in(user) for _ in range(n)]
    data = {"entry": entry.pk, "points": "50", "reason": "Bonus", "once": rendered_key(clients[0], url)}
    slowed(monkeypatch, "add_adjustment")
    outcomes = together(*[lambda c=c: c.post(url, data) for c in clients])
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    assert {answer.status_code for _, answer in outcomes} == {302}
    assert len({answer["Location"] for _, answer in outcomes}) == 1
    assert Adjustment.objects.count() == 1
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.ADJUSTMENT).count() == 1


@pytest.mark.django_db(transaction=True)
@ON_POSTGRES
def test_concurrent_doubles_of_a_delete_log_one(monkeypatch):
    user, t = factories.user(), factories.tournament(players=3)
    entry = t.entries.order_by("start_number").first()
    adjustment = results_services.add_adjustment(entry=entry, points=20, reason="x", user=user)
    url = reverse("director:adjustment_delete", args=[t.pk, adjustment.pk])
    clients = [logged_in(user) for _ in range(2)]
    data = {"delete-reason": "falsch",
            "once": rendered_key(clients[0], reverse("director:adjustments", args=[t.pk]))}
    slowed(monkeypatch, "delete_adjustment")
    outcomes = together(*[lambda c=c: c.post(url, data) for c in clients])
    assert all(kind == "ok" and answer.status_code == 302 for kind, answer in outcomes), outcomes
    assert not Adjustment.objects.exists()
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.ADJUSTMENT, action=AuditLog.Action.DELETE).count() == 1


@pytest.mark.django_db(transaction=True)
@ON_POSTGRES
def test_concurrent_deletes_from_two_tabs_log_one(monkeypatch):
    """Two tabs, two keys: the service's second read under the tournament lock finds the adjustment gone."""
    user, t = factories.user(), factories.tournament(players=3)
    entry = t.entries.order_by("start_number").first()
    adjustment = results_services.add_adjustment(entry=entry, points=20, reason="x", user=user)
    url = reverse("director:adjustment_delete", args=[t.pk, adjustment.pk])
    page = reverse("director:adjustments", args=[t.pk])
    clients = [logged_in(user) for _ in range(2)]
    bodies = [{"delete-reason": "falsch", "once": rendered_key(c, page)} for c in clients]
    slowed(monkeypatch, "refresh_totals")
    outcomes = together(*[lambda c=c, b=b: c.post(url, b) for c, b in zip(clients, bodies, strict=False)])
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.ADJUSTMENT, action=AuditLog.Action.DELETE).count() == 1


@pytest.mark.django_db(transaction=True)
@ON_POSTGRES
def test_concurrent_doubles_of_a_toggle_flip_once(monkeypatch):
    user, t = factories.user(), factories.tournament(players=3)
    entry = t.entries.order_by("start_number").first()
    before = entry.paid
    url = reverse("director:entry_toggle", args=[t.pk, entry.pk])
    clients = [logged_in(user) for _ in range(3)]
    data = {"field": "paid", "once": rendered_key(clients[0], reverse("director:entries", args=[t.pk]))}
    outcomes = together(*[lambda c=c: c.post(url, data) for c in clients])
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    entry.refresh_from_db()
    assert entry.paid is (not before)
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.ENTRY, object_id=entry.pk,
                                   action=AuditLog.Action.UPDATE).count() == 1


@pytest.mark.django_db
def test_an_export_started_twice_with_one_key_queues_one_job(client, director):
    _t, round_ = factories.seated(players=8)
    url = reverse("exports:round_download", args=[round_.tournament.pk, round_.number, "score_sheets"])
    key = idempotency.new_key()
    first = client.post(url, HTTP_X_IDEMPOTENCY_KEY=key)
    second = client.post(url, HTTP_X_IDEMPOTENCY_KEY=key)
    assert first.status_code == second.status_code == 202
    assert first.json()["token"] == second.json()["token"]
    assert ExportJob.objects.count() == 1


@pytest.mark.django_db
def test_the_repeated_form_is_told_it_was_saved_once(client, director, t):
    url = reverse("director:adjustments", args=[t.pk])
    entry = t.entries.order_by("start_number").first()
    data = {"entry": entry.pk, "points": "50", "reason": "Bonus", "once": rendered_key(client, url)}
    first = client.post(url, data, follow=True)
    second = client.post(url, data, follow=True)
    levels = [m.level_tag for m in second.context["messages"]]
    assert [m.level_tag for m in first.context["messages"]] == ["success"]
    assert levels == ["info"]
    assert Adjustment.objects.count() == 1



@pytest.mark.django_db
def test_old_claims_are_purged_now_and_then(monkeypatch):
    """Claims older than two days go when every PURGE_EVERY-th claim is stored; younger ones stay."""
    from datetime import timedelta

    from django.http import HttpResponseRedirect
    from django.utils import timezone

    user = factories.staff()
    old = FormRequest.objects.create(user=user, path="/alt/", key="a" * 16)
    young = FormRequest.objects.create(user=user, path="/jung/", key="b" * 16)
    FormRequest.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=3))
    claim = FormRequest.objects.create(user=user, path="/neu/", key="c" * 16)
    monkeypatch.setattr(idempotency, "PURGE_EVERY", claim.pk + 1)       # not this claim's turn: nothing goes
    idempotency._store(claim, HttpResponseRedirect("/weiter/"))
    assert FormRequest.objects.filter(pk=old.pk).exists()
    monkeypatch.setattr(idempotency, "PURGE_EVERY", claim.pk)           # its turn
    idempotency._store(claim, HttpResponseRedirect("/weiter/"))
    assert not FormRequest.objects.filter(pk=old.pk).exists()
    assert FormRequest.objects.filter(pk__in=[young.pk, claim.pk]).count() == 2

"""The round page's part of entry at the table: every table's link with its QR code and a new link on request,
the round clock, and locking through ``table_entry.services.lock_round`` (a reason while tables are unsigned)."""

import pytest
from django.urls import reverse

from tests import factories
from tests.page_text import levels, text_of
from tournament.draws import links
from tournament.models import AuditLog, Game, Round

pytestmark = pytest.mark.django_db
BASE = "http://testserver"


@pytest.fixture
def director(client, settings):
    settings.CEGO_SITE_URL = ""
    client.force_login(factories.staff())
    return client


def test_the_round_page_lists_every_tables_link_with_a_qr_code(director, settings):
    t, round_ = factories.drawn(players=9)
    url = reverse("director:round", args=[t.pk, 1])
    html = director.get(url).content.decode()
    section = text_of(html, "table-links")
    active = links.active_links(round_)
    for table in round_.tables.all():
        assert links.link_url(active[table.pk], BASE) in section
        assert reverse("director:link_reissue", args=[t.pk, 1, table.number]) in html
    assert html.count('class="segno"') == round_.tables.count()
    assert reverse("exports:round_download", args=[t.pk, 1, "table_cards"]) in html
    assert reverse("director:hall", args=[t.pk, 1]) in html
    settings.CEGO_SITE_URL = "http://192.168.1.20:8000"
    html = director.get(url).content.decode()
    assert links.link_url(next(iter(active.values())), "http://192.168.1.20:8000") in html


def test_a_new_link_revokes_the_old_one(director, client):
    t, round_ = factories.drawn(players=8)
    table = round_.tables.get(number=2)
    old = links.active_links(round_)[table.pk]
    assert client.get(links.link_path(old)).status_code == 200
    response = director.post(reverse("director:link_reissue", args=[t.pk, 1, 2]), follow=True)
    assert levels(response) == ["success"]
    assert response.redirect_chain[-1][0].endswith(reverse("director:round", args=[t.pk, 1]) + "#table-links")
    new = links.active_links(round_)[table.pk]
    assert new.token != old.token
    assert client.get(links.link_path(old)).status_code == 404
    page = client.get(links.link_path(new))
    assert page.status_code == 200 and "Tisch 2" in page.content.decode()
    html = response.content.decode()
    assert links.link_url(new, BASE) in html and links.link_url(old, BASE) not in html
    log = AuditLog.objects.get(object_type=AuditLog.Kind.LINK, action=AuditLog.Action.ISSUE)
    assert log.table_id == table.pk and log.new == {"revoked": 1}
    other = links.active_links(round_)[round_.tables.get(number=1).pk]
    assert client.get(links.link_path(other)).status_code == 200          # the other tables keep theirs
    assert director.get(reverse("director:link_reissue", args=[t.pk, 1, 2])).status_code == 405
    assert director.post(reverse("director:link_reissue", args=[t.pk, 1, 9])).status_code == 404


def test_the_round_clock_starts_restarts_and_stops_in_the_log(director):
    t, round_ = factories.drawn(players=4)
    url = reverse("director:round_clock", args=[t.pk, 1])
    response = director.post(url, {"action": "start", "minutes": "45"}, follow=True)
    assert levels(response) == ["success"]
    round_.refresh_from_db()
    assert round_.clock_minutes == 45 and round_.clock_ends_at is not None
    assert 'id="clock-stop"' in response.content.decode() and "45" in text_of(response.content.decode(), "clock-state")
    director.post(url, {"action": "start", "minutes": "50", "back": "hall"}, follow=True)
    round_.refresh_from_db()
    assert round_.clock_minutes == 50
    response = director.post(url, {"action": "stop", "minutes": ""}, follow=True)
    assert levels(response) == ["success"]
    round_.refresh_from_db()
    assert round_.clock_minutes is None and round_.clock_ends_at is None
    logs = list(AuditLog.objects.filter(object_type=AuditLog.Kind.CLOCK).order_by("id").values_list("action", "new"))
    assert logs == [("update", {"round": 1, "minutes": 45}), ("update", {"round": 1, "minutes": 50}),
                    ("delete", None)]
    for bad in ({"action": "start", "minutes": ""}, {"action": "start", "minutes": "700"}, {"action": "later"}):
        assert levels(director.post(url, bad, follow=True)) == ["error"], bad
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.CLOCK).count() == 3


def test_back_to_the_hall_after_setting_the_clock(director):
    t, round_ = factories.drawn(players=4)
    response = director.post(reverse("director:round_clock", args=[t.pk, 1]),
                             {"action": "start", "minutes": "30", "back": "hall"})
    assert response["Location"] == reverse("director:hall", args=[t.pk, 1])


def test_locking_needs_a_reason_while_tables_are_not_signed_off(director):
    t, round_ = factories.drawn(players=8)
    factories.play(round_)
    table = round_.tables.get(number=1)
    Game.objects.filter(table=table).update(keyed_seat=0)       # keyed at the table, never confirmed or signed
    page = director.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    unsigned = text_of(page, "unsigned-tables")
    assert "Tisch 1" in unsigned and "Tisch 2" not in unsigned and 'id="lock-reason"' in page
    status_url = reverse("director:round_status", args=[t.pk, 1])
    response = director.post(status_url, {"status": "locked"}, follow=True)
    assert levels(response) == ["error"]
    round_.refresh_from_db()
    assert round_.status == Round.Status.OPEN
    director.post(status_url, {"status": "locked", "reason": "Papierbogen von Tisch 1 geprüft"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.LOCKED
    log = AuditLog.objects.filter(object_type=AuditLog.Kind.ROUND, action=AuditLog.Action.STATUS).latest("id")
    assert log.reason == "Papierbogen von Tisch 1 geprüft" and log.new == {"status": "locked"}
    page = director.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'id="unsigned-tables"' not in page and 'id="lock-reason"' not in page


def test_a_round_signed_everywhere_locks_without_a_reason(director):
    t, round_ = factories.drawn(players=8)
    factories.play(round_)
    page = director.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'id="unsigned-tables"' not in page and 'id="lock-reason"' not in page
    director.post(reverse("director:round_status", args=[t.pk, 1]), {"status": "locked"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.LOCKED

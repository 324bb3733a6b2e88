"""The hall view in the browser: a call from a table appears on its own (hall.js polls the live part), the round
clock counts down, and "done" takes the call away."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.steps import log_in_as
from tournament.models import TableLink
from tournament.office.views import hall
from tournament.table_entry import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_hall_updates_itself_and_a_call_is_marked_done(live_server, page, monkeypatch):
    monkeypatch.setattr(hall, "POLL_SECONDS", 1)
    t, round_ = factories.drawn(players=12)
    director = factories.user("chefin", superuser=True)
    director.set_password("Turnier-2026!")
    director.save()
    services.set_clock(round_=round_, minutes=45, user=director)
    log_in_as(page, live_server.url, "chefin", "Turnier-2026!")
    page.goto(live_server.url + reverse("director:hall", args=[t.pk, 1]))
    expect(page.locator(".tile")).to_have_count(3)
    first = page.locator("#clock-left").text_content()
    page.wait_for_timeout(1500)
    assert page.locator("#clock-left").text_content() != first             # counts down between polls

    table = round_.tables.get(number=3)
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    services.call_director(access=factories.table_phone(link, 0, "phone1"), note="Karte fehlt")
    expect(page.locator("#tile-3 .flag.call")).to_contain_text("Karte fehlt", timeout=5000)
    expect(page.locator(".tile").first).to_have_id("tile-3")                # the call comes first
    page.locator("#tile-3 .flag.call button").click()
    expect(page.locator("#tile-3 .flag.call")).to_have_count(0)
    expect(page.locator(".msg.success")).to_have_count(1)

"""The end of the day in the browser (docs/director.md, "Published when it should be", "The end of the day"): the
banner of an unpublished tournament and its one-click publish; a phone calls the director with a reason, the hall
shows it and "done" takes a decision note that stays on the tile; a locked round's phone page shows the final
sheet without a seat choice or a pause button."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.steps import log_in_as
from tournament.models import Round, TableFlag, TableLink
from tournament.office.views import hall

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
SENT = "() => JSON.parse(localStorage.getItem('cego.queue.' + document.body.dataset.token) || '[]').length === 0"


def director_account():
    director = factories.user("chefin", superuser=True)
    director.set_password("Turnier-2026!")
    director.save()
    return director


def test_the_banner_says_players_cant_see_it_and_publish_is_one_click(live_server, page):
    t = factories.tournament(players=4)
    director_account()
    log_in_as(page, live_server.url, "chefin", "Turnier-2026!")
    public = live_server.url + reverse("public:tournament", args=[t.pk])
    assert page.goto(public).status == 404
    expect(page.locator("#not-found")).to_contain_text("Seite nicht gefunden")
    page.goto(live_server.url + reverse("director:entries", args=[t.pk]))
    expect(page.locator("#unpublished")).to_contain_text("Die Spieler sehen dieses Turnier nicht")
    page.click("#publish-now")
    page.wait_for_load_state()
    assert page.url.endswith(reverse("director:entries", args=[t.pk]))          # back where the click was
    expect(page.locator("#unpublished")).to_have_count(0)
    expect(page.locator(".msg.success")).to_contain_text("Veröffentlicht")
    assert page.goto(public).status == 200


def test_a_call_with_a_reason_and_done_with_a_decision(live_server, browser, page, monkeypatch):
    monkeypatch.setattr(hall, "POLL_SECONDS", 1)
    t, round_ = factories.drawn(players=8, published=True)
    table = round_.tables.get(number=1)
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-DE")
    try:
        phone = phone_context.new_page()
        phone.goto(live_server.url + reverse("phone:table", args=[token]))
        phone.click('#seat-choice .seat-button[data-seat="2"]')
        phone.click("#call")
        expect(phone.locator("#call-form")).to_be_visible()
        phone.fill("#call-note", "Karte unter dem Tisch <b>!</b>")
        phone.click("#call-send")
        expect(phone.locator("#call-form")).to_be_hidden()
        expect(phone.locator("#call")).to_be_disabled(timeout=5000)     # at once: the call waits in the queue
        phone.wait_for_function(SENT, timeout=10000)                      # and leaves it once the server has it
    finally:
        phone_context.close()
    flag = TableFlag.objects.get(kind=TableFlag.Kind.CALL)
    assert flag.note == "Karte unter dem Tisch <b>!</b>" and flag.seat == 1

    director_account()
    log_in_as(page, live_server.url, "chefin", "Turnier-2026!")
    page.goto(live_server.url + reverse("director:hall", args=[t.pk, 1]))
    tile = page.locator("#tile-1")
    expect(tile.locator(".flag.call")).to_contain_text("Karte unter dem Tisch <b>!</b>")     # as text, escaped
    expect(page.locator("#hall-calls")).to_have_attribute("data-count", "1")
    tile.locator(".flag.call input[name=note]").fill("Karte gefunden, weiter")
    page.wait_for_timeout(1500)            # a poll while the note is typed does not wipe it
    expect(tile.locator(".flag.call input[name=note]")).to_have_value("Karte gefunden, weiter")
    tile.locator(".flag.call button").click()
    page.wait_for_load_state()
    expect(page.locator("#tile-1 .flag.call")).to_have_count(0)
    expect(page.locator("#tile-1 .flag-done")).to_contain_text("Ruf beantwortet: Karte gefunden, weiter")
    expect(page.locator("#tile-1 .flag-done")).to_contain_text("chefin")
    expect(page.locator("#hall-calls")).to_have_attribute("data-count", "0")


def test_a_locked_rounds_phone_page_is_the_final_sheet(live_server, browser):
    t = factories.played(players=8, rounds=1, lock=True)
    round_ = t.round_set.get()
    assert round_.status == Round.Status.LOCKED
    table = round_.tables.get(number=1)
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-DE")
    try:
        phone = context.new_page()
        phone.goto(live_server.url + reverse("phone:table", args=[token]))
        expect(phone.locator("#locked")).to_be_visible()
        expect(phone.locator("#seat-choice")).to_be_hidden()
        expect(phone.locator("#live-toggle")).to_be_hidden()
        expect(phone.locator("#call")).to_be_hidden()
        expect(phone.locator("#sheet")).to_be_visible()
    finally:
        context.close()

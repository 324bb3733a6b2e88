"""A phone speaks for one seat, in the browser (docs/table-entry.md "A phone speaks for one seat"): two phones (two
browser contexts, each with its own storage) at one table. The first takes seat 1; the second, tapping seat 1
too, reads that another phone keeps it and gets the seat choice back. The first releases its seat ("switch
seat"), the second takes it; a game keyed on one phone is confirmed on the other. A phone that broke: the
director frees its seat in the hall view and a new phone takes it. Screenshots: /tmp/seat_hold_*.png."""

import time

import pytest
from django.db import OperationalError
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tests.e2e.steps import log_in
from tournament.models import Game, SeatHold, TableLink

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
HELD = "Sitz 1 wird schon von einem anderen Handy geführt – bitten Sie die Turnierleitung, ihn freizugeben."


@pytest.fixture
def phone(browser, live_server):
    contexts, errors = [], []

    def open_phone(url):
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                      locale="de-DE")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(url)
        return page
    yield open_phone
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


def holders(table):
    """The seats held at ``table``. Read again when the live server's thread writes at that moment: the shared
    in-memory SQLite of the tests answers "database table is locked" then (docs/entry.md, "Tests")."""
    for attempt in range(20):
        try:
            return dict(SeatHold.objects.filter(table=table).values_list("position", "device"))
        except OperationalError as error:
            if "locked" not in str(error) or attempt == 19:
                raise
            time.sleep(0.1)


def wait_for(check, page):
    for _ in range(50):
        if check():
            return
        page.wait_for_timeout(100)
    assert check()


def test_two_phones_one_seat_the_refusal_the_release_and_the_directors_free(live_server, browser, phone):
    t, round_ = factories.drawn(players=8, published=True)
    table = round_.tables.order_by("number").first()
    url = f"{live_server.url}/t/{TableLink.objects.get(table=table, revoked_at__isnull=True).token}/"
    name = table.seats.get(position=0).entry.player.full_name

    anna = phone(url)
    anna.click('#seat-choice .seat-button[data-seat="1"]')
    expect(anna.locator("#me-name")).to_have_text(f"1 · {name}")
    wait_for(lambda: list(holders(table)) == [0], anna)

    # Another phone taps the same seat: refused in words, the seat choice comes back.
    bernd = phone(url)
    bernd.click('#seat-choice .seat-button[data-seat="1"]')
    expect(bernd.locator("#messages")).to_contain_text(HELD)
    expect(bernd.locator("#seat-choice")).to_be_visible()
    expect(bernd.locator("#me")).to_be_hidden()
    screenshot(bernd, "/tmp/seat_hold_refused.png", full_page=False)
    assert list(holders(table).values()) == [anna.evaluate("localStorage.getItem('cego.device')")]

    # The first phone releases its seat ("switch seat"); now the second one takes it.
    expect(anna.locator("#change-seat")).to_have_text("Sitz freigeben / wechseln")
    anna.click("#change-seat")
    expect(anna.locator("#seat-choice")).to_be_visible()
    wait_for(lambda: not holders(table), anna)
    bernd.locator("#messages button.dismiss").click()
    bernd.click('#seat-choice .seat-button[data-seat="1"]')
    expect(bernd.locator("#me-name")).to_have_text(f"1 · {name}")
    wait_for(lambda: list(holders(table)) == [0], bernd)
    expect(bernd.locator("#messages")).to_be_empty()

    # The first phone sits down at seat 2 and keys game 1; the phone at seat 1 confirms it.
    anna.click('#seat-choice .seat-button[data-seat="2"]')
    expect(anna.locator("#me")).to_be_visible()
    anna.locator('#entry .contract[data-abbr="C"]').click()
    for digit in "45":
        anna.click(f'#entry .key[data-digit="{digit}"]')
    expect(anna.locator("#preview ul.scores")).to_be_visible()
    anna.click("#save")
    expect(anna.locator("#row-1")).to_have_attribute("data-status", "unconfirmed")
    bernd.reload()
    bernd.locator("#todo-1 button.confirm").click()
    expect(bernd.locator("#row-1")).to_have_attribute("data-status", "confirmed")
    game = Game.objects.get(table=table, number=1)
    assert (game.keyed_seat, game.confirmed_seat) == (1, 0)
    assert sorted(holders(table)) == [0, 1]

    # The phone at seat 1 breaks. The director frees the seat in the hall view; a new phone takes it.
    office = browser.new_context(viewport={"width": 1440, "height": 900}, locale="de-DE")
    office.set_default_timeout(10_000)
    try:
        desk = office.new_page()
        log_in(desk, live_server)
        desk.goto(live_server.url + reverse("director:hall", args=[t.pk, 1]))
        free = desk.locator(f'#tile-{table.number} button.free-seat[data-seat="1"]')
        expect(free).to_have_text("Sitz 1 freigeben")
        free.click()
        expect(desk.locator(".msg.success")).to_contain_text(f"Tisch {table.number}: Sitz 1 ist frei")
        expect(desk.locator(f'#tile-{table.number} button.free-seat[data-seat="1"]')).to_have_count(0)
        screenshot(desk, "/tmp/seat_hold_hall.png", full_page=False)
    finally:
        office.close()
    clara = phone(url)
    clara.click('#seat-choice .seat-button[data-seat="1"]')
    expect(clara.locator("#me-name")).to_have_text(f"1 · {name}")
    wait_for(lambda: holders(table).get(0) == clara.evaluate("localStorage.getItem('cego.device')"), clara)
    expect(clara.locator("#messages")).to_be_empty()

"""The check-in desk in the browser: start numbers typed one after another with Enter, no page load, the focus
staying in the box, the counter and the "missing" list following; the undo of the last one; everybody at once
and its undo; after registering a player the search box has the focus again."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tournament.models import Entry

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(page, base):
    factories.user("leitung")
    page.goto(base + reverse("login"))
    page.fill("#id_username", "leitung")
    page.fill("#id_password", "pw-leitung")
    page.click("#login")
    page.wait_for_load_state()


def present(t):
    return sorted(Entry.objects.filter(tournament=t, checked_in=True).values_list("start_number", flat=True))


def test_numbers_typed_one_after_another_check_players_in_without_a_page_load(live_server, page):
    t = factories.tournament(players=8)
    Entry.objects.filter(tournament=t, start_number=8).update(withdrawn=True)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("director:entries", args=[t.pk]) + "?show=not_checked_in")
    page.evaluate("window.notReloaded = true")
    box = page.locator("#id_number")
    box.click()
    for number in ("3", "5", "1", "6"):
        page.keyboard.type(number)
        page.keyboard.press("Enter")
    expect(page.locator("#checkin-count .present")).to_have_text("4")
    expect(page.locator("#checkin-count .registered")).to_have_text("7")
    expect(box).to_be_focused()
    expect(box).to_have_value("")
    sixth = Entry.objects.select_related("player").get(tournament=t, start_number=6).player
    expect(page.locator("#checkin-message")).to_contain_text(f"6 {sixth.full_name}")
    # the "missing" list has only those not checked in (8 has withdrawn)
    expect(page.locator("#entries tbody tr")).to_have_count(3)
    assert page.locator("#entries tbody tr").evaluate_all("rows => rows.map(r => r.dataset.startNumber)") == [
        "2", "4", "7"]
    assert present(t) == [1, 3, 5, 6]

    page.keyboard.type("99")                                   # unknown, and withdrawn: a message, nothing changes
    page.keyboard.press("Enter")
    expect(page.locator("#checkin-message.error")).to_contain_text("99")
    page.keyboard.type("8")
    page.keyboard.press("Enter")
    expect(page.locator("#checkin-message.error")).to_contain_text("8")
    expect(box).to_be_focused()

    page.click("#checkin-undo")                                # the last one (6) is not present after all
    expect(page.locator("#checkin-count .present")).to_have_text("3")
    expect(page.locator("#entries tbody tr")).to_have_count(4)
    expect(box).to_be_focused()
    assert page.evaluate("window.notReloaded") is True
    assert present(t) == [1, 3, 5]

    page.locator(".checkin-all summary").click()               # everybody at once, after a second click
    page.click("#check-in-all")
    expect(page.locator("#checkin-count .present")).to_have_text("7")
    expect(box).to_be_focused()
    assert present(t) == [1, 2, 3, 4, 5, 6, 7]
    page.click("#checkin-undo-all")
    expect(page.locator("#checkin-count .present")).to_have_text("3")
    assert present(t) == [1, 3, 5]


def test_after_registering_a_player_the_search_box_has_the_focus(live_server, page):
    t = factories.tournament(players=2)
    factories.existing_player()
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("director:entries", args=[t.pk]))
    search = page.locator("#id_q")
    expect(search).to_be_focused()
    page.keyboard.type("wehrle")
    page.keyboard.press("Enter")
    page.locator("#search-results .register").click()
    expect(page.locator(".msg.success")).to_contain_text("Wehrle")
    expect(search).to_be_focused()
    page.keyboard.type("Lena")                                  # replaces the last search
    expect(search).to_have_value("Lena")

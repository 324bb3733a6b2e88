"""A player on a phone (390×844): home → tournament → "Where do I sit?" by name → own games with the chart.

No page may scroll sideways (wide tables scroll inside their own box). Screenshots go to /tmp/public_*.png.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tournament.models import Score, Seat

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def no_sideways_scroll(page):
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width}px wide"


def test_player_finds_seat_and_games_on_a_phone(live_server, phone):
    factories.staff()
    finished = factories.played(players=16, rounds=2, name="Cego-Turnier Löffingen")
    running = factories.played(players=16, rounds=2, lock=False, season=finished.season, seed=5,
                               name="Cego-Turnier Furtwangen", date=finished.date.replace(month=4))
    entry = running.entries.get(start_number=5)
    player = entry.player

    phone.clock.install()
    phone.goto(live_server.url + reverse("public:home"))
    no_sideways_scroll(phone)
    expect(phone.locator("#tournaments .t-card")).to_have_count(2)
    expect(phone.locator("#tournaments .t-card").first).to_have_class("t-card is-live")
    screenshot(phone, "/tmp/public_home.png", full_page=True)

    phone.locator("#tournaments .t-card").first.locator("a.t-link").click()
    expect(phone.locator("#standings tbody tr")).to_have_count(16)
    expect(phone.locator("#provisional")).to_be_visible()
    no_sideways_scroll(phone)
    screenshot(phone, "/tmp/public_standings.png")

    # The live update asks the same URL (sort, filter, page) in the background: no reload, the scroll stays
    # (tests/e2e/test_live_updates.py has the rest).
    phone.goto(phone.url + "?sort=name")
    phone.evaluate("window.scrollTo(0, 400); window.beforeUpdate = true")
    with phone.expect_response(lambda r: r.request.resource_type == "fetch" and r.url.endswith("?sort=name")) as asked:
        phone.clock.fast_forward(31_000)
    assert asked.value.status == 304, "nothing changed: answered from the version alone"
    assert phone.evaluate("window.beforeUpdate") is True and phone.url.endswith("?sort=name")
    assert abs(phone.evaluate("window.scrollY") - 400) < 5

    phone.locator(f'.pub-tabs a[href="{reverse("public:seat", args=[running.pk])}"]').click()
    phone.fill("#seat-q", f"{player.first_name} {player.last_name}")
    phone.click("#seat-search")
    expect(phone.locator("#seat-plan > li")).to_have_count(2)
    newest = Seat.objects.get(entry=entry, round__number=2)
    expect(phone.locator("#seat-plan > li").first.locator(".table-no")).to_have_text(str(newest.table.number))
    expect(phone.locator("#seat-plan > li").first.locator(".seat-no")).to_have_text(str(newest.position + 1))
    expect(phone.locator("#seat-plan > li").first.locator(".at-table li")).to_have_count(newest.table.size)
    no_sideways_scroll(phone)
    screenshot(phone, "/tmp/public_seat.png", full_page=True)

    phone.locator(f'a[href="{reverse("public:player", args=[running.pk, entry.pk])}"]').first.click()
    expect(phone.locator("svg#running-total")).to_be_visible()
    expect(phone.locator("tr.game")).to_have_count(Score.objects.filter(entry=entry).count())
    no_sideways_scroll(phone)
    screenshot(phone, "/tmp/public_player.png", full_page=True)
    phone.locator("#chart").scroll_into_view_if_needed()
    screenshot(phone, "/tmp/public_player_chart.png")

    phone.goto(live_server.url + reverse("public:season", args=[running.season.pk]))
    expect(phone.locator("#season-standings tbody tr")).to_have_count(32)     # 16 new players per tournament
    no_sideways_scroll(phone)
    screenshot(phone, "/tmp/public_season.png")

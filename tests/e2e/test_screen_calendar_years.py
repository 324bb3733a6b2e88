"""Issue 27 in the browser: the hall's big screen at 1920×1080 (type measured on the screenshot, the slides turn,
it comes back by itself after a network drop), the season calendar and a player's years on a phone (390 px).
Screenshots: /tmp/screen_*.png, /tmp/calendar_phone.png, /tmp/player_years_phone.png (docs/screen.md)."""

import datetime

import pytest
from django.urls import reverse
from PIL import Image
from playwright.sync_api import expect

from tests import factories
from tests.e2e.a11y import sideways_scrollers
from tournament.draws import services as draws
from tournament.models import Entry, Round, Season
from tournament.results import services as results
from tournament.table_entry import services as table_entry

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SCREEN = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
MIN_TEXT_PX = 36           # digit height on a 1080-line picture: 5 cm on a 1.5 m high image, docs/screen.md


def page_of(browser, viewport, **kwargs):
    context = browser.new_context(viewport=viewport, locale="de-DE", reduced_motion="reduce", **kwargs)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    return context, page


def ink_height(path):
    """Height in pixels of the light text on the dark ground of a screenshot (rows holding a bright pixel)."""
    box = Image.open(path).convert("L").point(lambda v: 255 if v > 160 else 0).getbbox()
    return box[3] - box[1] if box else 0


def running_day():
    factories.staff()
    t = factories.tournament(players=40, rounds=2, published=True, name="Cego-Turnier Löffingen")
    first = draws.draw_round(tournament=t, number=1, user=factories.user())
    factories.play(first, seed=3)
    results.set_round_status(round_=first, status=Round.Status.LOCKED, user=factories.user())
    second = draws.draw_round(tournament=t, number=2, user=factories.user())
    for table in second.tables.order_by("number"):
        factories.play_table(table, games=None if table.number <= 4 else 8, seed=5)
    return t, second


def test_big_screen_reads_from_far_turns_pages_and_recovers(live_server, settings, browser):
    settings.SCREEN_REFRESH_SECONDS = 1
    settings.SCREEN_SLIDE_SECONDS = 2
    t, second = running_day()
    context, page = page_of(browser, SCREEN)
    page.goto(live_server.url + reverse("public:screen", args=[t.pk]))
    expect(page.locator("#screen-tables")).to_contain_text("4")
    expect(page.locator(".slide:not([hidden]) tbody tr")).to_have_count(10)
    assert page.evaluate("document.scrollingElement.scrollHeight") <= SCREEN["height"]
    last = page.locator(".slide:not([hidden]) tbody tr").last.bounding_box()
    assert last["y"] + last["height"] <= page.locator("#screen-page").bounding_box()["y"]   # the tenth row whole
    page.screenshot(path="/tmp/screen_running.png")
    first = page.locator(".slide:not([hidden]) td.rank").first
    first.screenshot(path="/tmp/screen_rank.png")
    page.locator(".slide:not([hidden]) td.total").first.screenshot(path="/tmp/screen_total.png")
    digits = ink_height("/tmp/screen_rank.png")
    print(f"rank digits {digits}px, total {ink_height('/tmp/screen_total.png')}px on 1080 lines")
    assert digits >= MIN_TEXT_PX
    expect(page.locator("#screen-page")).to_contain_text("2", timeout=6000)        # the slides turn by themselves
    expect(page.locator(".slide:not([hidden]) td.rank").first).to_have_text("11.")

    # A network drop: the page says so, keeps what it shows, and updates by itself once the server answers again.
    page.route("**/leinwand/**", lambda route: route.abort())
    expect(page.locator("#screen-offline")).to_be_visible(timeout=8000)
    table_entry.set_clock(round_=second, minutes=45, user=factories.user())
    expect(page.locator("#screen-clock")).to_have_count(0)
    page.unroute("**/leinwand/**")
    expect(page.locator("#screen-clock")).to_be_visible(timeout=12_000)
    expect(page.locator("#screen-offline")).to_be_hidden()
    expect(page.locator("#screen-clock .screen-time")).to_contain_text("44:")
    page.screenshot(path="/tmp/screen_clock.png")

    assert not page.errors, page.errors
    context.close()


def test_big_screen_at_the_end_shows_the_prize_winners(live_server, browser):
    factories.staff()
    t = factories.played(players=24, rounds=2, name="Cego-Turnier Löffingen")
    context, page = page_of(browser, SCREEN)
    page.goto(live_server.url + reverse("public:screen", args=[t.pk]))
    expect(page.locator(".slide:not([hidden])")).to_have_class("slide slide-prizes")
    expect(page.locator(".slide:not([hidden]) tbody tr")).to_have_count(10)
    page.screenshot(path="/tmp/screen_prizes.png")
    assert not page.errors, page.errors
    context.close()


def test_big_screen_between_rounds_shows_where_to_sit(live_server, browser):
    factories.staff()
    t = factories.tournament(players=40, rounds=2, published=True, name="Cego-Turnier Löffingen")
    draws.draw_round(tournament=t, number=1, user=factories.user())
    context, page = page_of(browser, SCREEN)
    page.goto(live_server.url + reverse("public:screen", args=[t.pk]))
    expect(page.locator(".slide:not([hidden]) .seat-list li")).to_have_count(20)
    assert page.evaluate("document.scrollingElement.scrollHeight") <= SCREEN["height"]
    page.screenshot(path="/tmp/screen_seats.png")
    page.locator(".slide:not([hidden]) .s-place").first.screenshot(path="/tmp/screen_seat_place.png")
    print(f"seat text {ink_height('/tmp/screen_seat_place.png')}px")
    context.close()


def test_calendar_and_player_years_on_a_phone(live_server, browser):
    factories.staff()
    old = factories.played(players=8, rounds=1, name="Cego-Turnier Schonach", date=datetime.date(2025, 3, 1),
                           season=Season.objects.create(name="Schwarzwaldmeisterschaft 2025", year=2025))
    new = factories.played(players=8, rounds=1, name="Cego-Turnier Löffingen", venue="Festhalle",
                           venue_address="Festhallenweg 1, 79843 Löffingen", host="Freiwillige Feuerwehr Löffingen",
                           start_time=datetime.time(19, 0), entry_fee=12)
    new.season.tournaments.create(name="Cego-Turnier Vöhrenbach", date=datetime.date(2026, 5, 2), published=True,
                                  prereg_open=True, host="SV Vöhrenbach", start_time=datetime.time(14, 0))
    player = old.entries.get(start_number=1).player
    Entry.objects.filter(pk=new.entries.get(start_number=1).pk).update(player=player)

    context, page = page_of(browser, PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.goto(live_server.url + reverse("public:season", args=[new.season.pk]))
    page.locator("#tab-calendar").click()
    expect(page.locator(".cal-day")).to_have_count(2)
    expect(page.locator("#calendar")).to_contain_text("Festhallenweg 1")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path="/tmp/calendar_phone.png", full_page=True)

    page.goto(live_server.url + reverse("public:season", args=[new.season.pk]))
    page.locator(f"#season-standings a[href='{reverse('public:player_years', args=[player.pk])}']").click()
    expect(page.locator("#years-table tbody tr")).to_have_count(2)
    expect(page.locator("svg#years-chart")).to_be_visible()
    assert sideways_scrollers(page) == []            # a long season name does not push the table out of its box
    page.screenshot(path="/tmp/player_years_phone.png", full_page=True)
    assert not page.errors, page.errors
    context.close()

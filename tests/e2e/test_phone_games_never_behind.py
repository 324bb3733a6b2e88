"""A phone that is never behind, for Offiziers-Cego and Ziege (docs/table-entry.md "A phone that is never
behind"): the phones' clocks are paused, so phone A does not poll while phone B keys a game. Starting to type asks for
the sheet first; a save that meets a game keyed meanwhile shows both versions by name beside the entry, in view and
focused, with "save mine as the next game" (and, for Offiziers-Cego, "send mine as a correction"; a Ziege game is
never changed at the table)."""

import datetime

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tournament.draws import services as draws
from tournament.draws import ziege as ziege_draws
from tournament.models import Game, Season, TableLink, Tournament, ZiegeGame
from tournament.registration import ziege as ziege_registration

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser, live_server):
    contexts, errors = [], []

    def open_(token, seat):
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                      locale="de-DE", service_workers="block")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.clock.install()
        page.goto(f"{live_server.url}/t/{token}/")
        # Paused: no poll and no heartbeat unless the test moves the clock on (and no request of its own
        # running into another phone's write in the live server's shared in-memory SQLite).
        page.clock.pause_at(page.evaluate("Date.now()") + 1000)
        page.click(f'#seat-choice .seat-button[data-seat="{seat}"]')
        expect(page.locator("#me")).to_be_visible()
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


def settle(page):
    """A moment for the live server after another phone's write: a request running into it in the shared in-memory
    SQLite of the tests fails with "database table is locked" (docs/entry.md, "Tests")."""
    page.wait_for_timeout(300)


def type_points(page, points):
    """Typed, and the preview back: no request of this phone is still running when the other one writes."""
    page.fill("#points", points)
    page.clock.run_for(400)                      # the preview waits 250 ms after typing
    expect(page.locator("#preview")).not_to_be_empty()


def test_an_offiziers_phone_refreshes_before_typing_and_saves_a_clash_as_the_next_game(phone):
    t = factories.tournament(players=2, game="offiziers")
    table = draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    first, second = [s.entry.player.full_name for s in table.seats.select_related("entry__player")
                     .order_by("position")]
    a = phone(token, 1)
    b = phone(token, 2)

    # B keys game 1; A, stale, starts typing: it asks for the sheet first and types game 2.
    type_points(b, "49")
    b.click("#save")
    expect(b.locator("#entry-title")).to_have_text("Spiel 2")
    expect(a.locator("#entry-title")).to_have_text("Spiel 1")
    settle(a)
    a.focus("#points")
    expect(a.locator("#entry-title")).to_have_text("Spiel 2")

    # B keys game 2 too; A's save of game 2 meets it.
    type_points(a, "30")
    type_points(b, "41")
    b.click("#save")
    expect(b.locator("#entry-title")).to_have_text("Spiel 3")
    settle(a)
    a.click("#save")
    box = a.locator("#conflicts .conflict")
    expect(box).to_be_in_viewport()
    expect(box).to_be_focused()
    expect(box.locator(".yours")).to_contain_text(f"{first} 30")
    expect(box.locator(".saved")).to_contain_text(f"{first} 38")            # B counted its own 41 of 79
    expect(box.locator(".saved")).to_contain_text(f"{second} 41")
    expect(box.locator(".saved")).to_contain_text(f"eingetragen von {second}")
    expect(box.locator("button.resend")).to_be_visible()
    expect(box.locator("button.as-next")).to_have_text("Meine als Spiel 3 speichern")
    screenshot(a, "/tmp/phone_offiziers_conflict.png")
    box.locator("button.as-next").click()
    expect(a.locator("#conflicts .conflict")).to_have_count(0)
    expect(a.locator('#sheet tr[data-game="3"] td.c-n')).to_contain_text("?")
    games = {g.number: g for g in Game.objects.filter(table=table)}
    assert (games[2].card_points, games[2].keyed_seat) == (38, 1)
    assert (games[3].card_points, games[3].keyed_seat) == (30, 0)


def test_a_ziege_clash_offers_keep_or_the_next_game_and_no_correction(phone):
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name="Ziegenabend", date=datetime.date(2026, 3, 7),
                                  game=Tournament.Game.ZIEGE, round_count=1, seed="test-seed")
    for i in range(2):
        ziege_registration.register_pair(tournament=t, user=factories.user(),
                                         first={"first_name": "Anna", "last_name": f"Maier{i}"},
                                         second={"first_name": "Bernd", "last_name": f"Huber{i}"})
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    keyer = table.seats.select_related("entry__player").get(position=1).entry.player.full_name
    a = phone(token, 1)
    b = phone(token, 2)

    a.focus("#points")
    type_points(a, "80")
    type_points(b, "25")
    b.click("#save")
    expect(b.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
    settle(a)
    a.click("#save")
    box = a.locator("#conflicts .conflict")
    expect(box).to_be_in_viewport()
    expect(box).to_be_focused()
    expect(box.locator(".yours")).to_contain_text("A 80 : 40 B")
    expect(box.locator(".saved")).to_contain_text("A 25 : 95 B")
    expect(box.locator(".saved")).to_contain_text(f"eingetragen von {keyer}")
    expect(box.locator("button.resend")).to_have_count(0)
    as_next = box.locator("button.as-next")
    expect(as_next).to_have_text("Meine als Spiel 2 speichern")
    as_next.click()
    expect(a.locator("#conflicts .conflict")).to_have_count(0)
    expect(a.locator('#sheet tr[data-game="2"] td.c-n')).to_contain_text("?")
    assert [(g.number, g.points_a, g.keyed_seat) for g in ZiegeGame.objects.filter(table=table).order_by("number")] \
        == [(1, 25, 1), (2, 80, 0)]

    # Keep the saved one: A's clash with game 3 is dropped, nothing stored.
    type_points(a, "70")
    type_points(b, "60")
    # B's typing asked for the sheet first; its save goes after that answer (game 2 on B's sheet): a tap before
    # it would meet A's game 2 and rightly get the clash box (the machine of a slow CI run did that once).
    expect(b.locator('#sheet tr[data-game="2"]')).to_have_count(1)
    b.click("#save")
    expect(b.locator('#sheet tr[data-game="3"] td.c-n')).to_contain_text("?")
    settle(a)
    a.click("#save")
    expect(a.locator("#conflicts .conflict")).to_be_visible()
    a.locator("#conflicts button.keep").click()
    expect(a.locator("#conflicts .conflict")).to_have_count(0)
    assert ZiegeGame.objects.filter(table=table).count() == 3

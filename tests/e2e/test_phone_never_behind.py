"""A phone that is never behind (docs/table-entry.md "A phone that is never behind"), two phones at one Cego table
(390×844, German). The phones' clocks are paused, so phone A's 10-second poll never comes while phone B keys
games:

* A opens the keypad (taps a contract): it asks for the sheet first and shows the next game's number, dealer and
  forehand from it, with the new game's forehand preselected — not the stale game's;
* A wakes up (a long gap between its timer's beats) or becomes visible: it asks for the sheet at once; a new game
  A was keying moves on to the next number with a note, and its preselected forehand follows;
* A saves a game that B keyed meanwhile: the conflict comes into view beside the keypad (focused), names the
  players, and "save mine as game n" stores A's game as the next number, B's game untouched.
"""

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tournament.models import Game, TableLink

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def table_phones(browser, live_server):
    """A drawn table of four with its link; ``open(seat)`` opens a phone page at that seat."""
    tournament, round_ = factories.drawn(players=8, published=True)
    table = round_.tables.order_by("number").first()
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    contexts, errors = [], []

    def open_(seat):
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

    names = [s.entry.player.full_name for s in table.seats.select_related("entry__player").order_by("position")]
    yield table, names, open_
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


def key_cego(page, number, points):
    """A Cego with the preselected forehand as declarer and ``points`` card points, saved."""
    expect(page.locator("#entry-title")).to_have_attribute("data-number", str(number))
    page.click('#entry .contract[data-abbr="C"]')
    expect(page.locator("#chosen-declarer")).to_be_visible()
    for digit in points:
        page.click(f'#entry .key[data-digit="{digit}"]')
    page.clock.run_for(400)                                     # the preview waits 250 ms after the last tap
    expect(page.locator("#preview ul.scores")).to_be_visible()
    page.click("#save")
    expect(page.locator(f"#row-{number}")).to_have_attribute("data-status", "unconfirmed")
    # A moment for the live server: another phone's request running into this write in the tests' shared
    # in-memory SQLite fails with "database table is locked" (docs/entry.md, "Tests").
    page.wait_for_timeout(300)


def test_a_stale_phone_opens_the_keypad_on_the_fresh_sheet_and_a_conflict_offers_the_next_game(table_phones):
    table, names, open_ = table_phones
    a = open_(1)
    b = open_(2)
    expect(a.locator("#entry-title")).to_have_attribute("data-number", "1")
    key_cego(b, 1, "45")
    assert Game.objects.get(table=table, number=1).keyed_seat == 1
    expect(a.locator("#entry-title")).to_have_attribute("data-number", "1")       # A has not seen it: stale

    # A opens the keypad for the next game: the fresh sheet first, then game 2's dealer and forehand.
    a.click('#entry .contract[data-abbr="C"]')
    title = a.locator("#entry-title")
    expect(title).to_have_attribute("data-number", "2")
    dealer, forehand = table.dealer(2), table.forehand(2)
    expect(title).to_have_attribute("data-forehand", str(forehand + 1))
    expect(title).to_contain_text(f"gibt: {names[dealer]}")
    expect(title).to_contain_text(f"Vorhand: {names[forehand]}")
    expect(a.locator("#chosen-declarer")).to_contain_text(names[forehand])
    expect(a.locator("#row-1")).to_have_attribute("data-status", "unconfirmed")

    # B keys game 2 meanwhile; A, stale again, keys game 2 differently and saves from the bottom of the keypad.
    key_cego(b, 2, "60")
    for digit in "30":
        a.click(f'#entry .key[data-digit="{digit}"]')
    a.clock.run_for(400)                                        # the preview waits 250 ms after the last tap
    expect(a.locator("#preview ul.scores")).to_be_visible()
    a.locator("#save").scroll_into_view_if_needed()
    a.evaluate("window.scrollBy(0, 400)")
    a.click("#save")
    box = a.locator("#conflicts .conflict")
    expect(box).to_be_visible()
    expect(box).to_be_in_viewport()
    expect(box).to_be_focused()
    expect(box).to_contain_text("Spiel 2 wurde inzwischen von jemand anderem eingetragen")
    expect(box.locator(".yours")).to_contain_text(f"Spieler {forehand + 1} {names[forehand]}")
    expect(box.locator(".yours")).to_contain_text("30 Kartenpunkte")
    expect(box.locator(".saved")).to_contain_text("60 Kartenpunkte")
    expect(box.locator(".saved")).to_contain_text(f"eingetragen von {names[1]}")
    for name in names:
        expect(box.locator(".scores").first).to_contain_text(name)
    screenshot(a, "/tmp/phone_conflict.png")
    assert Game.objects.get(table=table, number=2).card_points == 60      # never resolved silently

    # "Save mine as game 3": A's game is stored as the next number, B's game 2 stays.
    as_next = box.locator("button.as-next")
    expect(as_next).to_have_text("Meine als Spiel 3 speichern")
    as_next.click()
    expect(a.locator("#conflicts .conflict")).to_have_count(0)
    expect(a.locator("#row-3")).to_have_attribute("data-status", "unconfirmed")
    game2, game3 = Game.objects.get(table=table, number=2), Game.objects.get(table=table, number=3)
    assert (game2.card_points, game2.keyed_seat, game2.version) == (60, 1, 1)
    # The forehand was only preselected on A: game 3 is played by game 3's forehand (a Cego is the forehand's).
    assert (game3.card_points, game3.keyed_seat, game3.declarer) == (30, 0, table.forehand(3))
    expect(a.locator("#entry-title")).to_have_attribute("data-number", "4")
    a.reload()
    expect(a.locator("#conflicts .conflict")).to_have_count(0)


def test_a_phone_that_wakes_or_becomes_visible_asks_for_the_sheet_and_its_new_game_moves_on(table_phones):
    table, names, open_ = table_phones
    a = open_(1)
    b = open_(2)

    # The screen was off: the timer's next beat comes seconds late, and the phone asks at once (no 10-s wait).
    key_cego(b, 1, "45")
    expect(a.locator("#entry-title")).to_have_attribute("data-number", "1")
    a.clock.fast_forward(5_500)
    expect(a.locator("#entry-title")).to_have_attribute("data-number", "2")
    expect(a.locator("#row-1")).to_have_attribute("data-status", "unconfirmed")

    # A begins game 2 (the forehand preselected) and goes to the background; B enters game 2 meanwhile.
    a.click('#entry .contract[data-abbr="C"]')
    expect(a.locator("#chosen-declarer")).to_contain_text(names[table.forehand(2)])
    key_cego(b, 2, "60")
    expect(a.locator("#entry-title")).to_have_attribute("data-number", "2")
    a.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {value: false, configurable: true});
        Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    title = a.locator("#entry-title")
    expect(title).to_have_attribute("data-number", "3")
    forehand = table.forehand(3)
    expect(title).to_have_attribute("data-forehand", str(forehand + 1))
    expect(a.locator("#chosen-declarer")).to_contain_text(names[forehand])
    moved = a.locator("#entry-moved")
    expect(moved).to_contain_text("Spiel 2 wurde inzwischen eingetragen")
    expect(moved).to_contain_text(f"eingetragen von {names[1]}")
    expect(moved).to_contain_text("jetzt Spiel 3")
    a.locator("#entry").screenshot(path="/tmp/phone_moved.png")

    # A declarer the player tapped himself stays when the game moves on.
    a.click("#chosen-declarer")
    a.click('#entry .declarer[data-seat="3"]')
    key_cego(b, 3, "50")
    a.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(a.locator("#entry-title")).to_have_attribute("data-number", "4")
    expect(a.locator("#chosen-declarer")).to_contain_text(names[2])

"""The players' table page as a 70-year-old uses it (issue 16, point 6): on a 390 px phone and at 200 % zoom
(195 CSS px), in the light and the dark colour scheme — axe-clean (WCAG 2.2 AA), no sideways scrolling, data text
(names, points, table and seat) at least 16 px with 7:1 contrast, everything else at least 14 px, tap targets at
least 44 × 44 px; the periodic poll updates in place (typed text and focus stay) and can be paused, remembered.
Screenshots go to /tmp/a11y16d/.
"""


import pytest
from playwright.sync_api import expect

from tests.browser import screenshot
from tests.e2e.a11y import PHONE, ZOOM_200, sideways_scrollers, smallest_text
from tests.e2e.phone_a11y import DATA, SHOTS, measure
from tests.e2e.phones import Phones, key_game, refresh, table_and_token

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
# The URL names this module measures (tests/public/test_a11y_coverage.py checks that every public page is in one).
COVERED = {"phone:table"}


def confirm_state(seats):
    """Seat 1 has keyed game 1; seat 2's page shows it to confirm, with the entry of game 2 below."""
    first = seats.open(seat=1)
    key_game(first, 1, ("C", None, "45"))
    expect(first.locator("#preview ul.scores")).to_be_visible()
    first.click("#save")
    expect(first.locator("#row-1")).to_have_attribute("data-status", "unconfirmed")
    second = seats.open(seat=2)
    expect(second.locator("#todo-1 button.confirm")).to_be_visible()
    return first, second


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_page_fits_a_phone_at_200_percent(live_server, browser, phones, scheme):
    *_, token = table_and_token()
    seats = phones(token)
    seats.open = _with_scheme(seats, scheme)
    chooser = seats.open()
    problems = measure(chooser, f"{scheme}_seats")
    first, second = confirm_state(seats)
    problems += measure(second, f"{scheme}_confirm")
    second.click("#row-1")
    problems += measure(second, f"{scheme}_detail")
    key_game(second, 2, ("R", None, ("18", "25", "20", "16")))
    expect(second.locator("#preview ul.scores")).to_be_visible()
    problems += measure(second, f"{scheme}_keying")
    if scheme == "dark":
        background = second.evaluate("getComputedStyle(document.body).backgroundColor")
        channels = [int(c) for c in background[background.index("(") + 1:-1].split(",")[:3]]
        assert max(channels) < 80, f"the dark scheme is not dark: {background}"
    assert problems == [], "\n".join(problems)


def _with_scheme(seats, scheme):
    def open_(seat=None, context=None, **options):
        return Phones.open(seats, seat=seat, context=context, color_scheme=scheme, **options)
    return open_


def test_the_total_and_the_seat_stay_on_the_first_screen_at_200_percent(live_server, browser, phones):
    *_, token = table_and_token()
    seats = phones(token)
    _, second = confirm_state(seats)
    second.set_viewport_size(ZOOM_200)
    width = ZOOM_200["width"]
    for selector in ("#sheet tfoot td.total >> nth=-1", "#me-name", ".phone-title strong"):
        box = second.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)


def test_a_poll_keeps_typed_text_and_focus_and_can_be_paused(live_server, browser, phones):
    *_, token = table_and_token()
    seats = phones(token)
    first, second = confirm_state(seats)
    # Seat 2 starts a dispute note; meanwhile seat 1 keys game 2; the next poll brings it to seat 2.
    second.click("#todo-1 button.dispute")
    note = second.locator("#todo-1 .note-input")
    note.press_sequentially("Es waren")
    key_game(first, 2, ("C", None, "50"))
    expect(first.locator("#preview ul.scores")).to_be_visible()
    first.click("#save")
    expect(first.locator("#row-2")).to_have_attribute("data-status", "unconfirmed")
    refresh(second)
    expect(second.locator("#row-2")).to_have_attribute("data-status", "unconfirmed")
    assert second.evaluate("document.activeElement.classList.contains('note-input')")
    assert note.input_value() == "Es waren"
    second.keyboard.type(" 56")
    assert note.input_value() == "Es waren 56"

    # A focused button keeps the focus when a poll brings seat 1's next game.
    second.locator("#entry .contract").first.focus()
    focused = second.evaluate("document.activeElement.dataset.contract")
    key_game(first, 3, ("C", None, "40"))
    expect(first.locator("#preview ul.scores")).to_be_visible()
    first.click("#save")
    expect(first.locator("#row-3")).to_have_attribute("data-status", "unconfirmed")
    refresh(second)
    expect(second.locator("#row-3")).to_have_attribute("data-status", "unconfirmed")
    assert second.evaluate("document.activeElement.dataset.contract") == focused

    # The pause: visible, large, remembered; while paused a poll changes nothing on the screen.
    pause = second.locator("#live-toggle")
    expect(pause).to_be_visible()
    assert pause.get_attribute("aria-pressed") == "false"
    box = pause.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    key_game(first, 4, ("C", None, "33"))
    expect(first.locator("#preview ul.scores")).to_be_visible()
    first.click("#save")
    expect(first.locator("#row-4")).to_have_attribute("data-status", "unconfirmed")
    refresh(second)
    second.wait_for_timeout(300)
    assert second.locator("#row-4").get_attribute("data-status") == "open"
    second.reload()
    expect(second.locator("#live-toggle")).to_have_attribute("aria-pressed", "true")
    second.locator("#live-toggle").click()
    expect(second.locator("#live-toggle")).to_have_attribute("aria-pressed", "false")
    expect(second.locator("#row-4")).to_have_attribute("data-status", "unconfirmed")


def test_the_players_larger_font_scales_the_page_without_sideways_scrolling(live_server, browser, phones):
    *_, token = table_and_token()
    seats = phones(token)
    _, second = confirm_state(seats)
    second.evaluate("document.documentElement.style.fontSize = '24px'")     # the browser's font setting at 150 %
    second.click("#row-1")
    assert sideways_scrollers(second) == []
    data = smallest_text(second, DATA)
    assert data and data[0] >= 24, data
    box = second.locator("#sheet tfoot td.total >> nth=-1").bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"], box
    SHOTS.mkdir(exist_ok=True)
    screenshot(second, str(SHOTS / "font150_390.png"), full_page=True)


def test_a_table_of_five_fits_too(live_server, browser, phones):
    *_, token = table_and_token(players=5)
    seats = phones(token)
    page = seats.open(seat=1)
    key_game(page, 1, ("C", None, "45"))
    expect(page.locator("#preview ul.scores")).to_be_visible()
    page.click("#save")
    expect(page.locator("#row-1")).to_have_attribute("data-status", "unconfirmed")
    assert page.locator("#sheet thead th.c-seat").count() == 5
    problems = measure(page, "five")
    assert problems == [], "\n".join(problems)

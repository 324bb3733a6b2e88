"""The Offiziers-Cego and Ziege table pages as a 70-year-old uses them (issue 16, point 6), measured like the Cego
page in ``test_a11y_phone.py``: at 390 px and at 200 % zoom (195 CSS px), light and dark, while a game is keyed and
while another seat's game waits to be confirmed — axe-clean (WCAG 2.2 AA), no sideways scrolling, data text (names,
points, defeat points, the series) at least 16 px with 7:1 contrast, everything else at least 14 px, rem font sizes
only, tap targets at least 44 × 44 px; a poll updates in place and can be paused, remembered. Screenshots go to
/tmp/a11y16e/."""

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tests.e2e.a11y import PHONE, ZOOM_200, sideways_scrollers, smallest_text
from tests.e2e.phone_a11y import measure as measure_page
from tests.e2e.phones import Phones, refresh
from tournament.draws import services as draws
from tournament.draws import ziege as ziege_draws
from tournament.models import Season, TableLink, Tournament
from tournament.registration import ziege as ziege_registration

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/a11y16e")
# The URL names this module measures (tests/public/test_a11y_coverage.py checks that every public page is in one).
COVERED = {"phone:table"}

# Data: the names, the points and totals, the defeat points and the series, the table and the seat.
DATA = ("#sheet tbody td, #sheet .running, #sheet tfoot td, #sheet thead .short, .phone-title strong, #me-name, "
        ".todo-card .summary, .seat-button .name, #counted-by .big, #points, .series-team strong, "
        ".series-team .names, .series-team .defeat, #series-info")


def offiziers_token():
    t = factories.tournament(players=2, game="offiziers")
    table = draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    return TableLink.objects.get(table=table, revoked_at__isnull=True).token


def ziege_token():
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name="Ziegenabend", date=datetime.date(2026, 3, 7),
                                  game=Tournament.Game.ZIEGE, round_count=1, seed="test-seed")
    for i in range(2):
        ziege_registration.register_pair(tournament=t, user=factories.user(),
                                         first={"first_name": "Anna", "last_name": f"Maier{i}"},
                                         second={"first_name": "Bernd", "last_name": f"Huber-Obermüller{i}"})
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    return TableLink.objects.get(table=table, revoked_at__isnull=True).token


def measure(page, name):
    """The Cego page's measures (phone_a11y.measure) with these pages' data text and stylesheets."""
    return measure_page(page, name, data=DATA, sheets=r"(phone|games)\.css", shots=SHOTS)


def with_scheme(seats, scheme):
    def open_(seat=None, context=None, **options):
        return Phones.open(seats, seat=seat, context=context, color_scheme=scheme, **options)
    return open_


def key_offiziers(page, points):
    page.fill("#points", points)
    expect(page.locator("#preview")).not_to_be_empty()
    page.click("#save")


def key_ziege(page, points):
    page.fill("#points", points)
    expect(page.locator("#preview")).to_contain_text(":")
    page.click("#save")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_offiziers_page_fits_a_phone_at_200_percent(live_server, browser, phones, scheme):
    seats = phones(offiziers_token())
    seats.open = with_scheme(seats, scheme)
    problems = measure(seats.open(), f"{scheme}_offiziers_seats")
    first = seats.open(seat=1)
    key_offiziers(first, "30")
    expect(first.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
    first.fill("#points", "45")
    expect(first.locator("#preview")).not_to_be_empty()
    problems += measure(first, f"{scheme}_offiziers_keying")
    second = seats.open(seat=2)
    expect(second.locator('[data-confirm="1"]')).to_be_visible()
    problems += measure(second, f"{scheme}_offiziers_confirm")
    second.click('[data-dispute="1"]')
    problems += measure(second, f"{scheme}_offiziers_dispute")
    if scheme == "dark":
        background = second.evaluate("getComputedStyle(document.body).backgroundColor")
        channels = [int(c) for c in background[background.index("(") + 1:-1].split(",")[:3]]
        assert max(channels) < 80, f"the dark scheme is not dark: {background}"
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_ziege_page_fits_a_phone_at_200_percent(live_server, browser, phones, scheme):
    seats = phones(ziege_token())
    seats.open = with_scheme(seats, scheme)
    problems = measure(seats.open(), f"{scheme}_ziege_seats")
    team_a = seats.open(seat=1)
    key_ziege(team_a, "25")
    expect(team_a.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
    team_a.fill("#points", "70")
    expect(team_a.locator("#preview")).to_contain_text(":")
    problems += measure(team_a, f"{scheme}_ziege_keying")
    team_b = seats.open(seat=2)
    expect(team_b.locator('[data-confirm="1"]')).to_be_visible()
    problems += measure(team_b, f"{scheme}_ziege_confirm")
    assert problems == [], "\n".join(problems)


CUT_HEADS_JS = """() => [...document.querySelectorAll('#sheet th')].filter(th => th.getClientRects().length
    && th.scrollWidth > th.clientWidth + 1).map(th => th.textContent.trim())"""


@pytest.mark.parametrize("make_token, key", [(offiziers_token, key_offiziers), (ziege_token, key_ziege)],
                         ids=["offiziers", "ziege"])
def test_the_totals_the_seat_and_the_sheets_heads_are_on_the_screen(live_server, browser, phones, make_token, key):
    seats = phones(make_token())
    page = seats.open(seat=1)
    key(page, "30")
    expect(page.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
    wanted = ['.total[data-seat="2"]' if make_token is offiziers_token else '.defeat[data-team="B"]',
              "#me-name", ".phone-title strong", "#live-toggle"]
    for viewport in (PHONE, ZOOM_200):
        page.set_viewport_size(viewport)
        for selector in wanted:
            box = page.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (selector, box)
        assert page.evaluate(CUT_HEADS_JS) == [], viewport      # "Stand", "Verlustpunkte" were cut


@pytest.mark.parametrize("make_token, key", [(offiziers_token, key_offiziers), (ziege_token, key_ziege)],
                         ids=["offiziers", "ziege"])
def test_a_poll_keeps_typed_text_and_focus_and_can_be_paused(live_server, browser, phones, make_token, key):
    seats = phones(make_token())
    first = seats.open(seat=1)
    key(first, "30")
    expect(first.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
    second = seats.open(seat=2)
    expect(second.locator('[data-confirm="1"]')).to_be_visible()
    # Seat 2 starts a dispute note; meanwhile seat 1 keys game 2; the next poll brings it to seat 2.
    second.click('[data-confirm-game="1"] .danger')
    note = second.locator("#dispute-note")
    note.press_sequentially("Es waren")
    key(first, "40")
    expect(first.locator('#sheet tr[data-game="2"] td.c-n')).to_contain_text("?")
    refresh(second)
    expect(second.locator('#sheet tr[data-game="2"] td.c-n')).to_contain_text("?")
    assert second.evaluate("document.activeElement.id") == "dispute-note"
    assert note.input_value() == "Es waren"
    second.keyboard.type(" 56")
    assert note.input_value() == "Es waren 56"
    second.click("#todo .secondary")                         # cancel the dispute

    # The pause: visible, large, remembered; while paused a poll changes nothing on the screen.
    pause = second.locator("#live-toggle")
    expect(pause).to_be_visible()
    assert pause.get_attribute("aria-pressed") == "false"
    box = pause.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    key(first, "35")
    expect(first.locator('#sheet tr[data-game="3"] td.c-n')).to_contain_text("?")
    refresh(second)
    second.wait_for_timeout(300)
    assert second.locator('#sheet tr[data-game="3"]').count() == 0 or \
        "?" not in second.locator('#sheet tr[data-game="3"] td.c-n').text_content()
    second.reload()
    expect(second.locator("#live-toggle")).to_have_attribute("aria-pressed", "true")
    second.locator("#live-toggle").click()
    expect(second.locator("#live-toggle")).to_have_attribute("aria-pressed", "false")
    expect(second.locator('#sheet tr[data-game="3"] td.c-n')).to_contain_text("?")


def test_the_players_larger_font_scales_the_pages_without_sideways_scrolling(live_server, browser, phones):
    for make_token, key in ((offiziers_token, key_offiziers), (ziege_token, key_ziege)):
        seats = phones(make_token())
        page = seats.open(seat=1)
        key(page, "30")
        expect(page.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
        page.evaluate("document.documentElement.style.fontSize = '24px'")     # the browser's font setting at 150 %
        assert sideways_scrollers(page) == []
        data = smallest_text(page, DATA)
        assert data and data[0] >= 24, data
        SHOTS.mkdir(exist_ok=True)
        screenshot(page, str(SHOTS / f"font150_{make_token.__name__}_390.png"), full_page=True)


def test_a_poll_that_leaves_the_series_alone_does_not_make_its_live_region_speak(live_server, browser, phones):
    seats = phones(ziege_token())
    team_a = seats.open(seat=1)
    key_ziege(team_a, "25")
    expect(team_a.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
    team_a.evaluate("""() => { window.spoken = 0; new MutationObserver(m => { window.spoken += m.length; })
        .observe(document.getElementById('series'), {childList: true, characterData: true, subtree: true}); }""")
    team_b = seats.open(seat=2)
    team_b.click('[data-confirm="1"]')
    expect(team_b.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("\u2713")
    refresh(team_a)
    expect(team_a.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("\u2713")
    assert team_a.evaluate("window.spoken") == 0

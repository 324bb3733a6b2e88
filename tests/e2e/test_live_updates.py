"""Live updates in place (docs/accessibility.md "Live updates"): a player on a phone keeps his place while the
standings of a running tournament change under him.

The tester's way: open the standings, type half a name into the filter, scroll the page and the table sideways,
put the keyboard focus on a sort link; then a game is entered (through the services, as a helper would). The new
total must appear without a navigation (the navigation count stays 1, a marker set on ``window`` survives), and
focus, typed text and both scroll positions must stay. Paused, nothing is asked even after a change, and the
pause survives a reload; with reduced motion nothing flashes. The interval is 1 s
(``settings.PUBLIC_REFRESH_SECONDS``), so the tests take seconds.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.a11y import PHONE, ZOOM_200, axe_violations, smallest_text
from tests.factories import game_data
from tournament.common.numbers import signed
from tournament.models import Entry
from tournament.results import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
FLASHED = """() => {
  window.flashed = [];
  new MutationObserver(changes => changes.forEach(change => {
    if (change.target.classList && change.target.classList.contains('live-changed')) { window.flashed.push(1); }
  })).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class']});
}"""


@pytest.fixture
def running(settings):
    """A published tournament of 24 in its first round, three games at every table; pages ask every second."""
    settings.PUBLIC_REFRESH_SECONDS = 1
    t, round_ = factories.seated(players=24, published=True)
    for table in round_.tables.all():
        factories.play_table(table, games=3)
    return t


def phone_page(browser, viewport=PHONE, **options):
    context = browser.new_context(viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="de-DE", **options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.asked = []
    page.on("request", lambda r: page.asked.append(r.url) if r.resource_type == "fetch" else None)
    return page


@pytest.fixture
def phone(browser):
    page = phone_page(browser)
    yield page
    page.context.close()
    assert not page.errors, f"JavaScript errors: {page.errors}"


def play_game(t, number=4):
    """A game at the first table, entered as a helper would; the changed entries with their new totals."""
    table = t.round_set.get(number=1).tables.select_related("round__tournament").order_by("number").first()
    services.record_game(table=table, number=number, data=game_data(table, number, 40 + number), user=None)
    return {e.pk: signed(e.total) for e in Entry.objects.filter(seats__table=table)}


def total_cell(page, entry_pk):
    return page.locator(f'#standings tr[data-entry="{entry_pk}"] td.total')


def test_standings_update_in_place_keeping_focus_text_and_scroll(live_server, running, phone):
    url = live_server.url + reverse("public:tournament", args=[running.pk]) + "?sort=total"
    # a small tablet: a phone shows each standings row as rank, name and total, which never scroll sideways
    # (docs/accessibility.md); from 40rem on the table has all its columns and its box can scroll
    phone.set_viewport_size({"width": 800, "height": 1000})
    phone.goto(url)
    region = phone.locator('[data-live-region="standings"]')
    phone.evaluate("window.marker = 'before'")
    phone.evaluate(FLASHED)
    phone.fill("#q", "Mül")
    phone.evaluate("document.getElementById('q').setSelectionRange(1, 2)")
    phone.evaluate("document.querySelector('[data-live-region=standings]').style.width = '12rem'")
    link = region.locator("thead a:visible").last
    href = link.get_attribute("href")
    link.focus()
    assert phone.evaluate("document.activeElement.getAttribute('href')") == href
    phone.evaluate("document.querySelector('[data-live-region=standings] .table-scroll').scrollLeft = 40")
    sideways = phone.evaluate("document.querySelector('[data-live-region=standings] .table-scroll').scrollLeft")
    assert sideways > 0, "the table box must scroll sideways for this test"
    phone.evaluate("window.scrollTo(0, 300)")
    assert phone.evaluate("window.scrollY") == 300

    totals = play_game(running)
    for pk, total in totals.items():
        expect(total_cell(phone, pk)).to_have_text(total)

    assert phone.evaluate("performance.getEntriesByType('navigation').length") == 1
    assert phone.evaluate("window.marker") == "before", "no reload"
    assert phone.evaluate("document.activeElement.getAttribute('href')") == href
    assert phone.evaluate("document.activeElement.closest('[data-live-region]') !== null")
    assert phone.evaluate("document.getElementById('q').value") == "Mül"
    assert phone.evaluate("[document.getElementById('q').selectionStart, document.getElementById('q').selectionEnd]") \
        == [1, 2]
    assert phone.evaluate("window.scrollY") == 300
    assert phone.evaluate("document.querySelector('[data-live-region=standings] .table-scroll').scrollLeft") \
        == sideways
    expect(phone.locator("#live-status")).to_contain_text(":")
    assert phone.evaluate("window.flashed.length") > 0, "changed rows flash when motion is welcome"
    assert any("sort=total" in asked for asked in phone.asked), "the same URL, with its query string"


def test_the_focused_field_is_never_replaced(live_server, running, phone):
    """Focus in the filter field (outside the regions) with text typed: the table updates, the field keeps
    focus, text and caret."""
    phone.goto(live_server.url + reverse("public:tournament", args=[running.pk]))
    phone.locator("#q").press_sequentially("Ma")
    totals = play_game(running)
    for pk, total in totals.items():
        expect(total_cell(phone, pk)).to_have_text(total)
    assert phone.evaluate("document.activeElement.id") == "q"
    assert phone.evaluate("[document.getElementById('q').value, document.getElementById('q').selectionStart]") \
        == ["Ma", 2]


def test_pause_stops_asking_and_is_remembered_across_reloads_and_pages(live_server, running, phone):
    phone.goto(live_server.url + reverse("public:tournament", args=[running.pk]))
    button = phone.locator("#live-pause")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-pressed", "false")
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    assert button.evaluate("el => el.tagName") == "BUTTON"
    label = button.inner_text()
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    assert button.inner_text() != label
    expect(phone.locator("#live .live-off")).to_be_visible()

    phone.asked.clear()
    totals = play_game(running)
    pk, total = next(iter(totals.items()))
    phone.wait_for_timeout(3000)                 # three intervals
    assert phone.asked == [], "paused: nothing is asked"
    assert total_cell(phone, pk).inner_text() != total

    phone.reload()
    expect(phone.locator("#live-pause")).to_have_attribute("aria-pressed", "true")
    phone.goto(live_server.url + reverse("public:prizes", args=[running.pk]))
    expect(phone.locator("#live-pause")).to_have_attribute("aria-pressed", "true")
    phone.wait_for_timeout(2000)
    assert phone.asked == [], "still paused after a reload and on another page"

    phone.go_back()
    phone.locator("#live-pause").click()            # resume: asks at once
    expect(phone.locator("#live-pause")).to_have_attribute("aria-pressed", "false")
    expect(total_cell(phone, pk)).to_have_text(total)
    assert not [v for v in axe_violations(phone) if "live" in v], "the live line passes axe (WCAG 2.2 AA)"


def test_a_hidden_tab_does_not_ask(live_server, running, phone):
    phone.goto(live_server.url + reverse("public:tournament", args=[running.pk]))
    phone.evaluate("Object.defineProperty(document, 'hidden', {get: () => true});"
                   "document.dispatchEvent(new Event('visibilitychange'))")
    phone.asked.clear()
    play_game(running)
    phone.wait_for_timeout(3000)
    assert phone.asked == []


def test_reduced_motion_updates_without_flashing(live_server, running, browser):
    page = phone_page(browser, reduced_motion="reduce")
    try:
        page.goto(live_server.url + reverse("public:tournament", args=[running.pk]))
        page.evaluate(FLASHED)
        totals = play_game(running)
        for pk, total in totals.items():
            expect(total_cell(page, pk)).to_have_text(total)
        assert page.evaluate("window.flashed.length") == 0
        assert page.locator(".live-changed").count() == 0
        assert not page.errors
    finally:
        page.context.close()


def test_player_page_updates_rank_and_games_in_place(live_server, running, phone):
    table = running.round_set.get(number=1).tables.order_by("number").first()
    entry = Entry.objects.filter(seats__table=table).order_by("pk").first()
    phone.goto(live_server.url + reverse("public:player", args=[running.pk, entry.pk]))
    phone.evaluate("window.marker = 'before'")
    expect(phone.locator("tr.game")).to_have_count(3)
    totals = play_game(running)
    expect(phone.locator("#player-facts .total")).to_have_text(totals[entry.pk])
    expect(phone.locator("tr.game")).to_have_count(4)
    assert phone.evaluate("window.marker") == "before"
    assert phone.evaluate("performance.getEntriesByType('navigation').length") == 1


@pytest.mark.parametrize("font", ["16px", "24px"])
def test_the_live_line_fits_at_200_percent_and_scales_with_the_font(live_server, running, browser, font):
    """At 195 CSS px (a phone at 200 %) and with the browser's font at 150 %: the live line and its button stay
    inside the screen, the button stays a 44 × 44 px target, the line's text is at least 14 px and grows with the
    font setting (rem), and the German label's long word does not push anything sideways."""
    page = phone_page(browser, viewport=ZOOM_200)
    try:
        page.goto(live_server.url + reverse("public:tournament", args=[running.pk]))
        page.evaluate(f"document.documentElement.style.fontSize = '{font}';"
                      "document.getElementById('live-pause').textContent = 'Live-Aktualisierung fortsetzen'")
        live = page.locator("#live")
        box, button = live.bounding_box(), page.locator("#live-pause").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= ZOOM_200["width"], box
        assert button["x"] + button["width"] <= ZOOM_200["width"] and button["width"] >= 44 <= button["height"]
        assert page.evaluate("[...document.querySelectorAll('#live, #live *')]"
                             ".filter(el => el.scrollWidth > el.clientWidth + 1).length") == 0
        size, _ = smallest_text(page, "#live .live-line, #live .live-line *, #live-pause")
        assert size >= 14 * int(font[:-2]) / 16, size
        assert not page.errors
    finally:
        page.context.close()


def test_locking_the_last_round_ends_the_live_line(live_server, settings, phone):
    settings.PUBLIC_REFRESH_SECONDS = 1
    t = factories.played(players=8, rounds=1, lock=False, published=True)
    phone.goto(live_server.url + reverse("public:tournament", args=[t.pk]))
    expect(phone.locator("#live-pause")).to_be_visible()
    services.set_round_status(round_=t.round_set.get(), status="locked", user=None)
    expect(phone.locator("#live-pause")).to_be_hidden()
    expect(phone.locator("#live .live-on")).to_be_hidden()
    phone.asked.clear()
    phone.wait_for_timeout(2500)
    assert phone.asked == [], "a finished tournament is not asked again"


CONTRAST_JS = """el => {
  const rgb = c => c.match(/[\\d.]+/g).map(Number);
  const lum = c => { const v = rgb(c).slice(0, 3).map(x => { x /= 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  let bg = el;
  while (bg && (getComputedStyle(bg).backgroundColor === 'rgba(0, 0, 0, 0)')) bg = bg.parentElement;
  const back = bg ? getComputedStyle(bg).backgroundColor : 'rgb(255, 255, 255)';
  const [a, b] = [lum(getComputedStyle(el).color), lum(back)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_live_line_is_legible_in_both_schemes(live_server, running, browser, scheme):
    """The line and the button carry meaning: at least 4.5:1 against what lies behind them, paused or not."""
    page = phone_page(browser, color_scheme=scheme)
    try:
        page.goto(live_server.url + reverse("public:tournament", args=[running.pk]))
        for pressed in (False, True):
            for selector in ("#live .live-line", "#live .stamp", "#live-pause"):
                ratio = page.locator(selector).evaluate(CONTRAST_JS)
                assert ratio >= 4.5, (selector, pressed, ratio)
            page.locator("#live-pause").click()
        assert not page.errors
    finally:
        page.context.close()


def test_seat_page_shows_the_new_round_in_place_while_the_search_field_is_typed_in(live_server, settings, phone):
    """"Where do I sit?": the next round is drawn while the player types another name into the search field; his
    table and seat of the new round appear, the field keeps focus and text, the page does not reload."""
    from tournament.draws import services as draws
    from tournament.models import Round, Seat

    settings.PUBLIC_REFRESH_SECONDS = 1
    t = factories.tournament(players=8, rounds=2, published=True)
    director = factories.user()
    first = draws.draw_round(tournament=t, number=1, user=director)
    factories.play(first)
    entry = t.entries.get(start_number=3)
    phone.goto(live_server.url + reverse("public:seat", args=[t.pk]) + "?q=3")
    expect(phone.locator("#seat-plan > li")).to_have_count(1)
    phone.evaluate("window.marker = 'before'")
    phone.locator("#seat-q").fill("")
    phone.locator("#seat-q").press_sequentially("Mül")

    services.set_round_status(round_=first, status=Round.Status.LOCKED, user=director)
    draws.draw_round(tournament=t, number=2, user=director)
    newest = Seat.objects.get(entry=entry, round__number=2)
    expect(phone.locator("#seat-plan > li")).to_have_count(2)
    expect(phone.locator("#seat-plan > li").first.locator(".table-no")).to_have_text(str(newest.table.number))
    assert phone.evaluate("[document.activeElement.id, document.activeElement.value]") == ["seat-q", "Mül"]
    assert phone.evaluate("window.marker") == "before"
    assert phone.evaluate("performance.getEntriesByType('navigation').length") == 1

"""Entry at the table on four phones (390×844, German): a whole round of 24 games keyed and confirmed at the table,
one phone offline for a while (its games wait in the queue and are sent exactly once), a dispute the director
resolves, a correction, every seat signs off, the director locks the round; the phones' totals equal the
director's sheet and the database. Screenshots go to /tmp/table_*.png.
"""


import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tests.e2e.a11y import PHONE
from tests.e2e.phones import key_game, refresh, table_and_token, tap_contract, tap_digits
from tournament.models import Entry, Game, Round, Score, TableFlag
from tournament.results import services as results_services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# (contract abbreviation, declarer seat or None for the preselected forehand, result): the result is the card
# points, "+"/"-" for a goal game, or the card points of the four seats of a Räuber.
GAMES = [
    ("C", None, "45"), ("H", 3, "47"), ("C", None, "38"), ("R", None, ("18", "25", "20", "16")),
    ("C", None, "52"), ("S", 2, "50"), ("P", 1, "+"), ("C", None, "40"), ("B", 4, "-"), ("E", 1, "41"),
    ("C", None, "29"), ("L", 2, "55"), ("2L", 3, "36"), ("C", None, "60"), ("U", 4, "+"), ("KM", 1, "0"),
    ("C", None, "44"), ("GSo", 2, "46"), ("2V", 3, "33"), ("R", None, ("10", "30", "20", "19")), ("C", None, "79"),
    ("H", 4, "20"), ("E", 2, "30"), ("C", None, "0"),
]
OFFLINE = (9, 10, 11, 12)       # keyed by seat 2 while offline: 9–10 sent on the online event, 11–12 after a reopen
DISPUTED = 5
CORRECTED_POINTS = "56"


def save_online(page, number, game):
    refresh(page)
    key_game(page, number, game)
    expect(page.locator("#preview ul.scores")).to_be_visible()
    page.click("#save")
    expect(page.locator(f"#row-{number}")).to_have_attribute("data-status", "unconfirmed")


def confirm(page, number):
    refresh(page)
    page.locator(f"#todo-{number} button.confirm").click()
    expect(page.locator("#messages")).to_be_empty()
    expect(page.locator(f"#row-{number}")).to_have_attribute("data-status", "confirmed")


def totals_on(page):
    return [int(t.replace("\u2212", "-").replace("+", "")) for t in
            page.locator("#sheet tfoot td.total").all_inner_texts()]


def test_a_table_plays_a_whole_round_on_its_phones(live_server, browser, phones):
    tournament, round_, table, token = table_and_token()
    director = factories.user("leitung")
    for other in round_.tables.exclude(pk=table.pk):      # the other table wrote its totals on paper
        results_services.record_totals(table=other, totals={0: 30, 1: -10, 2: -10, 3: -10}, user=director)
    seats = phones(token)
    page = {s: seats.open(seat=s, service_workers="block" if s == 2 else "allow") for s in (1, 2, 3, 4)}
    expect(page[1].locator("#entry-title")).to_have_attribute("data-number", "1")

    for n, game in enumerate(GAMES, start=1):
        keyer = (n - 1) % 4 + 1 if n not in OFFLINE else 2
        checker = keyer % 4 + 1
        if n == OFFLINE[0]:
            refresh(page[2])
            expect(page[2].locator("#entry-title")).to_have_attribute("data-number", str(n))
            page[2].context.set_offline(True)
        if n == OFFLINE[2]:
            page[2].context.set_offline(True)
        if n in OFFLINE:
            key_game(page[2], n, game)
            expect(page[2].locator("#preview .offline")).to_be_visible()
            page[2].click("#save")
            expect(page[2].locator(f"#row-{n}")).to_have_attribute("data-status", "waiting")
            assert not Game.objects.filter(table=table, number=n).exists()
            if n == OFFLINE[1]:            # back online: the `online` event sends both, in order
                screenshot(page[2], "/tmp/table_offline.png", full_page=True)
                page[2].context.set_offline(False)
                expect(page[2].locator("#row-10")).to_have_attribute("data-status", "unconfirmed")
                expect(page[2].locator("#row-9")).to_have_attribute("data-status", "unconfirmed")
                confirm(page[3], 9)
                confirm(page[3], 10)
            if n == OFFLINE[3]:            # the phone is closed with two games queued and opened again online
                page[2].close()
                seats.contexts[1].set_offline(False)
                page[2] = seats.open(context=seats.contexts[1])
                expect(page[2].locator("#row-12")).to_have_attribute("data-status", "unconfirmed")
                confirm(page[3], 11)
                confirm(page[3], 12)
            continue
        save_online(page[keyer], n, game)
        confirm(page[checker], n)

    games = list(Game.objects.filter(table=table).order_by("number"))
    assert [g.number for g in games] == list(range(1, 25))
    assert all(g.version == 1 and g.confirmed for g in games)
    assert [g.keyed_seat for g in games if g.number in OFFLINE] == [1, 1, 1, 1]

    # A dispute: seat 3 disputes game 5; the director sees it in the hall and resolves it.
    p3 = page[3]
    p3.click("#row-5")
    p3.click("#row-5 + tr.detail-row button.dispute")
    p3.fill(".note-input", "Es waren 56 Punkte")
    p3.click("button.send-dispute")
    expect(p3.locator("#row-5")).to_have_attribute("data-status", "disputed")
    expect(p3.locator("#dispute-open")).to_be_visible()
    flag = TableFlag.objects.get(table=table, resolved_at__isnull=True)
    assert flag.game_number == DISPUTED and flag.note == "Es waren 56 Punkte"
    resolve_in_hall(browser, live_server, tournament, table, flag, director)

    # The disputed game is corrected at the table (seat 1 keyed it) and confirmed again by seat 2.
    p1 = page[1]
    refresh(p1)
    p1.click("#row-5")
    p1.click("#row-5 + tr.detail-row button.correct")
    expect(p1.locator("#entry-title")).to_have_attribute("data-version", "1")
    expect(p1.locator("#result-display")).to_have_text("52")
    tap_digits(p1, "C" + CORRECTED_POINTS)
    expect(p1.locator("#preview ul.scores")).to_be_visible()
    p1.click("#save")
    expect(p1.locator("#row-5")).to_have_attribute("data-status", "unconfirmed")
    confirm(page[2], 5)
    game5 = Game.objects.get(table=table, number=5)
    assert game5.version == 2 and game5.card_points == 56 and game5.confirmed

    # Every seat signs off.
    for s in (1, 2, 3, 4):
        refresh(page[s])
        page[s].click("#sign")
        expect(page[s].locator("#you-signed")).to_be_visible()
    refresh(page[1])
    expect(page[1].locator("#signed")).to_contain_text("4")
    screenshot(page[1], "/tmp/table_signed.png", full_page=True)
    assert page[1].evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert page[1].evaluate("(b => b.scrollWidth <= b.clientWidth)(document.querySelector('.sheet-box'))"), \
        "the sheet of a 4-table fits the phone without scrolling sideways"

    # The director locks the round on its page (every table signed or keyed from paper: no reason asked); the
    # phones show the final sheet read-only.
    lock_on_round_page(browser, live_server, tournament, director)
    assert Round.objects.get(pk=round_.pk).status == Round.Status.LOCKED
    sheet_totals = director_sheet_totals(browser, live_server, table, director)
    db_totals = [Entry.objects.get(pk=seat.entry_id).total for seat in table.seats.order_by("position")]
    score_totals = [sum(Score.objects.filter(table=table, entry_id=seat.entry_id, game__isnull=False)
                        .values_list("points", flat=True)) for seat in table.seats.order_by("position")]
    for s in (1, 2, 3, 4):
        refresh(page[s])
        expect(page[s].locator("#locked")).to_be_visible()
        expect(page[s].locator("#entry")).to_be_hidden()
        assert totals_on(page[s]) == sheet_totals == score_totals
    assert db_totals == sheet_totals

    # The service worker keeps the page: a phone without connection reopens it with the final sheet.
    p4 = page[4]
    assert p4.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    p4.reload()
    p4.context.set_offline(True)
    p4.reload()
    expect(p4.locator("#locked")).to_be_visible()
    assert totals_on(p4) == sheet_totals
    p4.context.set_offline(False)


def resolve_in_hall(browser, live_server, tournament, table, flag, director):
    """The director's hall view shows the dispute on the table's tile and resolves it with "Erledigt"."""
    url = reverse("director:hall", args=[tournament.pk, 1])
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="de-DE")
    try:
        page = login(context, live_server, director)
        page.goto(live_server.url + url)
        tile = page.locator(f"#tile-{table.number}")
        expect(tile).to_contain_text("Einspruch")
        tile.get_by_role("button", name="Erledigt").first.click()
        page.wait_for_load_state()
        tile = page.locator(f"#tile-{table.number}")
        # The open dispute is gone; what stays is the decision, read as one.
        expect(tile.locator(".flag.dispute")).to_have_count(0)
        expect(tile.locator(".flag-done")).to_contain_text("entschieden")
    finally:
        context.close()
    flag.refresh_from_db()
    assert flag.resolved_at is not None


def lock_on_round_page(browser, live_server, tournament, director):
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="de-DE")
    try:
        page = login(context, live_server, director)
        page.goto(live_server.url + reverse("director:round", args=[tournament.pk, 1]))
        expect(page.locator("#lock-reason")).to_have_count(0)          # nothing unsigned: no override needed
        page.click("#lock-round")
        page.click("#confirm")                                       # locking asks first
        expect(page.locator("#round-status")).to_have_attribute("data-status", "locked")
    finally:
        context.close()


def login(context, live_server, user):
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", user.username)
    page.fill("#id_password", "pw-" + user.username)
    page.click("#login")
    page.wait_for_load_state()
    return page


def director_sheet_totals(browser, live_server, table, director):
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="de-DE")
    try:
        page = login(context, live_server, director)
        page.goto(live_server.url + reverse("entry:sheet", args=[table.pk]))
        texts = page.locator("tfoot td.c-total").all_inner_texts()
    finally:
        context.close()
    return [int(t.replace("\u2212", "-").replace("+", "")) if t.strip() else 0 for t in texts]


def test_the_table_page_fits_a_360px_screen(live_server, browser, phones):
    _t, _r, table, token = table_and_token(players=10)
    seats = phones(token)
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  locale="de-DE")
    seats.contexts.append(context)
    page = seats.open(context=context)
    expect(page.locator("#seat-choice")).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    page.click('#seat-choice .seat-button[data-seat="1"]')
    tap_contract(page, "S")
    page.click('#entry .declarer[data-seat="2"]')
    tap_digits(page, "50")
    expect(page.locator("#preview ul.scores")).to_be_visible()
    screenshot(page, "/tmp/table_360.png", full_page=True)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    buttons = page.evaluate("""[...document.querySelectorAll('#entry button:not(.link)')]
        .map(b => b.getBoundingClientRect().height).filter(h => h > 0)""")
    assert buttons and min(buttons) >= 44


def test_a_conflict_shows_both_versions_and_the_player_chooses(live_server, phones):
    _t, _r, table, token = table_and_token()
    seats = phones(token)
    first, second = seats.open(seat=1), seats.open(seat=2)
    second.clock.pause_at(second.evaluate("Date.now()") + 1000)       # no poll: it won't see the first's game 1
    key_game(second, 1, ("C", None, "50"))          # the second phone begins game 1 (the keypad asks the sheet) …
    save_online(first, 1, ("C", None, "45"))        # … while the first phone saves its game 1
    second.click("#save")
    conflict = second.locator("#conflicts .conflict")
    expect(conflict).to_be_visible()
    expect(conflict).to_contain_text("45")
    expect(conflict).to_contain_text("50")
    assert Game.objects.get(table=table, number=1).card_points == 45          # never resolved silently
    conflict.locator("button.resend").click()
    expect(second.locator("#conflicts .conflict")).to_have_count(0)
    expect(second.locator("#row-1")).to_have_attribute("data-status", "unconfirmed")
    game = Game.objects.get(table=table, number=1)
    assert game.card_points == 50 and game.version == 2 and game.keyed_seat == 1
    second.reload()
    expect(second.locator("#conflicts .conflict")).to_have_count(0)

"""The last rules of the seed documents keyed in a browser (RULES.md §10, docs/entry.md): a fine and a
Pflichträuber on the director's sheet with the keyboard, and a Pflichträuber, an Ultimo with the Kleiner Mann
bought and a fine on a phone, the last one keyed offline and sent from the queue. The database must hold what the
engine says; the sheets name them in words."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import score_game
from tests import factories
from tests.browser import screenshot
from tests.e2e.phones import tap_contract, tap_digits
from tests.e2e.steps import key_in
from tournament.models import Game, TableLink
from tournament.results import engine

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def engine_scores(game):
    data = engine.stored_fields({f: getattr(game, f) for f in engine.GAME_FIELDS})
    return score_game(engine.engine_game(game.table, game.number, data))["scores"]


def test_the_director_keys_a_fine_and_a_pflichtraeuber_on_the_sheet(live_server, page):
    _t, round_ = factories.drawn(players=4, ruleset="unadingen")
    table = round_.tables.get()
    factories.user("leitung")
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "leitung")
    page.fill("#id_password", "pw-leitung")
    page.click("#login")
    page.wait_for_load_state()
    page.goto(live_server.url + reverse("entry:sheet", args=[table.pk]))
    expect(page.locator("#g1 .in-contract")).to_be_focused()
    key_in(page, ("St", "2", ""))                 # seat 2 pays the ruleset's fine (80)
    expect(page.locator("#g1 .state")).to_have_text("✓")
    expect(page.locator("#g1 .cname")).to_have_text(re.compile("Sitz 2 zahlt jedem anderen 80|seat 2 pays 80"))
    key_in(page, ("PR", "", "18", "25", "20", "16"))     # nobody announced it: the seat stays empty
    expect(page.locator("#g2 .state")).to_have_text("✓")
    expect(page.locator("#g2 .in-seat[name=declarer]")).to_have_value("")
    expect(page.locator("#g2 .cname")).to_have_text(re.compile("Pflichträuber"))
    screenshot(page, "/tmp/sheet_seed_rules.png")
    games = {g.number: g for g in Game.objects.filter(table=table).select_related("table")}
    assert (games[1].contract, games[1].payer, games[1].scores) == ("fine", 1, [80, -240, 80, 80])
    assert (games[2].compulsory, games[2].announcer, games[2].scores) == (True, None, [30, -90, 30, 30])
    assert all(g.scores == engine_scores(g) for g in games.values())


def test_a_player_keys_the_seed_rules_on_a_phone(live_server, browser):
    _t, round_ = factories.drawn(players=4, ruleset="unadingen", published=True)
    table = round_.tables.get()
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="de-DE")
    context.set_default_timeout(10_000)
    errors = []
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{live_server.url}/t/{token}/")
    page.click('#seat-choice .seat-button[data-seat="1"]')
    expect(page.locator("#me")).to_be_visible()

    def save(number):
        expect(page.locator("#preview ul.scores")).to_be_visible()
        page.click("#save")
        expect(page.locator(f"#row-{number}")).to_have_attribute("data-status", re.compile("unconfirmed|confirmed"))

    tap_contract(page, "PR")
    expect(page.locator("#no-announcer")).to_be_visible()           # no "who announced?" step
    for points in ("18", "25", "20", "16"):
        tap_digits(page, points)
    save(1)
    tap_contract(page, "U")
    page.click('#entry .declarer[data-seat="1"]')
    page.click('#entry .seller[data-seat="3"]')
    page.click('#entry [data-result="+"]')
    save(2)
    tap_contract(page, "St")
    page.click('#entry .declarer[data-seat="4"]')
    expect(page.locator("#result-display")).to_have_text("80")       # the ruleset's fine, unless keyed
    save(3)
    page.click("#row-3")
    expect(page.locator("#sheet .words")).to_have_text("Strafe: Sitz 4 zahlt jedem anderen 80")
    # offline: a fine of 20 waits on the phone ("…") and is sent once the connection is back
    page.context.set_offline(True)
    tap_contract(page, "St")
    page.click('#entry .declarer[data-seat="2"]')
    tap_digits(page, "20")
    page.click("#save")
    expect(page.locator("#row-4")).to_have_attribute("data-status", "waiting")
    assert not Game.objects.filter(table=table, number=4).exists()
    page.context.set_offline(False)
    expect(page.locator("#row-4")).to_have_attribute("data-status", re.compile("unconfirmed|confirmed"),
                                                      timeout=15_000)
    screenshot(page, "/tmp/phone_seed_rules.png")
    context.close()
    assert not errors, errors
    games = {g.number: g for g in Game.objects.filter(table=table).select_related("table")}
    assert (games[1].compulsory, games[2].pagat_seller, games[3].payer, games[4].fine_value) == (True, 2, 3, 20)
    assert games[4].scores == [20, -60, 20, 20]
    assert games[2].scores == [160, -80, 0, -80] and games[3].scores == [80, 80, 80, -240]
    assert all(g.scores == engine_scores(g) for g in games.values())

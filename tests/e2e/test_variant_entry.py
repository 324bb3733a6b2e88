"""The variants of issue 15 keyed in a browser (docs/entry.md): on the director's sheet with the keyboard
(``GSo/KM``, ``U2 ouv``, a Schinden's loser in the seat column, the "ouv." box with the mouse) and on a phone
(the "played with" buttons, the "ouvert" toggle, "who loses"). The database must hold what the engine says."""

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

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def engine_scores(game):
    data = engine.stored_fields({f: getattr(game, f) for f in engine.GAME_FIELDS})
    return score_game(engine.engine_game(game.table, game.number, data))["scores"]


def test_the_director_keys_the_variants_on_the_sheet(live_server, page):
    _t, round_ = factories.drawn(players=8, ruleset="regional")
    table = round_.tables.order_by("number").first()
    factories.user("leitung")
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "leitung")
    page.fill("#id_password", "pw-leitung")
    page.click("#login")
    page.wait_for_load_state()
    page.goto(live_server.url + reverse("entry:sheet", args=[table.pk]))
    expect(page.locator("#g1 .in-contract")).to_be_focused()
    key_in(page, ("GSo/KM", "3", "40"))
    expect(page.locator("#g1 .state")).to_have_text("✓")
    key_in(page, ("U2 ouv", "2", "+"))
    expect(page.locator("#g2 .state")).to_have_text("✓")
    key_in(page, ("Sch", "4"))
    expect(page.locator("#g3 .state")).to_have_text("✓")
    # the mouse: U3 with the "ouv." box ticked
    page.locator("#g4 .in-contract").fill("U3")
    page.locator("#g4 .in-ouverte").check()
    page.locator("#g4 .in-seat[name=declarer]").fill("1")
    page.locator("#g4 .in-result").fill("+")
    page.locator("#g4 .in-result").press("Enter")
    expect(page.locator("#g4 .state")).to_have_text("✓")
    expect(page.locator("#g1 .in-with")).to_have_value("KM")
    expect(page.locator("#g2 .in-ouverte")).to_be_checked()
    screenshot(page, "/tmp/sheet_variants.png")
    games = {g.number: g for g in Game.objects.filter(table=table).select_related("table")}
    assert (games[1].played_with, games[2].ouverte, games[3].penalty, games[4].ouverte) == ("kleiner_mann", True, 3,
                                                                                            True)
    assert all(g.scores == engine_scores(g) for g in games.values())


def test_a_player_keys_the_variants_on_a_phone(live_server, browser):
    _t, round_ = factories.drawn(players=8, ruleset="regional", published=True)
    table = round_.tables.order_by("number").first()
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

    tap_contract(page, "GSo")
    page.click('#entry .declarer[data-seat="3"]')
    expect(page.locator("#save")).to_be_disabled()
    page.click('#entry .contract.with[data-with="kleiner_mann"]')
    tap_digits(page, "40")
    save(1)
    tap_contract(page, "U2")
    page.click('#entry .declarer[data-seat="2"]')
    page.click("#ouverte")
    page.click('#entry [data-result="+"]')
    save(2)
    tap_contract(page, "Sch")
    expect(page.locator("#entry")).to_contain_text(page.locator('#strings [data-k="loser"]').text_content().strip())
    page.click('#entry .declarer[data-seat="4"]')
    screenshot(page, "/tmp/phone_schinden.png")
    save(3)
    context.close()
    assert not errors, errors
    games = {g.number: g for g in Game.objects.filter(table=table).select_related("table")}
    assert (games[1].played_with, games[2].ouverte, games[3].penalty) == ("kleiner_mann", True, 3)
    assert all(g.scores == engine_scores(g) for g in games.values())

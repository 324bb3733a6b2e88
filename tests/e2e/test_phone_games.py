"""Entry at the table for Offiziers-Cego and Ziege on phones (390×844, German): one phone keys a game with the
engine's preview, another seat confirms it, the office sees it. Screenshots go to /tmp/wt15c/."""

import datetime
import os

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tournament.draws import services as draws
from tournament.draws import ziege as ziege_draws
from tournament.models import Game, Season, TableFlag, TableLink, Tournament, ZiegeGame
from tournament.registration import ziege as ziege_registration

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
SHOTS = "/tmp/wt15c"


@pytest.fixture
def phone(browser, live_server):
    contexts, errors = [], []

    def open_(token, seat):
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                      locale="de-DE")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(f"{live_server.url}/t/{token}/")
        page.click(f'#seat-choice .seat-button[data-seat="{seat}"]')
        expect(page.locator("#me")).to_be_visible()
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


def no_sideways_scroll(page):
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    screenshot(page, f"{SHOTS}/{name}.png", full_page=True)


def test_an_offiziers_game_is_keyed_on_one_phone_and_confirmed_on_the_other(phone):
    t = factories.tournament(players=2, game="offiziers")
    table = draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    second_name = table.seats.get(position=1).entry.player.full_name

    first = phone(token, 1)
    expect(first.locator("#entry-title")).to_have_text("Spiel 1")
    first.click('[data-counted="2"]')                    # counting the other player's tricks: 49 of 79
    first.fill("#points", "49")
    expect(first.locator("#other-points")).to_contain_text("30")
    expect(first.locator("#preview")).to_contain_text("\u221210")        # seat 1 loses 30 : 49 → −10 / +10
    no_sideways_scroll(first)
    shot(first, "offiziers_keying")
    first.click("#save")
    expect(first.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
    expect(first.locator("#entry-title")).to_have_text("Spiel 2")

    second = phone(token, 2)
    card = second.locator('[data-confirm-game="1"]')
    expect(card).to_contain_text("49 \u2192 +10")                  # what to check: both sides' points and scores
    shot(second, "offiziers_confirm")
    second.click('[data-confirm="1"]')
    expect(second.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("\u2713")
    expect(second.locator('.total[data-seat="2"]')).to_have_text("+10")
    game = Game.objects.get(table=table)
    assert (game.card_points, game.scores, game.keyed_seat, game.confirmed_seat) == (30, [-10, 10], 0, 1)

    # Offline: game 2 waits on the phone ("…") and is sent once when the connection is back.
    second.context.set_offline(True)
    expect(second.locator('[data-counted="2"]')).to_have_attribute("aria-pressed", "true")     # one's own pile
    second.fill("#points", "41")
    second.click("#save")
    expect(second.locator('#sheet tr[data-game="2"] td.c-n')).to_contain_text("\u2026")
    expect(second.locator("#entry-title")).to_have_text("Spiel 3")
    assert Game.objects.filter(table=table).count() == 1
    second.context.set_offline(False)
    expect(second.locator('#sheet tr[data-game="2"] td.c-n')).to_contain_text("?", timeout=15_000)
    assert Game.objects.get(table=table, number=2).card_points == 79 - 41
    assert second_name in second.locator("#me-name").text_content()


def test_a_ziege_game_is_keyed_by_one_team_and_confirmed_by_the_other_with_the_series_live(phone):
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name="Ziegenabend", date=datetime.date(2026, 3, 7),
                                  game=Tournament.Game.ZIEGE, round_count=1, seed="test-seed")
    for i in range(2):
        ziege_registration.register_pair(tournament=t, user=factories.user(),
                                         first={"first_name": "Anna", "last_name": f"Maier{i}"},
                                         second={"first_name": "Bernd", "last_name": f"Huber{i}"})
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token

    team_a = phone(token, 1)
    team_a.fill("#points", "25")
    expect(team_a.locator("#other-points")).to_contain_text("95")
    expect(team_a.locator("#preview")).to_contain_text("4 : 0")      # under 31 with a trick: 4 defeat points
    no_sideways_scroll(team_a)
    shot(team_a, "ziege_keying")
    team_a.click("#save")
    expect(team_a.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("?")
    expect(team_a.locator('.defeat[data-team="A"]')).to_contain_text("4")

    team_b = phone(token, 2)
    expect(team_b.locator('[data-confirm-game="1"]')).to_contain_text("A 25 : 95 B")
    team_b.click('[data-confirm="1"]')
    # the tick comes with the server's answer: a loaded CI run took longer than the default 5 s
    expect(team_b.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("\u2713", timeout=15_000)
    team_b.fill("#points", "120")
    team_b.uncheck("#trick-b")
    expect(team_b.locator("#preview")).to_contain_text("4 : 6")        # B without a trick: 6 defeat points
    team_b.click("#save")
    expect(team_b.locator('.defeat[data-team="A"]')).to_contain_text("4")
    expect(team_b.locator('.defeat[data-team="B"]')).to_contain_text("6")
    no_sideways_scroll(team_b)
    shot(team_b, "ziege_series")
    team_b.click('[data-dispute="1"]')                            # a second look: game 1 was wrong after all
    team_b.fill("#dispute-note", "<b>25</b> war 35")
    team_b.click("#send-dispute")
    expect(team_b.locator('#sheet tr[data-game="1"] td.c-n')).to_contain_text("!")
    assert TableFlag.objects.get(table=table, kind="dispute").note == "<b>25</b> war 35"
    games = list(ZiegeGame.objects.filter(table=table).order_by("number"))
    assert [(g.points_a, g.trick_b, g.keyed_seat, g.confirmed_seat) for g in games] == [(25, True, 0, None),
                                                                                       (120, False, 1, None)]

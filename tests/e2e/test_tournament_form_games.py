"""The tournament form in the browser: the Offiziers-only fields appear when Offiziers-Cego is chosen in the game
select and disappear for Cego and Ziege (``office/game_fields.js``, no inline script)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tournament.models import Season, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_game_select_shows_and_hides_the_offiziers_fields(live_server, page):
    season = Season.objects.create(name="Saison 2026", year=2026)
    factories.user("leitung")
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "leitung")
    page.fill("#id_password", "pw-leitung")
    page.click("#login")
    page.wait_for_load_state()

    page.goto(live_server.url + reverse("director:tournament_create", args=[season.pk]))
    block = page.locator("#offiziers-fields")
    expect(block).to_be_hidden()
    expect(page.locator("#id_games_per_round_4")).to_be_visible()
    page.select_option("#id_game", "offiziers")
    expect(block).to_be_visible()
    for name in ("games_per_round_2", "win_loss", "round_robin"):
        expect(page.locator(f"#id_{name}")).to_be_visible()
    page.select_option("#id_game", "ziege")
    expect(block).to_be_hidden()
    page.select_option("#id_game", "cego")
    expect(block).to_be_hidden()

    # Chosen, filled and saved: the values arrive.
    page.fill("#id_name", "Offiziersabend")
    page.select_option("#id_game", "offiziers")
    page.fill("#id_games_per_round_2", "6")
    page.check("#id_round_robin")
    page.click("#save")
    page.wait_for_load_state()
    t = Tournament.objects.get(name="Offiziersabend")
    assert (t.game, t.games_per_round_2, t.round_robin) == ("offiziers", 6, True)
    page.goto(live_server.url + reverse("director:tournament_edit", args=[t.pk]))
    expect(block).to_be_visible()

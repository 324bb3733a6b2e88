"""The prize giving in the browser (issue 26): the director adds a prize on the plan page, opens the prize table,
the first place is called in large type, "handed over", "comes later" and the goods chosen from the table move
the call on, the undo takes back the last step, and the list of what is left follows; a screenshot shows the
called name large."""

from decimal import Decimal

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tournament.models import PrizeStep
from tournament.prizes import selectors
from tournament.prizes import services as prizes
from tournament.standings import selectors as standings_queries

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(page, base):
    factories.user("leitung")
    page.goto(base + reverse("login"))
    page.fill("#id_username", "leitung")
    page.fill("#id_password", "pw-leitung")
    page.click("#login")
    page.wait_for_load_state()


def test_the_prize_giving_calls_records_and_undoes(live_server, page, tmp_path):
    t = factories.played(players=8, rounds=1, prize_places=3, entry_fee=10)
    director = factories.user("leitung")
    prizes.add_prize(tournament=t, user=director, kind="table", goods="Kirschwasser", goods_value=Decimal(12),
                     quantity=2)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("director:prize_plan", args=[t.pk]))
    page.select_option("#id_prize-kind", "place")
    page.fill("#id_prize-place", "1")
    page.fill("#id_prize-money", "40,50")
    page.click("#add-prize")
    expect(page.locator("#prize-lines")).to_contain_text("40,50 €")
    page.click("#prize-giving-link")
    first = selectors.queue(t, standings_queries.tournament_standings(t))[0][0]
    expect(page.locator("#call-name")).to_have_text(f"{first.row.data['first_name']} {first.row.data['last_name']}")
    expect(page.locator("#call-prize")).to_have_text("40,50 €")
    page.wait_for_load_state("load")          # the page's own stylesheet applied (a busy machine: not yet at once)
    size = page.locator("#call-name").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 40                                                  # large type, for reading out
    page.screenshot(path=str(tmp_path / "prize-table.png"))
    page.click("#handed")
    expect(page.locator(".messages")).to_contain_text(": übergeben")
    expect(page.locator("#paid")).to_contain_text("40,50 €")
    page.click("#later")                                              # place 2 comes later
    page.select_option("#goods", label="Kirschwasser (2)")            # place 3 chooses from the table
    page.click("#handed")
    expect(page.locator("#goods-left")).to_contain_text("1 × Kirschwasser")
    page.click("#undo")                                               # place 3's step taken back
    expect(page.locator(".messages")).to_contain_text("Rückgängig")
    expect(page.locator("#goods-left")).to_contain_text("2 × Kirschwasser")
    states = list(PrizeStep.objects.filter(tournament=t).order_by("id").values_list("state", flat=True))
    assert states == ["handed", "later"]
    assert selectors.paid_out(t).money == Decimal("40.50")

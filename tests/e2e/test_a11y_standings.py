"""Issue 16 (foundation and standings): the standings-type public pages as a 70-year-old reads them on a phone.

Every page (home, a finished and a running tournament's standings, prizes, teams, a season of three tournaments
and its teams, a Ziege tournament) at 390 px and at 195 px (a 390 px phone at 200 % zoom), in the light and the
dark colour scheme: no serious or critical WCAG 2.2 AA violation (axe-core), nothing scrolls sideways, data text
(names, totals) at least 16 px with a contrast of 7:1, every other text at least 14 px, the total of the first
standings row inside the screen (on the first screen at 390×844), every link, button and field at least
44×44 px. Then the browser's larger font setting (root 24 px): text grows and still nothing scrolls sideways.
Screenshots go to /tmp/a11y16a/.
"""

from pathlib import Path

import pytest
from django.urls import reverse

from tests import factories
from tests.browser import screenshot
from tests.e2e.a11y import (
    PHONE,
    ZOOM_200,
    sideways_scrollers,
    smallest_text,
)
from tests.e2e.standings_a11y import DATA, FIRST_ROW, check_page, open_tab
from tests.ziege import ziege_tournament
from tournament.draws import ziege as ziege_draws
from tournament.models import Entry
from tournament.results import ziege as ziege_results

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/a11y16a")
# The URL names this module measures (tests/public/test_a11y_coverage.py checks that every public page is in one).
COVERED = {"public:home", "public:tournament", "public:prizes", "public:teams", "public:season", "public:season_teams"}


@pytest.fixture
def pages(live_server):
    """The public pages of a season of three tournaments (one running, categories, teams) and a Ziege evening."""
    season_first = factories.played(players=12, rounds=2, name="Cego-Turnier Löffingen mit langem Namen")
    season = season_first.season
    factories.played(players=8, rounds=1, season=season, seed=3, name="Cego-Turnier Titisee",
                     date=season_first.date.replace(month=2))
    running = factories.played(players=12, rounds=2, lock=False, season=season, seed=5,
                               name="Cego-Turnier Furtwangen", date=season_first.date.replace(month=4))
    for entry in running.entries.order_by("start_number")[:3]:
        entry.player.is_woman = True
        entry.player.save()
    team = season.teams.create(name="Schwarzwälder Kartenfreunde")
    Entry.objects.filter(tournament=running, start_number__lte=3).update(team=team)
    ziege = ziege_tournament(teams=4, rounds=1)
    ziege.published = True
    ziege.save()
    table = ziege_draws.draw_round(tournament=ziege, number=1, user=factories.user()).tables.first()
    ziege_results.record_game(table=table, user=factories.user(), points_a=0, trick_a=False, trick_b=True)
    url = live_server.url
    return {
        "home": url + reverse("public:home"),
        "finished": url + reverse("public:tournament", args=[season_first.pk]),
        "running": url + reverse("public:tournament", args=[running.pk]),
        "prizes": url + reverse("public:prizes", args=[running.pk]),
        "teams": url + reverse("public:teams", args=[running.pk]),
        "season": url + reverse("public:season", args=[season.pk]),
        "season_teams": url + reverse("public:season_teams", args=[season.pk]),
        "ziege": url + reverse("public:tournament", args=[ziege.pk]),
    }


def test_standings_pages_at_phone_and_200_percent_zoom(browser, pages):
    SHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        for viewport in (PHONE, ZOOM_200):
            context, page = open_tab(browser, viewport, scheme)
            errors = []
            page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
            for name, url in pages.items():
                page.goto(url)
                if scheme == "dark":         # the dark scheme is honoured: a dark page, light text
                    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(244, 246, 244)"
                screenshot(page, str(SHOTS / f"{name}-{viewport['width']}-{scheme}.png"), full_page=True)
                check_page(page, name, viewport, scheme)
            context.close()
            assert not errors
    skip_link_row_link_and_larger_font(browser, pages)


def skip_link_row_link_and_larger_font(browser, pages):
    context, page = open_tab(browser, PHONE, "light")
    page.goto(pages["running"])
    # The skip link is the first Tab stop and leads to the main content.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('href')") == "#main"
    box = page.locator(".skip-link").bounding_box()
    assert box["height"] >= 44 and box["y"] >= 0
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#main"
    # On a phone the whole first row is the link to the player's page.
    row = page.locator("#standings tbody tr:first-child")
    row_box = row.bounding_box()
    link = row.locator("td.name a")
    href = link.get_attribute("href")
    page.mouse.click(row_box["x"] + row_box["width"] - 4, row_box["y"] + row_box["height"] / 2)
    page.wait_for_url(f"**{href}")
    # The browser's font setting at 150 %: every text grows (sizes in rem), nothing scrolls sideways.
    for name in ("home", "running", "season", "ziege"):
        page.goto(pages[name])
        if name == "season":        # the tournament columns are hidden; their results are the row's sub-line
            results = page.locator("#season-standings tbody tr:first-child .per-t > span")
            assert results.count() == 3 and results.first.is_visible()
        before = smallest_text(page, DATA)[0]
        page.evaluate("document.documentElement.style.fontSize='24px'")
        after = smallest_text(page, DATA)[0]
        assert after >= before * 1.4, f"{name}: {before} → {after}"
        assert sideways_scrollers(page) == [], name
        if name in FIRST_ROW:
            box = page.locator(f"{FIRST_ROW[name]} td.total").bounding_box()
            assert box["x"] + box["width"] <= PHONE["width"], name
        screenshot(page, str(SHOTS / f"{name}-font150.png"), full_page=True)
    context.close()

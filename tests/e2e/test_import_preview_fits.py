"""The registration import's preview shows every column of a club's list (issue 22): at a laptop's 1440 px and at
1280 px the table fits its box — no column cut off, no heading or cell clipped; on a narrower window it scrolls
sideways inside its box, which is never taller than the window, so the scroll bar and the last column ("Spieler":
new, existing, error) are reachable. Screenshots: /tmp/import_preview_<width>.png."""

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import screenshot
from tests.e2e import steps
from tournament.models import Season, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
LIST = Path(__file__).resolve().parent.parent / "registration" / "fixtures" / "vereinsliste-summe.xlsx"

GEOMETRY = """() => {
  const table = document.querySelector('#import-preview'), box = table.parentElement;
  const b = box.getBoundingClientRect();
  const clipped = [...table.querySelectorAll('th, td')].filter((c) => c.scrollWidth > c.clientWidth + 1)
    .map((c) => c.textContent.trim().slice(0, 30));
  return {viewport: innerWidth, height: innerHeight, page: document.documentElement.scrollWidth,
          left: b.left, right: b.right, bottom: b.bottom, top: b.top, scroll: box.scrollWidth, client: box.clientWidth,
          clipped, heads: [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim())};
}"""


def upload(live_server, page):
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name="Hinterzarten", date=datetime.date(2026, 3, 14))
    base = steps.log_in(page, live_server)
    steps.upload_list(page, base, t, LIST)
    expect(page.locator("#import-preview")).to_be_visible()


@pytest.mark.parametrize("width", [1440, 1280])
def test_the_preview_fits_a_laptop_window(live_server, browser, width):
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        upload(live_server, page)
        g = page.evaluate(GEOMETRY)
        screenshot(page, f"/tmp/import_preview_{width}.png", full_page=False)
    finally:
        context.close()
    assert g["heads"][-2:] == ["Bemerkung", "Spieler"]
    assert g["scroll"] <= g["client"], g                       # every column inside the box, none cut off
    assert g["right"] <= g["viewport"] and g["page"] <= g["viewport"]
    assert not g["clipped"], g["clipped"]


def test_a_narrow_window_scrolls_the_preview_inside_its_box(live_server, browser):
    context = browser.new_context(viewport={"width": 1024, "height": 700}, locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        upload(live_server, page)
        box = page.locator("#import-preview").locator("xpath=..")
        box.scroll_into_view_if_needed()
        page.evaluate("document.querySelector('#import-preview').parentElement.scrollIntoView({block: 'start'})")
        g = page.evaluate(GEOMETRY)
        assert g["scroll"] > g["client"] and g["page"] <= g["viewport"]      # the box scrolls, not the page
        assert g["bottom"] - g["top"] <= g["height"]                         # its scroll bar is on screen
        box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
        last = page.locator("#import-preview thead th").last
        head = last.bounding_box()
        assert head["x"] + head["width"] <= g["right"] + 1 and head["x"] >= g["left"]
        expect(page.locator("#line-4 td.outcome")).to_be_in_viewport()
        screenshot(page, "/tmp/import_preview_1024.png", full_page=False)
    finally:
        context.close()

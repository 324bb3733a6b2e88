"""The director's pages where accessibility costs little (issue 16, point 6): the score sheet, the round page and
the tournament page at 1440 px have no serious or critical axe violation (WCAG 2.2 AA); the sheet's header labels
are at least 14 px; its delete "×" has a contrast of at least 4.5:1 and a target of at least 24 × 24 px.
"""

import random

import pytest
from django.urls import reverse

from tests import factories
from tests.browser import screenshot
from tests.e2e.a11y import axe_violations
from tournament.results.random_play import play_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CONTRAST_JS = """el => {
  const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const linear = v => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
  const lum = c => { const [r, g, b] = rgb(c).map(linear); return .2126 * r + .7152 * g + .0722 * b; };
  let bg = null;
  for (let n = el; n && !bg; n = n.parentElement) {
    const c = getComputedStyle(n).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') bg = c;
  }
  const [a, b] = [lum(getComputedStyle(el).color), lum(bg || 'rgb(255,255,255)')];
  return (Math.max(a, b) + .05) / (Math.min(a, b) + .05);
}"""


def logged_in(page, live_server):
    factories.user("leitung")
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "leitung")
    page.fill("#id_password", "pw-leitung")
    page.click("#login")
    page.wait_for_load_state()
    return page


def test_the_sheet_round_and_tournament_pages_are_axe_clean(live_server, page):
    tournament, round_ = factories.drawn(players=8, published=True)
    table = round_.tables.order_by("number").first()
    play_table(table, 3, random.Random(7), user=factories.user("leitung"))
    logged_in(page, live_server)
    problems = []
    for url in (reverse("entry:sheet", args=[table.pk]), reverse("director:round", args=[tournament.pk, 1]),
                reverse("director:tournament", args=[tournament.pk])):
        page.goto(live_server.url + url)
        problems += [f"{url}: {v}" for v in axe_violations(page)]
    assert problems == [], "\n".join(problems)


def test_the_sheet_header_and_its_delete_control_can_be_read_and_hit(live_server, page):
    tournament, round_ = factories.drawn(players=8, published=True)
    table = round_.tables.order_by("number").first()
    play_table(table, 3, random.Random(7), user=factories.user("leitung"))
    logged_in(page, live_server)
    page.goto(live_server.url + reverse("entry:sheet", args=[table.pk]))
    screenshot(page, "/tmp/a11y16d/office_sheet.png")
    labels = page.evaluate("""() => [...document.querySelectorAll('table.sheet thead th, table.sheet tfoot th')]
        .filter(el => el.textContent.trim() && el.getClientRects().length)
        .map(el => [el.textContent.trim().slice(0, 20), parseFloat(getComputedStyle(el).fontSize)])""")
    assert labels and [label for label in labels if label[1] < 14] == []
    delete = page.locator("#g1 a.del")
    assert delete.is_visible()
    assert delete.evaluate(CONTRAST_JS) >= 4.5
    box = delete.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box

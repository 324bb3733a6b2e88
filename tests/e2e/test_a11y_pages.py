"""Issue 16 (helper 16B): the player, seat, statistics, tariff, pre-registration and login pages measured as a
70-year-old player uses them — a 390 px phone and the same phone at 200 % zoom (195 CSS px), light and dark.

For every page, inside the page's own content (the site header, the navigation and the live line belong to the
standings part of issue 16): no serious or critical WCAG 2.2 AA violation (axe-core), nothing sticking out or
scrolling sideways, data text (names, totals, table and seat, game points, tariff values) at least 16 px with a
contrast of 7:1, every other text at least 14 px, links, buttons and fields at least 44 × 44 px; the chart's labels
at least 14 px as drawn on the screen; on the seat page "Table 7 · Seat 3" on the first screen after the search;
on the player page the first game on the first screen of a phone. Screenshots go to /tmp/a11y16b/.
"""

import json
from pathlib import Path

import pytest
from django.urls import reverse

from tests import factories
from tests.browser import screenshot
from tests.e2e.a11y import AXE, PHONE, SERIOUS, WCAG_22_AA, ZOOM_200

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/a11y16b")
# The URL names this module measures (tests/public/test_a11y_coverage.py checks that every public page is in one).
COVERED = {"public:player", "public:seat", "public:preregister", "stats:tournament", "stats:player", "stats:season",
           "stats:season_player", "tariff:index", "tariff:detail", "tariff:ziege"}

AXE_IN = """async ([scope, options, only]) => {
  const result = await axe.run({include: [[scope]]}, options);
  if (only) for (const v of result.violations)   // only the nodes matching ``only``, not their descendants
    v.nodes = v.nodes.filter(n => document.querySelector(n.target[0]).matches(only));
  result.violations = result.violations.filter(v => v.nodes.length);
  return result;
}"""

HIDDEN = """const hidden = el => {      // inside a screen-reader-only box (1 px, absolute) or the honeypot
  for (let e = el; e; e = e.parentElement) {
    if (e.classList.contains('hp')) return true;
    if (getComputedStyle(e).position === 'absolute' && e.getBoundingClientRect().width <= 1) return true;
  }
  return false;
};"""

OUTSIDE_JS = """scope => {
  """ + HIDDEN + """
  const out = [], width = document.documentElement.clientWidth;
  for (const root of document.querySelectorAll(scope)) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (!el.getClientRects().length || hidden(el)) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (box.right > width + 1 || box.left < -1) out.push(`${el.outerHTML.slice(0, 80)} ${box.left}…${box.right}`);
      if (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
        out.push(`scrolls: ${el.outerHTML.slice(0, 80)}`);
    }
  }
  return out;
}"""

SIZES_JS = """([scope, least, itself]) => {
  """ + HIDDEN + """
  const out = [];
  for (const root of document.querySelectorAll(scope)) {
    for (const el of itself ? [root] : [root, ...root.querySelectorAll('*')]) {
      const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      if (!own || !el.getClientRects().length || hidden(el)) continue;
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) size *= el.getScreenCTM().a;     // as drawn: a viewBox scales SVG text
      if (size < least - 0.01) out.push(`${size.toFixed(1)}px ${el.outerHTML.slice(0, 90)}`);
    }
  }
  return out;
}"""

TARGETS_JS = """scope => {
  const out = [];
  for (const root of document.querySelectorAll(scope)) {
    for (const el of root.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')) {
      if (!el.getClientRects().length || el.closest('.hp')) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 44 - 0.5 || box.height < 44 - 0.5)
        out.push(`${Math.round(box.width)}×${Math.round(box.height)} ${el.outerHTML.slice(0, 80)}`);
    }
  }
  return out;
}"""


def axe_in(page, scope, rules=None, only=None):
    """Serious and critical violations inside ``scope``: the WCAG 2.2 AA rules, or all of ``rules`` on the
    elements matching ``only``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    run_only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": WCAG_22_AA}
    result = page.evaluate(AXE_IN, [scope, {"runOnly": run_only, "resultTypes": ["violations"]}, only])
    return [f"{v['id']}: {[n['target'] for n in v['nodes'][:4]]}" for v in result["violations"]
            if rules or v["impact"] in SERIOUS]


@pytest.fixture
def pages(live_server):
    """name → (url, the page's own content, its data text); a running tournament of 16 in round 2."""
    finished = factories.played(players=16, rounds=2, name="Cego-Turnier Löffingen")
    running = factories.played(players=16, rounds=2, lock=False, season=finished.season, seed=5,
                               name="Cego-Turnier Furtwangen-Schönenbach", date=finished.date.replace(month=4))
    prereg = factories.tournament(players=2, published=True, prereg_open=True, season=finished.season,
                                  name="Cego-Turnier Vöhrenbach", date=finished.date.replace(month=6))
    entry = running.entries.select_related("player").get(start_number=5)
    url = live_server.url
    seat = 'section[aria-labelledby="seat-heading"]'
    games = ".player table.games td.pts, .player table.games td.run, .player table.games td.contract"
    return entry, {
        "player": (url + reverse("public:player", args=[running.pk, entry.pk]), ".player",
                   f".player h2, .player .facts dd, .player .at-table li, .player .at-table a, {games}"),
        "seat": (url + reverse("public:seat", args=[running.pk]), seat,
                 f"{seat} .who strong, {seat} .seat-big strong, {seat} .at-table li"),
        "stats": (url + reverse("stats:tournament", args=[running.pk]), "main",
                  "#players td, #players td a, .kpis dd"),
        "stats-player": (url + reverse("stats:player", args=[running.pk, entry.pk]), "main", ".kpis dd"),
        "stats-season": (url + reverse("stats:season", args=[running.season_id]), "main",
                         "#players td, #players td a, .kpis dd"),
        "stats-season-player": (url + reverse("stats:season_player", args=[running.season_id, entry.player_id]),
                                "main", ".kpis dd"),
        "tariffs": (url + reverse("tariff:index"), "main", "#ruleset-comparison td"),
        "tariff": (url + reverse("tariff:detail", args=["schwarzwald"]), "main",
                   "#tariff-grid td, #fixed-values td.num"),
        "ziege": (url + reverse("tariff:ziege"), "main", "#ziege-bands td.num"),
        "prereg": (url + reverse("public:preregister", args=[prereg.pk]), "#prereg", "#prereg-free, #prereg input"),
        "login": (url + reverse("login"), "main", "main input"),
    }


def check(page, scope, data):
    problems = {
        "axe": axe_in(page, scope),
        "outside": page.evaluate(OUTSIDE_JS, scope),
        "data under 16px": page.evaluate(SIZES_JS, [data, 16, True]),
        "text under 14px": page.evaluate(SIZES_JS, [scope, 14, False]),
        "targets under 44px": page.evaluate(TARGETS_JS, scope),
        "data under 7:1": axe_in(page, data, ["color-contrast-enhanced"], only=data),
    }
    return {k: v for k, v in problems.items() if v}


@pytest.mark.parametrize(("viewport", "scheme"), [(PHONE, "light"), (ZOOM_200, "light"), (PHONE, "dark")],
                         ids=["390", "195", "390-dark"])
def test_every_page_stays_legible_on_a_phone_and_at_200_percent(browser, pages, viewport, scheme):
    entry, urls = pages
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="de-DE", color_scheme=scheme)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    found = {}
    for name, (url, scope, data) in urls.items():
        page.goto(url)
        if name == "seat":                          # the search, as a player does it: by name
            page.fill("#seat-q", entry.player.full_name)
            page.click("#seat-search")
            page.wait_for_selector("#seat-plan")
            big = page.locator("#seat-plan > li").first.locator(".seat-big").bounding_box()
            if big["y"] < 0 or big["y"] + big["height"] > viewport["height"]:
                found.setdefault(name, {})["seat off the first screen"] = big
        if name == "player" and viewport == PHONE:
            first = page.locator("tr.game").first.bounding_box()
            if first["y"] + first["height"] > viewport["height"]:
                found.setdefault(name, {})["first game off the first screen"] = first
        problems = check(page, scope, data)
        if problems:
            found.setdefault(name, {}).update(problems)
        screenshot(page, SHOTS / f"{name}-{viewport['width']}-{scheme}.png")
    context.close()
    (SHOTS / f"problems-{viewport['width']}-{scheme}.json").write_text(json.dumps(found, indent=1, ensure_ascii=False))
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    assert not errors, errors


def test_the_largest_font_setting_at_200_percent(browser, pages):
    """The browser's larger-font setting (150 %) on the phone at 200 %: nothing sticks out of any page, and the
    chart's labels grow with it (they are sized in rem, not in the picture's units)."""
    _entry, urls = pages
    context = browser.new_context(viewport=ZOOM_200, locale="de-DE")
    page = context.new_page()
    found = {}
    for name, (url, scope, _data) in urls.items():
        page.goto(url)
        page.evaluate("document.documentElement.style.fontSize = '24px'")
        outside = page.evaluate(OUTSIDE_JS, scope)
        if name == "player":
            outside += page.evaluate(SIZES_JS, ["svg.chart", 0.875 * 24, False])
        if outside:
            found[name] = outside
    context.close()
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)

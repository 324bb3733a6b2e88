"""What the public standings pages must meet for a 70-year-old (issue 16), checked in one call (``check_page``):
axe, no sideways scrolling, data text at least 16 px with 7:1 contrast, other text at least 14 px, no small tap
targets, the first row's total on the first screen. Shared by test_a11y_standings.py and test_a11y_first_screen.py."""

from tests.e2e.a11y import (
    PHONE,
    axe_violations,
    sideways_scrollers,
    smallest_text,
)

# The text a player looks for: names and totals (and a tournament card's name on the home page).
DATA = "td.name, td.name > a, td.total, .p-name > a, .p-total, .t-name"


# Everything a finger may tap (the skip link shows only when focused).
TARGETS = "a:not(.skip-link), button, input:not([type=hidden]), summary, select"


CONTRAST_JS = """selector => {
  const rgb = c => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = el => {
    for (; el; el = el.parentElement) {
      const v = rgb(getComputedStyle(el).backgroundColor);
      if (v.length === 3 || v[3] === 1) return v.slice(0, 3);
    }
    return [255, 255, 255];
  };
  let worst = null;
  for (const el of document.querySelectorAll(selector)) {
    if (!el.textContent.trim() || !el.getClientRects().length) continue;
    const a = lum(rgb(getComputedStyle(el).color).slice(0, 3)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (worst === null || ratio < worst[0]) worst = [Math.round(ratio * 100) / 100, el.outerHTML.slice(0, 100)];
  }
  return worst;
}"""


SMALL_TARGETS_JS = """selector => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('.sr-only')) continue;
    if (box.width < 43.5 || box.height < 43.5) {
      out.push(`${el.outerHTML.slice(0, 80)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return out;
}"""


# The pages with a standings table and the table's first row.
FIRST_ROW = {"finished": "#standings tbody tr:first-child", "running": "#standings tbody tr:first-child",
             "teams": "#team-standings tbody tr:first-child", "season": "#season-standings tbody tr:first-child",
             "season_teams": "#team-standings tbody tr:first-child", "ziege": "#ziege-standings tbody tr:first-child"}


def open_tab(browser, viewport, scheme):
    context = browser.new_context(viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="de-DE", color_scheme=scheme)
    context.set_default_timeout(10_000)
    return context, context.new_page()


def check_page(page, name, viewport, scheme):
    where = f"{name} at {viewport['width']} px ({scheme})"
    violations = axe_violations(page)
    assert violations == [], f"{where}: {violations}"
    sideways = sideways_scrollers(page)
    assert sideways == [], f"{where}: {sideways}"
    found = smallest_text(page, DATA)
    assert found, f"{where}: no data text"
    size, html = found
    assert size >= 16, f"{where}: data text {size}px: {html}"
    size, html = smallest_text(page, "body *:not(.sr-only):not(.skip-link)")
    assert size >= 14, f"{where}: text {size}px: {html}"
    ratio, html = page.evaluate(CONTRAST_JS, DATA)
    assert ratio >= 7, f"{where}: data contrast {ratio}: {html}"
    small = page.evaluate(SMALL_TARGETS_JS, TARGETS)
    assert small == [], f"{where}: small targets {small}"
    if name in FIRST_ROW:
        total = page.locator(f"{FIRST_ROW[name]} td.total")
        box = total.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], f"{where}: total {box}"
        if viewport is PHONE and name in ("finished", "running", "season"):
            assert box["y"] + box["height"] <= viewport["height"], f"{where}: first row not on the first screen"

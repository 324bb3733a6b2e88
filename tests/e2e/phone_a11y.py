"""What the phone's table pages must meet for a 70-year-old (issue 16, point 6), measured in one call
(``measure``): axe, no sideways scrolling, data text at least 16 px with 7:1 contrast, other text at least 14 px, tap
targets at least 44 × 44 px, no font size fixed in px. Shared by test_a11y_phone.py and test_a11y_phone_games.py."""

from pathlib import Path

from tests.browser import screenshot
from tests.e2e.a11y import PHONE, ZOOM_200, axe_violations, sideways_scrollers, smallest_text

SHOTS = Path("/tmp/a11y16d")
# Data: the players' names, the points and totals, the table and the seat.
DATA = ("#sheet .score, #sheet tfoot td, #sheet thead .short, .phone-title strong, #me-name, .todo-card .scores, "
        ".seat-button .name, #entry .declarer, .preview li, .display")
TARGETS = "button, a[href], input, select, textarea"


def sizes(page):
    """``(text, width, height)`` of every visible control."""
    return page.evaluate("""sel => [...document.querySelectorAll(sel)].filter(el => el.getClientRects().length
        && getComputedStyle(el).visibility !== 'hidden').map(el => {
          const r = el.getBoundingClientRect();
          const label = (el.id || el.textContent.trim()).slice(0, 30);
          return [label, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
        })""", TARGETS)


def enhanced_contrast(page, selector):
    """axe's 7:1 rule (color-contrast-enhanced, WCAG AAA) on the data text only."""
    result = page.evaluate("""sel => axe.run({include: sel.split(", ").map(s => [s])},
        {runOnly: {type: 'rule', values: ['color-contrast-enhanced']}, resultTypes: ['violations']})""", selector)
    return [f"{n['target']}: {n['any'][0]['message'][:90]}" for v in result["violations"] for n in v["nodes"]]


def px_font_sizes(page, sheets=r"phone\.css"):
    """Rules of the phone's own stylesheets (``sheets``: a pattern of their names) that fix a font size in px (the
    player's font setting would not scale it)."""
    return page.evaluate("""sheets => [...document.styleSheets].filter(s => new RegExp(sheets).test(s.href || ''))
        .flatMap(s => [...s.cssRules]).flatMap(r => r.cssRules ? [...r.cssRules] : [r])
        .filter(r => r.style && /px/.test(r.style.fontSize)).map(r => r.selectorText)""", sheets)


def measure(page, name, *, data=DATA, sheets=r"phone\.css", shots=SHOTS):
    """Everything the issue asks of the page as it is now, at 390 px and at 195 px (``data``: the selector of its
    data text; ``sheets``: its own stylesheets; screenshots to ``shots``). Also used by test_a11y_phone_games."""
    problems = []
    for label, viewport in (("390", PHONE), ("195", ZOOM_200)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(50)
        shots.mkdir(exist_ok=True)
        screenshot(page, str(shots / f"{name}_{label}.png"), full_page=True)
        where = f"{name} {label}"
        problems += [f"{where}: axe {v}" for v in axe_violations(page)]
        problems += [f"{where}: sideways {s}" for s in sideways_scrollers(page)]
        smallest = smallest_text(page, data)
        if smallest and smallest[0] < 16:
            problems.append(f"{where}: data text {smallest[0]}px {smallest[1]}")
        other = smallest_text(page, "body *:not(script):not(#strings *)")
        if other and other[0] < 14:
            problems.append(f"{where}: text {other[0]}px {other[1]}")
        problems += [f"{where}: target {t}" for t in sizes(page) if t[1] < 44 or t[2] < 44]
        problems += [f"{where}: contrast {c}" for c in enhanced_contrast(page, data)]
        problems += [f"{where}: px font size in {s}" for s in px_font_sizes(page, sheets)]
    page.set_viewport_size(PHONE)
    return problems

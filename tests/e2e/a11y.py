"""Measuring a page as an older player uses it: axe-core (vendored, ``vendor/axe-core``) with the WCAG 2.2 AA
rules, sideways scrolling, and the smallest font size of the text that carries data.

The zoom of a phone is simulated the way browsers do it: 200 % on a 390 px wide phone leaves a layout viewport
of 195 CSS px (``ZOOM_200``).
"""

from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
ZOOM_200 = {"width": 195, "height": 422}
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SERIOUS = ("serious", "critical")


def axe_violations(page, impacts=SERIOUS):
    """The serious and critical WCAG 2.2 AA violations of the page as ``["rule: target …", …]``.

    The script is evaluated through the DevTools protocol, so the page's strict CSP does not block it."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        WCAG_22_AA,
    )
    found = []
    for violation in result["violations"]:
        if violation["impact"] in impacts:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:5]]
            found.append(f"{violation['id']} ({violation['impact']}): {', '.join(targets)}")
    return found


SIDEWAYS_JS = """() => {
  const out = [];
  const doc = document.scrollingElement;
  // the layout viewport: a mobile browser widens innerWidth (the visual viewport) to fit a page that is too wide
  const width = document.documentElement.clientWidth;
  if (doc.scrollWidth > width + 1) out.push(`document ${doc.scrollWidth}px > ${width}px`);
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    if (!/(auto|scroll)/.test(style.overflowX)) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')} `
               + `${el.scrollWidth}px > ${el.clientWidth}px`);
    }
  }
  return out;
}"""


def sideways_scrollers(page):
    """Everything that scrolls sideways: the page itself or any element with a horizontal scroll bar."""
    return page.evaluate(SIDEWAYS_JS)


SMALLEST_JS = """selector => {
  let smallest = null;
  for (const el of document.querySelectorAll(selector)) {
    if (!el.textContent.trim() || !el.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (smallest === null || size < smallest[0]) smallest = [size, el.outerHTML.slice(0, 120)];
  }
  return smallest;
}"""


def smallest_text(page, selector):
    """``(px, html)`` of the smallest visible text among the elements matching ``selector``, or None."""
    return page.evaluate(SMALLEST_JS, selector)

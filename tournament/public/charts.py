"""Server-rendered SVG charts: pure functions over numbers and ready-made (translated) labels; no Django, no JS.

``running_total_svg`` draws a player's running total over the games of a tournament: a line from 0 through the
total after each game, a zero line, light horizontal grid lines with their values, a dashed line where a new
round begins, and the final total at the end of the line. Text is escaped here, so the caller may pass any names.

**Text that grows with zoom.** The outer SVG has no ``viewBox``: it is as wide as its container and ``HEIGHT``
em high, every position is a percentage of that box and every text is sized in ``em`` (the page's stylesheet sets
them in ``rem``), so a label is as large as the page's text at any width, zoom and font setting instead of
shrinking with the picture. The value labels sit inside the plot above their grid line, so a narrow phone loses no
width to a margin. Only the line itself is drawn in a nested SVG whose ``viewBox`` is the same 0–100 percentage
grid, stretched to the box (``preserveAspectRatio="none"``) with a stroke that does not stretch.
"""

import math
from xml.sax.saxutils import escape, quoteattr

from tournament.common.numbers import signed

HEIGHT = 14        # em
PAD_LEFT = 0       # percent of the width: the value labels are inside the plot
PAD_RIGHT = 4      # percent of the width
PAD_TOP = 16       # percent of the height: room for the round labels
PAD_BOTTOM = 6     # percent of the height
# Presentation attributes, so the SVG looks right on its own too; the page's stylesheet overrides them by class.
FONT = 'font-family="system-ui, sans-serif" font-size="0.875em"'
INK, MUTED, LINE, FOREST, MINUS, PAPER = "#1d2521", "#5b6660", "#d9dfdb", "#1f4d3a", "#b3261e", "#ffffff"
HALO = f'paint-order="stroke" stroke="{PAPER}" stroke-width="4" stroke-linejoin="round"'


def nice_step(span, target=4):
    """A round grid step (1, 2, 2.5 or 5 × 10^k, at least 1) giving about ``target`` lines over ``span``."""
    if span <= 0:
        return 10
    raw = span / target
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * power
        if step >= raw and step == int(step):
            return max(1, int(step))
    return max(1, int(10 * power))


def _bounds(values):
    low, high = min(0, *values), max(0, *values)
    step = nice_step(high - low or 10)
    return math.floor(low / step) * step, math.ceil(high / step) * step or step, step


def _pct(value):
    return f"{value:.2f}".rstrip("0").rstrip(".")


def running_total_svg(totals, *, breaks=(), title="", description="", empty_text="", element_id="chart"):
    """The SVG (a string) of ``totals`` — the running total after game 1, 2, … — starting from 0.

    ``breaks`` is a sequence of ``(index, label)``: a dashed line is drawn before the game at ``index``
    (0-based into ``totals``) with ``label`` above it, e.g. where round 2 begins. ``title`` and ``description``
    become the accessible name and description; ``empty_text`` is shown when there are no totals yet.
    """
    totals = [int(t) for t in totals]
    ident = escape(str(element_id), {'"': "&quot;"})
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="{HEIGHT}em" '
             f'class="chart" role="img" aria-labelledby="{ident}-title {ident}-desc" id="{ident}">',
             f'<title id="{ident}-title">{escape(title)}</title>',
             f'<desc id="{ident}-desc">{escape(description)}</desc>']
    if not totals:
        parts.append(f'<text x="50%" y="50%" text-anchor="middle" class="chart-empty" '
                     f'{FONT} fill="{MUTED}">{escape(empty_text)}</text></svg>')
        return "".join(parts)

    low, high, step = _bounds(totals)
    plot_w = 100 - PAD_LEFT - PAD_RIGHT
    plot_h = 100 - PAD_TOP - PAD_BOTTOM
    count = len(totals)

    def x(i):                      # i = games played (0 = the start), in percent of the width
        return PAD_LEFT + plot_w * i / count

    def y(value):                  # in percent of the height
        return PAD_TOP + plot_h * (high - value) / (high - low)

    parts.append('<g class="chart-grid">')
    value = low
    while value <= high:
        cls = "chart-zero" if value == 0 else "chart-line"
        parts.append(f'<line x1="{_pct(PAD_LEFT)}%" x2="{_pct(PAD_LEFT + plot_w)}%" y1="{_pct(y(value))}%" '
                     f'y2="{_pct(y(value))}%" class="{cls}" stroke="{MUTED if value == 0 else LINE}" '
                     'stroke-width="1"/>')
        parts.append(f'<text x="{_pct(PAD_LEFT)}%" y="{_pct(y(value))}%" dx="0.15em" dy="-0.3em" class="chart-label" '
                     f'{FONT} {HALO} fill="{MUTED}">{escape(signed(value))}</text>')
        value += step
    parts.append("</g>")

    for index, label in breaks:
        if 0 < index < count:
            bx = _pct(x(index))
            parts.append(f'<line x1="{bx}%" x2="{bx}%" y1="{_pct(PAD_TOP - 4)}%" y2="{_pct(PAD_TOP + plot_h)}%" '
                         f'class="chart-break" stroke="{MUTED}" stroke-dasharray="3 3"/>')
            share = index / count       # the label stays inside the box: left, centred or right of its line
            side = ('dx="0.25em"' if share < 0.3 else 'text-anchor="middle"' if share <= 0.7
                    else 'dx="-0.25em" text-anchor="end"')
            parts.append(f'<text x="{bx}%" y="1.1em" {side} class="chart-label chart-round" {FONT} {HALO} '
                         f'fill="{MUTED}">{escape(label)}</text>')

    points = [(x(0), y(0))] + [(x(i + 1), y(t)) for i, t in enumerate(totals)]
    path = " ".join(f"{_pct(px)},{_pct(py)}" for px, py in points)
    parts.append(f'<svg viewBox="0 0 100 100" preserveAspectRatio="none" width="100%" height="100%" '
                 f'class="chart-plot" overflow="visible">'
                 f'<polyline points="{path}" class="chart-path" fill="none" stroke="{FOREST}" stroke-width="2.5" '
                 f'vector-effect="non-scaling-stroke" stroke-linejoin="round" stroke-linecap="round"/></svg>')
    last_x, last_y = points[-1]
    final = totals[-1]
    tone = "chart-plus" if final > 0 else "chart-minus" if final < 0 else "chart-even"
    colour = MINUS if final < 0 else FOREST if final > 0 else INK
    parts.append(f'<circle cx="{_pct(last_x)}%" cy="{_pct(last_y)}%" r="4" class="chart-dot {tone}" fill="{colour}"/>')
    below = last_y < PAD_TOP + 12          # too close to the top for a label above the dot
    parts.append(f'<text x="{_pct(last_x)}%" y="{_pct(last_y)}%" dy="{"1.3em" if below else "-0.5em"}" '
                 f'text-anchor="end" class="chart-final {tone}" data-total={quoteattr(str(final))} '
                 f'font-family="system-ui, sans-serif" font-size="1em" font-weight="700" {HALO} '
                 f'fill="{colour}">{escape(signed(final))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def bars_svg(bars, *, title="", description="", element_id="bars"):
    """The SVG of ``bars`` — ``(label, value)`` pairs, e.g. a player's season totals, oldest first — as columns
    from a zero line (negative values hang below it), each with its value above and its label below. Same box and
    em-sized text as ``running_total_svg``; the page shows the numbers in a table beside it as well."""
    ident = escape(str(element_id), {'"': "&quot;"})
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="{HEIGHT}em" '
             f'class="chart chart-bars" role="img" aria-labelledby="{ident}-title {ident}-desc" id="{ident}">',
             f'<title id="{ident}-title">{escape(title)}</title>',
             f'<desc id="{ident}-desc">{escape(description)}</desc>']
    values = [int(v) for _, v in bars]
    if not values:
        parts.append("</svg>")
        return "".join(parts)
    low, high, _step = _bounds(values)
    top, bottom = PAD_TOP, 100 - 12            # percent of the height: room for the value and the label

    def y(value):
        return top + (bottom - top) * (high - value) / (high - low)

    slot = 100 / len(values)
    width = min(slot * 0.6, 18)
    zero = y(0)
    parts.append(f'<line x1="0%" x2="100%" y1="{_pct(zero)}%" y2="{_pct(zero)}%" class="chart-zero" '
                 f'stroke="{MUTED}" stroke-width="1"/>')
    for i, ((label, _value), value) in enumerate(zip(bars, values, strict=True)):
        centre = slot * (i + 0.5)
        upper, lower = min(zero, y(value)), max(zero, y(value))
        colour = MINUS if value < 0 else FOREST
        tone = "chart-minus" if value < 0 else "chart-plus"
        parts.append(f'<rect x="{_pct(centre - width / 2)}%" width="{_pct(width)}%" y="{_pct(upper)}%" '
                     f'height="{_pct(max(lower - upper, 0.5))}%" class="chart-bar {tone}" fill="{colour}"/>')
        parts.append(f'<text x="{_pct(centre)}%" y="{_pct(upper)}%" dy="-0.4em" text-anchor="middle" '
                     f'class="chart-final {tone}" {FONT} font-weight="700" {HALO} fill="{colour}">'
                     f'{escape(signed(value))}</text>')
        parts.append(f'<text x="{_pct(centre)}%" y="100%" dy="-0.4em" text-anchor="middle" class="chart-label" '
                     f'{FONT} fill="{MUTED}">{escape(str(label))}</text>')
    parts.append("</svg>")
    return "".join(parts)

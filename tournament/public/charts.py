"""Server-rendered SVG charts: pure functions over numbers and ready-made (translated) labels; no Django, no JS.

``running_total_svg`` draws a player's running total over the games of a tournament: a line from 0 through the
total after each game, a zero line, light horizontal grid lines with their values, a dashed line where a new
round begins, and the final total at the end of the line. The SVG scales with its container (``viewBox`` and
``width="100%"``); text is escaped here, so the caller may pass any names.
"""

import math
from xml.sax.saxutils import escape, quoteattr

from tournament.common.numbers import signed

WIDTH = 360
HEIGHT = 190
PAD_LEFT = 40      # room for the value labels
PAD_RIGHT = 46     # room for the final total
PAD_TOP = 18       # room for the round labels
PAD_BOTTOM = 16
# Presentation attributes, so the SVG looks right on its own too; a stylesheet may override them by class.
FONT = 'font-family="system-ui, sans-serif" font-size="11"'
INK, MUTED, LINE, FOREST, MINUS = "#1d2521", "#5b6660", "#d9dfdb", "#1f4d3a", "#b3261e"


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


def running_total_svg(totals, *, breaks=(), title="", description="", empty_text="", element_id="chart"):
    """The SVG (a string) of ``totals`` — the running total after game 1, 2, … — starting from 0.

    ``breaks`` is a sequence of ``(index, label)``: a dashed line is drawn before the game at ``index``
    (0-based into ``totals``) with ``label`` above it, e.g. where round 2 begins. ``title`` and ``description``
    become the accessible name and description; ``empty_text`` is shown when there are no totals yet.
    """
    totals = [int(t) for t in totals]
    ident = escape(str(element_id), {'"': "&quot;"})
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
             f'class="chart" role="img" aria-labelledby="{ident}-title {ident}-desc" id="{ident}">',
             f'<title id="{ident}-title">{escape(title)}</title>',
             f'<desc id="{ident}-desc">{escape(description)}</desc>']
    if not totals:
        parts.append(f'<text x="{WIDTH / 2:g}" y="{HEIGHT / 2:g}" text-anchor="middle" class="chart-empty" '
                     f'{FONT} fill="{MUTED}">{escape(empty_text)}</text></svg>')
        return "".join(parts)

    low, high, step = _bounds(totals)
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    count = len(totals)

    def x(i):                      # i = games played (0 = the start)
        return PAD_LEFT + plot_w * i / count

    def y(value):
        return PAD_TOP + plot_h * (high - value) / (high - low)

    parts.append('<g class="chart-grid">')
    value = low
    while value <= high:
        cls = "chart-zero" if value == 0 else "chart-line"
        parts.append(f'<line x1="{PAD_LEFT}" x2="{PAD_LEFT + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
                     f'class="{cls}" stroke="{MUTED if value == 0 else LINE}" stroke-width="1"/>')
        parts.append(f'<text x="{PAD_LEFT - 4}" y="{y(value) + 3.5:.1f}" text-anchor="end" class="chart-label" '
                     f'{FONT} fill="{MUTED}">{escape(signed(value))}</text>')
        value += step
    parts.append("</g>")

    for index, label in breaks:
        if 0 < index < count:
            bx = x(index)
            parts.append(f'<line x1="{bx:.1f}" x2="{bx:.1f}" y1="{PAD_TOP - 4}" y2="{PAD_TOP + plot_h}" '
                         f'class="chart-break" stroke="{MUTED}" stroke-dasharray="3 3"/>')
            parts.append(f'<text x="{bx + 3:.1f}" y="{PAD_TOP - 6}" class="chart-label" {FONT} '
                         f'fill="{MUTED}">{escape(label)}</text>')

    points = [(x(0), y(0))] + [(x(i + 1), y(t)) for i, t in enumerate(totals)]
    path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
    parts.append(f'<polyline points="{path}" class="chart-path" fill="none" stroke="{FOREST}" '
                 f'stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>')
    last_x, last_y = points[-1]
    final = totals[-1]
    tone = "chart-plus" if final > 0 else "chart-minus" if final < 0 else "chart-even"
    colour = MINUS if final < 0 else FOREST if final > 0 else INK
    parts.append(f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3" class="chart-dot {tone}" fill="{colour}"/>')
    parts.append(f'<text x="{last_x + 6:.1f}" y="{last_y + 4:.1f}" class="chart-final {tone}" '
                 f'data-total={quoteattr(str(final))} {FONT} font-weight="700" fill="{colour}">{escape(signed(final))}</text>')
    parts.append("</svg>")
    return "".join(parts)

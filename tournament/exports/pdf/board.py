"""The standings for the notice board: A4 landscape, large type (names 16 pt), a fixed number of rows a page.

Beside the compact ``standings`` list this one is read standing, from a step away: rank, name, town, the round
scores when they fit (up to ``MAX_ROUNDS``) and the total; prize places shaded, places decided by lot marked
(legend in the page foot), the status on every page ("vorläufig — …" while a round is open, else "Endstand"). Every
page repeats the title, the tournament and the page number (``@page`` margin boxes), so a page pinned up alone still
says what it is.

Rows are cut into pages here, not by the layout: ``ROWS_PER_PAGE`` rows, fewer when long names wrap
(``lines_of``), so every page holds whole rows and no row is pushed over the edge.
"""

from math import ceil

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common.numbers import signed
from tournament.exports.base import CEGO_GAMES, PdfExporter
from tournament.exports.registry import register
from tournament.exports.sections import LOT_MARK, lot_legend
from tournament.prizes import selectors as prize_selectors
from tournament.standings.categories import category_label
from tournament.standings.selectors import tournament_standings

ROWS_PER_PAGE = 15
MAX_ROUNDS = 3
NAME_CHARS = {True: 34, False: 48}    # characters of a 16-pt name on one line, with and without round columns


def lines_of(name, with_rounds):
    """How many lines ``name`` takes in its column (an estimate on the safe side)."""
    return max(1, ceil(len(name) / NAME_CHARS[with_rounds]))


def pages_of(rows, with_rounds, per_page=ROWS_PER_PAGE):
    """Cut the rows into pages: at most ``per_page`` rows, a wrapped name counting 0.7 of a row per extra line, and
    so does the prize under the town (a tournament with a prize plan, docs/prizes.md)."""
    pages, page, used = [], [], 0.0
    for row in rows:
        height = 1 + 0.7 * (lines_of(row["name"], with_rounds) - 1) + (0.7 if row.get("award") else 0)
        if page and used + height > per_page:
            pages.append(page)
            page, used = [], 0.0
        page.append(row)
        used += height
    if page:
        pages.append(page)
    return pages


@register
class StandingsBoardPdf(PdfExporter):
    identifier = "standings_board"
    games = CEGO_GAMES
    category_games = CEGO_GAMES
    verbose_name = gettext_lazy("Standings for the notice board (large type, landscape)")
    scope = "tournament"
    template_name = "exports/pdf/standings_board.html"
    shows_status = True

    def context(self, *, tournament, category=None, per_page=ROWS_PER_PAGE, **kwargs):
        standings = tournament_standings(tournament, category=category)
        label = category_label(tournament.season, category)
        title = _("Standings") + (f" · {label}" if label else "")
        prize_keys = {r.key for r in standings.prizes}
        won = prize_selectors.award_texts(tournament, standings) if prize_selectors.plan_of(tournament) else {}
        with_rounds = len(standings.rounds) <= MAX_ROUNDS
        rows = [{"rank": f"{r.rank}.", "lot": r.by_lot, "name": r.data["name"], "town": r.data["town"],
                 "rounds": [signed(v) if v else "0" for v in r.round_scores] if with_rounds else [],
                 "total": signed(r.total), "prize": r.key in prize_keys, "award": won.get(r.key, "")}
                for r in standings.rows]
        notes = [lot_legend()] if any(r["lot"] for r in rows) else []
        if standings.prizes:
            notes.append(_("shaded: prize places"))
        return {"title": title, "tournament": tournament,
                "rounds": standings.rounds if with_rounds else [], "pages": pages_of(rows, with_rounds, per_page),
                "lot_mark": LOT_MARK, "legend": " · ".join(notes)}

    def stem(self, *, tournament, category=None, **kwargs):
        return (_("standings-board"), tournament.name, category_label(tournament.season, category))

"""Standings as PDF: tournament (with the prize list), season, teams and categories.

Every table is built here as a plain *section* (title, columns, rows of cell texts) and printed by one template,
``pdf/standings.html``; the numbers come from ``tournament.standings.selectors`` and nothing is ranked here.

Paper rules (docs/exports.md, "Lists and standings on paper"): every column has a fixed width in mm except the
name, which takes the rest and wraps inside it, so no name pushes a column off the page; numbers never wrap. A
place decided by lot carries ``LOT_MARK`` and the page foot explains it.
"""

from django.db.models import Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from tournament.common.collation import name_key
from tournament.common.numbers import signed
from tournament.exports import ziege
from tournament.exports.base import CEGO_GAMES, PdfExporter, render_document, render_pdf
from tournament.exports.registry import register
from tournament.exports.sections import (
    HEAD_PT,
    LINE_MM,
    LOT_MARK,
    PORTRAIT_MM,
    col,
    finish,
    half_mm,
    lot_legend,
    needed,
    rank_text,
    season_frame,
)
from tournament.games import keys, kind_of
from tournament.models import Entry
from tournament.prizes import selectors as prize_selectors
from tournament.results.status import season_status
from tournament.standings.categories import category_choices, category_label
from tournament.standings.selectors import (
    season_standings,
    team_standings,
    tournament_standings,
)
from tournament.standings.ziege_season import season_ziege_standings

NOT_COUNTED = "–*"
ONE_PAGE_ROWS = 40      # standings and prize list together beyond this many rows: never on one page


def tournament_section(tournament, standings, title, *, prize_keys=()):
    rows = standings.rows
    with_team = any(r.data["team"] for r in rows)
    with_adjustments = any(r.data["adjustments"] for r in rows)
    columns = [col(_("Rank"), True, "rank", 12), col(_("No."), True, "", 9), col(_("Name"), cls="name"),
               col(_("Town"), cls="small", width=30 if with_team else 34)]
    if with_team:
        columns.append(col(_("Team"), cls="small", width=30, team=True))
    columns += [col(_("R%(n)s") % {"n": n}, True, "", 12.5) for n in standings.rounds]
    if with_adjustments:
        columns.append(col(_("Adj."), True, "", 11))
    declarer = kind_of(tournament).declarer          # Offiziers-Cego: nobody is declarer (docs/standings.md)
    columns += [col(_("Total points"), True, "total", 15)]
    if declarer:
        label = _("Decl. +/−")             # as wide as its heading on one line ("Sp. +/" over "−" at 12 mm)
        columns.append(col(label, True, "", max(12.0, half_mm(needed([label], HEAD_PT, bold=True)))))
    body = []
    for r in rows:
        d = r.data
        cells = [rank_text(r), d["start_number"], d["name"], d["town"]]
        if with_team:
            cells.append(d["team"])
        # a table of the round ended early and not counted: "–*", explained under the table
        cells += [NOT_COUNTED if reason is not None else signed(v) if v else "0"
                  for v, reason in d.get("round_cells") or [(v, None) for v in r.round_scores]]
        if with_adjustments:
            cells.append(signed(d["adjustments"]) if d["adjustments"] else "")
        cells += [signed(r.total)] + ([f"{r.declarer_won}/{r.declarer_lost}"] if declarer else [])
        body.append({"cells": cells, "cls": "prize" if r.key in prize_keys else "", "lot": r.by_lot})
    uncounted = any(reason is not None for r in rows for _v, reason in r.data.get("round_cells", ()))
    return {"title": title, "columns": columns, "rows": body, "empty": _("No results yet."),
            "note": _("%(mark)s not counted: the table ended early.") % {"mark": NOT_COUNTED} if uncounted else ""}


def prize_columns():
    """The prize list's columns, built here only: rank, name, town, total, the "last place" mark (left out when
    nobody on the list carries it), the prize of the plan (issue 26, docs/prizes.md) and "received", an empty box
    to tick or sign when the prize is handed over (docs/exports.md, "Prize lists")."""
    return [col(_("Rank"), True, "rank", 12), col(_("Name"), cls="name"), col(_("Town"), width=32),
            col(_("Total points"), True, "total", 18), col("", width=24, optional=True),
            col(_("Prize"), width=42), col(pgettext("prize list", "received"), cls="receipt", width=24, keep=True)]


def prize_section(tournament, standings):
    """The prize list. It follows the standings on the same page when both fit on one (a small tournament: no
    page 2 with eight rows), else it has a page of its own under its heading (``StandingsPdf.render_content``)."""
    body = [{"cells": [rank_text(r), r.data["name"], r.data["town"], signed(r.total),
                       _("last place") if award.kind == "last" else "", text, ""],
             "cls": "", "lot": r.by_lot} for r, award, text in prize_selectors.winners(tournament, standings)]
    together = len(standings.rows) + len(body) <= ONE_PAGE_ROWS
    count = prize_selectors.place_count_of(tournament, standings)
    return {"title": _("Prize list"), "break": "if-needed" if together else True,
            "note": _("The first %(n)s places win a prize; shared places at the edge all count.")
            % {"n": count},
            "columns": prize_columns(), "rows": body, "empty": _("No results yet.")}


def season_section(season, standings, title):
    columns, body, legend = season_frame(
        standings, heads=(_("Rank"), _("Name"), _("Town"), _("Played")),
        tail=[col(_("Total points"), True, "total")], cell=signed, totals=lambda r: [signed(r.total)])
    note = _("The best %(n)s results count; results in brackets do not.") % {"n": season.best_n} \
        if season.best_n else ""
    return {"title": title, "columns": columns, "rows": body, "lead": legend, "note": note,
            "empty": _("No results yet.")}


def team_section(standings, members, title):
    body = []
    for r in standings.rows:
        names = ", ".join(f"{name} ({signed(points)})" for name, points in members.get(r.data["team_id"], []))
        body.append({"cells": [rank_text(r), r.data["name"], r.data["members"], signed(r.total)], "cls": "",
                     "detail": names})
    return {"title": title, "columns": [col(_("Rank"), True, "rank", 12), col(_("Team"), cls="name", team=True),
                                        col(_("Players"), True, "", 18), col(_("Total points"), True, "total", 20)],
            "rows": body, "empty": _("No teams.")}


def team_members(entries):
    """{team_id: [(name, points)]} from entries, points summed per player, best first (equal points by name)."""
    per_team = {}
    rows = (entries.filter(team__isnull=False)
            .values("team_id", "player__first_name", "player__last_name").annotate(points=Sum("total")))
    for row in rows:
        first, last = row["player__first_name"], row["player__last_name"]
        per_team.setdefault(row["team_id"], []).append((f"{first} {last}", row["points"] or 0, name_key(last, first)))
    return {team: [(name, points) for name, points, _key in sorted(members, key=lambda m: (-m[1], m[2]))]
            for team, members in per_team.items()}


class StandingsPdf(PdfExporter):
    template_name = "exports/pdf/standings.html"
    wide = False
    shows_status = True

    def page_context(self, title, sections, **extra):
        lots = any(row.get("lot", False) for section in sections for row in section["rows"])
        line = LINE_MM if extra.get("wide", self.wide) else PORTRAIT_MM
        for section in sections:
            section["heading"] = section["title"] != title    # the running header names the document already
            finish(section, line)
        return {"title": title, "sections": sections, "wide": self.wide, "lot_mark": LOT_MARK,
                "legend": lot_legend() if lots else "", **extra}

    def render_content(self, context):
        """A section that may stay with the one before (``"break": "if-needed"``, the prize list) does when the
        whole document then fits on one page; otherwise it starts a page of its own. Tried only for short lists
        (``prize_section``): one extra layout of a page."""
        maybe = [s for s in context["sections"] if s.get("break") == "if-needed"]
        for section in maybe:
            section["break"] = False
        if maybe:
            document = render_document(self.template_name, context)
            if len(document.pages) == 1:
                return document.write_pdf()
            for section in maybe:
                section["break"] = True
        return render_pdf(self.template_name, context)


@register
class TournamentStandingsPdf(StandingsPdf):
    identifier = "standings"
    verbose_name = gettext_lazy("Standings with the prize list")
    scope = "tournament"
    category_games = CEGO_GAMES          # a Ziege tournament ranks teams: no categories (refused, ``unavailable``)

    def context(self, *, tournament, category=None, **kwargs):
        if kind_of(tournament).teams:           # teams of two (exports.ziege)
            title = _("Standings")
            return self.page_context(title, [ziege.standings_section(tournament, title)], tournament=tournament)
        standings = tournament_standings(tournament, category=category)
        label = category_label(tournament.season, category)
        title = _("Standings") + (f" · {label}" if label else "")
        prize_keys = {r.key for r in standings.prizes}
        sections = [tournament_section(tournament, standings, title, prize_keys=prize_keys)]
        if not category:
            sections.append(prize_section(tournament, standings))
        return self.page_context(title, sections, tournament=tournament, wide=len(standings.rounds) > 3)

    def stem(self, *, tournament, category=None, **kwargs):
        return (_("standings"), tournament.name, category_label(tournament.season, category))


@register
class TournamentTeamsPdf(StandingsPdf):
    identifier = "team_standings"
    games = CEGO_GAMES
    needs_teams = True
    verbose_name = gettext_lazy("Team standings")
    scope = "tournament"

    def context(self, *, tournament, **kwargs):
        standings = team_standings(tournament=tournament)
        members = team_members(Entry.objects.filter(tournament=tournament))
        title = _("Team standings")
        return self.page_context(title, [team_section(standings, members, title)], tournament=tournament)

    def stem(self, *, tournament, **kwargs):
        return (_("team-standings"), tournament.name)


@register
class TournamentCategoriesPdf(StandingsPdf):
    identifier = "category_standings"
    games = CEGO_GAMES
    verbose_name = gettext_lazy("Category standings (every category, ranked within it)")
    scope = "tournament"

    def context(self, *, tournament, **kwargs):
        sections = []
        for key, label in category_choices(tournament.season):
            section = tournament_section(tournament, tournament_standings(tournament, category=key), label)
            section["break"] = bool(sections)
            sections.append(section)
        return self.page_context(_("Category standings"), sections, tournament=tournament)

    def stem(self, *, tournament, **kwargs):
        return (_("category-standings"), tournament.name)


@register
class SeasonStandingsPdf(StandingsPdf):
    identifier = "season_standings"
    verbose_name = gettext_lazy("Season standings")
    scope = "season"
    wide = True

    def context(self, *, season, category=None, **kwargs):
        label = category_label(season, category)
        title = _("Season standings") + (f" · {label}" if label else "")
        standings = season_standings(season, category=category)
        sections = [season_section(season, standings, title)]
        # Ziege tournaments: a table of their own after the Cego one, never in its sums (docs/standings.md
        # "Ziege in a season"); the categories are Cego's, so a category's standings have none.
        if not category and season.tournaments.filter(game__in=keys(teams=True)).exists():
            ziege_table = ziege.season_section(season, season_ziege_standings(season), _("Ziege"))
            if not standings.columns:                  # a season of Ziege evenings only: no empty Cego table
                sections, ziege_table["break"], ziege_table["status"] = [], False, None   # the head says it
            sections.append(ziege_table)
        return self.page_context(title, sections, season=season)

    def status(self, *, season, category=None, **kwargs):
        # a category ranks Cego results only; the whole list has its Ziege table too, and counts every evening

        return season_status(season, CEGO_GAMES if category else None)

    def stem(self, *, season, category=None, **kwargs):
        return (_("season-standings"), season.name, category_label(season, category))


@register
class SeasonTeamsPdf(StandingsPdf):
    identifier = "season_team_standings"
    needs_teams = True
    verbose_name = gettext_lazy("Season team standings")
    scope = "season"
    status_games = CEGO_GAMES       # Ziege evenings are not in the team table (their entries have no total)

    def context(self, *, season, **kwargs):
        standings = team_standings(season=season)
        members = team_members(Entry.objects.filter(tournament__season=season)
                               .exclude(tournament__game__in=keys(teams=True)))
        title = _("Season team standings")
        return self.page_context(title, [team_section(standings, members, title)], season=season)

    def stem(self, *, season, **kwargs):
        return (_("season-team-standings"), season.name)


@register
class SeasonCategoriesPdf(StandingsPdf):
    identifier = "season_category_standings"
    verbose_name = gettext_lazy("Season category standings")
    scope = "season"
    needs_cego = True               # the categories rank Cego results: nothing for Ziege evenings only
    status_games = CEGO_GAMES       # the categories rank Cego results only
    wide = True

    def context(self, *, season, **kwargs):
        sections = []
        for key, label in category_choices(season):
            standings = season_standings(season, category=key)
            section = season_section(season, standings, label)
            section["break"] = bool(sections)
            sections.append(section)
        return self.page_context(_("Season category standings"), sections, season=season)

    def stem(self, *, season, **kwargs):
        return (_("season-category-standings"), season.name)

"""Standings as PDF: tournament (with the prize list), season, teams and categories.

Every table is built here as a plain *section* (title, columns, rows of cell texts) and printed by one template,
``pdf/standings.html``; the numbers come from ``tournament.standings.selectors`` and nothing is ranked here.
"""

from django.db.models import Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common.collation import name_key
from tournament.common.numbers import signed
from tournament.exports.base import PdfExporter
from tournament.exports.registry import register
from tournament.models import Entry
from tournament.standings.categories import category_choices
from tournament.standings.selectors import (
    season_standings,
    team_standings,
    tournament_standings,
)


def col(label, num=False, cls=""):
    return {"label": label, "num": num, "cls": cls}


def rank_text(row):
    return f"{row.rank}."


def tournament_section(tournament, standings, title, *, prize_keys=()):
    rows = standings.rows
    with_team = any(r.data["team"] for r in rows)
    with_adjustments = any(r.data["adjustments"] for r in rows)
    columns = [col(_("Rank"), True), col(_("No."), True), col(_("Name"), cls="name"), col(_("Town"))]
    if with_team:
        columns.append(col(_("Team")))
    columns += [col(_("R%(n)s") % {"n": n}, True) for n in standings.rounds]
    if with_adjustments:
        columns.append(col(_("Adj."), True))
    columns += [col(_("Total points"), True, "total"), col(_("Decl. +/−"), True)]
    body = []
    for r in rows:
        d = r.data
        cells = [rank_text(r), d["start_number"], d["name"], d["town"]]
        if with_team:
            cells.append(d["team"])
        cells += [signed(v) if v else "0" for v in r.round_scores]
        if with_adjustments:
            cells.append(signed(d["adjustments"]) if d["adjustments"] else "")
        cells += [signed(r.total), f"{r.declarer_won}/{r.declarer_lost}"]
        body.append({"cells": cells, "cls": "prize" if r.key in prize_keys else ""})
    return {"title": title, "columns": columns, "rows": body, "empty": _("No results yet.")}


def prize_section(tournament, standings):
    last_rank = standings.rows[-1].rank if standings.rows else None
    body = [{"cells": [rank_text(r), r.data["name"], r.data["town"], signed(r.total),
                       _("last place") if r.rank == last_rank and r.rank > tournament.prize_places else ""],
             "cls": ""} for r in standings.prizes]
    return {"title": _("Prize list"), "break": True,
            "note": _("The first %(n)s places win a prize; shared places at the edge all count.")
            % {"n": tournament.prize_places},
            "columns": [col(_("Rank"), True), col(_("Name")), col(_("Town")), col(_("Total points"), True, "total"),
                        col("")],
            "rows": body, "empty": _("No results yet.")}


def season_section(season, standings, title):
    tournaments = standings.columns
    columns = [col(_("Rank"), True), col(_("Name"), cls="name"), col(_("Town")), col(_("Played"), True)]
    columns += [col(str(i), True) for i in range(1, len(tournaments) + 1)]
    columns.append(col(_("Total points"), True, "total"))
    body = []
    for r in standings.rows:
        d = r.data
        counted = set(d["counted"])
        values = []
        for i, v in enumerate(d["per_tournament"]):
            text = "" if v is None else signed(v)
            values.append(text if v is None or i in counted else f"({text})")
        body.append({"cells": [rank_text(r), d["name"], d["town"], d["participations"], *values, signed(r.total)],
                     "cls": ""})
    legend = " · ".join(f"{i} = {t.name} ({t.date:%d.%m.})" for i, t in enumerate(tournaments, start=1))
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
    return {"title": title, "columns": [col(_("Rank"), True), col(_("Team")), col(_("Players"), True),
                                        col(_("Total points"), True, "total")],
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

    def page_context(self, title, sections, **extra):
        for section in sections:
            classes = [("num " if c["num"] else "") + c["cls"] for c in section["columns"]]
            for row in section["rows"]:
                row["cells"] = [{"text": text, "cls": cls} for text, cls in zip(row["cells"], classes)]
        return {"title": title, "sections": sections, "wide": self.wide, **extra}


@register
class TournamentStandingsPdf(StandingsPdf):
    identifier = "standings"
    verbose_name = gettext_lazy("Standings with the prize list")
    scope = "tournament"

    def context(self, *, tournament, category=None, **kwargs):
        standings = tournament_standings(tournament, category=category)
        label = dict(category_choices(tournament.season)).get(category, "") if category else ""
        title = _("Standings") + (f" · {label}" if label else "")
        prize_keys = {r.key for r in standings.prizes}
        sections = [tournament_section(tournament, standings, title, prize_keys=prize_keys)]
        if not category:
            sections.append(prize_section(tournament, standings))
        return self.page_context(title, sections, tournament=tournament, provisional=standings.provisional)

    def stem(self, *, tournament, category=None, **kwargs):
        return (_("standings"), tournament.name, category)


@register
class TournamentTeamsPdf(StandingsPdf):
    identifier = "team_standings"
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
        label = dict(category_choices(season)).get(category, "") if category else ""
        title = _("Season standings") + (f" · {label}" if label else "")
        section = season_section(season, season_standings(season, category=category), title)
        return self.page_context(title, [section], season=season)

    def stem(self, *, season, category=None, **kwargs):
        return (_("season-standings"), season.name, category)


@register
class SeasonTeamsPdf(StandingsPdf):
    identifier = "season_team_standings"
    needs_teams = True
    verbose_name = gettext_lazy("Season team standings")
    scope = "season"

    def context(self, *, season, **kwargs):
        standings = team_standings(season=season)
        members = team_members(Entry.objects.filter(tournament__season=season))
        title = _("Season team standings")
        return self.page_context(title, [team_section(standings, members, title)], season=season)

    def stem(self, *, season, **kwargs):
        return (_("season-team-standings"), season.name)


@register
class SeasonCategoriesPdf(StandingsPdf):
    identifier = "season_category_standings"
    verbose_name = gettext_lazy("Season category standings")
    scope = "season"
    wide = True

    def context(self, *, season, **kwargs):
        sections = []
        for key, label in category_choices(season):
            section = season_section(season, season_standings(season, category=key), label)
            section["break"] = bool(sections)
            sections.append(section)
        return self.page_context(_("Season category standings"), sections, season=season)

    def stem(self, *, season, **kwargs):
        return (_("season-category-standings"), season.name)

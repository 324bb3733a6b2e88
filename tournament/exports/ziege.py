"""The files of a Ziege tournament (docs/exports.md "Ziege"): the team standings on paper and in the workbook,
the games of each round in the workbook, the Ziege score sheet (filled ``ziege_sheets``, blank
``ziege_sheets_blank``) and the team list (``ziege_teams``). The Cego layouts are refused for a Ziege
tournament (``Exporter.games``).

The tournament standings PDF (``standings``) and the tournament workbook (``tournament_workbook``) hand a Ziege
tournament to ``standings_context`` and ``workbook_sheets``; the score sheet is its own exporter
(``ziege_sheets``, a round's tables). Numbers come from ``standings.ziege`` and ``results.ziege``.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common.numbers import signed
from tournament.draws.selectors import namesake_scope, seat_labels
from tournament.exports.base import INTEGER, SIGNED, ZIEGE_GAMES, Column, PdfExporter, Sheet
from tournament.exports.registry import register
from tournament.exports.sections import LOT_MARK, col, lot_legend, season_frame
from tournament.models import Round, Seat, ZiegeBye
from tournament.results import ziege as ziege_results
from tournament.results.status import season_status
from tournament.standings import ziege as ziege_standings

BLANK_ROWS = 22            # game lines of a blank sheet: several series fit


def standings_section(tournament, title):
    """The team standings as a section of ``exports/pdf/standings.html``."""
    # headings wrap inside their columns (two lines at most), as the Cego list's; the numbers are short
    columns = [col(_("Rank"), True, "rank", 12), col(_("No."), True, "", 9), col(_("Players"), cls="name"),
               col(_("Series won"), True, "total", 21), col(_("Series lost"), True, "", 21),
               col(_("Defeat points given"), True, "", 25), col(_("Defeat points received"), True, "", 25),
               col(_("Difference"), True, "", 19)]
    body = [{"cells": [f"{r['rank']}.", r["number"], r["players"], r["series_won"], r["series_lost"], r["given"],
                       r["received"], signed(r["diff"])], "cls": "", "lot": r["by_lot"]}
            for r in ziege_standings.standings(tournament)]
    return {"title": title, "columns": columns, "rows": body, "empty": _("No results yet."),
            "note": _("Ranked by series won, then by the difference of defeat points, then by lot. A bye counts as "
                      "one series won.")}


def season_section(season, standings, title):
    """The season's Ziege table (``standings.ziege_season``) as a section of ``exports/pdf/standings.html``: the
    columns of the season page — rank, name, town, tournaments played, per Ziege tournament the series won and
    the defeat-point difference ("2 +14"; in brackets when outside the best N), the series won and the
    difference of the season."""
    columns, body, legend = season_frame(
        standings, heads=(_("Rank"), _("Name"), _("Town"), _("Played")),
        tail=[col(_("Series"), True, "total"), col(_("Diff."), True, "")],
        cell=lambda c: f"{c['series_won']} {signed(c['diff'])}", totals=lambda r: [r.total, signed(r.data["diff"])])
    notes = [_("Per tournament: series won and the difference of defeat points given and received. Ranked by "
               "series won, then by the difference; players still equal share a rank.")]
    if season.best_n:
        notes.append(_("The best %(n)s results count; results in brackets do not.") % {"n": season.best_n})
    # provisional or final as every list says it (``results.status``), counting the Ziege evenings only: a flag
    # under the section's heading that also sets the running header of its pages
    return {"title": title, "columns": columns, "rows": body, "lead": legend, "note": " ".join(notes),
            "status": season_status(season, ZIEGE_GAMES),
            "empty": _("No Ziege results in this season yet."), "break": True}


def workbook_sheets(tournament):
    """The workbook's sheets of a Ziege tournament: team standings, then one sheet per round with every game."""
    ranked = ziege_standings.standings(tournament)
    lots = any(r["by_lot"] for r in ranked)          # the lot column only when the lot decided a place, as Cego's

    def standings_rows():
        for r in ranked:
            pair = r["pair"]
            yield [r["rank"], *([LOT_MARK if r["by_lot"] else ""] if lots else []), r["number"],
                   pair.first.player.full_name, pair.second.player.full_name, r["series_won"], r["series_lost"],
                   r["given"], r["received"], r["diff"], r["byes"]]

    yield Sheet(_("Standings"), [
        Column(_("Rank"), 7, INTEGER), *([Column(_("Lot"), 5)] if lots else []), Column(_("Team"), 7, INTEGER),
        Column(_("First player"), 24), Column(_("Second player"), 24), Column(_("Series won"), 11, INTEGER),
        Column(_("Series lost"), 11, INTEGER), Column(_("Defeat points given"), 14, INTEGER),
        Column(_("Defeat points received"), 14, INTEGER), Column(_("Difference"), 11, SIGNED),
        Column(_("Byes"), 7, INTEGER)], standings_rows(), freeze_columns=3 if lots else 2,
        note=lot_legend() if lots else "")
    for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
        yield Sheet(_("Round %(n)s") % {"n": round_.number}, [
            Column(_("Table"), 7, INTEGER), Column(_("Team A"), 7, INTEGER), Column(_("Team B"), 7, INTEGER),
            Column(_("Game"), 7, INTEGER), Column(_("Series"), 7, INTEGER), Column(_("Card points A"), 10, INTEGER),
            Column(_("Trick A"), 8), Column(_("Card points B"), 10, INTEGER), Column(_("Trick B"), 8),
            Column(_("Defeat points A"), 10, INTEGER), Column(_("Defeat points B"), 10, INTEGER),
            Column(_("Series winner"), 10)], _round_rows(round_))


def _round_rows(round_):
    yes, no = _("yes"), _("no")
    for table in round_.tables.all():
        team_a, team_b = ziege_results.table_teams(table)
        for r in ziege_results.sheet(table.ziege_games.all())["rows"]:
            yield [table.number, team_a and team_a.number, team_b and team_b.number, r["number"], r["series"],
                   r["points_a"], yes if r["trick_a"] else no, r["points_b"], yes if r["trick_b"] else no,
                   r["defeat_a"], r["defeat_b"], r["winner"] or ""]


def sheet_of(table, filled, scope=None):
    """One Ziege score sheet: the teams with their players named as the Cego sheets name them (a namesake in the
    tournament with its town or start number: ``draws.selectors.seat_labels``), the games when ``filled``."""
    team_a, team_b = ziege_results.table_teams(table)
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    labels = seat_labels(seats, scope)
    named = {s.entry_id: labels[s.position].full for s in seats}

    def names(pair):
        return [named.get(e.pk, e.player.full_name) for e in (pair.first, pair.second)] if pair else []

    rows = ziege_results.sheet(table.ziege_games.all())["rows"] if filled else []
    blank = max(BLANK_ROWS - len(rows), 4 if filled else BLANK_ROWS)
    return {"table": table, "team_a": team_a, "team_b": team_b, "names_a": names(team_a), "names_b": names(team_b),
            "rows": rows, "blank": range(blank)}


@register
class ZiegeRoundSheets(PdfExporter):
    identifier = "ziege_sheets"
    verbose_name = gettext_lazy("Ziege score sheets of the round (filled with the games entered)")
    scope = "round"
    games = ZIEGE_GAMES
    template_name = "exports/pdf/ziege_sheet.html"
    filled = True

    def context(self, *, round_, filled=None, **kwargs):
        filled = self.filled if filled is None else filled
        scope = namesake_scope(round_.tournament_id)          # one query for the round's namesakes
        return {"tournament": round_.tournament, "round": round_, "filled": filled,
                "sheets": [sheet_of(t, filled, scope) for t in round_.tables.all()]}

    def stem(self, *, round_, **kwargs):
        return (_("ziege-sheets"), round_.tournament.name, _("round %(n)s") % {"n": round_.number})


@register
class ZiegeBlankRoundSheets(ZiegeRoundSheets):
    identifier = "ziege_sheets_blank"
    verbose_name = gettext_lazy("Ziege score sheets of the round (blank, for the tables)")
    filled = False

    def stem(self, *, round_, **kwargs):
        return (_("ziege-sheets-blank"), round_.tournament.name, _("round %(n)s") % {"n": round_.number})


def team_lines(tournament):
    """Every team with its players (start numbers) and its table in each drawn round (a bye says so, "–": not
    drawn)."""
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    table_of = {}
    for round_id, table_number, entry_id in (Seat.objects.filter(round__tournament=tournament)
                                             .values_list("round_id", "table__number", "entry_id")):
        table_of[round_id, entry_id] = table_number
    byes = set(ZiegeBye.objects.filter(round__tournament=tournament).values_list("round_id", "pair_id"))
    lines = []
    for pair in tournament.ziege_pairs.select_related("first__player", "second__player"):
        lines.append({"number": pair.number, "players": [
            {"name": e.player.full_name, "start_number": e.start_number, "club": e.player.club}
            for e in (pair.first, pair.second)],
            "tables": [table_of.get((r.pk, pair.first_id), _("bye") if (r.pk, pair.pk) in byes else "–")
                       for r in rounds]})
    return rounds, lines


@register
class ZiegeTeamsPdf(PdfExporter):
    identifier = "ziege_teams"
    verbose_name = gettext_lazy("Team list (teams of two, with their table in each round)")
    scope = "tournament"
    games = ZIEGE_GAMES
    template_name = "exports/pdf/ziege_teams.html"

    def context(self, *, tournament, **kwargs):
        rounds, lines = team_lines(tournament)
        return {"tournament": tournament, "rounds": rounds, "teams": lines}

    def stem(self, *, tournament, **kwargs):
        return (_("team-list"), tournament.name)

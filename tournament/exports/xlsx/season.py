"""The season workbook: overall standings, teams, one sheet per category, the Ziege table (a season with Ziege
tournaments), participations, and the game log.

The game log has one row per player and game (a game of a table of 4 gives four rows): 400 players at 13
tournaments of 48 games are ≈ 250,000 rows. It streams: games are read with ``iterator()`` in chunks, the seats
and tables of the season are looked up in two dicts, and openpyxl writes in write-only mode, so memory stays
flat (bench/exports.py measures it).
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import seats as seat_rules
from scoring.contracts import CONTRACTS, DRESCHER, RAEUBER
from tournament.common.i18n import engine_lang
from tournament.exports.base import DATE, INTEGER, SIGNED, Column, ListExporter, Sheet
from tournament.exports.registry import register
from tournament.games import keys, kind_of
from tournament.models import Entry, Game, Score, Seat, Table
from tournament.standings import ziege as ziege_standings
from tournament.standings.categories import category_choices
from tournament.standings.selectors import (
    has_cego,
    has_teams,
    season_standings,
    team_standings,
    tournament_standings,
)
from tournament.standings.ziege_season import season_ziege_standings


def overall_sheet(season, title, category=None):
    standings = season_standings(season, category=category)
    columns = [Column(_("Rank"), 7, INTEGER), Column(_("First name"), 14), Column(_("Last name"), 16),
               Column(_("Town"), 16), Column(_("Club"), 22), Column(_("Played"), 9, INTEGER)]
    columns += [Column(f"{t.name} ({t.date:%d.%m.})", 14, SIGNED) for t in standings.columns]
    columns += [Column(_("Total points"), 11, SIGNED), Column(_("Sum of all results"), 12, SIGNED)]
    rows = ([r.rank, r.data["first_name"], r.data["last_name"], r.data["town"], r.data["club"],
             r.data["participations"], *r.data["per_tournament"], r.total, r.data["sum_all"]]
            for r in standings.rows)
    return Sheet(title, columns, rows, counted=False, freeze_columns=3)        # rank and name


def teams_sheet(season):
    standings = team_standings(season=season)
    columns = [Column(_("Rank"), 7, INTEGER), Column(_("Team"), 28), Column(_("Players"), 9, INTEGER),
               Column(_("Total points"), 11, SIGNED)]
    rows = ([r.rank, r.data["name"], r.data["members"], r.total] for r in standings.rows)
    return Sheet(_("Teams"), columns, rows, counted=False)


def ziege_sheet(season):
    """The season's Ziege table (``standings.ziege_season``): per Ziege tournament the series won and the
    defeat-point difference of the player's team, then the season's sums."""
    standings = season_ziege_standings(season)
    columns = [Column(_("Rank"), 7, INTEGER), Column(_("First name"), 14), Column(_("Last name"), 16),
               Column(_("Town"), 16), Column(_("Played"), 9, INTEGER)]
    for t in standings.columns:
        label = f"{t.name} ({t.date:%d.%m.})"
        columns += [Column(label + " · " + _("Series"), 12, INTEGER), Column(label + " · " + _("Diff."), 10, SIGNED),
                    Column(label + " · " + _("Partner"), 20)]
    columns += [Column(_("Series won"), 10, INTEGER), Column(_("Defeat points given"), 11, INTEGER),
                Column(_("Defeat points received"), 11, INTEGER), Column(_("Diff."), 10, SIGNED)]

    def cells(row):
        for c in row.data["per_tournament"]:
            yield from ((None, None, None) if c is None else (c["series_won"], c["diff"], c["partner"]))

    rows = ([r.rank, r.data["first_name"], r.data["last_name"], r.data["town"], r.data["participations"],
             *cells(r), r.data["series_won"], r.data["given"], r.data["received"], r.data["diff"]]
            for r in standings.rows)
    return Sheet("Ziege", columns, rows, counted=False, freeze_columns=3)


def ziege_ranks(tournament):
    """{entry id: (the team's rank, None)} of a Ziege tournament (``standings.ziege``)."""
    return {entry.pk: (row["rank"], None) for row in ziege_standings.standings(tournament)
            for entry in (row["pair"].first, row["pair"].second)}


def participations_sheet(season):
    """One row per entry: who played where, with the start number, the rank and the total there (a Ziege
    evening: the team's rank, no total — its result is no Cego points)."""
    columns = [Column(_("Tournament"), 26), Column(_("Date"), 11, DATE), Column(_("Start number"), 10, INTEGER),
               Column(_("First name"), 14), Column(_("Last name"), 16), Column(_("Town"), 16), Column(_("Club"), 22),
               Column(_("Team"), 20), Column(_("Rank"), 7, INTEGER), Column(_("Total points"), 11, SIGNED)]

    def rows():
        for tournament in season.tournaments.order_by("date", "pk"):
            ziege = kind_of(tournament).teams
            ranked = ziege_ranks(tournament) if ziege else {r.key: (r.rank, r.total)
                                                            for r in tournament_standings(tournament).rows}
            for e in (Entry.objects.filter(tournament=tournament).select_related("player", "team")
                      .order_by("start_number")):
                rank, total = ranked.get(e.pk, (None, None if ziege else e.total))
                yield [tournament.name, tournament.date, e.start_number, e.player.first_name, e.player.last_name,
                       e.player.town, e.player.club, e.team.name if e.team else "", rank, total]

    return Sheet(_("Participations"), columns, rows())


def game_log_columns():
    """Ten plain columns and no per-cell number formats: in write-only mode every formatted cell is a styled cell
    object that costs openpyxl about as much as three plain ones, and this sheet has 250,000 rows (the date
    is on the participations sheet; points are plain signed integers)."""
    return [Column(_("Tournament"), 26), Column(_("Round"), 8), Column(_("Table"), 7), Column(_("Game no."), 8),
            Column(_("Start number"), 9), Column(_("Name"), 22), Column(_("Contract"), 16), Column(_("Role"), 13),
            Column(_("Card points"), 9), Column(_("Score"), 9)]


def game_log_count(season):
    return Score.objects.filter(table__round__tournament__season=season, game__isnull=False).count()


def game_log_rows(season):
    """Every game of the season, one row per seat (including the seat sitting out), in playing order."""
    lang = engine_lang()
    tables = {}
    for pk, size, number, round_number, name in (
            Table.objects.filter(round__tournament__season=season)
            .values_list("pk", "size", "number", "round__number", "round__tournament__name")):
        tables[pk] = (size, number, round_number, name)
    players = {}
    for table_id, position, number, first, last in (
            Seat.objects.filter(round__tournament__season=season)
            .values_list("table_id", "position", "entry__start_number", "entry__player__first_name",
                         "entry__player__last_name")):
        players[(table_id, position)] = (number, f"{first} {last}")
    contracts = {key: (c.name(lang), c.kind in (RAEUBER, DRESCHER)) for key, c in CONTRACTS.items()}
    declarer, defender, out, announcer = _("declarer"), _("defender"), _("sits out"), _("announcer")
    games = (Game.objects.filter(table__round__tournament__season=season)
             .order_by("table__round__tournament__date", "table__round__tournament_id", "table__round__number",
                       "table__number", "number")
             .values_list("table_id", "number", "contract", "declarer", "announcer", "card_points", "scores"))
    for table_id, number, contract, declarer_seat, announcer_seat, card_points, scores in \
            games.iterator(chunk_size=5000):
        size, table_number, round_number, name = tables[table_id]
        label, every_man = contracts.get(contract, (contract, False))
        sitting_out = seat_rules.deal(number, size).sitting_out
        for position, points in enumerate(scores):
            start_number, player = players.get((table_id, position), (None, ""))
            if position == sitting_out:
                role = out
            elif every_man:
                role = announcer if position == announcer_seat else None   # None: no cell at all
            else:
                role = declarer if position == declarer_seat else defender
            yield [name, round_number, table_number, number, start_number, player, label, role, card_points, points]


@register
class SeasonWorkbook(ListExporter):
    identifier = "season_workbook"
    verbose_name = gettext_lazy("Season workbook (standings, teams, categories, participations, game log)")
    scope = "season"
    long = True

    def count(self, *, season, **kwargs):
        return game_log_count(season) + Entry.objects.filter(tournament__season=season).count()

    def sheets(self, *, season, **kwargs):
        cego = has_cego(season)         # a season of Ziege evenings only: no empty Cego sheets (issue 24)
        if cego:
            yield overall_sheet(season, _("Overall"))
        if has_teams(season=season):                   # no empty "Teams" sheet in a season without teams
            yield teams_sheet(season)
        if cego:
            for key, label in category_choices(season):
                yield overall_sheet(season, label, category=key)
        if season.tournaments.filter(game__in=keys(teams=True)).exists():
            yield ziege_sheet(season)
        yield participations_sheet(season)
        if cego:
            yield Sheet(_("Game log"), game_log_columns(), game_log_rows(season))

    def stem(self, *, season, **kwargs):
        return (_("season"), season.name)


@register
class SeasonGameLog(ListExporter):
    identifier = "season_game_log"
    verbose_name = gettext_lazy("Season game log (every game, one row per player)")
    scope = "season"
    long = True
    needs_cego = True           # Ziege games are on the tournament workbooks' round sheets, never in the log

    def count(self, *, season, **kwargs):
        return game_log_count(season)

    def sheets(self, *, season, **kwargs):
        yield Sheet(_("Game log"), game_log_columns(), game_log_rows(season))

    def stem(self, *, season, **kwargs):
        return (_("game-log"), season.name)

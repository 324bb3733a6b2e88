"""Standings reads: the ORM side of ``tournament.standings.ranking`` (tournament, season, team, category standings).
Reads only: the tie-break lots are drawn by the writes (``standings.services``).

Every function runs a fixed number of queries whatever the field size (tests assert the counts). Season
standings read the stored ``Entry.total`` (kept right by the services on every game, total and adjustment
change), so a season of 250,000 games ranks from a few thousand rows.
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Count, Q, Sum

from tournament.common.collation import name_key, person_key
from tournament.games import keys
from tournament.models import (
    Adjustment,
    Entry,
    Game,
    Player,
    PrizePlan,
    Round,
    Score,
    Seat,
    Team,
)
from tournament.standings import categories
from tournament.standings import ranking as standings


@dataclass
class Standings:
    rows: list
    rounds: list = field(default_factory=list)
    provisional: bool = True
    prizes: list = field(default_factory=list)
    columns: list = field(default_factory=list)   # season: the tournaments; team: nothing
    running: list = field(default_factory=list)   # season: its tournaments started and not finished




def declarer_counts(tournament):
    """{entry_id: (won, lost)} over the one-against-the-rest games of the tournament (penalties count too; a
    table's round that is not counted is left out)."""
    seat_entry = dict(((t, p), e) for t, p, e in Seat.objects.filter(round__tournament=tournament)
                      .values_list("table_id", "position", "entry_id"))
    counts = {}
    games = (Game.objects.filter(table__round__tournament=tournament, table__not_counted=False, declarer__isnull=False,
                                 won__isnull=False)
             .values("table_id", "declarer", "won").annotate(n=Count("id")))
    for g in games:
        entry = seat_entry.get((g["table_id"], g["declarer"]))
        won, lost = counts.get(entry, (0, 0))
        counts[entry] = (won + g["n"], lost) if g["won"] else (won, lost + g["n"])
    return counts


class Person(NamedTuple):
    """What a standings row reads of a player, read as plain values: building 2000 model instances (entries and
    players) was a third of the 1000-player standings' time, recomputed after every result. The category rules
    are the model's own (``categories.builtin_categories`` calls them)."""
    pk: int
    first_name: str
    last_name: str
    town: str
    club: str
    is_woman: bool
    birth_year: int | None
    is_guest: bool
    full_name = Player.full_name
    is_youth = Player.is_youth
    is_senior = Player.is_senior


ENTRY_VALUES = ("id", "start_number", "withdrawn", "lot", "team__name")
PERSON_VALUES = tuple(f"player__{name}" for name in ("id", *Person._fields[1:]))


def entry_rows(tournament):
    """(entry id, start number, withdrawn, lot, team name, ``Person``) of every entry, in German name order."""
    rows = [(*values[:5], Person(*values[5:])) for values in
            Entry.objects.filter(tournament=tournament).values_list(*ENTRY_VALUES, *PERSON_VALUES)]
    return sorted(rows, key=lambda row: person_key(row[5], row[1]))


def tournament_standings(tournament, category=None):
    """Ranked rows of one tournament (optionally only one category, ranked within it). Reads only: the lots are
    drawn by the writes (``standings.services``); an entry without one ranks after its equals."""
    season = tournament.season
    # German name order (``collation``) before ranking: a shared rank lists its players alphabetically
    entries = entry_rows(tournament)
    per_round, not_counted = {}, {}
    # A table whose round was ended early and not counted (``Table.not_counted``): its scores stay out of the
    # round's column and the total, the cell says why (``round_cells``: (points, reason) per round).
    for entry_id, number, uncounted, reason, points in (
            Score.objects.filter(entry__tournament=tournament)
            .values_list("entry_id", "table__round__number", "table__not_counted", "table__end_reason")
            .annotate(s=Sum("points"))
            .values_list("entry_id", "table__round__number", "table__not_counted", "table__end_reason", "s")):
        if uncounted:
            not_counted.setdefault(entry_id, {})[number] = reason
        else:
            per_round.setdefault(entry_id, {})[number] = points
    adjustments = dict(Adjustment.objects.filter(entry__tournament=tournament).values("entry_id")
                       .annotate(s=Sum("points")).values_list("entry_id", "s"))
    declarer = declarer_counts(tournament)
    rounds = list(Round.objects.filter(tournament=tournament).values_list("number", "status"))
    members = categories.memberships(season)
    numbers = list(range(1, tournament.round_count + 1))
    rows = []
    for pk, start_number, withdrawn, lot, team, p in entries:
        scores, marks = per_round.get(pk, {}), not_counted.get(pk, {})
        if withdrawn and not scores and not marks:
            continue
        cats = categories.player_categories(p, season, members)
        if category and category not in cats:
            continue
        round_scores = [scores.get(n, 0) for n in numbers]
        adj = adjustments.get(pk, 0)
        won, lost = declarer.get(pk, (0, 0))
        rows.append(standings.Row(
            key=pk, total=sum(round_scores) + adj, round_scores=round_scores, declarer_won=won,
            declarer_lost=lost, lot=lot,
            data={"entry_id": pk, "player_id": p.pk, "start_number": start_number, "name": str(p.full_name),
                  "last_name": p.last_name, "first_name": p.first_name, "town": p.town, "club": p.club,
                  "team": team or "", "adjustments": adj, "categories": cats, "withdrawn": withdrawn,
                  "round_cells": [(points, marks.get(n)) for n, points in zip(numbers, round_scores, strict=False)]}))
    try:
        chain = standings.parse_chain(tournament.tiebreaks) or standings.DEFAULT_CHAIN
    except ValueError:      # a chain stored before validation existed: fall back to the SM default
        chain = standings.DEFAULT_CHAIN
    ranked = standings.rank(rows, chain)
    provisional = len(rounds) < tournament.round_count or any(s != Round.Status.LOCKED for _n, s in rounds)
    rule = PrizePlan.objects.filter(tournament=tournament).values_list("rule", flat=True).first()
    places = standings.place_count(ranked, rule or standings.NUMBER, tournament.prize_places)
    prizes = standings.prize_list(ranked, places, tournament.last_place_prize)
    return Standings(rows=ranked, rounds=numbers, provisional=provisional, prizes=prizes)


def season_standings(season, best_n=None, category=None, published_only=False):
    """Season ranking: each player's tournament totals summed (or the best N), participations, a column each;
    Cego and Offiziers-Cego tournaments (Ziege: ``standings.ziege_season``).
    Provisional while a tournament of the season is running: started (a round drawn) and not all its rounds
    locked (``running`` lists them)."""
    best_n = season.best_n if best_n is None else best_n
    # Ziege tournaments have their own season table (``standings.ziege_season``): their results are not points.
    tournaments = with_round_counts(season.tournaments.exclude(game__in=keys(teams=True)).order_by("date", "pk"))
    if published_only:
        tournaments = tournaments.filter(published=True)
    tournaments = list(tournaments)
    index = {t.pk: i for i, t in enumerate(tournaments)}
    entries = (Entry.objects.filter(tournament__in=tournaments)
               .exclude(withdrawn=True, seats__isnull=True)          # withdrew before playing: no participation
               .values_list("player_id", "tournament_id", "total"))
    per_player = {}
    for player_id, tournament_id, total in entries:
        per_player.setdefault(player_id, [None] * len(tournaments))[index[tournament_id]] = total
    players = {p.pk: p for p in Player.objects.filter(pk__in=per_player)}
    members = categories.memberships(season) if category else None
    rows = []
    # Players in German name order (``collation``) before ranking: a shared rank lists them alphabetically.
    for player_id in sorted(per_player, key=lambda pk: person_key(players[pk], players[pk].town, pk)):
        values = per_player[player_id]
        p = players[player_id]
        if category and category not in categories.player_categories(p, season, members):
            continue
        total, counted = standings.best_n(values, best_n)
        rows.append(standings.Row(key=player_id, total=total, data={
            "player_id": player_id, "name": p.full_name, "last_name": p.last_name, "first_name": p.first_name,
            "town": p.town, "club": p.club, "participations": sum(1 for v in values if v is not None),
            "per_tournament": values, "counted": sorted(counted), "sum_all": sum(v for v in values if v is not None)}))
    ranked = standings.rank(rows, ())
    running = [t for t in tournaments if is_running(t)]
    return Standings(rows=ranked, columns=tournaments, provisional=bool(running), running=running)


def with_round_counts(tournaments):
    return tournaments.annotate(
        rounds_drawn=Count("round_set", distinct=True),
        rounds_locked=Count("round_set", filter=Q(round_set__status=Round.Status.LOCKED), distinct=True))


def is_running(tournament):
    """Started (a round drawn) and not finished (not all its rounds locked): its season's standings are provisional
    (``tournament`` annotated by ``with_round_counts``)."""
    return bool(tournament.rounds_drawn) and tournament.rounds_locked < tournament.round_count


def running_tournaments(season):
    """The tournaments of ``season`` that are running (one query)."""
    return [t for t in with_round_counts(season.tournaments.order_by("date", "pk")) if is_running(t)]


def team_standings(*, tournament=None, season=None):
    """Teams ranked by the sum of their members' totals, for one tournament or the whole season."""
    if tournament is not None:
        season = tournament.season
        filters = Q(entries__tournament=tournament)
    else:
        filters = Q(entries__tournament__season=season) & ~Q(entries__tournament__game__in=keys(teams=True))
    teams = (Team.objects.filter(season=season).annotate(points=Sum("entries__total", filter=filters),
                                                          members=Count("entries__player", filter=filters,
                                                                        distinct=True)))
    rows = [standings.Row(key=t.pk, total=t.points or 0, data={"team_id": t.pk, "name": t.name,
                                                               "members": t.members})
            for t in sorted(teams, key=lambda t: name_key(t.name)) if t.members]
    return Standings(rows=standings.rank(rows, ()), provisional=False)


def has_teams(*, tournament=None, season=None):
    """Whether anybody plays for a team in ``tournament`` (or in any tournament of ``season``): the teams
    ``team_standings`` would rank."""
    entries = Entry.objects.filter(team__isnull=False)
    if tournament is not None:
        return entries.filter(tournament=tournament).exists()
    return entries.filter(tournament__season=season).exists()


def has_cego(season):
    """Whether ``season`` has a Cego (or Offiziers-Cego) tournament: a season of Ziege evenings only has no Cego
    table, categories or game log to print (issue 24, "documents only where they have content")."""
    return season.tournaments.exclude(game__in=keys(teams=True)).exists()

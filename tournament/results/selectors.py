"""Reads: querysets and plain dicts for views and exports, with the joins done up front (no N+1)."""

from django.db.models import Count, Q, Sum

from tournament.games import kind_of
from tournament.models import AuditLog, Entry, Game, Score, Seat, Table
from tournament.results.scoresheet import ScoreSheet


def round_progress(round_):
    """Per table of the round: number, size, games entered of planned, totals-only flag, complete. The one "is this
    table complete" per game: the game's kind answers (``tournament.games``: Ziege a finished series,
    ``results.ziege.round_progress``; Cego and Offiziers-Cego their games, ``cego_progress``)."""
    return kind_of(round_.tournament).hook("round_progress")(round_)


def cego_progress(round_):
    """``round_progress`` of a round of ``Game`` rows: a table whose round was ended early is complete with the
    games it has, a totals-only table with its totals, every other one with its planned games."""
    tables = (Table.objects.filter(round=round_)
              .annotate(entered=Count("games", distinct=True),
                        totals=Count("score_rows", filter=Q(score_rows__game__isnull=True), distinct=True))
              .order_by("number"))
    return [{"table": t, "number": t.number, "size": t.size, "entered": t.entered, "planned": t.games_planned,
             "totals_only": t.totals > 0, "ended_early": t.ended_early, "not_counted": t.not_counted,
             "end_reason": t.end_reason, "complete": t.ended_early or t.totals > 0 or t.entered >= t.games_planned}
            for t in tables]


def seats_of(table):
    return list(Seat.objects.filter(table=table).select_related("entry__player").order_by("position"))


def sheet_for_table(table, zero_sum=True, replace=None):
    """The table's ScoreSheet with the Game objects attached to their rows.

    ``replace`` = ``(number, scores)`` computes the sheet as it would be with that row's scores (a preview).
    """
    games = list(Game.objects.filter(table=table).order_by("number"))
    scores = {g.number: g.scores for g in games}
    if replace is not None:
        scores[replace[0]] = replace[1]
    return ScoreSheet(table.size, table.games_planned, scores, {g.number: g for g in games}, zero_sum=zero_sum)


def table_totals(table):
    """Totals-only entry of a table: {position: points}, empty when it was not entered that way."""
    by_entry = dict(Score.objects.filter(table=table, game__isnull=True).values_list("entry_id", "points"))
    return {s.position: by_entry[s.entry_id] for s in Seat.objects.filter(table=table) if s.entry_id in by_entry}


def table_audit(table):
    return AuditLog.objects.filter(table=table).select_related("user", "table__round").order_by("-at", "-id")


def entry_totals(tournament):
    """{entry_id: total points} over games, sheet totals and adjustments (not-counted tables left out)."""
    totals = dict(Score.objects.filter(entry__tournament=tournament, table__not_counted=False).values("entry_id")
                  .annotate(s=Sum("points")).values_list("entry_id", "s"))
    for entry_id, points in (Entry.objects.filter(tournament=tournament, adjustments__isnull=False)
                             .values("id").annotate(a=Sum("adjustments__points")).values_list("id", "a")):
        totals[entry_id] = totals.get(entry_id, 0) + points
    return totals

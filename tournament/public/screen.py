"""The hall's big screen (issue 27, docs/screen.md): what a projector or TV in the hall shows, as slides of a few
rows in very large type that the page turns by itself.

The *phase* says what the room needs now:

* ``before``  — nothing drawn yet: the day's name, date and start time;
* ``seats``   — the newest round is drawn and no result is in yet: "where do I sit", every player by name with
  table and seat (between rounds, while people look for their table);
* ``running`` — results are coming in: the standings, the round clock and how many tables are finished;
* ``final``   — every round drawn and locked: the prize winners first, then the whole field.

Slides are plain lists of rows (``ROWS`` a slide, the seat list ``SEAT_ROWS`` in two columns). Reads only; the
numbers are those of the standings pages (``public.cache.standings``), the clock that of the phones
(``table_entry.selectors.clock``), "finished" that of the round page (``results.selectors.round_progress``).
"""

from tournament.common.collation import person_key
from tournament.games import kind_of
from tournament.models import Round, Seat
from tournament.public import cache as public_cache
from tournament.public import tables as public_tables
from tournament.results.selectors import round_progress
from tournament.table_entry.selectors import clock

ROWS = 10                   # standings rows a slide (56 px type: readable from 10 m, docs/screen.md)
SEAT_ROWS = 20              # seat rows a slide, in two columns of ten


def chunks(rows, size):
    return [rows[i:i + size] for i in range(0, len(rows), size)] or [[]]


def seat_rows(round_):
    """Everyone seated in ``round_`` in German name order: name, town, start number, table, seat."""
    seats = Seat.objects.filter(round=round_).select_related("entry__player", "table")
    rows = [{"name": s.entry.player.full_name, "town": s.entry.player.town, "start_number": s.entry.start_number,
             "table": s.table.number, "seat": s.position + 1, "key": person_key(s.entry.player, s.entry.start_number)}
            for s in seats]
    rows.sort(key=lambda r: r["key"])
    return rows


def with_round(rows, current):
    """Each standings row with ``now``: its points in ``current`` (the round being played, or the last one)."""
    for row in rows:
        row["now"] = row["rounds"][current.number - 1] if len(row["rounds"]) >= current.number else None
    return rows


def phase(tournament, current, progress):
    if current is None:
        return "before"
    if tournament.rounds_drawn >= tournament.round_count and not tournament.rounds_unlocked:
        return "final"
    if current.status == Round.Status.OPEN and not any(p["entered"] or p["complete"] for p in progress):
        return "seats"
    return "running"


def screen(request, tournament):
    """What the screen shows of ``tournament`` (a ``public_queries.published_tournament``): phase, current
    round, clock, tables finished and the slides."""
    current = Round.objects.filter(tournament=tournament).order_by("-number").first()
    progress = round_progress(current) if current is not None else []
    shown = phase(tournament, current, progress)
    data = {"phase": shown, "round": current, "clock": clock(current) if current else None,
            "tables": len(progress), "finished": sum(1 for p in progress if p["complete"]), "slides": []}
    if shown == "seats":
        data["slides"] = [{"kind": "seats", "rows": rows} for rows in chunks(seat_rows(current), SEAT_ROWS)]
        return data
    if shown == "before" or kind_of(tournament).teams:      # Ziege: series won, its own standings page
        return data
    result = public_cache.standings(request, tournament)
    rows = with_round(public_tables.standings_rows(result.rows, {r.key for r in result.prizes}), current)
    data["provisional"] = result.provisional
    if shown == "final":
        prizes = with_round(public_tables.standings_rows(result.prizes), current)
        data["slides"] += [{"kind": "prizes", "rows": part} for part in chunks(prizes, ROWS)]
    data["slides"] += [{"kind": "standings", "rows": part} for part in chunks(rows, ROWS)]
    return data

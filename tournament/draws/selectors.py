"""Reads of a drawn round: its table lists, by table and alphabetically by player."""

from tournament.common.collation import person_key
from tournament.models import Entry, Seat


def draw_lists(round_):
    """Table list of a round: by table (seat order) and alphabetically by player (``collation.person_key``)."""
    seats = list(Seat.objects.filter(round=round_).select_related("entry__player", "table")
                 .order_by("table__number", "position"))
    by_table = {}
    for s in seats:
        by_table.setdefault(s.table, []).append(s)
    alphabetical = sorted(seats, key=lambda s: person_key(s.entry.player, s.entry.start_number))
    return list(by_table.items()), alphabetical


def byes(round_):
    """Offiziers-Cego: who sat out the round (present, not withdrawn, without a seat), by start number."""
    return list(Entry.objects.filter(tournament_id=round_.tournament_id, withdrawn=False)
                .exclude(seats__round=round_).select_related("player").order_by("start_number"))

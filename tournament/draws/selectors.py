"""Reads of a drawn round: its table lists, by table and alphabetically by player."""

from tournament.common.collation import person_key
from tournament.models import Seat


def draw_lists(round_):
    """Table list of a round: by table (seat order) and alphabetically by player (``collation.person_key``)."""
    seats = list(Seat.objects.filter(round=round_).select_related("entry__player", "table")
                 .order_by("table__number", "position"))
    by_table = {}
    for s in seats:
        by_table.setdefault(s.table, []).append(s)
    alphabetical = sorted(seats, key=lambda s: person_key(s.entry.player, s.entry.start_number))
    return list(by_table.items()), alphabetical

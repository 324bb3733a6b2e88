"""Reads of a drawn round: its table lists, by table and alphabetically by player; the names of a table's players
with what tells namesakes apart (``seat_labels``, the rule in ``common.namesakes``)."""

from django.utils.translation import gettext as _

from tournament.common import namesakes
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


def number_text(number):
    """A start number as a namesake's tag: "Nr. 12"."""
    return _("No. %(n)s") % {"n": number}


def namesake_scope(tournament_id):
    """Everyone a listed name must stay apart from: the tournament's entries as ``namesakes.Person``, one query."""
    return [namesakes.Person(first, last, town, number) for first, last, town, number in
            Entry.objects.filter(tournament_id=tournament_id).values_list(
                "player__first_name", "player__last_name", "player__town", "start_number")]


def seat_labels(seats, scope=None):
    """``{position: namesakes.Label}`` for the seats of one table (``entry__player`` loaded): the name, with the
    town or the start number where a namesake plays in the tournament, and a short form distinct at the table.
    ``scope`` from ``namesake_scope`` (read here when None; pass it when labelling a whole round)."""
    seats = list(seats)
    if not seats:
        return {}
    if scope is None:
        scope = namesake_scope(seats[0].entry.tournament_id)
    people = [namesakes.Person(s.entry.player.first_name, s.entry.player.last_name, s.entry.player.town,
                               s.entry.start_number) for s in seats]
    return {s.position: label for s, label in zip(seats, namesakes.labels(people, scope, number_text), strict=True)}


def labelled(seats, scope=None):
    """The seats (a list) with ``seat.label`` set to their ``seat_labels``, for a template's loop."""
    labels = seat_labels(seats, scope)
    for seat in seats:
        seat.label = labels[seat.position]
    return seats

"""Table lists of a round for the wall: by table (seat order), and alphabetically by player with table and seat.

Large type: people read them standing, from a metre away. Both come from ``draws.selectors.draw_lists``; the list by
name is in the German order of ``tournament.common.collation`` and files "Äckerle" under A.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common.collation import initial
from tournament.draws.selectors import draw_lists, namesake_scope, seat_labels
from tournament.exports.base import CEGO_GAMES, PdfExporter
from tournament.exports.registry import register
from tournament.exports.words import breakable

NAME_MM = 42.0           # the name column of a table block (a third of the page less the gap, seat and number)


def seat_line(seat, label=None):
    """A seat on a list, with the player's town (namesakes!). ``label`` (``draws.selectors.seat_labels``) names a
    namesake with its town or start number; ``own_town`` is "" where the label carries the town already."""
    player = seat.entry.player
    by_town = label is not None and label.by_town
    return {"seat": seat.position + 1, "start_number": seat.entry.start_number,
            "name": label.full if label else player.full_name, "own_town": "" if by_town else player.town,
            "sort_name": f"{player.last_name}, {player.first_name}", "town": player.town,
            "table": seat.table.number}


class RoundListExporter(PdfExporter):
    scope = "round"
    games = CEGO_GAMES

    def base_context(self, round_):
        return {"tournament": round_.tournament, "round": round_}


@register
class TableListByTable(RoundListExporter):
    identifier = "table_list"
    verbose_name = gettext_lazy("Table list by table (for the wall)")
    template_name = "exports/pdf/table_list.html"

    def context(self, *, round_, **kwargs):
        by_table, _alphabetical = draw_lists(round_)
        scope = namesake_scope(round_.tournament_id)
        tables = []
        for table, seats in by_table:
            labels = seat_labels(seats, scope)
            lines = [seat_line(s, labels[s.position]) for s in seats]
            for line in lines:       # a word longer than the column breaks with a hyphen (``words.breakable``)
                line["name"] = breakable(line["name"], NAME_MM, 11.0)
                line["own_town"] = breakable(line["own_town"], NAME_MM, 7.0)
            tables.append({"number": table.number, "size": table.size, "seats": lines})
        return {**self.base_context(round_), "tables": tables}

    def stem(self, *, round_, **kwargs):
        return (_("table-list"), round_.tournament.name, _("round-%(n)s") % {"n": round_.number})


@register
class TableListAlphabetical(RoundListExporter):
    identifier = "table_list_alphabetical"
    verbose_name = gettext_lazy("Table list by name (for the wall)")
    template_name = "exports/pdf/table_list_alphabetical.html"

    def context(self, *, round_, **kwargs):
        _by_table, alphabetical = draw_lists(round_)
        groups, current = [], None
        for seat in alphabetical:
            line = seat_line(seat)
            letter = initial(line["sort_name"])
            if current is None or current["letter"] != letter:
                current = {"letter": letter, "lines": []}
                groups.append(current)
            current["lines"].append(line)
        return {**self.base_context(round_), "groups": groups, "count": len(alphabetical)}

    def stem(self, *, round_, **kwargs):
        return (_("table-list-by-name"), round_.tournament.name, _("round-%(n)s") % {"n": round_.number})

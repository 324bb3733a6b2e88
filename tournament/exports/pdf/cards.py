"""Table cards of a round (A6, one a table): the table number to be seen from the door, the round, the players in
seat order with who deals first, and the table's secret link as a QR code and in words for typing
(docs/table-entry.md). The link's address comes from ``site_url`` (``base.site_base``): a background job has no
request, so the page that starts the export passes it along."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.draws import links
from tournament.draws.selectors import draw_lists, namesake_scope, seat_labels
from tournament.exports.base import CEGO_GAMES, PdfExporter, site_base
from tournament.exports.pdf import sheet_layout
from tournament.exports.registry import register
from tournament.exports.words import breakable
from tournament.models import Round
from tournament.table_entry.qr import qr_svg

NAME_WIDTH = 69.0        # mm of the player column of an A6 card (93 mm inside the margins, seat and number off)
FIRST_WIDTH = 24.0       # mm the "· deals first" mark takes beside the first seat's name


def name_size(name, first):
    """The name's font size on the card: 11 pt, shrunk down to 8 pt to fit one line; a longer name wraps at its
    own spaces and hyphens (never cut; docs/exports.md, "Names print whole")."""
    width = NAME_WIDTH - (FIRST_WIDTH if first else 0.0)
    return sheet_layout.fmt(sheet_layout.fitted_size(name, width, 11.0, 8.0))


def seat_line(seat, full):
    """A seat on the card: the name at its fitted size; a word longer than the whole column even then breaks with a
    visible hyphen (``words.breakable``; ``marked``: it breaks only at its soft hyphens)."""
    size = name_size(full, seat.position == 0)
    name = breakable(full, NAME_WIDTH - 2.0, float(size))
    return {"seat": seat.position + 1, "name": name, "name_pt": size, "marked": name != full,
            "start_number": seat.entry.start_number, "first": seat.position == 0}


def table_link(link, base):
    """What a card or a sheet prints of a table's link: the URL (or the path without a base) and its QR code
    (only with a base: a code without the server's address opens nothing)."""
    if link is None:
        return None
    url = links.link_url(link, base) if base else links.link_path(link)
    return {"url": url, "base": base, "path": links.link_path(link), "qr": qr_svg(url, omitsize=True) if base else ""}


@register
class TableCards(PdfExporter):
    identifier = "table_cards"
    verbose_name = gettext_lazy("Table cards with QR code (A6, one per table)")
    description = gettext_lazy("For each table: number, players and seats, and the link to enter the games "
                               "on a phone.")
    scope = "round"
    games = CEGO_GAMES
    uses_site_url = True
    template_name = "exports/pdf/table_cards.html"

    def context(self, *, round_, site_url=None, **kwargs):
        base = site_base(site_url)
        active = links.active_links(round_) if round_.status != Round.Status.LOCKED else {}
        by_table, _alphabetical = draw_lists(round_)
        scope = namesake_scope(round_.tournament_id)
        cards = []
        for table, seats in by_table:
            labels = seat_labels(seats, scope)        # a namesake with its town or start number
            cards.append({
                "number": table.number, "size": table.size, "five": table.dealer_sits_out,
                "games": table.games_planned,
                "seats": [seat_line(s, labels[s.position].full) for s in seats],
                "link": table_link(active.get(table.pk), base)})
        return {"tournament": round_.tournament, "round": round_, "cards": cards, "locked":
                round_.status == Round.Status.LOCKED, "link_warning": links.link_warning(base, paper=True)}

    def stem(self, *, round_, **kwargs):
        return (_("table-cards"), round_.tournament.name, _("round-%(n)s") % {"n": round_.number})

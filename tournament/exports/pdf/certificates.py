"""Certificates ("Urkunde", issue 26, docs/prizes.md): one A4 portrait page per winner the director chose in the
prize plan — places 1 to ``PrizePlan.certificate_places`` and, when ticked, the special prizes (best lady, best
youth, best of a category, the last place). Each page: the event, its date and venue, the place or the special
prize, the points, the player's name large, the town, and a line for the organiser's signature. German unless
another language is asked for; a certificate from provisional standings says so at its foot."""

from django.utils import formats
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common.numbers import signed
from tournament.exports.base import CEGO_GAMES, PdfExporter
from tournament.exports.registry import register
from tournament.prizes import selectors as prize_selectors
from tournament.standings.selectors import tournament_standings

DEFAULT_PLACES = 3          # without a plan: the first three places


def chosen(tournament, standings):
    """[(row, award)] of the winners whose certificate the plan asks for, in rank order."""
    plan = prize_selectors.plan_of(tournament)
    places = plan.certificate_places if plan else DEFAULT_PLACES
    specials = plan.certificate_specials if plan else False
    out = []
    for row, award, _text in prize_selectors.winners(tournament, standings):
        if (award.kind == "place" and award.place <= places) or (award.kind != "place" and specials):
            out.append((row, award))
    return out


def honour(award):
    """What the certificate awards: "1. Platz", or the special prize with the rank ("Beste Dame · 7. Platz")."""
    place = _("%(n)s. place") % {"n": award.place}
    if award.kind == "place":
        return place, ""
    return capfirst(award.label or _("last place")), place


@register
class CertificatesPdf(PdfExporter):
    identifier = "certificates"
    verbose_name = gettext_lazy("Certificates (Urkunden) for the prize winners")
    scope = "tournament"
    games = CEGO_GAMES
    template_name = "exports/pdf/certificates.html"

    def context(self, *, tournament, **kwargs):
        standings = tournament_standings(tournament)
        pages = []
        for row, award in chosen(tournament, standings):
            title, sub = honour(award)
            pages.append({"honour": title, "sub": sub, "name": row.data["name"], "town": row.data["town"],
                          "points": _("with %(points)s points") % {"points": signed(row.total)}})
        return {"tournament": tournament, "pages": pages, "provisional": standings.provisional,
                "date": formats.date_format(tournament.date, "j. F Y"),
                "signer": tournament.host or tournament.season.name}

    def stem(self, *, tournament, **kwargs):
        return (_("certificates"), tournament.name)

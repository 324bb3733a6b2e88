"""What every director page shares: the tournament header and tab bar, the tables' links with their QR codes (the
Cego and the Ziege round page); access: ``access``; a service's errors: ``tournament.office.errors``. Beside
``views/`` and ``ziege/``, which both import it."""

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.urls import reverse

from tournament.draws import links
from tournament.models import Round, Table, Tournament
from tournament.table_entry.qr import qr_svg


def tournament_or_404(pk):
    return get_object_or_404(Tournament.objects.select_related("season"), pk=pk)


def round_links(tournament):
    """Every round of the tournament (drawn or not) with its status, for the tab bar and the overview."""
    drawn = {r.number: r for r in Round.objects.filter(tournament=tournament)}
    return [{"number": n, "round": drawn.get(n)} for n in range(1, tournament.round_count + 1)]


def tournament_context(tournament, tab, **extra):
    """Context of a page below a tournament: the tournament, its season, the active tab, the round tabs."""
    return {"tournament": tournament, "season": tournament.season, "tab": tab, "round_tabs": round_links(tournament),
            **extra}


def sheet_url(table):
    """The score sheet of a table."""
    return reverse("entry:sheet", args=[table.pk])


def site_url(request):
    """The address phones reach this server at, for table links and their QR codes: ``settings.CEGO_SITE_URL``,
    else the root of the address the director's browser used."""
    return settings.CEGO_SITE_URL or request.build_absolute_uri("/")


def table_links(request, round_):
    """Each table's link of the round: absolute URL and a small QR code (the Cego and the Ziege round page)."""
    base = site_url(request)
    active = links.active_links(round_)
    rows = []
    for table in Table.objects.filter(round=round_).order_by("number"):
        link = active.get(table.pk)
        url = links.link_url(link, base) if link else ""
        rows.append({"table": table, "url": url, "qr": qr_svg(url, scale=2, omitsize=True) if url else ""})
    return rows

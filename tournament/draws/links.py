"""The secret link of a table (in ``draws``: the draw issues them, ``table_entry`` and the phone use them): issued
when a round is drawn, revoked and reissued by the director, resolved from the token in a phone's URL. A link
opens one table of one round; it writes while the round is not locked."""

import secrets

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.audit.log import audit
from tournament.common import addresses
from tournament.models import AuditLog, Round, Table, TableLink
from tournament.staff import permissions

TOKEN_BYTES = 18            # 144 random bits, 24 URL-safe characters: not guessable, still short in a QR code
TOKEN_CHARS = 24


def new_token():
    return secrets.token_urlsafe(TOKEN_BYTES)


def issue_links(round_, user=None):
    """A link for every table of ``round_`` that has none (the draw calls this in its transaction)."""
    have = set(TableLink.objects.filter(table__round=round_, revoked_at__isnull=True).values_list("table_id",
                                                                                                 flat=True))
    TableLink.objects.bulk_create(TableLink(table=table, token=new_token(),
                                            created_by=user if user and user.is_authenticated else None)
                                  for table in round_.tables.exclude(pk__in=have))


@transaction.atomic
def reissue_link(*, table, user):
    """Revoke the table's link (phones holding it get a 404 from now on) and issue a new one."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    permissions.require(user, permissions.DIRECT, table.round.tournament)
    revoked = TableLink.objects.filter(table=table, revoked_at__isnull=True).update(revoked_at=timezone.now())
    link = TableLink.objects.create(table=table, token=new_token(),
                                    created_by=user if user and user.is_authenticated else None)
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.LINK, obj_id=link.pk,
          action=AuditLog.Action.ISSUE, user=user, new={"revoked": revoked})
    return link


def resolve(token):
    """The active link of ``token`` with its table, round and tournament, or None (unknown, revoked, malformed)."""
    if not isinstance(token, str) or len(token) != TOKEN_CHARS:
        return None
    link = (TableLink.objects.select_related("table__round__tournament__season")
            .filter(token=token, revoked_at__isnull=True).first())
    if link is None or not secrets.compare_digest(link.token, token):
        return None
    return link


def active_links(round_):
    """{table id: active link} of a round."""
    return {link.table_id: link for link in TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)}


def link_path(link):
    return reverse("phone:table", args=[link.token])


def link_url(link, base):
    """The absolute link a QR code and a table card print: ``base`` (e.g. ``http://192.168.1.20:8000``, see
    ``settings.CEGO_SITE_URL``) and the path."""
    return base.rstrip("/") + link_path(link)


def link_warning(base, *, paper=False):
    """What a director must hear before table links with ``base`` are printed or shown, or "" when phones can
    reach it (``common.addresses.link_problem``: the one rule for the round page, the exports page and the
    printed cards and sheets; ``paper``: the short line a card or sheet prints beside its QR code)."""
    problem = addresses.link_problem(base)
    if problem is None:
        return ""
    host = addresses.host_of(base)
    if paper:
        return _("Caution: this QR code points to %(address)s, which the phones in the hall can't reach. "
                 "Ask the tournament office for a new card.") % {"address": host}
    if problem == "loopback":
        return _("The QR codes and table links point to %(address)s: that is this computer itself, no phone in "
                 "the hall can open it. Start the app for the hall with “make hall” (it finds this computer's "
                 "address in the hall's network), or set CEGO_SITE_URL to the address phones reach, e.g. "
                 "http://192.168.1.20:8000.") % {"address": host}
    lan = addresses.lan_address()
    return _("The QR codes and table links point to %(address)s, which is not an address of this computer "
             "(in this network it is %(lan)s). Phones will not reach it: check CEGO_SITE_URL, or start the app "
             "for the hall with “make hall”.") % {"address": host, "lan": lan or "–"}


def writable(link):
    return link.table.round.status != Round.Status.LOCKED

"""Which phone speaks for which seat (docs/table-entry.md "A phone speaks for one seat").

The first phone that acts for a seat of a table *holds* it: its first write (or its seat choice) takes the seat,
and from then on a write naming that seat must come from the same phone. A phone proves who it is by its
*secret* — a random string it makes on first use and keeps in its own storage, sent with every write — of which
the server keeps only the SHA-256 (``fingerprint``). Another phone naming a held seat is refused until the holder
releases it (``services.release_seat``, the phone's "switch seat": only before that seat has keyed, confirmed
or signed anything at the table) or the tournament direction frees it in the hall view (``free_seat``); one phone
never holds two seats of one table. So "another seat confirms" and "every seat signs" mean another phone, and
the log says who released and who freed a seat.
"""

import hashlib
import re

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.audit.log import audit
from tournament.models import AuditLog, Game, SeatHold, Signature, Table, ZiegeGame
from tournament.staff import permissions

SECRET = re.compile(r"[A-Za-z0-9_-]{22,64}")       # at least 132 random bits as the phone makes it


class SeatRefused(ValidationError):
    """A write for a seat this phone does not hold (403): its message goes to the phone under ``seat``, so the
    page offers the seat choice again."""

    status = 403

    def __init__(self, message, code):
        super().__init__({"seat": ValidationError(message, code=code)})


def fingerprint(secret):
    """What is stored of a phone's secret: its SHA-256 in hex, or "" when the secret is missing or malformed."""
    if not isinstance(secret, str) or not SECRET.fullmatch(secret):
        return ""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def taken_message(position):
    return _("Seat %(seat)s is already kept by another phone – ask the tournament direction to free it.") % {
        "seat": position + 1}


def check(table, access):
    """The access's seat is held by its phone: taken now when it is free. Call under the table's row
    lock (``services._locked_table``). Refuses a phone without a secret, a seat another phone holds, and a
    second seat of the same table."""
    if not access.holder:
        raise SeatRefused(_("This phone sent no seat key. Reload the page."), code="no_secret")
    holds = list(SeatHold.objects.filter(table=table))
    held = next((h for h in holds if h.position == access.seat), None)
    if held is not None:
        if held.holder != access.holder:
            raise SeatRefused(taken_message(access.seat), code="seat_held")
        return held
    mine = next((h for h in holds if h.holder == access.holder), None)
    if mine is not None:
        raise SeatRefused(_("This phone already keeps seat %(mine)s at this table. Release it first "
                            "(“switch seat”) to take seat %(seat)s.") % {"mine": mine.position + 1,
                                                                      "seat": access.seat + 1},
                          code="other_seat")
    # Not logged: the phone's first write is, with its seat and device; the hall view shows who holds what.
    return SeatHold.objects.create(table=table, position=access.seat, holder=access.holder, device=access.device)


def acted(table, position):
    """Whether seat ``position`` has keyed or confirmed a game of the table or signed it off."""
    at_seat = Q(keyed_seat=position) | Q(confirmed_seat=position)
    return (Game.objects.filter(at_seat, table=table).exists()
            or ZiegeGame.objects.filter(at_seat, table=table).exists()
            or Signature.objects.filter(table=table, position=position).exists())


def release(table, access):
    """The phone gives its seat up (under the table's row lock). Nothing held: nothing to do; a seat another
    phone holds cannot be released from here, nor a seat that has keyed, confirmed or signed at the table (else
    one phone could key a game, switch seat and confirm it): that one only the tournament direction frees."""
    hold = SeatHold.objects.filter(table=table, position=access.seat).first()
    if hold is None:
        return None
    if hold.holder != access.holder:
        raise SeatRefused(taken_message(access.seat), code="seat_held")
    if acted(table, access.seat):
        raise SeatRefused(_("Games of this table were entered, confirmed or signed from seat %(seat)s. Only the "
                            "tournament direction can free it now.") % {"seat": access.seat + 1}, code="seat_acted")
    hold.delete()
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.SEAT, obj_id=None,
          action=AuditLog.Action.RELEASE, user=access, old={"seat": access.seat, "device": hold.device})
    return hold


@transaction.atomic
def free_seat(*, hold, user):
    """The tournament direction frees a seat a phone holds (a broken or forgotten phone, the wrong seat taken):
    the next phone that acts for it takes it. Audited with the phone that held it."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=hold.table_id)
    permissions.require(user, permissions.ENTER, table.round.tournament)
    hold = SeatHold.objects.filter(pk=hold.pk).first()
    if hold is None:            # freed meanwhile (a second click, another helper)
        return None
    hold.delete()
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.SEAT, obj_id=None,
          action=AuditLog.Action.RELEASE, user=user, old={"seat": hold.position, "device": hold.device},
          new={"freed": True})
    return hold


def held_positions(table):
    """The 0-based seats of ``table`` a phone holds (its seat choice marks them before anyone taps)."""
    return set(SeatHold.objects.filter(table=table).values_list("position", flat=True))


def holds_of(round_):
    """{table id: [SeatHold, …] by seat} of a round, for the hall view."""
    out = {}
    for hold in SeatHold.objects.filter(table__round=round_).order_by("position"):
        out.setdefault(hold.table_id, []).append(hold)
    return out

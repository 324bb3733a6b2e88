"""Entry at the table (docs/table-entry.md): the secret link of a table, what its players flag for the director
(disputes, calls), their sign-offs of the final totals, the answers to their phones' write requests kept by
idempotency key (a queued game sent twice is stored once), and which phone keeps which seat (``SeatHold``)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.play import Table


class TableLink(models.Model):
    """The secret link of one table of one round. ``token`` is the secret in the URL; one active link per table
    (a reissue revokes the old one). It writes only while the round is not locked."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="links", verbose_name=_("table"))
    token = models.CharField(_("token"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("issued"), auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("issued by"))
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["table", "-created_at"]
        verbose_name = _("table link")
        verbose_name_plural = _("table links")
        constraints = [models.UniqueConstraint(fields=["table"], condition=Q(revoked_at__isnull=True),
                                               name="tablelink_one_active_per_table")]

    def __str__(self):
        return f"{self.table} ({self.token[:4]}…)"


class TableFlag(models.Model):
    """Something a seat asks the director to look at: a disputed game, or a call ("Turnierleitung, bitte!")."""

    class Kind(models.TextChoices):
        DISPUTE = "dispute", _("dispute")
        CALL = "call", _("call for the director")

    table = models.ForeignKey(Table, models.CASCADE, related_name="flags", verbose_name=_("table"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    game_number = models.PositiveSmallIntegerField(_("game"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    device = models.CharField(_("device"), max_length=32, blank=True)
    created_at = models.DateTimeField(_("raised"), auto_now_add=True)
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)
    resolved_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                                    related_name="+", verbose_name=_("resolved by"))
    resolution = models.CharField(_("decision"), max_length=200, blank=True)

    class Meta:
        ordering = ["table", "created_at"]
        verbose_name = _("table flag")
        verbose_name_plural = _("table flags")
        indexes = [models.Index(fields=["table", "resolved_at"])]

    def __str__(self):
        return f"{self.table} · {self.get_kind_display()}"


class Signature(models.Model):
    """One seat's sign-off of its table's final totals. ``state`` fingerprints the sheet as signed (every game's
    number and version, or the keyed totals): a later change makes the signature stale (``table_entry.selectors``)."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="signatures", verbose_name=_("table"))
    position = models.PositiveSmallIntegerField(_("seat"))
    totals = models.JSONField(_("totals"))
    state = models.CharField(_("sheet state"), max_length=64)
    device = models.CharField(_("device"), max_length=32, blank=True)
    signed_at = models.DateTimeField(_("signed"), auto_now=True)

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("sign-off")
        verbose_name_plural = _("sign-offs")
        constraints = [models.UniqueConstraint(fields=["table", "position"], name="signature_once_per_seat")]

    def __str__(self):
        return f"{self.table} · {self.position + 1}"


class TableRequest(models.Model):
    """The answer to a phone's write, kept under the phone's idempotency key: the same key again gets the same
    answer and writes nothing (an offline queue resent, a double tap, a retry after a lost answer)."""

    link = models.ForeignKey(TableLink, models.CASCADE, related_name="requests", verbose_name=_("table link"))
    key = models.CharField(_("idempotency key"), max_length=64)
    status = models.PositiveSmallIntegerField(_("status"))
    response = models.JSONField(_("answer"))
    # The SHA-256 of the sending phone's seat secret: the same key from another phone is not answered from here.
    holder = models.CharField(_("phone (fingerprint)"), max_length=64, blank=True, default="")
    created_at = models.DateTimeField(_("received"), auto_now_add=True)

    class Meta:
        verbose_name = _("table request")
        verbose_name_plural = _("table requests")
        constraints = [models.UniqueConstraint(fields=["link", "key"], name="tablerequest_once_per_key")]

    def __str__(self):
        return f"{self.link} · {self.key[:8]}…"


class SeatHold(models.Model):
    """A seat of a table kept by one phone (docs/table-entry.md "A phone speaks for one seat"): the first phone
    that acts for the seat holds it, and every write for that seat must carry the phone's secret. Only the
    secret's SHA-256 (``holder``) is stored. One phone keeps at most one seat of a table; a hold ends when its
    phone releases it or the tournament direction frees it (the row is deleted, the log keeps both)."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="seat_holds", verbose_name=_("table"))
    position = models.PositiveSmallIntegerField(_("seat"))
    holder = models.CharField(_("phone (fingerprint)"), max_length=64)
    device = models.CharField(_("device"), max_length=32, blank=True)
    held_since = models.DateTimeField(_("held since"), auto_now_add=True)

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat held by a phone")
        verbose_name_plural = _("seats held by phones")
        constraints = [models.UniqueConstraint(fields=["table", "position"], name="seathold_one_phone_per_seat"),
                       models.UniqueConstraint(fields=["table", "holder"], name="seathold_one_seat_per_phone")]

    def __str__(self):
        return f"{self.table} · {self.position + 1}"

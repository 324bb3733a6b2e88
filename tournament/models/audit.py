"""The audit log: who changed what, when, and why, in the order it happened."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.play import Table
from tournament.models.season import Season, Tournament


class AuditLog(models.Model):
    """Every write of a service: games, totals, adjustments, registrations, imports, staff roles, draws and round
    status changes of a tournament; seasons, tournaments and categories. A row belongs to a tournament, or — for
    what happens above any one tournament (a season, its categories, its organisers) — to a season; never both.
    ``tournament.audit.words`` turns a row into the words a director reads."""

    class Action(models.TextChoices):
        CREATE = "create", _("created")
        UPDATE = "update", _("changed")
        DELETE = "delete", _("deleted")
        STATUS = "status", _("status changed")
        DRAW = "draw", _("drawn")
        ADD = "add", _("added")
        REMOVE = "remove", _("removed")
        CONFIRM = "confirm", _("confirmed")
        DISPUTE = "dispute", _("disputed")
        SIGN = "sign", _("signed off")
        RESOLVE = "resolve", _("resolved")
        ISSUE = "issue", _("issued")
        REVOKE = "revoke", _("revoked")
        CALL = "call", _("called")
        MERGE = "merge", _("merged")
        END = "end", _("ended early")
        RESUME = "resume", _("resumed")
        RELEASE = "release", _("seat released")
        PAY = "pay", _("paid")
        REFUND = "refund", _("refunded")

    class Kind(models.TextChoices):
        """What a row is about (``object_type``); ``object_id`` is that object's id where it has one."""
        GAME = "game", _("Game")
        TOTALS = "totals", _("Sheet totals")
        ROUND = "round", _("Round")
        ADJUSTMENT = "adjustment", _("Adjustment")
        ENTRY = "entry", _("Registration")
        IMPORT = "import", _("Import")
        ROLE = "role", _("Staff")
        SEASON = "season", _("Season")
        TOURNAMENT = "tournament", _("Tournament")
        CATEGORY = "category", _("Category")
        LINK = "link", _("Table link")
        FLAG = "flag", _("Call for the director")
        SIGNATURE = "signature", _("Sign-off")
        CLOCK = "clock", _("Round clock")
        PLAYER = "player", _("Player")
        PREREG = "prereg", _("Pre-registration")
        TABLE = "table", _("Table")
        SEAT = "seat", _("Seat on a phone")
        MONEY = "money", _("Money")
        PRIZE_PLAN = "prize_plan", _("Prize plan")
        PRIZE = "prize", _("Prize giving")

    tournament = models.ForeignKey(Tournament, models.CASCADE, null=True, blank=True, related_name="audit",
                                   verbose_name=_("tournament"))
    season = models.ForeignKey(Season, models.CASCADE, null=True, blank=True, related_name="audit",
                               verbose_name=_("season"))
    table = models.ForeignKey(Table, models.SET_NULL, null=True, blank=True, related_name="audit",
                              verbose_name=_("table"))
    object_type = models.CharField(_("object"), max_length=20, choices=Kind.choices)
    object_id = models.PositiveIntegerField(_("object id"), null=True, blank=True)
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+",
                             verbose_name=_("user"))
    at = models.DateTimeField(_("when"), auto_now_add=True)
    old = models.JSONField(_("before"), null=True, blank=True)
    new = models.JSONField(_("after"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    # Who wrote it when it came from a table link instead of a user: {"table": n, "seat": 0-based, "device": id}.
    origin = models.JSONField(_("at the table"), null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        indexes = [models.Index(fields=["tournament", "at"]), models.Index(fields=["season", "at"])]
        constraints = [
            models.CheckConstraint(
                condition=(Q(tournament__isnull=False, season__isnull=True)
                           | Q(tournament__isnull=True, season__isnull=False, table__isnull=True)),
                name="audit_tournament_or_season"),
        ]

    def __str__(self):
        when = f"{self.at:%d.%m.%Y %H:%M} " if self.at else ""
        return f"{when}{self.get_object_type_display()} {self.get_action_display()}"

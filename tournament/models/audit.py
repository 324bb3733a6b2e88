"""The audit log: who changed what, when, and why, in the order it happened."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.play import Table
from tournament.models.season import Tournament


class AuditLog(models.Model):
    """Every create, change and delete of a game, total, adjustment, registration or staff role, every draw and
    every round status change."""

    class Action(models.TextChoices):
        CREATE = "create", _("created")
        UPDATE = "update", _("changed")
        DELETE = "delete", _("deleted")
        STATUS = "status", _("status changed")
        DRAW = "draw", _("drawn")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="audit", verbose_name=_("tournament"))
    table = models.ForeignKey(Table, models.SET_NULL, null=True, blank=True, related_name="audit",
                              verbose_name=_("table"))
    object_type = models.CharField(_("object"), max_length=20)
    object_id = models.PositiveIntegerField(_("object id"), null=True, blank=True)
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+",
                             verbose_name=_("user"))
    at = models.DateTimeField(_("when"), auto_now_add=True)
    old = models.JSONField(_("before"), null=True, blank=True)
    new = models.JSONField(_("after"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        indexes = [models.Index(fields=["tournament", "at"])]

    def __str__(self):
        return f"{self.at:%d.%m.%Y %H:%M} {self.object_type} {self.get_action_display()}"

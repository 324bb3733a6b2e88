"""The answer to an office form, kept under the idempotency key the form was rendered with
(``tournament.idempotency``): the same form sent twice — a double click, a resent request, two racing
connections — writes once, and the second send gets the first one's answer."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class FormRequest(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+", verbose_name=_("user"))
    path = models.CharField(_("path"), max_length=400)
    key = models.CharField(_("idempotency key"), max_length=64)
    status = models.PositiveSmallIntegerField(_("status"), default=0)
    location = models.CharField(_("redirect"), max_length=2000, blank=True)
    body = models.JSONField(_("answer"), null=True, blank=True)
    created_at = models.DateTimeField(_("received"), auto_now_add=True)

    class Meta:
        verbose_name = _("form request")
        verbose_name_plural = _("form requests")
        constraints = [models.UniqueConstraint(fields=["user", "path", "key"], name="formrequest_once_per_key")]

    def __str__(self):
        return f"{self.path} · {self.key[:8]}…"

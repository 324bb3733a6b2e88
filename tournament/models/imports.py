"""A registration file parsed and waiting for its import (docs/director.md, "Importing registrations").

The upload is parsed once; its rows are kept here as JSON (``registration.previews``) until the director imports
or discards them, or ``expires_at`` passes (``manage.py cleanup_exports`` deletes it then). A row in the database,
not a file in one server's folder, so a preview made on one app server is found by all of them. It belongs to the
user who uploaded the file and to one tournament; ``size`` is the JSON's length, bounded by
``CEGO_IMPORT_MAX_PREVIEW`` before it is written.
"""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.models.season import Tournament


class ImportPreview(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="import_previews",
                              verbose_name=_("uploaded by"))
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="import_previews",
                                   verbose_name=_("tournament"))
    filename = models.CharField(_("file name"), max_length=200, blank=True)
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    data = models.JSONField(_("parsed file"))
    size = models.PositiveIntegerField(_("size in bytes"))
    created_at = models.DateTimeField(_("uploaded"), default=timezone.now)
    expires_at = models.DateTimeField(_("expires"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("import preview")
        verbose_name_plural = _("import previews")
        indexes = [models.Index(fields=["expires_at"])]
        constraints = [
            models.CheckConstraint(condition=Q(expires_at__gt=F("created_at")), name="importpreview_expires_later"),
        ]

    def __str__(self):
        return f"{self.filename} ({self.created_at:%d.%m.%Y %H:%M})"

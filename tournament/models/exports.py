"""Background exports: one ``ExportJob`` per export a user started on the web page (docs/exports.md).

A job is *queued* until a task worker (``manage.py db_worker``) takes it, *running* while the exporter works
(``done`` of ``total`` counted in ``progress_label`` units; ``heartbeat_at`` is touched every few seconds), then
*done* with its ``file`` or *failed* with a ``failure`` code. Files live in the storage ``STORAGES["exports"]``
(``tournament.common.storage``): the private directory ``settings.CEGO_EXPORT_DIR`` by default, never under the
static or media roots, or a private S3 bucket (``DJANGO_STORAGE_URL``) that every server reaches. They are served
only by the office's download view to the user who started the job; ``expires_at`` says when the file and the row
go.
"""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.common import storage
from tournament.models.season import Season, Tournament


def export_storage():
    """The storage of ``ExportJob.file``: ``STORAGES["exports"]`` as configured now (``common.storage``; a callable,
    so migrations do not record the directory)."""
    return storage.exports


class ExportJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    class Failure(models.TextChoices):
        ERROR = "error", _("the export raised an error")
        INTERRUPTED = "interrupted", _("the worker was stopped")
        STALE = "stale", _("the worker stopped answering")
        NO_WORKER = "no_worker", _("no worker took the job")
        GONE = "gone", _("what it exports was deleted")

    class Scope(models.TextChoices):
        TABLE = "table", _("table")
        ROUND = "round", _("round")
        TOURNAMENT = "tournament", _("tournament")
        SEASON = "season", _("season")

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="export_jobs",
                             verbose_name=_("started by"))
    exporter = models.CharField(_("export"), max_length=60)
    parameters = models.JSONField(_("options"), default=dict, blank=True)
    scope = models.CharField(_("scope"), max_length=12, choices=Scope.choices)
    object_id = models.PositiveBigIntegerField(_("table or round id"), null=True, blank=True)
    tournament = models.ForeignKey(Tournament, models.CASCADE, null=True, blank=True, related_name="export_jobs",
                                   verbose_name=_("tournament"))
    season = models.ForeignKey(Season, models.CASCADE, related_name="export_jobs", verbose_name=_("season"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.QUEUED)
    failure = models.CharField(_("failure"), max_length=12, choices=Failure.choices, blank=True)
    error = models.TextField(_("error"), blank=True)
    done = models.PositiveIntegerField(_("done"), default=0)
    total = models.PositiveIntegerField(_("total"), null=True, blank=True)
    progress_label = models.CharField(_("counted in"), max_length=60, blank=True)
    file = models.FileField(_("file"), storage=export_storage, max_length=200, blank=True)
    filename = models.CharField(_("file name"), max_length=200, blank=True)
    content_type = models.CharField(_("content type"), max_length=100, blank=True)
    task_id = models.CharField(_("task id"), max_length=64, blank=True)
    created_at = models.DateTimeField(_("started"), default=timezone.now)
    started_at = models.DateTimeField(_("taken by a worker"), null=True, blank=True)
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expires"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("export job")
        verbose_name_plural = _("export jobs")
        indexes = [models.Index(fields=["status", "created_at"]), models.Index(fields=["expires_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(scope__in=["table", "round"], object_id__isnull=False)
                | Q(scope__in=["tournament", "season"], object_id__isnull=True),
                name="exportjob_object_of_its_scope"),
            models.CheckConstraint(condition=Q(scope="season") | Q(tournament__isnull=False),
                                   name="exportjob_tournament_unless_season"),
            models.CheckConstraint(condition=~Q(status="done") | ~Q(file=""), name="exportjob_done_has_file"),
            models.CheckConstraint(condition=Q(status="failed") | Q(failure=""),
                                   name="exportjob_failure_only_when_failed"),
        ]

    def __str__(self):
        return f"{self.exporter} ({self.get_status_display()}, {self.created_at:%d.%m.%Y %H:%M})"

    def get_absolute_url(self):
        return reverse("exports:job", args=[self.pk])

"""Reads of background exports: a job as its owner sees it, and how many are under way.

A stored *queued* or *running* job is not always what the user should see: a worker that was killed
(power cut, ``kill -9``, out of memory) leaves its job *running* and never touches it again. So the state
shown is computed here, in one place:

* running, but no sign of life (``heartbeat_at``) for ``CEGO_EXPORT_STALE_AFTER`` seconds → failed, ``stale``;
* queued for longer than ``CEGO_EXPORT_QUEUE_TIMEOUT`` seconds (no worker running) → failed, ``no_worker``.

``services.fail_abandoned`` later writes the same verdict into the row; reads never write.
"""

from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.exports import registry
from tournament.models import ExportJob
from tournament.staff import permissions

Status, Failure = ExportJob.Status, ExportJob.Failure


def limits(now=None):
    """``(now, running jobs silent since before this, queued jobs waiting since before this)``."""
    now = now or timezone.now()
    return (now, now - timedelta(seconds=settings.CEGO_EXPORT_STALE_AFTER),
            now - timedelta(seconds=settings.CEGO_EXPORT_QUEUE_TIMEOUT))


def abandoned_q(now=None):
    """The active jobs no worker is (or will be) working on, as a query condition (the rule of ``shown``)."""
    _now, silent, waiting = limits(now)
    return (Q(status=Status.RUNNING) & (Q(heartbeat_at__lt=silent) | Q(heartbeat_at__isnull=True))
            | Q(status=Status.QUEUED, created_at__lt=waiting))


def abandonment(job, now=None):
    """The failure an active job has come to without its worker saying so (``stale``/``no_worker``), or ''."""
    _now, silent, waiting = limits(now)
    if job.status == Status.RUNNING and (job.heartbeat_at is None or job.heartbeat_at < silent):
        return Failure.STALE
    if job.status == Status.QUEUED and job.created_at < waiting:
        return Failure.NO_WORKER
    return ""


def shown(job, now=None):
    """``(status, failure)`` as the user sees them."""
    failure = abandonment(job, now)
    if failure:
        return Status.FAILED, failure
    return job.status, job.failure


def active(now=None):
    """Jobs waiting for or being worked on by a worker (abandoned ones do not count)."""
    return ExportJob.objects.filter(status__in=ExportJob.ACTIVE).exclude(abandoned_q(now))


def capability(scope):
    """What a user needs to start or fetch an export of ``scope``: the same as for the plain download."""
    return permissions.ORGANISE if scope == ExportJob.Scope.SEASON else permissions.DIRECT


def may_fetch(user, job):
    """Whether ``user`` may see ``job`` and download its file: the owner, while still allowed to export it."""
    return job.user_id == user.pk and permissions.can(user, capability(job.scope), job.tournament or job.season)


def expired(job, now=None):
    return job.expires_at <= (now or timezone.now())


def job_of(user, pk):
    """The user's own job ``pk`` while it has not expired, or None (an unknown id is the same as another's)."""
    job = ExportJob.objects.filter(pk=pk, user=user).select_related("tournament", "season").first()
    if job is None or expired(job):
        return None
    return job


def message(failure, error=""):
    """What the user reads about a failed job (translated into the reader's language)."""
    if failure == Failure.STALE:
        return _("The export worker stopped while working on this export. Please start the export again.")
    if failure == Failure.INTERRUPTED:
        return _("The export worker was shut down while working on this export. Please start the export again.")
    if failure == Failure.NO_WORKER:
        return _("No export worker took this export: the worker is not running. Please tell whoever runs this "
                 "server.")
    if failure == Failure.GONE:
        return _("What this export was made from has been deleted.")
    return error or _("Unknown error")


def exporter_name(job):
    try:
        return str(registry.get(job.exporter).verbose_name)
    except LookupError:
        return job.exporter


def status(job, now=None):
    """The JSON the page's poller reads (``exports.js``): state, done, total, unit, name, filename, error."""
    state, failure = shown(job, now)
    return {"state": str(state), "done": job.done, "total": job.total, "unit": job.progress_label,
            "name": exporter_name(job), "filename": job.filename or None,
            "error": message(failure, job.error) if state == Status.FAILED else None}

"""Writes of background exports: start one, and clear away what expired or was abandoned (docs/exports.md).

``start_export`` admits at most ``CEGO_EXPORT_CONCURRENCY`` exports at once (waiting or running, all users
together); one more is refused with a message the user can act on, because every running export is a worker
process busy for seconds to minutes and the machine is a club laptop. The job row is committed before its task
is queued, so a worker never sees a task without its job.

``purge_expired`` deletes the files and rows whose ``expires_at`` has passed (and stray files nobody refers
to), in whatever storage ``STORAGES["exports"]`` names; ``fail_abandoned`` writes down the failure of jobs whose worker
died (``selectors.abandoned_q``). Both run whenever an export is started and in ``manage.py cleanup_exports``.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import ngettext
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tournament.exports import selectors, tasks
from tournament.exports.base import TARGET_KWARG
from tournament.models import ExportJob, Round, Season, Table, Tournament
from tournament.models.exports import export_storage
from tournament.staff import permissions

logger = logging.getLogger(__name__)
Status, Failure = ExportJob.Status, ExportJob.Failure
ABANDONED_PATH = "tournament.exports.services.WorkerGone"     # the queue row's "exception" of an abandoned job
ABANDONED_WHY = {Failure.STALE: "the worker stopped answering while it ran the export (killed or crashed)",
                 Failure.NO_WORKER: "no worker took the export in time"}


def target_of(target):
    """``(scope, tournament, season, object id)`` of an export target (a table, round, tournament or season)."""
    if isinstance(target, Table):
        return "table", target.round.tournament, target.round.tournament.season, target.pk
    if isinstance(target, Round):
        return "round", target.tournament, target.tournament.season, target.pk
    if isinstance(target, Tournament):
        return "tournament", target, target.season, None
    if isinstance(target, Season):
        return "season", None, target, None
    raise TypeError(f"no export target: {target!r}")


def _lock_jobs():
    """Serialise admissions: SQLite's IMMEDIATE transactions do so already, PostgreSQL needs a table lock (a
    row lock cannot stop two requests from both inserting the one job too many)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {ExportJob._meta.db_table} IN SHARE ROW EXCLUSIVE MODE")


def start_export(*, user, exporter, target, options=None):
    """Queue ``exporter`` on ``target`` for ``user``; return the job.

    ``ValidationError`` (code ``busy``) when ``CEGO_EXPORT_CONCURRENCY`` exports are waiting or running, (code
    ``unavailable``) when the export has nothing to show for ``target`` (``Exporter.unavailable``);
    ``PermissionDenied`` when the user may not export ``target``."""
    scope, tournament, season, object_id = target_of(target)
    if exporter.scope != scope:
        raise ValueError(f"{exporter.identifier} exports a {exporter.scope}, not {target!r}")
    permissions.require(user, selectors.capability(exporter.scope), tournament or season)
    reason = exporter.unavailable(**{TARGET_KWARG[scope]: target}, **dict(options or {}))
    if reason:
        raise ValidationError(reason, code="unavailable")
    now = timezone.now()
    fail_abandoned(now=now)
    purge_expired(now=now)
    limit = settings.CEGO_EXPORT_CONCURRENCY
    with transaction.atomic():
        _lock_jobs()
        if selectors.active(now).count() >= limit:
            raise ValidationError(
                ngettext("%(limit)d export is being made right now, the most at once. Please try again when it "
                         "is ready.",
                         "%(limit)d exports are being made right now, the most at once. Please try again when "
                         "one of them is ready.", limit), code="busy", params={"limit": limit})
        job = ExportJob.objects.create(
            user=user, exporter=exporter.identifier, parameters=dict(options or {}), scope=exporter.scope,
            object_id=object_id, tournament=tournament, season=season, progress_label=str(exporter.progress_unit),
            created_at=now, expires_at=now + timedelta(seconds=settings.CEGO_EXPORT_KEEP))
    try:
        result = tasks.run_export.enqueue(str(job.pk))
    except Exception as err:     # the queue refused it: say so instead of waiting forever
        logger.exception("export job %s could not be queued", job.pk)
        ExportJob.objects.filter(pk=job.pk, status=Status.QUEUED).update(
            status=Status.FAILED, failure=Failure.ERROR, error=str(err) or type(err).__name__,
            finished_at=timezone.now())
    else:
        ExportJob.objects.filter(pk=job.pk).update(task_id=str(result.id))
    job.refresh_from_db()
    return job


def fail_abandoned(*, now=None):
    """Write down the failure of every job no worker is working on any more, and of its row in the task queue
    (django-tasks-db's ``DBTaskResult``, left *running* by a killed worker or *ready* when no worker came, so that
    no later worker takes it and ``prune_db_task_results`` can remove it); return how many jobs."""
    now = now or timezone.now()
    failed = 0
    for failure, jobs in ((Failure.STALE, ExportJob.objects.filter(status=Status.RUNNING)),
                          (Failure.NO_WORKER, ExportJob.objects.filter(status=Status.QUEUED))):
        with transaction.atomic():
            abandoned = jobs.filter(selectors.abandoned_q(now)).select_for_update()
            task_ids = [task_id for task_id in abandoned.values_list("task_id", flat=True) if task_id]
            failed += abandoned.update(status=Status.FAILED, failure=failure, finished_at=now)
            if task_ids:
                DBTaskResult.objects.filter(
                    id__in=task_ids, status__in=(TaskResultStatus.READY, TaskResultStatus.RUNNING)).update(
                    status=TaskResultStatus.FAILED, finished_at=now, exception_class_path=ABANDONED_PATH,
                    traceback=f"{ABANDONED_PATH}: {ABANDONED_WHY[failure]} (marked failed by the export clean-up)")
    return failed


def purge_expired(*, now=None):
    """Delete expired jobs with their files, and files older than the keeping time that no job refers to,
    wherever the export storage keeps them (through the storage API: the local folder or a bucket that another
    server wrote to); return ``(jobs, files)`` deleted."""
    now = now or timezone.now()
    storage = export_storage()
    jobs = files = 0
    for job in ExportJob.objects.filter(expires_at__lte=now).exclude(status__in=ExportJob.ACTIVE):
        if job.file:
            job.file.delete(save=False)
            files += 1
        job.delete()
        jobs += 1
    known = set(ExportJob.objects.exclude(file="").values_list("file", flat=True))
    oldest = now - timedelta(seconds=settings.CEGO_EXPORT_KEEP)
    for name in storage.listdir("")[1]:
        try:
            if name not in known and storage.get_modified_time(name) < oldest:
                storage.delete(name)
                files += 1
        except Exception:       # gone meanwhile, or the store did not answer for it: the next clean-up tries again
            logger.warning("export storage: could not clear away %s", name, exc_info=True)
    return jobs, files

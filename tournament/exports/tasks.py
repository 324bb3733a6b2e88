"""The background task of an export: what a task worker (``manage.py db_worker``) runs for each job.

``run_export(job_id)`` is a task of Django's tasks API (``django_tasks``; the database backend keeps the queue
in our own database). It claims the queued job, renders it with its exporter and stores the file in the export
storage (``STORAGES["exports"]``: the private directory or a private bucket). While the exporter works, its
``progress(done, total)`` calls are written to the job at most twice a second, and a heartbeat thread touches
``heartbeat_at`` every ``CEGO_EXPORT_HEARTBEAT`` seconds even when the exporter is busy between two calls, so that a
job whose worker died shows as failed after ``CEGO_EXPORT_STALE_AFTER`` seconds (``selectors.abandonment``). A worker
that is shut down in the middle of an export (a second Ctrl+C, ``systemctl stop`` after its timeout) marks the job
failed on its way out.

A job that was failed or deleted meanwhile, or that has been shown as failed because its heartbeat stopped
(the machine slept), is not worked on (or no further): the user has been told so.
"""

import logging
import threading
import time
from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django_tasks import task

from tournament.exports import registry, selectors
from tournament.exports.base import TARGET_KWARG
from tournament.models import ExportJob, Round, Season, Table, Tournament
from tournament.models.exports import export_storage

logger = logging.getLogger(__name__)
Status, Failure = ExportJob.Status, ExportJob.Failure
THROTTLE = 0.5          # seconds between two progress writes


class Gone(Exception):
    """The job was failed or deleted while it ran, or shown as failed for want of signs of life: stop."""


def alive(job_id):
    """The job while it runs and has not been given up for dead (a job shown as failed stays failed)."""
    return ExportJob.objects.filter(pk=job_id, status=Status.RUNNING).exclude(selectors.abandoned_q())


@task()
def run_export(job_id):
    run(job_id)


def run(job_id):
    job = claim(job_id)
    if job is None:
        return
    try:
        try:
            kwargs = target(job)
        except (Table.DoesNotExist, Round.DoesNotExist, Tournament.DoesNotExist, Season.DoesNotExist):
            finish(job.pk, status=Status.FAILED, failure=Failure.GONE)
            return
        exporter = registry.get(job.exporter)
        progress = Progress(job.pk)
        with heartbeat(job.pk):
            filename, content_type, content = exporter.render(progress=progress, **job.parameters, **kwargs)
        store(job, exporter, progress, filename, content_type, content)
    except Gone:
        logger.info("export job %s was failed or deleted while it ran", job.pk)
    except Exception as err:    # the user sees that it failed; the log has the traceback
        logger.exception("export %s (job %s) failed", job.exporter, job.pk)
        finish(job.pk, status=Status.FAILED, failure=Failure.ERROR, error=str(err) or type(err).__name__)
    except BaseException:       # the worker is being stopped (SystemExit, KeyboardInterrupt)
        finish(job.pk, status=Status.FAILED, failure=Failure.INTERRUPTED)
        raise


def claim(job_id):
    """The job, now running; None when it is not waiting (any more) or has waited too long."""
    now = timezone.now()
    with transaction.atomic():
        job = ExportJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != Status.QUEUED:
            return None
        failure = selectors.abandonment(job, now)
        if failure:                 # the user has been told it failed: do not surprise them now
            job.status, job.failure, job.finished_at = Status.FAILED, failure, now
            job.save(update_fields=["status", "failure", "finished_at"])
            return None
        job.status, job.started_at, job.heartbeat_at = Status.RUNNING, now, now
        job.save(update_fields=["status", "started_at", "heartbeat_at"])
    return job


def target(job):
    """The exporter's keyword argument naming what it exports, from the job's scope."""
    if job.scope == ExportJob.Scope.TABLE:
        obj = Table.objects.select_related("round__tournament__season").get(pk=job.object_id)
    elif job.scope == ExportJob.Scope.ROUND:
        obj = Round.objects.select_related("tournament__season").get(pk=job.object_id)
    elif job.scope == ExportJob.Scope.TOURNAMENT:
        obj = Tournament.objects.select_related("season").get(pk=job.tournament_id)
    else:
        obj = Season.objects.get(pk=job.season_id)
    return {TARGET_KWARG[job.scope]: obj}


class Progress:
    """The exporter's ``progress(done, total)``: written to the job at most every ``THROTTLE`` seconds (and
    always when done reaches total); raises ``Gone`` when the job is no longer running."""

    def __init__(self, job_id):
        self.job_id, self.done, self.total, self.last = job_id, 0, None, None

    def __call__(self, done, total):
        self.done, self.total = done, total
        now = time.monotonic()
        if self.last is not None and now - self.last < THROTTLE and (total is None or done < total):
            return
        self.last = now
        if not alive(self.job_id).update(done=done, total=total, heartbeat_at=timezone.now()):
            raise Gone


@contextmanager
def heartbeat(job_id, interval=None):
    """Touch the running job's ``heartbeat_at`` every ``interval`` seconds from a thread while the block runs."""
    interval = settings.CEGO_EXPORT_HEARTBEAT if interval is None else interval
    stop = threading.Event()

    def beat():
        try:
            while not stop.wait(interval):
                try:
                    alive(job_id).update(heartbeat_at=timezone.now())
                except DatabaseError:      # locked for longer than the timeout: the next beat tries again
                    logger.warning("export job %s: heartbeat not written", job_id, exc_info=True)
        finally:
            connection.close()             # this thread's own connection

    thread = threading.Thread(target=beat, name=f"export-heartbeat-{job_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def store(job, exporter, progress, filename, content_type, content):
    """Write the file to the export storage (mode 0600 in the private directory, or a private object in the
    bucket) and mark the job done; drop the file when the job was failed or deleted meanwhile."""
    storage = export_storage()
    name = storage.save(f"{job.pk}.{exporter.extension}", ContentFile(content))
    done = progress.total if progress.total is not None else progress.done
    now = timezone.now()
    if not alive(job.pk).update(
            status=Status.DONE, file=name, filename=filename, content_type=content_type, done=done,
            total=progress.total, heartbeat_at=now, finished_at=now,
            expires_at=now + timedelta(seconds=settings.CEGO_EXPORT_KEEP)):
        storage.delete(name)
        raise Gone


def finish(job_id, **fields):
    """End a running job without a file."""
    ExportJob.objects.filter(pk=job_id, status=Status.RUNNING).update(finished_at=timezone.now(), **fields)

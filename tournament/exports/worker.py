"""The export worker's loop, kept alive through a busy or lost database (issue 23, "workers survive a busy
database").

django-tasks-db's ``Worker`` ignores "database is locked" only where it claims a task; the same error (on
SQLite, when another write holds the lock past the timeout) while it opens that transaction, or while it
records a task's end, and any lost connection (a PostgreSQL restart), ended the process — and nothing started
it again. ``SteadyWorker`` runs the library's loop unchanged and, when the database fails it
(``OperationalError``, ``InterfaceError``), closes its connections, waits and runs it again: 0.5 s, doubling up
to 30 s, each ± a quarter so that several workers do not come back at the same moment; after a minute without
an error the pause starts again at 0.5 s. A task whose end could not be recorded is recorded as failed when the
database answers again (the export job itself, which the user sees, has its own state: ``tasks``). A stop signal
still stops the worker at once (the library's handlers; the pause is an ordinary sleep).
"""

import logging
import random
import time

from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

logger = logging.getLogger(__name__)

FIRST_PAUSE = 0.5       # seconds after the first failure …
LONGEST_PAUSE = 30.0    # … doubling up to this
CALM_AFTER = 60.0       # seconds without a failure after which the pause starts again at FIRST_PAUSE
BUSY = (OperationalError, InterfaceError)


class SteadyWorker(Worker):
    """``Worker`` that retries, with backoff, instead of exiting when the database fails it."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.unrecorded = None          # (DBTaskResult, error): a task whose end could not be written
        self.failures = 0
        self.pause = 0.0
        self.last_failure = None

    def run(self):
        while True:
            try:
                self.record_unrecorded()
                return super().run()
            except BUSY as err:
                if not self.running:        # being stopped: no retry
                    raise
                self.failures += 1
                now = time.monotonic()
                calm = self.last_failure is None or now - self.last_failure > CALM_AFTER
                self.pause = FIRST_PAUSE if calm else min(self.pause * 2, LONGEST_PAUSE)
                self.last_failure = now
                wait = self.pause * random.uniform(0.75, 1.25)  # not for security
                logger.warning("task worker %s: the database failed (%s); trying again in %.1f s",
                               self.worker_id, err, wait)
                close_connections()
                time.sleep(wait)

    def run_task(self, db_task_result):
        try:
            super().run_task(db_task_result)
        except BUSY as err:
            self.unrecorded = (db_task_result, err)
            raise

    def record_unrecorded(self):
        """Record the end of the task whose end the database refused: failed, unless recorded meanwhile."""
        if self.unrecorded is None:
            return
        db_task_result, err = self.unrecorded
        if DBTaskResult.objects.running().filter(pk=db_task_result.pk).exists():
            db_task_result.set_failed(err)
        self.unrecorded = None


def close_connections():
    """Close this process's connections (a broken one may fail even to close); the next query opens anew."""
    for connection in connections.all(initialized_only=True):
        try:
            connection.close()
        except DatabaseError:
            pass

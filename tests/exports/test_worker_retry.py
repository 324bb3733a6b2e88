"""The export worker (``manage.py db_worker``) survives a busy database: it waits and retries instead of exiting
(``tournament.exports.worker``)."""

import pytest
from django.db import OperationalError, connection
from django.urls import reverse
from django_tasks_db.management.commands import db_worker as library
from django_tasks_db.models import DBTaskResult

from tests import factories
from tournament.exports import worker
from tournament.models import ExportJob

pytestmark = [pytest.mark.django_db, pytest.mark.skipif(
    connection.vendor != "sqlite",
    reason="the faults imitated here are SQLite's (a locked database while the claim opens); on PostgreSQL the "
           "batch worker inside the test's transaction never finds the queue empty, so the retry is tested on "
           "SQLite only")]


@pytest.fixture
def queued(client, database_queue):
    """An export of round 1's score sheets, waiting in the database queue."""
    tournament, round_ = factories.seated(players=8)
    client.force_login(factories.staff())
    response = client.post(reverse("exports:round_download", args=[tournament.pk, round_.number, "score_sheets"]))
    assert response.status_code == 202
    return ExportJob.objects.get(pk=response.json()["token"])


@pytest.fixture
def pauses(monkeypatch):
    """The worker's pauses, recorded instead of slept."""
    slept = []
    monkeypatch.setattr(worker.time, "sleep", slept.append)
    return slept


def failing(times, real, error="database is locked"):
    """``real`` that raises ``OperationalError(error)`` on its first ``times`` calls."""
    calls = []

    def wrapped(*args, **kwargs):
        calls.append(1)
        if len(calls) <= times:
            raise OperationalError(error)
        return real(*args, **kwargs)
    return wrapped


def test_a_locked_database_in_the_loop_makes_the_worker_wait_not_exit(queued, database_queue, pauses, monkeypatch):
    # "database is locked" while the worker opens the transaction that claims a task (past SQLite's timeout):
    # the library's loop lets this one through and the process ended.
    monkeypatch.setattr(library, "exclusive_transaction", failing(3, library.exclusive_transaction))
    database_queue()                                        # the batch worker: returns when the queue is empty
    queued.refresh_from_db()
    assert queued.status == ExportJob.Status.DONE and queued.file
    assert DBTaskResult.objects.get(id=queued.task_id).status == "SUCCESSFUL"
    assert len(pauses) == 3
    first, second, third = pauses
    assert 0.75 * worker.FIRST_PAUSE <= first <= 1.25 * worker.FIRST_PAUSE
    assert 1.5 * worker.FIRST_PAUSE <= second <= 2.5 * worker.FIRST_PAUSE       # doubling, with jitter
    assert 3 * worker.FIRST_PAUSE <= third <= 5 * worker.FIRST_PAUSE


def test_the_library_loop_alone_would_have_exited(queued, database_queue, monkeypatch):
    """What the retry is for: the same fault ends django-tasks-db's own worker."""
    monkeypatch.setattr(library, "exclusive_transaction", failing(1, library.exclusive_transaction))
    plain = library.Worker(queue_names=["default"], interval=0, batch=True, backend_name="default",
                           startup_delay=False, max_tasks=None, worker_id="plain", excluded_queue_names=[])
    with pytest.raises(OperationalError):
        plain.run()


def test_a_lost_connection_while_recording_the_end_is_recorded_later(queued, database_queue, pauses, monkeypatch):
    monkeypatch.setattr(DBTaskResult, "set_successful",
                        failing(1, DBTaskResult.set_successful, "server closed the connection unexpectedly"))
    monkeypatch.setattr(DBTaskResult, "set_failed",
                        failing(1, DBTaskResult.set_failed, "server closed the connection unexpectedly"))
    database_queue()
    queued.refresh_from_db()
    assert queued.status == ExportJob.Status.DONE            # the export was made; the user gets the file
    task = DBTaskResult.objects.get(id=queued.task_id)
    assert task.status == "FAILED" and "server closed the connection" in task.traceback   # not left "running"
    assert len(pauses) == 1


def test_a_stopped_worker_does_not_retry(queued, database_queue, monkeypatch):
    def stop_then_fail(*args, **kwargs):
        steady.running = False
        raise OperationalError("database is locked")

    steady = worker.SteadyWorker(queue_names=["default"], interval=0, batch=True, backend_name="default",
                                 startup_delay=False, max_tasks=None, worker_id="steady", excluded_queue_names=[])
    monkeypatch.setattr(library, "exclusive_transaction", stop_then_fail)
    with pytest.raises(OperationalError):
        steady.run()

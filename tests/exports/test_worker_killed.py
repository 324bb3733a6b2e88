"""A worker that dies frees its export place within seconds (issue 23, deliverable 2; docs/production.md,
"Workers"): its job beats every ``CEGO_EXPORT_HEARTBEAT`` seconds and counts as dead after
``CEGO_EXPORT_STALE_AFTER`` without a beat (2 and 10 s by default; it was 10 and 120 s), and the clean-up marks
the job *and its row in the task queue* failed (before, the queue row stayed *running* for ever).

The main test runs real processes on a temporary SQLite file (``worker_harness.py``): a supervised
``db_worker`` takes a slow export and is killed with SIGKILL in the middle; a second export, refused while the
first holds the only place, is admitted seconds after the kill and made by the restarted worker."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests import factories, prepared
from tournament.exports import services, tasks
from tournament.models import ExportJob

ROOT = Path(__file__).resolve().parents[2]
SUPERVISE = ROOT / "tournament" / "config" / "supervise.py"
GUARD = 120             # seconds: a guard against a hang, not a speed target
HEARTBEAT, STALE_AFTER = 0.5, 3
Status, Failure = ExportJob.Status, ExportJob.Failure


# --- in the test process -------------------------------------------------------------------------------------------

def start(client, t, round_):
    response = client.post(reverse("exports:round_download", args=[t.pk, round_.number, "score_sheets"]))
    return ExportJob.objects.get(pk=response.json()["token"])


@pytest.mark.django_db(transaction=True)
def test_the_clean_up_fails_the_queue_row_of_a_job_whose_worker_died(client, database_queue, settings):
    t, round_ = factories.seated(players=8)
    client.force_login(factories.staff())
    job = start(client, t, round_)
    row = DBTaskResult.objects.get(id=job.task_id)
    row.claim("killed-worker")                                  # what db_worker does first …
    assert tasks.claim(job.pk) is not None                      # … then the task; then the worker was killed
    ExportJob.objects.filter(pk=job.pk).update(
        heartbeat_at=timezone.now() - timedelta(seconds=settings.CEGO_EXPORT_STALE_AFTER + 1))
    assert services.fail_abandoned() == 1
    job.refresh_from_db()
    row.refresh_from_db()
    assert (job.status, job.failure) == (Status.FAILED, Failure.STALE)
    assert row.status == "FAILED" and row.finished_at is not None
    assert row.exception_class_path == services.ABANDONED_PATH and "stopped answering" in row.traceback
    call_command("prune_db_task_results", min_age_days=0, verbosity=0)      # a failed row can be pruned
    assert not DBTaskResult.objects.filter(id=job.task_id).exists()


@pytest.mark.django_db(transaction=True)
def test_a_queue_row_no_worker_took_is_failed_and_never_run(client, database_queue, settings):
    t, round_ = factories.seated(players=8)
    client.force_login(factories.staff())
    job = start(client, t, round_)
    ExportJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.CEGO_EXPORT_QUEUE_TIMEOUT + 1))
    assert services.fail_abandoned() == 1
    row = DBTaskResult.objects.get(id=job.task_id)
    assert row.status == "FAILED" and "no worker took" in row.traceback
    database_queue()                                            # a worker that starts later finds nothing to do
    assert DBTaskResult.objects.get(id=job.task_id).worker_ids == []


def test_a_dead_worker_is_noticed_within_seconds_by_default():
    from tournament.config import settings as project

    assert project.CEGO_EXPORT_STALE_AFTER <= 10
    assert 0 < 3 * project.CEGO_EXPORT_HEARTBEAT <= project.CEGO_EXPORT_STALE_AFTER


def test_a_heartbeat_too_slow_for_the_verdict_stops_the_start():
    env = {**os.environ, "CEGO_EXPORT_HEARTBEAT": "5", "CEGO_EXPORT_STALE_AFTER": "10"}
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=GUARD)
    assert result.returncode != 0 and "three times CEGO_EXPORT_HEARTBEAT" in result.stderr


# --- real processes -------------------------------------------------------------------------------------------------

def wait_for(what, predicate):
    deadline = time.monotonic() + GUARD
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {GUARD} s: {what}")


def test_a_worker_killed_mid_export_frees_its_place_and_comes_back(tmp_path):
    database = tmp_path / "db.sqlite3"
    pids, slow = tmp_path / "pids", tmp_path / "slow"
    slow.touch()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CEGO_")) and k != "DATABASE_URL"}
    env.update(DATABASE_URL=f"sqlite:///{database}", CEGO_EXPORT_HEARTBEAT=str(HEARTBEAT),
               CEGO_EXPORT_STALE_AFTER=str(STALE_AFTER), CEGO_EXPORT_CONCURRENCY="1",
               CEGO_EXPORT_DIR=str(tmp_path / "exports"), HARNESS_PIDS=str(pids), HARNESS_SLOW_FILE=str(slow),
               PYTHONUNBUFFERED="1")

    def harness(*args, **popen):
        return subprocess.Popen([sys.executable, "-m", "tests.exports.worker_harness", *args], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, text=True, **popen)

    def workers():
        return [int(pid) for pid in pids.read_text().split()] if pids.exists() else []

    def row(sql, *params):
        with sqlite3.connect(database, timeout=20) as db:
            return db.execute(sql, params).fetchone()

    def job(job_id):
        return row("SELECT status, failure, done, task_id FROM tournament_exportjob WHERE id = ?",
                   uuid.UUID(job_id).hex)

    def queue_row(task_id):
        return row("SELECT status, exception_class_path FROM django_tasks_database_dbtaskresult WHERE id = ?",
                   uuid.UUID(task_id).hex)

    prepared.migrated_sqlite(database, env)       # what the harness's `migrate` would write; it finds nothing to do
    setup = harness("setup")
    ids = json.loads(setup.communicate(timeout=GUARD)[0])
    target = (str(ids["round"]), str(ids["user"]))
    supervisor = subprocess.Popen(
        [sys.executable, str(SUPERVISE), "--delay", "0.2", "--", sys.executable, "-m", "tests.exports.worker_harness",
         "worker"], cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    waiting = None
    try:
        first_worker = wait_for("the worker started", workers)[0]
        first = harness("admit", *target).communicate(timeout=GUARD)[0].split()
        assert first[0] == "admitted"
        first_id = first[1]
        wait_for("the worker is in the middle of the export",
                 lambda: job(first_id)[0] == "running" and job(first_id)[2] >= 3)

        waiting = harness("admit", *target)
        assert waiting.stdout.readline().strip() == "refused"   # the live export holds the only place

        os.kill(first_worker, signal.SIGKILL)
        killed_at = time.time()
        slow.unlink()                                           # the next export renders at once
        admitted = waiting.stdout.readline().split()
        assert admitted[0] == "admitted", admitted
        freed_after = float(admitted[2]) - killed_at
        print(f"place freed {freed_after:.1f} s after the kill (CEGO_EXPORT_STALE_AFTER={STALE_AFTER})")
        assert freed_after < STALE_AFTER + 10                    # seconds, not the 120 s it was
        second_id = admitted[1]

        second_worker = wait_for("the worker came back", lambda: workers()[1:])[0]
        assert second_worker != first_worker
        wait_for("the restarted worker made the second export", lambda: job(second_id)[0] == "done")

        status, failure, _done, task_id = job(first_id)
        assert (status, failure) == ("failed", "stale")
        assert queue_row(task_id) == ("FAILED", services.ABANDONED_PATH)
        assert queue_row(job(second_id)[3])[0] == "SUCCESSFUL"
    finally:
        supervisor.send_signal(signal.SIGTERM)
        supervisor.wait(timeout=GUARD)
        for pid in workers():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if waiting is not None and waiting.poll() is None:
            waiting.kill()
    assert "exited with status -9; starting it again" in supervisor.stderr.read()

"""Background exports on the task queue: the database worker, the limit on exports at once, jobs whose worker
died, expiry, and the privacy of the files."""

import os
import stat
import time
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests import factories
from tournament.exports import selectors, services, tasks
from tournament.models import ExportJob, Role
from tournament.models.exports import export_storage

pytestmark = pytest.mark.django_db
Status, Failure = ExportJob.Status, ExportJob.Failure


@pytest.fixture
def seated():
    return factories.seated(players=8)


def start(client, t, round_=None, identifier="score_sheets"):
    if round_ is None:
        return client.post(reverse("exports:tournament_download", args=[t.pk, identifier]))
    return client.post(reverse("exports:round_download", args=[t.pk, round_.number, identifier]))


def job_from(response):
    return ExportJob.objects.get(pk=response.json()["token"])


@pytest.mark.django_db(transaction=True)
def test_the_database_worker_makes_the_file(client, seated, database_queue, settings):
    t, round_ = seated
    client.force_login(factories.staff())
    response = start(client, t, round_)
    assert response.status_code == 202
    job = job_from(response)
    task = DBTaskResult.objects.get(id=job.task_id)
    assert task.status == "READY" and task.task_path == "tournament.exports.tasks.run_export"
    assert client.get(response.json()["status_url"]).json()["state"] == "queued"

    database_queue()

    task.refresh_from_db()
    assert task.status == "SUCCESSFUL"
    status = client.get(response.json()["status_url"]).json()
    assert status["state"] == "done" and status["done"] == status["total"] == 2 and status["error"] is None
    download = client.get(status["file_url"])
    assert b"".join(download.streaming_content).startswith(b"%PDF")
    job.refresh_from_db()
    assert job.started_at <= job.finished_at and job.heartbeat_at and job.user.username == "director"
    assert (job.scope, job.object_id, job.tournament, job.season) == ("round", round_.pk, t, t.season)


def test_files_are_private(client, seated, settings):
    if not export_storage().is_local():
        pytest.skip("the private directory's modes; DJANGO_STORAGE_URL names a bucket "
                    "(tests/exports/test_export_storage.py)")
    t, round_ = seated
    client.force_login(factories.staff())
    job = job_from(start(client, t, round_))
    path = job.file.path
    assert os.path.dirname(path) == str(settings.CEGO_EXPORT_DIR)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(settings.CEGO_EXPORT_DIR).st_mode) == 0o700
    assert job.filename != os.path.basename(path)          # the name on disk is the job's id, not guessable
    with pytest.raises(ValueError):
        export_storage().url(job.file.name)


def test_the_default_directory_is_outside_static_and_media():
    from tournament.config import settings as project

    directory = str(project.CEGO_EXPORT_DIR)
    assert directory == str(project.BASE_DIR / "var" / "exports")
    for public in (project.STATIC_ROOT, *project.STATICFILES_DIRS):
        assert not directory.startswith(str(public))


def test_the_owner_must_still_be_allowed_to_export(client, seated):
    t, round_ = seated
    director = factories.with_role(Role.Kind.DIRECTOR, tournament=t)
    other = factories.tournament(players=4, season=t.season, name="Anderes Turnier")
    Role.objects.create(user=director, kind=Role.Kind.DIRECTOR, tournament=other)
    client.force_login(director)
    response = start(client, t, round_)
    status = client.get(response.json()["status_url"]).json()
    assert client.get(status["file_url"]).status_code == 200
    Role.objects.filter(user=director, tournament=t).delete()   # still in the office, no longer for t
    client.force_login(director)
    assert client.get(response.json()["status_url"]).status_code == 404
    assert client.get(status["file_url"]).status_code == 404


def test_at_most_the_configured_number_of_exports_at_once(client, seated, database_queue, settings):
    settings.CEGO_EXPORT_CONCURRENCY = 2
    t, round_ = seated
    client.force_login(factories.staff())
    first, second = start(client, t, round_), start(client, t, round_, "table_list")
    assert first.status_code == second.status_code == 202
    refused = start(client, t, round_, "table_list_alphabetical")
    assert refused.status_code == 429 and "2" in refused.json()["error"]
    assert ExportJob.objects.count() == 2
    client.force_login(factories.staff("other"))              # the limit is for everybody together
    assert start(client, t, round_).status_code == 429

    tasks.run_export.call(str(job_from(first).pk))            # one is done: room for another
    assert start(client, t, round_).status_code == 202
    assert start(client, t, round_).status_code == 429
    ExportJob.objects.filter(status=Status.QUEUED).update(created_at=timezone.now() - timedelta(hours=1))
    assert start(client, t, round_).status_code == 202         # abandoned jobs do not block the queue


def test_a_job_whose_worker_died_shows_as_failed(client, seated, database_queue, settings):
    t, round_ = seated
    client.force_login(factories.staff())
    response = start(client, t, round_)
    url = response.json()["status_url"]
    job = job_from(response)
    assert tasks.claim(job.pk) is not None                      # a worker took it … and was killed
    assert client.get(url).json()["state"] == "running"
    silent = timezone.now() - timedelta(seconds=settings.CEGO_EXPORT_STALE_AFTER + 1)
    ExportJob.objects.filter(pk=job.pk).update(heartbeat_at=silent)
    status = client.get(url).json()
    assert status["state"] == "failed" and "Hintergrundprozess" in status["error"] and "file_url" not in status
    assert ExportJob.objects.get(pk=job.pk).status == Status.RUNNING      # a read writes nothing
    out = call_command_output("cleanup_exports")
    assert out.startswith("1 abandoned job")
    job.refresh_from_db()
    assert (job.status, job.failure) == (Status.FAILED, Failure.STALE)
    tasks.run_export.call(str(job.pk))                          # the task itself never resumes a failed job
    assert ExportJob.objects.get(pk=job.pk).file == ""


def test_a_job_shown_as_failed_stays_failed_when_its_worker_wakes_up(client, seated, monkeypatch, settings):
    t, round_ = seated
    client.force_login(factories.staff())
    real = tasks.Progress.__call__
    silent = timezone.now() - timedelta(seconds=settings.CEGO_EXPORT_STALE_AFTER + 1)

    def asleep_after_the_first_call(self, done, total):
        real(self, done, total)
        ExportJob.objects.filter(pk=self.job_id).update(heartbeat_at=silent)     # the laptop slept

    monkeypatch.setattr(tasks.Progress, "__call__", asleep_after_the_first_call)
    response = start(client, t, round_)
    status = client.get(response.json()["status_url"]).json()
    assert status["state"] == "failed" and "Hintergrundprozess" in status["error"]
    assert job_from(response).file == "" and export_storage().listdir("") == ([], [])


def test_a_job_no_worker_takes_fails_and_is_not_run_later(client, seated, database_queue, settings):
    t, round_ = seated
    client.force_login(factories.staff())
    response = start(client, t, round_)
    job = job_from(response)
    assert client.get(response.json()["status_url"]).json()["state"] == "queued"
    ExportJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.CEGO_EXPORT_QUEUE_TIMEOUT + 1))
    status = client.get(response.json()["status_url"]).json()
    assert status["state"] == "failed" and status["error"]
    tasks.run_export.call(str(job.pk))                          # a worker started late
    job.refresh_from_db()
    assert (job.status, job.failure, job.file) == (Status.FAILED, Failure.NO_WORKER, "")


def test_a_worker_shut_down_mid_export_marks_the_job_failed(client, seated, database_queue, monkeypatch):
    t, round_ = seated
    client.force_login(factories.staff())
    response = start(client, t, round_)

    def stopped(*args, **kwargs):
        raise SystemExit(1)                                     # what db_worker does on a second Ctrl+C

    monkeypatch.setattr("tournament.exports.pdf.sheets.RoundSheets.generate", stopped)
    with pytest.raises(SystemExit):
        tasks.run_export.call(response.json()["token"])
    status = client.get(response.json()["status_url"]).json()
    assert status["state"] == "failed" and "Hintergrundprozess" in status["error"]
    assert job_from(response).failure == Failure.INTERRUPTED


def test_an_error_in_the_exporter_reaches_the_page(client, seated, monkeypatch):
    t, round_ = seated
    client.force_login(factories.staff())

    def broken(*args, **kwargs):
        raise RuntimeError("no paper")

    monkeypatch.setattr("tournament.exports.pdf.sheets.RoundSheets.generate", broken)
    status = client.get(start(client, t, round_).json()["status_url"]).json()
    assert status["state"] == "failed" and status["error"] == "no paper"


def test_a_deleted_round_fails_the_job(client, seated, database_queue):
    t, round_ = seated
    client.force_login(factories.staff())
    response = start(client, t, round_)
    round_.delete()
    tasks.run_export.call(response.json()["token"])
    assert job_from(response).failure == Failure.GONE


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_beats_while_the_exporter_is_busy(seated):
    t, round_ = seated
    long_ago = timezone.now() - timedelta(seconds=5)            # silent for a while, not yet given up
    job = ExportJob.objects.create(user=factories.staff(), exporter="standings", scope="tournament", tournament=t,
                                   season=t.season, status=Status.RUNNING, heartbeat_at=long_ago,
                                   expires_at=timezone.now() + timedelta(days=1))
    with tasks.heartbeat(job.pk, interval=0.02):
        deadline = time.monotonic() + 5
        while ExportJob.objects.get(pk=job.pk).heartbeat_at == long_ago and time.monotonic() < deadline:
            time.sleep(0.02)
    assert ExportJob.objects.get(pk=job.pk).heartbeat_at > long_ago


@pytest.mark.parametrize("status, heartbeat_age, waited, failure", [
    (Status.RUNNING, 5, 500, ""),
    (Status.RUNNING, 119, 5000, ""),
    (Status.RUNNING, 121, 121, Failure.STALE),
    (Status.RUNNING, None, 1, Failure.STALE),
    (Status.QUEUED, None, 599, ""),
    (Status.QUEUED, None, 601, Failure.NO_WORKER),
    (Status.DONE, 5000, 5000, ""),
    (Status.FAILED, 5000, 5000, ""),
])
def test_the_abandonment_rule_is_the_same_in_python_and_sql(seated, settings, status, heartbeat_age, waited,
                                                            failure):
    settings.CEGO_EXPORT_STALE_AFTER, settings.CEGO_EXPORT_QUEUE_TIMEOUT = 120, 600
    t, _round = seated
    now = timezone.now()
    job = ExportJob.objects.create(
        user=factories.staff(), exporter="standings", scope="tournament", tournament=t, season=t.season,
        status=status, file="x.pdf" if status == Status.DONE else "",
        failure=Failure.ERROR if status == Status.FAILED else "", created_at=now - timedelta(seconds=waited),
        heartbeat_at=None if heartbeat_age is None else now - timedelta(seconds=heartbeat_age),
        expires_at=now + timedelta(days=1))
    assert selectors.abandonment(job, now) == failure
    assert ExportJob.objects.filter(selectors.abandoned_q(now), pk=job.pk).exists() == bool(failure)
    assert (job in selectors.active(now)) == (status in ExportJob.ACTIVE and not failure)


def test_expired_files_are_refused_then_deleted(client, seated, settings):
    t, round_ = seated
    client.force_login(factories.staff())
    response = start(client, t, round_)
    status = client.get(response.json()["status_url"]).json()
    job = job_from(response)
    storage, name = export_storage(), job.file.name
    stray = storage.save("left-over.pdf", ContentFile(b"%PDF"))      # a file no job refers to (any more)
    ExportJob.objects.filter(pk=job.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert client.get(response.json()["status_url"]).status_code == 404
    assert client.get(status["file_url"]).status_code == 404
    assert storage.exists(name)                                 # refusing is a read: nothing deleted yet
    assert "1 expired job(s) and 1 file(s) deleted" in call_command_output("cleanup_exports")
    assert storage.exists(stray)                                # younger than CEGO_EXPORT_KEEP: kept
    settings.CEGO_EXPORT_KEEP = 0                               # now older than the keeping time
    assert "0 expired job(s) and 1 file(s) deleted" in call_command_output("cleanup_exports")
    assert not storage.exists(name) and not storage.exists(stray) and not ExportJob.objects.exists()


def test_starting_an_export_clears_expired_ones(client, seated):
    t, round_ = seated
    client.force_login(factories.staff())
    old = job_from(start(client, t, round_))
    ExportJob.objects.filter(pk=old.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    start(client, t, round_)
    assert not ExportJob.objects.filter(pk=old.pk).exists() and not export_storage().exists(old.file.name)


def test_a_finished_file_is_kept_for_the_configured_time(client, seated, settings):
    settings.CEGO_EXPORT_KEEP = 3600
    t, round_ = seated
    client.force_login(factories.staff())
    job = job_from(start(client, t, round_))
    assert timedelta(minutes=59) < job.expires_at - job.finished_at <= timedelta(hours=1)
    services.purge_expired(now=job.finished_at + timedelta(minutes=59))
    assert ExportJob.objects.filter(pk=job.pk).exists()
    services.purge_expired(now=job.finished_at + timedelta(minutes=61))
    assert not ExportJob.objects.filter(pk=job.pk).exists()


def call_command_output(name, *args):
    import io

    out = io.StringIO()
    call_command(name, *args, stdout=out)
    return out.getvalue()

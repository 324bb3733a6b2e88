"""Export tests run background tasks at once, in the test's thread (django-tasks' ImmediateBackend), and keep
their files in a temporary directory — or, when DJANGO_STORAGE_URL names an S3 bucket (``.ci/with-s3``), under a
prefix of their own in that bucket, so that they run against S3 and do not see each other's files.
``database_queue`` switches to the real database backend for the tests that run the worker (``manage.py
db_worker``); ``own_s3`` starts a moto S3 server for one test, whatever DJANGO_STORAGE_URL says."""

import signal
import socket
import uuid

import pytest

from tournament.config.storage_url import S3, exports_storage

IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture(autouse=True)
def export_settings(settings, tmp_path):
    settings.TASKS = IMMEDIATE
    settings.CEGO_EXPORT_DIR = tmp_path / "exports"
    exports = settings.STORAGES["exports"]
    if exports["BACKEND"] == S3:
        options = exports["OPTIONS"]
        location = "/".join(part for part in (options["location"], f"test-{uuid.uuid4().hex}") if part)
        settings.STORAGES = {**settings.STORAGES, "exports": {**exports, "OPTIONS": {**options, "location": location}}}
    return settings


def s3_client(options):
    """A boto3 client for the bucket of a ``STORAGES`` entry's options (to look behind the storage API)."""
    import boto3

    return boto3.client("s3", endpoint_url=options["endpoint_url"], region_name=options["region_name"],
                        aws_access_key_id=options.get("access_key"), aws_secret_access_key=options.get("secret_key"))


@pytest.fixture
def own_s3(settings):
    """A moto S3 server on a free loopback port for this test, a bucket in it, and ``STORAGES["exports"]`` pointing
    there through ``DJANGO_STORAGE_URL``'s parser; yields ``(boto3 client, options)``."""
    from moto.server import ThreadedMotoServer

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        entry = exports_storage(f"s3://test-key:test%2Fsecret@127.0.0.1:{port}/cego-test/exports?secure=0")
        client = s3_client(entry["OPTIONS"])
        client.create_bucket(Bucket=entry["OPTIONS"]["bucket_name"])
        settings.STORAGES = {**settings.STORAGES, "exports": entry}
        yield client, entry["OPTIONS"]
    finally:
        server.stop()


@pytest.fixture
def database_queue(settings):
    """Tasks go into the database queue; ``work()`` runs the worker until the queue is empty."""
    from django.core.management import call_command

    settings.TASKS = DATABASE
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}

    def work():
        call_command("db_worker", batch=True, reload=False, startup_delay=False, interval=0, verbosity=0)

    yield work
    for sig, handler in handlers.items():       # the worker installs its own shutdown handlers
        signal.signal(sig, handler)

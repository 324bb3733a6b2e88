"""Export tests run background tasks at once, in the test's thread (django-tasks' ImmediateBackend), and keep
their files in a temporary directory. ``database_queue`` switches to the real database backend for the tests
that run the worker (``manage.py db_worker``)."""

import signal

import pytest

IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture(autouse=True)
def export_settings(settings, tmp_path):
    settings.TASKS = IMMEDIATE
    settings.CEGO_EXPORT_DIR = tmp_path / "exports"
    return settings


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

"""``manage.py db_worker``: django-tasks-db's worker command (the same options) running
``tournament.exports.worker.SteadyWorker``, whose loop survives a busy database. It takes the library's name —
the tournament app comes before ``django_tasks_db`` in ``INSTALLED_APPS`` — so make run, make serve, the hall
and the systemd units start it unchanged."""

import os

from django.core.management.base import CommandError
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands import db_worker

from tournament.exports.worker import SteadyWorker


class Command(db_worker.Command):
    help = "Run a database background worker that waits and retries, instead of exiting, when the database fails"

    def handle(self, *, verbosity, queue_name, interval, batch, backend_name, startup_delay, reload, max_tasks,
               worker_id, exclude_queues, **options):
        self.configure_logging(verbosity)
        queue_names = queue_name.split(",")
        excluded = exclude_queues.split(",") if exclude_queues else []
        if excluded and "*" not in queue_names:
            raise CommandError("--exclude-queues can only be used with --queue-name=*")
        worker = SteadyWorker(queue_names=queue_names, interval=interval, batch=batch, backend_name=backend_name,
                              startup_delay=startup_delay, max_tasks=max_tasks, worker_id=worker_id,
                              excluded_queue_names=excluded)
        if reload and not batch:
            if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
                worker.configure_signals()      # only the reloader's child
            run_with_reloader(worker.run)
        else:
            worker.configure_signals()
            worker.run()

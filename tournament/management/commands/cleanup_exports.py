"""``python manage.py cleanup_exports``: delete expired export files and mark abandoned export jobs failed.

The same clean-up runs whenever someone starts an export; this command is for a timer (docs/production.md), so
that files go when nobody exports for days. The queue's own finished task rows are pruned by django-tasks-db's
``manage.py prune_db_task_results``. It also deletes parsed registration files (``ImportPreview`` rows) whose
import preview is older than ``CEGO_IMPORT_KEEP`` (``registration.previews``). Export files are deleted through
the export storage, wherever it keeps them (the local folder or a bucket another server wrote to).
"""

from django.core.management.base import BaseCommand

from tournament.exports import services
from tournament.registration import previews


class Command(BaseCommand):
    help = "Delete expired export files and mark export jobs whose worker died as failed."

    def handle(self, *args, **options):
        failed = services.fail_abandoned()
        jobs, files = services.purge_expired()
        imports = previews.purge_expired()
        self.stdout.write(f"{failed} abandoned job(s) marked failed, {jobs} expired job(s) and {files} file(s) "
                          f"deleted, {imports} import preview(s) deleted")

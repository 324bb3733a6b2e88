"""``migrate``, one process at a time: servers started at the same moment wait for each other's migration.

Two app servers (or a server and its export workers' release step) started at once both ran ``migrate`` on the
fresh database, and one of them crashed (``table … already exists`` on SQLite, a unique violation in
``pg_type`` or on ``auth_permission`` on PostgreSQL). Under ``process_lock.exclusive("migrate")`` the second
waits for the first, then finds every migration applied and its ``post_migrate`` work (permissions, content
types) done, and exits 0. Every way the project starts a server (``make run``/``serve``/``hall``, the systemd
unit) runs this command, and so does anyone who types ``manage.py migrate``: nobody can pick the unsafe one.
"""
from django.core.management.commands import migrate

from tournament.management import process_lock


class Command(migrate.Command):
    def handle(self, *args, **options):
        with process_lock.exclusive("migrate", using=options["database"]):
            return super().handle(*args, **options)

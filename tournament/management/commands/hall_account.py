"""``manage.py hall_account``: before ``make hall`` serves a new database, make sure somebody can log in.

With no active superuser yet it asks for one at the terminal (Django's ``createsuperuser``, with its password
rules); without a terminal it says how to make one later. Never creates an account with a known password (the
demo's accounts exist only in the demo database)."""

import sys

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Ask for the first tournament office account when the database has none (make hall)."

    def handle(self, *args, **options):
        if get_user_model().objects.filter(is_superuser=True, is_active=True).exists():
            return
        if sys.stdin.isatty():
            self.stdout.write("No account yet: create the first one for the tournament office (a superuser).\n"
                              "Noch kein Zugang: legen Sie den ersten für die Turnierleitung an.")
            call_command("createsuperuser", interactive=True)
            return
        self.stdout.write(self.style.WARNING(
            "No account for the tournament office yet. Create one with: "
            ".venv/bin/python manage.py createsuperuser (with the same DATABASE_URL) / "
            "Noch kein Zugang für die Turnierleitung: .venv/bin/python manage.py createsuperuser"))

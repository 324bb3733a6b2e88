"""WSGI entry point: ``tournament.config.wsgi:application``."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")

application = get_wsgi_application()

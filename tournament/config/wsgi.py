"""WSGI entry point: ``tournament.config.wsgi:application``.

The garbage collector (docs/production.md, "The garbage collector"): everything loaded up to here — Django, the
URL patterns, the apps' modules — lives as long as the process, so it is moved out of the collector's way
(``gc.freeze``; under gunicorn ``--preload`` before the workers fork, so they also keep sharing those memory
pages). And the collector runs less often: with the defaults (700, 10, 10) a worker holding the stored public
pages and rows spent 7–10 % of its CPU in collections that found little (``bench/change_cost.py``).
"""
import gc
import os

from django.core.wsgi import get_wsgi_application

GC_THRESHOLD = (50_000, 20, 100)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")

application = get_wsgi_application()

gc.freeze()
gc.set_threshold(*GC_THRESHOLD)

"""Long exports in the background, with progress the browser can poll.

``start()`` stores a job under a random token in Django's cache and runs the exporter in a thread; the
exporter's ``progress(done, total)`` callback updates the job; the finished file goes to a temporary directory
(``settings.EXPORTS_DIR``, default ``<tmp>/cego-exports``) and the job records its path. ``status(token)`` is
what the poller reads. A job belongs to the user who started it.

The cache must be shared by every process that serves requests: Django's default local-memory cache is right
for ``runserver`` and a single process; with several worker processes configure a shared cache (file-based,
database, Redis). ``settings.EXPORTS_BACKGROUND = False`` runs jobs inline (tests, debugging).
"""

import logging
import os
import secrets
import tempfile
import threading
import time

from django.conf import settings
from django.core.cache import cache
from django.db import close_old_connections, connections

PREFIX = "cego-export-job:"
TIMEOUT = 24 * 3600
THROTTLE = 0.25           # seconds between progress writes to the cache
logger = logging.getLogger(__name__)


def directory():
    path = getattr(settings, "EXPORTS_DIR", None) or os.path.join(tempfile.gettempdir(), "cego-exports")
    os.makedirs(path, exist_ok=True)
    return path


def cleanup(max_age=TIMEOUT):
    """Remove finished files older than ``max_age`` seconds."""
    now = time.time()
    for name in os.listdir(directory()):
        path = os.path.join(directory(), name)
        try:
            if now - os.path.getmtime(path) > max_age:
                os.remove(path)
        except OSError:
            pass


def status(token):
    """The job's state: ``{"state": "running"|"done"|"failed", "done", "total", "filename", …}`` or None."""
    if not token or not token.replace("-", "").replace("_", "").isalnum():
        return None
    return cache.get(PREFIX + token)


def _save(token, job):
    cache.set(PREFIX + token, job, TIMEOUT)


def start(*, exporter, user, kwargs, background=None):
    """Start ``exporter.render(**kwargs)``; return the job's token."""
    cleanup()
    token = secrets.token_urlsafe(18)
    job = {"state": "running", "done": 0, "total": None, "identifier": exporter.identifier,
           "name": str(exporter.verbose_name), "unit": str(exporter.progress_unit), "user_id": user.pk,
           "filename": None, "content_type": None, "path": None, "error": None, "started": time.time()}
    _save(token, job)
    if background is None:
        background = getattr(settings, "EXPORTS_BACKGROUND", True)
    if background:
        threading.Thread(target=run, args=(token, exporter, kwargs), daemon=True,
                         name=f"export-{exporter.identifier}").start()
    else:
        run(token, exporter, kwargs, own_connection=False)
    return token


def run(token, exporter, kwargs, own_connection=True):
    job = status(token)
    last = [0.0]

    def progress(done, total):
        now = time.monotonic()
        if now - last[0] >= THROTTLE or (total is not None and done >= total):
            last[0] = now
            job.update(done=done, total=total)
            _save(token, job)

    try:
        filename, content_type, content = exporter.render(progress=progress, **kwargs)
        path = os.path.join(directory(), f"{token}.{exporter.extension}")
        with open(path, "wb") as out:
            out.write(content)
        job.update(state="done", filename=filename, content_type=content_type, path=path,
                   done=job["total"] if job["total"] is not None else job["done"])
    except Exception as err:   # the user sees that it failed; the log has the traceback
        logger.exception("export %s failed", exporter.identifier)
        job.update(state="failed", error=str(err) or type(err).__name__)
    finally:
        _save(token, job)
        if own_connection:
            close_old_connections()
            connections.close_all()

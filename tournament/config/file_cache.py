"""Django's file cache without a look at its whole folder before every write.

``FileBasedCache.set`` culls before each write: it lists every file of the folder to count them, and when they
are ``MAX_ENTRIES`` or more deletes a share. The public pages' cache holds up to 5,000 pages; under the
1,000-player load benchmark (docs/load.md) that listing was 6 % of a gunicorn worker's CPU. Here the cull runs at
most once every ``CULL_EVERY`` seconds per folder and process, so the folder may hold what the processes write in
that time beyond ``MAX_ENTRIES`` (a few hundred small files) until the next cull; everything else — the files, their
expiry, reads, deletes — is Django's.
"""

import threading
import time

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 5.0                # seconds
_culled_at, _lock = {}, threading.Lock()


class FileCache(FileBasedCache):
    def _cull(self):
        now = time.monotonic()
        with _lock:
            if now - _culled_at.get(self._dir, float("-inf")) < CULL_EVERY:
                return
            _culled_at[self._dir] = now
        super()._cull()

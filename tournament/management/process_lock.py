"""One process at a time, across every process and server that shares the database (docs/production.md,
"Starting several servers").

``exclusive(name)`` holds a lock named ``name`` for the database ``using`` while its block runs; a second process
asking for the same name waits until the first has finished, then runs its block (which then usually finds
nothing left to do). ``manage.py migrate`` and ``manage.py demo`` run under it, so servers started at the same
moment never run the same migration twice or build the demo season twice.

* **PostgreSQL**: a session-level advisory lock (``pg_advisory_lock``) on a connection of its own, so whatever the
  block does with its connections (transactions, a close) cannot release it early. Advisory locks belong to one
  database of the cluster, so two installations (or a test database) never wait for each other; a process that
  dies loses its connection and with it the lock.
* **SQLite**: an exclusive ``flock`` on a lock file beside the database file (``db.sqlite3.migrate.lock``). SQLite
  is one machine's file, so a file lock reaches every process that can open it; the kernel drops the lock of a
  process that dies. The file stays (removing it would let a third process lock a fresh file while a second
  one still holds the old). An in-memory database is private to its process: no lock is needed.
* Other databases: no lock (the project runs on SQLite and PostgreSQL only).

While it waits, it says so once on stderr, naming the lock, so a server that seems to hang at start-up explains
itself in the journal.
"""

import fcntl
import hashlib
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from django.db import DEFAULT_DB_ALIAS, OperationalError, connections


def advisory_key(name):
    """The signed 64-bit key of ``pg_advisory_lock`` for lock ``name`` (stable across processes and versions)."""
    return int.from_bytes(hashlib.sha256(f"cego:{name}".encode()).digest()[:8], "big", signed=True)


def lock_file(database_name, name):
    """The lock file of lock ``name`` beside the SQLite file ``database_name``, or None for an in-memory database."""
    text = str(database_name or "")
    if not text or text == ":memory:" or "mode=memory" in text or text.startswith("file:"):
        return None
    return Path(f"{text}.{name}.lock")


def _waiting(name):
    print(f"Waiting for another process to finish '{name}' (lock on the database) …", file=sys.stderr, flush=True)


@contextmanager
def exclusive(name, *, using=DEFAULT_DB_ALIAS):
    """Run the block while holding the lock ``name`` on database ``using`` (waits for another holder)."""
    connection = connections[using]
    if connection.vendor == "postgresql":
        with _advisory(name, using):
            yield
    elif connection.vendor == "sqlite":
        with _flock(lock_file(connection.settings_dict["NAME"], name), name):
            _connect(connection)
            try:
                yield
            finally:
                # The last connection to close checkpoints the WAL under an exclusive lock of the file: done while
                # the next process still waits, not while it opens its own connection.
                connection.close()
    else:
        yield


def _connect(connection, attempts=50, pause=0.1):
    """Open the SQLite connection, again while the file answers "database is locked": setting the journal mode
    (``init_command``) on connecting does not wait like a statement does, and a process that just finished (a
    server started beside this one) may still be closing the file. Three ``migrate`` started at once failed
    here once in a CI run."""
    for attempt in range(attempts):
        try:
            connection.ensure_connection()
            return
        except OperationalError as error:
            if "locked" not in str(error) or attempt == attempts - 1:
                raise
            connection.close()
            time.sleep(pause)


@contextmanager
def _advisory(name, using):
    own = connections.create_connection(using)      # not the block's connection: nothing there can release it
    key = advisory_key(name)
    try:
        with own.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
            if not cursor.fetchone()[0]:
                _waiting(name)
                cursor.execute("SELECT pg_advisory_lock(%s)", [key])
        try:
            yield
        finally:
            with own.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])
    finally:
        own.close()


@contextmanager
def _flock(path, name):
    if path is None or not path.parent.is_dir():     # in memory; or no folder, where SQLite gives its own error
        yield
        return
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            _waiting(name)
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)                          # closing the file releases the lock

"""What the tests that start real servers set up the same way every time, made once per test process and copied:
the collected static files (``manage.py collectstatic`` with production settings: about 7 s of CPU, every file
hashed and compressed twice) and an empty migrated SQLite database (``manage.py migrate``: about 4 s). A copy
takes a fraction of a second and is what the command would have written; the commands themselves are tested
where they are the subject (tests/config/test_production.py, test_startup.py, test_hall.py).

    prepared.static_files(folder / "static", env)     # env: the server's environment (DJANGO_DEBUG="0" …)
    prepared.migrated_sqlite(folder / "live.sqlite3", env)
"""

import atexit
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_made = {}


def _workdir():
    if "dir" not in _made:
        _made["dir"] = Path(tempfile.mkdtemp(prefix="cego-prepared-"))
        atexit.register(shutil.rmtree, _made["dir"], ignore_errors=True)
    return _made["dir"]


def _once(key, make):
    """The path ``make(path)`` filled, made on the first call with ``key`` in this process."""
    if key not in _made:
        path = _workdir() / "-".join(key)
        make(path)
        _made[key] = path
    return _made[key]


def static_files(static_root, env):
    """Fill ``static_root`` as ``collectstatic --noinput`` run with ``env`` would (the output depends only on the
    code and on DEBUG, which is part of the key)."""
    def collect(path):
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT,
                       env=dict(env, DJANGO_STATIC_ROOT=str(path)), check=True)
    source = _once(("static", env.get("DJANGO_DEBUG", "")), collect)
    shutil.copytree(source, static_root, dirs_exist_ok=True)


def migrated_sqlite(path, env):
    """Write at ``path`` the SQLite file ``migrate`` makes of an empty database."""
    def migrate(template):
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT,
                       env=dict(env, DATABASE_URL=f"sqlite:///{template}"), check=True)
        with closing(sqlite3.connect(template)) as db:      # everything in the one file (journal_mode=WAL)
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    template = _once(("sqlite",), migrate)
    shutil.copyfile(template, path)

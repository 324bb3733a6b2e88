"""Starting many servers at once (issue 23, deliverable 2): ``migrate`` and ``demo`` run by several processes at the
same moment on a fresh database all succeed, and the work is done once (docs/production.md, "Starting several
servers"). Real processes (``manage.py``) on a fresh SQLite file, and on a fresh PostgreSQL database when the
suite runs on PostgreSQL (``.ci/with-postgres``; skipped otherwise).

Before the lock, three ``migrate`` at once failed two of three on SQLite (``table "django_migrations" already
exists``) and on PostgreSQL (unique violation in ``pg_type``); two ``demo`` at once failed one (unique
``auth_user.username``)."""

import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tournament.management import process_lock

ROOT = Path(__file__).resolve().parents[2]
GUARD = 300             # seconds: a guard against a hang, not a speed target
POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


def environment(database_url):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    env.update(DATABASE_URL=database_url, PYTHONUNBUFFERED="1")
    return env


def at_once(database_url, *command, count):
    """Start ``count`` ``manage.py command`` processes at the same moment; their ``(exit code, output)``."""
    procs = [subprocess.Popen([sys.executable, "manage.py", *command], cwd=ROOT, env=environment(database_url),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for _ in range(count)]
    return [(proc.wait(timeout=GUARD), proc.stdout.read()) for proc in procs]


def manage(database_url, *command):
    return subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=environment(database_url),
                          capture_output=True, text=True, timeout=GUARD)


def postgres_database():
    """A fresh, empty database on the suite's PostgreSQL server: ``(its URL, drop())``."""
    import psycopg

    base = os.environ["DATABASE_URL"]
    name = f"cego_start_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop():
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return base.rsplit("/", 1)[0] + "/" + name, drop


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not POSTGRES, reason="needs DATABASE_URL=postgres://… (.ci/with-postgres)"))])
def fresh_database(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'db.sqlite3'}"
        return
    url, drop = postgres_database()
    try:
        yield url
    finally:
        drop()


def assert_all_succeeded(results):
    for code, output in results:
        assert code == 0, output[-3000:]


def test_three_migrations_at_once_all_succeed_and_apply_everything_once(fresh_database):
    results = at_once(fresh_database, "migrate", "--noinput", count=3)
    assert_all_succeeded(results)
    applied = [output for _code, output in results if "Applying tournament.0001" in output]
    assert len(applied) == 1                                  # one did the work, the others found it done
    assert sum("No migrations to apply." in output for _code, output in results) == 2
    check = manage(fresh_database, "migrate", "--check")      # exit 1 while any migration is unapplied
    assert check.returncode == 0, check.stdout + check.stderr
    permissions = manage(fresh_database, "shell", "-v", "0", "-c",        # post_migrate's work, done completely
                         "from django.apps import apps; from django.contrib.auth.models import Permission;"
                         "have = set(Permission.objects.values_list('content_type__app_label', 'codename'));"
                         "want = {(m._meta.app_label, f'{a}_{m._meta.model_name}') for m in apps.get_models()"
                         " for a in m._meta.default_permissions};"
                         "print(len(want), len(want - have))")
    wanted, missing = map(int, permissions.stdout.split())
    assert wanted > 50 and missing == 0


def test_two_demos_at_once_build_one_season(fresh_database):
    assert manage(fresh_database, "migrate", "--noinput", "-v", "0").returncode == 0
    results = at_once(fresh_database, "demo", count=2)
    assert_all_succeeded(results)
    assert sum("exists already" in output for _code, output in results) == 1
    counts = manage(fresh_database, "shell", "-v", "0", "-c",
                    "from django.contrib.auth.models import User; from tournament.models import Player, Season, "
                    "Tournament; print(Season.objects.count(), Tournament.objects.count(), Player.objects.count(),"
                    " User.objects.filter(username='leitung').count())")
    assert counts.stdout.split() == ["3", "5", "190", "1"], counts.stdout + counts.stderr


# --- the lock itself ------------------------------------------------------------------------------------------------

def test_the_sqlite_lock_file_sits_beside_the_database_and_memory_needs_none(tmp_path):
    assert process_lock.lock_file(tmp_path / "db.sqlite3", "migrate") == tmp_path / "db.sqlite3.migrate.lock"
    for memory in (":memory:", "file:memorydb_default?mode=memory&cache=shared", ""):
        assert process_lock.lock_file(memory, "migrate") is None


def test_advisory_keys_are_stable_distinct_64_bit_numbers():
    keys = {process_lock.advisory_key(name) for name in ("migrate", "demo")}
    assert len(keys) == 2 and all(-2**63 <= key < 2**63 for key in keys)
    assert process_lock.advisory_key("migrate") == process_lock.advisory_key("migrate")


def test_a_second_holder_waits_for_the_first(tmp_path):
    """Two processes, one lock file: the second starts its block only after the first has left its own."""
    database = tmp_path / "db.sqlite3"
    sqlite3.connect(database).close()
    script = ("import sys, time; from tournament.management import process_lock as p;"
              "path = p.lock_file(sys.argv[1], 'demo');"
              "ctx = p._flock(path, 'demo'); ctx.__enter__(); print('in', time.monotonic(), flush=True);"
              "time.sleep(float(sys.argv[2])); print('out', time.monotonic(), flush=True);"
              "ctx.__exit__(None, None, None)")
    first = subprocess.Popen([sys.executable, "-c", script, str(database), "1.5"], cwd=ROOT, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert first.stdout.readline().startswith("in")
    second = subprocess.run([sys.executable, "-c", script, str(database), "0"], cwd=ROOT, text=True,
                            capture_output=True, timeout=GUARD)
    first_out = float(first.stdout.readline().split()[1])
    first.wait(timeout=GUARD)
    second_in = float(second.stdout.split()[1])
    assert second_in >= first_out
    assert "Waiting for another process to finish 'demo'" in second.stderr

"""Fresh Python processes with a production environment, for the tests of settings read once per process
(tests/config, tests/security)."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def environment(tmp_path, **extra):
    """os.environ without any DJANGO_* or DATABASE_URL of the caller, plus a production setup under tmp_path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    env.update(
        DJANGO_SETTINGS_MODULE="tournament.config.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="cego.example.org,testserver",
        DJANGO_CACHE_DIR=str(tmp_path / "cache"),
        DJANGO_STATIC_ROOT=str(tmp_path / "static"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    env.update(extra)
    return env


def run(args, env, timeout=60):
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


def python(script, env, *args):
    result = run([sys.executable, "-c", script, *args], env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


SETTINGS = """
import json, sys
from django.conf import settings
print(json.dumps({name: getattr(settings, name, None) for name in sys.argv[1:]}, default=str))
"""


def settings_of(env, *names):
    return python(SETTINGS, env, *names)

"""Production configuration (DJANGO_DEBUG=0), checked the way it runs: settings are read once per process, so
every check starts a fresh Python with the production environment.
"""

import json
import os
import re
import secrets
import sys

import pytest

from tests.config.processes import ROOT, environment, python, run, settings_of

DEV_KEY = "django-insecure-development-only-cego-tournament"


def test_check_deploy_has_no_warnings(tmp_path):
    result = run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                 environment(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_settings(tmp_path):
    env = environment(tmp_path, DJANGO_CSRF_TRUSTED_ORIGINS="https://cego.example.org, https://www.example.org")
    s = settings_of(env, "DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY",
                    "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD",
                    "SECURE_SSL_REDIRECT", "SECURE_PROXY_SSL_HEADER", "SECURE_CONTENT_TYPE_NOSNIFF",
                    "X_FRAME_OPTIONS", "CSRF_TRUSTED_ORIGINS", "CACHES", "STORAGES", "STATIC_ROOT", "LOGGING")
    assert s["DEBUG"] is False
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"] and s["SESSION_COOKIE_HTTPONLY"]
    assert s["SECURE_HSTS_SECONDS"] == 365 * 24 * 3600 and s["SECURE_HSTS_INCLUDE_SUBDOMAINS"]
    assert s["SECURE_HSTS_PRELOAD"] is False
    assert s["SECURE_SSL_REDIRECT"] is True and s["SECURE_PROXY_SSL_HEADER"] is None
    assert s["SECURE_CONTENT_TYPE_NOSNIFF"] and s["X_FRAME_OPTIONS"] == "DENY"
    assert s["CSRF_TRUSTED_ORIGINS"] == ["https://cego.example.org", "https://www.example.org"]
    assert s["CACHES"]["default"] == {"BACKEND": "tournament.config.file_cache.FileCache",
                                      "LOCATION": str(tmp_path / "cache")}
    assert s["CACHES"]["public"] == {"BACKEND": "tournament.config.file_cache.FileCache",
                                     "LOCATION": str(tmp_path / "cache" / "public"),
                                     "OPTIONS": {"MAX_ENTRIES": 5000}}
    assert s["STORAGES"]["staticfiles"]["BACKEND"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert s["STATIC_ROOT"] == str(tmp_path / "static")
    assert s["LOGGING"]["handlers"]["stderr"]["class"] == "logging.StreamHandler"


def test_development_needs_no_collectstatic_and_no_shared_cache(tmp_path):
    env = environment(tmp_path, DJANGO_DEBUG="1", DJANGO_SECRET_KEY="")
    s = settings_of(env, "DEBUG", "SECRET_KEY", "CACHES", "STORAGES", "SESSION_COOKIE_SECURE", "SECURE_SSL_REDIRECT")
    assert s["DEBUG"] is True and s["SECRET_KEY"] == DEV_KEY
    assert s["CACHES"]["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert s["STORAGES"]["staticfiles"]["BACKEND"] == "django.contrib.staticfiles.storage.StaticFilesStorage"
    assert s["SESSION_COOKIE_SECURE"] is False and s["SECURE_SSL_REDIRECT"] is False


@pytest.mark.parametrize("debug", ["0", "1"])
def test_a_redis_url_puts_both_caches_in_redis(tmp_path, debug):
    """Several app servers share Redis; the pages go on without it (IGNORE_EXCEPTIONS), export jobs do not."""
    env = environment(tmp_path, DJANGO_DEBUG=debug, DJANGO_CACHE_URL="redis://cache.example.org:6379/2")
    caches = settings_of(env, "CACHES")["CACHES"]
    assert {alias: (c["BACKEND"], c["LOCATION"]) for alias, c in caches.items()} == {
        alias: ("django_redis.cache.RedisCache", "redis://cache.example.org:6379/2") for alias in ("default", "public")}
    assert caches["default"]["KEY_PREFIX"] != caches["public"]["KEY_PREFIX"]
    assert caches["public"]["OPTIONS"]["IGNORE_EXCEPTIONS"] and "IGNORE_EXCEPTIONS" not in caches["default"]["OPTIONS"]


def test_another_cache_url_is_refused(tmp_path):
    result = run([sys.executable, "manage.py", "check"], environment(tmp_path, DJANGO_CACHE_URL="memcached://x:11211"))
    assert result.returncode != 0 and "DJANGO_CACHE_URL must be a redis://" in result.stderr


@pytest.mark.parametrize("extra, expected", [
    ({"DJANGO_BEHIND_PROXY": "1"},
     {"SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"], "SECURE_SSL_REDIRECT": True,
      "CEGO_TRUSTED_PROXIES": ["127.0.0.0/8", "::1/128"]}),
    ({"DJANGO_SECURE_SSL_REDIRECT": "0", "DJANGO_HSTS_PRELOAD": "1"},
     {"SECURE_SSL_REDIRECT": False, "SECURE_HSTS_PRELOAD": True, "SESSION_COOKIE_SECURE": True}),
    ({"DJANGO_HTTPS": "0"},
     {"SECURE_SSL_REDIRECT": False, "SESSION_COOKIE_SECURE": False, "CSRF_COOKIE_SECURE": False,
      "SECURE_HSTS_SECONDS": 0}),
])
def test_switches(tmp_path, extra, expected):
    assert settings_of(environment(tmp_path, **extra), *expected) == expected


def test_without_a_secret_key_production_refuses_to_start(tmp_path):
    result = run([sys.executable, "-c", "import tournament.config.settings"], environment(tmp_path,
                                                                                          DJANGO_SECRET_KEY=""))
    assert result.returncode != 0 and "Set DJANGO_SECRET_KEY" in result.stderr


SQLITE = """
import django, json
django.setup()
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    mode = cursor.fetchone()[0]
    cursor.execute("PRAGMA busy_timeout")
    timeout = cursor.fetchone()[0]
print(json.dumps({"journal_mode": mode, "busy_timeout_ms": timeout,
                  "transaction_mode": connection.transaction_mode}))
"""


def test_sqlite_waits_for_other_writers_instead_of_failing(tmp_path):
    assert python(SQLITE, environment(tmp_path)) == {
        "journal_mode": "wal", "busy_timeout_ms": 20000, "transaction_mode": "IMMEDIATE"}


def test_postgres_gets_no_sqlite_options(tmp_path):
    env = environment(tmp_path, DATABASE_URL="postgres://cego:secret@db.example.org/cego")
    options = settings_of(env, "DATABASES")["DATABASES"]["default"].get("OPTIONS", {})
    assert "transaction_mode" not in options and "init_command" not in options


STATIC = """
import django, json
django.setup()
from django.templatetags.static import static
from django.test import Client
url = static("tournament/site.css")
served = Client().get(url, secure=True, headers={"accept-encoding": "gzip"})
plain_http = Client().get(url)
print(json.dumps({"url": url, "status": served.status_code, "cache_control": served["Cache-Control"],
                  "encoding": served.get("Content-Encoding"), "type": served["Content-Type"],
                  "http_status": plain_http.status_code, "http_location": plain_http.get("Location")}))
"""


def test_collectstatic_and_whitenoise_serve_hashed_compressed_files(tmp_path):
    env = environment(tmp_path)
    result = run([sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"], env, timeout=120)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())
    hashed = manifest["paths"]["tournament/site.css"]
    assert re.fullmatch(r"tournament/site\.[0-9a-f]{12}\.css", hashed)

    served = python(STATIC, env)
    assert served["url"] == "/static/" + hashed
    assert served["status"] == 200 and served["type"].startswith("text/css")
    assert "immutable" in served["cache_control"] and served["encoding"] == "gzip"
    assert served["http_status"] == 301 and served["http_location"].startswith("https://")


def test_make_serve_refuses_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    result = run(["make", "--no-print-directory", "serve"], env, timeout=30)
    assert result.returncode != 0
    assert "set DJANGO_SECRET_KEY" in result.stderr and "gunicorn" not in result.stdout


def test_make_serve_runs_gunicorn_in_production_mode(tmp_path):
    env = dict(os.environ, DJANGO_SECRET_KEY=secrets.token_urlsafe(50))
    commands = run(["make", "--no-print-directory", "-n", "serve"], env, timeout=30).stdout
    assert "manage.py migrate --noinput" in commands and "manage.py collectstatic --noinput" in commands
    assert "gunicorn tournament.config.wsgi" in commands and "--worker-class gthread" in commands

    stub = tmp_path / "python"                  # stands in for the first command to see its environment, then stops
    stub.write_text('#!/bin/sh\necho "DJANGO_DEBUG=$DJANGO_DEBUG"\nexit 3\n')
    stub.chmod(0o755)
    result = run(["make", "--no-print-directory", "serve", f"PY={stub}"], dict(env, DJANGO_DEBUG="1"), timeout=30)
    assert "DJANGO_DEBUG=0" in result.stdout and result.returncode != 0


SECRET_ASSIGNMENT = re.compile(r"""SECRET_KEY\s*[:=]\s*["']([^"'\s]{20,})["']""")


def test_no_secret_key_is_in_the_repository():
    files = run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], dict(os.environ)).stdout.split()
    found = []
    for name in files:
        path = ROOT / name
        if not path.is_file() or path.suffix in {".mo", ".png", ".jpg", ".pdf", ".xlsx", ".woff2", ".ico"}:
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        found += [(name, key) for key in SECRET_ASSIGNMENT.findall(text) if key != DEV_KEY]
    assert found == []

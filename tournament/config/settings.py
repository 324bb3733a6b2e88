"""Django settings for the Cego tournament app, configured from environment variables.

DJANGO_DEBUG                on unless "0", "false", "no" or "off"; development default is on. Off means production:
                            hashed static files, secure cookies, HSTS, HTTPS redirect, a file cache shared by workers
DJANGO_SECRET_KEY           required when DJANGO_DEBUG is off; an insecure key is used in development only
DJANGO_BACKUP_KEY           the key tournament backups are signed and checked with (docs/backup.md); default: the
                            secret key. Set it on every installation that should import another's backups unasked
DJANGO_ALLOWED_HOSTS        comma-separated host names (with DEBUG on, Django allows localhost anyway)
DJANGO_CSRF_TRUSTED_ORIGINS comma-separated origins such as https://cego.example.org (only needed when the browser's
                            origin differs from the host the app sees, e.g. behind a proxy that rewrites Host)
DATABASE_URL                e.g. postgres://user:pass@host/db; default: SQLite file db.sqlite3 in the project root
DJANGO_STATIC_ROOT          where collectstatic writes; default: staticfiles/ in the project root
DJANGO_CACHE_DIR            production only: the file cache shared by the gunicorn workers; default: var/cache/
DJANGO_CACHE_URL            redis://[:password@]host:port/db (or rediss://, unix://): both caches (export progress,
                            public pages) in Redis through django-redis, shared by several app servers, in
                            development too; default: the file cache in DJANGO_CACHE_DIR (memory with DEBUG on)
DJANGO_LOG_LEVEL            level of the log on stderr; default INFO
DJANGO_EMAIL_HOST           SMTP server for the password reset e-mails; without it there is no password reset (404)
DJANGO_EMAIL_PORT, DJANGO_EMAIL_USER, DJANGO_EMAIL_PASSWORD, DJANGO_EMAIL_TLS (default on), DJANGO_EMAIL_FROM

Background exports (docs/exports.md; they run in ``manage.py db_worker``, which make run and make serve start):
CEGO_EXPORT_DIR             the private directory of finished exports (mode 0700, files 0600); default: var/exports/
DJANGO_STORAGE_URL          s3://KEY:SECRET@HOST:PORT/BUCKET[/PREFIX][?secure=0&region=NAME]: finished exports in a
                            private S3-compatible bucket that several app servers share, instead of CEGO_EXPORT_DIR
                            (tournament/config/storage_url.py); default: the local directory
CEGO_EXPORT_CONCURRENCY     at most this many exports waiting or running at once, further ones are refused; default 2
CEGO_EXPORT_KEEP            seconds a finished export can be downloaded before it is deleted; default 86400 (a day)
CEGO_EXPORT_STALE_AFTER     seconds without a sign of life after which a running export counts as failed (its worker
                            died) and frees its place; default 10, at least 3 × CEGO_EXPORT_HEARTBEAT
CEGO_EXPORT_HEARTBEAT       seconds between a running export's signs of life; default 2
CEGO_EXPORT_QUEUE_TIMEOUT   seconds an export may wait for a worker before it counts as failed; default 600

Registration files (docs/director.md, "Uploads that can't hurt"); a file over a bound is refused before parsing:
CEGO_IMPORT_MAX_BYTES       bytes of an uploaded file (.xlsx or CSV); default 2097152 (2 MB)
CEGO_IMPORT_MAX_UNPACKED    bytes of all members of an .xlsx unpacked, as its zip directory says; default 20 MB
CEGO_IMPORT_MAX_SHEET       bytes of one sheet unpacked; default 10 MB
CEGO_IMPORT_MAX_STRINGS     bytes of the shared strings (xl/sharedStrings.xml) unpacked; default 5 MB
CEGO_IMPORT_MAX_RATIO       unpacked ÷ packed size of a member over 1 MB; default 100
CEGO_IMPORT_MAX_MEMBERS     files inside an .xlsx; default 500
CEGO_IMPORT_MAX_ROWS        lines of players in a file; default 5000
CEGO_IMPORT_MAX_COLUMNS     columns of a file; default 50
CEGO_IMPORT_MAX_CELLS       filled cells of a sheet (counted before openpyxl reads it); default 100000
CEGO_IMPORT_KEEP            seconds a preview waits for its import before it is deleted; default 86400 (a day)
CEGO_IMPORT_MAX_PREVIEW     bytes of a parsed preview as stored in the database (JSON); default 8 MB
CEGO_IMPORT_DIR             no longer used (previews live in the database); accepted so old deployments still start

Entry at the table (docs/table-entry.md):
CEGO_SITE_URL               the address phones reach this server at, for the QR codes and table cards, e.g.
                            http://192.168.1.20:8000 on a hall's own network; default: the address the director's
                            browser used (right when the director's laptop is reached by the same name)
CEGO_TABLE_RATE             requests per table link and minute before 429; default 240
CEGO_RATE_DIR               without Redis: where the rate limits count (files changed under flock); default:
                            DJANGO_CACHE_DIR/rate

Production only (DJANGO_DEBUG off):
DJANGO_HTTPS                on: the site is reached over HTTPS (secure cookies, HSTS); off only for a closed network
                            without certificates, where browsers would drop secure cookies
DJANGO_SECURE_SSL_REDIRECT  redirect http:// to https://; default: DJANGO_HTTPS
DJANGO_HSTS_PRELOAD         ask browsers to preload HSTS for the whole domain; default off (hard to undo)
DJANGO_BEHIND_PROXY         on behind a reverse proxy (nginx, caddy) that sets X-Forwarded-Proto and
                            X-Forwarded-For: trust them for HTTPS detection and the client IP of the login lockout,
                            but X-Forwarded-For only on requests that come from DJANGO_TRUSTED_PROXIES
DJANGO_TRUSTED_PROXIES      with DJANGO_BEHIND_PROXY: the proxies' addresses or networks, comma-separated;
                            default 127.0.0.0/8,::1 (a proxy on the same machine)

docs/production.md explains the choices.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from tournament.common.client_ip import parse_networks
from tournament.config.storage_url import exports_storage

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_flag(name, default):
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() not in ("0", "false", "no", "off")


def env_list(name):
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-cego-tournament"
# The key backups are signed with (HMAC-SHA256, docs/backup.md); its own setting so a new secret key does not make
# every earlier backup "from another installation".
BACKUP_KEY = os.environ.get("DJANGO_BACKUP_KEY", "") or SECRET_KEY

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    "axes",
    "tournament.apps.TournamentConfig",     # before django_tasks_db: its db_worker command is ours (retries)
    "django_tasks",
    "django_tasks_db",
    "csp",
    "rest_framework",           # the public API (tournament/public/api, docs/api.md)
    "drf_spectacular",          # its OpenAPI 3 schema, generated from the views and serializers
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tournament.public.page_cache.WholePages",      # stored public pages for anonymous phones, before the rest
    "tournament.public.api.early.StoredAnswers",    # and stored API answers (docs/api.md)
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
    "tournament.config.error_pages.AppErrorPages",      # the app's 404 and 500 pages with DEBUG on too
]

ROOT_URLCONF = "tournament.config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "tournament.config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several helpers enter scores at once: writers queue for the lock (BEGIN IMMEDIATE, up to 20 s) instead of
    # failing with "database is locked", and WAL lets the public pages read while someone writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The default cache is shared by the gunicorn workers in production (a file cache), process memory for runserver
# and the tests. "public" holds rendered public pages
# (tournament.public.cache): their keys carry the data version, so any store is correct, but a shared one renders
# each page once per change instead of once per process, and it needs room for a page per player (300 player
# pages need more than the default 300 entries). DJANGO_CACHE_URL puts both in Redis, which several app servers
# share; a Redis that fails costs the public pages their cache (a render each), not the answer.
CACHE_DIR = Path(os.environ.get("DJANGO_CACHE_DIR") or BASE_DIR / "var" / "cache")


def cache_settings(url):
    """``CACHES`` for DJANGO_CACHE_URL ``url``: Redis for a redis://, rediss:// or unix:// URL, else the file
    cache (process memory with DEBUG on)."""
    if url.partition("://")[0] in ("redis", "rediss", "unix") and "://" in url:
        def redis(prefix, **options):
            return {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": url, "KEY_PREFIX": prefix,
                    "OPTIONS": {"SOCKET_CONNECT_TIMEOUT": 2, "SOCKET_TIMEOUT": 2, **options}}
        return {"default": redis("cego"), "public": redis("cego-public", IGNORE_EXCEPTIONS=True)}
    if url:
        raise ImproperlyConfigured("DJANGO_CACHE_URL must be a redis://, rediss:// or unix:// URL, or empty.")
    if DEBUG:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "cego-default"},
                "public": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "cego-public",
                           "OPTIONS": {"MAX_ENTRIES": 5000}}}
    return {"default": {"BACKEND": "tournament.config.file_cache.FileCache", "LOCATION": str(CACHE_DIR)},
            "public": {"BACKEND": "tournament.config.file_cache.FileCache",
                       "LOCATION": str(CACHE_DIR / "public"), "OPTIONS": {"MAX_ENTRIES": 5000}}}


CACHES = cache_settings(os.environ.get("DJANGO_CACHE_URL", "").strip())
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True      # the public pages go on without Redis, but the log says so

# Background work (django-tasks, Django's tasks API for 5.2): the queue is a table in our own database, worked
# off by ``manage.py db_worker`` processes (make run and make serve start CEGO_EXPORT_CONCURRENCY of them).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

CEGO_EXPORT_DIR = Path(os.environ.get("CEGO_EXPORT_DIR") or BASE_DIR / "var" / "exports")
CEGO_EXPORT_CONCURRENCY = int(os.environ.get("CEGO_EXPORT_CONCURRENCY") or 2)
CEGO_EXPORT_KEEP = int(os.environ.get("CEGO_EXPORT_KEEP") or 24 * 3600)
CEGO_EXPORT_QUEUE_TIMEOUT = int(os.environ.get("CEGO_EXPORT_QUEUE_TIMEOUT") or 600)
# A worker killed mid-export (kill -9, out of memory) frees its place within seconds: its job beats every
# HEARTBEAT seconds and counts as dead after STALE_AFTER without a beat (docs/production.md, "Workers"). Three
# beats may be missed (a busy database) before a live export is given up.
CEGO_EXPORT_HEARTBEAT = float(os.environ.get("CEGO_EXPORT_HEARTBEAT") or 2)
CEGO_EXPORT_STALE_AFTER = float(os.environ.get("CEGO_EXPORT_STALE_AFTER") or 10)
if not 0 < 3 * CEGO_EXPORT_HEARTBEAT <= CEGO_EXPORT_STALE_AFTER:
    raise ImproperlyConfigured("CEGO_EXPORT_STALE_AFTER must be at least three times CEGO_EXPORT_HEARTBEAT (> 0).")

CEGO_SITE_URL = os.environ.get("CEGO_SITE_URL", "").strip().rstrip("/")
CEGO_TABLE_RATE = int(os.environ.get("CEGO_TABLE_RATE") or 240)
# The rate limits' counters when the cache is not Redis (tournament/common/ratelimit.py): small files changed
# under flock, shared by the gunicorn processes of this machine.
CEGO_RATE_DIR = Path(os.environ.get("CEGO_RATE_DIR") or CACHE_DIR / "rate")

_MB = 1024 * 1024
CEGO_IMPORT_MAX_BYTES = int(os.environ.get("CEGO_IMPORT_MAX_BYTES") or 2 * _MB)
CEGO_IMPORT_MAX_UNPACKED = int(os.environ.get("CEGO_IMPORT_MAX_UNPACKED") or 20 * _MB)
CEGO_IMPORT_MAX_SHEET = int(os.environ.get("CEGO_IMPORT_MAX_SHEET") or 10 * _MB)
CEGO_IMPORT_MAX_STRINGS = int(os.environ.get("CEGO_IMPORT_MAX_STRINGS") or 5 * _MB)
CEGO_IMPORT_MAX_RATIO = int(os.environ.get("CEGO_IMPORT_MAX_RATIO") or 100)
CEGO_IMPORT_MAX_MEMBERS = int(os.environ.get("CEGO_IMPORT_MAX_MEMBERS") or 500)
CEGO_IMPORT_MAX_ROWS = int(os.environ.get("CEGO_IMPORT_MAX_ROWS") or 5000)
CEGO_IMPORT_MAX_COLUMNS = int(os.environ.get("CEGO_IMPORT_MAX_COLUMNS") or 50)
CEGO_IMPORT_MAX_CELLS = int(os.environ.get("CEGO_IMPORT_MAX_CELLS") or 100_000)
CEGO_IMPORT_KEEP = int(os.environ.get("CEGO_IMPORT_KEEP") or 24 * 3600)
# Parsed previews are rows of ImportPreview (every server reads them); CEGO_IMPORT_DIR, where they were files
# once, is ignored.
CEGO_IMPORT_MAX_PREVIEW = int(os.environ.get("CEGO_IMPORT_MAX_PREVIEW") or 8 * _MB)

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login lockout: five wrong passwords for one user name from one address lock that pair for 15 minutes;
# other helpers in the same hall (same address, other names) can still sign in. Twenty for one user name from
# any addresses lock the name everywhere, so rotating addresses does not help (tournament/common/lockout.py,
# the client's address: tournament/common/client_ip.py).
AXES_FAILURE_LIMIT = 5
CEGO_LOGIN_USERNAME_LIMIT = 20
AXES_HANDLER = "tournament.common.lockout.LockoutHandler"
AXES_CLIENT_IP_CALLABLE = "tournament.common.client_ip.client_ip"
CEGO_TRUSTED_PROXIES = ()       # REMOTE_ADDR is the client; DJANGO_BEHIND_PROXY below names the proxies
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/lockout.html"
AXES_VERBOSE = False            # no start-up banner in every manage.py command; failures are still logged

# The players are in Baden: German by default, English on request (cookie, Accept-Language).
LANGUAGE_CODE = "de"
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "tournament" / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Each UI package keeps its own static files (office/static/office/, public/static/public/); the app's
# static/tournament/ holds what both share.
STATICFILES_DIRS = [BASE_DIR / "tournament" / "office" / "static", BASE_DIR / "tournament" / "public" / "static",
                    BASE_DIR / "tournament" / "phone" / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
# Production serves the collected, hashed and compressed files; development and tests read the apps' static
# folders directly, so they never need collectstatic.
# Files written for later (finished exports) go through STORAGES["exports"]: the private CEGO_EXPORT_DIR, or with
# DJANGO_STORAGE_URL a private S3 bucket all app servers share (tournament/config/storage_url.py,
# docs/production.md "Files").
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "exports": exports_storage(os.environ.get("DJANGO_STORAGE_URL", "")),
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# E-mail, for the password reset only (docs/production.md): DJANGO_EMAIL_HOST turns both on; without it the reset
# URLs answer 404 and the login page does not offer them.
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT") or 587)
    EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("DJANGO_EMAIL_TLS", True)
    DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_EMAIL_FROM", "webmaster@localhost")
CEGO_PASSWORD_RESET = bool(EMAIL_HOST)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director:home"
LOGOUT_REDIRECT_URL = "tariff:index"

SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"         # the widgets (/einbetten/…) are exempt and name their framers in the CSP

REST_FRAMEWORK = {      # the public API (docs/api.md): read-only, public, JSON only; no session or login is read
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Cego tournaments: public API",
    "DESCRIPTION": "Read-only, exactly what the public pages show (published tournaments only); docs/api.md.",
    "VERSION": "1",
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": False,
}
# Requests a minute per client address to the API (tournament/public/ratelimit.py); over it a 429.
CEGO_API_RATE = int(os.environ.get("CEGO_API_RATE") or 300)

# Content-Security-Policy (django-csp, docs/production.md): scripts and styles only from our own static files, or
# inline with the request's nonce ({{ request.csp_nonce }}); no inline style attribute, no on*= handler, no plugin,
# no framing, forms post only here. Enforced with DEBUG on too, so a developer meets a violation in the browser's
# console at once and not in production. The PDF templates keep their <style>: WeasyPrint reads them, no browser.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
        "base-uri": [NONE],
        "object-src": [NONE],
    },
}

if not DEBUG:
    HTTPS = env_flag("DJANGO_HTTPS", True)
    SESSION_COOKIE_SECURE = HTTPS
    CSRF_COOKIE_SECURE = HTTPS
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", HTTPS)
    SECURE_HSTS_SECONDS = 365 * 24 * 3600 if HTTPS else 0
    SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
    SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD", False)
    if not SECURE_HSTS_PRELOAD:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]    # preload off on purpose (docs/production.md)

if env_flag("DJANGO_BEHIND_PROXY", False):
    # X-Forwarded-For is believed only on a request from a trusted proxy, and only up to the right-most hop that
    # is not one: that is the client; what it wrote itself further left is ignored (docs/production.md).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    try:
        CEGO_TRUSTED_PROXIES = parse_networks(os.environ.get("DJANGO_TRUSTED_PROXIES") or "127.0.0.0/8,::1")
    except ValueError as error:
        raise ImproperlyConfigured(f"DJANGO_TRUSTED_PROXIES: {error}") from None

LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    # Table tokens never reach the log: "Not Found: /t/<token>/" is written "Not Found: /t/***/" (a handler's
    # filter sees the records of every logger below it; docs/production.md, "Logs").
    "filters": {"mask_table_tokens": {"()": "tournament.config.log_masking.MaskTableTokens"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["mask_table_tokens"]}},
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": LOG_LEVEL, "propagate": False},
        # Chatty libraries: WeasyPrint logs every layout step, axes every login, fontTools every subset.
        "weasyprint": {"level": "WARNING"}, "fontTools": {"level": "WARNING"}, "axes": {"level": "WARNING"},
    },
}

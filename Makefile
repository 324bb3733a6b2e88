# Development entry points. Everything runs in .venv, created on first use.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.requirements-installed
# The suite runs in TEST_PROCESSES processes (pytest-xdist; 2 by default, the cores of a small CI machine; 0 runs
# it in this one process), each test file whole in one of them (module fixtures such as the demo season are
# built once).
TEST_PROCESSES ?= 2
PYTEST_PARALLEL := $(if $(filter 0,$(TEST_PROCESSES)),,-n $(TEST_PROCESSES) --dist loadfile)

.PHONY: run serve hall secret-key port-free test test-fast check lint lint-py lint-js messages demo venv browser pdf-tools office-tools

# Reinstall only when requirements.txt changes.
$(STAMP): requirements.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

venv: $(STAMP)

# Background exports run in task workers (manage.py db_worker, django-tasks-db: the queue is a table in our database).
# $(call workers,OPTIONS) starts CEGO_EXPORT_CONCURRENCY of them in the background and stops them when the recipe's
# shell exits, however it exits (the EXIT trap); each works on one export at a time. Each runs under
# tournament/config/supervise.py, which starts it again within a second or two when it exits (killed, crashed).
workers = trap 'kill $$workers 2>/dev/null' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM; workers=""; \
	for i in $$(seq "$${CEGO_EXPORT_CONCURRENCY:-2}"); do \
	  $(PY) tournament/config/supervise.py -- $(PY) manage.py db_worker $(1) & workers="$$workers $$!"; done

# The development server and its export workers, one command; Ctrl+C stops both. The workers reload on code
# changes like runserver.
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo --site "http://$${RUN_ADDR:-127.0.0.1:8000}"
	@$(call workers,--reload); \
	$(PY) manage.py runserver "$${RUN_ADDR:-127.0.0.1:8000}"

# Production: gunicorn serving the collected, hashed static files, DEBUG off, and beside it the export workers
# (CEGO_EXPORT_CONCURRENCY of them). BIND, WORKERS and THREADS come from the environment; README "Production"
# lists the DJANGO_* variables. No control socket: it would sit in the user's home directory, shared by every
# gunicorn of that user. gunicorn runs in the background and the shell waits for it, so that a stop signal
# (Ctrl+C, SIGTERM to make) reaches the trap at once: gunicorn and the workers get SIGTERM and stop gracefully.
# docs/production.md has systemd units that run the two separately.
serve: export DJANGO_DEBUG := 0
serve: secret-key port-free $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	@$(call workers,--no-reload); \
	$(call gunicorn,-); \
	trap 'kill $$web $$workers 2>/dev/null; exit 143' INT TERM; \
	wait $$web

# $(call gunicorn,ACCESS_LOG) starts gunicorn in the background on BIND (its pid in $$web). Its logger class masks
# the table links' tokens in the access log (docs/production.md, "Logs").
gunicorn = $(VENV)/bin/gunicorn tournament.config.wsgi --bind "$${BIND:-127.0.0.1:8000}" --workers "$${WORKERS:-3}" \
	  --worker-class gthread --threads "$${THREADS:-4}" --access-logfile $(1) --no-control-socket \
	  --logger-class tournament.config.gunicorn_logger.Logger & web=$$!

# The hall (README "The hall"): production on plain http for a tournament day on the hall's own network, one
# command. tournament/config/hall.py sets what the environment leaves unset: DEBUG off, HTTPS off, a secret key
# kept in var/secret_key, the hall's own database var/hall.sqlite3 (no demo season), CEGO_SITE_URL = this laptop's
# address in the hall's network (the table links and QR codes), ALLOWED_HOSTS, BIND=0.0.0.0:$${PORT:-8000}. The
# first start asks for the office account; the address and a QR code of the start page are printed once the server
# answers. The access log goes to var/hall-access.log so that they stay on the screen.
hall: $(STAMP)
	@eval "$$($(PY) tournament/config/hall.py env)"; \
	python3 tournament/config/check_port.py "$$BIND" || exit 1; \
	$(PY) manage.py migrate --noinput --verbosity 0 && \
	$(PY) manage.py collectstatic --noinput --verbosity 0 && \
	$(PY) manage.py hall_account || exit 1; \
	$(call workers,--no-reload); \
	$(call gunicorn,var/hall-access.log); \
	trap 'kill $$web $$workers 2>/dev/null; exit 143' INT TERM; \
	$(PY) tournament/config/hall.py banner --wait 60; \
	wait $$web

# Refuse before anything is installed or migrated while something already listens on BIND (old gunicorn workers
# after kill -9 of their master would make the new gunicorn die with "Address already in use" much later).
port-free:
	@python3 tournament/config/check_port.py "$${BIND:-127.0.0.1:8000}"

# Refuse before anything is installed or migrated: without a key settings.py would stop with a traceback.
secret-key:
	@test -n "$$DJANGO_SECRET_KEY" || { \
	  echo "make serve: set DJANGO_SECRET_KEY to 50 or more random characters, e.g." >&2; \
	  echo "  export DJANGO_SECRET_KEY=\"\$$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')\"" >&2; \
	  exit 1; }

# A realistic demo season (three tournaments played out); does nothing when it exists already.
demo: $(STAMP)
	$(PY) manage.py demo

# The browser tests drive Debian's chromium (never a downloaded browser); install it when it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "chromium is missing: sudo apt-get install chromium (needed by tests/e2e)"; fi; }

# The table card tests render PDF pages to PNG (pdftoppm, pdftotext: poppler-utils) and read the QR codes back
# (zbarimg: zbar-tools); install them from Debian when they are missing.
pdf-tools:
	@command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 && command -v zbarimg >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils zbar-tools; \
	  else echo "pdftoppm/pdftotext or zbarimg is missing: sudo apt-get install poppler-utils zbar-tools (needed by tests/exports/test_table_cards.py)"; fi; }

# LibreOffice Calc, headless: tests/exports/test_xlsx_libreoffice.py converts every workbook with it.
office-tools:
	@command -v soffice >/dev/null 2>&1 || command -v libreoffice >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libreoffice-calc; \
	  else echo "soffice (LibreOffice) is missing: sudo apt-get install --no-install-recommends libreoffice-calc (needed by tests/exports/test_xlsx_libreoffice.py)"; fi; }

test: $(STAMP) browser pdf-tools office-tools
	$(PY) -m pytest $(PYTEST_PARALLEL)

# The inner loop: every test that needs neither Chromium nor LibreOffice (tests/conftest.py marks those `browser`
# and `office` by the fixtures they use), in parallel like `make test`; no apt installs. Tests that need
# pdftoppm/zbarimg skip when those are missing; tests/test_js.py runs node's tests when node is installed.
test-fast: $(STAMP)
	$(PY) -m pytest $(PYTEST_PARALLEL) -m "not browser and not office"

# eslint over the project's own JavaScript (eslint.config.js: ES2017, browser scripts, no var; vendored files and
# the service-worker template left out). eslint is a development tool pinned in package.json/package-lock.json and
# installed into node_modules/ (git-ignored) on first use; nothing of it ships to the browser.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

lint-js: node_modules/.package-lock.json
	npx --no-install eslint .

# The checks CI and the pre-commit hooks (.pre-commit-config.yaml) run: ruff (rules in pyproject.toml), Django's
# system checks, no missing migrations, the package boundaries of docs/architecture.md (import-linter), and the
# JavaScript (`make lint-js`, eslint.config.js).
lint: lint-py lint-js

lint-py: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/lint-imports --no-cache

# The old name of `make lint`.
check: lint

# Extract, then compile the catalogues; the .mo files are committed so no machine needs gettext to run.
messages: $(STAMP)
	$(PY) manage.py makemessages -l de -l en --ignore=.venv --ignore=staticfiles --ignore=tests --ignore=bench
	msgen tournament/locale/en/LC_MESSAGES/django.po -o tournament/locale/en/LC_MESSAGES/django.po
	$(PY) manage.py compilemessages -l de -l en --ignore=.venv

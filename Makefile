# Development entry points. Everything runs in .venv, created on first use.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.requirements-installed

.PHONY: run serve secret-key test check messages demo venv browser

# Reinstall only when requirements.txt changes.
$(STAMP): requirements.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(MAKE) --no-print-directory demo
	$(PY) manage.py runserver 127.0.0.1:8000

# Production: gunicorn serving the collected, hashed static files, DEBUG off. BIND, WORKERS and THREADS come from
# the environment; README "Production" lists the DJANGO_* variables. No control socket: it would sit in the
# user's home directory, shared by every gunicorn of that user.
serve: export DJANGO_DEBUG := 0
serve: secret-key $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	exec $(VENV)/bin/gunicorn tournament.config.wsgi --bind "$${BIND:-127.0.0.1:8000}" --workers "$${WORKERS:-3}" \
	  --worker-class gthread --threads "$${THREADS:-4}" --access-logfile - --no-control-socket

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

test: $(STAMP) browser
	$(PY) -m pytest

check: $(STAMP)
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/lint-imports --no-cache

# Extract, then compile the catalogues; the .mo files are committed so no machine needs gettext to run.
messages: $(STAMP)
	$(PY) manage.py makemessages -l de -l en --ignore=.venv --ignore=staticfiles --ignore=tests --ignore=bench
	msgen tournament/locale/en/LC_MESSAGES/django.po -o tournament/locale/en/LC_MESSAGES/django.po
	$(PY) manage.py compilemessages -l de -l en --ignore=.venv

"""``manage.py check --deploy`` is clean in production settings (issue 14), run exactly as docs/production.md
says, in a fresh process; and production has what the deploy check does not look at: the Content-Security-Policy
on every answer and no password reset without e-mail."""

import secrets
import string
import sys

import pytest

from tests import prepared
from tests.config.processes import environment, python, run

ANSWER = """
import json
import django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
client = Client(HTTP_HOST="example.org")
paths = ("/tarif/", "/konto/login/", "/gibt-es-nicht/", "/konto/password_reset/")
pages = {path: client.get(path, secure=True) for path in paths}
print(json.dumps({"csp": {path: r.get("Content-Security-Policy", "") for path, r in pages.items()},
                  "status": {path: r.status_code for path, r in pages.items()}}))
"""


def production(tmp_path, **extra):
    key = "".join(secrets.choice(string.ascii_letters + string.digits + "!@#%^&*(-_=+)") for _ in range(60))
    return environment(tmp_path, DJANGO_SECRET_KEY=key, DJANGO_ALLOWED_HOSTS="example.org", **extra)


@pytest.mark.parametrize("extra", [{}, {"DJANGO_EMAIL_HOST": "mail.example.org"}, {"DJANGO_BEHIND_PROXY": "1"}],
                         ids=["plain", "with-email", "behind-proxy"])
def test_check_deploy_is_clean(tmp_path, extra):
    result = run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                 production(tmp_path, **extra))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS" not in result.stdout + result.stderr


def test_production_answers_carry_the_policy_and_no_password_reset(tmp_path):
    env = production(tmp_path)
    # What migrate and collectstatic write (tests/prepared.py: copies of this process's one run of each; the
    # commands are tested in tests/config/test_production.py and test_startup.py)
    prepared.migrated_sqlite(tmp_path / "db.sqlite3", env)
    prepared.static_files(tmp_path / "static", env)
    answer = python(ANSWER, env)
    assert answer["status"] == {"/tarif/": 200, "/konto/login/": 200, "/gibt-es-nicht/": 404,
                                "/konto/password_reset/": 404}
    for path, policy in answer["csp"].items():
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "unsafe-inline" not in policy, path

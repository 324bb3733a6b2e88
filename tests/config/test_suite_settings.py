"""The test suite's own settings (tests/conftest.py) are in force, and only there."""

from django.contrib.auth.hashers import get_hasher

from tournament.config import settings as project_settings


def test_tests_hash_passwords_fast_but_production_does_not():
    assert get_hasher().algorithm == "md5"
    assert "MD5PasswordHasher" not in " ".join(getattr(project_settings, "PASSWORD_HASHERS", []))

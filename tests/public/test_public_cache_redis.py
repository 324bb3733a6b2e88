"""The public page cache in Redis (``DJANGO_CACHE_URL=redis://…``): the pages really are stored there when it is
configured (``.ci/with-redis`` runs this module), and the site goes on when Redis does not answer."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.public.pages import PAGES
from tournament.public import cache as public_cache
from tournament.public.cache import HEADER
from tournament.results import services

pytestmark = pytest.mark.django_db
REDIS = settings.CACHES["public"]["BACKEND"] == "django_redis.cache.RedisCache"


@pytest.mark.skipif(not REDIS, reason="DJANGO_CACHE_URL is not a Redis URL (.ci/with-redis sets one)")
def test_the_pages_are_stored_in_redis(client, live):
    from django_redis import get_redis_connection

    redis = get_redis_connection("public")
    prefix = settings.CACHES["public"]["KEY_PREFIX"]
    url = PAGES["standings"](live)
    assert client.get(url)[HEADER] == "miss"
    keys = [key.decode() for key in redis.scan_iter(f"{prefix}:*")]
    assert len(keys) == 1 and ":page:" in keys[0]
    assert client.get(url)[HEADER] == "hit"
    services.add_adjustment(entry=live.entries.get(start_number=1), points=5, reason="Bonus", user=None)
    assert client.get(url)[HEADER] == "miss"
    assert len(list(redis.scan_iter(f"{prefix}:*"))) == 2 and 0 < redis.ttl(keys[0]) <= public_cache.TIMEOUT


DOWN = """
import django
django.setup()
from django.core.management import call_command
from django.test import Client
from tests import factories
call_command("migrate", verbosity=0)
t = factories.played(players=8, rounds=1)
answers = [Client().get(f"/turnier/{t.pk}/") for _ in range(2)]
print([(a.status_code, a.get("X-Public-Cache")) for a in answers])
"""


def test_the_pages_go_on_without_redis(tmp_path):
    """A Redis that does not answer costs each request a render (``IGNORE_EXCEPTIONS``), not its answer."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]               # free, and nothing listens there once closed
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    env.update(DJANGO_SETTINGS_MODULE="tournament.config.settings", DJANGO_CACHE_URL=f"redis://127.0.0.1:{port}/0",
               DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_ALLOWED_HOSTS="testserver",
               DJANGO_LOG_LEVEL="CRITICAL")
    result = subprocess.run([sys.executable, "-c", DOWN], cwd=Path(__file__).resolve().parents[2], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().splitlines()[-1] == "[(200, 'miss'), (200, 'miss')]"      # rendered each time

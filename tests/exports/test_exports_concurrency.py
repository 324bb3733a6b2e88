"""Two directors start an export in the same instant when one place is left: exactly one gets it.

PostgreSQL only (CI's second run, ``.ci/with-postgres``), for the reasons in tests/results/test_concurrency.py.
The count of running exports is slowed down by ``PAUSE`` so that the second request always arrives while the
first holds the admission lock; without the lock both would count the same free place and both be admitted.
"""

import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from tests import factories
from tests.concurrency import together
from tournament import exports
from tournament.exports import selectors, services
from tournament.models import ExportJob

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason=(
        "needs PostgreSQL locks; the in-memory SQLite test database fails concurrent writers at once "
        "(CI runs this in its PostgreSQL pass: .ci/with-postgres)")),
]
PAUSE = 0.3


def test_the_last_place_goes_to_one_request_only(settings, database_queue, monkeypatch):
    settings.CEGO_EXPORT_CONCURRENCY = 1
    t, round_ = factories.seated(players=8)
    user = factories.staff()
    real = selectors.active

    def slow(now=None):
        time.sleep(PAUSE)
        return real(now)

    monkeypatch.setattr(selectors, "active", slow)

    def start():
        return services.start_export(user=user, exporter=exports.get("score_sheets"), target=round_)

    outcomes = together(start, start)
    kinds = sorted(kind for kind, _value in outcomes)
    assert kinds == ["error", "ok"], outcomes
    error = next(value for kind, value in outcomes if kind == "error")
    assert isinstance(error, ValidationError) and error.code == "busy"
    assert ExportJob.objects.count() == 1

"""Data built once for a test module and rolled back after it, for modules whose tests only read what one
expensive builder made (a played season, every kind of audited action): each test still runs in its own
transaction (a savepoint inside the module's), so what a test writes is gone before the next one starts.

    world = once.per_module(build_world)       # in the test module: a module-scoped fixture named ``world``

The builder runs with the database unblocked inside ``transaction.atomic()``; the fixture returns what it
returned. Tests must not change the returned Python objects in place (they are shared), only read them or
re-fetch.
"""

import pytest
from django.db import transaction


def per_module(build):
    @pytest.fixture(scope="module")
    def fixture(django_db_setup, django_db_blocker):
        with django_db_blocker.unblock(), transaction.atomic():
            yield build()
            transaction.set_rollback(True)
    return fixture

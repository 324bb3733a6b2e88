"""Two registrations at the same moment: the tournament lock of ``registration.services.register`` makes them take
turns, so the second gets the next start number or a message — never a database error (a 500).

PostgreSQL only, like ``tests/results/test_concurrency.py`` (whose harness this uses): the in-memory SQLite test
database refuses a second writer at once instead of letting it wait. The race is made certain, not lucky: both
writers start together at a barrier, and choosing the start number (inside the lock) is slowed down by ``PAUSE``,
so the second writer always arrives while the first holds the lock. ``test_without_the_lock_…`` shows that the
harness would notice a missing lock.
"""

import time

import pytest
from django.db import IntegrityError, connection
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.concurrency import split, together
from tournament.models import AuditLog, Entry, Player
from tournament.registration import services as registration

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason=(
        "needs PostgreSQL row locks; the in-memory SQLite test database fails concurrent writers at once with "
        "'database table is locked' (CI runs these in its PostgreSQL pass: .ci/with-postgres)")),
]
PAUSE = 0.3


@pytest.fixture
def slow_numbering(monkeypatch):
    """Choosing a start number takes ``PAUSE``: the first writer holds the tournament lock that long."""
    real = registration.next_start_number

    def slow(tournament):
        number = real(tournament)
        time.sleep(PAUSE)
        return number

    monkeypatch.setattr(registration, "next_start_number", slow)


def register(tournament, player):
    user = factories.user()
    return lambda: registration.register(tournament=tournament, user=user, player=player)


def test_two_players_registered_at_once_get_the_next_two_numbers(slow_numbering):
    t = factories.tournament(players=2)
    first, second = factories.existing_player(last_name="Wehrle"), factories.existing_player(last_name="Kaltenbach")
    saved, errors = split(together(register(t, first), register(t, second)))
    assert errors == [] and sorted(e.start_number for e in saved) == [3, 4]
    assert sorted(Entry.objects.filter(tournament=t).values_list("start_number", flat=True)) == [1, 2, 3, 4]
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.ENTRY, action=AuditLog.Action.CREATE).count() == 4


def test_one_player_registered_twice_at_once_is_stored_once_and_the_other_is_told(slow_numbering):
    t = factories.tournament(players=2)
    player = factories.existing_player()
    saved, errors = split(together(register(t, player), register(t, player)))
    assert len(saved) == 1 and len(errors) == 1
    assert getattr(errors[0], "code", None) == "duplicate_entry"
    assert Entry.objects.filter(tournament=t, player=player).count() == 1


def test_two_browsers_registering_at_once_get_no_server_error(slow_numbering):
    t = factories.tournament(players=2)
    players = [factories.existing_player(last_name=name) for name in ("Wehrle", "Kaltenbach")]
    url = reverse("director:entry_register", args=[t.pk])
    clients = [Client(), Client()]
    for client in clients:
        client.force_login(factories.user())
    calls = [lambda c=client, p=player: c.post(url, {"player": p.pk})
             for client, player in zip(clients, players, strict=True)]
    responses, errors = split(together(*calls))
    assert errors == [] and [r.status_code for r in responses] == [302, 302]
    assert Entry.objects.filter(tournament=t).count() == 4


def test_without_the_lock_two_registrations_clash(slow_numbering, monkeypatch):
    """The harness can see the race: without the tournament lock both writers pick number 3 and the second
    fails in the database."""
    monkeypatch.setattr(registration, "lock_tournament", lambda tournament_id: None)
    t = factories.tournament(players=2)
    first, second = factories.existing_player(last_name="Wehrle"), factories.existing_player(last_name="Kaltenbach")
    saved, errors = split(together(register(t, first), register(t, second)))
    assert len(saved) == 1 and len(errors) == 1 and isinstance(errors[0], IntegrityError)
    assert Player.objects.count() == 4

"""Phones at once, on PostgreSQL (skipped on SQLite, like tests/results/test_concurrency.py, whose harness this
uses): the same write sent twice at the same moment is stored once and answered twice alike; two phones keying
the same new game differently get one 200 and one 409; a lock racing a write lets the write land first or refuses
it, never after the lock."""

import pytest
from django.db import connection
from django.test import Client

from tests import factories
from tests.concurrency import together
from tournament.draws import links
from tournament.models import AuditLog, Game, Round, TableRequest
from tournament.table_entry import services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks (see the harness)"),
]


@pytest.fixture
def hall():
    t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    return round_, table, links.active_links(round_)[table.pk]


def post(link, path, data):
    def call():
        response = Client().post(f"/t/{link.token}/{path}", data)
        return response.status_code, response.json()
    return call


def game(table, number, points, seat, key):
    return {"number": number, "contract": "C", "declarer": table.forehand(number) + 1, "result": points,
            **factories.phone_fields(seat, f"p{seat}"), "key": key}


def test_a_write_sent_twice_at_once_is_stored_once(hall, slow_engine):
    round_, table, link = hall
    data = game(table, 1, 50, 1, "same-key-0001")
    outcomes = together(post(link, "spiel/", data), post(link, "spiel/", data))
    assert [o[0] for o in outcomes] == ["ok", "ok"], outcomes
    assert sorted(o[1][0] for o in outcomes) == [200, 200]
    assert Game.objects.count() == 1 and TableRequest.objects.count() == 1
    assert AuditLog.objects.filter(object_type="game").count() == 1


def test_two_phones_keying_one_game_differently_get_one_save_and_one_conflict(hall, slow_engine):
    round_, table, link = hall
    outcomes = together(post(link, "spiel/", game(table, 1, 50, 1, "phone-one-001")),
                        post(link, "spiel/", game(table, 1, 30, 3, "phone-three-1")))
    assert sorted(o[1][0] for o in outcomes) == [200, 409], outcomes
    stored = Game.objects.get()
    conflict = next(o[1][1]["conflict"] for o in outcomes if o[1][0] == 409)
    assert conflict["saved"]["version"] == stored.version == 1


def test_a_lock_racing_a_write_never_lets_the_write_land_after_it(hall, slow_engine):
    round_, table, link = hall
    factories.play_table(table, table.games_planned - 1)
    for other in round_.tables.exclude(pk=table.pk):
        factories.play_table(other)
    last = table.games_planned
    outcomes = together(post(link, "spiel/", game(table, last, 50, 1, "last-game-01")),
                        lambda: services.lock_round(round_=round_, user=factories.user("boss"), reason="Zeit"))
    write, lock = outcomes
    round_.refresh_from_db()
    if lock[0] == "ok":            # the lock waited for the write's table row: the write landed before it
        assert round_.status == Round.Status.LOCKED and write[1][0] == 200
        assert Game.objects.filter(table=table, number=last).exists()
    else:                          # the lock came first and found the table incomplete
        assert round_.status == Round.Status.OPEN

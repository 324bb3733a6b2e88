"""Two (or more) writers at once: the table lock and the version check of ``services.record_game`` under real
concurrency, in threads that each hold their own database connection.

PostgreSQL only (CI's second run, ``.ci/with-postgres``). The SQLite test database lives in memory with a shared
cache, where ``select_for_update`` does nothing and the whole database is one lock: a thread that wants to write
while another does gets "database table is locked" at once instead of waiting (the busy timeout does not apply
to shared-cache locks). On SQLite these tests would measure that, not the service, so they are skipped there.

How the races are made certain rather than lucky: the threads open their connections first and start together
at a ``threading.Barrier``, and the engine call inside ``record_game`` (made while the table row is locked) is
slowed down by ``PAUSE``, so the second writer always arrives while the first holds the lock. Without the lock
the same scenario loses an update: ``test_without_the_table_lock_an_edit_is_lost`` shows it, so the tests here
would notice a missing lock.
"""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.books import assert_books_balance
from tests.concurrency import split, together
from tournament.models import AuditLog, Entry, Game, Score, Table
from tournament.results import engine, services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason=(
        "needs PostgreSQL row locks; the in-memory SQLite test database fails concurrent writers at once with "
        "'database table is locked' (CI runs these in its PostgreSQL pass: .ci/with-postgres)")),
]
JSON = {"HTTP_ACCEPT": "application/json"}


# -- harness ---------------------------------------------------------------------------------------------------


@pytest.fixture
def table():
    _t, round_ = factories.seated(players=8)
    return round_.tables.order_by("number").first()


def cego(table, number, points):
    return {"contract": "cego", "declarer": table.forehand(number), "card_points": points}


def record(table, number, data, expected_version=None):
    """The call a writer makes; the user is looked up here, not in the thread (where it would race to exist)."""
    user = factories.user()
    return lambda: services.record_game(table=table, number=number, data=data, user=user,
                                        expected_version=expected_version)


def stored(game):
    return {name: getattr(game, name) for name in ("contract", "declarer", "card_points")}


# -- the service -----------------------------------------------------------------------------------------------

def test_two_new_entries_of_one_game_store_one_and_the_other_conflicts(table, slow_engine):
    mine, theirs = cego(table, 1, 45), cego(table, 1, 30)
    outcomes = together(record(table, 1, mine), record(table, 1, theirs))
    saved, errors = split(outcomes)
    assert len(saved) == 1 and len(errors) == 1, outcomes
    assert isinstance(errors[0], services.ConflictError)
    game = Game.objects.get(table=table, number=1)
    assert game.version == 1 and errors[0].current.version == 1
    assert stored(errors[0].current) == stored(game) == stored(saved[0])       # the loser is shown the winner
    assert stored(game) in ({"contract": "cego", **{k: mine[k] for k in ("declarer", "card_points")}},
                            {"contract": "cego", **{k: theirs[k] for k in ("declarer", "card_points")}})
    assert AuditLog.objects.filter(object_type="game", action="create").count() == 1
    assert_books_balance()


def test_a_double_submit_at_the_same_moment_is_stored_once(table, slow_engine):
    data = cego(table, 2, 45)
    outcomes = together(record(table, 2, data), record(table, 2, data))
    saved, errors = split(outcomes)
    assert errors == [] and len(saved) == 2
    assert saved[0].pk == saved[1].pk and Game.objects.filter(table=table).count() == 1
    assert Game.objects.get().version == 1
    assert AuditLog.objects.filter(object_type="game").count() == 1
    assert Score.objects.filter(game__table=table).count() == table.size
    assert_books_balance()


def test_two_edits_of_version_1_one_wins_the_other_sees_the_winner(table, slow_engine):
    services.record_game(table=table, number=3, data=cego(table, 3, 45), user=factories.user())
    outcomes = together(record(table, 3, cego(table, 3, 20), expected_version=1),
                        record(table, 3, cego(table, 3, 70), expected_version=1))
    saved, errors = split(outcomes)
    assert len(saved) == 1 and len(errors) == 1, outcomes
    assert isinstance(errors[0], services.ConflictError)
    game = Game.objects.get(table=table, number=3)
    assert game.version == 2 and saved[0].version == 2
    assert errors[0].current.version == 2 and errors[0].current.card_points == game.card_points
    assert game.card_points == saved[0].card_points in (20, 70)
    assert list(AuditLog.objects.filter(object_type="game").values_list("action", flat=True).order_by("pk")) == [
        "create", "update"]
    assert_books_balance()


def test_eight_writers_at_two_tables_lose_nothing(slow_engine):
    """Two tables, four writers each, each writer its own games (the tables of one round share no entry)."""
    _t, round_ = factories.seated(players=8)
    tables = list(round_.tables.order_by("number"))
    plan = {(tables[i % 2], n): 30 + n + i % 2 for i in range(8) for n in range(1 + i // 2, 13, 4)}

    user = factories.user()

    def writer(index):
        table = tables[index % 2]
        return lambda: [services.record_game(table=table, number=n, data=cego(table, n, plan[table, n]), user=user)
                        for n in range(1 + index // 2, 13, 4)]

    outcomes = together(*(writer(i) for i in range(8)), timeout=120)
    _saved, errors = split(outcomes)
    assert errors == []
    for (table, number), points in plan.items():
        game = Game.objects.get(table=table, number=number)
        assert game.card_points == points and game.version == 1
    assert Game.objects.count() == len(plan) == 24
    assert AuditLog.objects.filter(object_type="game", action="create").count() == 24
    assert_books_balance()


@pytest.fixture
def held_before_totals(monkeypatch):
    """Writers that get as far as writing ``Entry.total`` wait there (up to 2 s) until another one arrives too.

    That is the moment a writer has summed an entry's scores and not yet written the total: if two writers can
    both get there for the same entry, each has summed without the other's uncommitted rows and the later write
    loses the earlier one. A writer that is (rightly) kept out by a lock never arrives; the wait then times out."""
    arrived = threading.Barrier(2)
    real = Entry.objects.bulk_update

    def held(*args, **kwargs):
        try:
            arrived.wait(2)
        except threading.BrokenBarrierError:
            pass
        return real(*args, **kwargs)

    monkeypatch.setattr(Entry.objects, "bulk_update", held)


def test_writers_at_tables_of_two_rounds_keep_the_shared_players_totals(held_before_totals):
    """The same four players at table 1 of round 1 and of round 2, both sheets entered at the same moment.

    Passes because ``record_game`` locks the table with ``select_related("round__tournament")``, and PostgreSQL's
    ``FOR UPDATE`` locks every joined row: writes of one tournament take turns on the tournament row. Were the
    lock narrowed to the table alone, this would lose a total unless the entries were locked before summing."""
    t, round1 = factories.seated(players=4)
    _t, round2 = factories.seated(number=2, tournament_=t)
    first, second = round1.tables.get(), round2.tables.get()
    outcomes = together(record(first, 1, cego(first, 1, 45)), record(second, 2, cego(second, 2, 50)))
    assert split(outcomes)[1] == []
    totals = list(Entry.objects.order_by("start_number").values_list("total", flat=True))
    assert totals == [-10 - 20, 30 - 20, -10 + 60, -10 - 20]      # seat by seat: game 1 of round 1 + game 2 of round 2
    assert_books_balance()


def test_an_adjustment_while_a_game_is_saved_keeps_the_total(table, held_before_totals):
    seat = table.seats.get(position=(table.forehand(1) + 1) % table.size)          # a defender of game 1
    late = Entry.objects.get(pk=seat.entry_id)
    user = factories.user()
    outcomes = together(record(table, 1, cego(table, 1, 45)),
                        lambda: services.add_adjustment(entry=late, points=-25, reason="zu spät", user=user))
    assert split(outcomes)[1] == []
    assert Entry.objects.get(pk=late.pk).total == -10 - 25
    assert_books_balance()


def test_without_the_table_lock_an_edit_is_lost(table, monkeypatch):
    """The harness can see a lost update: with ``select_for_update`` turned into a plain query, two edits of
    version 1 both "succeed" and one of them is silently gone. (Both writers are held after reading version 1.)"""
    services.record_game(table=table, number=4, data=cego(table, 4, 45), user=factories.user())
    monkeypatch.setattr(Table.objects, "select_for_update", lambda *a, **k: Table.objects.all())
    both_read = threading.Barrier(2)
    real_snapshot = engine.game_snapshot

    def held_snapshot(game):
        if game.version == 1:                # the snapshot of the row as read, taken before the write
            both_read.wait(10)
        return real_snapshot(game)

    monkeypatch.setattr(services, "game_snapshot", held_snapshot)
    outcomes = together(record(table, 4, cego(table, 4, 20), expected_version=1),
                        record(table, 4, cego(table, 4, 70), expected_version=1))
    saved, errors = split(outcomes)
    assert errors == [] and len(saved) == 2                  # both writers were told "saved"
    assert Game.objects.get(table=table, number=4).version == 2
    assert AuditLog.objects.filter(object_type="game", action="update").count() == 2    # … but one edit is lost


# -- through HTTP ----------------------------------------------------------------------------------------------

def logged_in_clients(count):
    clients = [Client() for _ in range(count)]
    for client in clients:
        client.force_login(factories.user())
    return clients


def test_two_browsers_saving_one_row_get_200_and_409_with_both_versions(table, slow_engine):
    url = reverse("entry:save", args=[table.pk])
    seat = table.forehand(5) + 1
    rows = [{"number": 5, "version": "", "contract": "C", "declarer": seat, "result": points} for points in (45, 30)]
    alice, bob = logged_in_clients(2)
    outcomes = together(lambda: alice.post(url, rows[0], **JSON), lambda: bob.post(url, rows[1], **JSON))
    responses, errors = split(outcomes)
    assert errors == []
    assert sorted(r.status_code for r in responses) == [200, 409]
    won = next(r.json() for r in responses if r.status_code == 200)
    lost = next(r.json() for r in responses if r.status_code == 409)
    assert won["ok"] is True and won["game"]["version"] == 1
    conflict = lost["conflict"]
    assert lost["ok"] is False and conflict["yours"]["version"] is None and conflict["saved"]["version"] == 1
    assert conflict["saved"]["values"]["result"] == won["game"]["values"]["result"]
    assert conflict["saved"]["values"]["result"] != lost_result(rows, won)
    assert Game.objects.get(table=table, number=5).card_points == int(won["game"]["values"]["result"])
    assert_books_balance()


def lost_result(rows, won):
    """What the losing browser typed."""
    return next(str(r["result"]) for r in rows if str(r["result"]) != won["game"]["values"]["result"])


def test_two_browsers_posting_the_same_row_both_get_200_and_it_is_stored_once(table, slow_engine):
    url = reverse("entry:save", args=[table.pk])
    row = {"number": 6, "version": "", "contract": "C", "declarer": table.forehand(6) + 1, "result": 50}
    outcomes = together(*(lambda client=client: client.post(url, row, **JSON) for client in logged_in_clients(2)))
    responses, errors = split(outcomes)
    assert errors == [] and [r.status_code for r in responses] == [200, 200]
    assert Game.objects.filter(table=table).count() == 1
    assert AuditLog.objects.filter(object_type="game").count() == 1
    assert_books_balance()

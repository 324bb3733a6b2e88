"""Services: draws, game entry with engine validation, corrections, locking, audit, totals-only entry."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests import factories
from tournament.draws import services as draws
from tournament.models import AuditLog, Entry, Game, Round, Score, Seat
from tournament.registration import services as registration_services
from tournament.results import selectors, services

pytestmark = pytest.mark.django_db


def cego(declarer_points, declarer=None, table=None, number=1):
    """A legal Cego for row ``number``: forehand declares."""
    forehand = table.forehand(number)
    return {"contract": "cego", "declarer": forehand if declarer is None else declarer,
            "card_points": declarer_points}


def test_draw_round_seats_everybody_once_and_stores_the_seed():
    t, r1 = factories.drawn(players=22)
    assert sorted(tb.size for tb in r1.tables.all()) == [4, 4, 4, 5, 5]
    assert Seat.objects.filter(round=r1).count() == 22
    assert r1.seed == "test-seed" and r1.algorithm.startswith("cego-") and len(r1.input_hash) == 64
    r2 = draws.draw_round(tournament=t, number=2, user=factories.user())
    pairs = set()
    for rnd in (r1, r2):
        for table in rnd.tables.all():
            ids = [s.entry_id for s in table.seats.all()]
            for i, a in enumerate(ids):
                for b in ids[i + 1:]:
                    pair = (min(a, b), max(a, b))
                    assert pair not in pairs, "a pair met twice in one day"
                    pairs.add(pair)
    assert AuditLog.objects.filter(action="draw").count() == 2


def test_draw_is_reproducible():
    t1, r1 = factories.drawn(players=13)
    first = [[s.entry.start_number for s in tb.seats.all()] for tb in r1.tables.all()]
    draws.delete_draw(round_=r1, user=factories.user())
    r1b = draws.draw_round(tournament=t1, number=1, user=factories.user())
    assert [[s.entry.start_number for s in tb.seats.all()] for tb in r1b.tables.all()] == first


def test_record_game_computes_scores_and_audits():
    t, r = factories.drawn(players=8)
    table = r.tables.first()
    game = services.record_game(table=table, number=1, data=cego(34, table=table), user=factories.user())
    assert game.scores[table.forehand(1)] == -30
    assert sum(game.scores) == 0
    assert Score.objects.filter(game=game).count() == 4
    log = AuditLog.objects.get(object_type="game", object_id=game.pk)
    assert log.action == "create" and log.new["card_points"] == 34 and log.user.username == "director"


def test_bad_input_is_rejected_with_a_translated_field_error_and_nothing_saved():
    t, r = factories.drawn(players=8)
    table = r.tables.first()
    with pytest.raises(ValidationError) as info:
        services.record_game(table=table, number=1, data=cego(80, table=table), user=factories.user())
    assert "card_points" in info.value.message_dict
    assert "Kartenpunkte" in info.value.message_dict["card_points"][0]
    wrong_seat = (table.forehand(1) + 1) % 4
    with pytest.raises(ValidationError) as info:
        services.record_game(table=table, number=1, data=cego(40, declarer=wrong_seat, table=table),
                             user=factories.user())
    assert "declarer" in info.value.message_dict
    with pytest.raises(ValidationError):
        services.record_game(table=table, number=1, data={"contract": "raeuber", "announcer": 1,
                                                          "raeuber_points": [40, 40, 0, 0]}, user=factories.user())
    assert not Game.objects.exists() and not Score.objects.exists()


def test_double_submit_is_stored_once_and_stale_edit_conflicts():
    t, r = factories.drawn(players=8)
    table = r.tables.first()
    data = cego(45, table=table, number=3)
    g1 = services.record_game(table=table, number=3, data=data, user=factories.user())
    g2 = services.record_game(table=table, number=3, data=data, user=factories.user())
    assert g1.pk == g2.pk and Game.objects.count() == 1 and Score.objects.count() == 4
    changed = services.record_game(table=table, number=3, data=dict(data, card_points=50), user=factories.user(),
                                   expected_version=1)
    assert changed.version == 2
    with pytest.raises(services.ConflictError) as info:
        services.record_game(table=table, number=3, data=dict(data, card_points=60), user=factories.user(),
                             expected_version=1)
    assert info.value.current.card_points == 50
    with pytest.raises(services.ConflictError):
        services.record_game(table=table, number=3, data=dict(data, card_points=61), user=factories.user())
    assert Game.objects.get().card_points == 50


def test_locked_round_needs_a_reason_and_correction_is_audited():
    t, r = factories.drawn(players=4)
    table = r.tables.get()
    for n in range(1, table.games_planned + 1):
        services.record_game(table=table, number=n, data=cego(40 + n % 10, table=table, number=n),
                             user=factories.user())
    services.set_round_status(round_=r, status=Round.Status.LOCKED, user=factories.user())
    game = table.games.get(number=5)
    with pytest.raises(ValidationError) as info:
        services.record_game(table=table, number=5, data=cego(20, table=table, number=5), user=factories.user(),
                             expected_version=game.version)
    assert info.value.message_dict["reason"]
    services.record_game(table=table, number=5, data=cego(20, table=table, number=5), user=factories.user(),
                         expected_version=game.version, reason="Zettel falsch abgeschrieben")
    log = AuditLog.objects.filter(object_type="game", action="update").get()
    assert log.old["card_points"] == 45 and log.new["card_points"] == 20
    assert log.reason == "Zettel falsch abgeschrieben"


def test_round_cannot_be_completed_with_missing_games():
    t, r = factories.drawn(players=8)
    with pytest.raises(ValidationError) as info:
        services.set_round_status(round_=r, status=Round.Status.COMPLETE, user=factories.user())
    assert info.value.code == "round_incomplete"


def test_totals_only_entry_checks_zero_sum():
    t, r = factories.drawn(players=8)
    table = r.tables.first()
    with pytest.raises(ValidationError) as info:
        services.record_totals(table=table, totals={0: 120, 1: -40, 2: -40, 3: -30}, user=factories.user())
    assert info.value.code == "totals_not_zero_sum"
    services.record_totals(table=table, totals={0: 120, 1: -40, 2: -40, 3: -40}, user=factories.user())
    assert selectors.table_totals(table) == {0: 120, 1: -40, 2: -40, 3: -40}
    with pytest.raises(ValidationError):
        services.record_game(table=table, number=1, data=cego(40, table=table), user=factories.user())
    assert [p["complete"] for p in selectors.round_progress(r)].count(True) == 1


def test_five_table_dealer_sits_out():
    t, r = factories.drawn(players=5)
    table = r.tables.get()
    assert table.size == 5 and table.games_planned == 30
    game = services.record_game(table=table, number=2, data={"contract": "halbe", "declarer": 4, "card_points": 47},
                                user=factories.user())
    assert game.scores[1] == 0 and sum(game.scores) == 0


def test_constraints_hold_in_the_database():
    t, r = factories.drawn(players=8)
    entry = Entry.objects.filter(tournament=t).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=r, table=r.tables.last(), entry=entry, position=4)
    table = r.tables.first()
    services.record_game(table=table, number=1, data=cego(40, table=table), user=factories.user())
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(table=table, number=1, contract="cego")


def test_adjustments_and_totals():
    t, r = factories.drawn(players=4)
    table = r.tables.get()
    g = services.record_game(table=table, number=1, data=cego(40, table=table), user=factories.user())
    entry = Entry.objects.get(tournament=t, seats__position=0)
    services.add_adjustment(entry=entry, points=-50, reason="Fehlgeben", user=factories.user())
    totals = selectors.entry_totals(t)
    assert totals[entry.pk] == g.scores[0] - 50
    with pytest.raises(ValidationError):
        services.add_adjustment(entry=entry, points=10, reason=" ", user=factories.user())


def test_register_rejects_duplicates():
    t = factories.tournament(players=2)
    player = Entry.objects.filter(tournament=t).first().player
    with pytest.raises(ValidationError):
        registration_services.register(user=None, tournament=t, player=player)
    with pytest.raises(ValidationError):
        registration_services.register(user=None, tournament=t, player=factories.existing_player(), start_number=1)


def test_impossible_field_gives_a_translated_draw_error():
    from django.utils import translation
    t = factories.tournament(players=7)
    with translation.override("de"), pytest.raises(ValidationError) as info:
        draws.draw_round(tournament=t, number=1, user=factories.user())
    assert info.value.code == "seating_impossible_table_sizes"
    assert "7 Spieler" in info.value.messages[0]


def test_scores_and_adjustments_beyond_what_the_database_holds_are_refused():
    """Extreme ruleset overrides could make a game worth more than an integer column holds (a 500 on
    PostgreSQL); the service refuses it with a translated error and saves nothing."""
    t, round_ = factories.drawn(players=4, options={"unit": 1_000_000})
    table = round_.tables.get()
    with pytest.raises(ValidationError) as err:
        services.record_game(table=table, number=1, data=cego(70, table=table), user=None)
    assert err.value.code == "score_out_of_range"
    assert not Game.objects.exists()
    with pytest.raises(ValidationError) as err:
        services.add_adjustment(entry=t.entries.first(), points=10**12, reason="x", user=None)
    assert "points" in err.value.message_dict
    assert not AuditLog.objects.filter(object_type="adjustment").exists()

"""Entry at the table, the services: links from the draw, keying as a seat, confirmation, disputes, calls,
sign-off, the round clock and the lock with its override (docs/table-entry.md)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests import factories
from tournament.audit.words import describe_all
from tournament.draws import links
from tournament.models import AuditLog, Entry, Game, Round, Signature, TableFlag, TableLink
from tournament.results import services as results
from tournament.results.services import ConflictError
from tournament.staff.permissions import TableAccess
from tournament.table_entry import selectors, services

pytestmark = pytest.mark.django_db


def setup(players=8):
    t, round_ = factories.drawn(players=players)
    table = round_.tables.order_by("number").first()
    return t, round_, table, links.active_links(round_)[table.pk]


def seat(link, position, device="dev"):
    """The phone ``device<position>`` acting for seat ``position``: one phone per seat, holding it."""
    return factories.table_phone(link, position, f"{device}{position}")


def cego(table, number, points=50):
    return {"contract": "cego", "declarer": table.forehand(number), "card_points": points}


def test_a_draw_gives_every_table_one_secret_link():
    t, round_ = factories.drawn(players=13)
    tokens = list(TableLink.objects.filter(table__round=round_).values_list("token", flat=True))
    assert len(tokens) == round_.tables.count() == 3
    assert len(set(tokens)) == 3 and all(len(tok) == links.TOKEN_CHARS for tok in tokens)
    assert links.resolve(tokens[0]).table.round == round_
    assert links.resolve(tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B")) is None
    assert links.resolve("x" * 500) is None and links.resolve(None) is None


def test_a_game_keyed_at_the_table_counts_at_once_but_unconfirmed_until_another_seat_confirms():
    t, round_, table, link = setup()
    game = services.key_game(access=seat(link, 0), number=1, data=cego(table, 1))
    assert (game.keyed_seat, game.keyed_device, game.confirmed) == (0, "dev0", False)
    totals = dict(Entry.objects.filter(seats__table=table).values_list("seats__position", "total"))
    assert [totals[p] for p in range(4)] == game.scores          # in the standings at once
    with pytest.raises(ValidationError, match="anderen Sitzes"):
        services.confirm_game(access=seat(link, 0), number=1, version=1)
    services.confirm_game(access=seat(link, 2), number=1, version=1)
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_seat == 2 and game.confirmed_at is not None
    # A correction at the table needs a new confirmation; the old version can't be confirmed any more.
    game = services.key_game(access=seat(link, 1), number=1, data=cego(table, 1, 30), expected_version=1)
    assert game.version == 2 and not game.confirmed and game.keyed_seat == 1
    with pytest.raises(ConflictError):
        services.confirm_game(access=seat(link, 3), number=1, version=1)
    # A director's correction in the office counts as confirmed.
    game = results.record_game(table=table, number=1, data=cego(table, 1, 20), user=factories.user(),
                               expected_version=2)
    assert game.confirmed and game.keyed_seat is None


def test_the_log_says_which_seat_and_phone_keyed_and_confirmed():
    t, round_, table, link = setup()
    services.key_game(access=seat(link, 0, "a1b2"), number=1, data=cego(table, 1))
    services.confirm_game(access=seat(link, 3, "ffee"), number=1, version=1)
    rows = describe_all(AuditLog.objects.filter(table=table).select_related("user", "table__round"))
    names = {s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")}
    assert [r.user for r in rows] == [f"Tisch 1, Sitz 4 {names[3]} (Handy ffee3)",
                                      f"Tisch 1, Sitz 1 {names[0]} (Handy a1b20)"]
    assert rows[0].after == "bestätigt wie eingetragen (Version 1)"
    assert rows[1].after.startswith("Cego, Spieler ")


def test_a_link_writes_only_at_its_own_table_and_only_with_a_seat():
    t, round_ = factories.drawn(players=8)
    first, second = round_.tables.order_by("number")
    link = links.active_links(round_)[first.pk]
    with pytest.raises(PermissionDenied):
        results.record_game(table=second, number=1, data=cego(second, 1), user=seat(link, 0))
    with pytest.raises(ValidationError, match="Sitz"):
        services.key_game(access=TableAccess(link, None, "x"), number=1, data=cego(first, 1))
    assert not Game.objects.exists()


def test_a_revoked_link_and_a_locked_round_take_no_writes():
    t, round_, table, link = setup()
    new = links.reissue_link(table=table, user=factories.user())
    link.refresh_from_db()
    assert link.revoked_at is not None and links.resolve(link.token) is None and links.resolve(new.token)
    with pytest.raises(PermissionDenied):
        services.key_game(access=seat(link, 0), number=1, data=cego(table, 1))
    factories.play_table(table)
    for other in round_.tables.exclude(pk=table.pk):
        factories.play_table(other)
    services.lock_round(round_=round_, user=factories.user())
    with pytest.raises(PermissionDenied, match="gesperrt"):
        services.key_game(access=seat(new, 0), number=1, data=cego(table, 1), expected_version=1)
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.LINK, action=AuditLog.Action.ISSUE).count() == 1


def test_a_dispute_unconfirms_the_game_and_flags_the_table_once():
    t, round_, table, link = setup()
    services.key_game(access=seat(link, 0), number=1, data=cego(table, 1))
    services.confirm_game(access=seat(link, 1), number=1, version=1)
    services.dispute_game(access=seat(link, 2), number=1, note="<b>60 Punkte</b>")
    services.dispute_game(access=seat(link, 3), number=1)
    assert not Game.objects.get(table=table, number=1).confirmed
    flag = TableFlag.objects.get(table=table)
    assert (flag.kind, flag.game_number, flag.seat, flag.note) == ("dispute", 1, 2, "<b>60 Punkte</b>")
    tile = selectors.hall(round_)[0]
    assert tile["number"] == table.number and tile["attention"] == 4 and tile["disputes"] == [flag]
    with pytest.raises(ValidationError, match="noch nicht eingetragen"):
        services.dispute_game(access=seat(link, 2), number=5)
    services.resolve_flag(flag=flag, user=factories.user())
    assert TableFlag.objects.get().resolved_at is not None and not selectors.open_flags(table)


def test_a_call_for_the_director_is_raised_once_and_comes_first_in_the_hall():
    t, round_ = factories.drawn(players=12)
    tables = list(round_.tables.order_by("number"))
    link = links.active_links(round_)[tables[2].pk]
    services.call_director(access=seat(link, 1), note="Kartenfehler")
    services.call_director(access=seat(link, 3))
    assert TableFlag.objects.filter(kind="call").count() == 1
    assert [tile["number"] for tile in selectors.hall(round_)] == [3, 1, 2]


def finish(table, link, keyed_at_table=(24,)):
    """All games of ``table``: the office keys the others, ``keyed_at_table`` are keyed by seat 0 and confirmed
    by seat 1."""
    factories.play_table(table, table.games_planned - len(keyed_at_table))
    for number in keyed_at_table:
        services.key_game(access=seat(link, 0), number=number, data=cego(table, number))
        services.confirm_game(access=seat(link, 1), number=number, version=1)


def test_every_seat_signs_off_a_finished_confirmed_sheet_and_a_change_makes_the_sign_offs_stale():
    t, round_, table, link = setup()
    state = selectors.sheet_state(table)
    with pytest.raises(ValidationError, match="0 von 24"):
        services.sign_table(access=seat(link, 0), state=state)
    factories.play_table(table, 23)
    services.key_game(access=seat(link, 0), number=24, data=cego(table, 24))
    with pytest.raises(ValidationError, match="nicht bestätigt"):
        services.sign_table(access=seat(link, 2), state=selectors.sheet_state(table))
    services.confirm_game(access=seat(link, 1), number=24, version=1)
    with pytest.raises(ConflictError):
        services.sign_table(access=seat(link, 2), state=state)             # the sheet the phone saw is old
    state = selectors.sheet_state(table)
    for position in range(4):
        totals = services.sign_table(access=seat(link, position), state=state)
    assert selectors.signed_positions(table) == [0, 1, 2, 3]
    assert totals == [e.total for e in sorted(Entry.objects.filter(seats__table=table),
                                             key=lambda e: e.seats.get().position)]
    assert Signature.objects.filter(table=table).count() == 4
    results.record_game(table=table, number=3, data=cego(table, 3, 10), user=factories.user(),
                        expected_version=1)
    assert selectors.signed_positions(table) == []


def test_a_disputed_sheet_cannot_be_signed():
    t, round_, table, link = setup()
    finish(table, link)
    services.dispute_game(access=seat(link, 3), number=24)
    services.confirm_game(access=seat(link, 1), number=24, version=1)
    with pytest.raises(ValidationError, match="Einspruch|strittig|bestritten"):
        services.sign_table(access=seat(link, 0), state=selectors.sheet_state(table))


def test_the_lock_needs_every_table_signed_or_a_reason():
    t, round_ = factories.drawn(players=8)
    first, second = round_.tables.order_by("number")
    link = links.active_links(round_)[first.pk]
    finish(first, link)
    factories.play_table(second)                 # keyed in the office from paper: nothing to sign
    director = factories.user()
    with pytest.raises(ValidationError) as refused:
        services.lock_round(round_=round_, user=director)
    assert "Tische 1 " in refused.value.message_dict["reason"][0]
    state = selectors.sheet_state(first)
    for position in range(4):
        services.sign_table(access=seat(link, position), state=state)
    assert selectors.unsigned_tables(round_) == []
    services.lock_round(round_=round_, user=director)
    assert Round.objects.get(pk=round_.pk).status == Round.Status.LOCKED


def test_the_director_overrides_the_lock_with_a_reason_in_the_log():
    t, round_ = factories.drawn(players=8)
    first, second = round_.tables.order_by("number")
    finish(first, links.active_links(round_)[first.pk])
    factories.play_table(second)
    services.lock_round(round_=round_, user=factories.user(), reason="Tisch 1 hat auf Papier unterschrieben")
    log = AuditLog.objects.filter(object_type=AuditLog.Kind.ROUND, action=AuditLog.Action.STATUS).get()
    assert log.reason == "Tisch 1 hat auf Papier unterschrieben" and log.new == {"status": "locked"}


def test_the_round_clock_is_set_restarted_and_stopped_by_the_direction_only():
    t, round_, table, link = setup()
    helper = factories.with_role("helper", tournament=t, name="helfer")
    with pytest.raises(PermissionDenied):
        services.set_clock(round_=round_, minutes=90, user=helper)
    with pytest.raises(ValidationError):
        services.set_clock(round_=round_, minutes=601, user=factories.user())
    round_ = services.set_clock(round_=round_, minutes=90, user=factories.user())
    left = selectors.clock(round_)["seconds_left"]
    assert 89 * 60 < left <= 90 * 60
    round_ = services.set_clock(round_=round_, minutes=0, user=factories.user())
    assert selectors.clock(round_) is None
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.CLOCK).count() == 2


def test_once_answers_a_repeated_key_without_writing_again():
    t, round_, table, link = setup()
    calls = []

    def write():
        calls.append(1)
        game = services.key_game(access=seat(link, 0), number=len(calls), data=cego(table, len(calls)))
        return 200, {"ok": True, "number": game.number}

    assert services.once(link=link, key="k-00000001", write=write) == (200, {"ok": True, "number": 1})
    assert services.once(link=link, key="k-00000001", write=write) == (200, {"ok": True, "number": 1,
                                                                              "repeated": True})
    assert len(calls) == 1 and Game.objects.count() == 1
    assert services.once(link=link, key="k-00000002", write=write)[1]["number"] == 2

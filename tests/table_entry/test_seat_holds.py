"""A phone speaks for one seat (docs/table-entry.md "A phone speaks for one seat"): the first phone that acts for a
seat holds it; another phone naming that seat is refused until the holder releases it or the director frees it
in the hall view (both in the log, in words); one phone never holds two seats of one table — so one phone can't
key a game as seat 1 and confirm it as seat 2, nor sign the table off as every seat. Cego, Offiziers-Cego and
Ziege alike, through HTTP as a phone sends it."""

import datetime
import hashlib
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournament.audit.words import describe_all
from tournament.draws import links
from tournament.draws import services as draws
from tournament.draws import ziege as ziege_draws
from tournament.models import (
    AuditLog,
    Game,
    Role,
    Season,
    SeatHold,
    Signature,
    TableLink,
    TableRequest,
    Tournament,
    ZiegeGame,
)
from tournament.registration import ziege as ziege_registration

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_counters")]

HELD = "wird schon von einem anderen Handy geführt – bitten Sie die Turnierleitung, ihn freizugeben"


@pytest.fixture
def cego_table():
    t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    return t, round_, table, links.active_links(round_)[table.pk]


class Phone:
    """One phone at a table: its own device id and secret, a fresh idempotency key per write."""

    def __init__(self, link, device):
        self.link, self.device, self.client, self.n = link, device, Client(), 0

    def post(self, path, seat, key=None, **fields):
        self.n += 1
        data = {**fields, **factories.phone_fields(seat, self.device), "key": key or f"{self.device}-{self.n:08d}"}
        return self.client.post(f"/t/{self.link.token}/{path}", data)


def cego_game(table, number, points=50):
    return {"number": number, "contract": "C", "declarer": table.forehand(number) + 1, "result": points,
            "version": ""}


def errors(response):
    return [text for texts in response.json()["errors"].values() for text in texts]


def test_one_phone_keying_as_seat_1_cannot_confirm_as_seat_2_another_phone_can(cego_table):
    t, round_, table, link = cego_table
    anna, bernd = Phone(link, "anna"), Phone(link, "bernd")
    assert anna.post("spiel/", 1, **cego_game(table, 1)).status_code == 200
    refused = anna.post("bestaetigen/", 2, number=1, version=1)
    assert refused.status_code == 403 and not refused.json()["ok"]
    assert errors(refused) == ["Dieses Handy führt an diesem Tisch schon Sitz 1. Geben Sie ihn zuerst frei "
                               "(„Sitz freigeben / wechseln“), um Sitz 2 zu wählen."]
    assert list(refused.json()["errors"]) == ["seat"]          # the page offers the seat choice again
    assert not Game.objects.get().confirmed
    # Switching seat is no way round it: a seat that keyed a game is freed by the director only.
    released = anna.post("sitz/frei/", 1)
    assert released.status_code == 403 and "nur die Turnierleitung" in errors(released)[0]
    assert anna.post("bestaetigen/", 2, number=1, version=1).status_code == 403
    # Another phone confirms.
    ok = bernd.post("bestaetigen/", 2, number=1, version=1)
    assert ok.status_code == 200 and ok.json()["sheet"]["rows"][0]["game"]["confirmed"] is True
    assert (Game.objects.get().confirmed_seat, Game.objects.get().keyed_seat) == (1, 0)
    assert sorted(SeatHold.objects.values_list("position", "device")) == [(0, "anna"), (1, "bernd")]


def test_one_phone_cannot_sign_the_table_off_as_every_seat(cego_table):
    t, round_, table, link = cego_table
    factories.play_table(table)                 # the sheet keyed in the office: complete and confirmed
    state = Client().get(f"/t/{link.token}/blatt/").json()["sheet"]["state"]
    cheat = Phone(link, "cheat")
    assert cheat.post("unterschreiben/", 1, state=state).status_code == 200
    for seat in (2, 3, 4):
        refused = cheat.post("unterschreiben/", seat, state=state)
        assert refused.status_code == 403 and "schon Sitz 1. Geben Sie ihn zuerst frei" in errors(refused)[0]
    assert list(Signature.objects.filter(table=table).values_list("position", flat=True)) == [0]
    # Each of the other players on his own phone: the table is signed.
    for seat in (2, 3, 4):
        assert Phone(link, f"player{seat}").post("unterschreiben/", seat, state=state).status_code == 200
    assert Signature.objects.filter(table=table).count() == 4


def test_a_held_seat_is_refused_to_another_phone_until_released_or_freed(client, cego_table):
    t, round_, table, link = cego_table
    first, second, third = Phone(link, "first"), Phone(link, "second"), Phone(link, "third")
    assert first.post("sitz/", 3).status_code == 200              # choosing the seat takes it
    refused = third.post("sitz/", 3)
    assert refused.status_code == 403
    assert errors(refused) == [f"Sitz 3 {HELD}."]
    for path, fields in (("rufen/", {}), ("spiel/", cego_game(table, 1)), ("einspruch/", {"number": 1})):
        assert third.post(path, 3, **fields).status_code == 403, path
    assert not Game.objects.exists() and not table.flags.exists()
    # The holder releases it ("switch seat"): the third phone takes it.
    assert first.post("sitz/frei/", 3).status_code == 200
    assert not SeatHold.objects.filter(table=table).exists()
    assert third.post("sitz/", 3).status_code == 200
    assert first.post("sitz/", 3).status_code == 403
    # The third phone breaks; the director frees the seat in the hall view, another phone takes it.
    hold = SeatHold.objects.get(table=table, position=2)
    client.force_login(factories.staff())
    hall = client.get(reverse("director:hall", args=[t.pk, 1])).content.decode()
    assert f'data-hold="{hold.pk}"' in hall and "Sitz 3 freigeben" in hall and 'title="Handy third"' in hall
    answer = client.post(reverse("director:hall_free_seat", args=[t.pk, 1, hold.pk]), follow=True)
    assert "Tisch 1: Sitz 3 ist frei" in answer.content.decode()
    assert not SeatHold.objects.exists() and second.post("sitz/", 3).status_code == 200
    assert third.post("rufen/", 3).status_code == 403
    # Both releases are in the log, in words, with who did them.
    rows = describe_all(AuditLog.objects.filter(table=table, object_type=AuditLog.Kind.SEAT)
                        .select_related("user", "table__round").order_by("at", "id"))
    name = table.seats.get(position=2).entry.player.full_name
    assert [(r.action, r.after) for r in rows] == [
        ("Sitz freigegeben", f"Sitz 3 {name} von seinem Handy freigegeben (Sitzwechsel)"),
        ("Sitz freigegeben", f"Sitz 3 {name} von der Turnierleitung freigegeben (geführt hatte ihn Handy third)")]
    assert rows[0].user == f"Tisch 1, Sitz 3 {name} (Handy first)" and rows[1].user == "director"
    with translation.override("en"):
        assert describe_all([rows[1].log])[0].after == (f"Seat 3 {name} freed by the tournament direction (it was "
                                                        f"kept by phone third)")


def test_a_phone_without_its_secret_or_with_a_malformed_one_writes_nothing(cego_table):
    t, round_, table, link = cego_table
    client = Client()
    for secret in ("", "short", "x" * 65, "<script>alert(1)</script>xxxxxxxxxxxxx"):
        answer = client.post(f"/t/{link.token}/rufen/", {"seat": 1, "device": "d", "secret": secret,
                                                          "key": "key-00000001"})
        assert answer.status_code == 403 and errors(answer) == [
            "Dieses Handy hat seinen Sitz-Schlüssel nicht mitgeschickt. Bitte laden Sie die Seite neu."]
    assert not table.flags.exists() and not SeatHold.objects.exists()


def test_only_the_fingerprint_of_the_secret_is_stored(cego_table):
    t, round_, table, link = cego_table
    phone = Phone(link, "anna")
    assert phone.post("spiel/", 1, **cego_game(table, 1)).status_code == 200
    secret = factories.phone_secret("anna")
    assert SeatHold.objects.get().holder == hashlib.sha256(secret.encode()).hexdigest()
    stored = json.dumps([list(TableRequest.objects.values()), list(AuditLog.objects.values("old", "new", "origin")),
                         list(Game.objects.values())], default=str)
    assert secret not in stored
    sheet = Client().get(f"/t/{link.token}/blatt/").content.decode()
    assert secret not in sheet and SeatHold.objects.get().holder not in sheet


def test_a_replayed_key_is_answered_only_to_the_phone_that_sent_it(cego_table):
    t, round_, table, link = cego_table
    anna, mallory = Phone(link, "anna"), Phone(link, "mallory")
    assert anna.post("spiel/", 1, key="the-key-0001", **cego_game(table, 1)).status_code == 200
    again = anna.post("spiel/", 1, key="the-key-0001", **cego_game(table, 1))
    assert again.status_code == 200 and again.json()["repeated"] is True
    # The same key from another phone (copied from a queue) is no "accepted": refused, nothing written.
    stolen = mallory.post("bestaetigen/", 1, key="the-key-0001", number=1, version=1)
    assert stolen.status_code == 403 and "repeated" not in stolen.json()
    assert errors(stolen) == ["Diese Eingabe kam von einem anderen Handy."]
    assert Game.objects.count() == 1 and not Game.objects.get().confirmed


def test_a_phone_may_switch_before_its_seat_has_done_anything_and_a_call_does_not_count(cego_table):
    t, round_, table, link = cego_table
    phone = Phone(link, "wrongtap")
    assert phone.post("rufen/", 2).status_code == 200                 # tapped the wrong seat, called the director
    assert phone.post("sitz/", 1).status_code == 403                  # a second seat: release first
    assert phone.post("sitz/frei/", 2).status_code == 200
    assert phone.post("sitz/", 1).status_code == 200
    assert list(SeatHold.objects.values_list("position", flat=True)) == [0]
    assert phone.post("sitz/frei/", 4).status_code == 200             # a seat nobody holds: nothing to release
    assert phone.post("sitz/frei/", 3).status_code == 200
    assert AuditLog.objects.filter(object_type=AuditLog.Kind.SEAT).count() == 1


def test_a_helper_frees_seats_of_his_tournament_only(client, cego_table):
    t, round_, table, link = cego_table
    Phone(link, "anna").post("sitz/", 1)
    hold = SeatHold.objects.get()
    other_t, _other_round = factories.drawn(players=8, name="Anderes Turnier")
    helper = factories.with_role(Role.Kind.HELPER, tournament=other_t, name="helferin")
    client.force_login(helper)
    assert client.post(reverse("director:hall_free_seat", args=[t.pk, 1, hold.pk])).status_code in (403, 404)
    assert client.post(reverse("director:hall_free_seat", args=[other_t.pk, 1, hold.pk])).status_code == 404
    assert SeatHold.objects.exists()
    mine = factories.with_role(Role.Kind.HELPER, tournament=t, name="helfer")
    client.force_login(mine)
    assert client.post(reverse("director:hall_free_seat", args=[t.pk, 1, hold.pk])).status_code == 302
    assert not SeatHold.objects.exists()
    again = client.post(reverse("director:hall_free_seat", args=[t.pk, 1, hold.pk]))
    assert again.status_code == 404


def test_an_offiziers_phone_cannot_confirm_its_own_game_as_the_other_seat():
    t = factories.tournament(players=4, game="offiziers")
    table = draws.draw_round(tournament=t, number=1, user=factories.user()).tables.first()
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    anna, bernd = Phone(link, "anna"), Phone(link, "bernd")
    assert anna.post("spiel/", 1, number=1, card_points=30, penalty=0, version="").status_code == 200
    assert anna.post("bestaetigen/", 2, number=1, version=1).status_code == 403
    assert bernd.post("bestaetigen/", 2, number=1, version=1).status_code == 200
    assert Game.objects.get().confirmed_seat == 1


def test_a_ziege_phone_cannot_confirm_its_own_game_as_the_partner_or_an_opponent():
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name="Ziegenabend", date=datetime.date(2026, 3, 7),
                                  game=Tournament.Game.ZIEGE, round_count=2, seed="test-seed")
    for i in range(2):
        ziege_registration.register_pair(tournament=t, user=factories.user(),
                                         first={"first_name": "Anna", "last_name": f"Maier{i}"},
                                         second={"first_name": "Bernd", "last_name": f"Huber{i}"})
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    anna, clara = Phone(link, "anna"), Phone(link, "clara")
    assert anna.post("spiel/", 1, number=1, points_a=70, trick_a=1, trick_b=1).status_code == 200
    version = ZiegeGame.objects.get().pk
    for seat in (2, 3, 4):
        assert anna.post("bestaetigen/", seat, number=1, version=version).status_code == 403
    assert clara.post("bestaetigen/", 3, number=1, version=version).status_code == 200
    assert ZiegeGame.objects.get().confirmed_seat == 2


def test_a_new_link_keeps_the_phones_on_their_seats(cego_table):
    t, round_, table, link = cego_table
    anna = Phone(link, "anna")
    assert anna.post("sitz/", 1).status_code == 200
    new = links.reissue_link(table=table, user=factories.user())
    anna.link, intruder = new, Phone(new, "intruder")
    assert anna.post("rufen/", 1).status_code == 200            # the same phone, the new card: still its seat
    assert intruder.post("sitz/", 1).status_code == 403
    assert list(SeatHold.objects.values_list("position", "device")) == [(0, "anna")]

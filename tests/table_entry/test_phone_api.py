"""The table page's endpoints through HTTP: a link opens one table and nothing else, wrong or revoked tokens are a
plain 404, writes are stored once per idempotency key, conflicts come back with both versions, the round's lock
stops writes, and each link is rate-limited (docs/table-entry.md)."""

import pytest
from django.test import Client, override_settings

from tests import factories
from tournament.draws import links
from tournament.models import AuditLog, Game, TableRequest
from tournament.table_entry import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_counters")]


@pytest.fixture
def hall():
    t, round_ = factories.drawn(players=8)
    first, second = round_.tables.order_by("number")
    active = links.active_links(round_)
    return t, round_, first, second, active[first.pk], active[second.pk]


def url(link, path=""):
    return f"/t/{link.token}/{path}"


def as_phone(seat, key, **fields):
    """A write's fields as the phone at ``seat`` (its own phone, holding the seat) sends them."""
    return {**fields, **factories.phone_fields(seat), "key": key}


def cego(table, number, points, seat, key, version=""):
    return {"number": number, "contract": "C", "declarer": table.forehand(number) + 1, "result": points,
            **factories.phone_fields(seat), "key": key, "version": version}


def test_the_page_and_the_sheet_of_a_link_show_its_table_only(hall):
    t, round_, first, second, link, _other = hall
    client = Client()
    page = client.get(url(link))
    assert page.status_code == 200 and page["Referrer-Policy"] == "no-referrer"
    sheet = client.get(url(link, "blatt/")).json()["sheet"]
    names = {s.entry.player.full_name for s in first.seats.select_related("entry__player")}
    others = {s.entry.player.full_name for s in second.seats.select_related("entry__player")}
    assert {s["name"] for s in sheet["seats"]} == names and not names & others
    assert (sheet["table"], sheet["next"], sheet["next_dealer"], len(sheet["rows"])) == (first.number, 1, 1, 24)


@pytest.mark.parametrize("token", ["A" * 24, "nope", "A" * 200, "%00" * 8])
def test_a_guessed_token_is_a_plain_404_everywhere(hall, token):
    client = Client()
    for path in ("", "blatt/"):
        assert client.get(f"/t/{token}/{path}").status_code == 404
    assert client.post(f"/t/{token}/spiel/", {"number": 1, "contract": "C"}).status_code == 404
    assert not Game.objects.exists()


def test_a_revoked_link_is_a_404_and_the_new_one_works(hall):
    t, round_, first, second, link, _other = hall
    new = links.reissue_link(table=first, user=factories.user())
    client = Client()
    assert client.get(url(link)).status_code == 404
    assert client.post(url(link, "spiel/"), cego(first, 1, 50, 1, "key-00000001")).status_code == 404
    assert client.post(url(new, "spiel/"), cego(first, 1, 50, 1, "key-00000001")).status_code == 200


def test_a_write_is_stored_once_per_key_and_conflicts_are_shown_not_resolved(hall):
    t, round_, first, second, link, _other = hall
    client = Client()
    first_answer = client.post(url(link, "spiel/"), cego(first, 1, 50, 1, "key-00000001"))
    again = client.post(url(link, "spiel/"), cego(first, 1, 50, 1, "key-00000001"))
    assert first_answer.status_code == again.status_code == 200 and again.json()["repeated"] is True
    assert Game.objects.count() == 1 and TableRequest.objects.count() == 1
    assert AuditLog.objects.filter(object_type="game").count() == 1
    # Another phone keyed game 1 differently without seeing the first: a conflict with both versions.
    clash = client.post(url(link, "spiel/"), cego(first, 1, 30, 3, "key-00000002"))
    assert clash.status_code == 409
    conflict = clash.json()["conflict"]
    assert "30 Kartenpunkte" in conflict["yours"]["summary"] and "50 Kartenpunkte" in conflict["saved"]["summary"]
    assert Game.objects.get().card_points == 50
    # The same game keyed again by another phone (offline queue): stored once, no conflict.
    same = client.post(url(link, "spiel/"), cego(first, 1, 50, 2, "key-00000003"))
    assert same.status_code == 200 and Game.objects.get().version == 1
    # Refused writes are not kept under their key: a corrected resend is answered afresh.
    bad = client.post(url(link, "spiel/"), {**cego(first, 2, 95, 1, "key-00000004")})
    assert bad.status_code == 400 and "result" in bad.json()["errors"]
    fixed = client.post(url(link, "spiel/"), {**cego(first, 2, 45, 1, "key-00000004")})
    assert fixed.status_code == 200 and Game.objects.count() == 2


def test_the_preview_scores_like_the_engine_and_saves_nothing(hall):
    t, round_, first, second, link, _other = hall
    answer = Client().post(url(link, "vorschau/"), cego(first, 1, 50, 1, "")).json()
    assert answer["ok"] and sum(answer["scores"]) == 0 and "Cego gewonnen" in answer["explanation"]
    answer = Client().post(url(link, "vorschau/"), {**cego(first, 1, 50, 1, ""), "contract": "Q"}).json()
    assert not answer["ok"] and list(answer["errors"]) == ["contract"] and "„Q“" in answer["errors"]["contract"][0]
    assert not Game.objects.exists()


def test_confirm_dispute_call_and_sign_through_http(hall):
    t, round_, first, second, link, _other = hall
    client = Client()
    client.post(url(link, "spiel/"), cego(first, 1, 50, 1, "key-00000001"))
    own = client.post(url(link, "bestaetigen/"), as_phone(1, "key-00000002", number=1, version=1))
    assert own.status_code == 400
    ok = client.post(url(link, "bestaetigen/"), as_phone(2, "key-00000003", number=1, version=1))
    assert ok.status_code == 200 and ok.json()["sheet"]["rows"][0]["game"]["confirmed"] is True
    stale = client.post(url(link, "bestaetigen/"), as_phone(3, "key-00000004", number=1, version=7))
    assert stale.status_code == 409
    hostile = "<script>alert(1)</script>"
    client.post(url(link, "einspruch/"), as_phone(3, "key-00000005", number=1, note=hostile))
    sheet = client.post(url(link, "rufen/"), as_phone(4, "key-00000006")).json()["sheet"]
    assert [f["kind"] for f in sheet["flags"]] == ["dispute", "call"] and sheet["flags"][0]["note"] == hostile
    assert sheet["rows"][0]["game"]["disputed"] and not sheet["rows"][0]["game"]["confirmed"]
    signing = client.post(url(link, "unterschreiben/"), as_phone(1, "key-00000007", state=sheet["state"]))
    assert signing.status_code == 400 and "1 von 24" in signing.json()["errors"]["__all__"][0]
    no_seat = client.post(url(link, "rufen/"), {"key": "key-00000008"})
    assert no_seat.status_code == 400


def test_a_locked_round_shows_the_sheet_but_takes_no_writes(hall):
    t, round_, first, second, link, _other = hall
    factories.play_table(first)
    factories.play_table(second)
    services.lock_round(round_=round_, user=factories.user())
    client = Client()
    assert client.get(url(link)).status_code == 200
    sheet = client.get(url(link, "blatt/")).json()["sheet"]
    assert sheet["writable"] is False and sheet["complete"]
    refused = client.post(url(link, "spiel/"), cego(first, 1, 10, 1, "key-00000001", version=1))
    assert refused.status_code == 403 and "gesperrt" in refused.json()["errors"]["__all__"][0]
    assert client.post(url(link, "rufen/"), {**factories.phone_fields(1), "key": "key-00000002"}).status_code == 403


def test_the_sheet_is_not_sent_again_while_nothing_changed(hall):
    t, round_, first, second, link, _other = hall
    client = Client()
    one = client.get(url(link, "blatt/"))
    assert client.get(url(link, "blatt/"), HTTP_IF_NONE_MATCH=one["ETag"]).status_code == 304
    client.post(url(link, "spiel/"), cego(first, 1, 50, 1, "key-00000001"))
    assert client.get(url(link, "blatt/"), HTTP_IF_NONE_MATCH=one["ETag"]).status_code == 200


@override_settings(CEGO_TABLE_RATE=5)
def test_each_link_is_rate_limited_on_its_own(hall):
    t, round_, first, second, link, other = hall
    client = Client()
    answers = [client.get(url(link, "blatt/")).status_code for _ in range(7)]
    assert answers == [200] * 5 + [429] * 2
    limited = client.get(url(link, "blatt/"))
    assert limited["Retry-After"] == "10"
    assert client.get(url(other, "blatt/")).status_code == 200


def test_the_service_worker_is_served_for_the_table_pages():
    response = Client().get("/t/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")


def test_a_table_ended_early_offers_no_next_game_to_its_phones(hall):
    from tournament.results.early_end import end_table_early

    t, round_, first, second, link, _other = hall
    factories.play_table(first, 3)
    end_table_early(table=first, user=factories.user(), reason="Spieler krank", counted=False)
    sheet = Client().get(url(link, "blatt/")).json()["sheet"]
    assert (sheet["next"], sheet["ended_early"], sheet["not_counted"], sheet["complete"]) == (None, True, True, True)
    assert "Ended early; the round of this table is not counted." not in Client().get(url(link)).content.decode()
    assert "Vorzeitig beendet; der Durchgang dieses Tisches wird nicht gewertet." in \
        Client().get(url(link)).content.decode()

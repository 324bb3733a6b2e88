"""Held seats marked before the tap (issue 22): the seat choice of a table page shows which seats another phone
keeps (``sheet.seats[].held``, from ``table_entry.holds``) — Cego, Offiziers-Cego and Ziege — while a tap on one
still asks the server and is refused in words (tests/table_entry/test_seat_holds.py)."""

import json

import pytest

from tests import factories
from tests.ziege import ziege_tournament
from tournament.draws import services as draws
from tournament.draws import ziege as ziege_draws
from tournament.models import TableLink

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_counters")]


def cego():
    _t, round_ = factories.drawn(players=8)
    return round_


def offiziers():
    t = factories.tournament(players=4, game="offiziers")
    return draws.draw_round(tournament=t, number=1, user=factories.user())


def ziege():
    t = ziege_tournament(teams=4, rounds=1)
    return ziege_draws.draw_round(tournament=t, number=1, user=factories.user())


def sheet_of(client, link):
    return client.get(f"/t/{link.token}/blatt/").json()["sheet"]


@pytest.mark.parametrize("make", [cego, offiziers, ziege])
def test_a_seat_another_phone_keeps_is_marked_on_the_seat_choice(client, make):
    round_ = make()
    link = TableLink.objects.get(table=round_.tables.order_by("number").first(), revoked_at__isnull=True)
    assert [s["held"] for s in sheet_of(client, link)["seats"]] == [False] * link.table.size
    page = client.get(f"/t/{link.token}/").content.decode()
    assert 'class="big seat-button held"' not in page

    claimed = client.post(f"/t/{link.token}/sitz/", {**factories.phone_fields(1, "anna"), "key": "claim-anna-1"})
    assert claimed.status_code == 200
    assert [s["held"] for s in claimed.json()["sheet"]["seats"]] == [True] + [False] * (link.table.size - 1)
    assert [s["held"] for s in sheet_of(client, link)["seats"]] == [True] + [False] * (link.table.size - 1)

    page = client.get(f"/t/{link.token}/").content.decode()
    buttons = page.split('<section id="seat-choice"')[1].split("</section>")[0].split("<button")[1:]
    assert 'class="big seat-button held" data-seat="1"' in buttons[0]
    assert 'class="held-note">Belegt: ein anderes Handy führt diesen Sitz<' in buttons[0]
    for other in buttons[1:]:
        assert " held" not in other.split(">")[0] and "held-note" not in other
    sheet = json.loads(page.split('<script id="sheet-data" type="application/json">')[1].split("</script>")[0])
    assert sheet["seats"][0]["held"] is True

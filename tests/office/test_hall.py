"""The hall view of a round (docs/table-entry.md): a tile per table, the tables that need the director first,
disputes and calls marked done, the round clock, the live part for the poller, and who may see and do what."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.page_text import levels, text_of
from tournament.draws import links
from tournament.models import AuditLog, Game, Role, TableFlag, TableLink
from tournament.table_entry import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def access(table, seat=0):
    return factories.table_phone(TableLink.objects.get(table=table, revoked_at__isnull=True), seat, "phone1")


@pytest.fixture
def hall_round():
    """12 players at 3 tables: table 1 quiet with 2 games, table 2 calls the director, table 3 disputes game 2."""
    t, round_ = factories.seated(players=12)
    links.issue_links(round_)
    tables = {t.number: t for t in round_.tables.all()}
    for number in (1, 3):
        factories.play_table(tables[number], 2)
    services.call_director(access=access(tables[2], seat=1), note="Bitte kommen")
    services.dispute_game(access=access(tables[3], seat=2), number=2, note="Falsch gezählt")
    return t, round_, tables


def tile_order(html):
    return [int(n) for n in re.findall(r'id="tile-(\d+)"', html)]


def test_tiles_show_each_table_and_put_calls_and_disputes_first(director, hall_round):
    t, round_, tables = hall_round
    response = director.get(reverse("director:hall", args=[t.pk, 1]))
    assert response.status_code == 200
    html = response.content.decode()
    assert tile_order(html) == [2, 3, 1]                     # call, dispute, then the quiet table
    call, dispute, quiet = (text_of(html, f"tile-{n}") for n in (2, 3, 1))
    assert 'class="flag call"' in html and "Bitte kommen" in call and "Sitz 2" in call
    assert 'class="flag dispute"' in html and "Spiel 2" in dispute and "Falsch gezählt" in dispute
    assert "2 / 24" in quiet and "0 / 4" in quiet and "Spielbogen" in quiet
    assert reverse("entry:sheet", args=[tables[1].pk]) in html          # each tile links to its score sheet
    assert html.count("/saal/erledigt/") == 2                          # a "done" button per open flag
    flags = TableFlag.objects.order_by("pk")
    for flag in flags:
        assert reverse("director:hall_resolve", args=[t.pk, 1, flag.pk]) in html
    assert "office/hall.js" in html and 'data-poll="10"' in html


def test_an_idle_table_comes_before_busy_ones(director, hall_round):
    t, round_, tables = hall_round
    TableFlag.objects.update(resolved_at=timezone.now())
    Game.objects.filter(table=tables[3]).update(updated_at=timezone.now() - datetime.timedelta(minutes=40))
    html = director.get(reverse("director:hall", args=[t.pk, 1])).content.decode()
    assert tile_order(html) == [3, 1, 2]
    assert "vor 40 Min." in text_of(html, "tile-3")


def test_done_resolves_the_flag_and_logs_it(director, hall_round):
    t, round_, tables = hall_round
    call = TableFlag.objects.get(kind=TableFlag.Kind.CALL)
    response = director.post(reverse("director:hall_resolve", args=[t.pk, 1, call.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("director:hall", args=[t.pk, 1])
    call.refresh_from_db()
    assert call.resolved_at is not None and call.resolved_by.username == "director"
    log = AuditLog.objects.get(object_type=AuditLog.Kind.FLAG, action=AuditLog.Action.RESOLVE)
    assert log.old["kind"] == "call" and log.table_id == tables[2].pk
    html = director.get(reverse("director:hall", args=[t.pk, 1])).content.decode()
    assert tile_order(html) == [3, 1, 2] and 'class="flag call"' not in html
    again = director.post(reverse("director:hall_resolve", args=[t.pk, 1, call.pk]), follow=True)
    assert levels(again) == ["success"] and AuditLog.objects.filter(action=AuditLog.Action.RESOLVE).count() == 1


def test_a_flag_of_another_round_or_tournament_is_not_found(director, hall_round):
    t, round_, tables = hall_round
    flag = TableFlag.objects.first()
    assert director.post(reverse("director:hall_resolve", args=[t.pk, 2, flag.pk])).status_code == 404
    other, _round = factories.seated(players=4)
    assert director.post(reverse("director:hall_resolve", args=[other.pk, 1, flag.pk])).status_code == 404
    flag.refresh_from_db()
    assert flag.resolved_at is None


def test_helpers_watch_and_resolve_but_only_the_direction_sets_links_and_clock(client, hall_round):
    t, round_, tables = hall_round
    client.force_login(factories.with_role(Role.Kind.HELPER, tournament=t, name="helfer"))
    assert client.get(reverse("director:hall", args=[t.pk, 1])).status_code == 200
    assert client.get(reverse("director:hall_resolve", args=[t.pk, 1, 1])).status_code == 405   # POST only
    dispute = TableFlag.objects.get(kind=TableFlag.Kind.DISPUTE)
    client.post(reverse("director:hall_resolve", args=[t.pk, 1, dispute.pk]))
    dispute.refresh_from_db()
    assert dispute.resolved_at is not None
    assert client.post(reverse("director:round_clock", args=[t.pk, 1]),
                       {"action": "start", "minutes": 30}).status_code == 403
    assert client.post(reverse("director:link_reissue", args=[t.pk, 1, 1])).status_code == 403
    page = client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'id="hall-link"' in page and 'id="clock-start"' not in page and 'id="reissue-1"' not in page
    other, _round = factories.seated(players=4, tournament_=None)
    client.force_login(factories.with_role(Role.Kind.DIRECTOR, tournament=other, name="anderer"))
    assert client.get(reverse("director:hall", args=[t.pk, 1])).status_code == 403
    call = TableFlag.objects.get(kind=TableFlag.Kind.CALL)
    assert client.post(reverse("director:hall_resolve", args=[t.pk, 1, call.pk])).status_code == 403
    call.refresh_from_db()
    assert call.resolved_at is None


def test_the_poller_gets_the_live_part_alone(director, hall_round):
    t, round_, tables = hall_round
    url = reverse("director:hall", args=[t.pk, 1])
    response = director.get(url, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    assert "<html" not in html and 'id="hall-live"' not in html and "director-bar" not in html
    assert tile_order(html) == [2, 3, 1] and 'id="hall-clock"' in html
    services.call_director(access=access(tables[1]), note="Karten fehlen")
    assert tile_order(director.get(url, HTTP_HX_REQUEST="true").content.decode())[0] in (1, 2)
    assert "Karten fehlen" in director.get(url, HTTP_HX_REQUEST="true").content.decode()


def test_the_hall_shows_the_round_clock(director, hall_round):
    t, round_, tables = hall_round
    url = reverse("director:hall", args=[t.pk, 1])
    assert 'id="clock-left"' not in director.get(url).content.decode()
    services.set_clock(round_=round_, minutes=45, user=factories.staff())
    html = director.get(url, HTTP_HX_REQUEST="true").content.decode()
    seconds = int(re.search(r'data-seconds="(-?\d+)"', html).group(1))
    assert 44 * 60 < seconds <= 45 * 60
    assert re.search(r'id="clock-left">4[45]:\d\d<', html)
    round_.clock_ends_at = timezone.now() - datetime.timedelta(minutes=3, seconds=5)
    round_.save(update_fields=["clock_ends_at"])
    html = director.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'class="hall-clock over"' in html and re.search(r'id="clock-left">−3:0\d<', html)


def test_an_undrawn_round_has_no_hall(director):
    t = factories.tournament(players=4)
    assert director.get(reverse("director:hall", args=[t.pk, 1])).status_code == 404

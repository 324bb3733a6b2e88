"""The end of the day in the hall view and on the round page (docs/director.md, "The end of the day"): "done"
takes a decision note, the tile shows what was decided, by whom and when, the log says "Einspruch entschieden: …"
or "Ruf beantwortet: …"; calls and disputes are counted apart; a table entered in the office is complete, not
"signed 0/4"; locking a round and drawing the next while one is open ask first."""

import re

import pytest
from django.urls import reverse

from tests import factories
from tournament.audit.words import describe_all
from tournament.draws import links
from tournament.models import AuditLog, Round, TableFlag, TableLink
from tournament.table_entry import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def access(table, seat=0):
    return factories.table_phone(TableLink.objects.get(table=table, revoked_at__isnull=True), seat, device="phone1")


@pytest.fixture
def hall_round():
    """12 players at 3 tables: table 1 entered in the office (complete), table 2 calls twice over, table 3
    disputes game 2."""
    t, round_ = factories.seated(players=12)
    links.issue_links(round_)
    tables = {t.number: t for t in round_.tables.all()}
    factories.play_table(tables[1])
    factories.play_table(tables[3], 2)
    services.call_director(access=access(tables[2], seat=1), note="Karte <b>fehlt</b>")
    services.dispute_game(access=access(tables[3], seat=2), number=2, note="Falsch gezählt")
    return t, round_, tables


def tile(html, number):
    start = html.index(f'id="tile-{number}"')
    end = html.find("<article", start)
    return html[start:end if end > 0 else len(html)]


def test_calls_and_disputes_are_counted_apart_and_the_office_table_is_done(director, hall_round):
    t, _round, _tables = hall_round
    html = director.get(reverse("director:hall", args=[t.pk, 1])).content.decode()
    assert 'id="hall-calls" data-count="1"' in html and 'id="hall-disputes" data-count="1"' in html
    assert "1 Ruf nach der Turnierleitung" in html and "1 offener Einspruch" in html
    office = tile(html, 1)
    assert "im Büro eingetragen" in office and "0 / 4" not in office and "✓" in office
    assert "erledigt: 1 von 3 Tischen" in html
    assert "Karte &lt;b&gt;fehlt&lt;/b&gt;" in html and "<b>fehlt" not in html       # the players' text escaped


def test_done_takes_a_decision_note_shown_with_who_and_when_and_logged_in_words(director, hall_round):
    t, _round, tables = hall_round
    dispute = TableFlag.objects.get(kind=TableFlag.Kind.DISPUTE)
    call = TableFlag.objects.get(kind=TableFlag.Kind.CALL)
    url = reverse("director:hall_resolve", args=[t.pk, 1, dispute.pk])
    director.post(url, {"note": "Spiel 2 bleibt, 56 Punkte gezählt " + "x" * 300})
    director.post(reverse("director:hall_resolve", args=[t.pk, 1, call.pk]), {"note": "Karte gefunden"})
    dispute.refresh_from_db()
    assert dispute.resolved_at and dispute.resolution.startswith("Spiel 2 bleibt") and len(dispute.resolution) == 200
    html = director.get(reverse("director:hall", args=[t.pk, 1])).content.decode()
    done = tile(html, 3)
    assert "Einspruch zu Spiel 2 entschieden: Spiel 2 bleibt" in done and "director" in done
    assert re.search(r"\d\d:\d\d", done)
    assert "Ruf beantwortet: Karte gefunden" in tile(html, 2)
    assert 'id="hall-calls" data-count="0"' in html and 'id="hall-disputes" data-count="0"' in html
    words = [d.after for d in describe_all(AuditLog.objects.filter(action=AuditLog.Action.RESOLVE).order_by("id"))]
    assert words[0].startswith("Einspruch entschieden: Spiel 2 bleibt") and "(Spiel 2)" in words[0]
    assert words[1] == "Ruf beantwortet: Karte gefunden"


def test_done_without_a_note_still_says_what_was_done(director, hall_round):
    t, _round, _tables = hall_round
    call = TableFlag.objects.get(kind=TableFlag.Kind.CALL)
    director.post(reverse("director:hall_resolve", args=[t.pk, 1, call.pk]))
    words = describe_all(AuditLog.objects.filter(action=AuditLog.Action.RESOLVE))
    assert words[0].after == "Ruf beantwortet: ohne Notiz"


def test_locking_a_round_asks_first(director):
    t = factories.played(players=8, rounds=1, lock=False)
    url = reverse("director:round_status", args=[t.pk, 1])
    page = director.post(url, {"status": "locked", "ask": "1", "reason": "Tisch 2 ohne Handy"})
    html = page.content.decode()
    assert page.status_code == 200 and 'id="confirm"' in html and "Durchgang 1 sperren?" in html
    assert 'name="reason" value="Tisch 2 ohne Handy"' in html and 'name="ask"' not in html
    assert t.round_set.get().status == Round.Status.OPEN                 # asked, not locked
    director.post(url, {"status": "locked", "reason": "Tisch 2 ohne Handy"})
    assert t.round_set.get().status == Round.Status.LOCKED


def test_the_round_page_lock_form_asks(director):
    t = factories.played(players=8, rounds=1, lock=False)
    html = director.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    form = html[html.index('value="locked"') - 300:html.index('id="lock-round"')]
    assert 'name="ask" value="1"' in form


def test_drawing_the_next_round_while_one_is_open_asks_first(director):
    t = factories.played(players=8, rounds=1, lock=False)
    t.round_count = 2
    t.save()
    url = reverse("director:round", args=[t.pk, 2])
    assert 'name="ask" value="1"' in director.get(url).content.decode()
    page = director.post(url, {"seed": "s2", "ask": "1"})
    html = page.content.decode()
    assert page.status_code == 200 and "Durchgang 2 auslosen, während Durchgang 1 noch offen ist?" in html
    assert not t.round_set.filter(number=2).exists()
    assert reverse("director:round", args=[t.pk, 1]) in html                 # cancel: back to round 1
    director.post(url, {"seed": "s2"})
    assert t.round_set.filter(number=2).exists()


def test_drawing_after_a_locked_round_does_not_ask(director):
    t = factories.played(players=8, rounds=1, lock=True)
    t.round_count = 2
    t.save()
    response = director.post(reverse("director:round", args=[t.pk, 2]), {"seed": "s2", "ask": "1"})
    assert response.status_code == 302 and t.round_set.filter(number=2).exists()

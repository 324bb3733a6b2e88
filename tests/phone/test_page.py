"""The table page as served: seat names escaped, German by default and English on request, the scripts and the
service worker with the static files it keeps."""

import json

import pytest

from tests import factories
from tournament.models import Player, Seat, TableLink

pytestmark = pytest.mark.django_db


@pytest.fixture
def link():
    _t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    return TableLink.objects.get(table=table, revoked_at__isnull=True)


def test_the_page_escapes_the_seat_names(client, link):
    seat = Seat.objects.filter(table=link.table).order_by("position").first()
    Player.objects.filter(pk=seat.entry.player_id).update(first_name='<img src=x onerror="alert(1)">')
    html = client.get(f"/t/{link.token}/").content.decode()
    assert "<img src=x" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html
    sheet = html.split('<script id="sheet-data" type="application/json">')[1].split("</script>")[0]
    assert "<img" not in sheet and json.loads(sheet)["seats"][0]["name"].startswith('<img src=x')


def test_the_page_is_german_by_default_and_english_on_request(client, link):
    german = client.get(f"/t/{link.token}/").content.decode()
    assert '<html lang="de">' in german and "Tisch 1" in german and ">Speichern<" in german
    english = client.get(f"/t/{link.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in english and "Table 1" in english and ">Save<" in english
    for page in (german, english):
        assert "phone/queue.js" in page and "phone/phone.js" in page and "phone/entry.js" in page
        assert 'data-sw="/t/sw.js"' in page


def test_every_seat_is_offered_once(client, link):
    html = client.get(f"/t/{link.token}/").content.decode()
    assert [html.count(f'class="big seat-button" data-seat="{n}"') for n in range(1, 5)] == [1, 1, 1, 1]


def test_the_service_worker_keeps_the_page_files(client):
    response = client.get("/t/sw.js")
    body = response.content.decode()
    assert response["Content-Type"].startswith("text/javascript")
    for name in ("phone/queue.js", "phone/phone.js", "phone/entry.js", "phone/phone.css"):
        assert f"/static/{name}" in body
    assert 'request.method !== "GET"' in body and "blatt" not in body.split("*/", 1)[1]


def test_an_offiziers_table_link_opens_its_own_page_not_a_not_yet_page(client):
    """Entry at the table covers Offiziers-Cego (tests/table_entry/test_phone_games.py has the flow)."""
    from tournament.draws import services as draws
    t = factories.tournament(players=4, game="offiziers")
    round_ = draws.draw_round(tournament=t, number=1, user=factories.user())
    link = TableLink.objects.get(table=round_.tables.first(), revoked_at__isnull=True)
    page = client.get(f"/t/{link.token}/").content.decode()
    assert 'id="not-yet"' not in page and 'data-game="offiziers"' in page and "phone/games.js" in page

"""The public API (docs/api.md): published only, nothing private, stored by the data versions with ETag/304, open
to every origin for GET, rate-limited per address. The comparison with the pages on the demo's running tournament
is in test_api_demo.py; the schema in test_api_schema.py."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.factories import first_table, game_data
from tournament.models import Player, Season
from tournament.public import selectors as public_queries
from tournament.results import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def day():
    """A published tournament of 8 in its first round, three games at each table."""
    t, round_ = factories.seated(players=8, published=True, venue="Festhalle", host="FC Triberg",
                                 venue_address="Hauptstr. 1, Triberg", entry_fee=12)
    for table in round_.tables.all():
        factories.play_table(table, games=3)
    return t


def urls(t):
    player = t.entries.order_by("start_number").first().player_id
    return [reverse("api:tournament", args=[t.pk]), reverse("api:standings", args=[t.pk]),
            reverse("api:rounds", args=[t.pk]), reverse("api:season", args=[t.season_id]),
            reverse("api:season_standings", args=[t.season_id]), reverse("api:player", args=[player])]


def get_json(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    assert response["Content-Type"] == "application/json"
    return response, json.loads(response.content)


def test_every_endpoint_answers_json_open_to_every_origin(day):
    client = Client()
    for url in [reverse("api:seasons"), *urls(day)]:
        response, _body = get_json(client, url)
        assert response["Access-Control-Allow-Origin"] == "*"
        assert "ETag" in response["Access-Control-Expose-Headers"]
        assert "Access-Control-Allow-Credentials" not in response
        assert not response.cookies, url        # the API sets no cookie (no session, no CSRF token)
    preflight = client.options(urls(day)[1], headers={"Origin": "https://www.fc-example.de",
                                                      "Access-Control-Request-Method": "GET"})
    assert preflight["Access-Control-Allow-Origin"] == "*"
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert client.post(urls(day)[1]).status_code == 405


def test_a_day_has_its_facts(day):
    _response, body = get_json(Client(), reverse("api:tournament", args=[day.pk]))
    assert body["venue"] == "Festhalle" and body["host"] == "FC Triberg"
    assert body["venue_address"] == "Hauptstr. 1, Triberg" and body["date"] == "2026-03-07"
    assert body["live"] and body["provisional"] and body["rounds_drawn"] == 1 and body["players"] == 8
    assert body["registration_url"] is None
    day.prereg_open = True
    day.save(update_fields=["prereg_open"])
    day.season.tournaments.update(data_version=day.data_version + 1)
    _response, body = get_json(Client(), reverse("api:tournament", args=[day.pk]))
    assert body["registration_url"] == reverse("public:preregister", args=[day.pk])


def test_nothing_private(day):
    """No amounts (the entry fee, payments), no e-mail, no birth year, no club, no audit."""
    Player.objects.filter(pk__in=day.entries.values("player")).update(club="Geheimclub", birth_year=1961)
    day.entries.update(paid=True)
    day.data_version += 1
    day.save(update_fields=["data_version"])
    text = "".join(Client().get(url).content.decode() for url in urls(day))
    for secret in ("Geheimclub", "1961", "12.00", "entry_fee", "paid", "@", "audit", "email", "birth"):
        assert secret not in text, secret


def test_unpublished_is_a_404_everywhere():
    t, round_ = factories.seated(players=8, published=False)
    factories.play_table(round_.tables.first(), games=2)
    client = Client()
    for url in urls(t):
        response = client.get(url)
        assert response.status_code == 404, url
        assert response["Access-Control-Allow-Origin"] == "*"
    assert json.loads(client.get(reverse("api:seasons")).content) == []


def test_only_published_days_of_a_season_and_a_player(day):
    hidden = factories.tournament(players=4, season=day.season, name="Noch geheim", published=False)
    Season.objects.filter(pk=day.season_id).update(data_version=day.season.data_version + 1)
    _r, season = get_json(Client(), reverse("api:season", args=[day.season_id]))
    assert [d["id"] for d in season["days"]] == [day.pk]
    _r, standings = get_json(Client(), reverse("api:season_standings", args=[day.season_id]))
    assert [d["id"] for d in standings["days"]] == [day.pk]
    only_hidden = hidden.entries.first().player_id
    assert Client().get(reverse("api:player", args=[only_hidden])).status_code == 404


@pytest.mark.parametrize("huge", [2**63, 10**30])
def test_ids_beyond_64_bits_are_a_404(day, huge):
    for name in ("api:tournament", "api:standings", "api:rounds", "api:season", "api:season_standings",
                 "api:player"):
        url = reverse(name, args=[1]).replace("/1/", f"/{huge}/")
        assert Client().get(url).status_code == 404, url


def test_etag_304_until_a_result_changes_it(day):
    client = Client()
    url = reverse("api:standings", args=[day.pk])
    first, body = get_json(client, url)
    assert first["X-Public-Cache"] == "miss"
    again = client.get(url)
    assert again["X-Public-Cache"] == "hit" and again.content == first.content
    unchanged = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert unchanged.status_code == 304 and unchanged["ETag"] == first["ETag"]
    table = first_table(day)                # a fourth game at table 1: the service raises the data version
    services.record_game(table=table, number=4, data=game_data(table, 4, 9), user=None)
    changed, new_body = get_json(client, url, **{"If-None-Match": first["ETag"]})
    assert changed["ETag"] != first["ETag"] and new_body != body


def test_rounds_are_where_everyone_sits(day):
    _r, body = get_json(Client(), reverse("api:rounds", args=[day.pk]))
    entry = day.entries.get(start_number=5)
    plan = public_queries.seat_plan(entry)[0]
    [round_] = body["rounds"]
    table = next(t for t in round_["tables"] if t["number"] == plan["table"])
    assert [s["entry_id"] for s in table["seats"]] == [p["entry_id"] for p in plan["people"]]
    assert next(s["seat"] for s in table["seats"] if s["entry_id"] == entry.pk) == plan["seat"]


def test_category_ranks_within_it(day):
    Player.objects.filter(pk__in=day.entries.filter(start_number__lte=3).values("player")).update(is_woman=True)
    day.data_version += 1
    day.save(update_fields=["data_version"])
    _r, body = get_json(Client(), reverse("api:standings", args=[day.pk]) + "?category=women")
    assert body["category"] == "women" and len(body["entries"]) == 3
    assert [e["rank"] for e in body["entries"]] == [1, 2, 3]
    _r, everyone = get_json(Client(), reverse("api:standings", args=[day.pk]) + "?category=nonsense")
    assert everyone["category"] is None and len(everyone["entries"]) == 8


def test_a_players_days(day):
    entry = day.entries.get(start_number=2)
    _r, body = get_json(Client(), reverse("api:player", args=[entry.player_id]))
    _r, standings = get_json(Client(), reverse("api:standings", args=[day.pk]))
    row = next(e for e in standings["entries"] if e["entry_id"] == entry.pk)
    assert body["name"] == row["name"]
    assert body["days"] == [{"tournament_id": day.pk, "season_id": day.season_id, "name": day.name,
                             "date": "2026-03-07", "entry_id": entry.pk, "rank": row["rank"], "total": row["total"],
                             "field_size": 8, "provisional": True, "url": row["url"]}]


def test_rate_limited_per_address(day, settings, fresh_rate_counters):
    settings.CEGO_API_RATE = 3
    client = Client()
    url = reverse("api:tournament", args=[day.pk])
    assert [client.get(url).status_code for _ in range(4)] == [200, 200, 200, 429]
    over = client.get(url)
    assert over["Retry-After"] and over["Access-Control-Allow-Origin"] == "*"
    assert Client(REMOTE_ADDR="10.1.2.3").get(url).status_code == 200      # another address counts apart


def test_stored_answers_need_no_view(day, monkeypatch):
    """After the first request the same answer (304 or the stored bytes) comes from ``early.StoredAnswers``, in the
    request's language, with the view's headers; a change goes to the view again."""
    from tournament.public.api import views

    url = reverse("api:standings", args=[day.pk])
    german, english = Client(), Client(HTTP_ACCEPT_LANGUAGE="en")
    first, body = get_json(german, url)
    first_en, body_en = get_json(english, url)
    assert first["ETag"] != first_en["ETag"] and body["categories"] != body_en["categories"]

    def no_view(*args, **kwargs):
        raise AssertionError("the view was asked")
    monkeypatch.setattr(views.Standings, "get", no_view)
    for client, response in ((german, first), (english, first_en)):
        again = client.get(url)
        assert (again.status_code, again.content, again["ETag"]) == (200, response.content, response["ETag"])
        assert again["Access-Control-Allow-Origin"] == "*" and again["X-Public-Cache"] == "hit"
        unchanged = client.get(url, headers={"If-None-Match": response["ETag"]})
        assert unchanged.status_code == 304 and unchanged["Access-Control-Allow-Origin"] == "*"
    monkeypatch.undo()
    table = first_table(day)
    services.record_game(table=table, number=4, data=game_data(table, 4, 9), user=None)
    changed = german.get(url, headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["X-Public-Cache"] == "miss"

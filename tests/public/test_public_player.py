""""Where do I sit?" and a player's page: seats per round (newest first), every game with the player's
points and running total (checked against the stored scores), the SVG chart."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.db.models import Sum
from django.urls import reverse

from tests import factories
from tournament.draws import services as draws
from tournament.models import Game, Round, Score, Seat
from tournament.results import services

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def director():
    return factories.staff()


def test_seat_lookup_by_start_number_shows_table_seat_and_tablemates(client):
    t, round_ = factories.drawn(players=8, rounds=1, published=True)
    entry = t.entries.get(start_number=3)
    seat = Seat.objects.get(round=round_, entry=entry)
    response = client.get(reverse("public:seat", args=[t.pk]), {"q": "3"})
    assert response.context["chosen"] == entry
    [plan] = response.context["plan"]
    assert (plan["round"], plan["table"], plan["seat"]) == (1, seat.table.number, seat.position + 1)
    mates = {p["entry_id"] for p in plan["people"]}
    assert mates == set(Seat.objects.filter(table=seat.table).values_list("entry_id", flat=True))
    html = response.content.decode()
    assert f'<strong class="table-no">{seat.table.number}</strong>' in html
    assert f'<strong class="seat-no">{seat.position + 1}</strong>' in html
    assert reverse("public:player", args=[t.pk, entry.pk]) in html


def test_seat_lookup_by_name_newest_round_first(client):
    t = factories.played(players=16, rounds=2, lock=False)
    entry = t.entries.get(start_number=5)                     # Eva Vogt4
    response = client.get(reverse("public:seat", args=[t.pk]), {"q": "eva vogt"})
    assert response.context["chosen"] == entry
    plan = response.context["plan"]
    assert [p["round"] for p in plan] == [2, 1]
    for p in plan:
        seat = Seat.objects.get(round__tournament=t, round__number=p["round"], entry=entry)
        assert (p["table"], p["seat"]) == (seat.table.number, seat.position + 1)
    html = response.content.decode()
    assert html.index('data-round="2"') < html.index('data-round="1"')


def test_seat_lookup_with_several_or_no_matches(client):
    t, _round = factories.drawn(players=8, rounds=1, published=True)
    # Hans Gut7 and Clara Huber2 (a word's start, the German way)
    several = client.get(reverse("public:seat", args=[t.pk]), {"q": "h"})
    assert several.context["chosen"] is None and len(several.context["found"]) > 1
    assert 'id="seat-choices"' in several.content.decode()
    none = client.get(reverse("public:seat", args=[t.pk]), {"q": "Zzyzx"})
    assert none.context["found"] == [] and 'id="seat-none"' in none.content.decode()
    assert client.get(reverse("public:seat", args=[t.pk]), {"q": "#99"}).context["found"] == []


def test_seat_lookup_before_the_draw(client):
    t = factories.tournament(players=8, rounds=1, published=True)
    response = client.get(reverse("public:seat", args=[t.pk]), {"q": "1"})
    assert response.context["plan"] == [] and 'id="seat-undrawn"' in response.content.decode()


def test_player_page_lists_every_game_with_the_stored_running_total(client):
    t = factories.played(players=16, rounds=2)
    entry = t.entries.get(start_number=2)
    services.add_adjustment(entry=entry, points=-20, reason="Verspätung", user=factories.user())
    response = client.get(reverse("public:player", args=[t.pk, entry.pk]))
    data = response.context["data"]
    stored = list(Score.objects.filter(entry=entry, game__isnull=False)
                  .order_by("table__round__number", "game__number").values_list("game__number", "points"))
    games = [g for block in data["tables"] for g in block["games"]]
    assert [(g["number"], g["points"]) for g in games] == stored
    running, expected = 0, []
    for _n, points in stored:
        running += points
        expected.append(running)
    assert [g["running"] for g in games] == expected == data["totals"]
    html = response.content.decode()
    assert [int(x) for x in re.findall(r'data-running="(-?\d+)"', html)] == expected
    entry.refresh_from_db()
    assert entry.total == running - 20 == response.context["row"].total
    assert [b["round"] for b in data["tables"]] == [1, 2] and data["breaks"] == [(len(data["tables"][0]["games"]), 2)]
    assert "Verspätung" in html

    first = Seat.objects.get(entry=entry, round__number=1)
    game = Game.objects.get(table=first.table, number=1)
    row = data["tables"][0]["games"][0]
    names = {p["position"]: p["short"] for p in data["tables"][0]["people"]}
    assert row["dealer"] == names[first.table.dealer(1)]
    assert row["declarer"] == (names[game.declarer] if game.declarer is not None else "")


def test_player_page_chart_is_well_formed_svg(client):
    t = factories.played(players=16, rounds=2)
    entry = t.entries.get(start_number=7)
    response = client.get(reverse("public:player", args=[t.pk, entry.pk]))
    html = response.content.decode()
    svg = ET.fromstring(re.search(r"<svg.*</svg>", html, re.S).group(0))
    assert svg.tag == f"{SVG}svg" and svg.get("role") == "img" and svg.find(f"{SVG}title").text
    points = svg.find(f".//{SVG}polyline").get("points").split()
    games = Score.objects.filter(entry=entry).count()
    assert len(points) == games + 1                                        # the start at 0 plus each game
    final = Score.objects.filter(entry=entry).aggregate(s=Sum("points"))["s"]
    assert int(svg.find(f".//{SVG}text[@data-total]").get("data-total")) == final
    assert len(svg.findall(f"{SVG}line[@class='chart-break']")) == 1     # where round 2 begins
    assert "<script" not in html.split("<svg", 1)[1].split("</svg>", 1)[0]


def test_player_page_with_a_totals_only_sheet_and_an_empty_table(client):
    t = factories.tournament(players=8, rounds=1, published=True)
    round_ = draws.draw_round(tournament=t, number=1, user=factories.user())
    table = round_.tables.order_by("number").first()
    seats = list(table.seats.order_by("position"))
    services.record_totals(table=table, totals={0: 30, 1: -10, 2: -10, 3: -10}, user=factories.user())
    response = client.get(reverse("public:player", args=[t.pk, seats[0].entry_id]))
    data = response.context["data"]
    assert data["tables"][0]["sheet_total"] == 30 and data["totals"] == [30]
    other = round_.tables.order_by("number").last().seats.first()
    empty = client.get(reverse("public:player", args=[t.pk, other.entry_id]))
    assert empty.context["data"]["totals"] == [] and "<svg" in empty.content.decode()
    assert Round.objects.get(pk=round_.pk).status == Round.Status.OPEN

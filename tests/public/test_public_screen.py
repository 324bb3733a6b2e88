"""The hall's big screen (docs/screen.md): phases, published only, the page cache's ETag."""

import pytest
from django.urls import reverse

from tests import factories
from tournament.draws import services as draws
from tournament.models import Round
from tournament.table_entry import services as table_entry

pytestmark = pytest.mark.django_db


def screen(client, t, **headers):
    return client.get(reverse("public:screen", args=[t.pk]), headers=headers)


def test_unpublished_is_not_found(client):
    factories.staff()
    t = factories.tournament(players=4)
    assert screen(client, t).status_code == 404


def test_before_the_draw_it_welcomes(client):
    factories.staff()
    t = factories.tournament(players=8, published=True)
    response = screen(client, t)
    assert response.context["phase"] == "before" and "screen-wait" in response.content.decode()


def test_between_rounds_it_lists_every_seat_by_name(client):
    factories.staff()
    t = factories.tournament(players=24, published=True)
    round_ = draws.draw_round(tournament=t, number=1, user=factories.user())
    response = screen(client, t)
    assert response.context["phase"] == "seats"
    slides = response.context["slides"]
    assert [len(s["rows"]) for s in slides] == [20, 4]                    # the whole field, page by page
    names = [r["name"] for s in slides for r in s["rows"]]
    assert len(names) == 24 and len(set(names)) == 24
    seat = round_.tables.first().seats.first()
    html = response.content.decode()
    assert seat.entry.player.full_name in html


def test_running_round_shows_standings_clock_and_finished_tables(client):
    factories.staff()
    t = factories.played(players=16, rounds=2, lock=False)
    round_ = Round.objects.get(tournament=t, number=2)
    table_entry.set_clock(round_=round_, minutes=90, user=factories.user())
    response = screen(client, t)
    assert response.context["phase"] == "running"
    assert response.context["tables"] == 4 and response.context["finished"] == 4
    assert response.context["clock"]["minutes"] == 90
    rows = [r for s in response.context["slides"] for r in s["rows"]]
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows) and len(rows) == 16
    html = response.content.decode()
    assert 'id="screen-clock"' in html and 'id="screen-tables"' in html


def test_at_the_end_the_prize_winners_come_first(client):
    factories.staff()
    t = factories.played(players=16, rounds=1, prize_places=3)
    response = screen(client, t)
    assert response.context["phase"] == "final"
    kinds = [s["kind"] for s in response.context["slides"]]
    assert kinds == ["prizes", "standings", "standings"]
    assert [r["rank"] for r in response.context["slides"][0]["rows"]][:3] == [1, 2, 3]
    assert all(r["now"] is not None for s in response.context["slides"] for r in s["rows"])    # the round's points


def test_polling_costs_a_304_until_something_changes(client, django_assert_max_num_queries):
    factories.staff()
    t = factories.played(players=8, rounds=2, lock=False)
    first = screen(client, t)
    assert first.status_code == 200 and first["ETag"]
    with django_assert_max_num_queries(1):
        assert screen(client, t, **{"If-None-Match": first["ETag"]}).status_code == 304
    table_entry.set_clock(round_=Round.objects.get(tournament=t, number=2), minutes=30, user=factories.user())
    assert screen(client, t, **{"If-None-Match": first["ETag"]}).status_code == 200

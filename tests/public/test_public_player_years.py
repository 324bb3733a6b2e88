"""A player's years (docs/public.md, "A player's years"): every published day of the one player record, season
totals, best results, the chart with its table, the tolerant search; reachable from the standings."""

import datetime

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Entry, PlayerAlias, Season
from tournament.public import cache as public_cache

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_years():
    factories.staff()
    old = factories.played(players=8, rounds=1, name="Turnier 2025",
                           season=Season.objects.create(name="Saison 2025", year=2025), date=datetime.date(2025, 3, 1))
    new = factories.played(players=8, rounds=1, name="Turnier 2026", seed=4)
    hidden = factories.played(players=8, rounds=1, name="Versteckt", published=False, season=new.season,
                              date=datetime.date(2026, 4, 1))
    entry = old.entries.get(start_number=1)
    player = entry.player
    for t in (new, hidden):      # the same player record plays the later days too
        other = t.entries.get(start_number=1)
        Entry.objects.filter(pk=other.pk).update(player=player)
    public_cache.store().clear()
    return player, old, new


def test_every_published_day_with_rank_points_and_season_totals(client, two_years):
    player, old, new = two_years
    response = client.get(reverse("public:player_years", args=[player.pk]))
    assert response.status_code == 200
    seasons = response.context["seasons"]
    assert [s["season"].year for s in seasons] == [2026, 2025]
    days = [d for s in seasons for d in s["days"]]
    assert [d["tournament"].name for d in days] == ["Turnier 2026", "Turnier 2025"]
    for day in days:
        standings = public_cache.compute_standings(day["tournament"], None)
        mine = next(r for r in standings.rows if r.data["player_id"] == player.pk)
        assert (day["rank"], day["total"]) == (mine.rank, mine.total)
    assert seasons[1]["total"] == days[1]["total"] and seasons[1]["played"] == 1
    html = response.content.decode()
    assert "Versteckt" not in html
    assert '<svg' in html and 'id="years-table"' in html and len(response.context["best"]) == 2


def test_not_found_without_a_published_day(client):
    factories.staff()
    t = factories.played(players=4, rounds=1, published=False)
    assert client.get(reverse("public:player_years", args=[t.entries.first().player_id])).status_code == 404


def test_reachable_from_the_standings_rows(client, two_years):
    player, old, new = two_years
    url = reverse("public:player_years", args=[player.pk])
    assert url in client.get(reverse("public:season", args=[new.season.pk])).content.decode()
    entry = old.entries.get(player=player)
    assert url in client.get(reverse("public:player", args=[old.pk, entry.pk])).content.decode()


def test_tolerant_search_finds_by_name_typo_and_alias(client, two_years):
    player, _old, _new = two_years
    PlayerAlias.objects.create(player=player, first_name="Hansi", last_name="Weiß", town="Triberg")
    url = reverse("public:players")
    typo = player.last_name[:-2] + "x" + player.last_name[-1]        # one letter wrong
    for query in (player.last_name.upper(), typo, "Weiss"):
        found = client.get(url, {"q": query}).context["found"]
        assert player in found, query
    assert client.get(url, {"q": "Niemand Nirgends"}).context["found"] == []

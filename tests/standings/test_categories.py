"""One rule for a player's categories in a season (``standings.categories``), asked by every list that shows or
filters by them: tournament and season standings, the office's badges and counts, the workbook."""

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Category, Season
from tournament.standings import categories
from tournament.standings.selectors import season_standings, tournament_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def field():
    season = Season.objects.create(name="Saison 2026", year=2026, youth_age=18)
    t = factories.tournament(players=4, season=season)
    players = [e.player for e in t.entries.select_related("player").order_by("start_number")]
    anna, bernd, clara, dieter = players
    anna.is_woman, anna.birth_year = True, 2010            # woman, youth (16)
    bernd.birth_year = 2008                                 # 18: still youth (age ≤ youth_age)
    clara.is_woman, clara.is_guest, clara.birth_year = True, True, 2007     # 19: no longer youth
    for p in players:
        p.save()
    seniors = Category.objects.create(season=season, name="Senioren")
    seniors.players.add(dieter, clara)
    return t, players, seniors


def test_the_rule(field):
    t, (anna, bernd, clara, dieter), seniors = field
    season = t.season
    assert categories.player_categories(anna, season) == ["women", "youth"]
    assert categories.player_categories(bernd, season) == ["youth"]
    assert categories.player_categories(clara, season) == ["women", "guests", f"c{seniors.pk}"]
    assert categories.player_categories(dieter, season) == [f"c{seniors.pk}"]
    members = categories.memberships(season)
    assert all(categories.player_categories(p, season, members) == categories.player_categories(p, season)
               for p in (anna, bernd, clara, dieter))
    assert categories.category_choices(season)[-1] == (f"c{seniors.pk}", "Senioren")
    assert categories.chosen_category(season, "youth")[0] == "youth"
    assert categories.chosen_category(season, "c999999")[0] is None
    assert categories.chosen_category(season, None)[0] is None


def test_every_list_asks_the_rule(field, client):
    t, players, seniors = field
    season = t.season
    expected = {p.pk: categories.player_categories(p, season) for p in players}
    rows = tournament_standings(t).rows
    assert {r.data["player_id"]: r.data["categories"] for r in rows} == expected
    for key, _label in categories.category_choices(season):
        want = {pk for pk, keys in expected.items() if key in keys}
        assert {r.data["player_id"] for r in tournament_standings(t, category=key).rows} == want, key
        assert {r.key for r in season_standings(season, category=key).rows} == want, key
    badges = categories.SeasonCategories(season)
    assert {p.pk: [k for k, _label in badges.badges(p)] for p in players} == expected
    client.force_login(factories.staff())
    html = client.get(reverse("director:entries", args=[t.pk])).content.decode()
    assert html.count("cat-women") == 2 and html.count("cat-youth") == 2 and html.count("cat-guests") == 1
    assert html.count(f"cat-c{seniors.pk}") == 2 and "Senioren" in html
    page = client.get(reverse("director:tournament", args=[t.pk]))
    counts = page.context["counts"]
    assert (counts["women"], counts["youth"], counts["guests"]) == (2, 2, 1)

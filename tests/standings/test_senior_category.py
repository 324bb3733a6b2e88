"""Seniors by age (issue 22): a season may set *seniors from age*; then a player that old or older in the season's
year is in the built-in category ``seniors`` — from the year of birth the club's list gives — in the standings'
filter, the office's badges and the import's preview. A season without it has no such category."""

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Season
from tournament.standings import categories
from tournament.standings.selectors import season_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return Season.objects.create(name="Saison 2026", year=2026, youth_age=18, senior_age=65)


@pytest.mark.parametrize("birth_year, keys", [
    (1961, ["seniors"]),            # 65 in 2026
    (1962, []),                     # 64
    (1930, ["seniors"]),
    (2008, ["youth"]),
    (None, []),
])
def test_seniors_from_the_seasons_age(season, birth_year, keys):
    player = factories.existing_player()
    player.birth_year = birth_year
    assert categories.builtin_categories(player, season) == keys


def test_a_season_without_a_senior_age_has_no_senior_category(season):
    plain = Season.objects.create(name="Saison 2027", year=2027)
    old = factories.existing_player()
    old.birth_year = 1930
    assert categories.builtin_categories(old, plain) == []
    assert "seniors" not in dict(categories.category_choices(plain))
    assert dict(categories.category_choices(season))["seniors"] == "Senioren"


def test_the_season_standings_filter_by_seniors(season, client):
    t = factories.tournament(players=3, season=season)
    old, young, _other = [e.player for e in t.entries.select_related("player").order_by("start_number")]
    old.birth_year, young.birth_year = 1950, 1990
    old.save()
    young.save()
    rows = season_standings(season, category="seniors")
    assert [r.key for r in rows.rows] == [old.pk]
    client.force_login(factories.staff())
    response = client.post(reverse("director:season_edit", args=[season.pk]),
                           {"name": season.name, "year": 2026, "youth_age": 18, "senior_age": ""})
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.senior_age is None and categories.builtin_categories(old, season) == []

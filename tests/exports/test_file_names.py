"""File names say what is in the file in the user's language: a category list is named after the category
("frauen", "jugend", the organiser's own category's name), never after its internal key ("women", "c12")."""

import pytest

from tests import factories
from tournament.exports import registry as exporters
from tournament.models import Category

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    t = factories.played(players=8, rounds=1)
    t.season.year = 2026
    t.season.save()
    return t


@pytest.mark.parametrize("identifier, scope", [("standings", "tournament"), ("standings_board", "tournament"),
                                               ("season_standings", "season")])
def test_a_category_list_is_named_after_the_category(tournament, identifier, scope):
    kwargs = {"tournament": tournament} if scope == "tournament" else {"season": tournament.season}
    german = exporters.get(identifier).render(category="women", **kwargs)[0]
    english = exporters.get(identifier).render(category="women", language="en", **kwargs)[0]
    assert "frauen" in german and "women" not in german, german
    assert "women" in english, english


def test_the_organisers_own_category_by_its_name(tournament):
    own = Category.objects.create(season=tournament.season, name="Bürgermeister-Pokal")
    own.players.add(tournament.entries.first().player)
    name = exporters.get("standings").render(tournament=tournament, category=f"c{own.pk}")[0]
    assert "buergermeister-pokal" in name and f"c{own.pk}" not in name, name

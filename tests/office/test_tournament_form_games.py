"""The tournament form shows the Offiziers-only fields (tables of two, win/loss writing, round robin) only for
Offiziers-Cego and ignores them, when posted, for Cego and Ziege (issue 15, Offiziers polish)."""

import re

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import Season, Tournament

pytestmark = pytest.mark.django_db

OFFIZIERS_ONLY = {"games_per_round_2": 9, "win_loss": "on", "round_robin": "on"}


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def form_data(**overrides):
    data = {"name": "Frühjahrsturnier", "date": "2026-04-11", "venue": "Adler", "ruleset": "schwarzwald",
            "options": "", "round_count": 2, "games_per_round_4": 24, "games_per_round_5": 30, "games_per_round_3": 24,
            "seed": "k3x9", "status": "running"}
    data.update(overrides)
    return data


def offiziers_block(html):
    """The opening tag of the block that holds the three Offiziers fields (and proof they sit inside it)."""
    match = re.search(r'<div[^>]*id="offiziers-fields"[^>]*>(.*?)</div>\s*</fieldset>', html, re.S)
    assert match, "no Offiziers block"
    inner = match.group(1)
    assert all(f'name="{name}"' in inner for name in OFFIZIERS_ONLY)
    return match.group(0).split(">", 1)[0]


@pytest.mark.parametrize("game, hidden", [("cego", True), ("ziege", True), ("offiziers", False)])
def test_the_offiziers_fields_are_hidden_for_other_games(director, game, hidden):
    t = factories.tournament(players=0, game=game)
    html = director.get(reverse("director:tournament_edit", args=[t.pk])).content.decode()
    assert (" hidden" in offiziers_block(html)) is hidden
    assert "office/game_fields.js" in html


def test_a_new_tournament_starts_as_cego_with_the_block_hidden(director):
    season = Season.objects.create(name="S", year=2026)
    html = director.get(reverse("director:tournament_create", args=[season.pk])).content.decode()
    assert " hidden" in offiziers_block(html)


@pytest.mark.parametrize("game", ["cego", "ziege"])
def test_posted_offiziers_fields_are_ignored_for_other_games(director, game):
    season = Season.objects.create(name="S", year=2026)
    response = director.post(reverse("director:tournament_create", args=[season.pk]),
                             form_data(game=game, **OFFIZIERS_ONLY))
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert (t.game, t.games_per_round_2, t.win_loss, t.round_robin) == (game, 4, False, False)
    # Editing: a value out of range in a hidden field is no error, and nothing changes.
    response = director.post(reverse("director:tournament_edit", args=[t.pk]),
                             form_data(game=game, games_per_round_2=999, win_loss="on", round_robin="on"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.games_per_round_2, t.win_loss, t.round_robin) == (4, False, False)


def test_for_offiziers_they_are_saved_and_checked(director):
    season = Season.objects.create(name="S", year=2026)
    director.post(reverse("director:tournament_create", args=[season.pk]), form_data(game="offiziers",
                                                                                     **OFFIZIERS_ONLY))
    t = Tournament.objects.get()
    assert (t.games_per_round_2, t.win_loss, t.round_robin) == (9, True, True)
    response = director.post(reverse("director:tournament_edit", args=[t.pk]),
                             form_data(game="offiziers", games_per_round_2=999))
    assert response.status_code == 200, response.status_code
    assert response.context["form"].errors          # refused (the table's constraint: 1 to 60 games)
    t.refresh_from_db()
    assert t.games_per_round_2 == 9

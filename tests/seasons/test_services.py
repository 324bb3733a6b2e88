"""Seasons, tournament settings and categories are written by ``tournament.seasons.services``: permission, the
rules that hold for every caller, and one audit row per change (of the season, or of the tournament)."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests import factories
from tournament.models import AuditLog, Category, Role, Season, Tournament
from tournament.results import services as results
from tournament.seasons import services as seasons

pytestmark = pytest.mark.django_db

Kind, Action = AuditLog.Kind, AuditLog.Action


def settings(**overrides):
    return {"name": "Frühjahrsturnier", "date": datetime.date(2026, 4, 11), "venue": "Adler", "round_count": 2,
            "seed": "k3x9", **overrides}


def codes(err):
    return {field: [e.code for e in errors] for field, errors in err.value.error_dict.items()}


def test_a_season_is_created_by_a_superuser_and_audited_on_the_season():
    root = factories.user("root")
    organiser = factories.user("org", superuser=False)
    with pytest.raises(PermissionDenied):
        seasons.create_season(user=organiser, name="Saison", year=2026)
    season = seasons.create_season(user=root, name="Saison 2026", year=2026, best_n=5)
    log = AuditLog.objects.get()
    assert (log.season, log.tournament, log.object_type, log.action, log.user) == (
        season, None, Kind.SEASON, Action.CREATE, root)
    assert log.new == {"name": "Saison 2026", "year": 2026, "best_n": 5, "youth_age": 18, "senior_age": None}


def test_an_organiser_edits_only_their_season_and_only_changes_are_logged():
    season = Season.objects.create(name="S", year=2026)
    other = Season.objects.create(name="Andere", year=2026)
    organiser = factories.with_role(Role.Kind.ORGANISER, season=season, name="org")
    with pytest.raises(PermissionDenied):
        seasons.update_season(season=other, user=organiser, name="X")
    seasons.update_season(season=season, user=organiser, name="S", youth_age=18)         # nothing changes
    assert not AuditLog.objects.exists()
    seasons.update_season(season=season, user=organiser, name="Saison", best_n=3)
    log = season.audit.get()
    assert (log.action, log.old, log.new) == (Action.UPDATE, {"name": "S", "best_n": None},
                                              {"name": "Saison", "best_n": 3})
    with pytest.raises(ValidationError) as err:
        seasons.update_season(season=season, user=organiser, name="x" * 200)
    assert "name" in codes(err)
    with pytest.raises(TypeError):
        seasons.update_season(season=season, user=organiser, created_at=None)            # no setting of a season


def test_a_tournament_is_created_with_its_settings_in_its_own_log():
    season = Season.objects.create(name="S", year=2026)
    director = factories.with_role(Role.Kind.DIRECTOR, tournament=Tournament.objects.create(
        season=season, name="Alt", date=datetime.date(2026, 1, 1)), name="dir")
    with pytest.raises(PermissionDenied):
        seasons.create_tournament(season=season, user=director, **settings())
    t = seasons.create_tournament(season=season, user=None, **settings(options={"raeuber_value": 50}))
    log = t.audit.get()
    assert (log.object_type, log.object_id, log.action) == (Kind.TOURNAMENT, t.pk, Action.CREATE)
    assert log.new["date"] == "2026-04-11" and log.new["options"] == {"raeuber_value": 50}


@pytest.mark.parametrize("overrides, field, code", [
    ({"options": {"no_such_parameter": 1}}, "options", "bad_option"),
    ({"ruleset": "no-such-ruleset"}, "ruleset", "invalid_choice"),
    ({"round_count": 9}, "__all__", None),                  # the database's check, as the model states it
])
def test_a_tournament_the_engine_or_the_database_refuses_is_not_created(overrides, field, code):
    season = Season.objects.create(name="S", year=2026)
    with pytest.raises(ValidationError) as err:
        seasons.create_tournament(season=season, user=None, **settings(**overrides))
    assert code in codes(err)[field]
    assert not Tournament.objects.exists() and not AuditLog.objects.exists()


def test_results_freeze_the_ruleset_and_drawn_rounds_stay_whoever_writes():
    t, round_ = factories.drawn(players=4, rounds=2)
    results.record_totals(table=round_.tables.get(), totals={0: 30, 1: -10, 2: -10, 3: -10}, user=None)
    with pytest.raises(ValidationError) as err:
        seasons.update_tournament(tournament=t, user=None, options={"raeuber_value": 60})
    assert codes(err) == {"ruleset": ["results_entered"]}
    factories.draws.draw_round(tournament=t, number=2, user=None)
    with pytest.raises(ValidationError) as err:
        seasons.update_tournament(tournament=t, user=None, round_count=1)
    assert codes(err) == {"round_count": ["rounds_drawn"]}
    updated = seasons.update_tournament(tournament=t, user=None, venue="Krone", status=Tournament.Status.FINISHED)
    assert (updated.venue, updated.status) == ("Krone", "finished")
    log = t.audit.get(object_type=Kind.TOURNAMENT)
    assert log.old == {"venue": "", "status": "running"} and log.new == {"venue": "Krone", "status": "finished"}


def test_categories_and_their_players_are_written_and_logged_on_the_season():
    t = factories.tournament(players=2)
    season, player = t.season, t.entries.first().player
    organiser = factories.with_role(Role.Kind.ORGANISER, season=season, name="org")
    director = factories.with_role(Role.Kind.DIRECTOR, tournament=t, name="dir")
    with pytest.raises(PermissionDenied):
        seasons.create_category(season=season, user=director, name="Senioren")
    category = seasons.create_category(season=season, user=organiser, name="  Senioren   Ü60 ")
    assert category.name == "Senioren Ü60"
    with pytest.raises(ValidationError) as err:
        seasons.create_category(season=season, user=organiser, name="senioren ü60")
    assert codes(err) == {"name": ["category_exists"]}
    assert seasons.add_player(category=category, player=player, user=organiser)
    assert not seasons.add_player(category=category, player=player, user=organiser)      # once
    seasons.rename_category(category=category, user=organiser, name="Senioren")
    assert seasons.remove_player(category=category, player=player, user=organiser)
    seasons.delete_category(category=category, user=organiser)
    assert not Category.objects.exists() and player.categories.count() == 0
    rows = list(season.audit.order_by("id").values_list("object_type", "action", "old", "new"))
    name = str(player)
    assert rows == [
        ("category", "create", None, {"name": "Senioren Ü60"}),
        ("category", "add", None, {"category": "Senioren Ü60", "player": name}),
        ("category", "update", {"name": "Senioren Ü60"}, {"name": "Senioren"}),
        ("category", "remove", {"category": "Senioren", "player": name}, None),
        ("category", "delete", {"name": "Senioren", "players": 0}, None),
    ]
    assert not t.audit.filter(object_type=Kind.CATEGORY).exists()


def test_the_pages_save_through_the_services(client):
    client.force_login(factories.staff())
    response = client.post(reverse("director:season_create"), {"name": "Saison", "year": 2026, "youth_age": 18})
    season = Season.objects.get()
    assert response.status_code == 302 and season.audit.filter(action=Action.CREATE).exists()
    client.post(reverse("director:categories", args=[season.pk]), {"name": "Senioren"})
    response = client.post(reverse("director:categories", args=[season.pk]), {"name": " SENIOREN "})
    assert response.status_code == 200 and response.context["form"].has_error("name", "category_exists")
    assert list(season.audit.values_list("object_type", flat=True).order_by("id")) == ["season", "category"]


def test_the_season_log_page_shows_the_season_rows_in_words(client):
    season = seasons.create_season(user=None, name="Saison", year=2026)
    category = seasons.create_category(season=season, user=None, name="Senioren")
    organiser = factories.with_role(Role.Kind.ORGANISER, season=season, name="org")
    client.force_login(organiser)
    seasons.rename_category(category=category, user=organiser, name="Seniorinnen")
    response = client.get(reverse("director:season_audit", args=[season.pk]))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert [(r.log.object_type, r.log.action) for r in rows] == [
        ("category", "update"), ("category", "create"), ("season", "create")]
    html = response.content.decode()
    assert "Senioren" in html and "Seniorinnen" in html and "org" in html

"""Director pages: creating seasons and tournaments; ruleset overrides checked by the scoring engine."""

import json

import pytest
from django.urls import reverse

from scoring.rulesets import RULESET_KEYS
from tests import factories
from tests.factories import tournament_data
from tournament.models import Season, Tournament
from tournament.results import engine, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def test_create_season_then_tournament(director):
    response = director.post(reverse("director:season_create"),
                             {"name": "Cego-Saison 2026", "year": 2026, "youth_age": 18, "best_n": 10})
    season = Season.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("director:season", args=[season.pk])
    assert (season.name, season.year, season.best_n) == ("Cego-Saison 2026", 2026, 10)

    response = director.post(reverse("director:tournament_create", args=[season.pk]),
                             tournament_data(options='{"raeuber_value": 50}'))
    t = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("director:tournament", args=[t.pk])
    assert t.season == season and t.seed == "k3x9" and t.keep_teams_apart and not t.published
    assert t.options == {"raeuber_value": 50}
    assert engine.ruleset_for(t).raeuber_value == 50

    page = director.get(reverse("director:tournament", args=[t.pk])).content.decode()
    assert reverse("tariff:detail", args=["schwarzwald"]) in page
    assert "raeuber_value" in page
    home = director.get(reverse("director:home")).content.decode()
    assert "Frühjahrsturnier" in home and "Cego-Saison 2026" in home


def test_new_tournament_form_offers_every_ruleset_and_a_seed(director):
    season = Season.objects.create(name="S", year=2026)
    form = director.get(reverse("director:tournament_create", args=[season.pk])).context["form"]
    assert [key for key, _name in form.fields["ruleset"].choices] == list(RULESET_KEYS)
    assert len(form.initial["seed"]) == 8


@pytest.mark.parametrize("options, code", [
    ("{not json", "bad_json"),
    ("[1, 2]", "not_an_object"),
    ('{"no_such_parameter": 1}', "bad_option"),
    ('{"rounding": "ten"}', "bad_option"),
])
def test_bad_overrides_are_a_form_error_and_nothing_is_saved(director, options, code):
    season = Season.objects.create(name="S", year=2026)
    response = director.post(reverse("director:tournament_create", args=[season.pk]), tournament_data(options=options))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.has_error("options", code)
    assert not Tournament.objects.exists()


def test_engine_errors_come_in_the_request_language(director):
    season = Season.objects.create(name="S", year=2026)
    director.cookies.load({"django_language": "de"})
    response = director.post(reverse("director:tournament_create", args=[season.pk]),
                             tournament_data(options='{"no_such_parameter": 1}'))
    assert "Option „no_such_parameter“ ist ungültig" in response.content.decode()


def test_rounds_out_of_range_are_refused(director):
    season = Season.objects.create(name="S", year=2026)
    response = director.post(reverse("director:tournament_create", args=[season.pk]), tournament_data(round_count=9))
    assert response.status_code == 200 and response.context["form"].has_error("round_count")
    assert not Tournament.objects.exists()


def test_edit_tournament_keeps_overrides_and_sets_status(director):
    t = factories.tournament(players=4, options={"raeuber_value": 50})
    page = director.get(reverse("director:tournament_edit", args=[t.pk]))
    assert json.loads(page.context["form"].initial["options"]) == {"raeuber_value": 50}
    response = director.post(reverse("director:tournament_edit", args=[t.pk]),
                             tournament_data(name="Umbenannt", options='{"raeuber_value": 60}', status="finished",
                                             published="on"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.options, t.status, t.published) == ("Umbenannt", {"raeuber_value": 60}, "finished", True)


def test_ruleset_is_frozen_once_results_exist(director):
    t, round_ = factories.drawn(players=4)
    table = round_.tables.get()
    services.record_totals(table=table, totals={0: 30, 1: -10, 2: -10, 3: -10}, user=factories.user())
    response = director.post(reverse("director:tournament_edit", args=[t.pk]),
                             tournament_data(ruleset="traditionell", seed="test-seed"))
    assert response.status_code == 200 and response.context["form"].has_error("ruleset", "results_entered")
    t.refresh_from_db()
    assert t.ruleset == "schwarzwald"


def test_rounds_cannot_drop_below_drawn_rounds(director):
    t, _round = factories.drawn(players=4, rounds=2)
    factories.draws.draw_round(tournament=t, number=2, user=factories.user())
    response = director.post(reverse("director:tournament_edit", args=[t.pk]), tournament_data(round_count=1))
    assert response.context["form"].has_error("round_count", "rounds_drawn")


def test_create_an_offiziers_tournament_with_win_loss_writing(director):
    season = Season.objects.create(name="S", year=2026)
    response = director.post(reverse("director:tournament_create", args=[season.pk]),
                             tournament_data(game="offiziers", games_per_round_2=6, win_loss="on"))
    t = Tournament.objects.get()
    assert response.status_code == 302
    assert (t.game, t.games_per_round_2, t.win_loss) == ("offiziers", 6, True)
    page = director.get(reverse("director:tournament", args=[t.pk])).content.decode()
    assert 'id="tournament-game">Offiziers-Cego' in page
    # A form without the new fields keeps Cego and the defaults.
    director.post(reverse("director:tournament_create", args=[season.pk]), tournament_data(name="Zweites"))
    assert Tournament.objects.get(name="Zweites").game == "cego"

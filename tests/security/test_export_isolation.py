"""Exports are the direction's own: every export URL (tournament/office/urls_exports.py) with every exporter of its
scope refuses, with 403, the director of another tournament (of the same season and of another one) and the
organiser of another season — for GET (the download) and POST (the background job) alike. Only URLs and status
codes are used here; how jobs run is not."""

import pytest
from django.urls import reverse

from tests import factories
from tournament import exports as exporters
from tournament.models import Role, Season, Tournament
from tournament.office import urls_exports

pytestmark = pytest.mark.django_db

OUTSIDERS = ("director_same_season", "director_other_season", "organiser_other_season")


@pytest.fixture
def world(settings, tmp_path):
    settings.EXPORTS_DIR = str(tmp_path)
    t, round_ = factories.seated(players=8)
    neighbour = Tournament.objects.create(season=t.season, name="Nachbarturnier", date=t.date, seed="n")
    s2 = Season.objects.create(name="Saison 2027", year=2027)
    far = Tournament.objects.create(season=s2, name="Anderswo", date=t.date, seed="f")
    users = {
        "director_same_season": factories.with_role(Role.Kind.DIRECTOR, tournament=neighbour, name="nachbar"),
        "director_other_season": factories.with_role(Role.Kind.DIRECTOR, tournament=far, name="fern"),
        "organiser_other_season": factories.with_role(Role.Kind.ORGANISER, season=s2, name="org2"),
        "director": factories.with_role(Role.Kind.DIRECTOR, tournament=t, name="leitung"),
    }
    return {"t": t, "round": round_, "table": round_.tables.order_by("number").first(), "users": users}


def export_urls(w):
    """Every export URL of tournament T (its season, round 1, its first table) with every identifier it takes."""
    t, round_, table = w["t"], w["round"], w["table"]
    return {
        "tournament": [[t.pk]],
        "season": [[t.season.pk]],
        "tournament_download": [[t.pk, e.identifier] for e in exporters.for_scope("tournament")],
        "round_download": [[t.pk, round_.number, e.identifier] for e in exporters.for_scope("round")],
        "table_download": [[table.pk, e.identifier] for e in exporters.for_scope("table")],
        "season_download": [[t.season.pk, e.identifier] for e in exporters.for_scope("season")],
    }


def test_every_export_url_is_covered(world):
    names = {p.name for p in urls_exports.urlpatterns}
    assert names == {*export_urls(world), "job", "job_file"}, "a new export URL: add it to export_urls() here"


@pytest.mark.parametrize("outsider", OUTSIDERS)
def test_outsiders_get_403_for_every_export_by_get_and_by_post(client, world, outsider):
    client.force_login(world["users"][outsider])
    seen = 0
    for name, arg_lists in export_urls(world).items():
        for args in arg_lists:
            url = reverse(f"exports:{name}", args=args)
            assert client.get(url).status_code == 403, (outsider, url, "GET")
            assert client.post(url).status_code == 403, (outsider, url, "POST")
            seen += 1
    assert seen == 2 + sum(len(exporters.for_scope(s)) for s in ("tournament", "round", "table", "season"))


def test_the_director_of_the_tournament_is_not_refused(client, world):
    """The other side: the same URLs open for the tournament's director (season exports are the organisers')."""
    client.force_login(world["users"]["director"])
    t, table = world["t"], world["table"]
    assert client.get(reverse("exports:tournament", args=[t.pk])).status_code == 200
    assert client.get(reverse("exports:table_download", args=[table.pk, "score_sheet"])).status_code == 200
    assert client.get(reverse("exports:season", args=[t.season.pk])).status_code == 403


def test_another_users_job_is_not_found(client, world):
    for outsider in OUTSIDERS:
        client.force_login(world["users"][outsider])
        assert client.get(reverse("exports:job", args=["00000000-0000-4000-8000-000000000000"])).status_code == 404
        assert client.get(reverse("exports:job_file", args=["00000000-0000-4000-8000-000000000000"])).status_code == 404

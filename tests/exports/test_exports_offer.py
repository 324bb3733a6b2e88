"""What the exports pages offer: team standings only when somebody plays for a team (asked for anyway: a clear
message, no empty PDF), and download names that keep umlauts readable."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournament import exports as exporters
from tournament.exports import services as job_services
from tournament.exports.base import Unavailable
from tournament.models import Entry, ExportJob, Team

pytestmark = pytest.mark.django_db

TEAM_EXPORTS = {"tournament": "team_standings", "season": "season_team_standings"}


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def pages(client, t):
    return (client.get(reverse("exports:tournament", args=[t.pk])).content.decode(),
            client.get(reverse("exports:season", args=[t.season.pk])).content.decode())


def team_urls(t):
    return (reverse("exports:tournament_download", args=[t.pk, TEAM_EXPORTS["tournament"]]),
            reverse("exports:season_download", args=[t.season.pk, TEAM_EXPORTS["season"]]))


def test_team_standings_are_offered_only_with_teams(director):
    t = factories.tournament(players=4)
    tournament_url, season_url = team_urls(t)
    tournament_page, season_page = pages(director, t)
    assert tournament_url not in tournament_page and 'id="export-team_standings"' not in tournament_page
    assert season_url not in season_page and 'id="export-season_team_standings"' not in season_page
    assert reverse("exports:tournament_download", args=[t.pk, "standings"]) in tournament_page   # the others stay
    team = Team.objects.create(season=t.season, name="Die Tarocker")
    Entry.objects.filter(pk=t.entries.first().pk).update(team=team)
    tournament_page, season_page = pages(director, t)
    assert tournament_url in tournament_page and season_url in season_page


def test_a_team_without_players_here_is_no_team(director):
    """A team of the season nobody plays for in this tournament: no team standings of the tournament."""
    t = factories.tournament(players=4)
    other = factories.tournament(players=4, season=t.season, name="Zweites Turnier")
    team = Team.objects.create(season=t.season, name="Die Tarocker")
    Entry.objects.filter(pk=other.entries.first().pk).update(team=team)
    tournament_page, season_page = pages(director, t)
    tournament_url, season_url = team_urls(t)
    assert tournament_url not in tournament_page and season_url in season_page


def test_asked_for_anyway_the_page_says_why(director):
    t = factories.tournament(players=4)
    tournament_url, season_url = team_urls(t)
    for url, page in ((tournament_url, reverse("exports:tournament", args=[t.pk])),
                      (season_url, reverse("exports:season", args=[t.season.pk]))):
        response = director.get(url + "?language=en", follow=True)
        assert response.redirect_chain == [(page, 302)]
        assert response["Content-Type"].startswith("text/html")
        assert [m.level_tag for m in response.context["messages"]] == ["warning"]
    with translation.override("en"):
        message = exporters.get("team_standings").unavailable(tournament=t)
    assert message == "Nobody plays for a team in this tournament, so there are no team standings."


def test_render_the_background_job_and_the_command_refuse_too(director):
    t = factories.tournament(players=4)
    with pytest.raises(Unavailable):
        exporters.get("season_team_standings").render(season=t.season)
    with pytest.raises(ValidationError) as refused:
        job_services.start_export(user=factories.staff(), exporter=exporters.get("team_standings"), target=t)
    assert refused.value.code == "unavailable" and not ExportJob.objects.exists()
    response = director.post(team_urls(t)[0])
    assert response.status_code == 409 and response.json()["error"]
    with pytest.raises(CommandError):
        call_command("export", "team_standings", "--tournament", str(t.pk), "-o", "-", stdout=io.StringIO(),
                     stderr=io.StringIO())


def test_download_names_keep_umlauts(director):
    t = factories.tournament(players=4, name="Cego-Turnier Bräunlingen")
    response = director.get(reverse("exports:tournament_download", args=[t.pk, "standings"]))
    disposition = response["Content-Disposition"]
    assert "braeunlingen" in disposition and "braunlingen" not in disposition
    # The name is ASCII, so Django sends no filename* (RFC 5987) beside it: nothing is lost.
    assert disposition.startswith('attachment; filename="') and "filename*" not in disposition
    name = exporters.get("tournament_workbook").render(tournament=t)[0]
    assert name.startswith("turnier-cego-turnier-braeunlingen-") and name.endswith(".xlsx")


def test_the_season_workbook_has_a_teams_sheet_only_with_teams():
    import openpyxl

    t = factories.tournament(players=4)

    def sheet_names():
        with translation.override("en"):
            content = exporters.get("season_workbook").render(season=t.season, language="en")[2]
        return openpyxl.load_workbook(io.BytesIO(content), read_only=True).sheetnames

    assert "Teams" not in sheet_names() and "Overall" in sheet_names()
    team = Team.objects.create(season=t.season, name="Die Tarocker")
    Entry.objects.filter(pk=t.entries.first().pk).update(team=team)
    assert "Teams" in sheet_names()

"""The season organiser's page of duplicate players: the list, the merge form, refusals, permissions."""

import datetime

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import AuditLog, Entry, Player, PlayerAlias, Role, Season
from tournament.registration import services as registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def twins():
    season = Season.objects.create(name="Saison 2026", year=2026)
    sharp = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    plain = Player.objects.create(first_name="Jürgen", last_name="Weiss", town="Braeunlingen")
    first = factories.tournament(players=0, season=season, name="Bräunlinger <Cego>", date=datetime.date(2026, 3, 7))
    second = factories.tournament(players=0, season=season, name="Triberg", date=datetime.date(2026, 4, 7))
    registration.register(tournament=first, user=None, player=sharp)
    registration.register(tournament=second, user=None, player=plain)
    return season, sharp, plain, first, second


def merge_url(season):
    return reverse("director:duplicates_merge", args=[season.pk])


def test_the_page_lists_the_pair_with_its_tournaments(client, twins):
    season, sharp, plain, first, second = twins
    client.force_login(factories.staff())
    response = client.get(reverse("director:duplicates", args=[season.pk]))
    assert response.status_code == 200
    pairs = response.context["pairs"]
    assert [(p["a"], p["b"]) for p in pairs] == [(sharp, plain)]
    html = response.content.decode()
    assert f'id="pair-{sharp.pk}-{plain.pk}"' in html
    assert "Bräunlinger &lt;Cego&gt;" in html and "<Cego>" not in html
    assert reverse("director:duplicates", args=[season.pk]) in client.get(
        reverse("director:season", args=[season.pk])).content.decode()


def test_merge_needs_the_confirmation_and_then_merges(client, twins):
    season, sharp, plain, first, second = twins
    client.force_login(factories.staff())
    data = {"a": sharp.pk, "b": plain.pk, "keep": plain.pk}
    response = client.post(merge_url(season), data)
    assert response.status_code == 302 and Player.objects.filter(pk=sharp.pk).exists()
    response = client.post(merge_url(season), {**data, "keep": 999999, "confirm": "1"})
    assert Player.objects.filter(pk__in=[sharp.pk, plain.pk]).count() == 2
    response = client.post(merge_url(season), {**data, "confirm": "1"}, follow=True)
    assert response.status_code == 200
    assert not Player.objects.filter(pk=sharp.pk).exists()
    assert set(Entry.objects.filter(player=plain).values_list("tournament_id", flat=True)) == {first.pk, second.pk}
    assert PlayerAlias.objects.filter(player=plain, last_name="Weiß").exists()
    assert response.context["pairs"] == []
    assert [m.level_tag for m in response.context["messages"]] == ["error", "error", "success"]   # refused twice
    audit = client.get(reverse("director:season_audit", args=[season.pk]))
    assert str(sharp) in audit.content.decode()
    assert AuditLog.objects.filter(season=season, action=AuditLog.Action.MERGE).count() == 1


def test_a_pair_in_one_tournament_is_shown_as_such_and_refused(client, twins):
    season, sharp, plain, first, second = twins
    registration.register(tournament=first, user=None, player=plain)
    client.force_login(factories.staff())
    page = client.get(reverse("director:duplicates", args=[season.pk]))
    assert [t.pk for t in page.context["pairs"][0]["both"]] == [first.pk]
    response = client.post(merge_url(season), {"a": sharp.pk, "b": plain.pk, "keep": sharp.pk, "confirm": "1"},
                           follow=True)
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert Player.objects.filter(pk__in=[sharp.pk, plain.pk]).count() == 2
    assert Entry.objects.filter(player=plain).count() == 2


def test_only_the_season_organiser(client, twins):
    season, sharp, plain, first, second = twins
    client.force_login(factories.with_role(Role.Kind.DIRECTOR, tournament=first))
    assert client.get(reverse("director:duplicates", args=[season.pk])).status_code == 403
    response = client.post(merge_url(season), {"a": sharp.pk, "b": plain.pk, "keep": sharp.pk, "confirm": "1"})
    assert response.status_code == 403
    assert Player.objects.filter(pk__in=[sharp.pk, plain.pk]).count() == 2
    client.force_login(factories.with_role(Role.Kind.ORGANISER, season=season))
    assert client.get(reverse("director:duplicates", args=[season.pk])).status_code == 200
    client.post(merge_url(season), {"a": sharp.pk, "b": plain.pk, "keep": sharp.pk, "confirm": "1"})
    assert not Player.objects.filter(pk=plain.pk).exists()


def test_a_merge_needs_a_post(client, twins):
    client.force_login(factories.staff())
    assert client.get(merge_url(twins[0])).status_code == 405

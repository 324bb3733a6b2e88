"""Director pages: finding and registering players, new players with a duplicate check, toggles, edits."""

import datetime

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests import factories
from tournament.models import Entry, Player, Season, Team
from tournament.registration import services as registration_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def levels(response):
    return [m.level_tag for m in get_messages(response.wsgi_request)]


def test_search_finds_players_by_name_or_town_case_insensitively(director):
    t = factories.tournament(players=0)
    rosa = factories.existing_player()                       # Rosa Wehrle, Titisee
    Player.objects.create(first_name="Otto", last_name="Kern", town="Neustadt")
    url = reverse("director:entries", args=[t.pk])
    for query in ("wehrle", "ROSA", "titisee", "rosa weh"):
        results = director.get(url, {"q": query}).context["results"]
        assert [r["player"] for r in results] == [rosa], query
    assert director.get(url, {"q": "nobody"}).context["results"] == []


def test_search_lists_players_of_this_season_first(director):
    season = Season.objects.create(name="S", year=2026)
    earlier = factories.tournament(players=0, season=season, name="Erstes", date=datetime.date(2026, 2, 1))
    t = factories.tournament(players=0, season=season, date=datetime.date(2026, 3, 1))
    outsider = Player.objects.create(first_name="Anna", last_name="Albrecht", town="Furtwangen")
    regular = Player.objects.create(first_name="Anna", last_name="Zähringer", town="Furtwangen")
    registration_services.register(user=None, tournament=earlier, player=regular)
    results = director.get(reverse("director:entries", args=[t.pk]), {"q": "anna"}).context["results"]
    assert [r["player"] for r in results] == [regular, outsider]
    assert results[0]["season_entries"] == 1


def test_register_from_the_search_and_refuse_a_second_time(director):
    t = factories.tournament(players=2)
    rosa = factories.existing_player()
    url = reverse("director:entry_register", args=[t.pk])
    response = director.post(url, {"player": rosa.pk}, follow=True)
    assert response.redirect_chain[0][1] == 302 and levels(response) == ["success"]
    entry = Entry.objects.get(tournament=t, player=rosa)
    assert entry.start_number == 3
    page = director.get(reverse("director:entries", args=[t.pk]), {"q": "wehrle"})
    assert page.context["results"][0]["entry"] == entry            # shown as registered, no button
    response = director.post(url, {"player": rosa.pk})
    assert levels(response) == ["error"]
    assert Entry.objects.filter(tournament=t, player=rosa).count() == 1


def test_new_player_is_created_and_registered(director):
    t = factories.tournament(players=1)
    response = director.post(reverse("director:player_create", args=[t.pk]), {
        "first_name": " Lena ", "last_name": "Kienzler", "town": "Vöhrenbach", "club": "Cego-Freunde",
        "is_woman": "on", "birth_year": "2010", "is_guest": ""})
    assert response.status_code == 302
    player = Player.objects.get(last_name="Kienzler")
    assert (player.first_name, player.is_woman, player.birth_year, player.is_guest) == ("Lena", True, 2010, False)
    assert Entry.objects.get(player=player).start_number == 2
    page = director.get(reverse("director:entries", args=[t.pk])).content.decode()
    assert "cat-women" in page and "cat-youth" in page


def test_new_player_with_an_existing_name_needs_confirmation(director):
    t = factories.tournament(players=0)
    rosa = factories.existing_player()
    url = reverse("director:player_create", args=[t.pk])
    data = {"first_name": "rosa", "last_name": "WEHRLE", "town": "Donaueschingen"}
    response = director.post(url, data)
    assert response.status_code == 200
    assert response.context["form"].has_error("__all__", "duplicate_name")
    assert [d["player"] for d in response.context["duplicates"]] == [rosa]
    assert 'id="duplicates"' in response.content.decode()
    assert Player.objects.count() == 1 and not Entry.objects.exists()
    response = director.post(url, {**data, "confirm": "on"})
    assert response.status_code == 302
    assert Player.objects.count() == 2 and Entry.objects.filter(tournament=t).count() == 1


def test_new_player_form_takes_the_search_words(director):
    t = factories.tournament(players=0)
    form = director.get(reverse("director:player_create", args=[t.pk]), {"q": "Hans Peter Faller"}).context["form"]
    assert form.initial == {"first_name": "Hans", "last_name": "Peter Faller"}


@pytest.mark.parametrize("field", ["paid", "checked_in", "withdrawn"])
def test_toggles_flip_one_flag_per_click(director, field):
    t = factories.tournament(players=2)
    entry = t.entries.first()
    url = reverse("director:entry_toggle", args=[t.pk, entry.pk])
    back = reverse("director:entries", args=[t.pk]) + "?show=unpaid"
    response = director.post(url, {"field": field, "next": back})
    assert response.status_code == 302 and response["Location"] == back + f"#entry-{entry.pk}"
    entry.refresh_from_db()
    assert getattr(entry, field) is True
    assert [getattr(entry, f) for f in ("paid", "checked_in", "withdrawn") if f != field] == [False, False]
    director.post(url, {"field": field})
    entry.refresh_from_db()
    assert getattr(entry, field) is False


def test_toggle_rejects_unknown_fields_and_foreign_redirects(director):
    t = factories.tournament(players=1)
    entry = t.entries.get()
    url = reverse("director:entry_toggle", args=[t.pk, entry.pk])
    assert director.post(url, {"field": "start_number"}).status_code == 405
    response = director.post(url, {"field": "paid", "next": "https://evil.example/"})
    assert response["Location"].startswith(reverse("director:entries", args=[t.pk]))
    assert director.get(url).status_code == 405


def test_entries_filter(director):
    t = factories.tournament(players=3)
    first = t.entries.order_by("start_number").first()
    first.paid = True
    first.save()
    rows = director.get(reverse("director:entries", args=[t.pk]), {"show": "unpaid"}).context["rows"]
    assert [r["entry"].start_number for r in rows] == [2, 3]


def test_edit_start_number_must_be_unique(director):
    t = factories.tournament(players=2)
    one, two = t.entries.order_by("start_number")
    url = reverse("director:entry_edit", args=[t.pk, two.pk])
    data = {"entry-start_number": 1, "entry-team": "", "entry-new_team": "", "player-first_name": two.player.first_name,
            "player-last_name": two.player.last_name, "player-town": two.player.town}
    response = director.post(url, data)
    assert response.status_code == 200
    assert response.context["entry_form"].has_error("start_number", "start_number_taken")
    two.refresh_from_db()
    assert two.start_number == 2
    response = director.post(url, {**data, "entry-start_number": 17})
    assert response.status_code == 302
    two.refresh_from_db()
    assert two.start_number == 17


def test_edit_creates_and_reuses_a_team_of_the_season(director):
    t = factories.tournament(players=2)
    one, two = t.entries.order_by("start_number")

    def post(entry, team="", new_team=""):
        return director.post(reverse("director:entry_edit", args=[t.pk, entry.pk]), {
            "entry-start_number": entry.start_number, "entry-team": team, "entry-new_team": new_team,
            "player-first_name": entry.player.first_name, "player-last_name": entry.player.last_name})

    assert post(one, new_team="Die Trümpfe").status_code == 302
    assert post(two, new_team="die trümpfe ").status_code == 302
    team = Team.objects.get()
    assert team.season == t.season and team.name == "Die Trümpfe"
    assert set(team.entries.all()) == {one, two}
    assert post(two, team="").status_code == 302
    two.refresh_from_db()
    assert two.team is None


def test_remove_entry_only_before_it_is_seated(director):
    t, round_ = factories.drawn(players=4)
    seated = t.entries.first()
    late = registration_services.register(user=None, tournament=t, player=factories.existing_player())
    response = director.post(reverse("director:entry_delete", args=[t.pk, seated.pk]), follow=True)
    assert levels(response) == ["error"] and Entry.objects.filter(pk=seated.pk).exists()
    response = director.post(reverse("director:entry_delete", args=[t.pk, late.pk]))
    assert levels(response) == ["success"] and not Entry.objects.filter(pk=late.pk).exists()
    assert Player.objects.filter(pk=late.player_id).exists()


def test_editing_a_player_with_a_namesake_needs_no_confirmation_unless_renamed(director):
    t = factories.tournament(players=0)
    factories.existing_player()                                        # Rosa Wehrle, Titisee
    player_data = {"first_name": "Rosa", "last_name": "Wehrle", "town": "Lenzkirch"}
    other = registration_services.register(user=None, tournament=t, player_data=player_data)
    url = reverse("director:entry_edit", args=[t.pk, other.pk])
    data = {"entry-start_number": other.start_number, "player-first_name": "Rosa", "player-last_name": "Wehrle",
            "player-town": "Lenzkirch", "player-club": "Cego-Club"}
    assert director.post(url, data).status_code == 302
    other.player.refresh_from_db()
    assert other.player.club == "Cego-Club"
    response = director.post(url, {**data, "player-first_name": "Luise"})      # no namesake: saved at once
    assert response.status_code == 302
    response = director.post(url, {**data, "player-first_name": "Rosi"})       # one typo from "Rosa Wehrle"
    assert response.context["player_form"].has_error("__all__", "duplicate_name")
    Player.objects.create(first_name="Anna", last_name="Wehrle")
    response = director.post(url, {**data, "player-first_name": "Anna"})
    assert response.context["player_form"].has_error("__all__", "duplicate_name")


def test_every_registration_change_is_in_the_audit_log(director):
    from tournament.models import AuditLog

    t = factories.tournament(players=3)
    one, two, three = t.entries.order_by("start_number")
    assert AuditLog.objects.filter(tournament=t, object_type="entry", action="create").count() == 3
    director.post(reverse("director:entry_toggle", args=[t.pk, one.pk]), {"field": "withdrawn"})
    log = AuditLog.objects.filter(object_type="entry", action="update").latest("id")
    assert log.old == {"start_number": 1, "withdrawn": False} and log.new == {"start_number": 1, "withdrawn": True}
    assert log.user.username == "director" and log.object_id == one.pk
    director.post(reverse("director:entry_edit", args=[t.pk, two.pk]), {
        "entry-start_number": 12, "entry-team": "", "entry-new_team": "Die Trümpfe",
        "player-first_name": two.player.first_name, "player-last_name": two.player.last_name,
        "player-town": "Triberg"})
    log = AuditLog.objects.filter(object_type="entry", action="update").latest("id")
    assert log.old["start_number"] == 2 and log.new["start_number"] == 12
    assert log.old["team"] is None and log.new["team"] == "Die Trümpfe"
    assert log.old["player.town"] == "Hinterzarten" and log.new["player.town"] == "Triberg"
    director.post(reverse("director:entry_delete", args=[t.pk, three.pk]))
    log = AuditLog.objects.filter(object_type="entry", action="delete").get()
    assert log.old["start_number"] == 3 and three.player.last_name in log.old["player"]
    page = director.get(reverse("director:audit", args=[t.pk]) + "?type=entry").content.decode()
    assert "Triberg" in page and "Die Trümpfe" in page

"""Players belong to the people who may see them (docs/director.md, "Who sees which players"): a director finds,
registers and edits only players of his own seasons; a player's own data is changed by whoever directs every
tournament he played in, audited in each; no name of a tournament the user may not know of is shown."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tests import factories
from tournament.models import AuditLog, Category, Entry, Player, Role, Season, Tournament
from tournament.registration import importer, selectors
from tournament.registration import services as registration
from tournament.staff import permissions

pytestmark = pytest.mark.django_db

SECRET = "Geheimturnier Winterpokal"


@pytest.fixture
def world():
    """Season S with tournament T (director D); season S2 with the unpublished tournament U (organiser O2), in
    which only player P ("Jürgen Weiß, Bräunlingen") played."""
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = factories.tournament(players=4, season=season, name="Frühjahrsturnier", published=True)
    s2 = Season.objects.create(name="Saison 2027", year=2027)
    u = Tournament.objects.create(season=s2, name=SECRET, date=datetime.date(2027, 1, 9), seed="u")
    p = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    registration.register(tournament=u, user=None, player=p)
    director = factories.with_role(Role.Kind.DIRECTOR, tournament=t, name="dir")
    organiser2 = factories.with_role(Role.Kind.ORGANISER, season=s2, name="org2")
    return {"t": t, "u": u, "p": p, "director": director, "organiser2": organiser2}


def logged_in(client, user):
    client.force_login(user)
    return client


def test_director_does_not_find_a_player_of_another_seasons_unpublished_tournament(world, client):
    d = world["director"]
    found, _more = selectors.search_players("weiss", world["t"].season, visible_to=d)
    assert world["p"] not in found
    response = logged_in(client, d).get(reverse("director:entries", args=[world["t"].pk]), {"q": "Weiss"})
    assert response.status_code == 200
    assert world["p"] not in [r["player"] for r in response.context["results"]]
    assert SECRET not in response.content.decode()


def test_director_cannot_register_that_player(world, client):
    d, t, p = world["director"], world["t"], world["p"]
    with pytest.raises(PermissionDenied):
        registration.register(tournament=t, user=d, player=p)
    response = logged_in(client, d).post(reverse("director:entry_register", args=[t.pk]), {"player": p.pk})
    assert response.status_code == 404
    assert not Entry.objects.filter(tournament=t, player=p).exists()


def test_namesake_warning_names_neither_the_player_nor_his_tournament(world, client):
    d, t = world["director"], world["t"]
    assert selectors.namesakes("Jürgen", "Weiss", "Bräunlingen", visible_to=d) == []
    response = logged_in(client, d).get(reverse("director:player_create", args=[t.pk]), {"q": "Jürgen Weiss"})
    assert SECRET not in response.content.decode()
    response = client.post(reverse("director:player_create", args=[t.pk]),
                           {"first_name": "Jürgen", "last_name": "Weiss", "town": "Bräunlingen"})
    assert response.status_code == 302              # a record of his own; the season organisers merge if need be
    assert SECRET not in client.get(reverse("director:entries", args=[t.pk])).content.decode()


def test_director_cannot_rename_a_player_who_also_played_in_another_season(world, client):
    d, t, p = world["director"], world["t"], world["p"]
    entry = registration.register(tournament=t, user=None, player=p)      # entered by a superuser
    url = reverse("director:entry_edit", args=[t.pk, entry.pk])
    page = logged_in(client, d).get(url)
    html = page.content.decode()
    assert SECRET not in html and 'id="hidden-tournaments"' in html and 'id="player-locked"' in html
    assert page.context["player_form"].fields["last_name"].disabled
    response = client.post(url, {"entry-start_number": 33, "entry-team": "", "entry-new_team": "",
                                 "player-first_name": "Hans", "player-last_name": "Fremd", "player-town": "X"})
    assert response.status_code == 302              # the entry's own data is his: saved, the player's is not
    p.refresh_from_db()
    entry.refresh_from_db()
    assert (p.first_name, p.last_name, p.town, entry.start_number) == ("Jürgen", "Weiß", "Bräunlingen", 33)
    with pytest.raises(PermissionDenied):
        registration.update(entry=entry, user=d, data={}, player_data={"last_name": "Fremd"})
    p.refresh_from_db()
    assert p.last_name == "Weiß"
    assert not AuditLog.objects.filter(tournament=world["u"], new__has_key="player.last_name").exists()


def test_organiser_of_the_other_season_finds_and_renames_him(world, client):
    o2, u, p = world["organiser2"], world["u"], world["p"]
    found, _more = selectors.search_players("weiss", u.season, visible_to=o2)
    assert p in found
    u2 = Tournament.objects.create(season=u.season, name="Zweites", date=datetime.date(2027, 2, 6), seed="u2")
    response = logged_in(client, o2).post(reverse("director:entry_register", args=[u2.pk]), {"player": p.pk})
    assert response.status_code == 302 and Entry.objects.filter(tournament=u2, player=p).exists()
    entry = Entry.objects.get(tournament=u, player=p)
    registration.update(entry=entry, user=o2, data={}, player_data={"last_name": "Weiss", "town": "Braeunlingen"})
    p.refresh_from_db()
    assert (p.last_name, p.town) == ("Weiss", "Braeunlingen")


def test_organiser_cannot_rename_a_player_who_played_in_a_tournament_he_does_not_direct(world):
    o2, t, u, p = world["organiser2"], world["t"], world["u"], world["p"]
    registration.register(tournament=t, user=None, player=p)
    assert not permissions.may_edit_player(o2, p)
    with pytest.raises(PermissionDenied):
        registration.update(entry=Entry.objects.get(tournament=u, player=p), user=o2, data={},
                            player_data={"town": "Donaueschingen"})


def test_director_renames_a_player_registered_only_in_his_tournament(world, client):
    d, t = world["director"], world["t"]
    entry = t.entries.order_by("start_number").first()
    response = logged_in(client, d).post(reverse("director:entry_edit", args=[t.pk, entry.pk]), {
        "entry-start_number": entry.start_number, "entry-team": "", "entry-new_team": "",
        "player-first_name": "Rosa", "player-last_name": "Wehrle", "player-town": "Titisee", "player-confirm": "on"})
    assert response.status_code == 302
    entry.player.refresh_from_db()
    assert (entry.player.first_name, entry.player.last_name, entry.player.town) == ("Rosa", "Wehrle", "Titisee")


def test_a_rename_is_audited_in_every_tournament_the_player_played_in(world):
    t = world["t"]
    t2 = Tournament.objects.create(season=t.season, name="Herbstturnier", date=datetime.date(2026, 10, 3), seed="2")
    organiser = factories.with_role(Role.Kind.ORGANISER, season=t.season, name="org")
    entry = t.entries.order_by("start_number").first()
    other = registration.register(tournament=t2, user=None, player=entry.player)
    registration.update(entry=entry, user=organiser, data={}, player_data={"town": "Neustadt"})
    for tournament, e in ((t, entry), (t2, other)):
        row = AuditLog.objects.filter(tournament=tournament, object_id=e.pk).order_by("-id").first()
        assert row.new["player.town"] == "Neustadt" and row.old["player.town"] == "Hinterzarten"
        assert row.user == organiser


def test_namesakes_name_only_tournaments_the_user_may_know_of(world):
    d, t = world["director"], world["t"]
    hidden = Tournament.objects.create(season=t.season, name=SECRET, date=datetime.date(2026, 5, 2), seed="h")
    player = t.entries.order_by("start_number").first().player
    registration.register(tournament=hidden, user=None, player=player)
    [found] = selectors.namesakes(player.first_name, player.last_name, visible_to=d)
    assert [x.name for x in found.played] == [t.name]
    assert (found.played_count, found.hidden_count) == (2, 1)
    assert {x.name for x in selectors.namesakes(player.first_name, player.last_name)[0].played} == {t.name, SECRET}


def test_import_matches_only_players_the_importer_may_see(world):
    rows = [("Jürgen", "Weiss", "Bräunlingen")]
    assert importer.match_players(rows, world["t"].season, visible_to=world["director"]) == [None]
    assert importer.match_players(rows, world["t"].season, visible_to=world["organiser2"]) == [world["p"]]


def test_players_without_an_entry_are_found_and_strangers_find_nobody(world):
    loose = Player.objects.create(first_name="Rosa", last_name="Ohneturnier", town="Titisee")
    assert permissions.sees_player(world["director"], loose)
    nobody = factories.user("nobody", superuser=False)
    assert not permissions.sees_player(nobody, loose)
    assert selectors.search_players("Ohneturnier", visible_to=nobody) == ([], False)
    assert permissions.sees_player(factories.user("root"), world["p"])


def test_organiser_cannot_put_another_seasons_player_into_a_category(world, client):
    t, p = world["t"], world["p"]
    organiser = factories.with_role(Role.Kind.ORGANISER, season=t.season, name="org")
    category = Category.objects.create(season=t.season, name="Vereinsmeister")
    url = reverse("director:category_members", args=[t.season.pk, category.pk])
    assert logged_in(client, organiser).post(url, {"player": p.pk, "action": "add"}).status_code == 404
    assert not category.players.filter(pk=p.pk).exists()
    mine = t.entries.first().player
    assert client.post(url, {"player": mine.pk, "action": "add"}).status_code == 302
    assert category.players.filter(pk=mine.pk).exists()

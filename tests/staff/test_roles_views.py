"""Every role against every office write: a POST (with real data) by a role that may not is refused with 403 and
changes nothing in the database, and goes through for the roles that may; what each role sees. Which page answers
which role by GET is tests/security/test_permission_matrix.py."""

import random

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import (
    Adjustment,
    AuditLog,
    Category,
    Entry,
    Game,
    Role,
    Round,
    Season,
    Tournament,
)
from tournament.results.random_play import play_table

pytestmark = pytest.mark.django_db

ALL_ROLES = ["superuser", "organiser", "director", "helper", "other_director", "other_organiser", "nobody"]
# Which roles have each capability on the main tournament T (and its season S).
MAY = {
    "administer": {"superuser"},
    "view_season": {"superuser", "organiser", "director", "helper"},
    "organise": {"superuser", "organiser"},
    "direct": {"superuser", "organiser", "director"},
    "enter": {"superuser", "organiser", "director", "helper"},
    "office": {"superuser", "organiser", "director", "helper", "other_director", "other_organiser"},
}


@pytest.fixture
def world():
    """Season S with tournaments T (drawn, games played) and T2; season S2 with T3; one account per role."""
    t, round_ = factories.drawn(players=8)
    season = t.season
    t2 = Tournament.objects.create(season=season, name="Zweites Turnier", date=t.date, seed="s2")
    s2 = Season.objects.create(name="Saison 2027", year=2027)
    t3 = Tournament.objects.create(season=s2, name="Anderes", date=t.date, seed="s3")
    table = round_.tables.order_by("number").first()
    play_table(table, 3, random.Random(5), user=None)
    entry = t.entries.order_by("start_number").first()
    adjustment = Adjustment.objects.create(entry=entry, points=10, reason="Bonus")
    users = {
        "superuser": factories.user("root"),
        "organiser": factories.with_role(Role.Kind.ORGANISER, season=season, name="org"),
        "director": factories.with_role(Role.Kind.DIRECTOR, tournament=t, name="dir"),
        "helper": factories.with_role(Role.Kind.HELPER, tournament=t, name="help"),
        "other_director": factories.with_role(Role.Kind.DIRECTOR, tournament=t3, name="dir3"),
        "other_organiser": factories.with_role(Role.Kind.ORGANISER, season=s2, name="org2"),
        "nobody": factories.user("nobody", superuser=False),
    }
    helper_role = Role.objects.get(kind=Role.Kind.HELPER, tournament=t)
    category = Category.objects.create(season=season, name="Vereinsmeister")
    return {"t": t, "t2": t2, "season": season, "round": round_, "table": table, "entry": entry,
            "adjustment": adjustment, "users": users, "helper_role": helper_role, "category": category}


def tournament_post(t, **overrides):
    """The tournament form as a browser posts it, with ``overrides``."""
    return {"name": t.name, "date": t.date.isoformat(), "venue": t.venue, "ruleset": t.ruleset, "options": "",
            "round_count": t.round_count, "games_per_round_4": 24, "games_per_round_5": 30, "games_per_round_3": 24,
            "seed": t.seed, "status": t.status, "prize_places": 10, "last_place_prize": "on", **overrides}


def posts(w):
    """(capability, url, data) of the writes; each would change the database if it were allowed."""
    t, s, table, entry = w["t"], w["season"], w["table"], w["entry"]
    forehand = table.forehand(4)
    return [
        ("administer", reverse("director:season_create"), {"name": "Neu", "year": 2030, "youth_age": 18}),
        ("organise", reverse("director:season_edit", args=[s.pk]), {"name": "Umbenannt", "year": 2026,
                                                                    "youth_age": 18}),
        ("organise", reverse("director:tournament_create", args=[s.pk]), {"name": "X", "date": "2026-05-01"}),
        ("organise", reverse("director:categories", args=[s.pk]), {"name": "Senioren"}),
        ("organise", reverse("director:category_members", args=[s.pk, w["category"].pk]),
         {"player": entry.player_id, "action": "add"}),
        ("direct", reverse("director:tournament_edit", args=[t.pk]), tournament_post(t, name="Umbenannt")),
        ("direct", reverse("director:entry_toggle", args=[t.pk, entry.pk]), {"field": "paid"}),
        ("direct", reverse("director:entry_delete", args=[t.pk, entry.pk]), {}),
        ("direct", reverse("director:round", args=[t.pk, 2]), {"seed": "forged"}),
        ("direct", reverse("director:round_status", args=[t.pk, 1]), {"status": "locked", "reason": "x"}),
        ("direct", reverse("director:adjustments", args=[t.pk]), {"entry": entry.pk, "points": 5, "reason": "x"}),
        ("direct", reverse("director:adjustment_delete", args=[t.pk, w["adjustment"].pk]),
         {"delete-reason": "x"}),
        ("direct", reverse("director:staff", args=[t.pk]), {"username": "neu", "password": "Sehr-geheim-42",
                                                           "kind": "helper"}),
        ("direct", reverse("director:role_remove", args=[w["helper_role"].pk]), {}),
        ("enter", reverse("entry:save", args=[table.pk]),
         {"number": 4, "version": "", "contract": "C", "declarer": forehand + 1, "result": 60}),
        ("enter", reverse("entry:delete", args=[table.pk]), {"number": 1, "version": 1, "reason": ""}),
    ]


def fingerprint():
    """Everything the POSTs above could change."""
    return (
        list(Season.objects.order_by("pk").values_list("name", "year")),
        list(Tournament.objects.order_by("pk").values_list("name", "status")),
        list(Entry.objects.order_by("pk").values_list("paid", "withdrawn")),
        list(Round.objects.order_by("pk").values_list("number", "status")),
        list(Game.objects.order_by("pk").values_list("number", "version", "scores")),
        list(Adjustment.objects.order_by("pk").values_list("points")),
        list(Role.objects.order_by("pk").values_list("user_id", "kind")),
        AuditLog.objects.count(),
        list(Category.objects.order_by("pk").values_list("name")),
        list(Category.players.through.objects.order_by("pk").values_list("category_id", "player_id")),
    )


@pytest.mark.parametrize("role", [r for r in ALL_ROLES if r != "superuser"])
def test_a_forbidden_post_is_refused_and_changes_nothing(client, world, role):
    client.force_login(world["users"][role])
    refused = 0
    for capability, url, data in posts(world):
        if role in MAY[capability]:
            continue
        before = fingerprint()
        response = client.post(url, data)
        assert response.status_code == 403, (role, url, response.status_code)
        assert fingerprint() == before, (role, url)
        refused += 1
    assert refused > 0


def test_anonymous_posts_go_to_the_login_page_and_change_nothing(client, world):
    for _capability, url, data in posts(world):
        before = fingerprint()
        response = client.post(url, data)
        assert response.status_code == 302 and reverse("login") in response["Location"], url
        assert fingerprint() == before, url


def test_the_allowed_roles_can_really_write(client, world):
    """The other side of the matrix: the same POSTs go through for roles that may (not a blanket 403)."""
    t, table = world["t"], world["table"]
    client.force_login(world["users"]["helper"])
    forehand = table.forehand(4)
    response = client.post(reverse("entry:save", args=[table.pk]),
                           {"number": 4, "version": "", "contract": "C", "declarer": forehand + 1, "result": 60},
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and Game.objects.filter(table=table, number=4).exists()
    client.force_login(world["users"]["director"])
    client.post(reverse("director:entry_toggle", args=[t.pk, world["entry"].pk]), {"field": "paid"})
    world["entry"].refresh_from_db()
    assert world["entry"].paid
    client.force_login(world["users"]["organiser"])
    client.post(reverse("director:season_edit", args=[world["season"].pk]),
                {"name": "Umbenannt", "year": 2026, "youth_age": 18})
    assert Season.objects.filter(name="Umbenannt").exists()
    client.post(reverse("director:category_members", args=[world["season"].pk, world["category"].pk]),
                {"player": world["entry"].player_id, "action": "add"})
    assert world["category"].players.filter(pk=world["entry"].player_id).exists()
    client.force_login(world["users"]["director"])
    response = client.post(reverse("director:tournament_edit", args=[t.pk]), tournament_post(t, name="Umbenannt"))
    assert response.status_code == 302 and Tournament.objects.filter(name="Umbenannt").exists()
    assert {(log.object_type, log.action) for log in AuditLog.objects.filter(user__isnull=False)} >= {
        ("entry", "update"), ("season", "update"), ("category", "add"), ("tournament", "update")}


def test_helpers_see_only_their_links(client, world):
    client.force_login(world["users"]["helper"])
    html = client.get(reverse("director:tournament", args=[world["t"].pk])).content.decode()
    assert reverse("director:round", args=[world["t"].pk, 1]) in html
    for hidden in ("director:entries", "director:audit", "director:adjustments", "director:staff",
                   "director:tournament_edit"):
        assert reverse(hidden, args=[world["t"].pk]) not in html, hidden
    round_html = client.get(reverse("director:round", args=[world["t"].pk, 1])).content.decode()
    assert 'id="lock-round"' not in round_html and 'id="delete-draw"' not in round_html
    assert reverse("entry:sheet", args=[world["table"].pk]) in round_html


def test_the_office_start_page_lists_only_the_users_tournaments(client, world):
    client.force_login(world["users"]["director"])
    html = client.get(reverse("director:home")).content.decode()
    assert world["t"].name in html and "Zweites Turnier" not in html and "Anderes" not in html
    assert 'id="new-season"' not in html
    client.force_login(world["users"]["organiser"])
    html = client.get(reverse("director:home")).content.decode()
    assert world["t"].name in html and "Zweites Turnier" in html and "Anderes" not in html


def test_a_helper_may_not_correct_a_locked_round_but_the_director_may(client, world):
    t, table = world["t"], world["table"]
    Round.objects.filter(pk=world["round"].pk).update(status=Round.Status.LOCKED)
    game = Game.objects.get(table=table, number=1)
    client.force_login(world["users"]["helper"])
    response = client.post(reverse("entry:delete", args=[table.pk]),
                           {"number": 1, "version": game.version, "reason": "Fehler"},
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 403
    assert "locked" in response.json()["errors"]["__all__"][0] or "gesperrt" in response.json()["errors"]["__all__"][0]
    assert Game.objects.filter(pk=game.pk).exists()
    client.force_login(world["users"]["director"])
    response = client.post(reverse("entry:delete", args=[table.pk]),
                           {"number": 1, "version": game.version, "reason": "Fehler"},
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert not Game.objects.filter(pk=game.pk).exists()
    assert t.audit.filter(object_type="game", action="delete", user=world["users"]["director"]).exists()


def test_a_director_of_another_tournament_cannot_reach_this_one_by_url(client, world):
    client.force_login(world["users"]["other_director"])
    table = world["table"]
    assert client.get(reverse("entry:sheet", args=[table.pk])).status_code == 403
    assert client.post(reverse("entry:preview", args=[table.pk]), {"number": 1}).status_code == 403


def test_printing_a_table_sheet_is_for_the_direction(client, world):
    url = reverse("exports:table_download", args=[world["table"].pk, "score_sheet"])
    client.force_login(world["users"]["helper"])
    assert client.get(url).status_code == 403
    client.force_login(world["users"]["director"])
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"

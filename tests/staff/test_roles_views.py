"""Every role against every office write: a POST (with real data) by a role that may not is refused with 403 and
changes nothing in the database, and goes through for the roles that may; what each role sees. Which page answers
which role by GET is tests/security/test_permission_matrix.py."""


import pytest
from django.urls import reverse

from tests.staff.roles import posts, tournament_post
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
def test_a_forbidden_post_is_refused_and_changes_nothing(client, roles_world, role):
    client.force_login(roles_world["users"][role])
    refused = 0
    for capability, url, data in posts(roles_world):
        if role in MAY[capability]:
            continue
        before = fingerprint()
        response = client.post(url, data)
        assert response.status_code == 403, (role, url, response.status_code)
        assert fingerprint() == before, (role, url)
        refused += 1
    assert refused > 0


def test_anonymous_posts_go_to_the_login_page_and_change_nothing(client, roles_world):
    for _capability, url, data in posts(roles_world):
        before = fingerprint()
        response = client.post(url, data)
        assert response.status_code == 302 and reverse("login") in response["Location"], url
        assert fingerprint() == before, url


def test_the_allowed_roles_can_really_write(client, roles_world):
    """The other side of the matrix: the same POSTs go through for roles that may (not a blanket 403)."""
    t, table = roles_world["t"], roles_world["table"]
    client.force_login(roles_world["users"]["helper"])
    forehand = table.forehand(4)
    response = client.post(reverse("entry:save", args=[table.pk]),
                           {"number": 4, "version": "", "contract": "C", "declarer": forehand + 1, "result": 60},
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and Game.objects.filter(table=table, number=4).exists()
    client.force_login(roles_world["users"]["director"])
    client.post(reverse("director:entry_toggle", args=[t.pk, roles_world["entry"].pk]), {"field": "paid"})
    roles_world["entry"].refresh_from_db()
    assert roles_world["entry"].paid
    client.force_login(roles_world["users"]["organiser"])
    client.post(reverse("director:season_edit", args=[roles_world["season"].pk]),
                {"name": "Umbenannt", "year": 2026, "youth_age": 18})
    assert Season.objects.filter(name="Umbenannt").exists()
    client.post(reverse("director:category_members", args=[roles_world["season"].pk, roles_world["category"].pk]),
                {"player": roles_world["entry"].player_id, "action": "add"})
    assert roles_world["category"].players.filter(pk=roles_world["entry"].player_id).exists()
    client.force_login(roles_world["users"]["director"])
    response = client.post(reverse("director:tournament_edit", args=[t.pk]), tournament_post(t, name="Umbenannt"))
    assert response.status_code == 302 and Tournament.objects.filter(name="Umbenannt").exists()
    assert {(log.object_type, log.action) for log in AuditLog.objects.filter(user__isnull=False)} >= {
        ("entry", "update"), ("season", "update"), ("category", "add"), ("tournament", "update")}


def test_helpers_see_only_their_links(client, roles_world):
    client.force_login(roles_world["users"]["helper"])
    html = client.get(reverse("director:tournament", args=[roles_world["t"].pk])).content.decode()
    assert reverse("director:round", args=[roles_world["t"].pk, 1]) in html
    for hidden in ("director:entries", "director:audit", "director:adjustments", "director:staff",
                   "director:tournament_edit"):
        assert reverse(hidden, args=[roles_world["t"].pk]) not in html, hidden
    round_html = client.get(reverse("director:round", args=[roles_world["t"].pk, 1])).content.decode()
    assert 'id="lock-round"' not in round_html and 'id="delete-draw"' not in round_html
    assert reverse("entry:sheet", args=[roles_world["table"].pk]) in round_html


def test_the_office_start_page_lists_only_the_users_tournaments(client, roles_world):
    client.force_login(roles_world["users"]["director"])
    html = client.get(reverse("director:home")).content.decode()
    assert roles_world["t"].name in html and "Zweites Turnier" not in html and "Anderes" not in html
    assert 'id="new-season"' not in html
    client.force_login(roles_world["users"]["organiser"])
    html = client.get(reverse("director:home")).content.decode()
    assert roles_world["t"].name in html and "Zweites Turnier" in html and "Anderes" not in html


def test_a_helper_may_not_correct_a_locked_round_but_the_director_may(client, roles_world):
    t, table = roles_world["t"], roles_world["table"]
    Round.objects.filter(pk=roles_world["round"].pk).update(status=Round.Status.LOCKED)
    game = Game.objects.get(table=table, number=1)
    client.force_login(roles_world["users"]["helper"])
    response = client.post(reverse("entry:delete", args=[table.pk]),
                           {"number": 1, "version": game.version, "reason": "Fehler"},
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 403
    assert "locked" in response.json()["errors"]["__all__"][0] or "gesperrt" in response.json()["errors"]["__all__"][0]
    assert Game.objects.filter(pk=game.pk).exists()
    client.force_login(roles_world["users"]["director"])
    response = client.post(reverse("entry:delete", args=[table.pk]),
                           {"number": 1, "version": game.version, "reason": "Fehler"},
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert not Game.objects.filter(pk=game.pk).exists()
    assert t.audit.filter(object_type="game", action="delete", user=roles_world["users"]["director"]).exists()


def test_a_director_of_another_tournament_cannot_reach_this_one_by_url(client, roles_world):
    client.force_login(roles_world["users"]["other_director"])
    table = roles_world["table"]
    assert client.get(reverse("entry:sheet", args=[table.pk])).status_code == 403
    assert client.post(reverse("entry:preview", args=[table.pk]), {"number": 1}).status_code == 403


def test_printing_a_table_sheet_is_for_the_direction(client, roles_world):
    url = reverse("exports:table_download", args=[roles_world["table"].pk, "score_sheet"])
    client.force_login(roles_world["users"]["helper"])
    assert client.get(url).status_code == 403
    client.force_login(roles_world["users"]["director"])
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"

"""The world of the role tests (tests/staff/test_roles_views.py, the ``roles_world`` fixture of tests/conftest.py):
two seasons, three tournaments, one account per role; and every office write with real data (``posts``), which the
CSRF tests (tests/security/test_csrf_everywhere.py) send too."""

import random

from django.urls import reverse

from tests import factories
from tournament.models import (
    Adjustment,
    Category,
    Role,
    Season,
    Tournament,
)
from tournament.results.random_play import play_table


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
    users = {**factories.role_users(t, t3, s2), "nobody": factories.user("nobody", superuser=False)}
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

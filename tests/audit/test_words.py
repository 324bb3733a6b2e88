"""``tournament.audit.words``: one audit row → the words a director reads, the same on every page and export;
and the audit row's own rules (``audit.log.audit``, the tournament-or-season check in the database)."""

import io

import openpyxl
import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournament.audit import words
from tournament.audit.log import audit
from tournament.exports.registry import get
from tournament.models import AuditLog, Season
from tournament.results import services

pytestmark = pytest.mark.django_db

Kind, Action = AuditLog.Kind, AuditLog.Action
GAME = {"contract": "solo", "declarer": 2, "card_points": 61, "achieved": None, "tricks": None, "announcer": None,
        "raeuber_points": None, "raeuber_tricks": None, "last_trick": None, "calls": 0, "penalty": None,
        "number": 4, "scores": [-30, -30, 90, -30], "version": 1}


def row(kind, action=Action.UPDATE, old=None, new=None):
    return AuditLog(object_type=kind, action=action, old=old, new=new)


@pytest.mark.parametrize("log, subject, changes", [
    (row(Kind.GAME, old=GAME, new={**GAME, "declarer": 3, "scores": [-30, -30, -30, 90], "version": 2}),
     "Game 4", [("Declarer", "3", "4"), ("Scores per seat", "Seat 1 −30, Seat 2 −30, Seat 3 +90, Seat 4 −30",
                          "Seat 1 −30, Seat 2 −30, Seat 3 −30, Seat 4 +90")]),
    (row(Kind.TOTALS, Action.CREATE, new={"0": 30, "1": -10}), "Sheet totals", [("Seat 1", "", "+30"),
                                                                                ("Seat 2", "", "−10")]),
    (row(Kind.ROUND, Action.STATUS, old={"status": "open"}, new={"status": "locked"}), "Round",
     [("Status", "open", "locked")]),
    (row(Kind.ADJUSTMENT, Action.DELETE, old={"entry": 7, "points": 20, "reason": "Bonus"}), "Adjustment",
     [("Points", "+20", ""), ("Reason", "Bonus", "")]),
    (row(Kind.ENTRY, old={"start_number": 3, "withdrawn": False, "player.town": ""},
         new={"start_number": 3, "withdrawn": True, "player.town": "Triberg"}), "Registration",
     [("Withdrawn", "no", "yes"), ("Town", "–", "Triberg")]),
    (row(Kind.ROLE, Action.CREATE, new={"role": "helper", "user": "hans"}), "Staff",
     [("Role", "", "entry helper"), ("User", "", "hans")]),
    (row(Kind.TOURNAMENT, old={"ruleset": "schwarzwald", "status": "running"},
         new={"ruleset": "traditionell", "status": "finished"}), "Tournament",
     [("Ruleset", "Black Forest Championship (SM)", "Traditional (triple counting)"),
      ("Status", "running", "finished")]),
    (row(Kind.CATEGORY, Action.ADD, new={"category": "Senioren", "player": "Wehrle, Rosa"}), "Category",
     [("Category", "", "Senioren"), ("Player", "", "Wehrle, Rosa")]),
])
def test_a_row_in_words(log, subject, changes):
    with translation.override("en"):
        described = words.describe(log)
        assert described.subject == subject
        assert [(c.label, c.before, c.after) for c in described.changes] == changes


def test_where_a_row_belongs_and_its_one_line_summary():
    with translation.override("en"):
        entry = words.describe(row(Kind.ENTRY, old={"start_number": 3, "paid": False},
                                   new={"start_number": 3, "paid": True}))
        assert entry.where == "Start number 3" and (entry.before, entry.after) == ("Paid: no", "Paid: yes")
        game = words.describe(row(Kind.GAME, Action.CREATE, new=GAME))
        assert game.after.startswith("Solo, declarer 3, 61 card points: Seat 1 −30, Seat 2 −30, Seat 3 +90, "
                                     "Seat 4 −30") and game.before == ""
        category = words.describe(row(Kind.CATEGORY, Action.CREATE, new={"name": "Senioren"}))
        assert category.where == "“Senioren”"


def test_every_place_says_the_same_about_a_corrected_game(client):
    t, round_ = factories.seated(players=4)
    table = round_.tables.get()
    seat = table.forehand(1)
    game = services.record_game(table=table, number=1, data={"contract": "cego", "declarer": seat, "card_points": 60},
                                user=factories.user())
    services.record_game(table=table, number=1, data={"contract": "cego", "declarer": seat, "card_points": 40},
                         user=factories.user(), expected_version=game.version, reason="verzählt")
    client.force_login(factories.staff())
    with translation.override("de"):
        expected = words.describe_all(t.audit.select_related("user", "table__round").order_by("-at", "-id"))[0]
    assert expected.before.startswith("Cego, ") and "60" in expected.before and "40" in expected.after
    page = client.get(reverse("director:audit", args=[t.pk])).context["rows"][0]
    sheet = client.get(reverse("entry:sheet", args=[table.pk])).context["audit"][0]
    assert (page.subject, page.before, page.after) == (sheet.subject, sheet.before, sheet.after) == (
        expected.subject, expected.before, expected.after)
    html = client.get(reverse("entry:sheet", args=[table.pk])).content.decode()
    assert expected.before in html and expected.after in html
    with translation.override("de"):
        _name, _type, content = get("tournament_workbook").render(tournament=t)
    sheet_rows = list(openpyxl.load_workbook(io.BytesIO(content)).worksheets[-1].iter_rows(values_only=True))
    last = sheet_rows[-1]
    assert last[2:4] == (expected.kind, expected.action) and last[7:10] == (expected.before, expected.after,
                                                                              "verzählt")


def test_a_row_belongs_to_a_tournament_or_a_season_never_both_or_neither():
    t = factories.tournament(players=0)
    with pytest.raises(ValueError):
        audit(tournament=t, season=t.season, obj_type=Kind.SEASON, action=Action.UPDATE, user=None)
    with pytest.raises(ValueError):
        audit(obj_type=Kind.SEASON, action=Action.UPDATE, user=None)
    with pytest.raises(ValueError):
        audit(season=t.season, obj_type="no-such-kind", action=Action.UPDATE, user=None)
    for scope in ({"tournament": t, "season": t.season}, {}):
        with pytest.raises(IntegrityError), transaction.atomic():
            AuditLog.objects.create(object_type=Kind.SEASON, action=Action.UPDATE, **scope)
    audit(season=Season.objects.get(), obj_type=Kind.SEASON, action=Action.UPDATE, user=None)
    assert AuditLog.objects.filter(season__isnull=False, tournament__isnull=True).count() == 1

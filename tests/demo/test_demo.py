"""The demo command builds a realistic, consistent season and prints progress."""

import io

import pytest
from django.core.management import call_command
from django.db.models import Sum

from scoring import score_game
from tournament.models import (
    Adjustment,
    Game,
    Round,
    Score,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournament.results import engine

pytestmark = pytest.mark.django_db


def test_demo_builds_a_played_season():
    out = io.StringIO()
    call_command("demo", stdout=out)
    text = out.getvalue()
    assert "[1/3]" in text and "[3/3]" in text and "round 2: table" in text
    tournaments = list(Tournament.objects.order_by("date"))
    assert len(tournaments) == 3
    for t in tournaments:
        assert 60 <= t.entries.count() <= 140
        assert t.round_set.count() == 2
        for r in t.round_set.all():
            assert Seat.objects.filter(round=r).count() == t.entries.count()
    assert tournaments[-1].status == "running" and tournaments[0].status == "finished"
    assert Round.objects.filter(status="locked").count() == 5
    assert Table.objects.filter(size=5).exists() and Team.objects.count() >= 6
    assert Adjustment.objects.count() == 9
    assert Score.objects.aggregate(s=Sum("points"))["s"] == 0
    contracts = Game.objects.values("contract").annotate(n=Sum("table__size"))
    counts = {c["contract"]: c["n"] for c in contracts}
    assert counts["cego"] > counts["halbe"] > counts["solo"] and "raeuber" in counts
    # stored scores are the engine's
    for game in Game.objects.select_related("table__round__tournament").order_by("?")[:200]:
        data = {k: getattr(game, k) for k in engine.GAME_FIELDS}
        assert score_game(engine.engine_game(game.table, game.number, data))["scores"] == game.scores


def test_demo_is_idempotent():
    call_command("demo", stdout=io.StringIO())
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "exists already" in out.getvalue()
    assert Tournament.objects.count() == 3

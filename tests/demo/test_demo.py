"""The demo command builds a realistic, consistent season and prints progress.

The season is built once for the module (``demo_output``: about 15 s each time) and rolled back after it; every
test reads it in its own transaction inside that one, as tests/test_visible_pages.py does."""

import io

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import transaction
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
from tournament.public import cache as public_cache
from tournament.results import engine
from tournament.results.offiziers import offiziers_pack

pytestmark = pytest.mark.django_db


def clear_caches():
    """Pages stored under the demo's data versions go with it."""
    public_cache.store().clear()
    caches["default"].clear()


@pytest.fixture(scope="module")
def demo_output(django_db_setup, django_db_blocker):
    """What ``manage.py demo`` printed when it built the season on an empty database; the season stays for the
    module's tests and is rolled back after them."""
    with django_db_blocker.unblock(), transaction.atomic():
        out = io.StringIO()
        call_command("demo", stdout=out)
        clear_caches()
        yield out.getvalue()
        transaction.set_rollback(True)
    clear_caches()


def test_demo_builds_a_played_season(demo_output):
    text = demo_output
    assert "[1/3]" in text and "[3/3]" in text and "round 2: table" in text
    tournaments = list(Tournament.objects.filter(game="cego").order_by("date"))
    assert len(tournaments) == 3
    for t in tournaments:
        assert 60 <= t.entries.count() <= 140
        assert t.round_set.count() == 2
        for r in t.round_set.all():
            assert Seat.objects.filter(round=r).count() == t.entries.count()
    assert tournaments[-1].status == "running" and tournaments[0].status == "finished"
    assert Round.objects.filter(status="locked", tournament__game="cego").count() == 5
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


def test_demo_is_idempotent(demo_output):
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "exists already" in out.getvalue()
    assert Tournament.objects.filter(game="cego").count() == 3
    assert Tournament.objects.filter(game="offiziers").count() == 1


def test_demo_has_a_small_played_ziege_evening_in_a_season_of_its_own(demo_output):
    from tournament.results import ziege as ziege_results
    from tournament.standings import ziege as ziege_standings

    t = Tournament.objects.get(game="ziege")
    assert t.season.tournaments.count() == 1 and t.published and t.status == "finished"
    assert t.ziege_pairs.count() == 8 and t.round_set.count() == 2
    assert set(t.round_set.values_list("status", flat=True)) == {"locked"}        # final: not "vorläufig"
    for table in Table.objects.filter(round__tournament=t):
        series = ziege_results.sheet(table.ziege_games.all())["series"]
        assert sum(s["winner"] is not None for s in series) == 2
        assert all(len(s["after"]) >= 2 for s in series)       # nobody reaches 12 in one game
    rows = ziege_standings.standings(t)
    assert sum(r["series_won"] for r in rows) == sum(r["series_lost"] for r in rows) == 16


def test_demo_has_a_small_finished_offiziers_evening(demo_output):
    from tournament.standings import selectors as standings

    assert "[Offiziers-Cego]" in demo_output
    t = Tournament.objects.get(game="offiziers")
    assert t.season.tournaments.count() == 1 and t.published and t.status == "finished"
    assert t.entries.count() == 8 and t.round_set.filter(status="locked").count() == 2
    tables = Table.objects.filter(round__tournament=t)
    assert tables.count() == 8 and {tb.size for tb in tables} == {2}
    games = Game.objects.filter(table__in=tables).select_related("table__round__tournament")
    assert games.count() == 32
    pack = offiziers_pack(t)
    for game in games:                                 # every game the engine's, both counts adding up to 79
        assert 0 <= game.card_points <= pack and sum(game.scores) == 0
        data = {k: getattr(game, k) for k in engine.GAME_FIELDS}
        assert score_game(engine.engine_game(game.table, game.number, data))["scores"] == game.scores
    # Round 2 pairs without repeats; the standings rank all 8 and add up to zero.
    pairs = [frozenset(tb.seats.values_list("entry_id", flat=True)) for tb in tables]
    assert len(set(pairs)) == 8
    rows = standings.tournament_standings(t).rows
    assert len(rows) == 8 and sum(r.total for r in rows) == 0 and rows[0].total > 0


def test_demo_has_fees_payments_a_fund_and_cash_reports(demo_output):
    """Issue 26 item 6: every page and document of the money shows real content after ``make run``."""
    from tests.pdf_text import pdftotext
    from tournament.exports.registry import get
    from tournament.money import selectors

    tournaments = list(Tournament.objects.filter(game="cego").order_by("date"))
    reports = [selectors.day_report(t) for t in tournaments]
    for t, report in zip(tournaments, reports, strict=True):
        assert t.entry_fee == 10 and report.fees_net > 5 * t.entries.count()
        assert report.by_method["bar"] > 0 and report.by_method["überwiesen"] > 0
        assert report.income and report.expenses and report.fund_share == report.paying
        assert any(name == "Jugend" for name, *_rest in report.kinds)
    assert reports[0].refunded == 5 and reports[-1].open > 0               # a refund; the running day has fees open
    season = selectors.season_report(tournaments[0].season)
    assert season.payouts and season.fund_balance == 250 + season.shares - season.payout_total
    text = " ".join(pdftotext(get("cash_report").render(tournament=tournaments[-1])[2]).split())
    assert "Offene Startgelder" in text and "Tombola" in text and "Saalmiete" in text
    text = " ".join(pdftotext(get("season_cash_report").render(season=tournaments[0].season)[2]).split())
    assert all(t.name in text for t in tournaments) and "Wanderpokale" in text
def test_demo_has_prize_plans_a_finished_prize_giving_and_certificates(demo_output):
    """Issue 26 item 6: every Cego tournament has a plan; the finished ones had their prize giving (money and
    goods handed over, two players not present, one who came later); the certificates show real names."""
    from tournament import exports
    from tournament.prizes import selectors as prize_selectors

    tournaments = list(Tournament.objects.filter(game="cego").order_by("date"))
    for t in tournaments:
        assert t.prize_plan.prizes.count() >= 10 and t.entry_fee > 0
    finished = [t for t in tournaments if t.status == "finished"]
    assert len(finished) == 2
    for t in finished:
        paid = prize_selectors.paid_out(t)
        assert paid.money > 300 and paid.goods > 100
        states = [s.state for s in t.prize_steps.all()]
        assert states.count("absent") == 2 and states.count("later") == 1
    assert not tournaments[-1].prize_steps.exists()
    _name, _type, content = exports.get("certificates").render(tournament=finished[0])
    assert content.startswith(b"%PDF") and len(content) > 5000

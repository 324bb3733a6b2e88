"""The SQL that repeats a seat rule (``statistics.selectors.dealer_sql`` and ``SIT_OUT``) gives what
``scoring.seats`` gives, at every table size 3–5 and every game number 1–30."""

import pytest
from django.db.models import Count, F

from scoring import seats as seat_rules
from tests import factories
from tournament.models import Game, Round, Score, Seat, Table
from tournament.statistics import selectors as statistics

pytestmark = pytest.mark.django_db

SIZES = (3, 4, 5)
NUMBERS = range(1, 31)


@pytest.fixture
def tables():
    """One table of each size with games 1–30 and a score row for every seat of every game."""
    t = factories.tournament(players=sum(SIZES))
    entries = list(t.entries.order_by("start_number"))
    round_ = Round.objects.create(tournament=t, number=1, seed="sql", algorithm="test", input_hash="-")
    at = 0
    for index, size in enumerate(SIZES, start=1):
        table = Table.objects.create(round=round_, number=index, size=size, games_planned=len(NUMBERS))
        members = entries[at:at + size]
        at += size
        Seat.objects.bulk_create(Seat(round=round_, table=table, entry=e, position=p) for p, e in enumerate(members))
        games = Game.objects.bulk_create(Game(table=table, number=n, contract="cego", scores=[0] * size)
                                         for n in NUMBERS)
        Score.objects.bulk_create(Score(table=table, game=g, entry=e, points=0) for g in games for e in members)
    return round_


def test_dealer_sql_is_the_python_dealer(tables):
    rows = (Game.objects.filter(table__round=tables)
            .annotate(dealer=statistics.dealer_sql("number", "table__size"))
            .values_list("table__size", "number", "dealer"))
    got = {(size, number): dealer for size, number, dealer in rows}
    assert got == {(size, n): seat_rules.dealer(n, size) for size in SIZES for n in NUMBERS}


def test_sit_out_sql_is_the_python_sitting_out(tables):
    seated = Score.objects.filter(table__round=tables, entry__seats__table=F("table"))
    out = set(seated.filter(statistics.SIT_OUT).values_list("table__size", "game__number", "entry__seats__position"))
    expected = {(size, n, seat_rules.deal(n, size).sitting_out) for size in SIZES for n in NUMBERS
                if seat_rules.deal(n, size).sitting_out is not None}
    assert out == expected
    # As ``_per_player`` uses it: a filter on the aggregates, counting the games each seat played.
    counts = seated.aggregate(playing=Count("id", filter=~statistics.SIT_OUT),
                              out=Count("id", filter=statistics.SIT_OUT))
    assert counts == {"playing": sum(len(NUMBERS) * size for size in SIZES) - len(expected), "out": len(expected)}

"""The books of a tournament agree with themselves (``assert_books_balance``): used after fuzzing the score sheet
and after concurrent writers."""

from collections import defaultdict

from django.db.models import Sum

from tournament.models import Adjustment, Entry, Game, Score, Seat
from tournament.results import engine


def assert_books_balance():
    """What is stored agrees with itself: each game's scores sum to zero under zero-sum writing, its Score rows
    are exactly ``Game.scores`` seat by seat (no row missing, none twice, none left over), and each
    ``Entry.total`` is its scores plus its adjustments."""
    seats = {(s.table_id, s.position): s.entry_id for s in Seat.objects.all()}
    rows = defaultdict(list)
    for game_id, entry_id, points in Score.objects.filter(game__isnull=False).values_list("game", "entry", "points"):
        rows[game_id].append((entry_id, points))
    for game in Game.objects.select_related("table__round__tournament"):
        if engine.ruleset_for(game.table.round.tournament).writing == "zero_sum":
            assert sum(game.scores) == 0, (game, game.scores)
        expected = sorted((seats[game.table_id, pos], points) for pos, points in enumerate(game.scores))
        assert sorted(rows.pop(game.pk, [])) == expected, game
    assert not rows, f"score rows of games that do not exist: {dict(rows)}"
    sums = defaultdict(int)
    for model in (Score, Adjustment):
        for entry_id, points in model.objects.values("entry").annotate(s=Sum("points")).values_list("entry", "s"):
            sums[entry_id] += points
    for entry in Entry.objects.all():
        assert entry.total == sums[entry.pk], (entry, entry.total, sums[entry.pk])

"""Fill a table with legal random games scored by the engine, in bulk: for the demo, tests and benchmarks.

No audit entries are written (nobody entered these games), but the data versions are raised as by any write;
callers refresh ``Entry.total`` with ``services.refresh_totals`` once they are done with a tournament.
"""

from scoring import score_game
from scoring.random_games import random_game
from tournament.audit import versions
from tournament.models import Game, Score
from tournament.results.engine import stored_fields


def play_table(table, count, rng, *, ruleset=None, user=None):
    """Insert games 1…``count`` at ``table`` (one ``random_game`` draw from ``rng`` per game) and their scores.

    Returns the entry ids seated at the table.
    """
    ruleset = ruleset or table.round.tournament.ruleset
    seats = {s.position: s.entry_id for s in table.seats.all()}
    rows = []
    for number in range(1, count + 1):
        dealer = table.dealer(number)
        game = random_game(rng, ruleset, players=table.size, dealer=dealer)
        result = score_game(dict(game, dealer=dealer))
        fields = stored_fields(game)
        rows.append(Game(table=table, number=number, scores=result["scores"], value=result["value"],
                         fach=result["fach"], won=result["won"], explanation=result["explanation"],
                         updated_by=user, **fields))
    Game.objects.bulk_create(rows)
    saved = dict(Game.objects.filter(table=table, number__lte=count).values_list("number", "pk"))
    Score.objects.bulk_create(Score(table=table, game_id=saved[g.number], entry_id=seats[pos], points=points)
                              for g in rows for pos, points in enumerate(g.scores))
    versions.tournaments_changed([table.round.tournament_id], results_of=list(seats.values()))
    return list(seats.values())

"""Seat draws for a Cego tournament day: pure (standard library only, no Django), with a CLI.

Vocabulary, used throughout the seating modules:

- **day** — one tournament (Turnier): all players present play the same number of rounds.
- **round** — one seating of every player; each table then plays its games (24 in most rulesets) before the
  seats are drawn again. A draw covers all rounds of the day.
- **table** — the players who play together in one round. Normally 4; the players left over when the field is
  not a multiple of 4 sit at **odd tables**: tables of 5, where the dealer sits out each game, or — in
  rulesets that play three-handed — tables of 3. Every round has the same table sizes
  (``table_sizes``): tables of 4 first, then the odd tables.
- **seat** — a position at a table, ``0 … size-1``, in the order the deal passes round the table.
- **dealer** — the player who deals a game; the deal passes to the next seat after every game.
  The **first dealer** sits at seat 0 and deals the round's first game.
- **meeting** — two players at the same table in one round. A **same-day repeat** is a pair that meets in
  two rounds of one day; the draw avoids them whenever it can (always, for tables of 4 and 5, 20 to 403
  players and up to 4 rounds — see docs/seating.md).
- **history** — meetings on earlier days of the season, ``[a, b, times]``; such pairs are kept apart where
  possible, the more they met, the harder.
- **group** — players who registered together (family, club, team) and must not share a table, on the whole
  day or in the first ``group_rounds`` rounds.
- **fixed table** — a player who must stay at one table (by index) in every drawn round.
- **frozen round** — a round already played or published; a redraw after late entries or withdrawals keeps
  it exactly and draws only the later rounds.
- **seed** — the int or text (from a public physical draw, or published in advance) that, with the inputs,
  determines the draw. ``(algorithm, seed, input_hash)`` identifies a draw; same inputs and seed, same draw.

``draw`` (in ``day``) returns a ``Draw``; ``SeatingError`` (code + params) is the error a user can fix. The optimiser
is in ``search``, the seat order in ``seats``, input checks and the hash in ``inputs``, the Dutch cycles in
``cyclic``, the random generator in ``rng``, the command line in ``cli``. Tables of two and team against team
(Offiziers-Cego, Ziege) are paired round by round by ``pairs``.

CLI: ``python -m tournament.seating --players N --rounds R [--seed S] [--history FILE] [--groups FILE]``
prints ``{"seed", "algorithm", "input_hash", "rounds", "stats"}`` as JSON for players ``0 … N-1``; bad
arguments give a message on stderr and exit status 2.
"""

from tournament.seating.cli import main
from tournament.seating.cyclic import cyclic_shifts, dutch_cycle
from tournament.seating.day import (
    ALGORITHM,
    Draw,
    draw,
    history_weight,
    pair_meetings,
    repeated_pairs,
)
from tournament.seating.inputs import SeatingError, normalise_history, table_sizes

__all__ = [
    "ALGORITHM",
    "Draw",
    "SeatingError",
    "cyclic_shifts",
    "draw",
    "dutch_cycle",
    "history_weight",
    "main",
    "normalise_history",
    "pair_meetings",
    "repeated_pairs",
    "table_sizes",
]

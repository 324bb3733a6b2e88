"""The data of a Cego season: who plays where, what was played, what it scored, and who changed what.

Vocabulary as in ``scoring.contracts``: a *round* (*Durchgang*) is one seat draw followed by 24 games (30 at a
table of 5); a *table* holds 3–5 *seats*; a *game* is one row of the paper sheet. Scores are never typed: they are
computed by the engine (``services.record_game``) and stored per player in ``Score`` for fast reads.
"""

from tournament.models.season import Season, Tournament, Player, Team, Category
from tournament.models.registration import Entry
from tournament.models.play import Round, Table, Seat, Game, Score, Adjustment
from tournament.models.audit import AuditLog
from tournament.models.roles import Role

__all__ = [
    "Adjustment",
    "AuditLog",
    "Category",
    "Entry",
    "Game",
    "Player",
    "Role",
    "Round",
    "Score",
    "Season",
    "Seat",
    "Table",
    "Team",
    "Tournament",
]

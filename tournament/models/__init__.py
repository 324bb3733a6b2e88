"""The data of a Cego season: who plays where, what was played, what it scored, and who changed what.

Vocabulary as in ``scoring.contracts``: a *round* (*Durchgang*) is one seat draw followed by 24 games (30 at a
table of 5); a *table* holds 3–5 *seats*; a *game* is one row of the paper sheet. Scores are never typed: they are
computed by the engine (``services.record_game``) and stored per player in ``Score`` for fast reads. An
``ExportJob`` is a file being made for a user in the background; an ``ImportPreview`` a registration file
parsed and waiting for its import. ``TableLink``, ``TableFlag``, ``Signature``,
``TableRequest`` and ``SeatHold`` carry entry at the table (docs/table-entry.md). A ``PreRegistration`` is a
player's online request to play, confirmed into an entry by the director. A ``FormRequest`` keeps the answer to an
office form under its idempotency key (a form sent twice writes once). ``ZiegePair``, ``ZiegeBye`` and ``ZiegeGame``
carry a Ziege tournament (teams of two, ``models.ziege``). ``Reduction``, ``EntryCharge``, ``Payment``,
``CashItem``, ``SeasonFund`` and ``FundPayout`` carry the money (``models.money``, docs/money.md); ``PrizePlan``,
``Prize`` and ``PrizeStep`` the prizes and the prize giving (``models.prizes``, docs/prizes.md).
"""

from tournament.models.audit import AuditLog
from tournament.models.exports import ExportJob
from tournament.models.imports import ImportPreview
from tournament.models.money import CashItem, EntryCharge, FundPayout, Payment, Reduction, SeasonFund
from tournament.models.play import Adjustment, Game, Round, Score, Seat, Table
from tournament.models.preregistration import PreRegistration
from tournament.models.prizes import Prize, PrizePlan, PrizeStep
from tournament.models.registration import Entry
from tournament.models.requests import FormRequest
from tournament.models.roles import Role
from tournament.models.season import Category, Player, PlayerAlias, Season, Team, Tournament
from tournament.models.table_entry import SeatHold, Signature, TableFlag, TableLink, TableRequest
from tournament.models.ziege import ZiegeBye, ZiegeGame, ZiegePair

__all__ = [
    "Adjustment",
    "AuditLog",
    "CashItem",
    "Category",
    "Entry",
    "EntryCharge",
    "ExportJob",
    "FormRequest",
    "FundPayout",
    "ImportPreview",
    "Game",
    "Payment",
    "Player",
    "PlayerAlias",
    "PreRegistration",
    "Prize",
    "PrizePlan",
    "PrizeStep",
    "Reduction",
    "Role",
    "Round",
    "Score",
    "Season",
    "SeasonFund",
    "Seat",
    "SeatHold",
    "Signature",
    "Table",
    "TableFlag",
    "TableLink",
    "TableRequest",
    "Team",
    "Tournament",
    "ZiegeBye",
    "ZiegeGame",
    "ZiegePair",
]

"""Cego scoring: cards and counting, contracts, rulesets as data, the engine and its CLI — and the two other games
of the rule documents, Offiziers-Cego and Ziege, chosen by a game's ``"game"`` field. ``scoring.games`` is the one
entry to score any game (``score_game`` and ``score_games`` here are its functions).

Standard library only; nothing here knows Django, a database or the web. See RULES.md for the rules and
``scoring.contracts`` for the vocabulary (seat, dealer, forehand, declarer, Fach, …).
"""

from .errors import ScoringError
from .games import score_game, score_games
from .rulesets import RULESET_KEYS, resolve

__all__ = ["RULESET_KEYS", "ScoringError", "resolve", "score_game", "score_games"]

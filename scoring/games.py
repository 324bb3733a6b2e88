"""Which game a JSON object describes, and the one dispatch on it (docs/scoring.md).

A game's optional ``"game"`` field names it: absent, ``null`` or ``"cego"`` is four-handed Cego (``scoring.engine``),
``"offiziers"`` Offiziers-Cego for two (``scoring.offiziers``), ``"ziege"`` Ziege (``scoring.ziege``).
``engine.score_game`` hands every game with a ``"game"`` field to ``score``, so the CLI, the batch and the web app
score mixed lists without knowing the games apart.
"""

from . import engine, offiziers, ziege
from .errors import ScoringError

GAMES = ("cego", "offiziers", "ziege")
SCORERS = {"offiziers": offiziers.score, "ziege": ziege.score}


def score(game, lang="de"):
    """Score a game that names its game; raises ``ScoringError`` (``unknown_game`` for any other name)."""
    kind = game["game"]
    if kind is None or (type(kind) is str and kind == "cego"):    # null is absent, as for every optional field
        return engine.score_game({k: v for k, v in game.items() if k != "game"}, lang)
    scorer = SCORERS.get(kind) if type(kind) is str else None
    if scorer is None:
        raise ScoringError("unknown_game", game=str(kind))
    return scorer(game, lang)

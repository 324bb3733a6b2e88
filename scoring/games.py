"""The one entry to score any game: which game a JSON object describes, and the one dispatch on it
(docs/scoring.md).

A game's optional ``"game"`` field names it: absent, ``null`` or ``"cego"`` is four-handed Cego (``scoring.engine``),
``"offiziers"`` Offiziers-Cego for two (``scoring.offiziers``), ``"ziege"`` Ziege (``scoring.ziege``). Every
caller — the CLI, the batch, the web app, the backup — scores through ``score_game`` / ``score_games`` here (also
exported as ``scoring.score_game``), so mixed lists score without knowing the games apart. The game modules import
each other not at all; this module sits above them and is the only one that knows all three.
"""

from . import engine, offiziers, ziege
from .errors import ScoringError

GAMES = ("cego", "offiziers", "ziege")
# One scorer per game, each ``score(game, lang) -> result``; Cego's takes the game without its "game" field.
SCORERS = {"cego": engine.score, "offiziers": offiziers.score, "ziege": ziege.score}


def score_game(game, lang="de"):
    """Score one game of any kind (a dict as in RULES.md §6, §8, §9). Returns the result dict; raises
    ``ScoringError`` (``unknown_game`` for a ``"game"`` this engine does not know)."""
    if type(game) is not dict:
        raise ScoringError("malformed", detail="a game must be a JSON object")
    if "game" not in game:
        return engine.score(game, lang)
    kind = game["game"]
    if kind is None or (type(kind) is str and kind == "cego"):    # null is absent, as for every optional field
        return engine.score({k: v for k, v in game.items() if k != "game"}, lang)
    scorer = SCORERS.get(kind) if type(kind) is str else None
    if scorer is None:
        raise ScoringError("unknown_game", game=str(kind))
    return scorer(game, lang)


def score_games(games, lang="de"):
    """Score a batch; a rejected game gives ``{"error": {"code", "message", "params"}}`` in its place."""
    results = []
    for game in games:
        try:
            results.append(score_game(game, lang))
        except ScoringError as err:
            results.append({"error": err.as_dict(lang)})
    return results

"""The bridge between stored games and the scoring engine: which fields a game stores, the engine's game for a row
of a table, the tournament's ruleset, and how an engine error becomes a form error. Nothing here writes."""

from django.core.exceptions import ValidationError
from django.utils.translation import get_language

from scoring import resolve
from tournament.games import kind_of
from tournament.models.play import OFFIZIERS_CONTRACT, OFFIZIERS_NAME, contract_name  # noqa: F401 (the engine's words)

# What a game of Offiziers-Cego stores in ``Game.contract`` (there is no contract; docs/scoring.md).
OFFIZIERS = OFFIZIERS_CONTRACT

# Engine input fields a Game stores (RULES.md §6, §10); everything else is derived. The engine calls a fine's
# ``fine_value`` ``value`` (``ENGINE_NAMES``): ``Game.value`` is the scored X of every game.
GAME_FIELDS = ("contract", "declarer", "card_points", "achieved", "tricks", "announcer", "raeuber_points",
               "raeuber_tricks", "last_trick", "calls", "penalty", "played_with", "ouverte", "compulsory",
               "pagat_seller", "payer", "fine_value")
ENGINE_NAMES = {"fine_value": "value"}
# Which form field an engine error belongs to.
ERROR_FIELDS = {
    "card_points_out_of_range": "card_points", "card_points_required": "card_points",
    "declarer_required": "declarer", "declarer_not_forehand": "declarer", "outcome_required": "achieved",
    "outcome_conflict": "tricks", "tricks_out_of_range": "tricks", "announcer_required": "announcer",
    "raeuber_points_required": "raeuber_points", "raeuber_tricks_inconsistent": "raeuber_tricks",
    "raeuber_tricks_required": "raeuber_tricks",
    "last_trick_required": "last_trick", "calls_not_allowed": "calls", "calls_out_of_range": "calls",
    "unknown_contract": "contract", "contract_not_allowed": "contract", "card_points_sum": "card_points",
    "played_with_required": "played_with", "played_with_invalid": "played_with",
    "played_with_not_allowed": "played_with", "ouverte_not_allowed": "ouverte", "penalty_required": "penalty",
    "announcer_not_allowed": "announcer", "compulsory_not_allowed": "compulsory",
    "pagat_seller_not_allowed": "pagat_seller", "payer_required": "payer", "value_required": "fine_value",
    "value_out_of_range": "fine_value",
}


# The most points one game, total or adjustment may move (real games: a few thousand). Extreme ruleset options
# could otherwise produce numbers the database's integer columns cannot hold (a 500 on PostgreSQL).
MAX_POINTS = 1_000_000


def engine_error(err, field=None):
    """A ``ScoringError`` as a ``ValidationError`` on the form field it belongs to, in the request's language."""
    field = field or ERROR_FIELDS.get(err.code) or err.params.get("field") or "__all__"
    return ValidationError({field: ValidationError(err.message(get_language() or "de"), code=err.code)})


def ruleset_for(tournament):
    return resolve(tournament.ruleset, tournament.options or None)


def game_fields(table, data):
    """The fields a Game row stores for the entered ``data`` (the game's kind says which: ``game_fields``)."""
    return kind_of(table.round.tournament).hook("game_fields")(table, data)


def engine_game(table, number, data):
    """The engine's JSON game for row ``number`` of ``table`` from the entered ``data`` (the kind's
    ``engine_game``)."""
    return kind_of(table.round.tournament).hook("engine_game")(table, number, data)


def cego_fields(table, data):
    """A Cego game stores its ``GAME_FIELDS`` as entered (``stored_fields``); ``table`` as every kind's hook takes
    it."""
    return stored_fields(data)


def cego_game(table, number, data):
    """The engine's game of a Cego row: the ruleset, the table's size, the deal's dealer and who sits out."""
    tournament = table.round.tournament
    deal = table.deal(number)
    game = {"ruleset": tournament.ruleset, "players": table.size, "dealer": deal.dealer}
    if tournament.options:
        game["options"] = tournament.options
    if deal.sitting_out is not None:
        game["sitting_out"] = deal.sitting_out
    for name, value in stored_fields(data).items():
        if value is not None and not (name in ("calls", "ouverte", "compulsory") and not value):
            game[ENGINE_NAMES.get(name, name)] = value
    return game


def stored_fields(data):
    """The ``GAME_FIELDS`` of entered ``data`` as a ``Game`` stores them: no calls is 0, not open is False, no
    ``played_with`` is None — the one place, so a game entered without the variant fields (random play, an older
    backup) stores and compares the same as one entered with them empty."""
    fields = {name: data.get(name) for name in GAME_FIELDS}
    fields["calls"] = fields["calls"] or 0
    fields["ouverte"] = bool(fields["ouverte"])
    fields["compulsory"] = bool(fields["compulsory"])
    fields["played_with"] = fields["played_with"] or None
    return fields


def stores(game, data):
    """Whether ``game`` already holds exactly the entered ``data`` (a double submit, a resent queue)."""
    return all(getattr(game, k) == v for k, v in stored_fields(data).items())


def game_snapshot(game):
    return {name: getattr(game, name) for name in (*GAME_FIELDS, "number", "scores", "version")}

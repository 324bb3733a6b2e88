"""Errors of the scoring engine: a stable code, parameters, and a message in German or English.

Two kinds of error (as Tabbycat's draw generator separates them):

* ``ScoringError`` — the input breaks the rules (a card-point total out of range, a seat that sits out, …).
  A user can act on it. Its ``code`` never changes, so callers (forms, the CLI, tests) rely on it; its
  ``params`` fill the message.
* Anything else (``TypeError``, ``KeyError`` …) is a programming error and is allowed to surface.

The engine is free of Django, so it carries its own two-language message catalogue. The web app shows
``err.message(lang)`` with the language of the request.
"""

MESSAGES = {
    "malformed": (
        "Malformed game: {detail}",
        "Fehlerhafte Spielangabe: {detail}",
    ),
    "unknown_ruleset": (
        "Unknown ruleset '{ruleset}'.",
        "Unbekanntes Regelwerk „{ruleset}“.",
    ),
    "bad_option": (
        "Option '{option}' is not valid: {detail}",
        "Option „{option}“ ist ungültig: {detail}",
    ),
    "unknown_contract": (
        "Unknown contract '{contract}'.",
        "Unbekanntes Spiel „{contract}“.",
    ),
    "contract_not_allowed": (
        "The contract '{contract}' is not played under the ruleset '{ruleset}'.",
        "Das Spiel „{contract}“ gibt es im Regelwerk „{ruleset}“ nicht.",
    ),
    "players_not_allowed": (
        "The ruleset '{ruleset}' does not play at tables of {players}.",
        "Im Regelwerk „{ruleset}“ gibt es keine Tische mit {players} Spielern.",
    ),
    "sitting_out_required": (
        "At a table of 5 the seat that sits out must be given.",
        "Am Fünfertisch muss angegeben werden, wer aussetzt.",
    ),
    "sitting_out_forbidden": (
        "Nobody sits out at a table of {players}.",
        "Am Tisch mit {players} Spielern setzt niemand aus.",
    ),
    "bad_seat": (
        "'{field}' = {seat} is not a playing seat at this table (seats are numbered from 0).",
        "„{field}“ = {seat} ist kein mitspielender Sitz an diesem Tisch (Sitze ab 0 gezählt).",
    ),
    "declarer_required": (
        "The declarer must be given.",
        "Der Spieler (Alleinspieler) muss angegeben werden.",
    ),
    "declarer_not_forehand": (
        "Only forehand (seat {forehand}) may play a Cego.",
        "Ein Cego darf nur die Vorhand (Sitz {forehand}) spielen.",
    ),
    "card_points_required": (
        "The declarer's card points must be given.",
        "Die Kartenpunkte des Spielers müssen angegeben werden.",
    ),
    "card_points_out_of_range": (
        "Card points must be between 0 and {total}, got {value}.",
        "Kartenpunkte müssen zwischen 0 und {total} liegen, eingegeben: {value}.",
    ),
    "outcome_required": (
        "Whether the goal of the {contract} was met (or the number of tricks) must be given.",
        "Bei „{contract}“ muss angegeben werden, ob das Ziel erreicht wurde (oder die Stichzahl).",
    ),
    "outcome_conflict": (
        "'achieved' and 'tricks' contradict each other.",
        "„Erreicht“ und die Stichzahl widersprechen sich.",
    ),
    "tricks_out_of_range": (
        "A number of tricks must be between 0 and {max}, got {value}.",
        "Die Stichzahl muss zwischen 0 und {max} liegen, eingegeben: {value}.",
    ),
    "announcer_required": (
        "The player who announced the {contract} must be given.",
        "Wer „{contract}“ angesagt hat, muss angegeben werden.",
    ),
    "raeuber_points_required": (
        "The card points of every playing seat must be given for a Räuber.",
        "Beim Räuber müssen die Kartenpunkte jedes mitspielenden Sitzes angegeben werden.",
    ),
    "raeuber_tricks_inconsistent": (
        "Seat {seat} has {points} card points but no trick.",
        "Sitz {seat} hat {points} Kartenpunkte, aber keinen Stich.",
    ),
    "raeuber_tricks_required": (
        "Under the ruleset '{ruleset}' a Räuber pays for a Jungfrau (a player without a trick): give the card "
        "points or the tricks of every playing seat.",
        "Im Regelwerk „{ruleset}“ zählt beim Räuber die Jungfrau (wer keinen Stich hat): bitte die Kartenpunkte "
        "oder die Stiche jedes mitspielenden Sitzes angeben.",
    ),
    "last_trick_required": (
        "The seat that took the last trick must be given for a Drescher.",
        "Beim Drescher muss angegeben werden, wer den letzten Stich gemacht hat.",
    ),
    "calls_not_allowed": (
        "The ruleset '{ruleset}' has no Contra calls (Contracego) for this game.",
        "Das Regelwerk „{ruleset}“ kennt für dieses Spiel kein Kontra (Contracego).",
    ),
    "calls_out_of_range": (
        "Calls must be between 0 and {max}, got {value}.",
        "Kontra-Stufen müssen zwischen 0 und {max} liegen, eingegeben: {value}.",
    ),
    "unknown_card": (
        "Unknown card '{card}'.",
        "Unbekannte Karte „{card}“.",
    ),
    "duplicate_card": (
        "The card '{card}' is given twice.",
        "Die Karte „{card}“ ist doppelt angegeben.",
    ),
    "unknown_counting": (
        "Unknown counting method '{counting}' (pairs or triples).",
        "Unbekannte Zählweise „{counting}“ (pairs oder triples).",
    ),
    # Offiziers-Cego and Ziege (scoring.offiziers, scoring.ziege; docs/scoring.md)
    "unknown_game": (
        "Unknown game '{game}' (cego, offiziers or ziege).",
        "Unbekanntes Spiel „{game}“ (cego, offiziers oder ziege).",
    ),
    "wrong_player_count": (
        "{game} is played by {expected} players, not {players}.",
        "{game} wird zu {expected} gespielt, nicht zu {players}.",
    ),
    "card_points_sum": (
        "The card points must add up to {total} (the whole pack), got {sum}.",
        "Die Kartenpunkte müssen zusammen {total} ergeben (das ganze Blatt), eingegeben: {sum}.",
    ),
    "card_points_impossible": (
        "{value} card points cannot be taken in {game}.",
        "{value} Kartenpunkte sind bei {game} nicht möglich.",
    ),
    "team_points_required": (
        "The card points of both teams must be given.",
        "Die Kartenpunkte beider Teams müssen angegeben werden.",
    ),
    "team_tricks_required": (
        "Whether each team took a trick must be given (true or false for both teams).",
        "Für beide Teams muss angegeben werden, ob es einen Stich gemacht hat.",
    ),
    "team_tricks_inconsistent": (
        "Team {team} has {points} card points but no trick.",
        "Team {team} hat {points} Kartenpunkte, aber keinen Stich.",
    ),
    "series_over": (
        "The series already ended after game {game}; a new series starts a new list.",
        "Die Serie war schon nach Spiel {game} zu Ende; eine neue Serie beginnt eine neue Liste.",
    ),
    # Variants (the variants of scoring.engine; docs/scoring.md, "Variants")
    "played_with_required": (
        "Under this ruleset a Gegensolo needs the contract it was played with ('played_with').",
        "In diesem Regelwerk muss beim Gegensolo angegeben werden, mit welchem Spiel es gespielt wurde.",
    ),
    "played_with_invalid": (
        "A Gegensolo is played with Cego … Kleiner Mann, not '{contract}'.",
        "Ein Gegensolo wird mit Cego … Kleiner Mann gespielt, nicht mit „{contract}“.",
    ),
    "played_with_not_allowed": (
        "'played_with' belongs only to a Gegensolo under a ruleset that scores it by contract ('{ruleset}' "
        "does not here).",
        "„Gespielt mit“ gibt es nur beim Gegensolo eines Regelwerks, das es nach Spiel wertet (hier nicht: "
        "„{ruleset}“).",
    ),
    "ouverte_not_allowed": (
        "The ruleset '{ruleset}' has no open (ouverte) play for this game.",
        "Das Regelwerk „{ruleset}“ kennt für dieses Spiel kein Ouvert-Spiel.",
    ),
    "penalty_required": (
        "A Schinden needs the seat that loses ('penalty').",
        "Beim Schinden muss angegeben werden, wer verliert.",
    ),
    # The last rules of the seed documents (RULES.md §10)
    "announcer_not_allowed": (
        "A Pflichträuber (compulsory Räuber) has no announcer.",
        "Ein Pflichträuber hat keinen Ansager.",
    ),
    "compulsory_not_allowed": (
        "Only a Räuber can be compulsory (a Pflichträuber).",
        "Nur ein Räuber kann Pflicht sein (Pflichträuber).",
    ),
    "pagat_seller_not_allowed": (
        "A bought Kleiner Mann ('pagat_seller') belongs only to an Ultimo.",
        "Einen gekauften Kleinen Mann gibt es nur beim Ultimo.",
    ),
    "payer_required": (
        "A fine needs the seat that pays it ('payer').",
        "Bei einer Strafe muss angegeben werden, wer sie zahlt.",
    ),
    "value_required": (
        "The ruleset '{ruleset}' has no fixed fine: give what the payer pays each other player ('value').",
        "Das Regelwerk „{ruleset}“ kennt keine feste Strafe: bitte angeben, was der Bestrafte jedem anderen zahlt.",
    ),
    "value_out_of_range": (
        "A fine must be between 1 and {max} per player, got {value}.",
        "Eine Strafe muss zwischen 1 und {max} je Spieler liegen, eingegeben: {value}.",
    ),
}


class ScoringError(ValueError):
    """A game (or option, or card) the rules reject. ``code`` is stable; ``params`` fill the message."""

    def __init__(self, code, **params):
        if code not in MESSAGES:
            raise KeyError(f"no message for error code {code!r}")
        self.code = code
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang="de"):
        english, german = MESSAGES[self.code]
        template = german if str(lang).startswith("de") else english
        try:
            return template.format(**self.params)
        except (KeyError, IndexError):
            return template

    def as_dict(self, lang="de"):
        """The JSON form of RULES.md §6: ``{"code": ..., "message": ..., "params": ...}``."""
        return {"code": self.code, "message": self.message(lang), "params": self.params}

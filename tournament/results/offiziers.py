"""The score sheet of an Offiziers-Cego table (two players): the entry form and the rows with running totals.

Per game the sheet takes seat 1's card points (seat 2's are the pack minus them, shown) or a rule violation;
``services.record_game`` scores it through the engine (``results.engine.engine_game``, which asks this module's
``engine_game`` and ``game_fields``: the Offiziers-Cego kind's hooks). Nothing here writes.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.offiziers import PACK
from tournament.results.engine import GAME_FIELDS, OFFIZIERS, ruleset_for

PENALTY_CHOICES = (("", "—"), ("0", _("Seat 1")), ("1", _("Seat 2")))


def offiziers_pack(tournament):
    """The card points of the whole pack by the tournament's counting: 79 by pairs, 70 by triples."""
    return PACK[ruleset_for(tournament).counting]


def game_fields(table, data):
    """The fields a Game row stores (the kind's ``game_fields``): seat 1's card points or the rule violation, the
    contract ``offiziers`` and no Cego variant."""
    return {name: None for name in GAME_FIELDS} | {"calls": 0, "ouverte": False, "compulsory": False,
                                                   "contract": OFFIZIERS,
                                                   "card_points": data.get("card_points"),
                                                   "penalty": data.get("penalty")}


def engine_game(table, number, data):
    """The engine's game (the kind's ``engine_game``): seat 1's points are entered; seat 2's are the pack minus
    them (the engine checks both)."""
    tournament = table.round.tournament
    game = {"game": "offiziers", "ruleset": tournament.ruleset, "players": 2}
    options = dict(tournament.options or {})
    if tournament.win_loss:
        options["writing"] = "win_loss"
    if options:
        game["options"] = options
    points = data.get("card_points")
    if points is not None:
        game["card_points"] = [points, offiziers_pack(tournament) - points]
    if data.get("penalty") is not None:
        game["penalty"] = data["penalty"]
    return game


class OffiziersGameForm(forms.Form):
    number = forms.IntegerField(label=_("Game"), min_value=1, max_value=60)
    card_points = forms.IntegerField(label=_("Card points of seat 1"), min_value=0, max_value=79, required=False)
    penalty = forms.TypedChoiceField(label=_("Rule violation by"), choices=PENALTY_CHOICES, coerce=int,
                                     empty_value=None, required=False)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason for the correction"), max_length=200, required=False)

    def __init__(self, *args, table, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"] = forms.IntegerField(label=_("Game"), min_value=1, max_value=table.games_planned)
        self.fields["card_points"] = forms.IntegerField(label=_("Card points of seat 1"), min_value=0,
                                                        max_value=offiziers_pack(table.round.tournament),
                                                        required=False)

    def data_for_service(self):
        return {"card_points": self.cleaned_data["card_points"], "penalty": self.cleaned_data["penalty"]}


def sheet_rows(table):
    """One row per planned game: the points of both seats, the scores and the running totals (None if open)."""
    pack = offiziers_pack(table.round.tournament)
    games = {g.number: g for g in table.games.all()}
    totals = [0, 0]
    rows = []
    for number in range(1, table.games_planned + 1):
        game = games.get(number)
        row = {"number": number, "game": game, "points": None, "scores": None, "totals": None}
        if game is not None:
            if game.card_points is not None:
                row["points"] = [game.card_points, pack - game.card_points]
            totals = [t + s for t, s in zip(totals, game.scores, strict=True)]
            row["scores"], row["totals"] = list(game.scores), list(totals)
        rows.append(row)
    return {"rows": rows, "totals": totals, "entered": len(games), "pack": pack}


def initial(table, raw):
    """The form's start: game ``raw`` as stored (a correction, with its version), else the first open game."""
    games = {g.number: g for g in table.games.all()}
    number = int(raw) if raw and raw.isdigit() and len(raw) < 3 else 0
    game = games.get(number)
    if game is not None:
        return {"number": number, "card_points": game.card_points, "penalty": game.penalty, "version": game.version}
    open_games = [n for n in range(1, table.games_planned + 1) if n not in games]
    return {"number": open_games[0] if open_games else table.games_planned}


def player_cells(game, position, pack, points):
    """An Offiziers-Cego game seen from ``position`` on a player's page (``public.selectors.player_games``): own
    card points and the opponent's (the game stores seat 1's), won or lost by the score (a draw, 35:35, neither)."""
    if game.card_points is None:           # a rule violation: no points
        return {"offiziers": True, "score_line": "", "won": points > 0 if points else None}
    mine = game.card_points if position == 0 else pack - game.card_points
    return {"offiziers": True, "score_line": f"{mine}:{pack - mine}", "won": points > 0 if points else None}

"""Cego: tables of three to five (the ruleset says which), 24 games a round (30 at five), one declarer a game,
ranked by points with the tie-breaks of docs/standings.md."""

from django.utils.translation import gettext_lazy as _

from tournament.games.base import GameKind
from tournament.models import Tournament

CEGO = GameKind(
    key=Tournament.Game.CEGO,
    seats=(3, 5),
    family="sheet",
    declarer=True,
    teams=False,
    ends_by_time=False,
    phone_template="phone/table.html",
    standings_template="public/tournament.html",
    unfit_export=_("This tournament does not play Ziege."),
    sheet_layout="seats",
    hooks={
        "draw_round": "tournament.draws.services.draw_round",
        "record_game": "tournament.results.services.record_game",
        "game_form": "tournament.results.rows.GameRowForm",
        "round_progress": "tournament.results.selectors.cego_progress",
        "phone_sheet": "tournament.table_entry.selectors.phone_sheet",
        "confirm_game": "tournament.table_entry.services.confirm_game",
        "dispute_game": "tournament.table_entry.services.dispute_game",
        "sign_table": "tournament.table_entry.services.sign_table",
        "standings": "tournament.standings.selectors.tournament_standings",
        "engine_game": "tournament.results.engine.cego_game",
        "game_fields": "tournament.results.engine.cego_fields",
        "sheet_back": "tournament.exports.pdf.sheets.cego_back",
    },
)

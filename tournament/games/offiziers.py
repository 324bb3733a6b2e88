"""Offiziers-Cego: two players a table, Swiss-style pairs without repeats (a bye in an odd field), no declarer;
its games are Cego ``Game`` rows with the contract ``offiziers`` (docs/scoring.md), confirmed and signed as Cego's."""

from django.utils.translation import gettext_lazy as _

from tournament.games.base import GameKind
from tournament.models import Tournament

OFFIZIERS = GameKind(
    key=Tournament.Game.OFFIZIERS,
    seats=(2, 2),
    family="sheet",
    declarer=False,
    teams=False,
    ends_by_time=False,
    phone_template="phone/offiziers.html",
    standings_template="public/tournament.html",
    unfit_export=_("This tournament does not play Ziege."),
    sheet_layout="pair",
    own_fields=("games_per_round_2", "win_loss", "round_robin"),
    hooks={
        "draw_round": "tournament.draws.services.draw_round",
        "record_game": "tournament.results.services.record_game",
        "game_form": "tournament.results.offiziers.OffiziersGameForm",
        "round_progress": "tournament.results.selectors.cego_progress",
        "phone_sheet": "tournament.table_entry.offiziers.phone_sheet",
        "confirm_game": "tournament.table_entry.services.confirm_game",
        "dispute_game": "tournament.table_entry.services.dispute_game",
        "sign_table": "tournament.table_entry.services.sign_table",
        "standings": "tournament.standings.selectors.tournament_standings",
        "engine_game": "tournament.results.offiziers.engine_game",
        "game_fields": "tournament.results.offiziers.game_fields",
        "sheet_back": "tournament.exports.pdf.offiziers_back.offiziers_back",
    },
)

"""Ziege: two teams of two at a table of four, series played until the evening's time ends the round, teams ranked
by series won (docs/standings.md "Ziege"); its games are ``ZiegeGame`` rows, its teams ``ZiegePair`` rows."""

from django.utils.translation import gettext_lazy as _

from tournament.games.base import GameKind
from tournament.models import Tournament

ZIEGE = GameKind(
    key=Tournament.Game.ZIEGE,
    seats=(4, 4),
    family="series",
    declarer=False,
    teams=True,
    ends_by_time=True,
    phone_template="phone/ziege.html",
    standings_template="public/ziege_tournament.html",
    unfit_export=_("This file is made for Cego and does not fit a Ziege tournament; the Ziege score sheets, "
                   "standings, workbook and team list are on the exports page."),
    sheet_layout="series",
    hooks={
        "draw_round": "tournament.draws.ziege.draw_round",
        "record_game": "tournament.results.ziege.record_game",
        "game_form": "tournament.results.ziege.ZiegeGameForm",
        "round_progress": "tournament.results.ziege.round_progress",
        "phone_sheet": "tournament.table_entry.ziege.phone_sheet",
        "confirm_game": "tournament.table_entry.ziege.confirm_game",
        "dispute_game": "tournament.table_entry.ziege.dispute_game",
        "sign_table": "tournament.table_entry.ziege.sign_table",
        "standings": "tournament.standings.ziege.standings",
    },
)

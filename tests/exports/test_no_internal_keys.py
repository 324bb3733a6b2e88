"""No internal key reaches a reader (issue 24, item 9): an Offiziers-Cego game is "Offiziers-Cego" in the
workbook's round sheet and in the change log, never "offiziers"; a changed field with choices (the tournament's
game) is its label in the log, never "ziege"."""

import io

import openpyxl
import pytest
from django.utils import translation

from tests import factories
from tournament import exports
from tournament.audit.seats import describe_game
from tournament.audit.values import value_text
from tournament.draws import services as draws
from tournament.models import AuditLog, Game, Tournament
from tournament.results.engine import OFFIZIERS

pytestmark = pytest.mark.django_db


def test_the_offiziers_workbook_names_the_game_not_its_key():
    t = factories.tournament(players=4, rounds=1, game="offiziers")
    round_ = draws.draw_round(tournament=t, number=1, user=factories.user())
    for table in round_.tables.all():                # a game as stored (the engine's scores do not matter here)
        Game.objects.create(table=table, number=1, contract=OFFIZIERS, card_points=40, scores=[10, -10], value=10)
    book = openpyxl.load_workbook(io.BytesIO(exports.get("tournament_workbook").render(tournament=t)[2]))
    sheet = next(ws for ws in book.worksheets if ws.title.startswith("Durchgang"))
    rows = list(sheet.iter_rows(values_only=True))
    column = rows[0].index("Spiel")
    games = [r[column] for r in rows[1:] if r[column]]
    assert games and set(games) == {"Offiziers-Cego"}
    assert not any("offiziers" in str(v) for r in rows for v in r if v is not None)


def test_the_log_names_an_offiziers_game_and_a_changed_game_kind_in_words():
    with translation.override("de"):
        assert describe_game({"contract": "offiziers", "scores": [10, -10]}) == "Offiziers-Cego"
        text = value_text(AuditLog.Kind.TOURNAMENT, "game", "ziege")
        assert text == str(Tournament.Game.ZIEGE.label) and text != "ziege"
        assert value_text(AuditLog.Kind.TOURNAMENT, "name", "ziege") == "ziege"     # free text stays as typed

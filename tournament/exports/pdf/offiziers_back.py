"""The back of a blank Offiziers-Cego score sheet: what a table of two needs instead of the Cego tariff — the
rule that wins a game (40 of 79 by pairs, 36 of 70 by triples), the Fach bands of the tournament's ruleset at
contract factor 1 with the value each player writes, or the win/loss writing (+1/−1), a rule violation, and how
the two-column sheet is written. The numbers come from the engine (``scoring.offiziers.tariff``)."""

from scoring import offiziers
from tournament.common.i18n import engine_lang
from tournament.common.numbers import signed
from tournament.results.engine import ruleset_for

TEMPLATE = "exports/pdf/offiziers_back.html"


def offiziers_back_context(tournament):
    rs = ruleset_for(tournament)
    paper = offiziers.tariff(rs)
    rows = [{**row, "plus": signed(row["value"]), "minus": signed(-row["value"])} for row in paper["rows"]]
    return {"ruleset_name": rs.label(engine_lang()), "rows": rows, "pack": paper["pack"],
            "threshold": paper["threshold"], "draw": paper["draw"], "half": paper["pack"] // 2,
            "triples": rs.counting == "triples", "unit": paper["unit"], "rounding": paper["rounding"],
            "penalty_fach": paper["penalty_fach"], "penalty_plus": signed(paper["penalty_value"]),
            "penalty_minus": signed(-paper["penalty_value"]), "win_loss": tournament.win_loss,
            "note_lines": range(8)}


def offiziers_back(tournament):
    """The back page of an Offiziers-Cego sheet (the kind's ``sheet_back``): the template and its context."""
    return TEMPLATE, offiziers_back_context(tournament)

"""Reads for the entry pages: the score sheet as rows and cells, its numbers as JSON, its change log.

Nothing here scores or saves: scores come from the stored games (``selectors.sheet_for_table``) or, for a
preview, from the engine result the view passes in; the running totals come from ``ScoreSheet``.
"""

from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from scoring import seats as seat_rules
from scoring.contracts import CONTRACTS
from tournament.audit import words
from tournament.audit.words import describe_game
from tournament.common.i18n import engine_lang
from tournament.common.numbers import signed
from tournament.models import Game, Round, Table
from tournament.office.forms.sheet import (
    ALIASES,
    contract_key,
    row_values,
    show_raeuber_tricks,
)
from tournament.results import selectors
from tournament.results.engine import game_snapshot, ruleset_for
from tournament.results.scoresheet import ScoreSheet


def round_url(round_):
    """The director's page of the round."""
    return reverse("director:round", args=[round_.tournament_id, round_.number])


def contract_config(rs, lang):
    """What the page script needs to show the right inputs for a typed contract (no scoring)."""
    info = {key: {"kind": c.kind, "label": c.name(lang), "abbr": c.abbr, "allowed": key in rs.allowed}
            for key, c in CONTRACTS.items()}
    return {"aliases": ALIASES, "info": info}


def contract_legend(rs, lang):
    return [{"abbr": c.abbr, "label": c.name(lang), "key": key} for key, c in CONTRACTS.items() if key in rs.allowed]


def sheet_numbers(table, zero_sum, replace=None):
    """Scores, row sums, running totals and totals of the sheet as JSON-ready dicts.

    ``replace`` = ``(number, scores)`` shows the sheet as it would be with that row (a preview); ``scores`` None
    removes the row.
    """
    scores = dict(Game.objects.filter(table=table).values_list("number", "scores"))
    if replace is not None:
        number, row_scores = replace
        if row_scores is None:
            scores.pop(number, None)
        else:
            scores[number] = row_scores
    sheet = ScoreSheet(table.size, table.games_planned, scores, zero_sum=zero_sum)
    entered = [r for r in sheet.rows if r.entered]
    return {
        "scores": {r.number: r.scores for r in entered},
        "running": {r.number: r.running for r in entered},
        "row_sums": {r.number: r.row_sum for r in entered},
        "totals": sheet.totals,
        "total_sum": sum(sheet.totals),
        "balanced": sheet.balanced,
        "entered": sheet.entered,
        "planned": table.games_planned,
    }


def game_payload(game, lang):
    """A saved game for the page: what its inputs show, its version and scores."""
    contract = CONTRACTS.get(game.contract)
    return {"number": game.number, "version": game.version, "values": row_values(game),
            "contract_name": contract.name(lang) if contract else game.contract,
            "scores": game.scores, "explanation": game.explanation}


def audit_rows(table):
    """The table's change log, newest first, in the words of ``tournament.audit.words``."""
    return words.describe_all(selectors.table_audit(table))


def conflict_context(err, number, submitted, expected_version, lang):
    """Both versions of a stale edit: what the user typed and what is saved now (None when deleted)."""
    current = err.current
    saved = None
    if current is not None:
        saved = {"version": current.version, "summary": describe_game(game_snapshot(current), lang),
                 "by": current.updated_by.get_username() if current.updated_by else "—",
                 "at": formats.date_format(timezone.localtime(current.updated_at), "H:i:s"),
                 **game_payload(current, lang)}
    yours = {"version": expected_version, "summary": describe_game(submitted, lang) if submitted else "—"}
    return {"message": err.messages[0], "number": number, "yours": yours, "saved": saved}


def neighbours(table):
    siblings = list(Table.objects.filter(round_id=table.round_id).order_by("number").values_list("pk", "number"))
    index = next(i for i, (pk, _n) in enumerate(siblings) if pk == table.pk)
    prev = siblings[index - 1] if index > 0 else None
    nxt = siblings[index + 1] if index + 1 < len(siblings) else None
    return prev, nxt, len(siblings)


def sheet_rows(table, seats, rs, pending=None):
    """Rows of the sheet with their inputs' values and their cells per seat. ``pending`` re-shows a rejected row."""
    sheet = selectors.sheet_for_table(table, zero_sum=rs.writing == "zero_sum")
    lang = engine_lang()
    names = {s.position: s.entry.player.last_name for s in seats}
    rows = []
    for r in sheet.rows:
        game = r.game
        values = row_values(game, table.size) if game else {}
        errors, conflict = {}, None
        if pending and pending["number"] == r.number:
            values = dict(pending["values"])
            errors = pending.get("errors") or {}
            conflict = pending.get("conflict")
        key = contract_key(values.get("contract")) if values else None
        kind = CONTRACTS[key].kind if key else ""
        cells = []
        for s in range(table.size):
            cells.append({
                "seat": s, "out": s == r.sitting_out, "dealer": s == r.dealer,
                "score": signed(r.scores[s]) if r.scores else "", "neg": bool(r.scores and r.scores[s] < 0),
                "running": signed(r.running[s]) if r.entered else "",
                "rp": values.get(f"rp_{s}", ""), "rt": values.get(f"rt_{s}", ""),
                "rp_error": errors.get(f"rp_{s}"), "rt_error": errors.get(f"rt_{s}"),
            })
        rows.append({
            "number": r.number, "ends_deal_round": seat_rules.ends_deal_round(r.number, table.size),
            "dealer": r.dealer, "dealer_name": names.get(r.dealer, ""),
            "sitting_out": r.sitting_out, "forehand": r.forehand,
            "game": game, "version": game.version if game else "",
            "values": values, "kind": kind, "contract_name": CONTRACTS[key].name(lang) if key else "",
            "cells": cells, "row_sum": signed(r.row_sum) if r.entered else "",
            "row_ok": not r.entered or r.row_sum == 0 or rs.writing != "zero_sum",
            "errors": errors, "row_error": errors.get("__all__"), "conflict": conflict,
            "explanation": game.explanation if game else "",
        })
    return sheet, rows


def columns(table, rs):
    """Columns before the players' columns, and all columns of the sheet (for full-width rows)."""
    lead = 6 + (1 if rs.calls else 0)
    return lead, lead + 2 * table.size + 2


def sheet_context(table, *, pending=None):
    round_ = table.round
    tournament = round_.tournament
    rs = ruleset_for(tournament)
    lang = engine_lang()
    seats = selectors.seats_of(table)
    sheet, rows = sheet_rows(table, seats, rs, pending)
    prev, nxt, table_count = neighbours(table)
    totals_only = selectors.table_totals(table)
    locked = round_.status == Round.Status.LOCKED
    zero_sum = rs.writing == "zero_sum"
    autofocus = pending["number"] if pending else (sheet.next_open() or 1)
    lead_cols, colspan = columns(table, rs)
    return {
        "table": table, "round": round_, "tournament": tournament, "ruleset": rs,
        "ruleset_name": rs.label(lang), "seats": seats, "rows": rows, "sheet": sheet,
        "totals": [{"value": signed(v), "neg": v < 0} for v in sheet.totals], "total_sum": signed(sum(sheet.totals)),
        "balanced": sheet.balanced, "zero_sum": zero_sum, "calls": rs.calls,
        "raeuber": "raeuber" in rs.allowed, "raeuber_tricks": show_raeuber_tricks(rs),
        "locked": locked, "totals_only": totals_only,
        "totals_only_rows": [{"seat": s, "value": signed(totals_only.get(s.position))} for s in seats],
        "prev": prev, "next": nxt, "table_count": table_count, "round_url": round_url(round_),
        "legend": contract_legend(rs, lang), "audit": audit_rows(table), "autofocus": autofocus,
        "pending": pending, "lead_cols": lead_cols, "colspan": colspan,
        "config": {
            "size": table.size, "locked": locked, "zero_sum": zero_sum, "lang": lang,
            "contracts": contract_config(rs, lang),
            "numbers": sheet_numbers(table, zero_sum) if not totals_only else None,
            "text": js_texts(),
        },
    }


def js_texts():
    """Translated words the page script shows (it has no catalogue of its own)."""
    return {
        "saving": _("Saving…"), "saved": _("Saved"), "unsaved": _("Not saved yet"), "error": _("Not saved"),
        "version": _("version %(version)s"),
        "confirm_delete": _("Delete game %(number)s? Its scores are removed from the sheet."),
        "reason_delete": _("The round is locked. Reason for deleting game %(number)s:"),
        "network": _("No connection to the server. Nothing was lost; press Enter to try again."),
        "session": _("Your session has ended. Log in again in another tab, then press Enter to save."),
        "server": _("The server could not process this row (error %(status)s). Nothing was saved."),
        "leave": _("Some rows are not saved yet."),
        "points": _("pts"), "outcome": _("+/−"), "last_trick": _("seat"),
        "preview": _("preview, not saved"),
    }

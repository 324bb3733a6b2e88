"""Reads for the entry pages: the score sheet as rows and cells, the audit log in words.

Nothing here scores or saves: scores come from the stored games (``selectors.sheet_for_table``) or, for a
preview, from the engine result the view passes in; the running totals come from ``ScoreSheet``. The rows are
rendered by ``templates/office/sheet/_row.html`` for the page and for every partial answer alike.
"""

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from scoring import seats as seat_rules
from scoring.contracts import CONTRACTS, DRESCHER, FINE, GOAL, PENALTY, POINT
from tournament.audit import words
from tournament.audit.words import describe_game
from tournament.common import params
from tournament.common.i18n import engine_lang
from tournament.common.numbers import signed
from tournament.draws.selectors import labelled
from tournament.models import Round, Table
from tournament.results import selectors
from tournament.results.engine import game_snapshot, ruleset_for
from tournament.results.row_words import special_words
from tournament.results.rows import (
    contract_key,
    is_compulsory,
    keyboard_contracts,
    row_values,
    show_raeuber_tricks,
    split_variants,
)


def get_table(pk):
    return get_object_or_404(Table.objects.select_related("round__tournament"), pk=pk)


def sheet_url(table, row=None):
    """The entry page of ``table`` (at row ``row``)."""
    url = reverse("entry:sheet", args=[table.pk])
    return f"{url}?{params.GAME}={row}#g{row}" if row else url


def round_url(round_):
    """The director's page of the round."""
    return reverse("director:round", args=[round_.tournament_id, round_.number])


def contract_legend(rs, lang):
    return [{"abbr": c.abbr, "label": c.name(lang), "key": key} for key, c in CONTRACTS.items() if key in rs.allowed]


def game_payload(game, lang):
    """A saved game for JSON clients: what its inputs show, its version and scores."""
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


def placeholder(kind, rs=None):
    """The hint in the points column for a contract kind (a fine: the ruleset's fine, else "per player")."""
    if kind == FINE:
        return str(rs.fine) if rs is not None and rs.fine is not None else _("per player")
    return {POINT: _("pts"), GOAL: _("+/−"), DRESCHER: _("seat")}.get(kind, "")


def contract_label(key, typed, game, changed, lang):
    """The words beside the contract input: the contract's name, a Pflichträuber, a bought Kleiner Mann or a fine
    in words (RULES.md §10; of the stored game, or of the typed ``PR``)."""
    if not key:
        return ""
    name = CONTRACTS[key].name(lang)
    if is_compulsory(typed):
        return _("Pflichträuber (compulsory Räuber, nobody announced it)")
    extra = special_words(game) if game is not None and not changed else ""
    if not extra:
        return name
    return extra if key == "fine" else f"{name} · {extra}"


def sheet_rows(table, seats, rs, pending=None, locked=False):
    """Rows of the sheet with their inputs' values, state and cells per seat.

    ``pending`` shows one row as typed instead of as stored (a preview, a rejected save, a conflict, a refused
    delete): ``{"number", "version", "values", "errors", "conflict", "state", "scores"}``. ``version`` is the one
    the user edited from, so that saving the row again still conflicts with a newer stored version. ``scores``
    are the engine's scores of a preview; they are shown provisional and carried into the running totals of the
    rows after it. A changed row without such scores shows its stored scores struck through (stale).
    """
    preview = pending.get("scores") if pending else None
    replace = (pending["number"], preview) if preview is not None else None
    sheet = selectors.sheet_for_table(table, zero_sum=rs.writing == "zero_sum", replace=replace)
    lang = engine_lang()
    names = {s.position: s.label.short for s in seats}      # distinct at the table (common.namesakes)
    rows = []
    for r in sheet.rows:
        game = r.game
        mine = bool(pending and pending["number"] == r.number)
        values = row_values(game, table.size) if game else {}
        errors, conflict, state = {}, None, "saved" if game else ""
        version = game.version if game else ""
        if mine:
            version = pending.get("version", version)           # the version the typed row was edited from
            values = dict(pending["values"])
            errors = pending.get("errors") or {}
            conflict = pending.get("conflict")
            state = pending.get("state", "dirty")
        typed = split_variants(values.get("contract"))[0] if values else ""
        key = contract_key(typed) if values else None
        label = contract_label(key, typed, game, mine and state in ("dirty", "error"), lang)
        kind = CONTRACTS[key].kind if key else ""
        changed = mine and state in ("dirty", "error")
        provisional = replace is not None and r.number >= replace[0]
        score_class = "provisional" if mine and preview is not None else "stale" if changed and game else ""
        cells = []
        for s in range(table.size):
            cells.append({
                "seat": s, "out": s == r.sitting_out, "dealer": s == r.dealer,
                "score": signed(r.scores[s]) if r.scores else "", "neg": bool(r.scores and r.scores[s] < 0),
                "running": signed(r.running[s]) if r.entered else "",
                "rin": s != r.sitting_out or rs.raeuber_with_dealer,     # the dealer plays a Räuber at five
                "rp": values.get(f"rp_{s}", ""), "rt": values.get(f"rt_{s}", ""),
                "rp_error": errors.get(f"rp_{s}"), "rt_error": errors.get(f"rt_{s}"),
            })
        rows.append({
            "number": r.number, "ends_deal_round": seat_rules.ends_deal_round(r.number, table.size),
            "dealer": r.dealer, "dealer_name": names.get(r.dealer, ""),
            "sitting_out": r.sitting_out, "forehand": r.forehand,
            "game": game, "version": version, "state": state, "keep_inputs": mine,
            "values": values, "kind": kind, "contract_name": label,
            "words": bool(key) and label != CONTRACTS[key].name(lang),
            "not_allowed": bool(key) and key not in rs.allowed, "placeholder": placeholder(kind, rs),
            "seat_hint": _("loses") if kind == PENALTY else _("pays") if kind == FINE else "",
            "gegensolo": key == "gegensolo",
            "cells": cells, "row_sum": signed(r.row_sum) if r.entered else "",
            "row_ok": not r.entered or r.row_sum == 0 or rs.writing != "zero_sum",
            "score_class": score_class, "provisional": provisional,
            "errors": errors, "row_error": errors.get("__all__"), "conflict": conflict,
            "show_reason": locked and (changed or bool(values.get("reason")) or "reason" in errors),
            "explanation": game.explanation if game else "",
        })
    return sheet, rows


def columns(table, rs):
    """Columns before the players' columns, and all columns of the sheet (for full-width rows)."""
    lead = 6 + (1 if rs.calls else 0)
    return lead, lead + 2 * table.size + 2


def grid_context(table, *, pending=None):
    """What the rows, the footer and the numbers of the sheet need: the page and every partial answer."""
    round_ = table.round
    rs = ruleset_for(round_.tournament)
    seats = labelled(selectors.seats_of(table))
    locked = round_.status == Round.Status.LOCKED
    sheet, rows = sheet_rows(table, seats, rs, pending, locked)
    lead_cols, colspan = columns(table, rs)
    return {
        "table": table, "round": round_, "tournament": round_.tournament, "ruleset": rs, "seats": seats,
        "rows": rows, "sheet": sheet, "provisional": bool(pending and pending.get("scores") is not None),
        "totals": [{"value": signed(v), "neg": v < 0} for v in sheet.totals], "total_sum": signed(sum(sheet.totals)),
        "balanced": sheet.balanced, "zero_sum": rs.writing == "zero_sum", "calls": rs.calls,
        "raeuber": "raeuber" in rs.allowed, "raeuber_tricks": show_raeuber_tricks(rs),
        "with_input": rs.gegensolo_by_contract, "ouverte_input": rs.ouverte_factor is not None,
        "locked": locked, "lead_cols": lead_cols, "colspan": colspan,
        "labels": {"contract": _("contract"), "declarer": _("declarer or announcer (seat)"),
                   "result": _("card points or result"), "penalty": _("rule violation by (seat)"),
                   "calls": _("calls"), "rp": _("card points"), "rt": _("tricks"),
                   "played_with": _("Gegensolo played with (contract)"), "ouverte": _("played open (ouvert)")},
    }


def sheet_context(table, *, pending=None):
    """The whole page: the grid plus header, navigation, legend, change log and the keyboard's contract map."""
    context = grid_context(table, pending=pending)
    rs, seats, sheet = context["ruleset"], context["seats"], context["sheet"]
    lang = engine_lang()
    prev, nxt, table_count = neighbours(table)
    totals_only = selectors.table_totals(table)
    context.update({
        "ruleset_name": rs.label(lang), "totals_only": totals_only,
        "totals_only_rows": [{"seat": s, "value": signed(totals_only.get(s.position))} for s in seats],
        "prev": prev, "next": nxt, "table_count": table_count, "round_url": round_url(table.round),
        "legend": contract_legend(rs, lang), "audit": audit_rows(table),
        "autofocus": pending["number"] if pending else (sheet.next_open() or 1),
        "pending": pending, "keyboard": keyboard_contracts(),
    })
    return context

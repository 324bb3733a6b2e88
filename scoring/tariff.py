"""The tariff grid of a ruleset: value per opponent for each point contract and Fach, plus the fixed values.

This is what a director pins to the wall and what ``python -m scoring table`` and ``/tarif/`` show.
"""

from dataclasses import dataclass, field

from .contracts import CONTRACTS, GOAL_CONTRACTS, LADDER, WIN_LOSS, fach_for, point_value, round_up
from .rulesets import RULESET_KEYS, resolve


@dataclass(frozen=True)
class Column:
    key: str
    label: dict
    contract: str
    won: bool | None = None   # for Solo/Gegensolo: the won or the lost column


@dataclass(frozen=True)
class FixedValue:
    contract: str
    label: dict
    value: int
    note: dict = field(default_factory=lambda: {"de": "", "en": ""})


@dataclass(frozen=True)
class TariffGrid:
    ruleset: object
    columns: list
    rows: list
    fixed: list
    kind: str = "fach"   # "margin": a row per card point over ``margin_over`` (the Dreier 35 scoring)
    notes: tuple = ()    # {"de", "en"} lines printed under the grid


def _band(rs, fach, threshold):
    """Card points of a losing side (that needed ``threshold``) that give ``fach``, as ``"35–39"``."""
    points = [p for p in range(threshold) if fach_for(rs, p, threshold) == fach]
    if not points:
        return "–"
    return f"{points[0]}–{points[-1]}" if len(points) > 1 else str(points[0])


def tariff_grid(rs):
    columns = []
    for key in rs.point_multipliers:
        if key == "gegensolo" and rs.gegensolo_by_contract:
            continue    # its value is the column of the contract it was played with, one factor higher
        contract = CONTRACTS[key]
        if key in WIN_LOSS:
            for won, word in ((True, {"de": "gewonnen", "en": "won"}), (False, {"de": "verloren", "en": "lost"})):
                label = {lang: f"{contract.label[lang]} {word[lang]}" for lang in ("de", "en")}
                columns.append(Column(f"{key}_{'won' if won else 'lost'}", label, key, won))
        else:
            columns.append(Column(key, contract.label, key))
    rows = [] if rs.margin_over is None else _margin_rows(rs, columns)
    for fach in range(1, rs.max_fach + 1 if rs.margin_over is None else 1):
        row = {"fach": fach,
               "declarer_band": _band(rs, fach, rs.declarer_threshold),
               "defender_band": _band(rs, fach, rs.defender_threshold)}
        for col in columns:
            won = True if col.won is None else col.won
            row[col.key] = point_value(rs, col.contract, fach, won)[3]
        rows.append(row)
    fixed = [FixedValue(k, CONTRACTS[k].label, v) for k, v in rs.fixed_values.items()]
    if rs.raeuber_value is not None:
        fixed.append(FixedValue("raeuber", CONTRACTS["raeuber"].label, rs.raeuber_value, _raeuber_note(rs)))
    if rs.drescher_value is not None:
        k = rs.drescher_announcer_factor
        fixed.append(FixedValue("drescher", CONTRACTS["drescher"].label, rs.drescher_value,
                                {"de": f"selbst angesagt ×{k}", "en": f"own announcement ×{k}"}))
    notes = []
    if rs.gegensolo_by_contract:
        notes.append({"de": "Gegensolo: Faktor des Spiels, mit dem es gespielt wurde, + 1 (mit Cego 2 … mit Kleiner "
                            "Mann 7, ohne Halbe); Wert = Fach × Einheit × Faktor.",
                      "en": "Gegensolo: the factor of the contract it was played with + 1 (with Cego 2 … with "
                            "Kleiner Mann 7, without Halbe); value = Fach × unit × factor."})
    if rs.ouverte_factor is not None:
        k = rs.ouverte_factor
        notes.append({"de": f"Festwertspiele ouvert (offen gespielt): ×{k}.",
                      "en": f"Fixed-value games played open (ouverte): ×{k}."})
    if rs.schinden:
        m = point_value(rs, "solo", rs.penalty_fach, False)[2]
        notes.append({"de": f"Schinden: der Verlierer zahlt jedem {m} (Solo mit {rs.penalty_fach} Fach verloren).",
                      "en": f"Schinden: the loser pays {m} to each (a Solo lost at {rs.penalty_fach} Fach)."})
    return TariffGrid(rs, columns, rows, fixed, "fach" if rs.margin_over is None else "margin", tuple(notes))


def _margin_rows(rs, columns):
    """Rows of the margin scoring: ``fach`` holds the margin, the bands the winner's and the loser's points."""
    rows = []
    pack = rs.total + rs.bonus
    for margin in range(1, pack - rs.margin_over + 1):
        winner = rs.margin_over + margin
        row = {"fach": margin, "declarer_band": str(winner), "defender_band": str(pack - winner)}
        for col in columns:
            m = rs.point_multipliers[col.contract][0 if col.won is not False else 1]
            row[col.key] = round_up(margin * rs.unit * m, rs.margin_rounding)
        rows.append(row)
    return rows


def _raeuber_note(rs):
    de, en = [], []
    add, fac = rs.raeuber_surcharges, rs.raeuber_factors
    if fac["announcer"] != 1:
        de.append(f"Ansager verliert ×{fac['announcer']}")
        en.append(f"announcer loses ×{fac['announcer']}")
    if add["announcer"]:
        de.append(f"Ansager +{add['announcer']}")
        en.append(f"announcer +{add['announcer']}")
    if add["jungfrau"]:
        de.append(f"+{add['jungfrau']} je Jungfrau")
        en.append(f"+{add['jungfrau']} per Jungfrau")
    if fac["jungfrau"] != 1:
        de.append(f"×{fac['jungfrau']} je Jungfrau")
        en.append(f"×{fac['jungfrau']} per Jungfrau")
    if add["over_40"]:
        de.append(f"über 40 Punkte +{add['over_40']}")
        en.append(f"over 40 points +{add['over_40']}")
    if rs.raeuber_all_tricks is not None:
        de.append(f"alle Stiche: erhält {rs.raeuber_all_tricks}")
        en.append(f"all tricks: receives {rs.raeuber_all_tricks}")
    if rs.announcer_loses_ties:
        de.append("bei Gleichstand verliert der Ansager allein")
        en.append("on a tie the announcer loses alone")
    return {"de": ", ".join(de), "en": ", ".join(en)}


# Row labels of the comparison of the rulesets (tariff index page), German and English.
COMPARE_LABELS = {
    "counting": ("Zählweise", "Counting"),
    "total": ("Kartenpunkte im Spiel", "Card points in the pack"),
    "thresholds": ("Spieler / Gegner gewinnen ab", "Declarer / defenders win with"),
    "scoring": ("Wertung der Punktspiele", "Point games scored by"),
    "fach": ("Fach: Breite × höchstes", "Fach: width × highest"),
    "unit": ("Wert eines Fachs", "Value of one Fach"),
    "rounding": ("Rundung", "Rounding"),
    "players": ("Spieler am Tisch", "Players per table"),
    "factor": ("Faktor", "Factor"),
    "fixed": ("Festwert", "Fixed value"),
    "raeuber_rules": ("Räuber-Regeln", "Räuber rules"),
    "penalty": ("Regelverstoß: verloren mit", "Rule violation: lost at"),
    "writing": ("Schreibweise", "Writing"),
    "options": ("Sonderregeln", "Special rules"),
    "house_rules": ("Hausregeln (nicht geprüft)", "House rules (not checked)"),
    # The last rules of the seed documents (RULES.md §10)
    "pflicht": ("Pflichträuber (ohne Ansager)", "Pflichträuber (no announcer)"),
    "raeuber_five": ("Räuber zu fünft: der Geber", "Räuber at five: the dealer"),
    "pagat_seller": ("Kleiner Mann gekauft (Ultimo)", "Kleiner Mann bought (Ultimo)"),
    "fine": ("Strafe je Mitspieler", "Fine per other player"),
    "soloschinden": ("Geschundenes Solo (Zego 1975)", "“Geschundenes” Solo (Zego 1975)"),
}
_WORDS = {
    "pairs": ("2er (Paare)", "pairs"), "triples": ("3er (Dreier)", "triples"), "none": ("keine", "none"),
    "fach_scoring": ("Fach", "Fach"), "margin": ("Überschuss über {n}, auf {r} aufgerundet",
                                                 "margin over {n}, rounded up to {r}"),
    "zero_sum": ("Nullsumme", "zero-sum"), "declarer_only": ("nur der Spieler", "declarer only"),
    "by_contract": ("Spiel + 1", "contract + 1"), "gegensolo_by_contract": ("Gegensolo nach Spiel + 1",
                                                                          "Gegensolo by contract + 1"),
    "ouverte": ("ouvert ×{k}", "ouverte ×{k}"), "schinden": ("Schinden", "Schinden"),
    "halbe": ("mit Halber", "with Halbe"), "calls": ("Kontra", "Contra calls"),
    "yes": ("ja", "yes"), "plays": ("spielt mit", "plays"), "sits_out": ("setzt aus", "sits out"),
    "seller_zero": ("Verkäufer 0 bei Gewinn", "seller 0 on a win"), "keyed": ("bei der Eingabe", "as keyed"),
    "bid_penalty": ("Strafe auf das gebotene Spiel", "penalty on the bid contract"),
    "bid_or_schinden": ("Strafe auf das gebotene Spiel; oder Schinden", "penalty on the bid contract; or Schinden"),
}


def comparison(lang="de", keys=None):
    """All rulesets side by side: ``{"columns": [{key, name}], "rows": [{key, label, cells}]}``, every cell a
    text (``–``: not played). The tariff index page only prints it."""
    i = 0 if str(lang).startswith("de") else 1
    word = {k: v[i] for k, v in _WORDS.items()}
    sets = [resolve(k) for k in (keys or RULESET_KEYS)]
    rows = []

    def row(key, label, cells):
        rows.append({"key": key, "label": label, "cells": [str(c) for c in cells]})

    def plain(key, fn):
        row(key, COMPARE_LABELS[key][i], [fn(rs) for rs in sets])

    plain("counting", lambda rs: word[rs.counting])
    plain("total", lambda rs: f"{rs.total} + {rs.bonus}" if rs.bonus else rs.total)
    plain("thresholds", lambda rs: f"{rs.declarer_threshold} / {rs.defender_threshold}")
    plain("scoring", lambda rs: word["fach_scoring"] if rs.margin_over is None else word["margin"].format(
        n=rs.margin_over, r=rs.margin_rounding))
    plain("fach", lambda rs: "–" if rs.margin_over is not None else f"{rs.fach_width} × {rs.max_fach}")
    plain("unit", lambda rs: rs.unit)
    plain("rounding", lambda rs: rs.rounding if rs.rounding > 1 else word["none"])
    plain("players", lambda rs: ", ".join(str(n) for n in rs.players))
    for key in LADDER + WIN_LOSS:
        def factor(rs, key=key):
            if key not in rs.point_multipliers:
                return "–"
            if key == "gegensolo" and rs.gegensolo_by_contract:
                return word["by_contract"]
            m_win, m_loss = rs.point_multipliers[key]
            return m_win if key not in WIN_LOSS else f"{m_win} / {m_loss}"
        row(f"factor:{key}", f"{COMPARE_LABELS['factor'][i]} {CONTRACTS[key].name(lang)}", [factor(rs) for rs in sets])
    values = {"raeuber": lambda rs: rs.raeuber_value, "drescher": lambda rs: rs.drescher_value}
    for key in GOAL_CONTRACTS + ("raeuber", "drescher"):
        get = values.get(key, lambda rs, key=key: rs.fixed_values.get(key))
        cells = [get(rs) for rs in sets]
        if any(c is not None for c in cells):
            row(f"fixed:{key}", f"{COMPARE_LABELS['fixed'][i]} {CONTRACTS[key].name(lang)}",
                ["–" if c is None else c for c in cells])
    plain("raeuber_rules", lambda rs: "–" if rs.raeuber_value is None else (_raeuber_note(rs)[
        "de" if i == 0 else "en"] or "–"))
    plain("penalty", lambda rs: f"{rs.penalty_fach} Fach")
    plain("writing", lambda rs: word[rs.writing])
    plain("options", lambda rs: ", ".join(_special_rules(rs, word)) or "–")
    plain("house_rules", lambda rs: " · ".join(n["de" if i == 0 else "en"] for n in rs.house_rules) or "–")
    _seed_rules(plain, word)
    return {"columns": [{"key": rs.key, "name": rs.label(lang)} for rs in sets], "rows": rows}


def _seed_rules(plain, word):
    """The rows of RULES.md §10: where a Pflichträuber and a bought Kleiner Mann are played, the dealer at five in
    a Räuber, the fine, and how a "geschundenes" Solo is keyed (docs/scoring.md)."""
    plain("pflicht", lambda rs: word["yes"] if rs.raeuber_value is not None else "–")
    plain("raeuber_five", lambda rs: "–" if rs.raeuber_value is None or 5 not in rs.players else word[
        "plays" if rs.raeuber_with_dealer else "sits_out"])
    plain("pagat_seller", lambda rs: word["seller_zero"] if "ultimo" in rs.allowed else "–")
    plain("fine", lambda rs: word["keyed"] if rs.fine is None else rs.fine)
    plain("soloschinden", lambda rs: word["bid_or_schinden" if rs.schinden else "bid_penalty"])


def _special_rules(rs, word):
    out = []
    if rs.halbe:
        out.append(word["halbe"])
    if rs.gegensolo_by_contract:
        out.append(word["gegensolo_by_contract"])
    if rs.ouverte_factor is not None:
        out.append(word["ouverte"].format(k=rs.ouverte_factor))
    if rs.schinden:
        out.append(word["schinden"])
    if rs.calls:
        out.append(word["calls"])
    return out


def format_grid(grid, lang="de"):
    """The grid as plain text for the terminal."""
    lang = "de" if str(lang).startswith("de") else "en"
    rs = grid.ruleset
    if grid.kind == "margin":
        head = ["Überschuss" if lang == "de" else "margin", "Gewinner" if lang == "de" else "winner",
                "Verlierer" if lang == "de" else "loser"] + [c.label[lang] for c in grid.columns]
    else:
        head = ["Fach", "Spieler verl." if lang == "de" else "decl. lost",
                "Gegner verl." if lang == "de" else "def. lost"] + [c.label[lang] for c in grid.columns]
    body = [[str(r["fach"]), r["declarer_band"], r["defender_band"]] + [str(r[c.key]) for c in grid.columns]
            for r in grid.rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) for i, h in enumerate(head)]
    lines = [f"{rs.label(lang)} ({rs.key})",
             "  ".join(h.rjust(w) for h, w in zip(head, widths, strict=True)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(v.rjust(w) for v, w in zip(b, widths, strict=True)) for b in body]
    lines += [note[lang] for note in grid.notes]
    lines += [f"* {note[lang]}" for note in rs.house_rules]
    if grid.fixed:
        lines.append("")
        lines.append("Festwerte:" if lang == "de" else "Fixed values:")
        for f in grid.fixed:
            note = f"  ({f.note[lang]})" if f.note[lang] else ""
            lines.append(f"  {f.label[lang]}: {f.value}{note}")
    return "\n".join(lines)

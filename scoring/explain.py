"""Human-readable explanations of a scored game, German by default, English on request.

Seats are shown as the players see them: "Sitz 1" is seat 0 of the engine. One table of phrases per language
serves every game (Cego, Offiziers-Cego, Ziege): ``phrases(lang)``; both languages have the same keys with the
same placeholders (tests/scoring/test_explain.py).
"""

PHRASES = {
    "de": {
        "lang": "de", "won": "gewonnen", "lost": "verloren", "seat": "Sitz {n}",
        "points": "mit {d}:{o}", "schliff": "ohne Stich (0:{o})", "bonus": "{c} + {b} Bonus = {e}",
        "fach": "{f} Fach × {unit} × {m} = {raw}", "rounded": " → gerundet {x}",
        "calls": ", {c}× Kontra ×{k} = {x}",
        "receives": "{seat} erhält je {x} von {d} Gegenspielern: {total:+d}",
        "pays": "{seat} zahlt je {x} an {d} Gegenspieler: {total:+d}",
        "receives_only": "{seat} schreibt {total:+d} (nur der Spieler wird geschrieben)",
        "pays_only": "{seat} schreibt {total:+d} (nur der Spieler wird geschrieben)",
        "goal": "{contract} {result}{tricks} → Festwert {x}",
        "tricks": " ({t} Stiche)", "one_trick": " (1 Stich)",
        "penalty_declarer": "Regelverstoß des Spielers ({seat}): verloren mit {f} Fach",
        "penalty_defender": "Regelverstoß von {seat}: der Spieler gewinnt mit {f} Fach, {seat} zahlt allein",
        "penalty_goal_defender": "Regelverstoß von {seat}: der Spieler gewinnt, {seat} zahlt allein",
        "penalty_goal_declarer": "Regelverstoß des Spielers ({seat}): verloren",
        "penalty_pays": "{seat} zahlt {x} × {d} = {total}",
        "sitting_out": "{seat} setzt aus: 0",
        "raeuber_most": "Räuber: meiste Punkte {p} bei {seats}",
        "raeuber_tie": " — der Ansager ist gleichauf und verliert allein",
        "raeuber_penalty": "Räuber: Regelverstoß von {seat}, er verliert allein",
        "raeuber_x": "{seat} zahlt je {x} an {d} ({parts}): {total:+d}",
        "raeuber_all": "Räuber: {seat} hat alle Stiche und erhält je {x} von {d}: {total:+d}",
        "base": "Grundwert {v}", "announcer_add": "+{v} Ansager", "jungfrau_add": "+{v} × {n} Jungfrau",
        "over_40_add": "+{v} über 40", "announcer_factor": "×{v} Ansager", "jungfrau_factor": "×{v}^{n} Jungfrau",
        "jungfrau_inferred": "(0 Punkte = kein Stich)", "all_inferred": " (nur er hat Punkte)",
        "drescher": "Drescher: {seat} hat den letzten Stich und zahlt je {x} an {d}{ann}: {total:+d}",
        "drescher_ann": " (selbst angesagt ×{k})",
        "drescher_penalty": "Drescher: Regelverstoß von {seat}, er zahlt je {x} an {d}: {total:+d}",
        "played_with": " mit {c}", "ouverte": " ouvert ×{k}",
        "margin": "{w} − {base} = {d} × {unit} × {m} = {raw} → aufgerundet {x}",
        "schinden": "Schinden: {seat} verliert achtfach, wie ein Solo mit {f} Fach × {unit} × {m} = {raw}",
        "pflicht_most": "Pflichträuber (ohne Ansager): meiste Punkte {p} bei {seats}",
        "dealer_plays": "{seat} gibt und spielt den Räuber mit",
        "pagat_won": "{seat} hat den Kleinen Mann verkauft und verliert nicht mit: 0",
        "pagat_lost": "{seat} hat den Kleinen Mann verkauft und wird bezahlt wie die anderen",
        "fine": "Strafe: {seat} zahlt je {x} an {d}: {total:+d}",
        "fine_only": "Strafe: {seat} schreibt {total:+d} (nur der Bestrafte wird geschrieben)",
        # Offiziers-Cego and Ziege (scoring.offiziers, scoring.ziege)
        "offiziers": "Offiziers-Cego", "ziege": "Ziege",
        "off_won": "{seat} gewinnt mit {w}:{l}", "off_schliff": "{seat} gewinnt, der Gegner ohne Stich ({w}:0)",
        "off_draw": "unentschieden {w}:{l} → 0",
        "off_penalty": "Regelverstoß von {seat}: verloren mit {f} Fach",
        "off_win_loss": "Sieg/Niederlage: {winner} +1, {loser} -1",
        "off_writes": "{winner} {x:+d}, {loser} {y:+d}",
        "team": "Team {t}", "eier": "60:60 („Eier“) → keine Verlustpunkte",
        "zg_win": "{team} gewinnt mit {w}:{l}",
        "zg_31": "{team} {dp} Verlustpunkte (31–59)", "zg_trick": "{team} {dp} Verlustpunkte (unter 31 mit Stich)",
        "zg_no_trick": "{team} {dp} Verlustpunkte (ohne Stich)",
    },
    "en": {
        "lang": "en", "won": "won", "lost": "lost", "seat": "seat {n}",
        "points": "with {d}:{o}", "schliff": "without a trick (0:{o})", "bonus": "{c} + {b} bonus = {e}",
        "fach": "{f} Fach × {unit} × {m} = {raw}", "rounded": " → rounded {x}",
        "calls": ", {c} call(s) ×{k} = {x}",
        "receives": "{seat} receives {x} from each of {d} opponents: {total:+d}",
        "pays": "{seat} pays {x} to each of {d} opponents: {total:+d}",
        "receives_only": "{seat} writes {total:+d} (only the declarer is written)",
        "pays_only": "{seat} writes {total:+d} (only the declarer is written)",
        "goal": "{contract} {result}{tricks} → fixed value {x}",
        "tricks": " ({t} tricks)", "one_trick": " (1 trick)",
        "penalty_declarer": "rule violation by the declarer ({seat}): lost at {f} Fach",
        "penalty_defender": "rule violation by {seat}: the declarer wins at {f} Fach, {seat} alone pays",
        "penalty_goal_defender": "rule violation by {seat}: the declarer wins, {seat} alone pays",
        "penalty_goal_declarer": "rule violation by the declarer ({seat}): lost",
        "penalty_pays": "{seat} pays {x} × {d} = {total}",
        "sitting_out": "{seat} sits out: 0",
        "raeuber_most": "Räuber: most points {p} at {seats}",
        "raeuber_tie": " — the announcer ties and loses alone",
        "raeuber_penalty": "Räuber: rule violation by {seat}, who loses alone",
        "raeuber_x": "{seat} pays {x} to each of {d} ({parts}): {total:+d}",
        "raeuber_all": "Räuber: {seat} took every trick and receives {x} from each of {d}: {total:+d}",
        "base": "base {v}", "announcer_add": "+{v} announcer", "jungfrau_add": "+{v} × {n} Jungfrau",
        "over_40_add": "+{v} over 40", "announcer_factor": "×{v} announcer", "jungfrau_factor": "×{v}^{n} Jungfrau",
        "jungfrau_inferred": "(0 points = no trick)", "all_inferred": " (the only one with points)",
        "drescher": "Drescher: {seat} took the last trick and pays {x} to each of {d}{ann}: {total:+d}",
        "drescher_ann": " (own announcement ×{k})",
        "drescher_penalty": "Drescher: rule violation by {seat}, who pays {x} to each of {d}: {total:+d}",
        "played_with": " with {c}", "ouverte": " ouverte ×{k}",
        "margin": "{w} − {base} = {d} × {unit} × {m} = {raw} → rounded up {x}",
        "schinden": "Schinden: {seat} loses eightfold, as a Solo at {f} Fach × {unit} × {m} = {raw}",
        "pflicht_most": "Pflichträuber (no announcer): most points {p} at {seats}",
        "dealer_plays": "{seat} deals and plays the Räuber",
        "pagat_won": "{seat} sold the Kleiner Mann and does not lose with the others: 0",
        "pagat_lost": "{seat} sold the Kleiner Mann and is paid like the others",
        "fine": "Fine: {seat} pays {x} to each of {d}: {total:+d}",
        "fine_only": "Fine: {seat} writes {total:+d} (only the fined player is written)",
        # Offiziers-Cego and Ziege (scoring.offiziers, scoring.ziege)
        "offiziers": "Offiziers-Cego", "ziege": "Ziege",
        "off_won": "{seat} wins with {w}:{l}", "off_schliff": "{seat} wins, the opponent without a trick ({w}:0)",
        "off_draw": "draw {w}:{l} → 0",
        "off_penalty": "rule violation by {seat}: lost at {f} Fach",
        "off_win_loss": "win/loss: {winner} +1, {loser} -1",
        "off_writes": "{winner} {x:+d}, {loser} {y:+d}",
        "team": "team {t}", "eier": "60:60 (\"Eier\") → no defeat points",
        "zg_win": "{team} wins with {w}:{l}",
        "zg_31": "{team} {dp} defeat points (31–59)", "zg_trick": "{team} {dp} defeat points (under 31 with a trick)",
        "zg_no_trick": "{team} {dp} defeat points (no trick)",
    },
}


def phrases(lang):
    return PHRASES["de" if str(lang).startswith("de") else "en"]


def seat(p, s):
    return p["seat"].format(n=s + 1)


def point_game(p, *, name, won, eff, cp, bonus, other, fach, unit, m, raw, x_rounded, calls, x):
    head = f"{name} {p['won'] if won else p['lost']} "
    if eff == 0:
        head += p["schliff"].format(o=other)
    else:
        shown = p["bonus"].format(c=cp, b=bonus, e=eff) if bonus and cp else eff
        head += p["points"].format(d=shown, o=other)
    text = head + " → " + p["fach"].format(f=fach, unit=unit, m=m, raw=raw)
    if x_rounded != raw:
        text += p["rounded"].format(x=x_rounded)
    if calls:
        text += p["calls"].format(c=calls, k=2 ** calls, x=x)
    return text


def goal_game(p, *, name, won, tricks, x):
    if tricks is None:
        t = ""
    elif tricks == 1:
        t = p["one_trick"]
    else:
        t = p["tricks"].format(t=tricks)
    return p["goal"].format(contract=name, result=p["won"] if won else p["lost"], tricks=t, x=x)


def writing_line(p, *, declarer, won, x, d, zero_sum):
    key = ("receives" if won else "pays") + ("" if zero_sum else "_only")
    total = (d * x if zero_sum else x) * (1 if won else -1)
    return p[key].format(seat=seat(p, declarer), x=x, d=d, total=total)

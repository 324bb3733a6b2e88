"""Rulesets as data (RULES.md §5): one declarative table per ruleset, per-game ``options`` merged onto it.

``resolve(key, options)`` returns a ``Ruleset``: the merged parameters plus what the engine derives from them
(multipliers per point contract, the allowed contracts). Resolved rulesets are cached, so scoring a game
costs no merging. Parameter names are the ones RULES.md uses; an option with an unknown name or a wrong type
is rejected with the code ``bad_option``.
"""

import json
from functools import lru_cache

from .contracts import CONTRACTS, GOAL_CONTRACTS, LADDER, WIN_LOSS
from .errors import ScoringError

# Every parameter, its type check, and what it means. Dict-valued parameters are merged key by key.
PARAMETERS = {
    "counting": "pairs or triples: how a pile of cards is counted",
    "total": "card points in the pack as played (79, 70, 69)",
    "bonus": "points added to the declarer's count unless he took no trick (Dreier: 1)",
    "declarer_threshold": "the declarer wins with at least this many points",
    "defender_threshold": "the defenders need this many points (used for the Fach when they lose)",
    "fach_width": "card points per Fach",
    "max_fach": "the highest Fach (also when the losing side took no trick)",
    "unit": "value of one Fach before the contract's multiplier",
    "rounding": "round X to a multiple of this, half up (1 = no rounding)",
    "halbe": "whether Eine Halbe is played (moves every later bid one step up)",
    "multipliers": "multiplier per plain point contract; derived from the bid ladder unless given",
    "solo": "multipliers of Solo for a win and a loss",
    "gegensolo": "multipliers of Gegensolo for a win and a loss",
    "fixed_values": "values of the goal games; a missing game is not played",
    "hand_size": "tricks in a game (cards per hand)",
    "raeuber_value": "value of a Räuber (null: not played)",
    "raeuber_surcharges": "additive Räuber surcharges: announcer, jungfrau (per player without a trick), over_40",
    "raeuber_factors": "multiplicative Räuber factors: announcer, jungfrau (per player without a trick)",
    "raeuber_all_tricks": "value a player who took every trick receives from each other player (null: no rule)",
    "announcer_loses_ties": "when the announcer ties for the most points, the announcer alone loses",
    "drescher_value": "value of a Drescher (null: not played)",
    "drescher_announcer_factor": "factor when the last-trick taker announced the Drescher",
    "players": "table sizes played",
    "penalty_fach": "Fach at which a rule violation loses a point game",
    "writing": "zero_sum or declarer_only",
    "sitting_out_scores": "zero or as_defender: how the seat sitting out at a table of 5 scores",
    "calls": "whether Contracego calls (Contra, Re, …) double one-against-the-rest games",
    "max_calls": "the highest number of calls",
    # Variants of issue 15 (docs/scoring.md, "Variants"); all off in the rulesets that existed before.
    "gegensolo_by_contract": "a Gegensolo writes the factor of the contract it was played with + 1 ('played_with')",
    "margin_over": "null: Fach scoring; a number: X = (winner's card points − it) × M, rounded up (Dreier 35)",
    "margin_rounding": "with margin_over: round X up to a multiple of this",
    "ouverte_factor": "factor of a goal game played open ('ouverte': true); null: not played",
    "schinden": "whether the Schinden challenge of regulated Solo is recorded (a penalty game, Solo lost at "
                "penalty_fach)",
    # The last rules of the seed documents (RULES.md §10, issue 28).
    "raeuber_with_dealer": "at a table of 5 the dealer takes the blind and plays a Räuber (and scores in it)",
    "fine": "what a fined player pays each other seat (Unadingen: 80 Pf.); null: the entry gives the value",
    "house_rules": "house rules the software cannot check (compulsory Solo …), printed on the tariff and sheet",
}

_BASE = {
    "counting": "pairs", "total": 79, "bonus": 0,
    "declarer_threshold": 40, "defender_threshold": 40, "fach_width": 5, "max_fach": 8,
    "unit": 5, "rounding": 1, "halbe": False, "multipliers": {},
    "solo": {"win": 2, "loss": 1}, "gegensolo": {"win": 4, "loss": 2},
    "fixed_values": {}, "hand_size": 11,
    "raeuber_value": None, "raeuber_surcharges": {"announcer": 0, "jungfrau": 0, "over_40": 0},
    "raeuber_factors": {"announcer": 1, "jungfrau": 1}, "raeuber_all_tricks": None,
    "announcer_loses_ties": False, "drescher_value": None, "drescher_announcer_factor": 2,
    "players": [4, 5], "penalty_fach": 8, "writing": "zero_sum", "sitting_out_scores": "zero",
    "calls": False, "max_calls": 6,
    "gegensolo_by_contract": False, "margin_over": None, "margin_rounding": 5, "ouverte_factor": None,
    "schinden": False, "raeuber_with_dealer": False, "fine": None, "house_rules": [],
}
HOUSE_RULES_MAX = 12          # notes per ruleset
HOUSE_RULE_LENGTH = 200       # characters per note

RULESETS = {
    "schwarzwald": {
        "name": {"de": "Cego-Schwarzwaldmeisterschaft", "en": "Black Forest Championship (SM)"},
        "description": {
            "de": "Einheitliche Regeln der SM: 2er-Zählweise (79), 5 Punkte je Fach, auf Zehner gerundet, "
                  "mit Halber, Räuber 40.",
            "en": "Unified SM rules: pair counting (79), 5 points per Fach rounded to tens, "
                  "with Halbe, Räuber 40.",
        },
        "unit": 5, "rounding": 10, "halbe": True,
        "fixed_values": {"ultimo": 80, "piccolo": 40, "bettel": 30},
        "raeuber_value": 40, "raeuber_factors": {"announcer": 2, "jungfrau": 1},
        "announcer_loses_ties": True,
    },
    "traditionell": {
        "name": {"de": "Traditionell (3er-Zählweise)", "en": "Traditional (triple counting)"},
        "description": {
            "de": "Klassische Wirtshausregeln: 3er-Zählweise (70), 1 Punkt je Fach, Räuber 5 mit "
                  "Verdopplung je Jungfrau, Drescher 5.",
            "en": "Classic inn rules: triple counting (70), 1 point per Fach, Räuber 5 doubled per "
                  "Jungfrau, Drescher 5.",
        },
        "counting": "triples", "total": 70, "declarer_threshold": 36, "defender_threshold": 35,
        "unit": 1, "fixed_values": {"ultimo": 20, "piccolo": 10, "bettel": 15},
        "raeuber_value": 5, "raeuber_factors": {"announcer": 1, "jungfrau": 2},
        "drescher_value": 5,
    },
    "dreier": {
        "name": {"de": "Dreier-Cego", "en": "Three-handed Cego"},
        "description": {
            "de": "Zu dritt mit 51 Karten (ohne Karo 4, Kreuz 7, Pik 7), 13 Karten je Spieler, "
                  "3er-Zählweise (69 + 1 Bonuspunkt).",
            "en": "Three players, 51 cards (no Diamonds 4, Clubs 7, Spades 7), 13 cards each, "
                  "triple counting (69 + 1 bonus point).",
        },
        "counting": "triples", "total": 69, "bonus": 1, "declarer_threshold": 36, "defender_threshold": 35,
        "unit": 1, "gegensolo": {"win": 2, "loss": 2}, "hand_size": 13, "players": [3],
    },
    "unadingen": {
        "name": {"de": "Unadingen (Vereinsregeln 1992/93)", "en": "Unadingen club rules (1992/93)"},
        "description": {
            "de": "2er-Zählweise (79), 5 Pfennig je Fach ohne Rundung, Zwiccolo bis Pfifferling, "
                  "Räuber 30 mit Zuschlägen.",
            "en": "Pair counting (79), 5 pfennigs per Fach without rounding, Zwiccolo to Pfifferling, "
                  "Räuber 30 with surcharges.",
        },
        "unit": 5, "gegensolo": {"win": 2, "loss": 2},
        "fixed_values": {"ultimo": 80, "piccolo": 40, "bettel": 30, "zwiccolo": 40, "drilling": 40,
                         "vierlefax": 40, "pfifferling": 40},
        "raeuber_value": 30, "raeuber_surcharges": {"announcer": 30, "jungfrau": 30, "over_40": 30},
        "raeuber_all_tricks": 120, "announcer_loses_ties": True, "drescher_value": 30, "fine": 80,
    },
    "dreier35": {
        "name": {"de": "Dreier-Cego, Überschuss über 35", "en": "Three-handed Cego, margin over 35"},
        "description": {
            "de": "Zu dritt wie Dreier-Cego (3er-Zählweise, 69 + 1), aber ohne Fach: Augen des Gewinners "
                  "minus 35, mal Spielfaktor, auf Fünfer aufgerundet.",
            "en": "Three players as in three-handed Cego (triples, 69 + 1), but without Fach: the winner's "
                  "card points minus 35, times the contract factor, rounded up to fives.",
        },
        "counting": "triples", "total": 69, "bonus": 1, "declarer_threshold": 36, "defender_threshold": 35,
        "unit": 1, "gegensolo": {"win": 2, "loss": 2}, "hand_size": 13, "players": [3],
        "margin_over": 35, "margin_rounding": 5,
        "sources": [
            {"de": "Wertung „Überschuss über 35“ nach den regionalen Dreier-Regelblättern (Issue 15): Augen des "
                   "Gewinners minus 35, mal Spielfaktor, auf Fünfer aufgerundet; 35:35 schreibt 0 (Entscheidung).",
             "en": "“Margin over 35” scoring after the regional three-handed rule sheets (issue 15): the winner's "
                   "card points minus 35, times the contract factor, rounded up to fives; 35:35 writes 0 "
                   "(decision)."},
        ],
    },
    "regional": {
        "name": {"de": "Regionale Sonderspiele (Geldtarif)", "en": "Regional special games (money tariff)"},
        "description": {
            "de": "Traditionelle 3er-Zählweise mit den Sonderspielen der regionalen Varianten: Pascha, Ultimo "
                  "mit Trumpf 2 und 3, Solo Ulti/Durch, ouvert doppelt, Gegensolo nach Spiel, Schinden.",
            "en": "Traditional triple counting with the special games of the regional variations: Pascha, "
                  "Ultimo with Trump 2 and 3, Solo Ulti/Durch, ouverte double, Gegensolo by contract, Schinden.",
        },
        "counting": "triples", "total": 70, "declarer_threshold": 36, "defender_threshold": 35, "unit": 1,
        "fixed_values": {"ultimo": 20, "piccolo": 10, "bettel": 15, "zwiccolo": 15, "pascha": 30,
                         "ultimo_2": 20, "ultimo_3": 20, "ultimo_12": 40, "ultimo_123": 60,
                         "solo_ulti": 40, "solo_durch": 50, "solo_ulti_durch": 70},
        "raeuber_value": 5, "raeuber_factors": {"announcer": 1, "jungfrau": 2},
        "drescher_value": 10, "gegensolo_by_contract": True, "ouverte_factor": 2, "schinden": True,
        "sources": [
            {"de": "Sonderspiele nach der englischen Wikipedia („Cego“, Special game variations): Pascha, Ultimo "
                   "mit Trumpf 2/3, Solo Ulti, Solo Durch, ouvert. Pascha 30 und Grebsler (Zwiccolo) 15 aus einem "
                   "Geldtarif.",
             "en": "Special games after the English Wikipedia (“Cego”, special game variations): Pascha, Ultimo "
                   "with Trump 2/3, Solo Ulti, Solo Durch, ouverte. Pascha 30 and Grebsler (Zwiccolo) 15 from a "
                   "money tariff."},
            {"de": "Ohne Quelle entschieden: jedes einfache Ultimo = Ultimo (20), Kombinationen = Summe der Teile, "
                   "Solo Ulti = 2 × Ultimo, Solo Durch 50, Solo Ulti Durch = Solo Durch + Ultimo; ouvert ×2.",
             "en": "Decided without a source: every single Ultimo = Ultimo (20), combinations = sum of the parts, "
                   "Solo Ulti = 2 × Ultimo, Solo Durch 50, Solo Ulti Durch = Solo Durch + Ultimo; ouverte ×2."},
            {"de": "Gegensolo nach Spiel nach gedruckten Tarifblättern: „gegen Solo mit Cego 2 … mit Kleiner Mann 7“. "
                   "Drescher 10 (Tarifblätter nennen 5 oder 10). Schinden: wie ein Solo mit 8 Fach verloren.",
             "en": "Gegensolo by contract after printed tariff sheets: “against Solo with Cego 2 … with Kleiner "
                   "Mann 7”. Drescher 10 (sheets give 5 or 10). Schinden: like a Solo lost at 8 Fach."},
        ],
        "house_rules": [
            {"de": "Acht Trümpfe sind immer ein Solo (Pflichtsolo).",
             "en": "Eight trumps is always a Solo (compulsory Solo)."},
            {"de": "Schinden: Wer ein Pflichtsolo zurückhält, verliert achtfach; gab es keines, der Herausforderer.",
             "en": "Schinden: whoever held back a compulsory Solo loses eightfold; if there was none, the "
                   "challenger does."},
        ],
    },
}
RULESET_KEYS = tuple(RULESETS)
DEFAULT_RULESET = "schwarzwald"

# Whole-number options are bounded: far beyond any tariff, small enough that products of them stay small
# numbers. Unbounded, ``{"unit": 10**4000}`` or ``{"max_calls": 10**9}`` made X a number too large to print
# (a traceback in the CLI) or to compute at all (``X << calls``). Six calls are all there are (RULES.md §4).
MAX_OPTION = 1_000_000
MAX_CALLS = 6


class Ruleset:
    """Merged parameters of one ruleset plus what scoring derives from them. Treat as read-only."""

    def __init__(self, key, params, name, description, sources=()):
        self.key = key
        self.sources = tuple(sources)   # where the variants of this ruleset come from ({"de", "en"} notes)
        self.name = name
        self.description = description
        self.params = params
        for field, value in params.items():
            setattr(self, field, value)
        self.players = tuple(params["players"])
        self.defender_total = self.total + self.bonus
        ladder = [c for c in LADDER if c != "halbe" or self.halbe]
        multipliers = {c: (i + 1, i + 1) for i, c in enumerate(ladder)}
        for contract, m in params["multipliers"].items():
            multipliers[contract] = (m, m)
        for contract in WIN_LOSS:
            multipliers[contract] = (params[contract]["win"], params[contract]["loss"])
        self.point_multipliers = multipliers   # contract -> (win M, loss M)
        allowed = set(multipliers) | set(self.fixed_values)
        if self.raeuber_value is not None:
            allowed.add("raeuber")
        if self.drescher_value is not None:
            allowed.add("drescher")
        if self.schinden:
            allowed.add("schinden")
        allowed.add("fine")    # every ruleset keys a fine (RULES.md §10); without a ruleset value the entry gives it
        self.house_rules = tuple(params["house_rules"])
        self.allowed = frozenset(allowed)

    def label(self, lang="de"):
        return self.name["de" if str(lang).startswith("de") else "en"]

    @property
    def pays_jungfrau(self):
        """Whether a Räuber pays for a seat without a trick (a Jungfrau surcharge or factor)."""
        return bool(self.raeuber_value is not None and (
            self.raeuber_surcharges["jungfrau"] or self.raeuber_factors["jungfrau"] != 1))

    @property
    def pays_on_tricks(self):
        """Whether a Räuber's tricks per seat change what it pays: a Jungfrau rule or the all-tricks value. The one
        place of the rule: the engine asks it before refusing a Räuber without tricks, the sheet and the phone
        before offering fields for them."""
        return self.pays_jungfrau or (self.raeuber_value is not None and self.raeuber_all_tricks is not None)

    def __repr__(self):
        return f"Ruleset({self.key!r})"


def _check(name, value, base):  # noqa: C901 (one type check per kind of option, in the order of the errors)
    """Type-check one option value against the base parameter; return the merged value."""
    def bad(detail):
        return ScoringError("bad_option", option=name, detail=detail)

    if name == "house_rules":
        return _house_rules(value, bad)
    if isinstance(base, dict) or name == "multipliers":
        if not isinstance(value, dict):
            raise bad("an object is expected")
        merged = dict(base)
        for k, v in value.items():
            if name in ("multipliers", "fixed_values"):
                if k not in CONTRACTS:
                    raise bad(f"unknown contract {k!r}")
                if name == "fixed_values" and k not in GOAL_CONTRACTS:
                    raise bad(f"{k!r} is not a goal game")
            elif k not in base:
                raise bad(f"unknown key {k!r}")
            if v is None and name == "fixed_values":
                merged.pop(k, None)
                continue
            if not _is_int(v) or not 0 <= v <= MAX_OPTION:
                raise bad(f"{k!r} must be a whole number from 0 to {MAX_OPTION}")
            merged[k] = v
        return merged
    if isinstance(base, bool):
        if not isinstance(value, bool):
            raise bad("true or false is expected")
        return value
    if name == "players":
        if not isinstance(value, list) or not value or any(v not in (3, 4, 5) for v in value):
            raise bad("a list of table sizes from 3, 4, 5 is expected")
        return sorted(set(value))
    choices = {"counting": ("pairs", "triples"), "writing": ("zero_sum", "declarer_only"),
               "sitting_out_scores": ("zero", "as_defender")}
    if name in choices:
        if value not in choices[name]:
            raise bad(" or ".join(choices[name]) + " is expected")
        return value
    if value is None and name in ("raeuber_value", "drescher_value", "raeuber_all_tricks", "margin_over",
                                  "ouverte_factor", "fine"):
        return None
    if not _is_int(value) or not 0 <= value <= MAX_OPTION:
        raise bad(f"a whole number from 0 to {MAX_OPTION} is expected")
    if name == "max_calls" and value > MAX_CALLS:
        raise bad(f"at most {MAX_CALLS} calls exist")
    if name in ("fach_width", "max_fach", "unit", "rounding", "hand_size", "margin_rounding",
                "ouverte_factor", "fine") and value < 1:
        raise bad("a whole number ≥ 1 is expected")
    return value


def _house_rules(value, bad):
    """House rules as an option: a list of texts (one for both languages) or of ``{"de", "en"}`` objects."""
    if not isinstance(value, list) or len(value) > HOUSE_RULES_MAX:
        raise bad(f"a list of at most {HOUSE_RULES_MAX} texts is expected")
    notes = []
    for item in value:
        texts = {"de": item, "en": item} if isinstance(item, str) else item
        if not isinstance(texts, dict) or set(texts) != {"de", "en"} or not all(
                isinstance(t, str) and 0 < len(t.strip()) <= HOUSE_RULE_LENGTH for t in texts.values()):
            raise bad(f"each house rule is a text of 1 to {HOUSE_RULE_LENGTH} characters or {{\"de\", \"en\"}}")
        notes.append({lang: " ".join(t.split()) for lang, t in texts.items()})
    return notes


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


@lru_cache(maxsize=256)
def _resolve(key, options_json):
    if key not in RULESETS:
        raise ScoringError("unknown_ruleset", ruleset=key)
    table = RULESETS[key]
    params = {name: table.get(name, default) for name, default in _BASE.items()}
    for name, default in _BASE.items():
        if isinstance(default, dict) and name in table:
            params[name] = {**default, **table[name]}
    if options_json:
        for name, value in json.loads(options_json).items():
            if name not in PARAMETERS:
                raise ScoringError("bad_option", option=name, detail="unknown option")
            params[name] = _check(name, value, params[name])
    if params["margin_over"] is not None and params["margin_over"] > params["total"] + params["bonus"]:
        raise ScoringError("bad_option", option="margin_over", detail="larger than the pack")
    if params["declarer_threshold"] > params["total"] + params["bonus"]:
        raise ScoringError("bad_option", option="declarer_threshold", detail="larger than the pack")
    return Ruleset(key, params, table["name"], table["description"], table.get("sources", ()))


def resolve(key=DEFAULT_RULESET, options=None):
    """The ruleset ``key`` with ``options`` merged onto it; raises ``ScoringError`` for bad keys or options."""
    if not isinstance(key, str):
        raise ScoringError("unknown_ruleset", ruleset=str(key))
    if options is not None and not isinstance(options, dict):
        raise ScoringError("bad_option", option="options", detail="an object is expected")
    if options:
        try:
            options_json = json.dumps(options, sort_keys=True)
        except (TypeError, ValueError):
            raise ScoringError("bad_option", option="options", detail="not JSON") from None
        return _resolve(key, options_json)
    return _resolve(key, "")

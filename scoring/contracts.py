"""The contracts of Cego (RULES.md §3), the words the engine uses, and the arithmetic of Fach and value (§4).

A leaf: it imports nothing, and every game module (``engine``, ``offiziers``) and the ``tariff`` take the shared
arithmetic from here — ``fach_for``, ``round_value``, ``round_up``, ``point_value`` and ``is_int`` — so no game
module imports another for a sum.

Vocabulary, used the same way everywhere in this project:

seat        a place at a table, numbered 0… in playing order (anticlockwise); the UI shows seat + 1.
dealer      deals game g at a table of n: seat (g − 1) mod n. At a table of 5 the dealer sits out.
forehand    (*Vorhand*, "vorne") the first seat after the dealer that plays; only forehand may play a Cego.
            Both rules, and who sits out, are written once: ``scoring.seats``.
declarer    (*Spieler*) the one player against the rest in a one-against-the-rest contract.
defenders   (*Gegenspieler*) the other playing seats; their card points are ``total − declarer``.
contract    (*Spiel*) what was played: a point game, a goal game, Räuber or Drescher.
card points (*Augen*) counted with the ruleset's counting method (pairs → 79 in the pack, triples → 70).
legage      the discard of a Cego declarer; it counts for the declarer.
Fach        the band the losing side's card points fall into; more Fach, more value (RULES.md §4).
value (X)   what the declarer receives from / pays to each scoring opponent (per opponent).
announcer   who announced a Räuber or Drescher (forehand when all passed on Cego); a Pflichträuber (``compulsory``)
            has none.
payer       who pays a fine (``fine``): the value to every other seat at the table.
"""

POINT = "point"        # scored by Fach from the declarer side's card points
GOAL = "goal"          # fixed value; won when the goal (a number of tricks, the last trick with T1) is met
RAEUBER = "raeuber"    # every player for himself; most card points loses
DRESCHER = "drescher"  # every player for himself; the last trick loses
PENALTY = "penalty"    # a penalty game (Schinden): one seat loses, nothing is played (docs/scoring.md, Variants)
FINE = "fine"          # a fine (the dealer who did not let the cards be cut): one seat pays every other seat


class Contract:
    __slots__ = ("key", "kind", "label", "goal_tricks", "abbr")

    def __init__(self, key, kind, de, en, abbr, goal_tricks=None):
        self.key = key
        self.kind = kind
        self.label = {"de": de, "en": en}
        self.abbr = abbr
        self.goal_tricks = goal_tricks

    def name(self, lang="de"):
        return self.label["de" if str(lang).startswith("de") else "en"]

    def __repr__(self):
        return f"Contract({self.key!r})"


CONTRACTS = {c.key: c for c in (
    Contract("cego", POINT, "Cego", "Cego", "C"),
    Contract("halbe", POINT, "Eine Halbe", "Half (Halbe)", "H"),
    Contract("eine", POINT, "Mit Einer", "With One (Eine)", "E"),
    Contract("leere", POINT, "Eine Leere", "One Blank (Leere)", "L"),
    Contract("zwei_leere", POINT, "Zwei Leere", "Two Blanks", "2L"),
    Contract("zwei_verschiedene", POINT, "Zwei Verschiedene", "Two Different", "2V"),
    Contract("kleiner_mann", POINT, "Kleiner Mann", "Little Man (Pagat)", "KM"),
    Contract("solo", POINT, "Solo", "Solo", "S"),
    Contract("gegensolo", POINT, "Gegensolo", "Counter-Solo", "GSo"),
    Contract("ultimo", GOAL, "Ultimo", "Ultimo", "U"),
    Contract("bettel", GOAL, "Bettel", "Misère (Bettel)", "B", goal_tricks=0),
    Contract("piccolo", GOAL, "Piccolo", "Piccolo", "P", goal_tricks=1),
    Contract("zwiccolo", GOAL, "Zwiccolo", "Zwiccolo (2 tricks)", "Z", goal_tricks=2),
    Contract("drilling", GOAL, "Drilling", "Drilling (3 tricks)", "Dr", goal_tricks=3),
    Contract("vierlefax", GOAL, "Vierlefax", "Vierlefax (4 tricks)", "V", goal_tricks=4),
    Contract("pfifferling", GOAL, "Pfifferling", "Pfifferling (5 tricks)", "Pf", goal_tricks=5),
    # Special games of the regional variations (docs/scoring.md, "Variants"): off unless a ruleset gives a value.
    Contract("pascha", GOAL, "Pascha", "Pascha (3 top trumps)", "Pa", goal_tricks=3),
    Contract("ultimo_2", GOAL, "Ultimo mit Trumpf 2", "Ultimo with Trump 2", "U2"),
    Contract("ultimo_3", GOAL, "Ultimo mit Trumpf 3", "Ultimo with Trump 3", "U3"),
    Contract("ultimo_12", GOAL, "Ultimo mit Trumpf 1 und 2", "Ultimo with Trumps 1 and 2", "U12"),
    Contract("ultimo_123", GOAL, "Ultimo mit Trumpf 1, 2 und 3", "Ultimo with Trumps 1, 2 and 3", "U123"),
    Contract("solo_ulti", GOAL, "Solo Ulti", "Solo Ulti", "SU"),
    Contract("solo_durch", GOAL, "Solo Durch", "Solo Durch (all tricks)", "SD"),
    Contract("solo_ulti_durch", GOAL, "Solo Ulti Durch", "Solo Ulti Durch", "SUD"),
    Contract("raeuber", RAEUBER, "Räuber", "Räuber (robber)", "R"),
    Contract("drescher", DRESCHER, "Drescher", "Drescher (thresher)", "D"),
    Contract("schinden", PENALTY, "Schinden", "Schinden (Solo challenge)", "Sch"),
    # RULES.md §10: a row of the sheet that is no game (Unadingen: the dealer who deals without letting cut).
    Contract("fine", FINE, "Strafe", "Fine", "St"),
)}

# The bid ladder of the plain point games. Each step multiplies by one more; a ruleset without Halbe
# moves every later bid one step down (RULES.md §5: "with Halbe 2, Eine 3, Leere 4 …").
LADDER = ("cego", "halbe", "eine", "leere", "zwei_leere", "zwei_verschiedene", "kleiner_mann")
# Point games whose multiplier differs for a win and a loss.
WIN_LOSS = ("solo", "gegensolo")
GOAL_CONTRACTS = tuple(k for k, c in CONTRACTS.items() if c.kind == GOAL)
# The special games of the regional variations: goal games no seed ruleset before issue 15 played.
SPECIAL_GAMES = ("pascha", "ultimo_2", "ultimo_3", "ultimo_12", "ultimo_123", "solo_ulti", "solo_durch",
                 "solo_ulti_durch")
# Games whose goal is all tricks (Durchmarsch): ``tricks`` equal to the hand size meets the goal.
ALL_TRICKS = ("solo_durch", "solo_ulti_durch")

# Regional names of the trick-count games (Wikipedia "Cego", regional variations; the old rule sheets). The one
# alias table: the engine accepts these as ``contract`` and the app's entry folds them the same way.
ALIASES = {
    "zwillibus": "zwiccolo", "duo": "zwiccolo", "mord": "zwiccolo", "duccolo": "zwiccolo",
    "grebsler": "zwiccolo", "trio": "drilling", "quarto": "vierlefax", "quinto": "pfifferling",
}


def canonical(key):
    """The contract key for ``key`` or one of its regional names (any case); ``None`` when unknown."""
    if not isinstance(key, str):
        return None
    if key in CONTRACTS:
        return key
    folded = key.strip().lower()
    return folded if folded in CONTRACTS else ALIASES.get(folded)


def contract_name(key, lang="de"):
    contract = CONTRACTS.get(key)
    return contract.name(lang) if contract else key


# -- the arithmetic of Fach and value (RULES.md §4), shared by every game module and the tariff -------------------


def is_int(value):
    """A whole number of the JSON input (``True`` is not one)."""
    return type(value) is int


def fach_for(rs, losing_points, threshold):
    """Fach of a losing side with ``losing_points`` that needed ``threshold`` (RULES.md §4)."""
    if losing_points <= 0:
        return rs.max_fach
    fach = (threshold - 1 - losing_points) // rs.fach_width + 1
    return rs.max_fach if fach > rs.max_fach else (1 if fach < 1 else fach)


def round_value(value, step):
    """Round half up to a multiple of ``step`` (15 → 20, 14 → 10 for step 10)."""
    if step <= 1:
        return value
    return (2 * value + step) // (2 * step) * step


def round_up(value, step):
    """Round up to a multiple of ``step`` (1 → 5, 5 → 5, 6 → 10 for step 5)."""
    return -(-value // step) * step if step > 1 else value


def point_value(rs, contract_key, fach, won, calls=0, multipliers=None):
    """X, the value per opponent, before and after rounding and calls: ``(M, raw, rounded, X)``."""
    m_win, m_loss = multipliers or rs.point_multipliers[contract_key]
    m = m_win if won else m_loss
    raw = fach * rs.unit * m
    rounded = round_value(raw, rs.rounding)
    return m, raw, rounded, rounded << calls if calls else rounded

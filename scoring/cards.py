"""The 54 Cego cards, their card points, and the two ways of counting a pile (RULES.md §1).

Codes: trumps ``T1``…``T21`` and the Gstieß ``GS``; court cards suit first (``hK``, ``kD``, ``xR``, ``pB``);
pips ``h1``…``h4``, ``k1``…``k4`` (red, 1 highest) and ``x7``…``x10``, ``p7``…``p10`` (black, 10 highest).
Suits: Herz ``h``, Karo ``k``, Kreuz ``x``, Pik ``p``.

Counters (*Zählkarten*): ``GS``, ``T21``, ``T1`` and the Kings 5, Queens 4, Knights 3, Jacks 2; all else blank.
For a pile of *n* cards holding *c* counters worth Σ together:

* pairs (*2er-Zählweise*, SM):      Σ + ⌊n/2⌋ − c                       → the whole pack counts 79
* triples (*3er-Zählweise*):         Σ + G − c, G = ⌊n/3⌋ (+1 if n mod 3 = 2) → 70 (69 with the 51 cards of Dreier)
"""

from .errors import ScoringError

SUIT_LABELS = {
    "h": {"de": "Herz", "en": "Hearts"},
    "k": {"de": "Karo", "en": "Diamonds"},
    "x": {"de": "Kreuz", "en": "Clubs"},
    "p": {"de": "Pik", "en": "Spades"},
}
COURT = (("K", 5, {"de": "König", "en": "King"}), ("D", 4, {"de": "Dame", "en": "Queen"}),
         ("R", 3, {"de": "Reiter", "en": "Knight"}), ("B", 2, {"de": "Bube", "en": "Jack"}))
PIPS = {"h": ("1", "2", "3", "4"), "k": ("1", "2", "3", "4"),
        "x": ("10", "9", "8", "7"), "p": ("10", "9", "8", "7")}

TRUMPS = ("GS",) + tuple(f"T{n}" for n in range(21, 0, -1))


def _suit_cards(suit):
    return tuple(suit + c for c, _v, _l in COURT) + tuple(suit + p for p in PIPS[suit])


SUITS = (("trumps", {"de": "Trümpfe", "en": "Trumps"}, TRUMPS),) + tuple(
    (s, SUIT_LABELS[s], _suit_cards(s)) for s in ("h", "k", "x", "p"))
ALL_CARDS = tuple(code for _key, _label, codes in SUITS for code in codes)
# Dreier-Cego (three-handed) plays without Karo 4, Kreuz 7 and Pik 7.
DREIER_REMOVED = ("k4", "x7", "p7")

VALUES = {code: 0 for code in ALL_CARDS}
VALUES.update(GS=5, T21=5, T1=5)
for _suit in SUIT_LABELS:
    for _c, _v, _l in COURT:
        VALUES[_suit + _c] = _v

_CANONICAL = {code.lower(): code for code in ALL_CARDS}
COUNTINGS = ("pairs", "triples")


def card_value(code):
    """Card points of one card: 5, 4, 3, 2 for counters, 0 for a blank."""
    return VALUES[code]


def card_label(code, lang="de"):
    """A card's name, e.g. ``Herz König`` / ``King of Hearts``, ``Gstieß``, ``Trumpf 21 (Mond)``."""
    lang = "de" if str(lang).startswith("de") else "en"
    if code == "GS":
        return "Gstieß" if lang == "de" else "Gstiess (Sküs)"
    if code.startswith("T"):
        n = code[1:]
        extra = {"21": {"de": " (Mond)", "en": " (Moon)"}, "1": {"de": " (Geiß)", "en": " (Pagat)"}}
        name = f"Trumpf {n}" if lang == "de" else f"Trump {n}"
        return name + extra.get(n, {}).get(lang, "")
    suit, rank = code[0], code[1:]
    for c, _v, label in COURT:
        if rank == c:
            if lang == "de":
                return f"{SUIT_LABELS[suit]['de']} {label['de']}"
            return f"{label['en']} of {SUIT_LABELS[suit]['en']}"
    if lang == "de":
        return f"{SUIT_LABELS[suit]['de']} {rank}"
    return f"{rank} of {SUIT_LABELS[suit]['en']}"


def parse_cards(cards):
    """Normalise card codes from a string (spaces or commas) or an iterable; reject unknown and duplicate cards."""
    if isinstance(cards, str):
        tokens = cards.replace(",", " ").replace(";", " ").split()
    else:
        tokens = [str(c).strip() for c in cards]
    seen = []
    for token in tokens:
        code = _CANONICAL.get(token.lower())
        if code is None:
            raise ScoringError("unknown_card", card=token)
        if code in seen:
            raise ScoringError("duplicate_card", card=code)
        seen.append(code)
    return tuple(seen)


def pile_points(n, counters, counter_sum, counting="pairs"):
    """Points of a pile of ``n`` cards with ``counters`` counters worth ``counter_sum`` together."""
    if counting == "pairs":
        groups = n // 2
    elif counting == "triples":
        groups = n // 3 + (1 if n % 3 == 2 else 0)
    else:
        raise ScoringError("unknown_counting", counting=counting)
    return counter_sum + groups - counters


def count_points(cards, counting="pairs"):
    """Card points of a pile of cards (codes, or a string of codes) by the given counting method."""
    codes = parse_cards(cards)
    values = [VALUES[c] for c in codes]
    counters = sum(1 for v in values if v)
    return pile_points(len(codes), counters, sum(values), counting)


def pack_total(counting="pairs", dreier=False):
    """Points of the whole pack: 79 by pairs, 70 by triples, 69 by triples without the Dreier cards."""
    cards = [c for c in ALL_CARDS if not (dreier and c in DREIER_REMOVED)]
    return count_points(cards, counting)

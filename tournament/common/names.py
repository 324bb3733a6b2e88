"""Matching German names: the one normalisation every search, namesake warning, import match and duplicate check
uses (pure: the standard library and rapidfuzz).

``match_key`` folds what people write differently for the same name — case, ß/ss, ä/ae/a, ö/oe/o, ü/ue/u, other
accents, hyphens, spaces and punctuation — so "Hansjörg Müller-Lüdenscheid", "Hansjoerg Mueller Luedenscheid" and
"hansjorg muller ludenscheid" have one key. ``similar`` adds a tolerance of one typo (one letter added, dropped,
changed or two swapped: rapidfuzz's optimal string alignment distance) on top of the key, for names long enough
that one letter is a typo and not another name.

``match_key`` also folds look-alike letters of other scripts to the Latin letter they pass for ("Аnna" with a
Cyrillic А is "Anna"; ``LOOK_ALIKES``), so a name typed or pasted with one is caught as a namesake instead of
becoming a second player nobody can tell apart. ``tidy`` is what every typed or imported name goes through:
invisible and direction-changing characters (zero-width spaces, bidi overrides and isolates, soft hyphens, …)
removed and spaces collapsed; ``invisible`` says whether text had characters but nothing a reader can see.
"""

import re
import unicodedata

from rapidfuzz.distance import OSA

from tournament.common.collation import german_key

_SPELT = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("ss", "s"))
_NOT_LETTER = re.compile(r"[^0-9a-z]+")
MIN_TYPO_LENGTH = 4        # "Beha" vs "Bena" is one typo; "Ott" vs "Otto" may be two people

# Cyrillic and Greek letters that look like a Latin one (Unicode's confusables, the ones a name can contain).
LOOK_ALIKES = str.maketrans({
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X",
    "У": "Y", "Ү": "Y", "І": "I", "Ј": "J", "Ѕ": "S", "Ԛ": "Q", "Ԝ": "W", "Ё": "Ë", "Ї": "Ï",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
    "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ё": "ë", "ї": "ï", "ү": "y",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "α": "a", "ι": "i", "κ": "k", "ν": "v", "ρ": "p", "υ": "u", "χ": "x",
    "ı": "i", "ɑ": "a", "ɡ": "g", "ǀ": "l",
})
# Letters that show as nothing although Unicode counts them as letters or symbols (Hangul fillers, the blank
# Braille pattern); with every format (Cf: zero-width, bidi, soft hyphen), control and unassigned character they
# are dropped from a name.
_BLANK_LETTERS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u180e"}
_DROPPED_CATEGORIES = {"Cf", "Cc", "Co", "Cn", "Cs"}
_UNSEEN_CATEGORIES = _DROPPED_CATEGORIES | {"Zs", "Zl", "Zp", "Mn", "Me"}


def tidy(text):
    """A typed or imported name, town or club as it is stored: invisible and direction-changing characters
    removed (U+200B, U+202E, U+2066…, U+FEFF, soft hyphens, Hangul fillers …), spaces collapsed."""
    kept = "".join(c for c in str(text or "")
                   if c not in _BLANK_LETTERS and unicodedata.category(c) not in _DROPPED_CATEGORIES)
    return " ".join(kept.split())


def invisible(text):
    """Whether ``text`` has characters but none a reader can see (only spaces, zero-width, bidi controls,
    combining marks without a letter …): such a name is refused wherever it is typed or imported."""
    text = str(text or "")
    return bool(text) and all(c in _BLANK_LETTERS or unicodedata.category(c) in _UNSEEN_CATEGORIES for c in text)


def match_key(text):
    """``text`` folded for matching: look-alike letters of other scripts as the Latin letter (``LOOK_ALIKES``),
    German key (lower case, umlauts spelt out, accents dropped), then the spelt-out umlauts and ß folded to their
    base letter, everything but letters and digits removed."""
    key = german_key(str(text or "").translate(LOOK_ALIKES))
    for spelt, base in _SPELT:
        key = key.replace(spelt, base)
    return _NOT_LETTER.sub("", key)


def words(text):
    """The match keys of the words of ``text`` (hyphens and spaces split words), empty ones left out."""
    return [k for k in (match_key(w) for w in re.split(r"[\s\-‐–/,.;]+", str(text or ""))) if k]


def similar(a, b, typos=1):
    """Whether two match keys are the same name: equal, or at most ``typos`` typos apart when both are at least
    ``MIN_TYPO_LENGTH`` long."""
    if a == b:
        return True
    if min(len(a), len(b)) < MIN_TYPO_LENGTH:
        return False
    return OSA.distance(a, b, score_cutoff=typos) <= typos


def word_found(word, text_keys):
    """A typed word (a match key) is found in a name: as the start of one of its words, or as a similar word."""
    return any(key.startswith(word) or similar(word, key) for key in text_keys)


def query_matches(query, *fields):
    """Whether every word typed in ``query`` is found in one of ``fields`` (names, town, club): a prefix of a
    word, or the word with one typo. "weiss" finds "Weiß", "muller" and "Mueller" find "Müller"."""
    typed = words(query)
    if not typed:
        return False
    keys = [k for f in fields for k in words(f)] + [match_key(f) for f in fields if f]
    return all(word_found(word, keys) for word in typed)


def same_person(first_a, last_a, first_b, last_b):
    """Whether two names are likely the same person: both names equal under ``match_key`` or one typo apart."""
    return similar(match_key(last_a), match_key(last_b)) and similar(match_key(first_a), match_key(first_b))


_TRAILING_NUMBER = re.compile(r"\s+((?:Nr\.\s*)?(?:\d+[a-z]?|[IVX]{1,4}))$")


def keep_number(text):
    """``"Cego-Freunde Furtwangen 2"`` → the last space a no-break space when the last word is a team's number
    ("2", "2a", "II", "Nr. 2"), so the number never starts a line alone."""
    match = _TRAILING_NUMBER.search(text or "")
    if not match:
        return text
    return text[:match.start()] + "\u00a0" + re.sub(r"\s+", "\u00a0", match.group(1))

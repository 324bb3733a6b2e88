"""Matching German names: the one normalisation every search, namesake warning, import match and duplicate check
uses (pure: the standard library and rapidfuzz).

``match_key`` folds what people write differently for the same name — case, ß/ss, ä/ae/a, ö/oe/o, ü/ue/u, other
accents, hyphens, spaces and punctuation — so "Hansjörg Müller-Lüdenscheid", "Hansjoerg Mueller Luedenscheid" and
"hansjorg muller ludenscheid" have one key. ``similar`` adds a tolerance of one typo (one letter added, dropped,
changed or two swapped: rapidfuzz's optimal string alignment distance) on top of the key, for names long enough
that one letter is a typo and not another name.
"""

import re

from rapidfuzz.distance import OSA

from tournament.common.collation import german_key

_SPELT = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("ss", "s"))
_NOT_LETTER = re.compile(r"[^0-9a-z]+")
MIN_TYPO_LENGTH = 4        # "Beha" vs "Bena" is one typo; "Ott" vs "Otto" may be two people


def match_key(text):
    """``text`` folded for matching: German key (lower case, umlauts spelt out, accents dropped), then the spelt-out
    umlauts and ß folded to their base letter, everything but letters and digits removed."""
    key = german_key(text)
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

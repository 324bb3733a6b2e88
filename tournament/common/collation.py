"""The German sort order of names: the one key every sorted list of people uses (pure: standard library only).

DIN 5007, variant 2 (the phone-book order): ä = ae, ö = oe, ü = ue, ß = ss; case and other accents are folded
(é = e, Ç = c). So "Äckerle" sorts as "Aeckerle" — among the A, before "Bächle" — and "Öhler" next to "Oehler".
Names equal under the key keep a fixed order: the spelling without the umlaut first ("Oehler" before "Öhler",
"Weiss" before "Weiß"), so every list of the same people comes out the same.

Lists are sorted in Python with these keys, not by the database: SQLite and PostgreSQL compare bytes or the
server's locale, neither of which is DIN 5007-2, and the lists are small (a tournament's field, a page of search
results). See docs/rules-in-one-place.md for the few orderings left to the database and why.
"""

import unicodedata
from functools import lru_cache

_SPELT_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def german_key(text):
    """``text`` as DIN 5007-2 compares it: lower case, umlauts spelt out, other accents dropped."""
    folded = unicodedata.normalize("NFC", str(text or "")).casefold().translate(_SPELT_OUT)
    return "".join(c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c))


def name_key(last, first="", *more):
    """Sort key of a person: last name, then first name, each by ``german_key``; then the names as written
    (ties between spellings that fold alike); then ``more`` (e.g. the town or the start number) for namesakes."""
    return (name_part(last), name_part(first), str(last or ""), str(first or ""),
            *(name_part(m) if isinstance(m, str) else m for m in more))


# ``german_key`` of names, remembered: the standings sort the same thousand names again after every result. Only
# names (short, a bounded set) go through it, never free text.
name_part = lru_cache(maxsize=16384)(german_key)


def person_key(person, *more):
    """``name_key`` of anything with ``last_name`` and ``first_name`` (a Player, a row dict's data)."""
    if isinstance(person, dict):
        return name_key(person.get("last_name", ""), person.get("first_name", ""), *more)
    return name_key(person.last_name, person.first_name, *more)


def initial(text):
    """The letter a name is filed under in an alphabetical list: "Äckerle" → "A", "Öhler" → "O"."""
    return german_key(text)[:1].upper() or "?"

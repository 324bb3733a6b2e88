"""Namesakes told apart: the one rule for how a player is named wherever players are listed for a table — the
phone's seat buttons and column headings, the score sheets, table cards and table lists, the hall view and the
office's keyboard sheet (pure: the standard library and ``common.names``; docs/table-entry.md, "Namensvettern").

Words used here:

- a **person** is one entry as a list shows it: first and last name as written, town, start number;
- two persons are **namesakes** when their names look the same (``look_key``: the German match key of
  ``common.names`` after dropping invisible characters and folding Cyrillic and Greek letters that look Latin,
  so "Аnna" with a Cyrillic А is "Anna"); "Hans Müller sen." and "Hans Müller jun." are not: the list already
  tells them apart;
- the **scope** is everyone a name must stay apart from: the tournament's entries (which holds the table's and
  the round's);
- the **tag** is what tells a namesake apart: the town when no other namesake in the scope has it, otherwise the
  start number; a name without namesakes has no tag;
- the **short** form is for a narrow column: first name and the initial of the last name ("Marie-Luise S.",
  "Hans M. sen."), the whole name where two initials at the table meet, and the start number where two whole
  names meet ("Marie-Luise S. (Nr. 12)": shorter than a town, and the seat button shows it) — so no two seats
  of a table ever read the same.
"""

import functools
import re
import unicodedata
from dataclasses import dataclass

from tournament.common import names
from tournament.common.collation import german_key

SUFFIX = re.compile(r"(?:^|[\s,]+)(sen\.?|senior|jun\.?|junior|sr\.|jr\.|d\.\s?ä\.|d\.\s?j\.)$", re.IGNORECASE)

# Letters of other scripts that look like Latin ones, after casefold (Unicode's confusables, the common ones).
_LOOKALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o",
    "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w",
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "y", "χ": "x",
})


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    town: str = ""
    number: int | None = None      # the start number

    @property
    def name(self):
        return f"{self.first} {self.last}".strip()


@dataclass(frozen=True)
class Label:
    name: str          # the name as written: "Marie-Luise Schwörer"
    tag: str           # what tells a namesake apart: "Triberg", "No. 12" (``number_text``), or ""
    by_town: bool      # whether the tag is the town (a start number shown beside it would say no more)
    full: str          # "Marie-Luise Schwörer (Triberg)"; the name alone without a tag
    short: str         # for a narrow column, distinct at the table: "Marie-Luise S.", "Hans M. sen."

    def __str__(self):
        return self.full


def visible(text):
    """``text`` without invisible and direction-changing characters (format characters: U+200B, U+202E, …),
    compatibility forms folded (NFKC: a full-width "Ａ" is "A")."""
    return "".join(c for c in unicodedata.normalize("NFKC", str(text or "")) if unicodedata.category(c) != "Cf")


@functools.lru_cache(maxsize=8192)     # a phone's sheet asks for every name of the tournament on each poll
def look_key(text):
    """What a name looks like, for telling namesakes: ``names.match_key`` of its visible letters with Cyrillic and
    Greek look-alikes folded to Latin; letters of other scripts kept, so two different Greek names stay apart."""
    folded = visible(text).casefold().translate(_LOOKALIKE)
    other = "".join(c for c in german_key(folded) if c.isalnum() and not c.isascii())
    return names.match_key(folded) + ("/" + other if other else "")


def split_suffix(first, last):
    """``(first, last, suffix)`` with a trailing "sen."/"jun." (also senior, junior, sr., jr., d. Ä., d. J.) taken
    off the last name, or else off the first name, as a club list writes it ("Schwörer sen.", "Hans jun.")."""
    for which in ("last", "first"):
        text = (last if which == "last" else first).strip()
        found = SUFFIX.search(text)
        if found and found.start() > 0:
            base = text[:found.start()].rstrip(" ,")
            return (first.strip(), base, found.group(1)) if which == "last" else (base, last.strip(), found.group(1))
    return first.strip(), last.strip(), ""


def _initial(text):
    letters = [c for c in visible(text) if c.isalnum()]
    return letters[0].upper() if letters else ""


def initials(first):
    """A first name by its initials, hyphens and spaces kept: "Marie-Luise" → "M.-L.", "Hans Peter" → "H. P."."""
    parts = re.split(r"([\s\-‐]+)", visible(first).strip())
    return "".join(p if i % 2 else (f"{_initial(p)}." if _initial(p) else "") for i, p in enumerate(parts))


def short_name(person):
    """A name for a narrow column: first name and the initial of the last name, with the list's "sen."/"jun."."""
    first, last, suffix = split_suffix(person.first, person.last)
    if not first:
        return " ".join(p for p in (last, suffix) if p)
    initial = _initial(last)
    return " ".join(p for p in (first, f"{initial}." if initial else "", suffix) if p)


def _identity(person):
    return (look_key(person.name), person.number, look_key(person.town))


def _tags(people, scope, number_text):
    """The tag of each person: none without a namesake in the scope; the town where no namesake shares it;
    otherwise the start number."""
    wanted = {look_key(person.name) for person in people}      # the scope is the whole field: only these names
    groups = {}
    for person in [*scope, *people]:
        key = look_key(person.name)
        if key in wanted:
            groups.setdefault(key, {})[_identity(person)] = person
    tags = []
    for person in people:
        group = groups[look_key(person.name)]
        if len(group) < 2:
            tags.append(("", False))
            continue
        town = look_key(person.town)
        if person.town.strip() and sum(1 for other in group.values() if look_key(other.town) == town) == 1:
            tags.append((person.town.strip(), True))
        else:
            tags.append((number_text(person.number) if person.number is not None else "", False))
    return tags


def _distinct(texts, better):
    """Replace each text that looks the same as another's by ``better(i)``."""
    counts = {}
    for text in texts:
        counts[look_key(text)] = counts.get(look_key(text), 0) + 1
    return [better(i) if counts[look_key(text)] > 1 else text for i, text in enumerate(texts)]


def labels(people, scope=(), number_text="#{}".format):
    """The labels of ``people`` (the persons listed together: a table), in their order.

    ``scope`` holds everyone they must stay apart from (the tournament's entries; ``people`` may be among them).
    ``number_text`` writes a start number as a tag (the caller's translation of "No. 12").
    Distinct persons (distinct start numbers) get distinct ``full`` and, among ``people``, distinct ``short``
    labels; a name without namesakes comes back as written.
    """
    people = list(people)
    tags = _tags(people, list(scope), number_text)
    fulls = [f"{p.name} ({tag})" if tag else p.name for p, (tag, _town) in zip(people, tags, strict=True)]
    fulls = _distinct(fulls, lambda i: f"{fulls[i]} {number_text(people[i].number)}"
                      if people[i].number is not None else fulls[i])
    shorts = [short_name(p) for p in people]
    shorts = _distinct(shorts, lambda i: people[i].name or shorts[i])
    shorts = _distinct(shorts, lambda i: f"{short_name(people[i])} ({number_text(people[i].number)})"
                       if people[i].number is not None else shorts[i])
    return [Label(name=p.name, tag=tag, by_town=by_town, full=full, short=short)
            for p, (tag, by_town), full, short in zip(people, tags, fulls, shorts, strict=True)]

"""The columns of a registration file and how its headings are recognised — no ORM.

``COLUMNS`` are the columns of the template (``exports.xlsx.tournament.registration_template_xlsx``) and of the
registration export; ``EXTRA_COLUMNS`` are recognised on import only: a name in one column (“Vorname Name”, “Name,
Vorname”), paid (bezahlt, Startgeld) and present (anwesend). A heading is compared after ``normalise_heading`` with the
German and English variants in ``aliases``. “Name” is the last name when a first-name column exists, otherwise the whole
name.

``find_header`` finds the heading line: the first of the first ``SEARCH`` non-empty lines with at least two
recognised headings (title lines and empty lines above it are skipped); ``map_headings`` maps its cells to
columns. Columns nobody recognises are ignored with a notice, not refused.

Headings as clubs write them: a hint in brackets does not matter ("Startgeld bezahlt (j/n)"), and a heading
that is none of the aliases is recognised by a telling word in it (``KEYWORDS``: "bezahlt", "Bemerkung",
"Jahrgang" …). Some aliases are *weak* (``Column.weak``): a running number ("Lfd. Nr.", "Nr.", "#") is a start
number only when no "Startnummer" column exists (and, ``files.check_lines``, only when its numbers are unique);
a "Startgeld" column (the fee) says who paid only when no "bezahlt" column exists. A weak column beside a strong
one of the same meaning is ignored with a notice.
"""

import datetime
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

SEARCH = 20


@dataclass(frozen=True)
class Column:
    field: str
    heading: str            # the German heading written into the template
    label: object           # translated label for the preview (lazy)
    aliases: tuple          # accepted headings, normalised (see ``normalise_heading``)
    kind: str = "text"      # text, bool, year, number, name, paid
    required: bool = False
    max_length: int = 0
    weak: tuple = ()        # headings that mean this column only when no column has one of ``aliases``


COLUMNS = (
    Column("first_name", "Vorname", gettext_lazy("First name"), ("vorname", "first name", "firstname", "given name"),
           required=True, max_length=80),
    Column("last_name", "Nachname", gettext_lazy("Last name"),
           ("nachname", "familienname", "last name", "lastname", "surname", "family name", "zuname"), required=True,
           max_length=80),
    Column("town", "Ort", gettext_lazy("Town"), ("ort", "wohnort", "town", "city", "place", "ort/verein",
                                                 "ort / verein", "wohnort/verein", "herkunft"), max_length=80),
    Column("club", "Verein", gettext_lazy("Club"), ("verein", "club", "verein/club"), max_length=120),
    Column("is_woman", "Frau", gettext_lazy("Woman"), ("frau", "woman", "female", "damen", "dame", "geschlecht",
                                                       "w/m", "m/w", "m/w/d", "w/m/d", "geschl", "anrede", "sex",
                                                       "gender"), kind="bool"),
    Column("birth_year", "Geburtsjahr", gettext_lazy("Year of birth"),
           ("geburtsjahr", "jahrgang", "jg", "geb jahr", "gebjahr", "geb", "geboren", "geburtsdatum", "geb datum",
            "gebdatum", "geb dat", "birth year", "year of birth", "birthyear", "date of birth", "birth date",
            "born", "dob"), kind="year"),
    Column("is_guest", "Gast", gettext_lazy("Guest"), ("gast", "guest"), kind="bool"),
    Column("team", "Mannschaft", gettext_lazy("Team"), ("mannschaft", "team"), max_length=120),
    Column("start_number", "Startnummer", gettext_lazy("Start number"),
           ("startnummer", "startnr", "start nr", "start number", "startnumber", "start no"), kind="number",
           weak=("nr", "nummer", "number", "no", "#", "lfd nr", "lfdnr", "lfd", "laufende nummer", "laufende nr",
                 "pos", "position")),
)
EXTRA_COLUMNS = (
    Column("full_name", "Vorname Name", gettext_lazy("Name"),
           ("vorname name", "vorname nachname", "vor und nachname", "vor und zuname", "name vorname",
            "name, vorname", "nachname, vorname", "nachname vorname", "spieler", "spielerin", "teilnehmer",
            "spieler/in", "full name", "player"), kind="name", max_length=160),
    Column("paid", "bezahlt", gettext_lazy("Paid"), ("bezahlt", "gezahlt", "paid", "bez", "startgeld bezahlt",
                                                     "startgeld gezahlt", "bezahlt?", "kasse"), kind="paid",
           weak=("startgeld", "gebühr", "gebuehr", "betrag", "fee", "entry fee")),
    Column("checked_in", "anwesend", gettext_lazy("Present"), ("anwesend", "present", "checked in"),
           kind="bool"),
    Column("note", "Bemerkung", gettext_lazy("Remark"),
           ("bemerkung", "bemerkungen", "anmerkung", "anmerkungen", "notiz", "notizen", "hinweis", "hinweise",
            "kommentar", "note", "notes", "remark", "remarks", "comment", "comments"), max_length=200),
)
ALL_COLUMNS = COLUMNS + EXTRA_COLUMNS
COLUMN_BY_FIELD = {c.field: c for c in ALL_COLUMNS}
ALIASES = {alias: c for c in ALL_COLUMNS for alias in c.aliases}
WEAK = {alias: c for c in ALL_COLUMNS for alias in c.weak}
# A word in a heading that is none of the aliases ("Startgeld schon bezahlt?", "Bemerkungen zur Anmeldung").
KEYWORDS = {"bezahlt": "paid", "gezahlt": "paid", "bemerkung": "note", "bemerkungen": "note", "anmerkung": "note",
            "jahrgang": "birth_year", "geburtsjahr": "birth_year", "geburtsdatum": "birth_year",
            "startnummer": "start_number"}


def normalise_heading(text):
    """``" Start-Nr. "`` → ``"start nr"``: case, spaces, dots, hyphens and underscores do not matter, nor a hint
    in brackets (``"Startgeld bezahlt (j/n)"`` → ``"startgeld bezahlt"``)."""
    text = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", str(text or "").casefold())
    return re.sub(r"[\s_\-.:]+", " ", text).strip()


class Formula(str):
    """A workbook's formula whose value the file does not store (``files._with_formulas``): never data — it reads
    as an empty cell — but it tells a sum line (``lines.footer_line``)."""


def cell_text(value):
    """A cell as the text a spreadsheet shows: ``1985.0`` → ``"1985"``, dates as ``DD.MM.YYYY``; a ``Formula``
    without its value as nothing."""
    if value is None or isinstance(value, Formula):
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime):
        value = value.date()
    if isinstance(value, datetime.date):
        return value.strftime("%d.%m.%Y")
    return " ".join(str(value).split())


def _match(text, has_first_name):
    """(Column, weak) of a heading, or (None, False)."""
    key = normalise_heading(text)
    if key == "name":
        return COLUMN_BY_FIELD["last_name" if has_first_name else "full_name"], False
    column = ALIASES.get(key) or ALIASES.get(key.replace(" ", ""))
    if column is not None:
        return column, False
    column = WEAK.get(key) or WEAK.get(key.replace(" ", ""))
    if column is not None:
        return column, True
    fields = {KEYWORDS[word] for word in re.split(r"[\s/,;?!]+", key) if word in KEYWORDS}
    if len(fields) == 1:
        return COLUMN_BY_FIELD[fields.pop()], True
    return None, False


def _column(text, has_first_name):
    return _match(text, has_first_name)[0]


def _recognised(cells):
    texts = [cell_text(c) for c in cells]
    has_first = any(_column(t, False) is COLUMN_BY_FIELD["first_name"] for t in texts if t)
    return sum(1 for t in texts if t and _column(t, has_first) is not None)


def find_header(numbered):
    """The index (in ``numbered``, the non-empty lines) of the heading line."""
    for index, (_line, cells) in enumerate(numbered[:SEARCH]):
        if _recognised(cells) >= 2:
            return index
    return 0


# complexity: to split: the director's choices apart from the headings
def map_headings(result, header, rows, overrides=None):  # noqa: C901
    """Column index → Column; notices for ignored columns, issues for doubled and missing ones. ``overrides``
    (index → field, "" to ignore) is the director's choice and wins over the headings."""
    mapping, overrides = {}, overrides or {}
    texts = [cell_text(h) for h in header]
    width = max([len(texts)] + [len(r) for r in rows])
    texts += [""] * (width - len(texts))
    has_first = any(_column(t, False) is COLUMN_BY_FIELD["first_name"] for t in texts if t)
    matches = {index: _match(text, has_first) for index, text in enumerate(texts) if text and index not in overrides}
    strong = {COLUMN_BY_FIELD[f]: texts[i] or str(i + 1) for i, f in overrides.items() if f in COLUMN_BY_FIELD}
    strong.update({column: texts[i] for i, (column, weak) in matches.items() if column is not None and not weak})
    result.running_column = None
    for index, text in enumerate(texts):
        used = bool(text) or any(index < len(r) and cell_text(r[index]) for r in rows)
        if used:
            result.sources.append((index, text))
        if index in overrides:
            column = COLUMN_BY_FIELD.get(overrides[index])
            if column is None:
                continue                    # ignored on purpose: no notice
        elif not text:
            if used:
                result.notify("ignored_column", _("Column %(n)s has values but no heading; it is not imported.")
                              % {"n": index + 1})
            continue
        else:
            column, weak = matches[index]
            if weak and column in mapping.values():
                result.notify("ignored_column", _("The column “%(heading)s” is not imported: an earlier column is "
                                                  "used for “%(meaning)s”.")
                              % {"heading": text[:60], "meaning": column.label})
                continue
            if weak and column in strong:
                result.notify("ignored_column", _("The column “%(heading)s” is not imported: the column “%(other)s” "
                                                  "is used for “%(meaning)s”.")
                              % {"heading": text[:60], "other": strong[column][:60], "meaning": column.label})
                continue
            if weak and column.field == "start_number" and column not in mapping.values():
                result.running_column = index       # start numbers only if unique (``files.check_lines``)
        if column is None:
            result.notify("ignored_column", _("The column “%(heading)s” is not imported.") % {"heading": text[:60]})
        elif column in mapping.values():
            result.add("duplicate_column", _("The column “%(heading)s” appears twice.")
                       % {"heading": text[:60] or index + 1})
        else:
            mapping[index] = column
    fields = {c.field for c in mapping.values()}
    if "full_name" in fields and fields & {"first_name", "last_name"}:
        result.add("duplicate_column", _("The name is given twice: in one column and in first and last name."))
    elif "full_name" not in fields:
        for column in COLUMNS:
            if column.required and column not in mapping.values():
                result.add("missing_column", _("The required column “%(heading)s” is missing.")
                           % {"heading": column.heading})
    result.columns = [mapping[i] for i in sorted(mapping)]
    result.sources = [(index, text[:60], mapping[index].field if index in mapping else "")
                      for index, text in result.sources]
    return mapping


def split_name(text, heading_last_first):
    """``"Hans Peter Müller"`` → ``("Hans Peter", "Müller")``; ``"Müller, Hans"`` → ``("Hans", "Müller")``;
    a heading that starts with the last name (“Name Vorname”) reads ``"Müller Hans"`` the same way."""
    if "," in text:
        last, first = (part.strip() for part in text.split(",", 1))
        return first, last
    words = text.split()
    if len(words) < 2:
        return "", text
    if heading_last_first:
        return " ".join(words[1:]), words[0]
    return " ".join(words[:-1]), words[-1]


def last_name_first(heading):
    return normalise_heading(heading).startswith(("name", "nachname"))

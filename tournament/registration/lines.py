"""Which lines of a registration file are players — no ORM.

A *footer* line (``footer_line``) is a sum, count or signature line a club's list ends with: "Summe Startgeld:"
with a formula, "Gesamt", "Anzahl: 44", a line whose only text ends in ":", or a line without a name but with a
formula or an amount. ``files.check_lines`` leaves it out of the import and the preview marks it; the director
may take it back (``KEEP``) or leave any other line out (``SKIP``). ``running_numbers`` drops a running-number
column ("Lfd. Nr.", "Nr.", "#") whose numbers are not unique whole numbers, instead of an error on every line.
"""

import re

from django.utils.translation import gettext as _

from tournament.registration.headings import Formula, cell_text

SKIP, KEEP = "skip", "keep"              # the director's choice for one line (``ImportResult.choices``)
FOOTER, DIRECTOR = "footer", "director"  # why a line is left out (``ImportRow.left_out``)
FOOTER_WORDS = re.compile(r"(zwischen)?(summe|summen|gesamt|gesamtsumme|insgesamt|anzahl|total|totals|sum|"
                          r"teilnehmerzahl|spielerzahl|kasse|kassenstand|übertrag|uebertrag)\b", re.IGNORECASE)
AMOUNT = re.compile(r"(€|eur)?\s*-?\d+([.,]\d+)?\s*(€|eur|euro|,-|\.-)?", re.IGNORECASE)


def _is_amount(value, text):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return True
    return bool(text) and AMOUNT.fullmatch(text) is not None


def footer_line(cells, text_indexes, number_index=None):
    """Whether a line of the file is a sum, count or signature line, not a player. ``text_indexes``: the columns
    read as names (a footer word counts there, or anywhere when the names are empty); ``number_index``: the
    start-number column, whose number alone makes an unfilled line, not a footer."""
    texts = [str(c) if isinstance(c, Formula) else cell_text(c) for c in cells]
    filled = [(i, t) for i, t in enumerate(texts) if t]
    if not filled:
        return False
    names_empty = not any(texts[i] for i in text_indexes if i < len(texts))
    for index, text in filled:
        if (index in text_indexes or names_empty) and FOOTER_WORDS.match(text):
            return True
    words = [t for i, t in filled if not t.startswith("=") and not _is_amount(cells[i], t)]
    if len(words) == 1 and words[0].endswith(":"):
        return True
    if names_empty:
        return any(i != number_index and (t.startswith("=") or _is_amount(cells[i], t)) for i, t in filled)
    return False


RUNNING_ISSUES = {"duplicate_start_number", "bad_start_number"}


def running_numbers(result, mapping):
    """A running-number column ("Lfd. Nr.", "Nr.", "#") gives the start numbers only when its numbers are
    unique whole numbers; otherwise it is ignored with a notice, and every line gets the next free number."""
    index = result.running_column
    bad = [row for row in result.rows if any(i.code in RUNNING_ISSUES for i in row.issues)]
    if not bad:
        return
    for row in result.rows + result.left_out:
        row.issues = [i for i in row.issues if i.code not in RUNNING_ISSUES]
        row.values.pop("start_number", None)
        row.raw.pop("start_number", None)
    heading = next((text for i, text, _field in result.sources if i == index), "") or str(index + 1)
    column = mapping.pop(index)
    result.columns = [c for c in result.columns if c is not column]
    result.sources = [(i, text, "" if i == index else f) for i, text, f in result.sources]
    result.running_column = None
    result.notify("running_numbers_ignored", _(
        "The numbers in the column “%(heading)s” are not unique whole numbers (see line %(line)s), so they are "
        "not used as start numbers: every player gets the next free number.") % {"heading": heading,
                                                                                   "line": bad[0].line})

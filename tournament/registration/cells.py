"""One cell of a registration file read as its column's kind: yes/no, paid (yes/no or an amount), a year, a
start number, text — each problem an issue of its line with a stable code. No ORM."""

import datetime
import re

from django.utils.translation import gettext as _

from tournament.registration.headings import cell_text

MIN_BIRTH_YEAR = 1900

YES = {"ja", "j", "x", "1", "yes", "y", "true", "wahr"}
NO = {"nein", "n", "0", "no", "false", "falsch", "", "-"}
WOMAN_YES = {"w", "weiblich", "f", "female"}
WOMAN_NO = {"m", "männlich", "maennlich", "male"}


def is_empty(cells):
    return all(cell_text(c) == "" for c in cells)


def _parse_bool(column, text):
    value = text.casefold()
    if value in YES or (column.field == "is_woman" and value in WOMAN_YES):
        return True
    if value in NO or (column.field == "is_woman" and value in WOMAN_NO):
        return False
    raise ValueError


def _parse_paid(value, text):
    """bezahlt/Startgeld: yes or no, or an amount (``10 €``, ``7,50``; more than 0 is paid)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value > 0
    folded = text.casefold()
    if folded in YES or folded in NO:
        return folded in YES
    amount = re.sub(r"\s*(€|eur|euro)\s*$|^\s*(€|eur)\s*", "", folded).replace(",", ".")
    if re.fullmatch(r"\d+(\.\d+)?|\d*\.\d+|\d+\.-*", amount):
        return float(amount.rstrip("-").rstrip(".") or 0) > 0
    raise ValueError


def _parse_int(value, text):
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if re.fullmatch(r"\d+", text):
        return int(text)
    raise ValueError


def parse_cell(row, column, value):
    text = cell_text(value)
    row.raw[column.field] = text
    label = str(column.label)
    if column.kind in ("bool", "paid"):
        try:
            row.values[column.field] = (_parse_paid(value, text) if column.kind == "paid"
                                        else _parse_bool(column, text))
        except ValueError:
            row.add("bad_yes_no", _("%(column)s: “%(value)s” is not yes or no (ja/nein, x, 1 or empty).")
                    % {"column": label, "value": text}, column.field)
    elif column.kind == "year":
        if isinstance(value, (datetime.date, datetime.datetime)):
            value = value.year
            text = str(value)
            row.raw[column.field] = text
        if text == "":
            row.values[column.field] = None
            return
        this_year = datetime.date.today().year
        try:
            year = _parse_int(value, text)
            if not MIN_BIRTH_YEAR <= year <= this_year:
                raise ValueError
            row.values[column.field] = year
        except ValueError:
            row.add("bad_year", _("%(column)s: “%(value)s” is not a year between %(min)s and %(max)s.")
                    % {"column": label, "value": text, "min": MIN_BIRTH_YEAR, "max": this_year}, column.field)
    elif column.kind == "number":
        if text == "":
            row.values[column.field] = None
            return
        try:
            number = _parse_int(value, text)
            if number < 1:
                raise ValueError
            row.values[column.field] = number
        except ValueError:
            row.add("bad_start_number", _("%(column)s: “%(value)s” is not a whole number from 1.")
                    % {"column": label, "value": text}, column.field)
    else:
        if column.max_length and len(text) > column.max_length:
            row.add("too_long", _("%(column)s: longer than %(max)s characters.")
                    % {"column": label, "max": column.max_length}, column.field)
            return
        row.values[column.field] = text

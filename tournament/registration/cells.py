"""One cell of a registration file read as its column's kind: yes/no, paid (yes/no, "bezahlt"/"offen" or an
amount), a year (or a date of birth), a start number, text — each problem an issue of its line with a stable
code. No ORM.

Values as clubs write them: yes is ja, j, x, 1, ✓ (and yes, true, wahr); no is nein, n, 0, -, ✗ or empty. The
gender column says w, weiblich, Frau, Fr. for a woman and m, männlich, Herr, Hr., d, divers for not (the model
knows only whether a player is a woman — for the ladies' tables and the women's standings). A year column takes
four digits or a full date (12.03.2008, 2008-03-12, or a date cell), never two digits ("87" might be an age).
Every text goes through ``names.tidy`` (invisible and direction-changing characters removed); a first or last
name with nothing visible left is refused (``invisible_name``).
"""

import datetime
import re

from django.utils.translation import gettext as _

from tournament.common import names
from tournament.registration.headings import Formula, cell_text

MIN_BIRTH_YEAR = 1900

YES = {"ja", "j", "x", "1", "yes", "y", "true", "wahr", "✓", "✔", "☑", "✅", "ok"}
NO = {"nein", "n", "0", "no", "false", "falsch", "", "-", "–", "—", "✗", "✘", "☐", "❌"}
WOMAN_YES = {"w", "weiblich", "f", "female", "frau", "fr", "dame"}
WOMAN_NO = {"m", "männlich", "maennlich", "male", "herr", "hr", "d", "divers", "diverse"}
PAID_YES = {"bezahlt", "gezahlt", "bar", "überwiesen", "ueberwiesen", "paid"}
PAID_NO = {"offen", "nicht bezahlt", "unbezahlt", "fehlt", "ausstehend", "open", "unpaid", "not paid"}
NAME_FIELDS = {"first_name", "last_name", "full_name"}
_DATE = (re.compile(r"(?P<d>\d{1,2})\.\s?(?P<m>\d{1,2})\.\s?(?P<y>\d{4})"),
         re.compile(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})"),
         re.compile(r"(?P<d>\d{1,2})/(?P<m>\d{1,2})/(?P<y>\d{4})"))


def is_empty(cells):
    return all(cell_text(c) == "" and not isinstance(c, Formula) for c in cells)


def _parse_bool(column, text):
    value = text.casefold().rstrip(".")
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
    if folded in PAID_YES or folded in PAID_NO:
        return folded in PAID_YES
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
    if re.fullmatch(r"\d+\.?", text):
        return int(text.rstrip("."))
    raise ValueError


def _parse_year(value, text):
    """A year of birth: four digits, or the year of a date (a date cell, 12.03.2008, 2008-03-12, 12/03/2008)."""
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.year
    for pattern in _DATE:
        found = pattern.fullmatch(text)
        if found:
            return datetime.date(int(found["y"]), int(found["m"]), int(found["d"])).year   # ValueError if no date
    if not (isinstance(value, (int, float)) and not isinstance(value, bool)) and not re.fullmatch(r"\d{4}", text):
        raise ValueError
    return _parse_int(value, text)


def parse_cell(row, column, value):
    """Read ``value`` into ``row`` (``row.raw`` the text as shown, ``row.values`` the parsed value) by the column's
    kind; a value that does not fit becomes an issue of the row."""
    text = cell_text(value)
    row.raw[column.field] = text
    label = str(column.label)
    if column.kind in ("bool", "paid"):
        _yes_no_cell(row, column, value, text, label)
    elif column.kind == "year":
        _year_cell(row, column, value, text, label)
    elif column.kind == "number":
        _number_cell(row, column, value, text, label)
    else:
        _text_cell(row, column, text, label)


def paid_details(value, text):
    """What a "bezahlt"/"Startgeld" cell says beyond yes or no, for the cash box (docs/money.md): ``{"paid_amount":
    "7.50"}`` for an amount, ``{"paid_method": "transfer"}`` for "überwiesen", ``{"paid_method": "cash"}`` for "bar";
    empty otherwise. Strings, so the preview stored as JSON keeps them."""
    folded = text.casefold().strip()
    if folded in ("überwiesen", "ueberwiesen"):
        return {"paid_method": "transfer"}
    if folded == "bar":
        return {"paid_method": "cash"}
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        amount = value
    else:
        amount = re.sub(r"\s*(€|eur|euro)\s*$|^\s*(€|eur)\s*", "", folded).replace(",", ".").rstrip("-").rstrip(".")
        if not re.fullmatch(r"\d+(\.\d{1,2})?|\d*\.\d{1,2}", amount):
            return {}
    return {"paid_amount": f"{float(amount):.2f}"} if float(amount) > 0 else {}


def _yes_no_cell(row, column, value, text, label):
    try:
        row.values[column.field] = (_parse_paid(value, text) if column.kind == "paid"
                                    else _parse_bool(column, text))
        if column.kind == "paid":
            row.values.update(paid_details(value, text))
    except ValueError:
        row.add("bad_yes_no", _("%(column)s: “%(value)s” is not yes or no (ja/nein, x, 1 or empty).")
                % {"column": label, "value": text}, column.field)


def _year_cell(row, column, value, text, label):
    if text == "":
        row.values[column.field] = None
        return
    this_year = datetime.date.today().year
    try:
        year = _parse_year(value, text)
        if not MIN_BIRTH_YEAR <= year <= this_year:
            raise ValueError
        row.values[column.field] = year
        row.raw[column.field] = str(year)           # a date of birth is kept as its year
    except ValueError:
        row.add("bad_year", _("%(column)s: “%(value)s” is neither a year between %(min)s and %(max)s nor a date "
                              "such as 12.03.2008.")
                % {"column": label, "value": text, "min": MIN_BIRTH_YEAR, "max": this_year}, column.field)


def _number_cell(row, column, value, text, label):
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


def _text_cell(row, column, text, label):
    typed, text = text, names.tidy(text)
    if column.field in NAME_FIELDS and names.invisible(typed):
        row.raw[column.field] = " ".join(f"U+{ord(c):04X}" for c in typed[:8])     # what is there
        row.add("invisible_name", _("%(column)s: the name has no visible letters (only invisible or "
                                    "direction-changing characters).") % {"column": label}, column.field)
        return
    row.raw[column.field] = text
    if column.max_length and len(text) > column.max_length:
        row.add("too_long", _("%(column)s: longer than %(max)s characters.")
                % {"column": label, "max": column.max_length}, column.field)
        return
    row.values[column.field] = text

"""How a score is shown: the one signed-number format of every page, PDF and workbook (pure: standard library).

A score, a total and a running total are written with their sign and a real minus sign (U+2212), as on a
Cego score sheet: ``+30``, ``−10``, ``0``. Nothing entered (None) is empty. Templates use the ``signed``
filter (``{% load numbers %}``), workbooks the number format ``EXCEL_SIGNED`` (numbers stay numbers there; its
minus is ASCII, see below), and the score sheet's JavaScript keeps one copy for live sums, pinned to this by
tests/common/test_numbers.py.
"""

MINUS = "\u2212"
# Workbooks write the minus as the ASCII hyphen-minus: a sheet saved as CSV "as shown" (LibreOffice's default)
# writes the formatted text, and "−10" with U+2212 is read back as text, not as a number.
EXCEL_SIGNED = "+#,##0;-#,##0;0"


def signed(value):
    """``+30``, ``−10``, ``0``; ``""`` for None."""
    if value is None:
        return ""
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"


# -- numbers as typed -------------------------------------------------------------------------------------------
# ``int()`` takes any Unicode decimal digit ("٣" → 3, "３" → 3), and ``str.isdecimal`` says yes to them; a number
# a user types (a game, points, a start number, a table) is written with the digits 0–9 only.
DIGITS = frozenset("0123456789")
MINUSES = "-" + MINUS + "\u2013"           # hyphen-minus, the real minus sign, the en dash a keyboard may make


def parse_whole(text):
    """The whole number ``text`` spells with the digits 0–9 and an optional sign (``+``, ``-``, ``−``, ``–``);
    ValueError for anything else — other scripts' digits, superscripts, fractions, thousands separators."""
    body = text.strip()
    sign = -1 if body[:1] in MINUSES else 1
    if body[:1] in MINUSES or body[:1] == "+":
        body = body[1:]
    if not body or not DIGITS.issuperset(body):
        raise ValueError(f"not a whole number written with 0-9: {text!r}")
    return sign * int(body)


def is_plain_digits(text):
    """True for a non-empty run of 0–9 only (what ``str.isdecimal`` should have meant)."""
    return bool(text) and DIGITS.issuperset(text)


def foreign_digits(text):
    """True when ``text`` holds a digit that is not 0–9 ("٣", "３", "³", "½"): the cause of a clear message."""
    return any(ch not in DIGITS and (ch.isdigit() or ch.isnumeric()) for ch in text)

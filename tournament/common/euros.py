"""How money is written and read (pure: standard library), the one place for every page, PDF and audit line.

Amounts are ``Decimal`` euros with two decimals, rounded half up to the cent (``cents``). They are shown in the
German format in every language — ``1.234,50 €``, ``−3,00 €`` with the real minus sign — because the books of
the association are German (docs/money.md); workbooks keep numbers and use ``EXCEL_EUROS``.
"""

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from tournament.common.numbers import MINUS, MINUSES

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
EXCEL_EUROS = '#,##0.00 "€";-#,##0.00 "€"'       # a workbook's amounts stay numbers (shown German by Excel)


def cents(value):
    """``value`` (Decimal, int, str) as euros rounded half up to the cent."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def euros(value, *, sign=False):
    """``Decimal("1234.5")`` → ``"1.234,50 €"``; negative with U+2212; ``sign``: ``+`` before a positive amount.
    None is empty."""
    if value is None:
        return ""
    value = cents(value)
    whole, frac = f"{abs(value):.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    text = f"{'.'.join(groups)},{frac} €"
    if value < 0:
        return MINUS + text
    return ("+" + text) if sign and value > 0 else text


def parse_euros(text):
    """What a user typed as an amount — ``8``, ``7,50``, ``7.50``, ``1.234,50``, ``10 €``, ``-3`` — as a Decimal
    rounded to the cent; ValueError for anything else (letters, more than two decimals, several commas)."""
    body = str(text).strip().removesuffix("€").removesuffix("EUR").removesuffix("eur").strip()
    negative = body[:1] in MINUSES
    if negative or body[:1] == "+":
        body = body[1:].strip()
    if not body or any(c not in "0123456789.," for c in body):
        raise ValueError(f"not an amount: {text!r}")
    if "," in body:                                     # German: dots group thousands, the comma the cents
        whole, _comma, frac = body.partition(",")
        if "," in frac or "." in frac or (whole and "." in whole and not _grouped(whole)):
            raise ValueError(f"not an amount: {text!r}")
        body = whole.replace(".", "") + "." + frac
    elif body.count(".") > 1:
        if not _grouped(body):
            raise ValueError(f"not an amount: {text!r}")
        body = body.replace(".", "")
    whole, _dot, frac = body.partition(".")
    if len(frac) > 2 or not (whole or frac):
        raise ValueError(f"not an amount: {text!r}")
    try:
        value = Decimal(body or "0")
    except InvalidOperation as err:
        raise ValueError(f"not an amount: {text!r}") from err
    return cents(-value if negative else value)


def _grouped(whole):
    parts = whole.split(".")
    return 1 <= len(parts[0]) <= 3 and all(len(p) == 3 for p in parts[1:])

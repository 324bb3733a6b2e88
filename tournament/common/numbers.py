"""How a score is shown: the one signed-number format of every page, PDF and workbook (pure: standard library).

A score, a total and a running total are written with their sign and a real minus sign (U+2212), as on a
Cego score sheet: ``+30``, ``−10``, ``0``. Nothing entered (None) is empty. Templates use the ``signed``
filter (``{% load numbers %}``), workbooks the number format ``EXCEL_SIGNED`` (numbers stay numbers there),
and the score sheet's JavaScript keeps one copy for live sums, pinned to this by tests/common/test_numbers.py.
"""

MINUS = "\u2212"
EXCEL_SIGNED = f"+#,##0;{MINUS}#,##0;0"


def signed(value):
    """``+30``, ``−10``, ``0``; ``""`` for None."""
    if value is None:
        return ""
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"

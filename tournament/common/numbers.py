"""How numbers are written on the office's pages, sheets and exports."""


def signed(value):
    """+30, −10, 0 with a real minus sign (U+2212), as a score sheet is written; empty for None."""
    if value is None:
        return ""
    return f"+{value}" if value > 0 else (f"\u2212{-value}" if value < 0 else "0")

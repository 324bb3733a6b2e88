"""The metrics of the printed page's one font: the advance widths of DejaVu Sans and DejaVu Sans Bold, the width
of a text at a size, and the largest size at which a text fits a width. Pure Python (no Django): the score sheets,
the lists and the standings all measure with it, so a name is sized the same way everywhere on paper."""

# Advance widths (units of 1/2048 em) of DejaVu Sans and DejaVu Sans Bold, read from the fonts with fontTools, for
# the characters a filled row prints; the ten digits share one width. ``row_line`` places every cell of a row by
# them; an unknown character counts as ``UNKNOWN`` (it can only shift the cells after it in its row).
EM = 2048
HAIR = "\u200a"                 # hair space: the fine step of the padding between cells
WIDTHS = {False: dict.fromkeys("0123456789", 1303) | {
    '+': 1716, '−': 1716, '-': 739, '!': 821, '✓': 1716, '✗': 1716, ' ': 651, HAIR: 204, '(': 799, ')': 799,
    '.': 651, 'A': 1401, 'B': 1405,
    'C': 1430, 'D': 1577, 'E': 1294, 'F': 1178, 'G': 1587, 'H': 1540, 'I': 604, 'J': 604, 'K': 1343, 'L': 1141,
    'M': 1767, 'N': 1532, 'O': 1612, 'P': 1235, 'Q': 1612, 'R': 1423, 'S': 1300, 'T': 1251, 'U': 1499, 'V': 1401,
    'W': 2025, 'X': 1403, 'Y': 1251, 'Z': 1403, 'a': 1255, 'b': 1300, 'c': 1126, 'd': 1300, 'e': 1260, 'f': 721,
    'g': 1300, 'h': 1298, 'i': 569, 'j': 569, 'k': 1186, 'l': 569, 'm': 1995, 'n': 1298, 'o': 1253, 'p': 1300,
    'q': 1300, 'r': 842, 's': 1067, 't': 803, 'u': 1298, 'v': 1212, 'w': 1675, 'x': 1212, 'y': 1212, 'z': 1075,
}, True: dict.fromkeys("0123456789", 1425) | {
    '+': 1716, '−': 1716, '-': 850, '!': 934, '✓': 1716, '✗': 1716, ' ': 713, HAIR: 204, '(': 936, ')': 936,
    '.': 778, 'A': 1585, 'B': 1561,
    'C': 1503, 'D': 1700, 'E': 1399, 'F': 1399, 'G': 1681, 'H': 1714, 'I': 762, 'J': 762, 'K': 1587, 'L': 1305,
    'M': 2038, 'N': 1714, 'O': 1741, 'P': 1501, 'Q': 1741, 'R': 1577, 'S': 1475, 'T': 1397, 'U': 1663, 'V': 1585,
    'W': 2259, 'X': 1579, 'Y': 1483, 'Z': 1485, 'a': 1382, 'b': 1466, 'c': 1214, 'd': 1466, 'e': 1389, 'f': 891,
    'g': 1466, 'h': 1458, 'i': 702, 'j': 702, 'k': 1362, 'l': 702, 'm': 2134, 'n': 1458, 'o': 1407, 'p': 1466,
    'q': 1466, 'r': 1010, 's': 1219, 't': 979, 'u': 1458, 'v': 1335, 'w': 1892, 'x': 1321, 'y': 1335, 'z': 1192,
}}
UNKNOWN = {False: 1300, True: 1450}


def fmt(value):
    """A number for SVG and CSS: at most two decimals, a decimal point whatever the locale."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def text_width(text, size, bold=False):
    """The width (mm) of ``text`` in DejaVu Sans (bold) at ``size`` mm."""
    widths, unknown = WIDTHS[bold], UNKNOWN[bold]
    return sum(widths.get(ch, unknown) for ch in text) * size / EM


PT = 25.4 / 72                  # millimetres a point
FIT_SAFETY = 0.93               # the advance widths leave out kerning and the umlauts (``UNKNOWN``): keep room


def fitted_size(text, width, largest, smallest, bold=False):
    """The font size (pt, in half points) from ``largest`` down to ``smallest`` at which ``text`` fits ``width``
    mm on one line; ``smallest`` when none does, and the text then wraps at its own spaces and hyphens (names are
    shrunk within limits, never cut; docs/exports.md, "Names print whole")."""
    size = largest
    while size > smallest and text_width(text, size * PT, bold) > width * FIT_SAFETY:
        size -= 0.5
    return size

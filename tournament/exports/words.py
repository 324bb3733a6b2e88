"""How a name, a town or a team breaks on paper (docs/exports.md, "Names print whole"): pure Python, no Django.

Names wrap at their own spaces and hyphens; a single word longer than its whole column, which would otherwise be
broken "anywhere" (``overflow-wrap: anywhere``) with no sign of it, gets soft hyphens (U+00AD) between its
letters, so the printed break shows a hyphen (``hyphens: manual`` honours them and prints nothing where the
word does not break). Words that fit get none: a soft hyphen is a break opportunity, and the line breaker would
take it before a space ("Maria-Theresia Ober-" / "holzer"), the dictionary-like break the rules forbid.

A team's trailing number stays with the word before it ("Cego-Freunde Furtwangen 2", never "2" alone on a line):
``keep_number`` joins them with a no-break space.
"""

import re

from tournament.common.names import keep_number  # noqa: F401 (the paper's name for it, as on screen)
from tournament.exports.measure import FIT_SAFETY, PT, text_width

SHY = "\u00ad"
NBSP = "\u00a0"           # as keep_number (tournament.common.names) joins a team's number
EDGE = 2                 # letters kept together at the start and the end of a broken word ("Ob-…", "…ch")


def _marked(word):
    """``word`` with a soft hyphen between every two letters, except near its ends (``EDGE``)."""
    if len(word) <= 2 * EDGE:
        return word
    return word[:EDGE] + SHY + SHY.join(word[EDGE:-EDGE]) + SHY + word[-EDGE:]


def breakable(text, width, size, bold=False):
    """``text`` for a column ``width`` mm wide (inner width, without padding) at ``size`` pt: every word — a run
    between spaces, or a part of a double name up to and with its hyphen — wider than the column gets soft
    hyphens (``_marked``); everything else is returned as it is."""
    if not text or width <= 0:
        return text
    room = width * FIT_SAFETY
    out = []
    for word in re.split(r"(\s+)", str(text)):
        if word.isspace() or text_width(word, size * PT, bold) <= room:
            out.append(word)
            continue
        parts = re.split(r"(?<=-)", word)          # a double name breaks after its own hyphen first
        out.append("".join(part if text_width(part, size * PT, bold) <= room else _marked(part) for part in parts))
    return "".join(out)

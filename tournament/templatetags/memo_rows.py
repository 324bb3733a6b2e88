"""``{% memo_rows rows "template:field,field" … name=value … %}``: the rows of a long public table, each part of
a row rendered once per process for what it shows.

After a result the standings pages are rendered again (``tournament.public.cache``: a new data version), but most
of their rows show what they showed before: a result at one table changes four players' points — and the ranks of
everyone they pass, which early in a day of 1,000 players is a third of the field. Rendering a 50-row page through
the template language costs about 10 ms; this tag renders only the parts of rows it has not rendered before and
takes the others from a per-process store.

**Parts.** A row is its parts' HTML one after the other; each part is a template named with the fields of the row
it sees (``row`` holds just those). So the standings' rank cell is stored by rank alone and a player's cells by
his own results: a player whose rank moved costs nothing new.

**Key.** The part's template, the language, the named values and the fields the part sees (nested lists and dicts
included), so a part is taken from the store only when everything it could show is the same — it sees nothing
else (not even the page's context). Values of one field must keep one type (``1 == True == 1.0`` as keys): the
rows of one table are built by one function. The store keeps the ``KEPT`` parts used last (about 1 kB each).
"""

import threading
from collections import OrderedDict

from django import template
from django.template.loader import get_template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()
KEPT = 20_000               # parts per process: 1,000 players × 2 languages × 3 parts × a few versions
_parts, _lock = OrderedDict(), threading.Lock()


def frozen(value):
    """``value`` as a hashable key that equals another only when both show the same: dicts and lists become
    tuples (in their order: the same row built the same way has the same order; another order is only a miss),
    sets frozensets; anything else is taken as it is (strings, numbers, tuples of them; a lazy translation hashes
    and compares by its text in the current language, part of the key)."""
    if isinstance(value, dict):
        return tuple((key, frozen(item)) for key, item in value.items())
    if isinstance(value, list):
        return tuple(map(frozen, value))
    if isinstance(value, set):
        return frozenset(map(frozen, value))
    return value


def part(template_name, shared, row, values):
    """The HTML of ``template_name`` for ``row``: from the store, or rendered and stored."""
    try:
        key = (template_name, shared, frozen(row))
        with _lock:
            html = _parts.get(key)
            if html is not None:
                _parts.move_to_end(key)
                return html
    except TypeError:               # a value that cannot be a key (a tuple holding a list): rendered, not kept
        key = None
    html = get_template(template_name).render({"row": row, **values})
    if key is not None:
        with _lock:
            _parts[key] = html
            while len(_parts) > KEPT:
                _parts.popitem(last=False)
    return html


@register.simple_tag
def memo_rows(rows, *parts, **values):
    shared = (get_language(), frozen(values))
    split = []
    for name in parts:
        template_name, _colon, fields = name.partition(":")
        if not fields:
            raise template.TemplateSyntaxError(f"memo_rows: {name!r} names no fields (template:field,field)")
        split.append((template_name, fields.split(",")))
    out = []
    for row in rows:
        for template_name, fields in split:
            out.append(part(template_name, shared, {k: row.get(k) for k in fields}, values))
    return mark_safe("".join(out))  # each part rendered (and escaped) by its template

"""The query string a public page is stored under (``public.cache``): only the parameters the page reads, each in
one spelling, so that junk neither makes new cache entries nor gets past the cache.

``canonical`` runs before the cache is asked: a parameter the page does not read is dropped; of a repeated one the
value the page reads (the last; several only for ``sort``); whitespace collapsed; an old name (``params.OLD_NAMES``)
becomes the new one; ``page`` only as a number above 1 (``page=1``, ``page=01`` and ``page=x`` are the first page);
``sort`` only aliases a table can have (``tables.SORT_ALIAS``, each column once, at most ``MAX_SORTS``); every value
at most ``MAX_LENGTH`` characters. ``settled`` runs after a miss: the same pairs as the page actually showed them
(the page it ended on, the category it knew, the sorts its table used); when they differ the cache answers with a
redirect to them instead of storing a page under a key no link leads to.
"""

from tournament.common import params
from tournament.public.tables import SORT_ALIAS

MAX_SORTS = 3
MAX_LENGTH = 100
MAX_PAGE_DIGITS = 6


def canonical(query, names):
    """[(name, value)] of ``query`` (``request.GET``) for the parameters ``names`` that a page reads."""
    pairs = []
    for name in names:
        if name in params.OLD_NAMES:          # read through its new name by ``params.get``
            continue
        if name == params.SORT:
            pairs += [(name, alias) for alias in sorts(query.getlist(name))]
            continue
        value = " ".join(params.get(query, name).split())[:MAX_LENGTH]
        if name == params.PAGE:
            value = page_number(value)
        if value:
            pairs.append((name, value))
    return pairs


def sorts(aliases):
    chosen, columns = [], set()
    for alias in aliases:
        alias = alias.strip()
        if SORT_ALIAS.fullmatch(alias) and alias.removeprefix("-") not in columns:
            chosen.append(alias)
            columns.add(alias.removeprefix("-"))
    return chosen[:MAX_SORTS]


def page_number(value):
    """``value`` as the canonical page number if it is one above 1 (ASCII digits only), else ""."""
    if not (value.isascii() and value.isdigit()) or len(value) > MAX_PAGE_DIGITS:
        return ""
    number = int(value)
    return str(number) if number > 1 else ""


def settled(context, pairs):
    """``pairs`` as the rendered page (its template ``context``) used them: the page number it shows, the category
    it knows (None: all), the sorts its table applied."""
    table = context.get("table")
    page = getattr(table, "page", None)
    out = []
    for name, value in pairs:
        if name == params.PAGE and page is not None:
            value = page_number(str(page.number))
        elif name == params.CATEGORY and "category" in context:
            value = context["category"] or ""
        elif name == params.SORT and table is not None and hasattr(table, "order_by"):
            value = value if value in table.order_by else ""
        if value:
            out.append((name, value))
    return out

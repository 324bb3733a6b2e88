"""Query parameters: one name per concept on every page, office and public (pure: standard library only).

The names are listed in docs/rules-in-one-place.md. A page reads them with ``get``; the names pages used before
(``OLD_NAMES``) still work as aliases, so old links and bookmarks keep their meaning.
"""

SEARCH = "q"            # free text: names, towns, start numbers
CATEGORY = "category"   # a standings category key: women, youth, guests, c<id>
PAGE = "page"           # page number of a long list (1-based)
SORT = "sort"           # the column a table is sorted by (django-tables2's default name)
SHOW = "show"           # which rows of a list: a filter key (entries: unpaid …; audit log: game, round …)
FOCUS = "focus"         # which box has the focus after a plain form post (entries: "checkin", the check-in desk)
GAME = "number"         # a game (row) of a score sheet; the sheet's row forms post the same name
TABLE = "table"         # a table number typed to jump to its sheet
FROM = "from"           # the table a jump started from
BEST = "best"           # season standings: count the best N tournaments (a number or "all")
BACK = "back"           # score-sheet PDFs: where the tariff page goes (each, end, none)
LANGUAGE = "language"   # export language (as Django's language switch names it)
CARDS = "cards"         # card counter: the cards ticked (repeated)
CARD_CODES = "text"     # card counter: the cards typed as codes
ROWS = "rows"           # the standings widget (/einbetten/): how many rows it shows
FORMAT = "format"       # the API's schema: json or yaml (Django REST framework's name, docs/api.md)

OLD_NAMES = {"kategorie": CATEGORY, "row": GAME, "type": SHOW, "lang": LANGUAGE}


def get(query, name, default=""):
    """The value of parameter ``name`` in ``query`` (``request.GET``), or of an old name of it; else ``default``."""
    value = query.get(name)
    if value is not None:
        return value
    for old, new in OLD_NAMES.items():
        if new == name and query.get(old) is not None:
            return query.get(old)
    return default

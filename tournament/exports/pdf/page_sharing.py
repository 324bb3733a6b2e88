"""One PDF of WeasyPrint pages in which a repeated page is drawn once — the one place that reaches below
WeasyPrint's public API.

Why: a round's score sheets print the tariff on the back of every sheet (``sheets.render_sheets``): 100 tables,
100 copies of one text-heavy page. WeasyPrint's public API takes the page once (``Document.copy(pages)`` with
the same ``Page`` repeated) but paints every occurrence again, about 40–60 ms each: the 100-sheet benchmark
(``bench/exports.py``) went from 6.6 to 8.8 s that way, and to 10.9 s when pypdf put the copies together
afterwards (measured side by side, docs/exports.md). So the page is drawn once, and every later occurrence is a
new PDF page object that shares its content stream and resources — what a PDF is meant to allow.

How: WeasyPrint's documented ``write_pdf(finisher=…)`` hook hands over the ``pydyf.PDF`` before it is written;
``repeat_pages`` rewrites its page tree (``pdf.pages["Kids"]``, a flat array of ``number, 0, "R"`` references).
That layout belongs to pydyf, not to a documented API, so:

* ``SUPPORTED`` names the versions this was checked with; ``tests/exports/test_page_sharing.py`` fails when the
  installed ones differ, so that an upgrade looks here first;
* when the page tree is not what is expected, ``PageTreeChanged`` is raised and ``write_pages`` falls back to the
  public API (every page drawn: the same file, only slower).
"""

import logging
from functools import partial

SUPPORTED = {"weasyprint": "70.0", "pydyf": "0.13.0"}
logger = logging.getLogger(__name__)


class PageTreeChanged(Exception):
    """pydyf's page tree is not laid out as ``repeat_pages`` expects (a new pydyf or WeasyPrint)."""


def unique_pages(pages):
    """``(unique, order)``: each page object once, and for every position in ``pages`` its index in ``unique``."""
    unique, order, index = [], [], {}
    for page in pages:
        if id(page) not in index:
            index[id(page)] = len(unique)
            unique.append(page)
        order.append(index[id(page)])
    return unique, order


def repeat_pages(order, _document, pdf):
    """The ``finisher``: lay out the written pages (``unique``, in order) as ``order`` says; a page used again is a
    new page dictionary sharing the first one's content, resources and boxes."""
    import pydyf  # WeasyPrint's PDF writer: loaded with WeasyPrint when a PDF is made (not for a cycle)

    kids = pdf.pages["Kids"]
    numbers = list(kids[0::3])
    if (len(kids) != 3 * (max(order) + 1) or list(kids[1::3]) != [0] * len(numbers)
            or list(kids[2::3]) != ["R"] * len(numbers)
            or any(not isinstance(pdf.objects[n], pydyf.Dictionary) for n in numbers)):
        raise PageTreeChanged(f"unexpected page tree: {kids[:6]!r}…")
    used, new_kids = set(), []
    for k in order:
        number = numbers[k]
        if number in used:
            copy = pydyf.Dictionary(pdf.objects[number])
            pdf.add_object(copy)
            number = copy.number
        used.add(number)
        new_kids += [number, 0, "R"]
    pdf.pages["Kids"] = pydyf.Array(new_kids)
    pdf.pages["Count"] = len(order)


def write_pages(pages, metadata_from):
    """The PDF bytes of ``pages`` (``Page`` objects of documents rendered here, repeats allowed), with the metadata
    of the document ``metadata_from``; a repeated page is drawn once."""
    unique, order = unique_pages(pages)
    if len(unique) == len(pages):
        return metadata_from.copy(pages).write_pdf()
    try:
        return metadata_from.copy(unique).write_pdf(finisher=partial(repeat_pages, order))
    except PageTreeChanged:
        logger.warning("page sharing does not fit this WeasyPrint/pydyf (%s); drawing every page",
                       SUPPORTED, exc_info=True)
        return metadata_from.copy(pages).write_pdf()

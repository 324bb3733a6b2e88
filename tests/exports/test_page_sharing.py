"""``page_sharing``: a repeated page is drawn once and the file shows the same pages as WeasyPrint's public API
would write; an unexpected page tree falls back to that API; a new WeasyPrint or pydyf is noticed."""

import io

import pydyf
import pytest
import weasyprint
from pypdf import PdfReader

from tournament.exports.pdf import page_sharing

PAGES = "".join(f'<section style="page-break-after: always">Seite {name}</section>' for name in "ABC")


@pytest.fixture(scope="module")
def document():
    return weasyprint.HTML(string=f"<!DOCTYPE html><html><body>{PAGES}</body></html>").render()


def read(content):
    reader = PdfReader(io.BytesIO(content))
    return reader, [page.extract_text().strip() for page in reader.pages]


def test_the_installed_weasyprint_and_pydyf_are_the_checked_ones():
    installed = {"weasyprint": weasyprint.__version__, "pydyf": pydyf.__version__}
    assert installed == page_sharing.SUPPORTED, (
        f"WeasyPrint/pydyf changed ({installed}, checked: {page_sharing.SUPPORTED}): check that "
        "tournament/exports/pdf/page_sharing.py still fits pydyf's page tree (this file's other tests, "
        "bench/exports.py), then update SUPPORTED.")


def test_repeated_pages_share_their_content_and_read_as_the_public_api_writes_them(document):
    a, b, c = document.pages
    order = [a, b, a, c, a, a]
    shared, shared_text = read(page_sharing.write_pages(order, document))
    _plain, plain_text = read(document.copy(order).write_pdf())
    assert shared_text == plain_text == ["Seite A", "Seite B", "Seite A", "Seite C", "Seite A", "Seite A"]
    refs = [page.raw_get("/Contents").idnum for page in shared.pages]
    assert refs[0] == refs[2] == refs[4] == refs[5] and len(set(refs)) == 3
    assert len({page.indirect_reference.idnum for page in shared.pages}) == 6      # six page objects
    assert shared.pages[2].mediabox == shared.pages[0].mediabox


def test_pages_without_repeats_are_written_as_they_are(document):
    _reader, text = read(page_sharing.write_pages(list(reversed(document.pages)), document))
    assert text == ["Seite C", "Seite B", "Seite A"]


def test_an_unexpected_page_tree_falls_back_to_drawing_every_page(document, monkeypatch, caplog):
    original = page_sharing.repeat_pages

    def changed(order, _document, pdf):
        pdf.pages["Kids"] = pydyf.Array([*pdf.pages["Kids"], 99])      # not "number 0 R" triples any more
        original(order, _document, pdf)

    monkeypatch.setattr(page_sharing, "repeat_pages", changed)
    a, b, _c = document.pages
    reader, text = read(page_sharing.write_pages([a, b, a], document))
    assert text == ["Seite A", "Seite B", "Seite A"]
    assert len({page.raw_get("/Contents").idnum for page in reader.pages}) == 3     # drawn three times
    assert "page sharing does not fit" in caplog.text

"""Every workbook opens in LibreOffice as it should: no formula, no error cell, the typed texts as text, named
header fonts, and the print setup we wrote.

All workbook exporters (from the registry) render a tournament whose every typed text is hostile
(``tests/exports/hostile.py``); ONE ``soffice --headless --convert-to ods`` call converts them all (start-up costs
seconds), with a private profile so parallel test workers do not collide; the .ods files are read as XML.
LibreOffice is required: ``make office-tools`` installs it (``make test`` does so first).
"""

import io
import re
import subprocess
import xml.etree.ElementTree as ET
import zipfile

import openpyxl
import pytest

from tests.exports.hostile import LONG, OWN_CELL, TYPED, hostile_tournament, render_all, written

pytestmark = pytest.mark.django_db

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "calcext": "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0",
}
ERROR_TEXT = re.compile(r"^(Err:\d+|#NAME\?|#VALUE!|#REF!|#DIV/0!|#N/A|#NULL!|#NUM!)$")


def q(name):
    prefix, local = name.split(":")
    return f"{{{NS[prefix]}}}{local}"


@pytest.fixture(scope="module")
def converted(django_db_setup, django_db_blocker, tmp_path_factory, libreoffice_binary):
    """``{identifier: (xlsx bytes, content.xml root, styles.xml root)}`` of every workbook exporter."""
    binary = libreoffice_binary
    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            files = render_all(hostile_tournament())
            transaction.set_rollback(True)
    source, out = tmp_path_factory.mktemp("xlsx"), tmp_path_factory.mktemp("ods")
    profile = tmp_path_factory.mktemp("lo-profile")
    paths = []
    for identifier, (_name, content) in files.items():
        path = source / f"{identifier}.xlsx"
        path.write_bytes(content)
        paths.append(str(path))
    done = subprocess.run([binary, "--headless", f"-env:UserInstallation={profile.as_uri()}", "--convert-to", "ods",
                           "--outdir", str(out), *paths], capture_output=True, text=True, timeout=300, check=False)
    result = {}
    for identifier, (_name, content) in files.items():
        ods = out / f"{identifier}.ods"
        assert ods.exists(), f"LibreOffice did not convert {identifier}: {done.stdout} {done.stderr}"
        with zipfile.ZipFile(ods) as archive:
            result[identifier] = (content, ET.fromstring(archive.read("content.xml")),
                                  ET.fromstring(archive.read("styles.xml")))
    return result


def cell_text(cell):
    return "\n".join("".join(p.itertext()) for p in cell.iter(q("text:p")))


def tables(content):
    return content.iter(q("table:table"))


def test_every_workbook_was_converted(converted):
    assert {"tournament_workbook", "season_workbook", "season_game_log", "registration_template"} <= set(converted)


def test_no_formula_and_no_error_cell(converted):
    for identifier, (_xlsx, content, _styles) in converted.items():
        cells = list(content.iter(q("table:table-cell")))
        assert cells, identifier
        assert [cell_text(c) for c in cells if c.get(q("table:formula"))] == [], identifier
        assert [cell_text(c) for c in cells if c.get(q("calcext:value-type")) == "error"] == [], identifier
        for cell in cells:
            shown = cell_text(cell)
            if ERROR_TEXT.match(shown):           # only a typed text may look like an error, and it is text
                assert shown == TYPED["club_2"] and cell.get(q("office:value-type")) == "string", identifier


def test_the_typed_texts_are_text(converted):
    texts = {}
    for _xlsx, content, _styles in converted.values():
        for cell in content.iter(q("table:table-cell")):
            if cell.get(q("office:value-type")) == "string":
                texts.setdefault(cell_text(cell), cell.get(q("calcext:value-type")))
    for field in OWN_CELL:
        assert texts.get(written(TYPED[field])) == "string", field
    assert LONG in texts


def automatic_styles(content):
    return {s.get(q("style:name")): s for s in content.iter(q("style:style"))}


def test_header_cells_name_their_font_and_are_bold(converted):
    for identifier, (_xlsx, content, _styles) in converted.items():
        styles = automatic_styles(content)
        for table in tables(content):
            header = table.find(f"{q('table:table-header-rows')}/{q('table:table-row')}")
            assert header is not None, (identifier, table.get(q("table:name")))    # repeated when printed
            for cell in header.iter(q("table:table-cell")):
                if not cell_text(cell):
                    continue
                props = styles[cell.get(q("table:style-name"))].find(q("style:text-properties"))
                assert props.get(q("style:font-name")) == "Calibri", (identifier, cell_text(cell))
                assert props.get(q("fo:font-weight")) == "bold"


def page_layouts(content, styles):
    """``{sheet name: page-layout-properties}`` of every table, through its master page."""
    automatic = automatic_styles(content)
    masters = {m.get(q("style:name")): m.get(q("style:page-layout-name")) for m in styles.iter(q("style:master-page"))}
    layouts = {p.get(q("style:name")): p.find(q("style:page-layout-properties"))
               for p in styles.iter(q("style:page-layout"))}
    return {t.get(q("table:name")): layouts[masters[automatic[t.get(q("table:style-name"))].get(
        q("style:master-page-name"))]] for t in tables(content)}


def test_print_setup_as_written(converted):
    """Every sheet fits one page width (LibreOffice: scale to 1 page across, any number down) in the orientation
    written, and its page header carries the event (the hostile tournament's or season's name, as text)."""
    seen = set()
    for identifier, (xlsx, content, styles) in converted.items():
        book = openpyxl.load_workbook(io.BytesIO(xlsx))
        for name, props in page_layouts(content, styles).items():
            ws = book[name]
            assert props.get(q("style:print-orientation")) == ws.page_setup.orientation, (identifier, name)
            assert props.get(q("fo:page-width")) in ("8.2681in", "11.6929in", "21.001cm", "29.7cm")   # A4
            assert props.get(q("style:scale-to-X")) == "1", (identifier, name)           # one page wide …
            assert props.get(q("style:scale-to-Y")) in (None, "0"), (identifier, name)   # … as many down
            seen.add(ws.page_setup.orientation)
    assert seen == {"landscape", "portrait"}      # both occur: the test looks at each


def test_the_page_header_names_the_event(converted):
    for identifier, event in (("tournament_workbook", TYPED["tournament"]), ("season_workbook", TYPED["season"]),
                              ("season_game_log", TYPED["season"])):
        _xlsx, _content, styles = converted[identifier]
        headers = ["".join(h.itertext()) for m in styles.iter(q("style:master-page"))
                   for h in m.iter(q("style:header"))]
        assert headers and any(event in h for h in headers), (identifier, headers)

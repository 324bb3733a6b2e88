"""Crafted registration workbooks that once slipped past the upload bounds (issue 23, "One upload stops
everything"), built in memory for the tests and ``bench/upload_vs_phones.py``. No Django here.

Each is a valid workbook of a heading line ("Vorname", "Nachname") whose expensive part is hidden where the old
bounds did not look:

* ``sheet_upper_case``: the sheet stored as ``xl/worksheets/sheet1.XML`` (the relations and content types
  name it so), one line of some 600,000 cells — the old scan read only ``*.xml``;
* ``sheet_elsewhere``: the sheet stored as ``xl/data/sheet1.xml``, named in the workbook's relations;
* ``styles_bomb``: ``xl/styles.xml`` of 15 MB, which openpyxl parses whole (only sheets and the shared strings
  had a bound of their own);
* ``strings_elsewhere``: 15 MB of shared strings stored as ``xl/strings.xml`` (the content types name it);
* ``huge_shared_strings``: ``xl/sharedStrings.xml`` of 40 MB packed into a few hundred KB;
* ``zip_bomb_member``: a member ``customXml/item1.xml`` that unpacks to 200 MB.

Every member's content is random enough to pack less than 100 times (the ratio bound) where that matters, and
every file is smaller than the 2 MB upload bound.
"""

import io
import random
import zipfile

NS = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
HEAD_ROW = (b'<row r="1"><c r="A1" t="inlineStr"><is><t>Vorname</t></is></c>'
            b'<c r="B1" t="inlineStr"><is><t>Nachname</t></is></c></row>')
SHEET_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
STRINGS_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
STRINGS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"


def base_workbook():
    """A small valid workbook written by openpyxl: its members by name."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["Vorname", "Nachname"])
    book.active.append(["Anna", "Maier"])
    out = io.BytesIO()
    book.save(out)
    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _pack(members, streamed=None):
    """A zip of ``members`` (name → bytes) plus ``streamed`` (name → a function writing to a file object)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        for name, write in (streamed or {}).items():
            with archive.open(name, "w", force_zip64=True) as target:
                write(target)
    return out.getvalue()


def _wide_sheet(cells, seed=1):
    """A sheet: the heading line, then one line of ``cells`` one-digit numbers (random, so it packs ~30 times)."""
    def write(target):
        rng = random.Random(seed)
        target.write(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ' + NS + b"><sheetData>")
        target.write(HEAD_ROW + b'<row r="2">')
        for _ in range(cells // 1000):
            target.write(b"".join(b"<c><v>%d</v></c>" % rng.randrange(10) for _ in range(1000)))
        target.write(b"</row></sheetData></worksheet>")
    return write


def _moved_sheet(new_name, cells):
    members = base_workbook()
    del members["xl/worksheets/sheet1.xml"]
    for name in ("[Content_Types].xml", "xl/_rels/workbook.xml.rels"):
        members[name] = members[name].replace(b"/xl/worksheets/sheet1.xml", b"/" + new_name.encode())
    return _pack(members, {new_name: _wide_sheet(cells)})


def sheet_upper_case(cells=600_000):
    return _moved_sheet("xl/worksheets/sheet1.XML", cells)


def sheet_elsewhere(cells=600_000):
    return _moved_sheet("xl/data/sheet1.xml", cells)


def _random_text(rng, size):
    """``size`` letters out of four: random enough not to pack a hundred times, little enough to pack well."""
    return "".join(rng.choice("abcd") for _ in range(size)).encode()


def styles_bomb(size=15 * 1024 * 1024):
    """``xl/styles.xml`` with ``size`` bytes of number formats (random codes: it packs a few times only)."""
    members = base_workbook()
    styles = members.pop("xl/styles.xml")

    def write(target):
        rng = random.Random(2)
        head, _sep, tail = styles.partition(b"<fonts")
        target.write(head.split(b"<numFmts")[0] + b'<numFmts count="1">')
        written, number = 0, 200
        while written < size:
            chunk = b"".join(b'<numFmt numFmtId="%d" formatCode="%s"/>' % (number + i, _random_text(rng, 3))
                             for i in range(1000))
            target.write(chunk)
            written, number = written + len(chunk), number + 1000
        target.write(b"</numFmts><fonts" + tail)
    return _pack(members, {"xl/styles.xml": write})


def _strings(size, seed=3):
    def write(target):
        rng = random.Random(seed)
        target.write(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst ' + NS + b">")
        written = 0
        while written < size:
            chunk = b"".join(b"<si><t>%s</t></si>" % _random_text(rng, 2) for _ in range(1000))
            target.write(chunk)
            written += len(chunk)
        target.write(b"</sst>")
    return write


def strings_elsewhere(size=15 * 1024 * 1024):
    members = base_workbook()
    members["[Content_Types].xml"] = members["[Content_Types].xml"].replace(
        b"</Types>", f'<Override PartName="/xl/strings.xml" ContentType="{STRINGS_CT}"/></Types>'.encode())
    members["xl/_rels/workbook.xml.rels"] = members["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>", f'<Relationship Type="{STRINGS_REL}" Target="strings.xml" Id="rId9"/>'
                             f"</Relationships>".encode())
    return _pack(members, {"xl/strings.xml": _strings(size)})


def huge_shared_strings(size=40 * 1024 * 1024):
    """Shared strings under their usual name, packed very well (the same string again and again)."""
    members = base_workbook()
    members["[Content_Types].xml"] = members["[Content_Types].xml"].replace(
        b"</Types>", f'<Override PartName="/xl/sharedStrings.xml" ContentType="{STRINGS_CT}"/></Types>'.encode())

    def write(target):
        target.write(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst ' + NS + b">")
        chunk = b"<si><t>Cego</t></si>" * 10_000
        for _ in range(size // len(chunk) + 1):
            target.write(chunk)
        target.write(b"</sst>")
    return _pack(members, {"xl/sharedStrings.xml": write})


def zip_bomb_member(size=200 * 1024 * 1024):
    members = base_workbook()

    def write(target):
        chunk = b"\0" * (1024 * 1024)
        for _ in range(size // len(chunk)):
            target.write(chunk)
    return _pack(members, {"customXml/item1.xml": write})


CRAFTED = {
    "sheet_upper_case": sheet_upper_case,
    "sheet_elsewhere": sheet_elsewhere,
    "styles_bomb": styles_bomb,
    "strings_elsewhere": strings_elsewhere,
    "huge_shared_strings": huge_shared_strings,
    "zip_bomb_member": zip_bomb_member,
}

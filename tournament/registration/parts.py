"""Which members of an .xlsx openpyxl will read, found the way openpyxl finds them — before openpyxl sees the file.

An .xlsx is a zip of XML *parts*. openpyxl does not look for ``xl/worksheets/sheet1.xml`` by name: it reads the
content types (``[Content_Types].xml``) for the workbook part and the shared strings, then the workbook's
relations (``xl/_rels/workbook.xml.rels``) for the member behind each ``<sheet r:id>`` of the workbook. A sheet
can therefore be stored anywhere — ``xl/data/sheet1.xml``, ``xl/worksheets/sheet1.XML`` — and a bound or a scan
that picks members by name misses it. ``workbook_parts`` follows the same path (the same content types, the same
resolution of relative targets as ``openpyxl.packaging.relationship.get_dependents``) and returns the sheet and
shared-strings members, refusing (``Unusual``) a workbook that no spreadsheet program writes:

* a worksheet outside ``xl/worksheets/`` or not ending in ``.xml`` exactly (a chart sheet outside
  ``xl/chartsheets/``);
* two members whose names differ only by case (which of them a reader takes depends on the reader);
* a content-types, workbook or relations part that is not plain XML (a document type declaration, which Office
  never writes and which could define entities, or XML the standard library cannot read).

The parts read here were bounded in size before (``limits``). Standard library only; the caller translates.
"""

import posixpath
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

CONTENT_TYPES = "[Content_Types].xml"
DEFAULT_WORKBOOK = "xl/workbook.xml"
# openpyxl.reader.excel._find_workbook_part, in its order (openpyxl.xml.constants XLTM, XLTX, XLSM, XLSX)
WORKBOOK_TYPES = (
    "application/vnd.ms-excel.template.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
    "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
)
SHARED_STRINGS = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
WORKSHEET = re.compile(r"xl/worksheets/[^/]+\.xml")
CHARTSHEET = re.compile(r"xl/chartsheets/[^/]+\.xml")
DECLARATION = re.compile(rb"<!(?:DOCTYPE|ENTITY)", re.I)


class Unusual(Exception):
    """The workbook is built in a way no spreadsheet program writes; ``part`` names the member (for the user)."""

    def __init__(self, part):
        super().__init__(part)
        self.part = part


@dataclass
class Parts:
    worksheets: list = field(default_factory=list)      # members, in the workbook's order
    chartsheets: list = field(default_factory=list)
    strings: str = None                                  # the shared strings member, or None
    structure: tuple = ()                                # the content types, workbook and relations read here

    @property
    def sheets(self):
        return self.worksheets + self.chartsheets


def _local(tag):
    return tag.rpartition("}")[2]


def _xml(archive, name):
    data = archive.read(name)
    if DECLARATION.search(data):
        raise Unusual(name)
    try:
        return ET.fromstring(data)
    except ET.ParseError:
        raise Unusual(name) from None


def _content_types(archive):
    """(first part name of each content type as openpyxl's ``Manifest.find`` returns it, the default types)."""
    overrides, defaults = {}, set()
    for element in _xml(archive, CONTENT_TYPES):
        kind, content_type = _local(element.tag), element.get("ContentType", "")
        if kind == "Override":
            overrides.setdefault(content_type, element.get("PartName", ""))
        elif kind == "Default":
            defaults.add(content_type)
    return overrides, defaults


def _workbook(overrides, defaults):
    for content_type in WORKBOOK_TYPES:
        if overrides.get(content_type):
            return overrides[content_type][1:]
    return DEFAULT_WORKBOOK if defaults & set(WORKBOOK_TYPES) else None


def rels_path(path):
    """``openpyxl.packaging.relationship.get_rels_path``: the relations of ``path``."""
    folder, name = posixpath.split(path)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def _relations(archive, path):
    """Id → (target member, type), targets resolved as ``get_dependents`` resolves them."""
    parent = posixpath.split(posixpath.dirname(path))[0]
    relations = {}
    for element in _xml(archive, path):
        if _local(element.tag) != "Relationship" or element.get("TargetMode") == "External":
            continue
        target = element.get("Target", "")
        target = target[1:] if target.startswith("/") else posixpath.normpath(posixpath.join(parent, target))
        relations[element.get("Id")] = (target, element.get("Type", ""))
    return relations


def check_names(names):
    """Refuse two members whose names differ only by case."""
    seen = {}
    for name in names:
        other = seen.setdefault(name.casefold(), name)
        if other != name:
            raise Unusual(name)


def workbook_parts(archive, names, bound):
    """The ``Parts`` openpyxl would read from ``archive`` (a ``zipfile.ZipFile`` whose member ``names`` are a
    set). ``bound(name)`` is called before each structural part is read (it raises when the part is too large).
    A workbook openpyxl cannot open anyway (no content types, no workbook part) gives empty ``Parts``: openpyxl
    then says so itself."""
    check_names(names)
    parts = Parts()
    if CONTENT_TYPES not in names:
        return parts
    bound(CONTENT_TYPES)
    overrides, defaults = _content_types(archive)
    strings = overrides.get(SHARED_STRINGS, "")[1:]
    parts.strings = strings if strings in names else None
    workbook = _workbook(overrides, defaults)
    relations_path = rels_path(workbook) if workbook else None
    if workbook not in names or relations_path not in names:
        return parts
    bound(workbook)
    bound(relations_path)
    parts.structure = (CONTENT_TYPES, workbook, relations_path)
    relations = _relations(archive, relations_path)
    for sheet in _xml(archive, workbook).iter():
        if _local(sheet.tag) != "sheet" or not sheet.get(REL_ID) or sheet.get(REL_ID) not in relations:
            continue
        target, kind = relations[sheet.get(REL_ID)]
        if target not in names:
            continue                        # openpyxl skips a sheet whose member is missing
        if "chartsheet" in kind:
            if not CHARTSHEET.fullmatch(target):
                raise Unusual(target)
            parts.chartsheets.append(target)
        elif WORKSHEET.fullmatch(target):
            parts.worksheets.append(target)
        else:
            raise Unusual(target)
    return parts

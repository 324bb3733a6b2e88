"""Bounds of an uploaded registration file, checked before anything is parsed (settings ``CEGO_IMPORT_*``).

An .xlsx is a zip: ``check_xlsx_zip`` reads only its directory (``zipfile.ZipFile.infolist``, no member is
unpacked) and refuses a file whose members would unpack to more than ``CEGO_IMPORT_MAX_UNPACKED`` in all, a sheet
to more than ``CEGO_IMPORT_MAX_SHEET``, the shared strings (which openpyxl holds in memory as a whole) to more
than ``CEGO_IMPORT_MAX_STRINGS``, a large member packed more than
``CEGO_IMPORT_MAX_RATIO`` times, or more than ``CEGO_IMPORT_MAX_MEMBERS`` members. The sizes in the directory
cannot lie to us: Python's ``zipfile`` never unpacks more than a member's declared size (a longer stream fails its
CRC), so openpyxl reads at most what was checked here. ``scan_sheets`` then streams each sheet's XML once (1 MB
at a time, counting ``<row`` and ``<c`` tags with a regular expression; nothing is kept) and refuses a line of
more than ``CEGO_IMPORT_MAX_COLUMNS`` filled cells or ``EMPTY_CELLS_PER_ROW`` times as many cells in all, and more
than ``CEGO_IMPORT_MAX_CELLS`` filled cells in the lines openpyxl would read — openpyxl builds a whole line in
memory before any column bound applies (a 2 MB upload with one line of 400,000 cells took 5 s and 180 MB), and
needs about 2.5 s for 400,000 cells in lines of 99. Rows and filled columns are bounded again while reading
(``files``). No ORM here.

Which members are sheets and which the shared strings is not guessed from their names: ``parts`` follows the
workbook's content types and relations as openpyxl does, so a sheet stored as ``xl/worksheets/sheet1.XML`` or
``xl/data/sheet1.xml`` is bounded and scanned like any other (a sheet outside ``xl/worksheets/``, or names that
differ only by case, are refused: no spreadsheet program writes them). Every other member — styles, theme,
relations, drawings, anything under any name — unpacks to at most ``MAX_PART``, because openpyxl parses some of
them whole (a 15 MB ``xl/styles.xml`` took 3.9 s and 380 MB), and the shared strings hold at most
``CEGO_IMPORT_MAX_CELLS`` texts (a sheet cannot show more; 1,000,000 short ones took 9 s).
"""

import io
import re
import zipfile
import zlib

from django.conf import settings
from django.utils.translation import gettext as _

from tournament.registration import parts as workbook_parts

BIG_MEMBER = 1024 * 1024     # the ratio is checked for members that unpack to more than this
EMPTY_CELLS_PER_ROW = 20     # cells of one line, empty formatted ones too, per allowed column
TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c)(?=[\s/>])[^>]*?(/>|>(\s*</(?:[A-Za-z_][\w.-]*:)?c>)?)")
CARRY = 4096                 # bytes read again with the next chunk so that no tag is cut in two
CONTENT_TYPES_OR_WORKBOOK = "[Content_Types].xml, xl/workbook.xml"
MAX_PART = 2 * 1024 * 1024   # unpacked bytes of any member that is neither a sheet nor the shared strings
STRING = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?si(?=[\s/>])")


class TooLarge(Exception):
    """A bound is exceeded; ``code`` is stable, ``message`` translated."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def _mb(n):
    return f"{n / (1024 * 1024):.0f}"


def max_bytes():
    return settings.CEGO_IMPORT_MAX_BYTES


def max_rows():
    return settings.CEGO_IMPORT_MAX_ROWS


def max_columns():
    return settings.CEGO_IMPORT_MAX_COLUMNS


def too_large_file():
    return TooLarge("too_large", _("The file is larger than %(mb)s MB.") % {"mb": _mb(max_bytes())})


def max_cells():
    return settings.CEGO_IMPORT_MAX_CELLS


def too_many_rows():
    return TooLarge("too_many_rows", _("The file has more than %(max)s lines.") % {"max": max_rows()})


def too_many_columns():
    return TooLarge("too_many_columns", _("The file has more than %(max)s columns.") % {"max": max_columns()})


def _unpacks_too_large():
    return TooLarge("unpacks_too_large", _(
        "The spreadsheet is too large once unpacked (up to %(mb)s MB are read). Save only the list of players "
        "in a new workbook, or as CSV, and upload it again.") % {"mb": _mb(settings.CEGO_IMPORT_MAX_UNPACKED)})


def _unusual(part):
    return TooLarge("unusual_workbook", _(
        "This spreadsheet is not built as spreadsheet programs build it (%(part)s). Open it in Excel or "
        "LibreOffice Calc, save it as Excel workbook (.xlsx) and upload it again, or save the list as CSV.")
        % {"part": part[:80]})


def _bound_of(name, parts):
    if name == parts.strings or name.lower() == "xl/sharedstrings.xml":
        return settings.CEGO_IMPORT_MAX_STRINGS
    if name in parts.worksheets:
        return settings.CEGO_IMPORT_MAX_SHEET
    return MAX_PART


def check_xlsx_zip(data):
    """Refuse (``TooLarge``) a workbook over a bound, from its zip directory and its structure (content types,
    workbook, relations: ``parts``) alone, and return its ``parts.Parts``; a broken zip passes (None: openpyxl
    then says it is not a spreadsheet)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        return None
    with archive:
        members = archive.infolist()
        if len(members) > settings.CEGO_IMPORT_MAX_MEMBERS:
            raise _unpacks_too_large()
        largest = max(settings.CEGO_IMPORT_MAX_SHEET, settings.CEGO_IMPORT_MAX_STRINGS, MAX_PART)
        total = 0
        for member in members:
            total += member.file_size
            if total > settings.CEGO_IMPORT_MAX_UNPACKED or member.file_size > largest:
                raise _unpacks_too_large()
            if member.file_size > BIG_MEMBER and member.file_size > settings.CEGO_IMPORT_MAX_RATIO * max(
                    member.compress_size, 1):
                raise _unpacks_too_large()
        sizes = {member.filename: member.file_size for member in members}

        def bound(name):
            if sizes[name] > MAX_PART:
                raise _unpacks_too_large()

        try:
            parts = workbook_parts.workbook_parts(archive, set(sizes), bound)
        except workbook_parts.Unusual as err:
            raise _unusual(err.part) from None
        except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
            raise _unusual(CONTENT_TYPES_OR_WORKBOOK) from None    # a part broken, encrypted or packed oddly
    for member in members:
        if member.file_size > _bound_of(member.filename, parts):
            raise _unpacks_too_large()
    return parts


def _scan(stream, most_rows):
    """Count lines, cells of a line and filled cells (not ``<c …/>`` nor ``<c …></c>``) of one sheet."""
    rows = cells = filled = total = 0
    most_filled, most_cells, most_total = max_columns(), EMPTY_CELLS_PER_ROW * max_columns(), max_cells()
    tail = b""
    while True:
        chunk = stream.read(1024 * 1024)
        data = tail + chunk
        cut = len(data) if not chunk else max(len(data) - CARRY, 0)
        for match in TAG.finditer(data):
            if match.start() >= cut:
                break                       # read again with the next chunk
            if match.group(1) == b"row":
                rows, cells, filled = rows + 1, 0, 0
                if rows > most_rows:
                    return                  # openpyxl is not asked for more lines than these
                continue
            cells += 1
            if match.group(2) != b"/>" and not match.group(3):     # neither <c …/> nor <c …></c>
                filled += 1
                total += 1
            if filled > most_filled or cells > most_cells:
                raise too_many_columns()
            if total > most_total:
                raise TooLarge("too_many_cells", _("The file has more than %(max)s filled cells.")
                               % {"max": most_total})
        if not chunk:
            return
        tail = data[cut:]


def _count_strings(stream):
    """Refuse more shared strings than ``CEGO_IMPORT_MAX_CELLS``, streamed 1 MB at a time (a tag cut in two by a
    chunk's end is found again with the carried tail, and counted once: by its end in the new chunk)."""
    count, tail, most = 0, b"", max_cells()
    while chunk := stream.read(1024 * 1024):
        data = tail + chunk
        count += sum(1 for match in STRING.finditer(data) if match.end() > len(tail))
        if count > most:
            raise TooLarge("too_many_strings", _("The file has more than %(max)s texts.") % {"max": most})
        tail = data[-64:]


def scan_sheets(data, parts=None):
    """Refuse (``TooLarge``) a workbook with a line of too many cells or too many shared strings, streaming each
    worksheet (``parts``: as ``check_xlsx_zip`` found them) and the shared strings once."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if parts is None:
                parts = workbook_parts.workbook_parts(archive, set(archive.namelist()), lambda name: None)
            if parts.strings:
                with archive.open(parts.strings) as stream:
                    _count_strings(stream)
            for name in parts.worksheets:
                with archive.open(name) as stream:
                    _scan(stream, max_rows() + 100)
    except TooLarge:
        raise
    except workbook_parts.Unusual as err:
        raise _unusual(err.part) from None
    except Exception:       # a broken member: openpyxl will say it is not a spreadsheet
        return

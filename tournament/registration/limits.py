"""Bounds of an uploaded registration file, checked before anything is parsed (settings ``CEGO_IMPORT_*``).

An .xlsx is a zip: ``check_xlsx_zip`` reads only its directory (``zipfile.ZipFile.infolist``, no member is
unpacked) and refuses a file whose members would unpack to more than ``CEGO_IMPORT_MAX_UNPACKED`` in all, a sheet
or the shared strings to more than ``CEGO_IMPORT_MAX_SHEET``, a large member packed more than
``CEGO_IMPORT_MAX_RATIO`` times, or more than ``CEGO_IMPORT_MAX_MEMBERS`` members. The sizes in the directory
cannot lie to us: Python's ``zipfile`` never unpacks more than a member's declared size (a longer stream fails its
CRC), so openpyxl reads at most what was checked here. Rows and columns are bounded while reading
(``files``). No ORM here.
"""

import io
import zipfile

from django.conf import settings
from django.utils.translation import gettext as _

BIG_MEMBER = 1024 * 1024     # the ratio is checked for members that unpack to more than this


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


def too_many_rows():
    return TooLarge("too_many_rows", _("The file has more than %(max)s lines.") % {"max": max_rows()})


def too_many_columns():
    return TooLarge("too_many_columns", _("The file has more than %(max)s columns.") % {"max": max_columns()})


def _unpacks_too_large():
    return TooLarge("unpacks_too_large", _(
        "The spreadsheet unpacks to more than %(mb)s MB. Save only the list of players in a new workbook, "
        "or as CSV, and upload it again.") % {"mb": _mb(settings.CEGO_IMPORT_MAX_UNPACKED)})


def _is_sheet_or_strings(name):
    return name.startswith("xl/worksheets/") or name == "xl/sharedStrings.xml"


def check_xlsx_zip(data):
    """Refuse (``TooLarge``) a workbook over a bound, from its zip directory alone; a broken zip passes (openpyxl
    then says it is not a spreadsheet)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        return
    if len(members) > settings.CEGO_IMPORT_MAX_MEMBERS:
        raise _unpacks_too_large()
    total = 0
    for member in members:
        total += member.file_size
        if total > settings.CEGO_IMPORT_MAX_UNPACKED:
            raise _unpacks_too_large()
        if _is_sheet_or_strings(member.filename) and member.file_size > settings.CEGO_IMPORT_MAX_SHEET:
            raise _unpacks_too_large()
        if member.file_size > BIG_MEMBER and member.file_size > settings.CEGO_IMPORT_MAX_RATIO * max(
                member.compress_size, 1):
            raise _unpacks_too_large()

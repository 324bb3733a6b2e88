"""Reading a backup file's bytes into a JSON document within bounds (docs/backup.md, "Hostile files").

Python's ``json`` fails with a ``RecursionError`` on nesting about 1,000 deep and with a ``ValueError`` on an
integer of more than 4,300 digits; a file of gigabytes would be read whole. Here every bound is checked before
or while parsing, and a file over one ends with a translated ``BackupError`` saying which: the file's size
(``MAX_BYTES``, read no further), the nesting depth (``MAX_DEPTH``, counted on the bytes before ``json`` sees
them), a whole number's digits (``MAX_DIGITS``: every number of the format fits in 64 bits), a number that is no
finite number, a repeated key in one object, a text's length (``MAX_TEXT``) and a list's or object's items
(``MAX_ITEMS``). A real backup is far inside every bound: a 400-player day is 5 MB, nests 8 deep, and its
longest list (the audit log) has some 20,000 rows.
"""

import json
import re

from django.utils.translation import gettext as _

from tournament.backup.format import BackupError

MAX_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 32
MAX_DIGITS = 18
MAX_TEXT = 20_000
MAX_ITEMS = 200_000
MAX_FLOAT_CHARS = 32

STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
NOT_BRACKET = re.compile(rb"[^\[\]{}]+")


def read_bounded(handle):
    """The bytes of an open binary file, or ``BackupError`` once more than ``MAX_BYTES`` arrive (the rest is
    never read, so a huge file or an endless stream costs nothing)."""
    data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise BackupError(_("The file is larger than %(mb)s MB; no tournament backup is that large.")
                          % {"mb": MAX_BYTES // (1024 * 1024)})
    return data


def parse(data):
    """The JSON document of ``data`` (bytes, UTF-8 with or without BOM) within the bounds, or ``BackupError``.
    ``UnicodeDecodeError`` and ``json.JSONDecodeError`` pass through for the caller's own messages."""
    if len(data) > MAX_BYTES:
        raise BackupError(_("The file is larger than %(mb)s MB; no tournament backup is that large.")
                          % {"mb": MAX_BYTES // (1024 * 1024)})
    text = data.decode("utf-8-sig")
    _check_depth(data)
    doc = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                     object_pairs_hook=_object)
    _check_sizes(doc)
    return doc


def _check_depth(data):
    """Refuse nesting deeper than ``MAX_DEPTH`` before ``json`` recurses into it: texts are blanked, then the
    brackets counted (an unbalanced file is left to ``json`` to describe)."""
    brackets = NOT_BRACKET.sub(b"", STRING.sub(b'""', data))
    depth = 0
    for byte in brackets:
        if byte in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BackupError(_("The file is nested more than %(max)s levels deep; a tournament backup never "
                                    "is.") % {"max": MAX_DEPTH})
        else:
            depth -= 1


def _int(digits):
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BackupError(_("The file has a whole number of %(digits)s digits (at most %(max)s): %(start)s…")
                          % {"digits": len(digits.lstrip("-")), "max": MAX_DIGITS, "start": digits[:20]})
    return int(digits)


def _float(text):
    value = float(text) if len(text) <= MAX_FLOAT_CHARS else float("inf")
    if value in (float("inf"), float("-inf")):
        raise BackupError(_("The file has a number that is too large or too long: %(start)s…")
                          % {"start": text[:20]})
    return value


def _constant(name):
    raise BackupError(_("The file has %(value)s, which is no number in JSON.") % {"value": name})


def _object(pairs):
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        key = next(k for k, _v in pairs if k in seen or seen.add(k))
        raise BackupError(_("The file repeats the key “%(key)s” in one object.") % {"key": key[:60]})
    return obj


def _check_sizes(doc):
    """Every text (keys too) at most ``MAX_TEXT`` characters, every list and object at most ``MAX_ITEMS`` items;
    walked without recursion."""
    stack = [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise BackupError(_("The file has a text of %(length)s characters (at most %(max)s): %(start)s…")
                                  % {"length": len(value), "max": MAX_TEXT, "start": value[:40]})
        elif isinstance(value, (list, dict)):
            if len(value) > MAX_ITEMS:
                raise BackupError(_("The file has a list of %(count)s items (at most %(max)s).")
                                  % {"count": len(value), "max": MAX_ITEMS})
            if isinstance(value, dict):
                stack.extend(value.keys())
                stack.extend(value.values())
            else:
                stack.extend(value)

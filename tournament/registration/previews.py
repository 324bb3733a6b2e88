"""Parsed registration files waiting for their import: stored once, read back by every preview and the import.

The file is parsed once at upload (``files.parse_registrations``); its rows go as JSON into a private directory
(``CEGO_IMPORT_DIR``, mode 0700, files 0600) under a random token. The preview page and the import read that
JSON back — the upload is not read again — and check it against the database as it is then
(``importer.check_against_tournament``). A preview is deleted after its import, when discarded, and after
``CEGO_IMPORT_KEEP`` seconds (``purge_expired``, run by ``manage.py cleanup_exports``). No ORM here.
"""

import datetime
import json
import os
import re
import secrets
import time
from pathlib import Path

from django.conf import settings

from tournament.registration.files import COLUMN_BY_FIELD, Formula, ImportResult, ImportRow, Issue

TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


def _directory():
    path = Path(settings.CEGO_IMPORT_DIR)
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def _path(token):
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        return None
    return _directory() / f"{token}.json"


def _issues(issues):
    return [[i.code, i.message, i.field] for i in issues]


def _cell(value):
    if isinstance(value, Formula):
        return {"formula": str(value)}               # stays a formula (no data) when the columns are mapped again
    if isinstance(value, (datetime.date, datetime.datetime)):
        return {"date": value.isoformat()[:10]}      # a year column reads the year of a date cell
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _uncell(value):
    if isinstance(value, dict) and "formula" in value:
        return Formula(value["formula"])
    return datetime.date.fromisoformat(value["date"]) if isinstance(value, dict) else value


def _row(r):
    return {"line": r.line, "raw": r.raw, "values": r.values, "issues": _issues(r.issues), "left_out": r.left_out,
            "footer": r.footer, "excerpt": r.excerpt}


def _unrow(r):
    return ImportRow(line=r["line"], raw=r["raw"], values=r["values"], issues=[Issue(*i) for i in r["issues"]],
                     left_out=r.get("left_out", ""), footer=r.get("footer", False), excerpt=r.get("excerpt", ""))


def to_dict(result):
    return {"filename": result.filename, "sha256": result.sha256, "columns": [c.field for c in result.columns],
            "lines": [[line, [_cell(c) for c in cells]] for line, cells in result.lines],
            "overrides": {str(k): v for k, v in result.overrides.items()},
            "choices": {str(k): v for k, v in result.choices.items()},
            "running_column": result.running_column,
            "sources": [list(source) for source in result.sources],
            "issues": _issues(result.issues), "notices": _issues(result.notices),
            "rows": [_row(r) for r in result.rows], "left_out": [_row(r) for r in result.left_out]}


def from_dict(data):
    result = ImportResult(filename=data["filename"], sha256=data["sha256"],
                          columns=[COLUMN_BY_FIELD[f] for f in data["columns"]],
                          issues=[Issue(*i) for i in data["issues"]],
                          notices=[Issue(*i) for i in data.get("notices", [])],
                          lines=[(line, [_uncell(c) for c in cells]) for line, cells in data.get("lines", [])],
                          overrides={int(k): v for k, v in data.get("overrides", {}).items()},
                          choices={int(k): v for k, v in data.get("choices", {}).items()},
                          running_column=data.get("running_column"),
                          sources=[tuple(source) for source in data.get("sources", [])])
    result.rows = [_unrow(r) for r in data["rows"]]
    result.left_out = [_unrow(r) for r in data.get("left_out", [])]
    return result


def save(result):
    """Store a parsed file; return its token."""
    token = secrets.token_urlsafe(24)
    fd = os.open(_path(token), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(to_dict(result), out, ensure_ascii=False)
    return token


def load(token):
    """The stored ``ImportResult`` (fresh objects every time), or None when unknown or expired."""
    path = _path(token)
    try:
        if path is None or time.time() - path.stat().st_mtime > settings.CEGO_IMPORT_KEEP:
            return None
        with path.open(encoding="utf-8") as stored:
            return from_dict(json.load(stored))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def delete(token):
    path = _path(token)
    if path is not None:
        path.unlink(missing_ok=True)


def purge_expired(*, now=None):
    """Delete previews older than ``CEGO_IMPORT_KEEP``; return how many."""
    directory = Path(settings.CEGO_IMPORT_DIR)
    if not directory.is_dir():
        return 0
    oldest = (now or time.time()) - settings.CEGO_IMPORT_KEEP
    deleted = 0
    for path in directory.glob("*.json"):
        try:
            if path.stat().st_mtime < oldest:
                path.unlink()
                deleted += 1
        except OSError:
            pass
    return deleted

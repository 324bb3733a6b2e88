"""Parsed registration files waiting for their import: stored once, read back by every preview and the import.

The file is parsed once at upload (``files.parse_registrations``); its rows go as JSON into an ``ImportPreview``
row with the user who uploaded it, the tournament, and when it expires — in the database, so that every app server
finds a preview another one stored (docs/production.md, "Several servers"). The preview page and the import read
that JSON back — the upload is not read again — and check it against the database as it is then
(``importer.check_against_tournament``). A preview is found only by its owner for its tournament; it is deleted
after its import, when discarded, and after ``CEGO_IMPORT_KEEP`` seconds (``purge_expired``, run by ``manage.py
cleanup_exports``). Its JSON is bounded (``CEGO_IMPORT_MAX_PREVIEW`` bytes) before it is written.
"""

import datetime
import json
import uuid
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import ImportPreview
from tournament.registration.files import COLUMN_BY_FIELD, Formula, ImportResult, ImportRow, Issue

MISSING = "missing"     # no such preview (any more): expired, imported or discarded
FOREIGN = "foreign"     # another user's preview, or one for another tournament


def _id(token):
    try:
        return uuid.UUID(str(token))
    except (TypeError, ValueError, AttributeError):
        return None


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


def save(result, *, owner, tournament, now=None):
    """Store a parsed file for ``owner`` and ``tournament``; return its token. ``ValidationError`` (code
    ``too_large``) when its JSON is longer than ``CEGO_IMPORT_MAX_PREVIEW`` bytes: nothing is stored."""
    data = to_dict(result)
    size = len(json.dumps(data, ensure_ascii=False).encode("utf-8"))
    limit = settings.CEGO_IMPORT_MAX_PREVIEW
    if size > limit:
        raise ValidationError(_("The file is too large to keep for its preview (%(size)d MB, at most %(limit)d MB). "
                                "Split it into smaller files."), code="too_large",
                              params={"size": -(-size // 2**20), "limit": limit // 2**20})
    now = now or timezone.now()
    preview = ImportPreview.objects.create(
        owner=owner, tournament=tournament, filename=result.filename[:200], sha256=result.sha256, data=data,
        size=size, created_at=now, expires_at=now + timedelta(seconds=max(settings.CEGO_IMPORT_KEEP, 1)))
    return str(preview.pk)


def find(token, *, owner, tournament, now=None):
    """``(result, None)`` with the stored ``ImportResult`` (fresh objects every time) of ``owner`` for
    ``tournament``, or ``(None, MISSING)`` when there is no such preview or it expired, ``(None, FOREIGN)``
    when it belongs to another user or tournament."""
    pk = _id(token)
    preview = ImportPreview.objects.filter(pk=pk, expires_at__gt=now or timezone.now()).first() if pk else None
    if preview is None:
        return None, MISSING
    if preview.owner_id != owner.pk or preview.tournament_id != tournament.pk:
        return None, FOREIGN
    try:
        return from_dict(preview.data), None
    except (ValueError, KeyError, TypeError):      # written by an older version that read it differently
        return None, MISSING


def load(token, *, owner, tournament):
    """The stored ``ImportResult`` of ``owner`` for ``tournament``, or None (``find`` says why)."""
    return find(token, owner=owner, tournament=tournament)[0]


def delete(token, *, owner):
    """Delete ``owner``'s preview ``token`` (another user's stays); return whether one was deleted."""
    pk = _id(token)
    return bool(pk) and ImportPreview.objects.filter(pk=pk, owner=owner).delete()[0] > 0


def purge_expired(*, now=None):
    """Delete previews whose ``expires_at`` has passed; return how many."""
    return ImportPreview.objects.filter(expires_at__lte=now or timezone.now()).delete()[0]

"""Rendered public pages, cached by the *data version* of what they show: 300 phones reloading the standings
cost one render per change instead of one per phone, and a result still shows on the very next reload.

**Key.** Path and query string (page, sort, filter, category), language, and the data version of the
tournaments the page shows (``SCOPES``: the tournament of the URL, a season's published tournaments, or all
published ones). Nothing is ever invalidated: a write changes the version, so the next request asks for a key
that does not exist yet; old keys age out after ``TIMEOUT`` seconds.

**Data version** — one query per request (``data_version``), per tournament in scope:

* every column of the tournament and of its season (name, date, published, rounds, tie-breaks, best N …), and
  the newest audit log id of the season (its categories and their members, written by ``seasons.services``);
* its rounds: how many, the newest id, how many complete and locked (draws, deleted draws, status changes);
* its entries: how many, the newest id, withdrawn ones, sums of start numbers and team ids (registration,
  deletion, withdrawal, renumbering, team changes);
* results: the newest audit log id of the tournament (every game entered, corrected or deleted, totals,
  adjustments, round status changes and draws are audited by the services) and the stored totals weighted by
  start number (also a total written without an audit entry, such as the demo's bulk games).

``Version.full`` covers all of it; ``Version.static`` leaves out the results, for pages that show no results
(the seat lookup) or only those of their own tables (a player's page, see ``cached(narrow=…)``).
Not covered, so shown after the next result or within ``TIMEOUT`` seconds: a team renamed, edits in the admin,
and — on the pages of ``Version.static`` only — a player's name, town, sex or birth year corrected (the full
version sees the correction's audit row).

**Order.** The version is read *before* the page: a page rendered from newer data than its version is only
re-rendered once more, whereas reading it afterwards could file old data under a new version for good.

**Who.** Only anonymous GETs are served from and stored in the cache (logged-in users see other links in the
header); only 200 answers are stored, so an unpublished tournament (no version: 404) is never cached.
Parts of a page that belong to the request rather than to the stored data are marked in the stored copy and
put back on every answer: the CSRF token of the language form, the "as of" time of live pages, and what a
``narrow`` view declares volatile (a player's rank, which moves with results at any table).

The cache is the alias ``public`` (``default`` when it is not configured). ``standings`` memoises the ranked
standings per version in process memory, so the standings pages, the prizes and 300 player pages compute
them once per change, and ``flight`` lets one thread per process render a page while the others wait for it.
"""

import hashlib
import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import wraps

from django.core.cache import InvalidCacheBackendError, caches
from django.db import connection
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import get_language

from tournament.models import (
    Adjustment,
    AuditLog,
    Entry,
    Round,
    Season,
    Seat,
    Tournament,
)
from tournament.standings import selectors as standings_queries

TIMEOUT = 60
HEADER = "X-Public-Cache"
STANDINGS_KEPT = 16       # versions × categories of standings kept per process (oldest dropped first)
FLIGHT_WAIT = 10          # seconds a request waits for another thread's render before rendering itself
# Which tournaments a page shows: a condition on ``t`` (the tournament table), with the URL's pk if it has %s.
SCOPES = {"tournament": "t.id = %s", "season": "t.season_id = %s", "site": "1 = 1"}
RESULT_COLUMNS = 2        # the last columns of VERSION_SQL, left out of ``Version.static``
# One statement, written out: the ORM needs ten times longer to build it than the database to answer it,
# and it runs on every request. Portable SQL (SQLite, PostgreSQL); grouped by primary keys only.
VERSION_SQL = """
SELECT t.*, s.name, s.year, s.best_n, s.youth_age,
       (SELECT MAX(sa.id) FROM {audit} sa WHERE sa.season_id = s.id),
       (SELECT COUNT(*) FROM {round} r WHERE r.tournament_id = t.id),
       (SELECT MAX(r.id) FROM {round} r WHERE r.tournament_id = t.id),
       (SELECT COUNT(*) FROM {round} r WHERE r.tournament_id = t.id AND r.status = %s),
       (SELECT COUNT(*) FROM {round} r WHERE r.tournament_id = t.id AND r.status = %s),
       COUNT(e.id), MAX(e.id), SUM(CASE WHEN e.withdrawn THEN 1 ELSE 0 END), SUM(e.start_number), SUM(e.team_id),
       (SELECT MAX(a.id) FROM {audit} a WHERE a.tournament_id = t.id), SUM(e.total * e.start_number)
FROM {tournament} t JOIN {season} s ON s.id = t.season_id LEFT JOIN {entry} e ON e.tournament_id = t.id
WHERE t.published AND {scope}
GROUP BY t.id, s.id ORDER BY t.id
"""
ENTRY_SQL = """
SELECT (SELECT MAX(a.id) FROM {audit} a
        WHERE a.table_id IN (SELECT s.table_id FROM {seat} s WHERE s.entry_id = %s)),
       (SELECT COUNT(*) FROM {adjustment} j WHERE j.entry_id = %s),
       (SELECT MAX(j.id) FROM {adjustment} j WHERE j.entry_id = %s)
"""
# Per-request parts of a stored page: NUL never occurs in a rendered page (form fields reject it).
CSRF_MARK, STAMP_MARK = b"\x00csrf\x00", b"\x00stamp\x00"
CSRF_INPUT = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')
STAMP = re.compile(rb'(<span class="stamp">[^<]*?)\d\d:\d\d(</span>)')
_standings = {}
_flights, _flights_lock = {}, threading.Lock()


@dataclass(frozen=True)
class Version:
    full: str       # everything the public pages show of the tournaments in scope
    static: str     # the same without results: tournament, season, rounds, entries


def store():
    try:
        return caches["public"]
    except InvalidCacheBackendError:
        return caches["default"]


def digest(value):
    return hashlib.blake2b(repr(value).encode(), digest_size=12).hexdigest()


def data_version(scope, pk=None):
    """The ``Version`` of the published tournaments in ``scope`` (``SCOPES``); None when there is none (an
    unpublished or unknown tournament: the view answers 404)."""
    sql = VERSION_SQL.format(scope=SCOPES[scope], tournament=Tournament._meta.db_table,
                             season=Season._meta.db_table, round=Round._meta.db_table,
                             entry=Entry._meta.db_table, audit=AuditLog._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(sql, [Round.Status.COMPLETE, Round.Status.LOCKED, *([pk] if "%s" in SCOPES[scope] else [])])
        rows = cursor.fetchall()
    if not rows:
        return None
    return Version(full=digest(rows), static=digest([row[:-RESULT_COLUMNS] for row in rows]))


def entry_version(entry_pk):
    """The newest audit log id of the tables ``entry_pk`` sits at, and its adjustments (count, newest id):
    what changes the results a player page shows besides the standings."""
    sql = ENTRY_SQL.format(audit=AuditLog._meta.db_table, seat=Seat._meta.db_table,
                           adjustment=Adjustment._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(sql, [entry_pk] * 3)
        return cursor.fetchone()


def now_text():
    """What ``{% now "H:i" %}`` prints at this moment (the "as of" time of a live page)."""
    return date_format(timezone.localtime(), "H:i")


def cached(scope, *, results=True, narrow=None):
    """Serve the view's anonymous GETs from the cache, by the data version of ``scope`` (``SCOPES``) and the
    URL's ``pk``: ``Version.full``, or ``Version.static`` when the page shows no results (``results=False``).

    ``narrow(request, *args, **kwargs)`` returns ``(part, volatile)`` for a page that shows the results of a
    few tables only: the key is ``Version.static`` plus ``part`` (what the page shows of the results), and
    ``volatile`` maps markers the view renders to the text they stand for in this request.
    """
    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            version = data_version(scope, kwargs.get("pk"))
            request.public_version = version and version.full
            if version is None:
                return view(request, *args, **kwargs)
            part, volatile = narrow(request, *args, **kwargs) if narrow else (None, {})
            if request.method != "GET" or request.user.is_authenticated:
                return personal(view(request, *args, **kwargs), request, volatile)
            data = version.full if results and not narrow else version.static
            key = "page:" + digest((request.get_full_path(), get_language(), data, part))
            stored = store().get(key)
            if stored is None:
                with flight(key) as leader:
                    if leader:
                        return personal(render_and_store(view, request, args, kwargs, key), request, volatile)
                stored = store().get(key)
            if stored is None:          # the leader's answer could not be stored (or it took too long)
                return personal(view(request, *args, **kwargs), request, volatile)
            content, content_type = stored
            response = personal(HttpResponse(content, content_type=content_type), request, volatile)
            response[HEADER] = "hit"
            return response
        return wrapper
    return decorator


def render_and_store(view, request, args, kwargs, key):
    response = view(request, *args, **kwargs)
    if response.status_code == 200 and not response.streaming and not response.cookies:
        response.content = STAMP.sub(rb"\1" + STAMP_MARK + rb"\2",
                                     CSRF_INPUT.sub(rb"\1" + CSRF_MARK + rb"\2", response.content))
        store().set(key, (response.content, response["Content-Type"]), TIMEOUT)
        response[HEADER] = "miss"
    return response


def personal(response, request, volatile):
    """``response`` with this request's CSRF token, the current time and the ``volatile`` texts put in."""
    if response.streaming:
        return response
    content = response.content
    if CSRF_MARK in content:
        content = content.replace(CSRF_MARK, get_token(request).encode())
    if STAMP_MARK in content:
        content = content.replace(STAMP_MARK, now_text().encode())
    for mark, text in volatile.items():
        content = content.replace(mark.encode(), text.encode())
    response.content = content
    return response


@contextmanager
def flight(key):
    """One thread of the process computes ``key`` (yields True); the others wait for it (yield False) and then
    read its result. After a result every phone in the hall asks for the new version at the same moment:
    without this, each of a worker's threads would render the same page."""
    with _flights_lock:
        done = _flights.get(key)
        leader = done is None
        if leader:
            done = _flights[key] = threading.Event()
    if not leader:
        done.wait(FLIGHT_WAIT)
        yield False
        return
    try:
        yield True
    finally:
        with _flights_lock:
            _flights.pop(key, None)
        done.set()


def standings(request, tournament, category=None):
    """``tournament_standings`` of ``tournament`` (an instance or a pk) computed once per data version and
    process. Kept in process memory as the object itself: unpickling 300 ranked rows from a cache would cost
    a third of a player page. Callers only read it (the views copy rows into their own dicts)."""
    version = getattr(request, "public_version", None)
    pk = getattr(tournament, "pk", tournament)
    key = (pk, category, version)
    if version is not None and key not in _standings:
        with flight(key) as leader:
            if leader:
                result = compute_standings(tournament, category)
                with _flights_lock:
                    _standings[key] = result
                    while len(_standings) > STANDINGS_KEPT:
                        del _standings[next(iter(_standings))]
    result = _standings.get(key) if version is not None else None
    return result if result is not None else compute_standings(tournament, category)


def compute_standings(tournament, category):
    if not isinstance(tournament, Tournament):
        tournament = Tournament.objects.select_related("season").get(pk=tournament)
    return standings_queries.tournament_standings(tournament, category=category)

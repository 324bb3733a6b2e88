"""Rendered public pages, stored under the *data version* of what they show: 300 phones reloading the standings
cost one render per change instead of one per phone, and a result still shows on the very next reload.

**Version.** The write services raise the versions of what they change in the write's own transaction
(``tournament.audit.versions``). A request first reads the version of what its page shows — one statement,
``VERSIONS`` — and asks the cache for the page under it. Nothing is ever invalidated: a write changes the version,
so the next request asks for a key that does not exist yet; old keys age out after ``TIMEOUT`` seconds. A page is
rendered after its version was read, so it is never older than the version it is stored under, and a request
after a write reads that write's version. What each view is stored under (``scope``):

* "tournament" (standings, prizes, teams, statistics): the tournament's data version;
* "setup" (the seat lookup, which shows no results): its set-up version;
* "player": the set-up version and the entry's results version, so a result at one table does not re-render the
  pages of the players at the others; the rank, which moves with it, is rendered for each request;
* "season" (season pages and statistics): the season's version, raised with any of its tournaments;
* "site" (home): id and set-up version of every published tournament.

**Key.** The path, the query parameters the view reads (``params``: sort, page, filter, category; any other
parameter neither makes a new entry nor reaches the view) in their one spelling (``public.query``: a junk value
is dropped before the key, a value the page does not know is redirected to the one it showed), the language and
the version.

**Fragments.** Not the response is stored but the page's ``{% fragment %}`` blocks (``templatetags/fragments.py``)
and the few plain context values the template uses outside them (``FRAME`` and ``frame``). The page's template is
rendered on every request with the stored fragments in place of their contents, so whatever lies outside them is
the request's own: the language form (CSRF token, the URL to return to), the "as of" time of a live page and, on
a player page, the facts that move with every result at any table (``per_request``: rank, total, field size).

**Change check.** Every anonymous answer carries an ``ETag``: a digest of the key, on a player page the
tournament's data version (its rank and total are rendered for each request), and the browser's CSRF cookie (a
page the browser kept holds a token only that cookie accepts). A GET whose ``If-None-Match``
names it is answered 304 right after the version read — no cache read, no render: the live script of a running
tournament's pages (``public/public.js``, docs/accessibility.md "Live updates") asks so every half minute, and
300 phones cost 300 version reads while nothing changed. The page itself carries the tag too
(``request.public_etag``, ``templates/public/_live.html``), since a script cannot read its own page's headers.

**Who.** Only anonymous GETs are served from and stored in the cache (logged-in users see other links in the
header); only 200 answers are stored, and an unpublished tournament has no version (the view answers 404).

The cache is the alias ``public`` (``default`` when it is not configured): a file cache shared by the processes of
a machine, or Redis shared by several machines (``DJANGO_CACHE_URL``). ``standings`` memoises the ranked standings
per data version in process memory, so the standings pages, the prizes and 300 player pages compute them once per
change, and ``flight`` lets one thread per process render a page while the others wait for it.
"""

import hashlib
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import wraps

from django.core.cache import InvalidCacheBackendError, caches
from django.db import connection
from django.http import HttpResponseNotModified, HttpResponseRedirect, QueryDict
from django.middleware.csrf import get_token
from django.template.response import TemplateResponse
from django.utils.http import urlencode
from django.utils.translation import get_language

from tournament.models import Entry, Season, Tournament
from tournament.public import query as public_query
from tournament.standings import selectors as standings_queries
from tournament.templatetags.fragments import RECORD, STORED, FragmentMissing

TIMEOUT = 60
HEADER = "X-Public-Cache"
FORMAT = 1                # part of every key: raise it when ``Stored`` changes, so no process reads another's
STANDINGS_KEPT = 16       # versions × categories of standings kept per process (oldest dropped first)
FLIGHT_WAIT = 10          # seconds a request waits for another thread's render before rendering itself
FRAME = ("live", "refresh_seconds", "noindex")   # what public/base.html and the live line use outside fragments
# The version of each scope, by the URL's primary keys. Columns: the parts of the key, then the tournament's data
# version for ``standings`` (or NULL). Raw SQL: it runs on every request. Portable (SQLite, PostgreSQL).
VERSIONS = {
    "tournament": "SELECT data_version, data_version FROM {tournament} WHERE id = %(pk)s AND published",
    "setup": "SELECT setup_version, data_version FROM {tournament} WHERE id = %(pk)s AND published",
    "player": "SELECT t.setup_version, e.results_version, t.data_version FROM {tournament} t "
              "JOIN {entry} e ON e.tournament_id = t.id WHERE t.id = %(pk)s AND e.id = %(entry_pk)s AND t.published",
    "season": "SELECT data_version, NULL FROM {season} WHERE id = %(pk)s",
    "site": "SELECT id, setup_version FROM {tournament} WHERE published ORDER BY id",
    # a player's years: every published tournament the player entered and its season (name, results, best N)
    "player_years": "SELECT t.id, t.data_version, s.data_version FROM {tournament} t JOIN {entry} e "
                    "ON e.tournament_id = t.id JOIN {season} s ON s.id = t.season_id "
                    "WHERE e.player_id = %(player_pk)s AND t.published ORDER BY t.id",
    # the API's lists (``public.api``): every public season; a player's published days
    "seasons": "SELECT s.id, s.data_version FROM {season} s WHERE EXISTS (SELECT 1 FROM {tournament} t "
               "WHERE t.season_id = s.id AND t.published) ORDER BY s.id",
    "history": "SELECT t.id, t.data_version FROM {tournament} t JOIN {entry} e ON e.tournament_id = t.id "
               "WHERE e.player_id = %(pk)s AND t.published ORDER BY t.id",
}
# scopes of many rows: True when none is a 404
LISTS = {"site": False, "seasons": False, "history": True, "player_years": True}
TABLES = {"tournament": Tournament._meta.db_table, "entry": Entry._meta.db_table, "season": Season._meta.db_table}
_standings = {}
_flights, _flights_lock = {}, threading.Lock()


@dataclass(frozen=True)
class Version:
    key: tuple                  # what goes into the cache key
    data: int | None = None     # the tournament's data version, for ``standings``


@dataclass(frozen=True)
class Stored:
    template: str | list
    frame: dict                 # plain context values the template uses outside its fragments
    fragments: dict             # name → rendered HTML


def store():
    try:
        return caches["public"]
    except InvalidCacheBackendError:
        return caches["default"]


def digest(value):
    return hashlib.blake2b(repr(value).encode(), digest_size=12).hexdigest()


def read_version(scope, kwargs):
    """The ``Version`` of what a page of ``scope`` (``VERSIONS``) shows for the URL's ``kwargs``; None when there is
    nothing published to show (the view answers 404). Every scope but those of ``LISTS`` reads one row."""
    with connection.cursor() as cursor:
        cursor.execute(VERSIONS[scope].format(**TABLES), kwargs)
        rows = cursor.fetchall()
    if scope in LISTS:
        return None if LISTS[scope] and not rows else Version(key=tuple(rows))
    if not rows:
        return None
    *key, data = rows[0]
    return Version(key=tuple(key), data=data)


def cached(scope, *, params=(), frame=(), per_request=None):
    """Serve the view's anonymous GETs from the cache, by the version of ``scope`` (``VERSIONS``).

    The view returns a ``TemplateResponse`` whose template puts what it shows into ``{% fragment %}`` blocks.
    ``params``: the query parameters the view reads. ``frame``: names of further context values the template uses
    outside its fragments (besides ``FRAME``). ``per_request(request, *args, **kwargs)``: context for the parts
    outside the fragments that change more often than the version (the view puts the same into its context).
    """
    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            # read already by ``page_cache.WholePages`` for this very request, or read now
            version = getattr(request, "public_version", None) or read_version(scope, kwargs)
            request.public_data_version = version and version.data
            if version is None or request.method != "GET" or request.user.is_authenticated:
                return view(request, *args, **kwargs)
            pairs = public_query.canonical(request.GET, params)
            key = page_key(request.path, pairs, get_language(), version)
            request.public_etag = etag = entity_tag(request, key, version, per_request)
            if request.headers.get("If-None-Match") == etag:
                response = HttpResponseNotModified()
                response["ETag"] = etag
                return response
            response = serve(view, request, args, kwargs, key, pairs, (*FRAME, *frame), per_request)
            if response.status_code == 200:
                response["ETag"] = etag
            return response
        wrapper.public_page = (scope, params, per_request)      # for ``page_cache.WholePages``
        return wrapper
    return decorator


def page_key(path, pairs, language, version):
    """The cache key of a public page: its path, its canonical query ``pairs``, the language and the version."""
    return f"page:{FORMAT}:" + digest((path, urlencode(pairs), language, version.key))


def entity_tag(request, key, version, per_request):
    """The ``ETag`` of a page stored under ``key``: the key itself, the tournament's data version when the page
    renders parts for each request (``per_request``: a player's rank and total move with any result), and the
    browser's CSRF cookie — a copy the browser kept holds a CSRF token (the language form) that only that cookie
    accepts, so after a login or a new cookie it must not be answered 304."""
    if "CSRF_COOKIE" not in request.META:       # a first visit: the secret this answer's cookie will carry
        get_token(request)
    csrf = request.META.get("CSRF_COOKIE", "")
    return etag_for(key, version, per_request, csrf)


def etag_for(key, version, per_request, csrf):
    return '"' + digest((key, version.data if per_request else None, csrf)) + '"'


def serve(view, request, args, kwargs, key, pairs, frame, per_request):
    """The page from the cache, or rendered and stored."""
    query = urlencode(pairs)
    stored = store().get(key)
    if stored is None:
        with flight(key) as leader:
            if leader:
                return render_and_store(view, request, args, kwargs, key, pairs, frame)
        stored = store().get(key)
    if stored is None:          # the leader's page could not be stored (or it took too long)
        return render_view(view, request, args, kwargs, query)[0]
    extra = per_request(request, *args, **kwargs) if per_request else {}
    # ``page_cache.WholePages`` keeps this answer whole for the next phones: the CSRF token as a placeholder
    token = {"csrf_token": request.public_token_placeholder} if hasattr(request, "public_token_placeholder") else {}
    response = TemplateResponse(request, stored.template,
                                {**stored.frame, **extra, **token, STORED: stored.fragments})
    try:
        response.render()
    except FragmentMissing:
        return render_and_store(view, request, args, kwargs, key, pairs, frame)
    response[HEADER] = "hit"
    return response


def render_and_store(view, request, args, kwargs, key, pairs, frame):
    """Render the view and store its fragments and ``frame`` values if it answers 200 — with the query ``pairs``
    as it showed them; otherwise (a page past the last, an unknown category) redirect to those, unstored."""
    response, fragments = render_view(view, request, args, kwargs, urlencode(pairs))
    if response.status_code == 200 and fragments:
        context = response.context_data
        shown = public_query.settled(context, pairs)
        if shown != pairs:
            return HttpResponseRedirect(request.path + (f"?{urlencode(shown)}" if shown else ""))
        values = {name: context[name] for name in frame if name in context}
        store().set(key, Stored(response.template_name, values, fragments), TIMEOUT)
        response[HEADER] = "miss"
    return response


def render_view(view, request, args, kwargs, query):
    """The view's response, rendered with only the query parameters ``query`` of the key, and its fragments."""
    full_query, request.GET = request.GET, QueryDict(query)
    fragments = {}
    try:
        response = view(request, *args, **kwargs)
        if isinstance(response, TemplateResponse):
            response.context_data[RECORD] = fragments
            response.render()
    finally:
        request.GET = full_query
    return response, fragments


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
    return standings_at(tournament, getattr(request, "public_data_version", None), category)


def standings_at(tournament, version, category=None):
    """``standings`` of ``tournament`` at its data version ``version`` (None: computed, not kept)."""
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

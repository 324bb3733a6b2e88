"""Whole public pages for phones that come back: the answer before sessions, CSRF, auth, messages and the view.

``cache.cached`` stores a public page's fragments under its data version and renders the page's frame around them
for each request (docs/public.md, Caching). That render and the middleware around it cost about 3.5 ms of CPU per
page while a tournament hall reloads the same standings. ``WholePages`` (placed early in ``MIDDLEWARE``) keeps, per
process, the finished bytes of a page that was served from those fragments, with a placeholder where the
language form's CSRF token goes, and answers the next anonymous request for the same page from them.

**Key.** The fragment key of ``cache.page_key`` (path, canonical query, language, the version read for this
request), plus the full path (the language form returns to it), the minute (the live line's "As of" time) and,
for a page with per-request parts (a player's rank), the tournament's data version. The version is read from the
database on every request, as before: one statement; nothing is cached across it, so a result shows on the very
next reload exactly as the fragment cache guarantees (docs/public.md).

**Who.** Only a GET without a session cookie (so nobody logged in: a director always gets the whole chain and his
own header), with a well-formed CSRF cookie (a first visit goes through the chain, which sets the cookie), without
a ``messages`` cookie or an htmx request. Anything else, and every page not stored yet, goes the normal way.

**Answer.** The stored headers (Content-Type, Content-Language, Vary, ETag-less) with this browser's masked CSRF
token in the placeholder, ``X-Public-Cache: page`` and the ``ETag`` of ``cache.entity_tag``; a matching
``If-None-Match`` is answered 304. The CSRF cookie is not renewed on these answers (it lasts
``CSRF_COOKIE_AGE``, a year; every page that is rendered renews it).
"""

import string
import threading
import time
from collections import OrderedDict

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.csrf import CSRF_SECRET_LENGTH, get_token
from django.urls import Resolver404, resolve
from django.utils.translation import get_language_from_request

from tournament.public import cache
from tournament.public import query as public_query

KEPT = 256                                  # whole pages per process (the oldest used first out)
PLACEHOLDER = "P" * 64                      # as long as a masked CSRF token: Content-Length stays right
TAG_PLACEHOLDER = "T" * 24                  # the ETag's digest in the live line (templates/public/_live.html)
HEADER_VALUE = "page"
SKIPPED_HEADERS = {"set-cookie", "etag", "content-length", cache.HEADER.lower()}
_ALPHABET = frozenset(string.ascii_letters + string.digits)
_pages, _lock = OrderedDict(), threading.Lock()


class WholePages:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        found = self.lookup(request)
        if found is None:
            return self.get_response(request)
        full_key, etag, csrf = found
        with _lock:
            page = _pages.get(full_key)
            if page is not None:
                _pages.move_to_end(full_key)
        if page is not None:
            return answer(request, page, etag, csrf)
        request.public_token_placeholder = PLACEHOLDER
        response = self.get_response(request)
        if (response.status_code == 200 and response.get(cache.HEADER) == "hit" and not response.streaming
                and PLACEHOLDER.encode() in response.content):
            headers = [(name, value) for name, value in response.items() if name.lower() not in SKIPPED_HEADERS]
            page = (headers, response.content.replace(etag.strip('"').encode(), TAG_PLACEHOLDER.encode()))
            with _lock:
                _pages[full_key] = page
                while len(_pages) > KEPT:
                    _pages.popitem(last=False)
            response.content = fill(page[1], request, csrf, etag)
        return response

    def lookup(self, request):
        """``(full key, ETag, CSRF secret)`` of the whole page this request may be answered with, or None."""
        cookies = request.COOKIES
        if (request.method != "GET" or settings.SESSION_COOKIE_NAME in cookies or "messages" in cookies
                or "HX-Request" in request.headers):
            return None
        csrf = cookies.get(settings.CSRF_COOKIE_NAME, "")
        if len(csrf) != CSRF_SECRET_LENGTH or not _ALPHABET.issuperset(csrf):
            return None
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        spec = getattr(match.func, "public_page", None)
        if spec is None:
            return None
        scope, params, per_request = spec
        version = cache.read_version(scope, match.kwargs)
        if version is None:
            return None
        request.public_version = version            # the view's ``cache.cached`` reads it from here
        language = get_language_from_request(request)
        key = cache.page_key(request.path, public_query.canonical(request.GET, params), language, version)
        data = version.data if per_request else None
        full_key = (key, data, request.get_full_path(), int(time.time() // 60))
        return full_key, cache.etag_for(key, version, per_request, csrf), csrf


def fill(content, request, csrf, etag):
    """The stored bytes with this browser's masked CSRF token and the page's ETag."""
    request.META["CSRF_COOKIE"] = csrf
    content = content.replace(TAG_PLACEHOLDER.encode(), etag.strip('"').encode())
    return content.replace(PLACEHOLDER.encode(), get_token(request).encode(), 1)


def answer(request, page, etag, csrf):
    headers, content = page
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(fill(content, request, csrf, etag))
        response[cache.HEADER] = HEADER_VALUE
    for name, value in headers:
        if response.status_code == 200 or name.lower() != "content-type":
            response[name] = value
    response["ETag"] = etag
    return response

"""Stored API answers before the middleware chain (``StoredAnswers``, right after ``page_cache.WholePages``).

An API client that polls (a club's widget, the hall's big screen) asks the same URL again and again; while its
version is unchanged the answer is a 304, and after a change the bytes are in the cache after the first request.
Neither needs sessions, CSRF, auth, messages or DRF's dispatch: ``PublicAPIView.early`` reads the version (the one
statement every answer costs), and answers 304 or the stored bytes with the headers the view sets (ETag, CORS,
``X-Public-Cache: hit``). The rate limit counts these too; a client over it, a miss and everything else goes the
normal way. docs/load.md, "API clients", has the measurements."""

from django.urls import Resolver404, resolve

from tournament.public import ratelimit
from tournament.public.api.views import PublicAPIView

PREFIX = "/api/v1/"


class StoredAnswers:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "GET" and request.path_info.startswith(PREFIX):
            try:
                match = resolve(request.path_info)
            except Resolver404:
                return self.get_response(request)
            view = getattr(match.func, "view_class", None)
            if isinstance(view, type) and issubclass(view, PublicAPIView) and view.scope:
                response = view.early(request, match.kwargs)
                if response is not None and not ratelimit.api_over_limit(request):
                    return response
        return self.get_response(request)

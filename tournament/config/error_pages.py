"""The app's own "page not found" and "server error" pages, in the visitor's language, with DEBUG on as off
(docs/public.md, "Not found"): players of an unpublished tournament, a mistyped address or a stale link see the
app's page, never Django's debug page with the site's URL list (``make run`` is the demo a club shows).

With DEBUG off Django renders ``templates/404.html`` itself (``handler404``); ``server_error`` renders
``templates/500.html`` from a plain context, because a failing request may be what broke. With DEBUG on,
``AppErrorPages`` (after ``CommonMiddleware``, so a missing slash still redirects) answers an address that
resolves to nothing and a view's ``Http404`` with the same page; a crash of a public page (not the office, the
admin, the sign-in or the exports) gets the app's 500 page too, its traceback logged as always. The office keeps
Django's debug traceback for the developer."""

import logging
import sys

from django.conf import settings
from django.http import Http404, HttpResponseServerError
from django.template import loader
from django.urls import Resolver404, resolve
from django.views import defaults

logger = logging.getLogger("django.request")
STAFF_PREFIXES = ("/leitung/", "/admin/", "/konto/", "/eingabe/", "/export/")


def server_error(request, template_name="500.html"):
    """``handler500``: the app's page from a plain context (no database, no request data)."""
    try:
        html = loader.get_template(template_name).render({"STATIC_URL": settings.STATIC_URL})
    except Exception:   # the page itself must never fail: a line of text then
        html = "<h1>Server Error (500)</h1>"
    return HttpResponseServerError(html)


class AppErrorPages:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.DEBUG:
            try:
                resolve(request.path_info, getattr(request, "urlconf", None))
            except Resolver404 as exc:
                return defaults.page_not_found(request, exc)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not settings.DEBUG:
            return None         # Django's own handlers render the same templates
        if isinstance(exception, Http404):
            return defaults.page_not_found(request, exception)
        if request.path.startswith(STAFF_PREFIXES):
            return None         # the developer's traceback in the office
        logger.error("Internal Server Error: %s", request.path, exc_info=sys.exc_info(),
                     extra={"status_code": 500, "request": request})
        return server_error(request)

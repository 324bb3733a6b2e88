"""The API's views: DRF ``APIView`` s without authentication (the API is public and read-only), each stored under the
data version of what it shows, exactly like the public pages (``public.cache``, docs/public.md "Caching").

A request reads the version of its scope (one statement); an ``If-None-Match`` naming the answer's ``ETag`` is a
304 right there; otherwise the JSON bytes come from the cache alias ``public`` under (path, the parameters read,
language, version), or are built once per change (``flight``: one thread per process) and stored. An unpublished
tournament has no version: 404 before anything is read. Every answer is open to every origin for GET
(``Access-Control-Allow-Origin: *``, no credentials: the API reads no session or login, only the language
cookie as the pages do) and counted against the client
address's rate (``AddressRate``, ``CEGO_API_RATE`` a minute)."""

from django.http import HttpResponse, HttpResponseNotModified
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import get_language, get_language_from_request
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from tournament.common import params
from tournament.public import cache as public_cache
from tournament.public import query as public_query
from tournament.public import ratelimit
from tournament.public.api import data
from tournament.public.api import serializers as shapes

FORMAT = 1                  # part of every key: raise it when an answer's shape changes
CORS = {"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Headers": "If-None-Match", "Access-Control-Expose-Headers": "ETag",
        "Access-Control-Max-Age": "86400"}
ID = OpenApiParameter("id", OpenApiTypes.INT64, OpenApiParameter.PATH,
                      description="The id (a number below 2^63; anything else is a 404).")
CATEGORY = OpenApiParameter(params.CATEGORY, str, description="Only this category (a key of ``categories``), "
                            "ranked within it; unknown keys show everyone.")


class AddressRate(BaseThrottle):
    """``CEGO_API_RATE`` requests a minute per client address (``public.ratelimit``); over it a 429."""

    def allow_request(self, request, view):
        return not ratelimit.api_over_limit(request)

    def wait(self):
        return ratelimit.API_WINDOW


def not_modified(etag):
    response = HttpResponseNotModified()
    response["ETag"] = etag
    return response


def stored(body, etag, state):
    response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    response["Cache-Control"] = "public, no-cache"      # keep it, but ask (If-None-Match) before using it
    response["Vary"] = "Accept-Language, Cookie"        # the language (category labels) from either
    response[public_cache.HEADER] = state
    return response


def with_cors(response):
    for name, value in CORS.items():
        response[name] = value
    return response


class CsrfChecked:
    """DRF exempts its views from Django's CSRF check and leaves it to its session authentication, which a public
    API without authentication does not run: this one keeps Django's check, so a POST without the token is a 403
    like everywhere else (tests/security/test_csrf_everywhere.py), and only the phone's API stays exempt."""

    @classmethod
    def as_view(cls, **initkwargs):
        view = super().as_view(**initkwargs)
        view.csrf_exempt = False
        return view


class PublicAPIView(CsrfChecked, APIView):
    """Base of the API's views: ``scope`` (``public.cache.VERSIONS``), ``params`` read, ``shape`` (a serializer);
    ``build(version, **kwargs)`` returns the answer's dict (None: 404)."""

    scope = None
    params = ()
    shape = None
    dated = False               # the answer depends on today (a season's next day): the date joins the key
    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (AddressRate,)
    renderer_classes = (JSONRenderer,)
    http_method_names = ["get", "head", "options"]

    @classmethod
    def lookup(cls, query, path, language, kwargs):
        """``(version, query pairs, key, ETag)`` of the answer for this URL and language; None: a 404."""
        version = public_cache.read_version(cls.scope, kwargs)
        if version is None:
            return None
        pairs = public_query.canonical(query, cls.params)
        key = f"api:{FORMAT}:" + public_cache.digest((
            path, urlencode(pairs), language, version.key,
            timezone.localdate().isoformat() if cls.dated else None))
        return version, pairs, key, f'"{public_cache.digest(key)}"'

    @classmethod
    def early(cls, request, kwargs):
        """The answer when it needs no view (``early.StoredAnswers``, before sessions, CSRF, auth and DRF): a 304
        for the current ``ETag`` or the stored bytes, with the headers the view would set; else None."""
        found = cls.lookup(request.GET, request.path, get_language_from_request(request), kwargs)
        if found is None:
            return None
        _version, _pairs, key, etag = found
        if request.headers.get("If-None-Match") == etag:
            return with_cors(not_modified(etag))
        body = public_cache.store().get(key)
        return None if body is None else with_cors(stored(body, etag, "hit"))

    def get(self, request, **kwargs):
        found = self.lookup(request.query_params, request.path, get_language(), kwargs)
        if found is None:
            raise NotFound
        version, pairs, key, etag = found
        if request.headers.get("If-None-Match") == etag:
            return not_modified(etag)
        body, state = public_cache.store().get(key), "hit"
        if body is None:
            with public_cache.flight(key) as leader:
                if not leader:
                    body = public_cache.store().get(key)
            if body is None:
                body, state = self.render(version, dict(pairs), kwargs), "miss"
                public_cache.store().set(key, body, public_cache.TIMEOUT)
        return stored(body, etag, state)

    def render(self, version, query, kwargs):
        """The answer's JSON bytes. The dict is rendered as it is: ``shape`` describes it for the schema, and
        ``tests/public/test_api_schema.py`` checks that every answer is exactly what its serializer would make of
        it — running the serializer over 300 rows cost 6 ms per change and process, the rendering 0.8 ms."""
        answer = self.build(version, query, **kwargs)
        if answer is None:
            raise NotFound
        return JSONRenderer().render(answer)

    def finalize_response(self, request, response, *args, **kwargs):
        return with_cors(super().finalize_response(request, response, *args, **kwargs))


class Seasons(PublicAPIView):
    """Every season with a published day, newest first."""
    scope = "seasons"
    shape = shapes.SeasonSummarySerializer

    @extend_schema(responses=shapes.SeasonSummarySerializer(many=True), summary="Seasons")
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)

    def render(self, version, query, kwargs):
        return JSONRenderer().render(data.seasons())


class Season(PublicAPIView):
    """A season: its published days (date, venue, host, state, registration link), categories and next day."""
    scope = "season"
    shape = shapes.SeasonSerializer
    dated = True

    @extend_schema(responses=shapes.SeasonSerializer, parameters=[ID], summary="A season and its days")
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)

    def build(self, version, query, pk):
        return data.season(pk)


class SeasonStandings(PublicAPIView):
    """The season standings over its published days, as the public season page shows them."""
    scope = "season"
    params = (params.CATEGORY, "kategorie")
    shape = shapes.SeasonStandingsSerializer

    @extend_schema(responses=shapes.SeasonStandingsSerializer, parameters=[ID, CATEGORY], summary="Season standings")
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)

    def build(self, version, query, pk):
        return data.season_standings(pk, query.get(params.CATEGORY))


class Tournament(PublicAPIView):
    """A tournament day: date, start, venue, host, state, registration link."""
    scope = "tournament"
    shape = shapes.DaySerializer

    @extend_schema(responses=shapes.DaySerializer, parameters=[ID], summary="A tournament day")
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)

    def build(self, version, query, pk):
        return data.tournament(pk)


class Standings(PublicAPIView):
    """A day's standings: the public standings page's rows (Cego and Offiziers-Cego; a Ziege evening is a 404)."""
    scope = "tournament"
    params = (params.CATEGORY, "kategorie")
    shape = shapes.StandingsSerializer

    @extend_schema(responses=shapes.StandingsSerializer, parameters=[ID, CATEGORY], summary="Standings of a day")
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)

    def build(self, version, query, pk):
        return data.standings(pk, version, query.get(params.CATEGORY))


class Rounds(PublicAPIView):
    """Every drawn round of a day with its tables and seats: “where do I sit” for everyone."""
    scope = "setup"
    shape = shapes.RoundsSerializer

    @extend_schema(responses=shapes.RoundsSerializer, parameters=[ID], summary="Tables of each round")
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)

    def build(self, version, query, pk):
        return data.rounds(pk)


class Player(PublicAPIView):
    """A player's published days, with rank and total of each."""
    scope = "history"
    shape = shapes.PlayerSerializer

    @extend_schema(responses=shapes.PlayerSerializer, parameters=[ID], summary="A player's days")
    def get(self, request, **kwargs):
        return super().get(request, **kwargs)

    def build(self, version, query, pk):
        return data.player(pk, version)

"""Ids beyond 64 bits are a 404 everywhere (``tournament/config/converters.py``).

Every URL pattern of the app is walked through Django's resolver; each one with an id parameter is requested with
2^63 (one more than a BIGINT holds) and 10^30 in that parameter — anonymously and as a superuser, GET and POST —
and must answer 404, never 500 (before the ``id`` converter, 13 public patterns raised OverflowError). Ordinary
ids, and 2^63 − 1 itself, still reach their views."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter

from tests import factories
from tournament.config.converters import ID_MAX, IdConverter

HUGE = (2**63, 10**30)
PARAM = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


def routes(patterns=None, prefix=""):
    """(route, converters) of every route-style pattern, ``route`` with its include prefixes."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = getattr(entry.pattern, "_route", None)
        if route is None:       # a regex pattern (the admin's own): no converters to check
            if isinstance(entry, URLResolver):
                yield from routes(entry.url_patterns, prefix + "<regex>")
            continue
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, prefix + route)
        elif isinstance(entry, URLPattern):
            yield prefix + route, entry.pattern.converters


NUMBERS = ("id", "int")


def id_routes():
    """Routes with a number parameter (``id``, or Django's ``int`` should one come back)."""
    return [route for route, converters in routes()
            if "<regex>" not in route and any(isinstance(c, (IdConverter, IntConverter)) for c in converters.values())]


def fill(route, values):
    """``route`` with each parameter replaced: ``values(name, converter)`` gives the text."""
    return "/" + PARAM.sub(lambda m: values(m["name"], m["converter"] or "str"), route)


def other(name, converter):
    return {"uuid": str(uuid.uuid4()), "slug": "pdf", "path": "x"}.get(converter, "x")


def test_every_number_in_a_route_is_an_id():
    """No pattern of ours keeps Django's unbounded ``int`` converter; the walk sees the app's id routes."""
    unbounded = [route for route, converters in routes()
                 if any(isinstance(c, IntConverter) and not isinstance(c, IdConverter) for c in converters.values())]
    assert unbounded == []
    found = id_routes()
    assert len(found) >= 60
    assert "/turnier/<id:pk>/spieler/<id:entry_pk>/" in [fill(r, lambda n, c: f"<{c}:{n}>") for r in found]


def test_converter_bounds():
    converter = IdConverter()
    assert converter.to_python("0") == 0
    assert converter.to_python(str(ID_MAX)) == ID_MAX
    with pytest.raises(ValueError):
        converter.to_python(str(ID_MAX + 1))
    assert not re.fullmatch(converter.regex, "1" * 20)
    assert reverse("public:player", kwargs={"pk": 3, "entry_pk": ID_MAX}) == f"/turnier/3/spieler/{ID_MAX}/"


@pytest.mark.django_db
@pytest.mark.parametrize("huge", HUGE)
def test_huge_ids_are_404_never_500(huge):
    t, round_ = factories.drawn()
    table = round_.tables.first()
    ordinary = {"pk": t.pk, "number": 1, "table": table.number, "table_number": table.number, "round_pk": round_.pk}
    anonymous = Client(raise_request_exception=False)
    director = Client(raise_request_exception=False)
    director.force_login(factories.staff())
    failures = []
    for route in id_routes():
        names = [m["name"] for m in PARAM.finditer(route) if m["converter"] in NUMBERS]
        # every id parameter huge at once, and each alone beside ordinary values for the others
        variants = [set(names)] + ([{name} for name in names] if len(names) > 1 else [])
        for huge_names in variants:
            url = fill(route, lambda n, c, huge_names=huge_names: str(huge) if n in huge_names else
                       (str(ordinary.get(n, 1)) if c in NUMBERS else other(n, c)))
            for client, method in ((anonymous, "get"), (director, "get"), (director, "post")):
                status = getattr(client, method)(url).status_code
                if status != 404:
                    failures.append((method, url, status))
    assert failures == []


@pytest.mark.django_db
def test_largest_id_and_ordinary_ids_reach_their_views():
    t, round_ = factories.drawn(published=True)
    table = round_.tables.first()
    director = Client(raise_request_exception=False)
    director.force_login(factories.staff())
    anonymous = Client(raise_request_exception=False)
    ok = [
        (anonymous, reverse("public:tournament", kwargs={"pk": t.pk})),
        (anonymous, reverse("stats:tournament", kwargs={"pk": t.pk})),
        (director, reverse("director:tournament", kwargs={"pk": t.pk})),
        (director, reverse("director:round", kwargs={"pk": t.pk, "number": round_.number})),
        (director, reverse("entry:sheet", kwargs={"pk": table.pk})),
    ]
    assert [(url, client.get(url).status_code) for client, url in ok] == [(url, 200) for _, url in ok]
    largest = [reverse("public:tournament", kwargs={"pk": ID_MAX}),
               reverse("public:player", kwargs={"pk": t.pk, "entry_pk": ID_MAX}),
               reverse("director:round", kwargs={"pk": t.pk, "number": ID_MAX}),
               reverse("entry:sheet", kwargs={"pk": ID_MAX})]
    assert [(url, director.get(url).status_code) for url in largest] == [(url, 404) for url in largest]

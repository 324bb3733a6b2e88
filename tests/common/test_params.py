"""One query-parameter name per concept (``tournament.common.params``): every link and GET form of the templates
uses the listed names, views read them through ``params.get``, and the old names still work."""

import re
from pathlib import Path

import pytest
from django.core.cache import caches
from django.urls import reverse

from tests import factories
from tournament.common import params

ROOT = Path(__file__).resolve().parents[2]
NAMES = {value for name, value in vars(params).items() if name.isupper() and isinstance(value, str)}
LINK = re.compile(r'href="([^"]*\?[^"]*)"')
KEY = re.compile(r"(?:\?|&amp;|&)([a-z_]+)=")
GET_FORM = re.compile(r'<form[^>]*method="get"[^>]*>(.*?)</form>', re.S)
FIELD = re.compile(r'<(?:input|select|textarea)[^>]*\bname="([a-z_]+)"')


def test_old_names_are_aliases_of_the_new():
    query = {"kategorie": "women", "row": "4", "type": "entry", "lang": "en"}
    assert [params.get(query, n) for n in (params.CATEGORY, params.GAME, params.SHOW, params.LANGUAGE)] == [
        "women", "4", "entry", "en"]
    assert params.get({"category": "youth", "kategorie": "women"}, params.CATEGORY) == "youth"   # the new wins
    assert params.get({}, params.PAGE, 1) == 1 and set(params.OLD_NAMES.values()) <= NAMES
    assert not set(params.OLD_NAMES) & NAMES


def test_templates_link_and_ask_with_the_listed_names_only():
    used = {}
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        keys = {k for link in LINK.findall(text) for k in KEY.findall(link)}
        keys |= {k for form in GET_FORM.findall(text) for k in FIELD.findall(form)}
        for key in keys:
            used.setdefault(key, []).append(path.name)
    assert used, "the scan found no parameters at all"
    assert {k: v for k, v in used.items() if k not in NAMES} == {}


def test_views_read_parameters_through_params():
    offenders = []
    for path in (ROOT / "tournament").rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"request\.GET(\.get\(|\[)", line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}")
    assert offenders == []


@pytest.mark.django_db
def test_old_links_keep_working(client):
    t = factories.played(players=8, rounds=1)
    new = client.get(reverse("public:tournament", args=[t.pk]), {"category": "women"})
    for cache in caches.all():                       # the old name shares the new one's cache entry: render afresh
        cache.clear()
    old = client.get(reverse("public:tournament", args=[t.pk]), {"kategorie": "women"})
    assert new.context["category"] == old.context["category"] == "women"
    client.force_login(factories.staff())
    table = t.round_set.get().tables.order_by("number").first()
    for name in ("number", "row"):
        page = client.get(reverse("entry:sheet", args=[table.pk]), {name: 3})
        assert page.context["autofocus"] == 3, name
    for name in ("show", "type"):
        page = client.get(reverse("director:audit", args=[t.pk]), {name: "game"})
        assert page.context["kind"] == "game", name

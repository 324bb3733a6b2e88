"""Every public page is measured by an a11y test (issue 16): the URL names of the namespaces ``public``, ``stats`` and
``tariff`` and the players' table page ``phone:table`` are read from the URL resolver, and each must be in the
module-level ``COVERED`` set of a ``tests/e2e/test_a11y_*.py`` module (read with ``ast``, no browser, no import).

A new public page without an a11y test fails here; so does a name dropped from a ``COVERED`` set."""

import ast
from pathlib import Path

from django.urls import get_resolver
from django.urls.resolvers import URLPattern, URLResolver

E2E = Path(__file__).resolve().parent.parent / "e2e"
NAMESPACES = {"public", "stats", "tariff"}
ALSO = {"phone:table"}          # the phone's other names are JSON and service-worker endpoints, not pages


def url_names(patterns=None, namespace=""):
    """Every ``namespace:name`` the resolver knows."""
    names = set()
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            inner = ":".join(filter(None, [namespace, pattern.namespace])) if pattern.namespace else namespace
            names |= url_names(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            names.add(f"{namespace}:{pattern.name}" if namespace else pattern.name)
    return names


def pages():
    return {n for n in url_names() if n.split(":")[0] in NAMESPACES and n.count(":") == 1} | ALSO


def covered(folder=E2E):
    """The union of the ``COVERED = {...}`` sets of the a11y test modules, by module."""
    found = {}
    for path in sorted(folder.glob("test_a11y_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "COVERED" for t in node.targets):
                found[path.name] = set(ast.literal_eval(node.value))
    return found


def missing(names, by_module):
    return sorted(names - set().union(*by_module.values()))


def test_every_public_page_is_covered_by_an_a11y_test():
    names = pages()
    assert {"public:home", "public:season_ziege", "stats:tournament", "tariff:index", "phone:table"} <= names
    by_module = covered()
    assert missing(names, by_module) == [], "public pages without an a11y test (add them to a COVERED set)"
    stray = sorted(set().union(*by_module.values()) - names)
    assert stray == [], f"COVERED names the resolver does not know: {stray}"


def test_the_guard_fails_when_a_page_is_dropped():
    by_module = covered()
    module = next(m for m, names in by_module.items() if "public:season_ziege" in names)
    by_module[module] = by_module[module] - {"public:season_ziege"}
    assert missing(pages(), by_module) == ["public:season_ziege"]

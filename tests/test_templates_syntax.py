"""Every template is read the way Django reads it, and nothing meant for Django reaches a page as text.

Django's lexer only knows tags that open and close on one line: ``{# … #}``, ``{% … %}`` and ``{{ … }}`` written
over several lines are not tags but text, printed to every visitor (a developer's note at the top of every phone
page was exactly that). These tests read each template with Django's own ``Lexer`` and fail on a text token that
still holds a tag's opening or closing mark, on a ``{#`` without its ``#}`` on the same line, and on a template
that does not compile (an unknown tag or filter, a block left open).
"""

import re
from pathlib import Path

import pytest
from django.template import engines
from django.template.base import Lexer, TokenType

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = {".html", ".txt", ".xml", ".js", ".css", ".svg"}


def template_files():
    """Every template of the project: the top-level ``templates/`` and any app's ``templates/`` folder."""
    folders = [ROOT / "templates", *sorted((ROOT / "tournament").glob("**/templates"))]
    return sorted({path for folder in folders for path in folder.rglob("*")
                   if path.is_file() and path.suffix in SUFFIXES})


TEMPLATES = template_files()
IDS = [str(path.relative_to(ROOT)) for path in TEMPLATES]
# In text a browser shows (or a stylesheet or script reads), these only appear when a tag was not closed on its line.
# "}}" is left out: two braces closing nested blocks are ordinary CSS and JavaScript.
STRAY = re.compile(r"\{#|#\}|\{%|%\}|\{\{")


def stray_marks(source):
    """``[(line, text)]`` of the text tokens in ``source`` that still hold a tag's mark: what Django would print."""
    found = []
    for token in Lexer(source).tokenize():
        if token.token_type != TokenType.TEXT:
            continue
        for offset, line in enumerate(token.contents.split("\n")):
            if STRAY.search(line):
                found.append((token.lineno + offset, line.strip()[:120]))
    return found


def unclosed_comments(source):
    """``[(line, text)]`` of the lines with a ``{#`` that has no ``#}`` after it on the same line."""
    found = []
    for number, line in enumerate(source.split("\n"), start=1):
        for match in re.finditer(r"\{#", line):
            if "#}" not in line[match.end():]:
                found.append((number, line.strip()[:120]))
                break
    return found


def test_the_project_has_templates_to_check():
    assert len(TEMPLATES) > 100
    assert any(path.name == "_top.html" and path.parent.name == "phone" for path in TEMPLATES)


@pytest.mark.parametrize("path", TEMPLATES, ids=IDS)
def test_no_comment_runs_over_a_line(path):
    assert unclosed_comments(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", TEMPLATES, ids=IDS)
def test_no_tag_mark_left_in_the_text(path):
    assert stray_marks(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", [p for p in TEMPLATES if p.is_relative_to(ROOT / "templates")],
                         ids=[i for i, p in zip(IDS, TEMPLATES, strict=True) if p.is_relative_to(ROOT / "templates")])
def test_every_template_compiles(path):
    """An unknown tag or filter, or a block left open, fails here and not on the page that happens to use it."""
    name = str(path.relative_to(ROOT / "templates"))
    engines["django"].engine.get_template(name)


@pytest.mark.parametrize("source, lines", [
    ("<p>{# a note #}</p>", []),
    ("<p>{# a note that\n   runs over two lines #}</p>", [1]),
    ("{% if x %}\n{# fine #}{# open\n#}{% endif %}", [2]),
])
def test_the_comment_check_finds_a_comment_over_two_lines(source, lines):
    assert [number for number, _text in unclosed_comments(source)] == lines


@pytest.mark.parametrize("source, lines", [
    ("<p>{% translate 'Seat' %} {{ seat }}</p>", []),
    ("<p>{# The top of every table page\n  on a phone #}</p>", [1, 2]),
    ("<p>{% if a\n  %}x{% endif %}</p>", [1, 2]),
    ("<p>{{ seat\n }}</p>", [1]),
    ("<style>a { b: c; }}</style>", []),
])
def test_the_lexer_check_finds_what_django_would_print(source, lines):
    assert [number for number, _text in stray_marks(source)] == lines

"""Issue 16, the markup behind the browser test (tests/e2e/test_a11y_standings.py): the skip link is the first
thing of every page and leads to ``<main id="main">``; public pages follow the dark scheme, office pages (whose CSS
still has fixed colours) stay light; no font size of the shared stylesheets is in px."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db
STATIC = Path(__file__).resolve().parents[2] / "tournament"


def test_skip_link_first_and_the_colour_scheme_per_audience(client):
    factories.played(players=4, rounds=1)
    page = client.get(reverse("public:home")).content.decode()
    body = page.split('<body data-scheme="auto">', 1)[1].lstrip()
    assert body.startswith('<a class="skip-link" href="#main">')
    assert '<main class="wrap" id="main" tabindex="-1">' in page
    client.force_login(factories.staff())
    office = client.get(reverse("director:home")).content.decode()
    assert '<body data-scheme="light">' in office and 'href="#main"' in office


@pytest.mark.parametrize("path", ["static/tournament/site.css", "public/static/public/public.css"])
def test_font_sizes_follow_the_browser_setting(path):
    css = (STATIC / path).read_text(encoding="utf-8")
    assert re.findall(r"font-size:\s*[\d.]+px", css) == []
    small = [v for v in re.findall(r"font-size:\s*([\d.]+)r?em", css) if float(v) < 0.875]
    assert small == []                          # secondary text: 14 px at the default size, never less

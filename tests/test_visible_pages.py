"""Nothing shown that nobody meant to show: every page of the demo, as each audience sees it.

The demo season (``manage.py demo``: three Cego tournaments, one running; a Ziege and an Offiziers-Cego evening)
is built once for this module, with a dispute and a call open at a table of the running round and one answered.
Then each audience walks the site from its start pages with Django's test client, breadth first and bounded —
a visitor, a phone at a table (``/t/<token>/``) and each role of the demo (``leitung`` superuser, ``saison``
organiser, ``turnierleitung`` director, ``helfer`` entry helper; docs/roles.md) — and a page fails on:

* an answer of 500 or more, or a view that raises;
* text a reader sees (not inside script, style, template, textarea …) holding template syntax (``{#``, ``#}``,
  ``{%``, ``%}``, ``{{``, ``}}``), a word ``None``, ``undefined`` or ``NaN``, ``[object Object]`` or a
  traceback; the same in the words a screen reader or a tooltip says (``alt``, ``title``, ``aria-label``,
  ``placeholder``);
* a link of our own site, found on a page, that answers 404 (a link that leads nowhere).

The shared outside check (``../shared/tools/visible_check.py``) walks the same way as visitor, phone and superuser;
this is the project's own, with every role and both languages.
"""

import re
import time
from collections import deque
from html.parser import HTMLParser
from io import StringIO
from urllib.parse import urldefrag, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.management import call_command
from django.db import transaction
from django.test import Client

from tests import factories
from tournament.models import Round, TableLink, Tournament
from tournament.public import cache as public_cache
from tournament.table_entry import services as table_services

pytestmark = pytest.mark.django_db

JUNK = [
    ("template syntax", re.compile(r"\{#|#\}|\{%|%\}|\{\{|\}\}")),
    ("None shown", re.compile(r"(?<![\w-])None(?![\w-])")),
    ("undefined shown", re.compile(r"(?<![\w-])undefined(?![\w-])")),
    ("NaN shown", re.compile(r"(?<![\w-])NaN(?![\w-])")),
    ("object shown", re.compile(r"\[object Object\]")),
    ("traceback shown", re.compile(r"Traceback \(most recent call last\)|File \"/[^\"]+\.py\", line \d+")),
]
# Not walked: leaving the session, Django's admin (not ours), files (a PDF or workbook is rendered by its own
# tests) and the export downloads; the exports pages themselves (/export/turnier/N/, /export/saison/N/) are.
SKIP = re.compile(r"(abmelden|logout|/admin/|/i18n/|\.(pdf|xlsx|csv|json|zip|ics|png|svg|js|css|ico)$"
                  r"|/herunterladen|/backup|^/export/(?!(turnier|saison)/\d+/$))", re.I)
SPOKEN = ("alt", "title", "aria-label", "placeholder")
PAGES = 200              # per audience, a bound: one page of each shape comes first, and the demo has fewer shapes
REPEATS = 30             # per audience: pages of a shape seen already (another tournament, table, player …)
SECONDS = 90             # per audience, a bound for a slow machine; the pages reached are asserted


class Visible(HTMLParser):
    """The text a browser shows, the words it speaks (``SPOKEN`` attributes), and the links of a page."""

    HIDDEN = {"script", "style", "template", "noscript", "textarea", "title"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.text = []
        self.spoken = []
        self.links = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in self.HIDDEN:
            self.depth += 1
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if not self.depth:
            self.spoken.extend(attrs[name] for name in SPOKEN if attrs.get(name))

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.text.append(data)


def shape(url):
    """The kind of page: ids as N, a table link's token as T, the names of its query parameters."""
    path, _, query = url.partition("?")
    names = sorted(part.split("=")[0] for part in query.split("&") if part)
    return re.sub(r"/t/[^/]+/", "/t/T/", re.sub(r"\d+", "N", path)) + "?" + "&".join(names)


def junk_in(text):
    """``[(kind, snippet)]`` of what ``JUNK`` finds in ``text``."""
    text = re.sub(r"\s+", " ", text)
    found = []
    for kind, pattern in JUNK:
        match = pattern.search(text)
        if match:
            found.append((kind, text[max(0, match.start() - 60):match.end() + 60].strip()))
    return found


# complexity: the crawler's one loop: fetch, classify, queue
def walk(client, starts, *, lang="de", pages=PAGES, repeats=REPEATS, seconds=SECONDS):  # noqa: C901
    """Walk the site from ``starts`` breadth first, a page of a new shape before at most ``repeats`` more of
    known ones; the pages reached (path → status) and the findings ``(url, kind, snippet)``."""
    deadline = time.monotonic() + seconds
    seen, shapes, reached, findings = set(), set(), {}, []
    referrer = {}
    fresh, again = deque(starts), deque()

    def queue(href, source):
        if href in seen or SKIP.search(urlsplit(href).path):
            return
        referrer.setdefault(href, source)
        (again if shape(href) in shapes else fresh).append(href)

    while len(reached) < pages and time.monotonic() < deadline:
        if fresh:
            url = fresh.popleft()
            if url not in seen and shape(url) in shapes:      # its shape was reached since it was queued
                again.append(url)
                continue
        elif again and repeats > 0:
            url = again.popleft()
            repeats -= url not in seen
        else:
            break
        if url in seen:
            continue
        seen.add(url)
        shapes.add(shape(url))
        try:
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
        except Exception as exc:             # the test client re-raises an exception of the view
            findings.append((url, "exception", f"{type(exc).__name__}: {exc}"[:200]))
            continue
        reached[url] = response.status_code
        if response.status_code >= 500:
            findings.append((url, f"status {response.status_code}", ""))
            continue
        if response.status_code == 404 and url in referrer:
            findings.append((url, "link leads nowhere (404)", f"linked from {referrer[url]}"))
            continue
        if response.status_code in (301, 302, 303, 307, 308):
            target = urldefrag(response.headers.get("Location", ""))[0]
            if target.startswith("/"):
                queue(target, url)
            continue
        if "html" not in response.headers.get("Content-Type", ""):
            continue
        page = Visible()
        page.feed(response.content.decode("utf-8", "replace"))
        findings += [(url, kind, snippet) for kind, snippet in junk_in(" ".join(page.text))]
        findings += [(url, f"{kind} (spoken)", snippet) for kind, snippet in junk_in(" | ".join(page.spoken))]
        for href in page.links:
            href = urldefrag(href)[0]
            parts = urlsplit(href)
            if not (parts.scheme or parts.netloc) and href.startswith("/"):
                queue(href, url)
    return reached, findings


def report(findings):
    return "\n".join(f"{url}  {kind}: {snippet}" for url, kind, snippet in findings[:40])


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """The demo season, with an open dispute, an open call and an answered call at tables of the running round;
    rolled back after the module. Start paths for the phones: a few table links of every round of every game."""
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("demo", stdout=StringIO())
        running = Tournament.objects.get(status=Tournament.Status.RUNNING)
        round_ = running.round_set.exclude(status=Round.Status.LOCKED).get()
        links = list(TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
                     .select_related("table__round__tournament").order_by("table__number")[:3])
        first, second, third = (factories.table_phone(link, 0, f"visible-{k}") for k, link in enumerate(links))
        number = first.table.games.order_by("number").values_list("number", flat=True).first()
        if number is not None:
            table_services.dispute_game(access=first, number=number, note="Falsch gezählt, Spiel 1")
        table_services.call_director(access=second, note="Karte vertauscht")
        answered = table_services.call_director(access=third)
        table_services.resolve_flag(flag=answered, user=get_user_model().objects.get(username="leitung"),
                                    note="erledigt")
        phones = []
        for r in Round.objects.order_by("tournament__date", "number"):
            phones += [f"/t/{link.token}/" for link in
                       TableLink.objects.filter(table__round=r, revoked_at__isnull=True).order_by("table__number")[:2]]
        clear_caches()
        yield {"phones": phones, "tournament": running, "round": round_}
        transaction.set_rollback(True)
    clear_caches()


def clear_caches():
    """Pages stored under the demo's data versions go with it."""
    public_cache.store().clear()
    caches["default"].clear()


AUDIENCES = [("visitor", False, "de"), ("visitor", False, "en"), ("phone", False, "de"), ("leitung", True, "de"),
             ("leitung", True, "en"), ("saison", True, "de"), ("turnierleitung", True, "de"), ("helfer", True, "de")]


def own_pages(demo, who):
    """Pages each audience must reach with 200, so that a clean walk is not an empty one."""
    t, number = demo["tournament"], demo["round"].number
    office = f"/leitung/turnier/{t.pk}/runde/{number}/"
    return {"visitor": [f"/turnier/{t.pk}/", f"/saison/{t.season_id}/"],
            "phone": demo["phones"],
            "leitung": [office, office + "saal/", f"/leitung/turnier/{t.pk}/protokoll/"],
            "saison": [f"/leitung/saison/{t.season_id}/", office + "saal/"],
            "turnierleitung": [office, office + "saal/", f"/leitung/turnier/{t.pk}/anmeldungen/"],
            "helfer": [office]}[who]


@pytest.mark.parametrize("who, staff, lang", AUDIENCES, ids=[f"{w}-{lang}" for w, _s, lang in AUDIENCES])
def test_no_page_shows_what_nobody_meant_to_show(demo, who, staff, lang):
    if who == "phone":
        client, starts = Client(HTTP_USER_AGENT="Mozilla/5.0 (iPhone) Mobile"), demo["phones"]
    else:
        client, starts = Client(), ["/"]
    if staff:
        client.force_login(get_user_model().objects.get(username=who))    # the login page has its own tests
        office = f"/leitung/turnier/{demo['tournament'].pk}/"
        round_ = f"{office}runde/{demo['round'].number}/"
        starts = ["/leitung/", office, round_, round_ + "saal/", "/"]     # the running round (with its flags) first
    reached, findings = walk(client, starts, lang=lang)
    assert not findings, f"{len(findings)} finding(s) for {who} ({lang}):\n{report(findings)}"
    ok = {url for url, status in reached.items() if status == 200}
    assert len(ok) >= 25 or who == "phone", sorted(reached)
    assert set(own_pages(demo, who)) <= ok, sorted(set(own_pages(demo, who)) - ok)


@pytest.mark.parametrize("text, kinds", [
    ("Tisch 3 · Spiel 12", []),
    ("Spieler None hat gewonnen", ["None shown"]),
    ("{# The top of every table page on a phone", ["template syntax"]),
    ("Summe: NaN Punkte", ["NaN shown"]),
    ("[object Object]", ["object shown"]),
    ("Nonexistent, None-such, Nonett", []),
    ("Traceback (most recent call last): File \"/x/views.py\", line 3", ["traceback shown"]),
])
def test_the_junk_check_finds_what_it_should(text, kinds):
    assert [kind for kind, _snippet in junk_in(text)] == kinds


def test_hidden_text_is_not_visible_but_spoken_words_are_checked():
    page = Visible()
    page.feed('<p>Rang 1</p><script>let a = undefined;</script><textarea>None</textarea>'
              '<img alt="None"><a href="/x/" title="ok">weiter</a>')
    assert junk_in(" ".join(page.text)) == []
    assert [kind for kind, _s in junk_in(" ".join(page.spoken))] == ["None shown"]
    assert page.links == ["/x/"]

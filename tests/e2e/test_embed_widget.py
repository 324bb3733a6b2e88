"""A club's web page frames the live-standings widget (docs/api.md "Embedding"): a plain test page served from
another loopback origin (``http://127.0.0.1:8761``, listed on the season) shows the widget, and ``public/embed.js``
sizes the iframe to the widget's content; the same page from an origin the organiser did not list
(``http://127.0.0.1:8762``) gets the frame refused by the browser (``frame-ancestors``). Screenshot:
``/tmp/embed_widget.png``."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.urls import reverse

from tests import factories
from tests.browser import screenshot
from tournament.models import Season

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
LISTED, OTHER = 8761, 8762          # this helper's loopback ports (two origins: the port is part of an origin)

CLUB_PAGE = """<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>FC Triberg</title></head>
<body style="font-family: serif; max-width: 40rem; margin: 1rem auto; background: #f4efe6">
<h1>FC Triberg — Neuigkeiten</h1><p>Heute spielen wir Cego in der Festhalle. Der Stand:</p>
<iframe id="widget" data-cego-embed src="{widget}" title="Live-Rangliste" style="width:100%;border:0"></iframe>
<p id="after">Text unter dem Widget.</p>
<script src="{script}" async></script></body></html>"""


def club_site(port, body):
    class Page(BaseHTTPRequestHandler):
        def do_GET(self):       # noqa: N802 (the standard library's name)
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def club_pages(live_server):
    t, round_ = factories.seated(players=12, published=True, name="Schwarzwaldmeisterschaft Triberg")
    for table in round_.tables.all():
        factories.play_table(table, games=3)
    Season.objects.filter(pk=t.season_id).update(embed_origins=f"http://127.0.0.1:{LISTED}")
    body = CLUB_PAGE.format(widget=live_server.url + reverse("embed:standings", args=[t.pk]) + "?rows=8",
                            script=live_server.url + "/static/public/embed.js")
    servers = [club_site(LISTED, body), club_site(OTHER, body)]
    yield t
    for server in servers:
        server.shutdown()
        server.server_close()


def open_club_page(browser, port):
    context = browser.new_context(viewport={"width": 1000, "height": 900}, locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.goto(f"http://127.0.0.1:{port}/")
    return page


def test_a_listed_site_shows_the_widget_sized_to_its_content(browser, club_pages):
    page = open_club_page(browser, LISTED)
    try:
        frame = page.frame_locator("#widget")
        frame.locator("h1").get_by_text("Schwarzwaldmeisterschaft Triberg").wait_for()
        assert frame.locator("tbody tr").count() == 8
        assert frame.locator("thead").get_by_text("Platz").count() == 1         # the site's language
        page.wait_for_function("document.getElementById('widget').style.height !== ''")
        inner = page.frames[1].evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
        outer = page.evaluate("document.getElementById('widget').getBoundingClientRect().height")
        assert inner > 250 and abs(outer - inner) <= 2, (inner, outer)           # no scrolling inside the frame
        assert page.frames[1].evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
        screenshot(page, "/tmp/embed_widget.png", full_page=True)
        assert not page.errors, page.errors
    finally:
        page.context.close()


def test_a_site_not_listed_gets_the_frame_refused(browser, club_pages):
    page = open_club_page(browser, OTHER)
    try:
        page.wait_for_load_state("load")
        page.wait_for_timeout(500)
        widget = next(f for f in page.frames if f != page.main_frame)
        assert widget.evaluate("document.getElementById('embed-main')") is None    # blocked: an error page
        assert page.evaluate("document.getElementById('widget').style.height") == ""   # nothing posted a height
    finally:
        page.context.close()

"""The Content-Security-Policy (docs/production.md, "Content-Security-Policy, cache and password reset").

The attack it closes: a stored payload that slips past escaping runs as inline script or style. With the policy
only our static files and elements carrying the request's nonce may run or style, so every page is checked twice:
the header is there and strict, and the HTML has no inline script, ``<style>``, ``style=""`` or ``on*=`` handler
without the nonce — every page the permission matrix reaches, anonymously and as a superuser and a director.
Chromium's own verdict on the main pages is ``test_no_violation_in_chromium`` in tests/e2e/test_csp.py.
"""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.security.matrix import classified

pytestmark = pytest.mark.django_db

EXECUTABLE = {"", "text/javascript", "application/javascript", "module"}


def policy(response):
    """The directives of the response's CSP header as {name: [values]}."""
    header = response.get("Content-Security-Policy")
    assert header, "no Content-Security-Policy header"
    directives = {}
    for part in header.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


class InlineFinder(HTMLParser):
    """Collects what the policy would block: inline scripts and styles without ``nonce``, style and on* attributes."""

    def __init__(self, nonce):
        super().__init__(convert_charrefs=True)
        self.nonce, self.found = nonce, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}=…>")
        if tag == "a" and (attrs.get("href") or "").strip().lower().startswith("javascript:"):
            self.found.append("<a href=javascript:…>")
        nonced = self.nonce and attrs.get("nonce") == self.nonce
        if tag == "script" and "src" not in attrs and (attrs.get("type") or "").lower() in EXECUTABLE and not nonced:
            self.found.append("<script> inline without the nonce")
        if tag == "style" and not nonced:
            self.found.append("<style> without the nonce")

    handle_startendtag = handle_starttag


def inline_violations(response):
    directives = policy(response)
    nonces = [v[len("'nonce-"):-1] for v in directives.get("script-src", []) if v.startswith("'nonce-")]
    finder = InlineFinder(nonces[0] if nonces else None)
    finder.feed(response.content.decode())
    return finder.found


def test_the_policy_is_strict(client):
    directives = policy(client.get(reverse("tariff:index")))
    assert directives["default-src"] == ["'self'"]
    for name in ("script-src", "style-src"):
        assert "'self'" in directives[name]
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "data:"} & set(directives[name]), name
    assert directives["object-src"] == ["'none'"] and directives["base-uri"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"] and directives["form-action"] == ["'self'"]
    assert directives["img-src"] == ["'self'", "data:"] and directives["connect-src"] == ["'self'"]
    assert directives["worker-src"] == ["'self'"]


def test_a_nonce_used_by_a_page_is_in_the_header_and_new_for_each_request(rf):
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse

    nonces = []
    for _ in range(2):
        request = rf.get("/")
        response = CSPMiddleware(lambda r: HttpResponse(f'<script nonce="{r.csp_nonce}"></script>'))(request)
        nonce = str(request.csp_nonce)
        assert f"'nonce-{nonce}'" in policy(response)["script-src"]
        assert f"'nonce-{nonce}'" in policy(response)["style-src"]
        nonces.append(nonce)
    assert nonces[0] != nonces[1]


def test_the_finder_finds_what_the_policy_blocks():
    """The check below must be able to fail: each of these would be blocked."""
    page = ('<p style="color:red">x</p><img src=x onerror=alert(1)><script>alert(1)</script>'
            '<style>p{}</style><a href="javascript:alert(1)">x</a><script nonce="wrong">1</script>')
    finder = InlineFinder("right")
    finder.feed(page)
    assert len(finder.found) == 6
    finder = InlineFinder("right")
    finder.feed('<script src="/static/x.js"></script><script type="application/json">{}</script>'
                '<script nonce="right">1</script><style nonce="right">p{}</style>')
    assert finder.found == []


@pytest.mark.parametrize("role", ["anonymous", "director", "superuser"])
def test_no_page_has_inline_script_or_style_without_the_nonce(client, matrix_world, role):
    if role != "anonymous":
        client.force_login(matrix_world.users[role])
    pages, bad = 0, []
    for name, (args, _expected) in sorted(classified().items()):
        url = reverse(name, args=args(matrix_world))
        response = client.get(url)
        if response.status_code != 200:
            continue
        policy(response)
        if not response.get("Content-Type", "").startswith("text/html"):
            continue
        pages += 1
        found = inline_violations(response)
        if found:
            bad.append(f"{name} ({url}): {sorted(set(found))}")
    assert pages >= (15 if role == "anonymous" else 35)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("status_url", ["/gibt-es-nicht/", "/leitung/"])
def test_error_and_redirect_answers_carry_the_policy_too(client, status_url):
    response = client.get(status_url)
    assert response.status_code in (302, 404)
    assert "default-src" in policy(response)


# Chromium's verdict: the main pages of each audience load, run their scripts (the hall's polling, the phone's
# service worker, the sheet) and report no violation of the policy, neither as an event nor on the console.
BROWSER_PAGES = [
    ("anonymous", "public:home", lambda w: []),
    ("anonymous", "public:tournament", lambda w: [w.t.pk]),
    ("anonymous", "public:player", lambda w: [w.t.pk, w.entry.pk]),
    ("anonymous", "public:preregister", lambda w: [w.t.pk]),
    ("anonymous", "stats:tournament", lambda w: [w.t.pk]),
    ("anonymous", "stats:player", lambda w: [w.t.pk, w.entry.pk]),
    ("anonymous", "tariff:detail", lambda w: ["schwarzwald"]),
    ("anonymous", "login", lambda w: []),
    ("anonymous", "phone:table", lambda w: [w.link.token]),
    ("superuser", "director:tournament", lambda w: [w.t.pk]),
    ("superuser", "director:entries", lambda w: [w.t.pk]),
    ("superuser", "director:round", lambda w: [w.t.pk, 1]),
    ("superuser", "director:hall", lambda w: [w.t.pk, 1]),
    ("superuser", "director:standings", lambda w: [w.t.pk]),
    ("superuser", "director:prizes", lambda w: [w.t.pk]),
    ("superuser", "director:season_standings", lambda w: [w.season.pk]),
    ("superuser", "director:category", lambda w: [w.season.pk, w.category.pk]),
    ("superuser", "entry:sheet", lambda w: [w.table.pk]),
    ("superuser", "entry:totals", lambda w: [w.table.pk]),
    ("superuser", "exports:tournament", lambda w: [w.t.pk]),
    ("superuser", "admin:index", lambda w: []),
]
LISTEN = """window.__csp = [];
document.addEventListener("securitypolicyviolation",
  e => window.__csp.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));"""


@pytest.mark.django_db(transaction=True)
def test_no_violation_in_chromium(live_server, browser, client, matrix_world, monkeypatch):
    from tournament.office.views import hall
    monkeypatch.setattr(hall, "POLL_SECONDS", 1)
    client.force_login(matrix_world.users["superuser"])
    session = client.cookies["sessionid"].value
    violations = []
    for role in ("anonymous", "superuser"):
        context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
        context.set_default_timeout(10_000)
        if role == "superuser":
            context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
        context.add_init_script(LISTEN)
        page = context.new_page()
        console = []
        page.on("console", lambda m, c=console: c.append(m.text) if "Content Security Policy" in m.text else None)
        for who, name, args in BROWSER_PAGES:
            if who != role:
                continue
            url = reverse(name, args=args(matrix_world))
            response = page.goto(live_server.url + url)
            assert response.status == 200, (name, response.status)
            page.wait_for_load_state("networkidle")
            if name == "director:hall":
                page.wait_for_timeout(1500)             # one poll of the live part
            found = page.evaluate("window.__csp") + console
            violations += [f"{name} ({url}): {v}" for v in found]
            console.clear()
        if role == "anonymous":                         # the phone page registered its service worker
            assert page.evaluate("navigator.serviceWorker ? navigator.serviceWorker.getRegistrations()"
                                 ".then(r => r.length) : -1") != 0
        context.close()
    assert not violations, "\n".join(violations)

"""Stored XSS: a payload in every text field a user (or a phone) can type, then every page of the URL resolver opened
in headless Chromium — as a visitor, then as the superuser — with ``alert``/``confirm``/``prompt`` hooked.

A page fails when a dialog fires, when the DOM holds anything a payload could have built (an ``on…`` attribute or
a ``javascript:`` link that names ``alert``, a script that calls it, a JSON block that no longer parses) — so a
broken escape fails even if a Content-Security-Policy later stopped the script — and every payload must be seen
as plain text on some page, so a field that vanished from every page cannot pass by hiding its payload.
The pages and their arguments come from the permission matrix (``tests/security/matrix.py`` ``MATRIX``), so a new view
is attacked as soon as it is classified there.
"""

import itertools
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.security.matrix import classified
from tournament.models import (
    Adjustment,
    AuditLog,
    Category,
    ExportJob,
    Game,
    Player,
    PlayerAlias,
    PreRegistration,
    Round,
    Season,
    Signature,
    Table,
    TableFlag,
    Team,
    Tournament,
)
from tournament.results import services as results
from tournament.seasons import services as seasons

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PAYLOADS = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "</textarea><svg onload=alert(3)>",
    "'-alert(4)-'",
    "{{7*7}}{% now 'Y' %}",
    "javascript:alert(6)",
    "</script><script>alert(7)</script>",
    "' onmouseover='alert(8)' x='",
    '<a href="javascript:alert(9)">x</a>',
)
# Files and redirects, not pages (the exports' own tests read the files)
NOT_PAGES = {"director:import_template", "exports:tournament_download", "exports:round_download",
             "exports:table_download", "exports:season_download", "exports:job_file", "phone:service_worker",
             "admin:jsi18n", "admin:autocomplete", "phone:state", "api:schema",      # the schema: a YAML file
             "public:season_calendar_ics"}                                         # the iCal feed: a file

HOOK = """
window.__dialogs = [];
for (const name of ["alert", "confirm", "prompt", "print"]) {
  window[name] = (...args) => { window.__dialogs.push(name + ":" + args.join(",")); return null; };
}
"""

# What a payload could have built in the DOM; empty on a safe page.
DOM_CHECK = """() => {
  const bad = [];
  for (const el of document.querySelectorAll("*")) {
    for (const a of el.attributes) {
      if (a.name.startsWith("on") && /alert/.test(a.value)) bad.push(`${el.tagName} ${a.name}=${a.value}`);
      if (/^(href|src|action|formaction|xlink:href)$/.test(a.name) && /^\\s*javascript:/i.test(a.value))
        bad.push(`${el.tagName} ${a.name}=${a.value}`);
    }
  }
  for (const s of document.querySelectorAll("script")) {
    if (s.type === "application/json") {
      try { JSON.parse(s.textContent); } catch (e) { bad.push(`json_script ${s.id} does not parse`); }
    } else if (/alert\\(/.test(s.textContent)) bad.push(`script: ${s.textContent.slice(0, 80)}`);
  }
  return bad;
}"""


# What a page shows of its data: its text, the values of its form fields and its data- attributes.
SHOWN = """() => [document.body.innerText,
  ...Array.from(document.querySelectorAll("input, textarea, select"), (el) => el.value),
  ...Array.from(document.querySelectorAll("*"), (el) => Object.values(el.dataset).join("\\n"))].join("\\n")"""


class Payloads:
    """One marked payload per field (``X07 <script>…``), so the text seen on a page names its field."""

    def __init__(self):
        self.given = {}
        self._cycle = itertools.cycle(PAYLOADS)
        self._count = itertools.count(1)

    def __call__(self, field, limit=80, shown=True):
        """The payload for ``field``; ``shown``: a page must show it (device ids are never shown)."""
        value = f"X{next(self._count):02d} {next(self._cycle)}"[:limit]
        if shown:
            self.given[value] = field
        return value


def put_payloads(w):
    """A payload into every text field of the matrix's world, through the services where a user types it."""
    p = Payloads()
    root = w.users["superuser"]
    seasons.update_season(season=w.season, user=root, name=p("season name", 120))
    category = Category.objects.get(pk=w.category.pk)
    seasons.rename_category(category=category, user=root, name=p("category name"))
    for t in Tournament.objects.all():
        Tournament.objects.filter(pk=t.pk).update(name=p("tournament name", 160), venue=p("venue", 160),
                                                  seed=p("tournament seed", 64, shown=t.pk == w.t.pk))
    Season.objects.exclude(pk=w.season.pk).update(name=p("other season name"))
    for player in Player.objects.all():
        Player.objects.filter(pk=player.pk).update(first_name=p("first name"), last_name=p("last name"),
                                                   town=p("town"), club=p("club"))
    PlayerAlias.objects.create(player=w.entry.player, first_name=p("alias first name"), last_name=p("alias"),
                               town=p("alias town"))
    Team.objects.update(name=p("team name"))
    Round.objects.filter(pk=w.round.pk).update(seed=p("round seed", 64))
    Adjustment.objects.filter(pk=w.adjustment.pk).update(reason=p("adjustment reason", 200))
    results.add_adjustment(entry=w.entry, points=5, reason=p("adjustment reason (service)", 200), user=root)
    second = w.round.tables.order_by("number")[1]
    Table.objects.filter(pk=second.pk).update(ended_early=True, end_reason=p("early end reason", 200))
    Game.objects.filter(table=w.table, number=2).update(explanation=p("game explanation", 200),
                                                        keyed_device=p("keyed device", 32, shown=False))
    TableFlag.objects.filter(pk=w.flag.pk).update(note=p("call note", 200), device=p("flag device", 32, shown=False))
    phone = Client()
    answer = phone.post(reverse("phone:dispute", args=[w.link.token]),
                        {**factories.phone_fields(1, "dev-1"), "key": "dispute-key-1", "number": "1",
                         "note": p("dispute note", 200)})
    assert answer.status_code == 200, answer.content
    Signature.objects.create(table=w.table, position=0, totals=[0, 0, 0, 0], state="x",
                             device=p("signature device", 32, shown=False))
    PreRegistration.objects.filter(pk=w.prereg.pk).update(
        first_name=p("prereg first name"), last_name=p("prereg last name"), town=p("prereg town"),
        team_name=p("prereg team"), email=p("prereg e-mail", 254))
    visitor = Client()
    typed = {"first_name": p("prereg first name (form)"), "last_name": p("prereg last name (form)"),
             "town": p("prereg town (form)"), "team_name": p("prereg team (form)"), "email": "", "website": ""}
    answer = visitor.post(reverse("public:preregister", args=[w.t.pk]), typed)
    assert answer.status_code in (200, 302) and PreRegistration.objects.filter(town=typed["town"]).exists()
    for log in AuditLog.objects.filter(reason=""):
        AuditLog.objects.filter(pk=log.pk).update(reason=p("audit reason", 200))
    get_user_model().objects.filter(pk=w.users["helper"].pk).update(username=p("staff user name", 150),
                                                                    first_name=p("staff first name", 150))
    ExportJob.objects.update(error=p("export error", 400))
    return p.given


def pages(w, role):
    """(name, url) of every classified page that answers ``role`` with 200, with the world's arguments."""
    for name, (args, expected) in sorted(classified().items()):
        if expected[role] == 200 and name not in NOT_PAGES:
            yield name, reverse(name, args=args(w))


def reflected(w):
    """Pages that show what was typed into a search box or a filter, and search results (every payload name
    begins with "X"); the draw form of the next round and a score sheet's row as the sheet's script fetches it."""
    query = "q=%3Cscript%3Ealert(10)%3C%2Fscript%3E%22%3E%3Cimg+src%3Dx+onerror%3Dalert(11)%3E"
    for name, args in (("public:tournament", [w.t.pk]), ("public:seat", [w.t.pk]), ("public:season", [w.season.pk]),
                       ("director:entries", [w.t.pk]), ("director:player_create", [w.t.pk]),
                       ("director:audit", [w.t.pk])):
        url = reverse(name, args=args)
        yield f"{name}?q", f"{url}?{query}&show=%22%3E%3Csvg+onload%3Dalert(12)%3E"
        yield f"{name} search", f"{url}?q=X"
    yield "director:round 2", reverse("director:round", args=[w.t.pk, 2])
    yield "entry:row", f"{reverse('entry:row', args=[w.table.pk])}?number=2"     # the row the sheet swaps in


def visit(page, base, name, url, dialogs, seen_text):
    dialogs.clear()
    response = page.goto(base + url, wait_until="load")
    assert response is not None and response.status < 400, (name, url, response and response.status)
    page.wait_for_timeout(30)                      # onerror/onload of broken images and timers set at load
    problems = page.evaluate(DOM_CHECK)
    fired = page.evaluate("window.__dialogs") + dialogs
    seen_text.append(page.evaluate(SHOWN))
    return [f"{name} {url}: {what}" for what in [*fired, *problems]]


def test_no_payload_runs_or_builds_markup_on_any_page(live_server, browser, matrix_world):
    w = matrix_world
    given = put_payloads(w)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE",
                                  java_script_enabled=True)
    context.set_default_timeout(10_000)
    context.add_init_script(HOOK)
    page = context.new_page()
    dialogs, js_errors, failures, seen_text, visited = [], [], [], [], set()
    page.on("dialog", lambda dialog: (dialogs.append(f"dialog {dialog.type}: {dialog.message}"), dialog.dismiss()))
    page.on("pageerror", lambda err: js_errors.append(f"{page.url}: {err}"))
    try:
        public = [(name, url) for name, url in reflected(w) if name.startswith("public:")]
        for name, url in [*pages(w, "anonymous"), *public]:
            failures += visit(page, live_server.url, name, url, dialogs, seen_text)
            visited.add(name)
        for role in ("superuser", "helper"):           # a helper's pages show less, from the same templates
            browser_client = Client()
            browser_client.force_login(w.users[role])
            context.add_cookies([{"name": "sessionid", "value": browser_client.cookies["sessionid"].value,
                                  "url": live_server.url}])
            for name, url in [*pages(w, role), *(reflected(w) if role == "superuser" else ())]:
                failures += visit(page, live_server.url, name, url, dialogs, seen_text)
                visited.add(name)
    finally:
        context.close()
    assert not failures, "\n".join(failures)
    assert not js_errors, "\n".join(js_errors)
    text = "\n".join(seen_text).casefold()
    unseen = sorted(f"{field}: {value}" for value, field in given.items() if value.casefold() not in text)
    assert not unseen, "payloads never shown as text:\n" + "\n".join(unseen)
    assert {"public:player", "director:hall", "entry:sheet", "phone:table", "director:audit", "exports:tournament",
            "admin:tournament_player_changelist"} <= visited


def test_the_dom_check_sees_an_unescaped_payload(browser):
    """The check above is not blind: the same hooks and checks on a page that does not escape."""
    context = browser.new_context()
    context.add_init_script(HOOK)
    page = context.new_page()
    try:
        page.set_content('<p>"><img src=x onerror=alert(2)></p><svg onload=alert(3)></svg>'
                         '<script type="application/json" id="d">{"a": "</script>')
        page.wait_for_timeout(50)
        problems = page.evaluate(DOM_CHECK)
        fired = page.evaluate("window.__dialogs")
    finally:
        context.close()
    assert any("onerror" in p for p in problems) and any("onload" in p for p in problems)
    assert any("does not parse" in p for p in problems)
    assert sorted(fired) == ["alert:2", "alert:3"]
    assert re.search(r"alert", " ".join(problems))

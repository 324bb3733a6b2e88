"""Headings wrap as a reader expects (issue 22): at 390 px and at 200 % zoom (195 CSS px) no h1 or h2 of the public
pages, the phone's table page or the office pages breaks inside a word that would fit on a line of its own, and
none sticks out of its box. Long words shrink first (the headings' sizes are ``clamp()``ed to the screen); a word
still too wide for the line breaks inside as the last resort (``hyphens: auto`` with the page's ``lang="de"``: a
hyphen where the browser knows German syllables). A long tournament name and "Mannschaftswertung" are the cases
of the issue. Screenshots: /tmp/headings/<width>/<page>.png."""

from pathlib import Path

import pytest
from django.urls import reverse

from tests import factories
from tests.browser import screenshot
from tests.e2e import steps
from tournament.models import Round, TableLink, Team

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
CHECK = (Path(__file__).parent / "headings.js").read_text(encoding="utf-8")
NAME = "Schwarzwälder Mannschaftsmeisterschaft im Cego Hinterzarten-Breitnau"
SHOTS = Path("/tmp/headings")
# the column headings of the standings tables that stick out of their cell (and so run into the next one:
# "Mannschaft" over "Stand" at 195 px): [text]
TH_OUT = """() => [...document.querySelectorAll('table.standings thead th')].filter(th => th.offsetParent)
.filter(th => {
  const r = document.createRange(); r.selectNodeContents(th);
  const text = r.getBoundingClientRect(), cell = th.getBoundingClientRect();
  return text.left < cell.left - 1 || text.right > cell.right + 1;
}).map(th => th.innerText.trim())"""


@pytest.fixture
def day():
    t = factories.played(players=8, rounds=1, lock=False, name=NAME)
    team = Team.objects.create(season=t.season, name="Cegofreunde Donaueschingen")
    t.entries.filter(start_number__in=[1, 2, 3]).update(team=team)
    round_ = Round.objects.get(tournament=t, number=1)
    table = round_.tables.order_by("number").first()
    entry = t.entries.order_by("start_number").first()
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    public = {
        "home": reverse("public:home"),
        "tournament": reverse("public:tournament", args=[t.pk]),
        "teams": reverse("public:teams", args=[t.pk]),
        "seat": reverse("public:seat", args=[t.pk]) + f"?q={entry.start_number}",
        "player": reverse("public:player", args=[t.pk, entry.pk]),
        "season": reverse("public:season", args=[t.season.pk]),
        "season-teams": reverse("public:season_teams", args=[t.season.pk]),
        "phone": f"/t/{link.token}/",
    }
    office = {
        "office-home": reverse("director:home"),
        "office-season": reverse("director:season", args=[t.season.pk]),
        "office-tournament": reverse("director:tournament", args=[t.pk]),
        "office-entries": reverse("director:entries", args=[t.pk]),
        "office-import": reverse("director:entry_import", args=[t.pk]),
        "office-round": reverse("director:round", args=[t.pk, 1]),
        "office-hall": reverse("director:hall", args=[t.pk, 1]),
        "office-standings": reverse("director:standings", args=[t.pk]),
        "office-season-standings": reverse("director:season_standings", args=[t.season.pk]),
        "office-exports": reverse("exports:tournament", args=[t.pk]),
        "office-audit": reverse("director:audit", args=[t.pk]),
        "office-sheet": reverse("entry:sheet", args=[table.pk]),
    }
    return public, office


@pytest.mark.parametrize("width", [390, 195])
def test_headings_break_between_words_not_inside_them(live_server, browser, day, width):
    public, office = day
    context = browser.new_context(viewport={"width": width, "height": 800}, device_scale_factor=2, locale="de-DE")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors, bad = [], []
    page.on("pageerror", lambda err: errors.append(str(err)))
    (SHOTS / str(width)).mkdir(parents=True, exist_ok=True)
    try:
        pages = dict(public)
        for name, path in [*public.items(), ("login", None), *office.items()]:
            if path is None:            # the office pages need a login (on a laptop first, then the width)
                factories.user("leitung")
                steps.log_in_as(page, live_server.url, "leitung", "pw-leitung")
                continue
            pages[name] = path
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, response.status)
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.lang") in ("de", "de-de"), name
            found = page.evaluate(CHECK)
            bad += [(name, f["tag"], f["why"], f["word"], f["text"][:80]) for f in found]
            bad += [(name, "th", "sticks out of its cell", text, "") for text in page.evaluate(TH_OUT)]
            screenshot(page, str(SHOTS / str(width) / f"{name}.png"), full_page=False)
    finally:
        context.close()
    assert not errors, errors
    assert not bad, "\n".join(map(str, bad))

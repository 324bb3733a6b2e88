"""Issue 27's public pages measured like the others (issue 16): no serious or critical WCAG 2.2 AA violation
(axe-core), nothing scrolling sideways and every target at least 44 × 44 px — the calendar, a player's years and
the player search on a 390 px phone, the big screen at 1920×1080 (axe and no sideways scrolling). The iCal feed is
no page: it is checked to be served as a calendar."""

import datetime

import pytest
from django.urls import reverse

from tests import factories
from tests.e2e.a11y import PHONE, axe_violations, sideways_scrollers

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
# The URL names this module measures (tests/public/test_a11y_coverage.py checks that every public page is in one).
SMALL_TARGETS = """() => [...document.querySelectorAll('main a[href], main button, main input:not([type=hidden])')]
  .filter(el => el.getClientRects().length)
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.width < 43.5 || box.height < 43.5)
  .map(([el, box]) => `${Math.round(box.width)}x${Math.round(box.height)} ${el.outerHTML.slice(0, 80)}`)"""
COVERED = {"public:screen", "public:season_calendar", "public:season_calendar_ics", "public:player_years",
           "public:players"}


def test_issue_27_pages_pass_axe_and_fit(live_server, browser):
    factories.staff()
    t = factories.played(players=16, rounds=1, name="Cego-Turnier Löffingen", venue="Festhalle",
                         venue_address="Festhallenweg 1, 79843 Löffingen", host="Feuerwehr Löffingen",
                         start_time=datetime.time(19, 0), entry_fee=10)
    player = t.entries.get(start_number=1).player
    phone_pages = [reverse("public:season_calendar", args=[t.season.pk]),
                   reverse("public:player_years", args=[player.pk]),
                   reverse("public:players") + "?q=" + player.last_name]
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    for url in phone_pages:
        page.goto(live_server.url + url)
        assert axe_violations(page) == [], url
        assert sideways_scrollers(page) == [], url
        assert page.evaluate(SMALL_TARGETS) == [], url         # links, buttons and fields at least 44 × 44 px
    feed = page.request.get(live_server.url + reverse("public:season_calendar_ics", args=[t.season.pk]))
    assert feed.headers["content-type"].startswith("text/calendar") and b"BEGIN:VEVENT" in feed.body()
    context.close()

    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + reverse("public:screen", args=[t.pk]))
    assert axe_violations(page) == []
    assert sideways_scrollers(page) == []
    context.close()

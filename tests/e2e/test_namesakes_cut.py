"""Namesakes stay apart where a narrow place cuts names with "…" (issue 22): two "Marie-Luise Schwörer" of one
town at one table. On the phone (390 px and 200 % zoom) the Räuber's card-point buttons, the preview's score list
and the sheet's "who played" keep "(Nr. 12)" whole while the name gives way; the player's page and "Wo sitze
ich?" name them apart (start number); the standings show start number and town. Screenshots:
/tmp/namesakes_cut/."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tests.e2e.a11y import PHONE, ZOOM_200
from tournament.models import TableLink

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/namesakes_cut")

# What a reader sees of each name in a list (innerText), and whether its telling part is cut or hidden.
SEEN = """(selector) => [...document.querySelectorAll(selector)].map((n) => {
  const apart = n.querySelector('.apart'), box = n.getBoundingClientRect();
  const a = apart && apart.getBoundingClientRect();
  let clip = n.parentElement;                       // the nearest ancestor that cuts what sticks out
  while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
  const c = clip ? clip.getBoundingClientRect() : box;
  return {text: n.innerText.replace(/\\s+/g, ' ').trim(), apart: apart ? apart.innerText : '',
          whole: !!a && a.width > 0 && a.left >= Math.max(box.left, c.left) - 1
                 && a.right <= Math.min(box.right, c.right) + 1};
})"""


def contract(page, abbr):
    button = page.locator(f'#entry .contract[data-abbr="{abbr}"]')
    if not button.is_visible():
        page.click("#more-contracts")
    button.click()
    expect(page.locator("#chosen-contract")).to_be_visible()


def test_namesakes_of_one_town_read_apart_where_names_are_cut(live_server, browser):
    t, round_ = factories.drawn(players=8, ruleset="unadingen", published=True)
    table = round_.tables.order_by("number").first()
    first, second = factories.namesakes_at(table, towns=("Triberg", "Triberg"))
    tags = [f"(Nr. {first.start_number})", f"(Nr. {second.start_number})"]
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="de-DE")
    context.set_default_timeout(10_000)
    errors = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(f"{live_server.url}/t/{token}/")
        page.click('#seat-choice .seat-button[data-seat="3"]')
        expect(page.locator("#me")).to_be_visible()
        contract(page, "R")
        if page.locator("#chosen-declarer").is_visible():     # this phone's seat comes preselected
            page.click("#chosen-declarer")
        page.click('#entry .declarer[data-seat="1"]')
        for seat, value in enumerate(["9", "21", "45", "0"], start=1):
            page.click(f'#entry .rp[data-seat="{seat}"]')
            page.click('#entry .key[data-digit="C"]')
            for digit in value:
                page.click(f'#entry .key[data-digit="{digit}"]')
        expect(page.locator("#preview ul.scores")).to_be_visible()
        for label, viewport in (("390", PHONE), ("195", ZOOM_200)):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(100)
            for where in ("#entry .rp .name", "#preview ul.scores .name"):
                seen = page.evaluate(SEEN, where)
                assert [s["apart"] for s in seen[:2]] == tags, (label, where, seen)
                assert all(s["whole"] for s in seen[:2]), (label, where, seen)
                assert seen[0]["text"] != seen[1]["text"], (label, where, seen)
            page.locator("#entry").screenshot(path=str(SHOTS / f"raeuber_{label}.png"))
        page.set_viewport_size(PHONE)
        page.click("#save")
        expect(page.locator("#row-1")).to_have_attribute("data-status", "unconfirmed")
        page.reload()
        for label, viewport in (("390", PHONE), ("195", ZOOM_200)):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(100)
            seen = page.evaluate(SEEN, "#row-1 .who .name")
            assert seen and seen[0]["apart"] == tags[0] and seen[0]["whole"], (label, seen)
            page.locator("#sheet").screenshot(path=str(SHOTS / f"sheet_{label}.png"))

        # The public pages: the seat plan and the player's page tell the two apart by start number.
        page.set_viewport_size(PHONE)
        page.goto(live_server.url + reverse("public:seat", args=[t.pk]) + f"?q={first.start_number}")
        rows = page.locator("#seat-plan .at-table li").all_inner_texts()
        namesakes = [r for r in rows if "Marie-Luise Schwörer" in r]
        assert len(namesakes) == 2 and namesakes[0] != namesakes[1], rows
        assert any(f"Nr. {second.start_number}" in r for r in namesakes), rows
        screenshot(page, str(SHOTS / "seat_390.png"), full_page=True)
        page.goto(live_server.url + reverse("public:player", args=[t.pk, first.pk]))
        people = [r for r in page.locator(".at-table li").all_inner_texts() if "Schwörer" in r]
        assert len(people) == 2 and people[0] != people[1], people
        screenshot(page, str(SHOTS / "player_390.png"), full_page=True)
        for label, viewport in (("390", PHONE), ("195", ZOOM_200)):     # the standings: start number and town
            page.set_viewport_size(viewport)
            page.goto(live_server.url + reverse("public:tournament", args=[t.pk]))
            rows = [r for r in page.locator("table.standings tbody tr").all_inner_texts() if "Schwörer" in r]
            assert len(rows) == 2 and rows[0] != rows[1], (label, rows)
            ordered = sorted(rows, key=lambda r: f"{first.start_number}" not in r)
            assert all(any(f"{e.start_number}" in line for line in r.split("\n")) for r, e in
                       zip(ordered, (first, second), strict=True)), rows
            screenshot(page, str(SHOTS / f"standings_{label}.png"), full_page=True)
    finally:
        context.close()
    assert not errors, errors

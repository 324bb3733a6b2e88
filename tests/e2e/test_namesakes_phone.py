"""Two "Marie-Luise Schwörer" at one table, on a 390 px phone and at 200 % zoom (195 CSS px): the seat buttons
show the start numbers, and the two column headings read differently and are not cut (issue 22, point 5: no
more "Mar… Mar…"). Screenshots go to /tmp/namesakes22/."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tests.e2e.a11y import PHONE, ZOOM_200
from tournament.models import TableLink

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/namesakes22")

HEADINGS = """() => [...document.querySelectorAll('#sheet thead th.c-seat')].map(th => {
    const short = th.querySelector('.short');
    return {text: short.innerText.replace(/\\s+/g, ' ').trim(), shortFits: short.scrollWidth <= short.clientWidth,
            cellFits: th.scrollWidth <= th.clientWidth, height: short.getBoundingClientRect().height};
})"""


@pytest.mark.parametrize("towns", [("Triberg", "Hornberg"), ("Triberg", "Triberg")])
def test_two_namesakes_read_apart_on_a_phone_and_at_200_percent(browser, live_server, towns):
    _t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    first, second = factories.namesakes_at(table, towns=towns)
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="de-DE")
    errors = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(f"{live_server.url}/t/{link.token}/")
        buttons = page.locator("#seat-choice .seat-button")
        expect(buttons).to_have_count(4)
        assert f"Nr. {first.start_number}" in buttons.nth(0).inner_text()
        assert f"Nr. {second.start_number}" in buttons.nth(1).inner_text()
        SHOTS.mkdir(exist_ok=True)
        page.locator("#seat-choice").screenshot(path=str(SHOTS / f"seats_{towns[1]}.png"))
        buttons.nth(0).click()
        expect(page.locator("#me")).to_be_visible()
        for label, viewport in (("390", PHONE), ("195", ZOOM_200)):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(100)
            screenshot(page, str(SHOTS / f"sheet_{towns[1]}_{label}.png"), full_page=True)
            page.locator("#sheet thead").screenshot(path=str(SHOTS / f"heads_{towns[1]}_{label}.png"))
            heads = page.evaluate(HEADINGS)
            texts = [h["text"] for h in heads]
            assert texts[0] == f"Marie-Luise S. (Nr. {first.start_number})", (label, texts)
            assert texts[1] == f"Marie-Luise S. (Nr. {second.start_number})", (label, texts)
            assert len(set(texts)) == 4, (label, texts)
            assert all(h["shortFits"] and h["cellFits"] for h in heads), (label, heads)
            assert "Marie-Luise Schwörer" in page.locator("#me-name").inner_text()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], (label, width)
    finally:
        context.close()
    assert not errors, errors

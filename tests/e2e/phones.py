"""The phones of one table in the browser tests: a browser context per seat (``Phones``, the ``phones`` fixture of
tests/e2e/conftest.py) and the taps that key a game on the phone's entry screen."""

from playwright.sync_api import expect

from tests import factories
from tests.e2e.a11y import PHONE
from tournament.models import TableLink


class Phones:
    """Browser contexts of one table, one per seat; JavaScript errors are collected and checked at the end."""

    def __init__(self, browser, url):
        self.browser = browser
        self.url = url
        self.errors = []
        self.contexts = []

    def open(self, seat=None, context=None, **options):
        if context is None:
            context = self.browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                               has_touch=True, locale="de-DE", **options)
            context.set_default_timeout(10_000)
            self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        page.clock.install()
        page.goto(self.url)
        if seat:
            page.click(f'#seat-choice .seat-button[data-seat="{seat}"]')
            expect(page.locator("#me")).to_be_visible()
        return page

    def close(self):
        for context in self.contexts:
            context.close()
        assert not self.errors, f"JavaScript errors: {self.errors}"


def table_and_token(players=8):
    tournament, round_ = factories.drawn(players=players, published=True)
    table = round_.tables.order_by("number").first()
    return tournament, round_, table, TableLink.objects.get(table=table, revoked_at__isnull=True).token


def refresh(page):
    """The next poll now (the page polls every 10 s)."""
    page.clock.fast_forward(10_500)


def tap_contract(page, abbr):
    button = page.locator(f'#entry .contract[data-abbr="{abbr}"]')
    if not button.is_visible():
        page.click("#more-contracts")
    button.click()


def tap_digits(page, text):
    for digit in text:
        page.click(f'#entry .key[data-digit="{digit}"]')


def key_game(page, number, game):
    abbr, declarer, result = game
    expect(page.locator("#entry-title")).to_have_attribute("data-number", str(number))
    tap_contract(page, abbr)
    if declarer is not None:
        if page.locator("#chosen-declarer").is_visible():
            page.click("#chosen-declarer")
        page.click(f'#entry .declarer[data-seat="{declarer}"]')
    if isinstance(result, tuple):
        for seat, points in enumerate(result, start=1):
            page.click(f'#entry .rp[data-seat="{seat}"]')
            tap_digits(page, points)
    elif result in ("+", "-"):
        page.click(f'#entry [data-result="{result}"]')
    else:
        tap_digits(page, result)

"""Browser steps the director's flows share (registration, Offiziers-Cego, Ziege): log in, create a tournament,
register players, teams of two or a club's list, check in. Each step drives the page as a user does and waits
for the answer; the tests keep their own checks. Also keying a score sheet by the keyboard (``key_in``)."""

from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tournament.models import Tournament


def log_in(page, live_server, name="leitung"):
    """Create the office account ``name`` (password ``pw-<name>``), log it in; the server's base URL."""
    factories.user(name)
    base = live_server.url
    page.goto(base + reverse("login"))
    page.fill("#id_username", name)
    page.fill("#id_password", f"pw-{name}")
    page.click("#login")
    page.wait_for_load_state()
    return base


def create_tournament(page, base, season, *, name, game, round_count, fields=()):
    """The tournament form of ``season``: name, game (chosen first: it shows the game's own fields), rounds and
    further ``fields`` as ``(selector, value)``; the saved ``Tournament``."""
    page.goto(base + reverse("director:tournament_create", args=[season.pk]))
    page.fill("#id_name", name)
    page.select_option("#id_game", game)
    page.fill("#id_round_count", str(round_count))
    for selector, value in fields:
        page.fill(selector, str(value))
    page.click("#save")
    page.wait_for_load_state()
    return Tournament.objects.get(name=name)


def register_players(page, base, tournament, players, town):
    """Register ``players`` (first and last names) one by one on the player form."""
    for first, last in players:
        page.goto(base + reverse("director:player_create", args=[tournament.pk]))
        page.fill("#id_first_name", first)
        page.fill("#id_last_name", last)
        page.fill("#id_town", town)
        page.click("#save-player")
        page.wait_for_load_state()


def register_pairs(page, teams):
    """On a Ziege tournament's page: register each team ``(first, last, second first, second last)`` on the
    *Zweierteams* tab."""
    page.click("#ziege-teams-tab")
    for first, last, second, second_last in teams:
        page.fill("#id_first_first_name", first)
        page.fill("#id_first_last_name", last)
        page.fill("#id_second_first_name", second)
        page.fill("#id_second_last_name", second_last)
        page.click("#register-pair")
        page.wait_for_load_state()


def upload_list(page, base, tournament, path):
    """Upload a registration file; the page shows its preview (imported with ``#import``)."""
    page.goto(base + reverse("director:entry_import", args=[tournament.pk]))
    page.set_input_files("#id_file", str(path))
    page.click("#upload")


def check_in(page, base, tournament, numbers):
    """Check players in by typing their start numbers, Enter after each, at the check-in desk of the entries
    page; waits for the count after each one."""
    page.goto(base + reverse("director:entries", args=[tournament.pk]))
    box = page.locator("#id_number")
    box.focus()
    for count, number in enumerate(numbers, start=1):
        box.type(str(number))
        page.keyboard.press("Enter")
        expect(page.locator("#checkin-count .present")).to_have_text(str(count))


def log_in_as(page, base, username, password):
    """Log in with an account the test made itself (``log_in`` makes its own)."""
    page.goto(base + reverse("login"))
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("#login")
    page.wait_for_load_state()


def key_in(page, values):
    """Type each value into the focused field of the score sheet and press Enter (an empty value: Enter only)."""
    for value in values:
        if value:
            page.keyboard.type(value)
        page.keyboard.press("Enter")

"""A real day in a real hall (issue 22), in Chromium, as a new director and four players live it.

The app is served on the laptop's own network address (not loopback), as the hall serves it; the director's
browser and the four phones reach it there. The day:

1. the director logs in and creates the tournament: until its first draw every office page says players can't
   see it, and its public pages answer the app's own 404 (with DEBUG on too);
2. imports the club's list (``fixtures/anmeldeliste-guetenbach.xlsx``: a title line, "Lfd. Nr.", "Geb.-Jahr",
   "Startgeld bezahlt (j/n)", "Bemerkung", namesakes, a sum line "Summe Startgeld:" with a formula) through the
   preview: the sum line is left out by itself, a line left out and taken back; start numbers, paid marks, years
   of birth (youth, seniors) and remarks come across;
3. checks everybody in at the desk by start number and draws round 1, which publishes the tournament ("Wo sitze
   ich?" tells the two Marie-Luise Schwörer apart by town);
4. prints the round's table cards and score sheets: every QR code, read back with ``zbarimg``, is the table's link
   on the hall address; namesakes read apart on paper and on the round page;
5. four phones (one browser context each, 390 px) play the table of a "Marie-Luise Schwörer": the seat buttons
   show start numbers, the column heads differ; one phone is offline for three games and its queue is sent when
   it is back, one phone is stale (it has not asked for the sheet since it took its seat) and opens the keypad on
   the fresh sheet; a dispute and a call, answered in the hall view with and without a decision note; every seat
   signs;
6. the other tables are entered in the office from their paper sheets; drawing round 2 too early asks first (and
   is cancelled); the director locks round 1 (asked first), a new phone on its link sees the final sheet; draws
   and plays round 2 (all from paper), locks it and finishes the tournament with the overview's button;
7. the final lists: the public standings and the standings PDF, 44 players, nobody twice, nobody called "Summe".

Screenshots of a phone at 390 px and at 200 % zoom go to ``/tmp/real-day-shots/`` (looked at by a person, not
committed).
"""

import pathlib
import re
import shutil
import subprocess
import time
from types import SimpleNamespace

import openpyxl
import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests import factories
from tests.browser import screenshot
from tests.e2e import steps
from tournament.common import addresses
from tournament.models import Entry, Game, Round, Season, TableFlag, TableLink, Tournament
from tournament.results import services as results_services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LIST = pathlib.Path(__file__).resolve().parent / "fixtures" / "anmeldeliste-guetenbach.xlsx"
SHOTS = pathlib.Path("/tmp/real-day-shots")
PHONE = {"width": 390, "height": 844}
PORTS = range(8380, 8400)
GAMES = 8                    # per table of 4 and round: the day is a real one, only shorter
TOOLS = ("pdftoppm", "zbarimg", "pdftotext")


def hall_address():
    """The laptop's own address on the hall's network, found as ``make hall`` finds it."""
    return addresses.lan_address()


@pytest.fixture
def hall(transactional_db):
    """The app served on the hall address (a port of 8380–8399), as phones in the hall reach it: its base URL."""
    from pytest_django.live_server_helper import LiveServer

    address = hall_address()
    if address is None:
        pytest.skip("this machine has no network address but loopback")
    server = None
    for port in PORTS:
        try:
            server = LiveServer(f"{address}:{port}")
            break
        except OSError:
            continue
    if server is None:
        pytest.skip(f"no free port in {PORTS}")
    server._live_server_modified_settings.enable()          # the host joins ALLOWED_HOSTS, as live_server does
    try:
        yield f"http://{address}:{server.thread.port}"
    finally:
        server._live_server_modified_settings.disable()
        server.stop()


@pytest.fixture
def day(browser, hall):
    """Browser contexts of the day (the director's laptop, the phones); JavaScript errors are checked at the end."""
    SHOTS.mkdir(exist_ok=True)
    contexts, errors = [], []

    def context(**options):
        made = browser.new_context(locale="de-DE", **options)
        made.set_default_timeout(15_000)
        contexts.append(made)
        return made

    def page_of(made):
        page = made.new_page()
        page.on("pageerror", lambda err: errors.append(f"{page.url}: {err} {err.stack}"))
        return page

    yield {"base": hall, "context": context, "page": page_of}
    for made in contexts:
        made.close()
    # A poll a phone sent just before its context closed is still being answered: let it finish before the
    # server stops (else its thread closes a database connection the stopped server no longer shares).
    time.sleep(0.5)
    assert not errors, f"JavaScript errors: {errors}"


# ---------------------------------------------------------------- the list, the desk, the draw

def club_list():
    """The list's rows as the club wrote them: ``[(nr, name, first name, town, year, paid, remark)]``."""
    sheet = openpyxl.load_workbook(LIST, data_only=True).active
    rows = [tuple(c.value for c in row) for row in sheet.iter_rows(min_row=4)]
    return [r for r in rows if isinstance(r[0], int)]


def import_club_list(page, base, tournament):
    """The club's list as the club wrote it, through the preview: the sum line is marked and left out by itself,
    a line the director leaves out and takes back, then 44 players with the list's start numbers ("Lfd. Nr."),
    paid marks, years of birth (and with them youth and seniors) and remarks."""
    steps.upload_list(page, base, tournament, LIST)
    preview = page.locator("#import-preview")
    expect(preview.locator("tbody tr").first).to_be_visible()
    shoot(page, "import-preview")
    footer = preview.locator("tr[data-left-out=footer]")
    expect(footer).to_have_count(1)
    expect(footer).to_contain_text("Summe Startgeld:")
    expect(footer).to_contain_text("Summenzeile – wird nicht übernommen")
    expect(preview.locator("tbody tr.ok")).to_have_count(44)
    expect(preview.locator("tbody tr.bad")).to_have_count(0)
    expect(page.locator("#left-out-count")).to_contain_text("1 Zeile ausgelassen")
    for badge, expected in (("Jugend", ["Faller", "Ketterer"]),
                            ("Senior", ["Furtwängler", "Rombach", "Winterhalter"])):
        rows = preview.locator("tbody tr.ok", has=page.locator(".pill.category", has_text=badge)).all_inner_texts()
        found = sorted(name for _nr, name, *_rest in club_list() if any(name in text.split() for text in rows))
        assert len(rows) == len(expected) and found == expected, (badge, rows)

    # "Hummel kommt später": the director leaves the line out, then takes it back when he rings.
    hummel = preview.locator("tbody tr", has_text="Hummel")
    line = hummel.get_attribute("data-line")
    page.click(f"#skip-{line}")
    expect(page.locator(f"#line-{line}")).to_have_attribute("data-left-out", "director")
    expect(page.locator(f"#line-{line}")).to_contain_text("Ausgelassen – wird nicht übernommen")
    expect(page.locator("#left-out-count")).to_contain_text("2 Zeilen ausgelassen")
    expect(page.locator("#import")).to_contain_text("43 Spieler")
    page.click(f"#take-{line}")
    expect(page.locator(f"#line-{line}")).not_to_have_attribute("data-left-out", "director")
    expect(page.locator("#import")).to_contain_text("44 Spieler")
    page.click("#import")
    page.wait_for_load_state()

    entries = Entry.objects.filter(tournament=tournament).select_related("player")
    assert entries.count() == 44
    assert not any("summe" in f"{e.player.first_name} {e.player.last_name}".casefold() for e in entries)
    names = sorted((e.player.last_name, e.player.first_name, e.player.town) for e in entries)
    assert len(set(names)) == 44                            # namesakes stay two people (the town tells them apart)
    assert sorted(e.player.town for e in entries if e.player.last_name == "Schwörer") == ["Furtwangen", "Triberg"]
    by_number = {e.start_number: e for e in entries}
    for nr, last, first, town, year, paid, remark in club_list():
        entry = by_number[nr]                               # "Lfd. Nr." gives the start numbers
        assert (entry.player.last_name, entry.player.first_name, entry.player.town) == (last, first, town), nr
        assert entry.player.birth_year == year, (nr, entry.player.birth_year)
        assert entry.paid == (paid == "j"), (nr, paid, entry.paid)
        assert entry.note == (remark or ""), (nr, entry.note)
    season = tournament.season
    youth = {e.player.last_name for e in entries if e.player.is_youth(season.year, season.youth_age)}
    assert youth == {"Faller", "Ketterer"}
    assert sum(e.paid for e in entries) == 35 and by_number[4].note == "Sohn, zahlt vor Ort"


def check_everybody_in(page, base, tournament):
    numbers = sorted(Entry.objects.filter(tournament=tournament).values_list("start_number", flat=True))
    steps.check_in(page, base, tournament, numbers)
    expect(page.locator("#checkin-count .registered")).to_have_text("44")


def draw_round(page, base, tournament, number):
    page.goto(base + reverse("director:round", args=[tournament.pk, number]))
    expect(page.locator("#present-count")).to_have_text("44")
    page.click("#draw-round")
    expect(page.locator("#round-status")).to_have_attribute("data-status", "open")
    round_ = Round.objects.get(tournament=tournament, number=number)
    assert round_.tables.count() == 11 and all(t.size == 4 for t in round_.tables.all())
    return round_


def a_visitor(day):
    """A player's own phone, not signed in."""
    return day["page"](day["context"](viewport=PHONE, is_mobile=True, has_touch=True))


def not_public_before_the_draw(day, page, base, tournament, settings):
    """Made in the office, the tournament waits for its first draw: every office page says players can't see it
    (with the one-click publish, not clicked here), and its public pages answer the app's own 404 — with DEBUG
    on too (``make run``), not Django's debug page."""
    tournament.refresh_from_db()
    assert not tournament.published and tournament.publish_with_draw
    for name in ("director:tournament", "director:entries", "director:entry_import"):
        page.goto(base + reverse(name, args=[tournament.pk]))
        banner = page.locator("#unpublished")
        expect(banner).to_contain_text("Die Spieler sehen dieses Turnier nicht")
        expect(banner).to_contain_text("Mit der ersten Auslosung wird es veröffentlicht.")
        expect(banner.locator("#publish-now")).to_be_visible()
    visitor = a_visitor(day)
    for debug in (False, True):
        settings.DEBUG = debug
        for url in (reverse("public:seat", args=[tournament.pk]), reverse("public:tournament", args=[tournament.pk])):
            answer = visitor.goto(base + url)
            assert answer.status == 404, (debug, url, answer.status)
            expect(visitor.locator("#not-found")).to_contain_text("Seite nicht gefunden")
            assert "URLconf" not in visitor.content()
    settings.DEBUG = False
    visitor.context.close()


def public_with_the_draw(day, page, base, tournament):
    """The first draw published it: no banner in the office; "Wo sitze ich?", the live standings and a player's
    page answer a visitor."""
    tournament.refresh_from_db()
    assert tournament.published
    expect(page.locator("#round-status")).to_be_visible()
    expect(page.locator("#unpublished")).to_have_count(0)
    marie = Entry.objects.get(tournament=tournament, player__first_name="Marie-Luise", player__town="Triberg")
    visitor = a_visitor(day)
    for url in (reverse("public:seat", args=[tournament.pk]), reverse("public:tournament", args=[tournament.pk]),
                reverse("public:player", args=[tournament.pk, marie.pk])):
        answer = visitor.goto(base + url)
        assert answer.status == 200, (url, answer.status)
        expect(visitor.locator("#not-found")).to_have_count(0)
    visitor.context.close()


def where_do_i_sit(day, base, tournament):
    """A player's own phone asks "Wo sitze ich?" after the draw: both Marie-Luise Schwörer find their tables, each
    line saying which one (the town)."""
    visitor = a_visitor(day)
    answer = visitor.goto(base + reverse("public:seat", args=[tournament.pk]) + "?q=Schw%C3%B6rer")
    assert answer.status == 200
    choices = visitor.locator("#seat-choices li", has_text="Marie-Luise")
    expect(choices).to_have_count(2)
    assert sorted(" ".join(text.split()) for text in choices.all_inner_texts()) == [
        "1 Marie-Luise Schwörer Furtwangen", "2 Marie-Luise Schwörer Triberg"]
    choices.filter(has_text="Triberg").locator("a").click()
    marie = Entry.objects.get(tournament=tournament, player__first_name="Marie-Luise", player__town="Triberg")
    seat = marie.seats.get(round__number=1)
    expect(visitor.locator("#seat-result")).to_contain_text("Triberg")
    expect(visitor.locator("#seat-plan .table-no").first).to_have_text(str(seat.table.number))
    visitor.context.close()


# ---------------------------------------------------------------- paper: table cards and score sheets

def qr_codes(pdf, folder):
    """Every QR code of every page of ``pdf``, in page order, read back with zbarimg (pdftoppm at 150 dpi)."""
    source = folder / "file.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "150", str(source), str(folder / "page")], check=True)
    found = []
    for image in sorted(folder.glob("page*.png")):
        read = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
                              capture_output=True, text=True)
        assert read.returncode in (0, 4), read.stderr
        found += read.stdout.split()
        image.unlink()
    return found


def pdf_text(pdf, folder, layout=True):
    source = folder / "text.pdf"
    source.write_bytes(pdf)
    return subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(source), "-"], capture_output=True,
                          text=True, check=True).stdout


def download(page, url):
    """A file the director's browser downloads (with its session): its bytes."""
    response = page.context.request.get(url)
    assert response.ok, (url, response.status)
    return response.body()


def print_round(page, base, tournament, round_, folder, settings):
    """The round's table cards and score sheets: a QR code per table, each the table's link on the hall address."""
    if any(shutil.which(tool) is None for tool in TOOLS):
        pytest.skip("pdftoppm/pdftotext (poppler-utils) and zbarimg (zbar-tools) are needed: make pdf-tools")
    round_page = base + reverse("director:round", args=[tournament.pk, round_.number])
    # Links on the laptop itself (the address of `make run`): the round page says so before anything is printed.
    settings.CEGO_SITE_URL = "http://127.0.0.1:8200"
    page.goto(round_page)
    expect(page.locator("#link-warning")).to_contain_text("127.0.0.1")
    settings.CEGO_SITE_URL = ""              # as `make hall` serves: the links on the address the phones reach
    page.goto(round_page)
    expect(page.locator("#table-cards")).to_be_visible()
    expect(page.locator("#link-warning")).to_have_count(0)
    expected = {f"{base}/t/{link.token}/" for link in TableLink.objects.filter(table__round=round_,
                                                                                revoked_at__isnull=True)}
    assert len(expected) == 11
    cards = download(page, base + page.locator("#table-cards").get_attribute("href"))
    card_codes = qr_codes(cards, folder)
    assert sorted(card_codes) == sorted(expected), card_codes
    sheets = download(page, base + reverse("exports:round_download",
                                           args=[tournament.pk, round_.number, "score_sheets"]))
    sheet_codes = qr_codes(sheets, folder)
    assert set(sheet_codes) == expected and all(code.startswith(base + "/t/") for code in sheet_codes)
    assert not any(re.match(r"https?://(localhost|127\.)", code) for code in card_codes + sheet_codes)
    words = pdf_text(sheets, folder)
    assert "Schwörer" in words and "Summe" not in words
    assert "erreichen die Handys" not in " ".join((words + pdf_text(cards, folder)).split())   # no warning printed
    # The two Marie-Luise Schwörer (and the two Hans Dold) read apart: the sheet's column head of a namesake says
    # start number and town, its signature line the whole label; the table cards name them with the town.
    plain = " ".join(pdf_text(sheets, folder, layout=False).split())
    assert "M.-L. · Nr. 1 · Furtwangen" in plain and "M.-L. · Nr. 2 · Triberg" in plain
    assert re.search(r"Sitz \d · Marie-Luise Schwörer \(Furtwangen\)", plain)
    assert re.search(r"Sitz \d · Marie-Luise Schwörer \(Triberg\)", plain)
    assert re.search(r"Sitz \d · Hans Dold \(Vöhrenbach\)", plain)
    assert re.search(r"Sitz \d · Hans Dold \(Gütenbach\)", plain)
    card_text = " ".join(pdf_text(cards, folder, layout=False).split())
    assert "Marie-Luise Schwörer (Furtwangen)" in card_text and "Marie-Luise Schwörer (Triberg)" in card_text
    # The round page: its tables and its A–Z list add the town to a namesake's name.
    for where in ("#alphabetical", "#by-table"):
        expect(page.locator(where)).to_contain_text("Schwörer, Marie-Luise (Furtwangen)")
        expect(page.locator(where)).to_contain_text("Schwörer, Marie-Luise (Triberg)")
    expect(page.locator("#alphabetical")).not_to_contain_text("Scherzinger, Otto (")


# ---------------------------------------------------------------- four phones at one table

class Phone:
    """One player's phone at the table: its own browser context (so its own device), 390 px, German."""

    def __init__(self, day, url, seat, **options):
        self.context = day["context"](viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                      **options)
        self.page = day["page"](self.context)
        self.page.clock.install()
        self.page.goto(url)
        self.seat = seat
        buttons = self.page.locator("#seat-choice .seat-button")
        expect(buttons).to_have_count(4)
        self.seat_buttons = [" ".join(text.split()) for text in buttons.all_inner_texts()]   # what it offered
        self.page.click(f'#seat-choice .seat-button[data-seat="{seat}"]')
        expect(self.page.locator("#me")).to_be_visible()

    def refresh(self):
        """The next poll now (the page polls every 10 s; its clock only moves when the test moves it)."""
        self.page.clock.fast_forward(10_500)

    def key(self, number, contract, declarer, result):
        page = self.page
        expect(page.locator("#entry-title")).to_have_attribute("data-number", str(number))
        button = page.locator(f'#entry .contract[data-abbr="{contract}"]')
        if not button.is_visible():
            page.click("#more-contracts")
        button.click()
        if declarer is not None:
            if page.locator("#chosen-declarer").is_visible():
                page.click("#chosen-declarer")
            page.click(f'#entry .declarer[data-seat="{declarer}"]')
        if result in ("+", "-"):
            page.click(f'#entry [data-result="{result}"]')
        else:
            for digit in result:
                page.click(f'#entry .key[data-digit="{digit}"]')

    def save(self, number, status="unconfirmed"):
        self.page.click("#save")
        expect(self.page.locator(f"#row-{number}")).to_have_attribute("data-status", status)

    def confirm(self, number):
        self.refresh()
        self.page.locator(f"#todo-{number} button.confirm").click()
        expect(self.page.locator(f"#row-{number}")).to_have_attribute("data-status", "confirmed")


def play_the_phone_table(day, table):
    """Eight games on four phones; one offline for three games, one stale; a dispute and a call with a reason.
    The phones."""
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    url = f"{day['base']}/t/{token}/"
    phones = {seat: Phone(day, url, seat, service_workers="block" if seat == 2 else "allow") for seat in (1, 2, 3, 4)}
    one, two, three, four = (phones[s] for s in (1, 2, 3, 4))
    four.page.clock.pause_at(four.page.evaluate("Date.now()") + 1000)      # phone 4 goes into a pocket
    shoot(one.page, "seat-390")
    seats_apart(phones, table)

    one.key(1, "C", None, "45")
    one.save(1)
    one_phone_one_seat(day, url, one, table)
    two.confirm(1)

    # Phone 2 loses the connection for three games: they wait on the phone, then go out in order.
    two.refresh()
    expect(two.page.locator("#entry-title")).to_have_attribute("data-number", "2")
    two.context.set_offline(True)
    for number, game in zip((2, 3, 4), (("H", 3, "47"), ("C", None, "38"), ("S", 4, "50")), strict=True):
        two.key(number, *game)
        expect(two.page.locator("#preview .offline")).to_be_visible()
        two.save(number, status="waiting")
    assert not Game.objects.filter(table=table, number__in=(2, 3, 4)).exists()
    shoot(two.page, "offline-390")
    two.context.set_offline(False)
    for number in (2, 3, 4):
        expect(two.page.locator(f"#row-{number}")).to_have_attribute("data-status", "unconfirmed")
    for number in (2, 3, 4):
        three.confirm(number)
    assert list(Game.objects.filter(table=table).order_by("number").values_list("number", flat=True)) == [1, 2, 3, 4]

    # Phone 4 has not asked for the sheet since it took its seat (its clock stands still: no poll, no heartbeat)
    # and still shows game 1. Opening the keypad asks for the sheet first: game 5, its dealer and its forehand.
    title = four.page.locator("#entry-title")
    expect(title).to_have_attribute("data-number", "1")
    four.page.click('#entry .contract[data-abbr="C"]')
    expect(title).to_have_attribute("data-number", "5")
    labels = {s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")}
    dealer, forehand = table.dealer(5), table.forehand(5)
    expect(title).to_have_attribute("data-forehand", str(forehand + 1))
    expect(title).to_contain_text(f"gibt: {labels[dealer]}")
    expect(title).to_contain_text(f"Vorhand: {labels[forehand]}")
    expect(four.page.locator("#chosen-declarer")).to_contain_text(labels[forehand])
    expect(four.page.locator("#row-4")).to_have_attribute("data-status", "confirmed")
    for digit in "40":
        four.page.click(f'#entry .key[data-digit="{digit}"]')
    four.page.clock.run_for(400)                             # the preview waits 250 ms after the last tap
    four.save(5)
    assert Game.objects.get(table=table, number=5).declarer == forehand
    one.confirm(5)
    for number, phone, game, checker in ((6, three, ("P", 1, "+"), four), (7, one, ("C", None, "52"), two),
                                         (8, two, ("E", 1, "41"), three)):
        phone.refresh()
        phone.key(number, *game)
        phone.save(number)
        checker.confirm(number)

    # A dispute (seat 3, game 2) and a call (seat 4, with the phone's call button).
    three.refresh()
    three.page.click("#row-2")
    three.page.click("#row-2 + tr.detail-row button.dispute")
    three.page.fill(".note-input", "Es waren 48 Punkte")
    three.page.click("button.send-dispute")
    expect(three.page.locator("#row-2")).to_have_attribute("data-status", "disputed")
    four.refresh()
    four.page.click("#call")
    expect(four.page.locator("#call-form")).to_be_visible()
    four.page.fill("#call-note", "Wer gibt nach dem Streit?")
    four.page.click("#call-send")
    expect(four.page.locator("#call-form")).to_be_hidden()
    flags = TableFlag.objects.filter(table=table, resolved_at__isnull=True)
    expect_flags(flags, {"dispute", "call"})
    return phones


HEADS = """() => [...document.querySelectorAll('#sheet thead th.c-seat')].map(th => {
    const short = th.querySelector('.short');
    return {text: short.innerText.replace(/\\s+/g, ' ').trim(),
            fits: short.scrollWidth <= short.clientWidth && th.scrollWidth <= th.clientWidth};
})"""


def seats_apart(phones, table):
    """Every seat button carried its player's start number, a namesake's the town too; the sheet's column heads
    read four different names, none cut ("Mar… Mar…")."""
    seats = {s.position + 1: s.entry for s in table.seats.select_related("entry__player")}
    phone = phones[1]
    for seat, text in enumerate(phone.seat_buttons, start=1):
        entry = seats[seat]
        assert text.startswith(f"{seat} {entry.player.first_name} {entry.player.last_name}"), text
        assert text.endswith(f"Nr. {entry.start_number}"), text
        if entry.player.first_name == "Marie-Luise":
            assert f"Marie-Luise Schwörer ({entry.player.town}) Nr. {entry.start_number}" in text, text
    heads = phone.page.evaluate(HEADS)
    texts = [head["text"] for head in heads]
    assert len(heads) == 4 and len(set(texts)) == 4 and all(head["fits"] for head in heads), heads
    maries = [seat for seat, entry in seats.items() if entry.player.first_name == "Marie-Luise"]
    for seat in maries:                                  # both at this table: the start number where names meet
        expected = "Marie-Luise S." if len(maries) == 1 else f"Marie-Luise S. (Nr. {seats[seat].start_number})"
        assert texts[seat - 1] == expected, texts
    marie = next(seat for seat in maries if seats[seat].player.town == "Furtwangen")
    expect(phones[marie].page.locator("#me-name")).to_have_text(f"{marie} · Marie-Luise Schwörer (Furtwangen)")


def one_phone_one_seat(day, url, one, table):
    """A phone speaks for one seat: phone 1, which keyed game 1 as seat 1, sends a confirmation of it as seat 2
    (the attack: the server used to believe the seat a request named) and is refused; a fifth phone tapping
    seat 1 is told another phone keeps it. Game 1 stays unconfirmed until another phone confirms it."""
    status, body = one.page.evaluate("""async (url) => {
        const body = new URLSearchParams({number: "1", version: "1", seat: "2", key: "confirm-as-seat-two",
            device: localStorage.getItem("cego.device"), secret: localStorage.getItem("cego.secret")});
        const answer = await fetch(url + "bestaetigen/", {method: "POST", body, headers: {Accept: "application/json"}});
        return [answer.status, await answer.text()];
    }""", url)
    assert status == 403, (status, body)
    assert not Game.objects.get(table=table, number=1).confirmed
    intruder = day["page"](day["context"](viewport=PHONE, is_mobile=True, has_touch=True))
    intruder.goto(url)
    intruder.click('#seat-choice .seat-button[data-seat="1"]')
    expect(intruder.locator("#messages")).to_contain_text("Sitz 1 wird schon von einem anderen Handy geführt")
    expect(intruder.locator("#me")).to_be_hidden()
    intruder.context.close()


def expect_flags(flags, kinds):
    for _ in range(50):
        if set(flags.values_list("kind", flat=True)) == kinds:
            return
        time.sleep(0.1)
    assert set(flags.values_list("kind", flat=True)) == kinds


def answer_in_the_hall(page, base, tournament, table):
    """The hall view shows the table's dispute and call, counted apart, and who sits where (a namesake with the
    town); the director answers the dispute with a decision note and the call without one. The tile keeps both
    with who and when, and the log says them in words."""
    page.goto(base + reverse("director:hall", args=[tournament.pk, 1]))
    tile = page.locator(f"#tile-{table.number}")
    expect(tile.locator(".flag.dispute")).to_contain_text("48 Punkte")
    expect(tile.locator(".flag.dispute")).to_contain_text("Spiel 2")
    expect(tile.locator(".flag.call")).to_contain_text("Wer gibt nach dem Streit?")
    expect(page.locator("#hall-calls")).to_have_attribute("data-count", "1")
    expect(page.locator("#hall-disputes")).to_have_attribute("data-count", "1")
    expect(tile.locator(".tile-players")).to_contain_text("Marie-Luise Schwörer (Furtwangen)")
    expect(page.locator("#hall-tiles")).to_contain_text("Marie-Luise Schwörer (Triberg)")
    shoot(page, "hall")
    decision = "Es waren 48: Spiel 2 wird am Tisch korrigiert"
    tile.locator(".flag.dispute input[name=note]").fill(decision)
    tile.locator(".flag.dispute button").click()
    page.wait_for_load_state()
    expect(page.locator(f"#tile-{table.number} .flag.dispute")).to_have_count(0)
    expect(page.locator("#hall-disputes")).to_have_attribute("data-count", "0")
    expect(page.locator("#hall-calls")).to_have_attribute("data-count", "1")
    page.locator(f"#tile-{table.number} .flag.call button").click()
    page.wait_for_load_state()
    expect(page.locator(f"#tile-{table.number} .flag.call")).to_have_count(0)
    expect(page.locator("#hall-calls")).to_have_attribute("data-count", "0")
    assert not TableFlag.objects.filter(table=table, resolved_at__isnull=True).exists()
    done = page.locator(f"#tile-{table.number} .flag-done")
    expect(done).to_have_count(2)
    expect(done.filter(has_text="Einspruch zu Spiel 2 entschieden")).to_contain_text(f": {decision}")
    expect(done.filter(has_text="Ruf beantwortet")).to_be_visible()
    for flag in TableFlag.objects.filter(table=table):
        when = timezone.localtime(flag.resolved_at).strftime("%H:%M")
        expect(done.filter(has_text=f"· {when} · leitung")).not_to_have_count(0)
    page.goto(base + reverse("director:audit", args=[tournament.pk]))
    log = page.locator("main")
    expect(log).to_contain_text(f"Einspruch entschieden: {decision} (Spiel 2)")
    expect(log).to_contain_text("Ruf beantwortet: ohne Notiz")


def correct_and_sign(phones, table):
    """The disputed game 2 is corrected by the phone that keyed it and confirmed again; every seat signs."""
    two = phones[2]
    two.refresh()
    two.page.click("#row-2")
    two.page.click("#row-2 + tr.detail-row button.correct")
    expect(two.page.locator("#entry-title")).to_have_attribute("data-version", "1")
    for digit in "C48":
        two.page.click(f'#entry .key[data-digit="{digit}"]')
    expect(two.page.locator("#preview ul.scores")).to_be_visible()
    two.save(2)
    phones[3].confirm(2)
    assert Game.objects.get(table=table, number=2).card_points == 48
    for phone in phones.values():
        phone.refresh()
        phone.page.click("#sign")
        expect(phone.page.locator("#you-signed")).to_be_visible()
    phones[1].refresh()
    expect(phones[1].page.locator("#signed")).to_contain_text("4")
    shoot(phones[1].page, "signed-390")
    zoomed(phones[1])


def zoomed(phone):
    """The same page at 200 % zoom: a 390 px phone with the text at twice its size is a 195 px wide CSS viewport
    (as tests/e2e/test_a11y_first_screen.py simulates it); nothing runs out sideways."""
    page = phone.page
    page.set_viewport_size({"width": PHONE["width"] // 2, "height": PHONE["height"] // 2})
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "table-200pct")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"] // 2 + 1
    assert "{#" not in page.inner_text("body")
    # Up to three characters ("−60", "+20") fit four columns of 16 px digits; "+120" does not yet (left to the
    # phone's layout at 200 %: it still breaks as "+12" / "0").
    broken = page.evaluate("""[...document.querySelectorAll('#sheet .c-seat .score, #sheet tfoot td.total')]
        .filter((el) => el.textContent.trim().length <= 3)
        .filter((el) => { const range = document.createRange(); range.selectNodeContents(el);
                          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1; })
        .map((el) => el.textContent.trim())""")
    assert broken == [], f"numbers broken over two lines at 200 %: {broken}"
    cut = page.evaluate("""[...document.querySelectorAll('#sheet .c-game strong')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)""")
    assert cut == [], f"contracts cut at 200 %: {cut}"
    page.set_viewport_size(PHONE)


def shoot(page, name):
    screenshot(page, str(SHOTS / f"{name}.png"), full_page=True)


# ---------------------------------------------------------------- the office: paper sheets, lock, finish

def enter_paper_sheets(round_, director, skip=()):
    """The tables that played on paper: their totals entered in the office (seat 1 won, the others paid)."""
    for table in round_.tables.exclude(pk__in=skip).order_by("number"):
        results_services.record_totals(table=table, totals={0: 60, 1: -20, 2: -10, 3: -30}, user=director)


def not_yet_round_2(page, base, tournament):
    """The director means to draw round 2 while round 1 is still open: the page asks first, "Abbrechen" goes back
    to round 1 and nothing is drawn."""
    page.goto(base + reverse("director:round", args=[tournament.pk, 2]))
    page.click("#draw-round")
    expect(page.locator("#confirm-h")).to_have_text("Durchgang 2 auslosen, während Durchgang 1 noch offen ist?")
    expect(page.locator("#confirm")).to_have_text("Durchgang 2 jetzt auslosen")
    page.click("#cancel")
    page.wait_for_load_state()
    assert page.url.endswith(reverse("director:round", args=[tournament.pk, 1]))
    assert not Round.objects.filter(tournament=tournament, number=2).exists()


def lock_round(page, base, tournament, number):
    """Locking asks first (phones can no longer write, corrections need a reason); confirmed, it is locked."""
    page.goto(base + reverse("director:round", args=[tournament.pk, number]))
    expect(page.locator("#lock-reason")).to_have_count(0)      # every table signed at the table or from paper
    page.click("#lock-round")
    expect(page.locator("#confirm-h")).to_have_text(f"Durchgang {number} sperren?")
    expect(page.locator("#confirm-panel")).to_contain_text("Handys")
    assert Round.objects.get(tournament=tournament, number=number).status == Round.Status.OPEN   # not yet
    page.click("#confirm")
    expect(page.locator("#round-status")).to_have_attribute("data-status", "locked")
    assert Round.objects.get(tournament=tournament, number=number).status == Round.Status.LOCKED


def finish(page, base, tournament):
    """Every round locked: the overview's next step says to finish the tournament, and one click does."""
    overview = base + reverse("director:tournament", args=[tournament.pk])
    page.goto(overview)
    expect(page.locator("#finish-hint")).to_contain_text("Jeder Durchgang ist gesperrt")
    expect(page.locator("#finished-note")).to_have_count(0)
    page.click("#finish-tournament")
    page.wait_for_load_state()
    assert page.url.endswith(overview[len(base):])
    expect(page.locator("#finished-note")).to_be_visible()
    expect(page.locator("#finish-tournament")).to_have_count(0)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def a_new_phone_on_a_locked_round(day, url):
    """A phone opening a locked round's link sees the final sheet: no seat asked, no pause or call button."""
    phone = day["page"](day["context"](viewport=PHONE, is_mobile=True, has_touch=True))
    phone.goto(url)
    expect(phone.locator("#locked")).to_be_visible()
    expect(phone.locator("#sheet")).to_be_visible()
    expect(phone.locator("#row-8")).to_be_visible()
    expect(phone.locator("#seat-choice")).to_be_hidden()
    expect(phone.locator("#live-toggle")).to_be_hidden()
    expect(phone.locator("#call")).to_be_hidden()
    expect(phone.locator("#entry")).to_be_hidden()
    phone.context.close()


def final_lists(page, base, tournament, folder):
    """The public standings and the standings PDF: 44 players once each, the namesakes both there, no "Summe"."""
    page.goto(base + reverse("public:tournament", args=[tournament.pk]))
    rows = page.locator("tr[data-entry]")
    expect(rows).to_have_count(44)
    expect(page.locator("#provisional")).to_have_count(0)
    text = page.inner_text("main")
    assert text.count("Schwörer") >= 2 and "Summe" not in text
    pdf = download(page, base + reverse("exports:tournament_download", args=[tournament.pk, "standings"]))
    words = pdf_text(pdf, folder)
    assert words.count("Schwörer") >= 2 and "Summe" not in words and "vorläufig" not in words.casefold()
    shoot(page, "final-standings")


# ---------------------------------------------------------------- the day

def test_a_real_day_in_a_real_hall(day, tmp_path, settings):
    base = day["base"]
    assert not re.match(r"http://(localhost|127\.)", base)
    office = day["context"](viewport={"width": 1440, "height": 900})
    page = day["page"](office)
    steps.log_in(page, SimpleNamespace(url=base))
    director = factories.user("leitung")
    season = Season.objects.create(name="Saison 2026", year=2026, senior_age=80)
    tournament = steps.create_tournament(page, base, season, name="Cego-Turnier Gütenbach", game="cego",
                                         round_count=2, fields=[("#id_games_per_round_4", GAMES)])
    not_public_before_the_draw(day, page, base, tournament, settings)

    import_club_list(page, base, tournament)
    assert len(club_list()) == 44
    check_everybody_in(page, base, tournament)
    round1 = draw_round(page, base, tournament, 1)
    public_with_the_draw(day, page, base, tournament)
    where_do_i_sit(day, base, tournament)
    print_round(page, base, tournament, round1, tmp_path, settings)

    marie = Entry.objects.get(tournament=tournament, player__first_name="Marie-Luise", player__town="Furtwangen")
    table = round1.tables.get(seats__entry=marie)
    enter_paper_sheets(round1, director, skip=[table.pk])
    phones = play_the_phone_table(day, table)
    answer_in_the_hall(page, base, tournament, table)
    correct_and_sign(phones, table)
    not_yet_round_2(page, base, tournament)
    lock_round(page, base, tournament, 1)
    for phone in phones.values():                     # a locked round's phone page shows the final sheet
        phone.refresh()
        expect(phone.page.locator("#locked")).to_be_visible()
        expect(phone.page.locator("#entry")).to_be_hidden()
        expect(phone.page.locator("#live-toggle")).to_be_hidden()
        expect(phone.page.locator("#call")).to_be_hidden()
        expect(phone.page.locator("#change-seat")).to_be_hidden()      # its seat stays; nothing to give up
    a_new_phone_on_a_locked_round(day, phones[1].page.url)
    shoot(phones[1].page, "locked-390")

    round2 = draw_round(page, base, tournament, 2)
    enter_paper_sheets(round2, director)
    lock_round(page, base, tournament, 2)
    finish(page, base, tournament)
    final_lists(page, base, tournament, tmp_path)

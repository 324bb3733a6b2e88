"""A real day in a real hall (issue 22), in Chromium, as a new director and four players live it.

The app is served on the laptop's own network address (not loopback), as the hall serves it; the director's
browser and the four phones reach it there. The day:

1. the director logs in, creates the tournament and imports the club's list (``fixtures/anmeldeliste-
   guetenbach.xlsx``: a title line, "Lfd. Nr.", "Geb.-Jahr", "Startgeld bezahlt (j/n)", "Bemerkung", namesakes,
   a sum line "Summe Startgeld:" with a formula) through the preview;
2. checks everybody in at the desk by start number and draws round 1;
3. prints the round's table cards and score sheets: every QR code, read back with ``zbarimg``, is the table's link
   on the hall address;
4. four phones (one browser context each, 390 px) play the table of a "Marie-Luise Schwörer": one phone is offline
   for three games and its queue is sent when it is back, one phone is stale (it has not asked for the sheet since
   the first game) when it keys; a dispute and a call, answered in the hall view; every seat signs;
5. the other tables are entered in the office from their paper sheets; the director locks round 1, draws and
   plays round 2 (all from paper), locks it and finishes the tournament;
6. the final lists: the public standings and the standings PDF, 44 players, nobody twice, nobody called "Summe".

Screenshots of a phone at 390 px and at 200 % zoom go to ``/tmp/real-day-shots/`` (looked at by a person, not
committed). Steps written against a feature that had not landed yet say ``TODO when … lands``.
"""

import io
import pathlib
import re
import shutil
import subprocess
from types import SimpleNamespace

import openpyxl
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
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
    assert not errors, f"JavaScript errors: {errors}"


# ---------------------------------------------------------------- the list, the desk, the draw

def club_list():
    """The list's rows as the club wrote them: ``[(nr, name, first name, town, year, paid, remark)]``."""
    sheet = openpyxl.load_workbook(LIST, data_only=True).active
    rows = [tuple(c.value for c in row) for row in sheet.iter_rows(min_row=4)]
    return [r for r in rows if isinstance(r[0], int)]


def without_the_sum_line(folder):
    """The list as a director corrects it by hand today: the sum line deleted (the rest as the club wrote it)."""
    book = openpyxl.load_workbook(LIST)
    sheet = book.active
    for row in range(sheet.max_row, 3, -1):
        if not isinstance(sheet.cell(row=row, column=1).value, int):
            sheet.delete_rows(row)
    path = folder / LIST.name
    book.save(path)
    return path


def import_club_list(page, base, tournament, folder):
    steps.upload_list(page, base, tournament, LIST)
    preview = page.locator("#import-preview tbody tr")
    expect(preview.first).to_be_visible()
    shoot(page, "import-preview")
    # TODO when the club-list import lands (branch wt22-import): the sum line is marked and left out, "Lfd. Nr."
    # gives the start numbers, "Geb.-Jahr" the birth years, "Startgeld bezahlt (j/n)" paid, "Bemerkung" the note:
    #   footer = page.locator("#import-preview tr[data-left-out=footer]")
    #   expect(footer).to_have_count(1); expect(footer).to_contain_text("Summe Startgeld:")
    #   page.click("#import")            — and no corrected upload below; then assert the paid marks, birth
    #   years (youth: Faller, Ketterer) and notes ("Vater", "Sohn, zahlt vor Ort") of the entries.
    # Today the sum line is an error ("first and last name required") and nothing can be imported: the director
    # deletes the line in the file and uploads it again.
    expect(page.locator("#import-preview")).to_contain_text("Summe Startgeld:")
    expect(page.locator("#import")).to_have_count(0)
    steps.upload_list(page, base, tournament, without_the_sum_line(folder))
    expect(preview).to_have_count(44)
    page.click("#import")
    page.wait_for_load_state()
    entries = Entry.objects.filter(tournament=tournament).select_related("player")
    assert entries.count() == 44
    assert not any("summe" in f"{e.player.first_name} {e.player.last_name}".casefold() for e in entries)
    names = sorted((e.player.last_name, e.player.first_name, e.player.town) for e in entries)
    assert len(set(names)) == 44                            # namesakes stay two people (the town tells them apart)
    assert sorted(e.player.town for e in entries if e.player.last_name == "Schwörer") == ["Furtwangen", "Triberg"]


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


def where_do_i_sit(day, base, tournament):
    """A player's own phone asks "Wo sitze ich?" after the draw: both Marie-Luise Schwörer find their tables.
    TODO when namesakes land: each line says which one (the town)."""
    visitor = day["page"](day["context"](viewport=PHONE, is_mobile=True, has_touch=True))
    answer = visitor.goto(base + reverse("public:seat", args=[tournament.pk]) + "?q=Schw%C3%B6rer")
    assert answer.status == 200
    expect(visitor.locator("main")).to_contain_text("Marie-Luise")
    assert visitor.locator("main").inner_text().count("Marie-Luise") >= 2
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


def pdf_text(pdf, folder):
    source = folder / "text.pdf"
    source.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(source), "-"], capture_output=True, text=True,
                          check=True).stdout


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
    # TODO when namesakes land: the sheet's column heads tell the two Marie-Luise Schwörer apart (town or number),
    # never "Mar… Mar…".


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
    """Eight games on four phones; one offline for three games, one stale; a dispute and a call. The phones."""
    token = TableLink.objects.get(table=table, revoked_at__isnull=True).token
    url = f"{day['base']}/t/{token}/"
    phones = {seat: Phone(day, url, seat, service_workers="block" if seat == 2 else "allow") for seat in (1, 2, 3, 4)}
    one, two, three, four = (phones[s] for s in (1, 2, 3, 4))
    shoot(one.page, "seat-390")
    # TODO when namesakes land (branch wt22-names): every seat button carries its start number, and the sheet's
    # column heads never cut two names to the same text:
    #   expect(one.page.locator('#seat-choice .seat-button .startno')).to_have_count(4)   (after "Platz ändern")

    one.key(1, "C", None, "45")
    one.save(1)
    one_phone_one_seat(day, url, one, table)
    two.confirm(1)

    # Phone 2 loses the connection for three games: they wait on the phone, then go out in order.
    two.refresh()
    expect(two.page.locator("#entry-title")).to_have_attribute("data-number", "2")
    two.context.set_offline(True)
    for number, game in zip((2, 3, 4), (("H", 3, "47"), ("C", None, "38"), ("S", 4, "50"))):
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

    # Phone 4 has not asked for the sheet since game 1 (its clock stood still) and keys game 5.
    # TODO when the fresh sheet lands: no refresh here — opening the keypad asks for the sheet first, and the
    # dealer and forehand shown are those of game 5.
    four.refresh()
    four.key(5, "C", None, "40")
    four.save(5)
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
    flags = TableFlag.objects.filter(table=table, resolved_at__isnull=True)
    expect_flags(flags, {"dispute", "call"})
    return phones


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
    import time

    for _ in range(50):
        if set(flags.values_list("kind", flat=True)) == kinds:
            return
        time.sleep(0.1)
    assert set(flags.values_list("kind", flat=True)) == kinds


def answer_in_the_hall(page, base, tournament, table):
    """The hall view shows the table's dispute and call; the director answers both with "Erledigt"."""
    page.goto(base + reverse("director:hall", args=[tournament.pk, 1]))
    tile = page.locator(f"#tile-{table.number}")
    expect(tile.locator(".flag.dispute")).to_contain_text("48 Punkte")
    expect(tile.locator(".flag.call")).to_be_visible()
    shoot(page, "hall")
    # TODO when the hall's decision note lands: "done" takes a note, and the log says "dispute resolved: …" and
    # "call answered: …"; the hall counts calls and disputes apart.
    for kind in ("dispute", "call"):
        tile.locator(f".flag.{kind} button").first.click()
        page.wait_for_load_state()
        expect(page.locator(f"#tile-{table.number} .flag.{kind}")).to_have_count(0)
    assert not TableFlag.objects.filter(table=table, resolved_at__isnull=True).exists()


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
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


# ---------------------------------------------------------------- the office: paper sheets, lock, finish

def enter_paper_sheets(round_, director, skip=()):
    """The tables that played on paper: their totals entered in the office (seat 1 won, the others paid)."""
    for table in round_.tables.exclude(pk__in=skip).order_by("number"):
        results_services.record_totals(table=table, totals={0: 60, 1: -20, 2: -10, 3: -30}, user=director)


def lock_round(page, base, tournament, number):
    page.goto(base + reverse("director:round", args=[tournament.pk, number]))
    expect(page.locator("#lock-reason")).to_have_count(0)      # every table signed at the table or from paper
    # TODO when the end-of-day confirmations land: locking asks first (a confirm page); confirm it here.
    page.click("#lock-round")
    expect(page.locator("#round-status")).to_have_attribute("data-status", "locked")


def finish(page, base, tournament, director):
    """TODO when "finish the tournament" lands: the tournament page's next step says to finish it, one click
    finishes it, and the "provisional" marks go from every page and paper. Until then the director's office has
    no button for it; the service does what the button will do."""
    from tournament.seasons import services as seasons

    seasons.update_tournament(tournament=tournament, user=director, status=Tournament.Status.FINISHED)


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
    season = Season.objects.create(name="Saison 2026", year=2026)
    tournament = steps.create_tournament(page, base, season, name="Cego-Turnier Gütenbach", game="cego",
                                         round_count=2, fields=[("#id_games_per_round_4", GAMES)])
    # Today a new tournament is not public until the director ticks "published" in its settings.
    # TODO when publishing lands (branch wt22-publish): it becomes public with its first draw — before the draw
    # every office page says players can't see it (with "publish"); drop this step and assert that instead.
    assert not tournament.published
    page.goto(base + reverse("director:tournament_edit", args=[tournament.pk]))
    page.check("#id_published")
    page.click("#save")
    page.wait_for_load_state()
    tournament.refresh_from_db()
    assert tournament.published

    import_club_list(page, base, tournament, tmp_path)
    assert len(club_list()) == 44
    check_everybody_in(page, base, tournament)
    round1 = draw_round(page, base, tournament, 1)
    where_do_i_sit(day, base, tournament)
    print_round(page, base, tournament, round1, tmp_path, settings)

    marie = Entry.objects.get(tournament=tournament, player__first_name="Marie-Luise", player__town="Furtwangen")
    table = round1.tables.get(seats__entry=marie)
    enter_paper_sheets(round1, director, skip=[table.pk])
    phones = play_the_phone_table(day, table)
    answer_in_the_hall(page, base, tournament, table)
    correct_and_sign(phones, table)
    lock_round(page, base, tournament, 1)
    for phone in phones.values():                     # a locked round's phone page shows the final sheet
        phone.refresh()
        expect(phone.page.locator("#locked")).to_be_visible()
        expect(phone.page.locator("#entry")).to_be_hidden()
    # TODO when the end of the day lands (branch wt22-publish): a new phone opening the locked round's link is
    # asked for no seat and offered no pause button.
    shoot(phones[1].page, "locked-390")

    round2 = draw_round(page, base, tournament, 2)
    enter_paper_sheets(round2, director)
    lock_round(page, base, tournament, 2)
    finish(page, base, tournament, director)
    final_lists(page, base, tournament, tmp_path)

"""Table cards (A6, QR code per table) and the QR code on the score sheet: the printed code is read back from
the rendered page (``pdftoppm`` → PNG → ``zbarimg``), must be the table's link, and the link must open that
table."""

import io
import shutil
import subprocess

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests import factories
from tournament import exports as exporters
from tournament.draws import links
from tournament.models import ExportJob, Round
from tournament.results import services

pytestmark = pytest.mark.django_db

TOOLS = ("pdftoppm", "zbarimg", "pdftotext")
needs_tools = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="pdftoppm/pdftotext (poppler-utils) and zbarimg (zbar-tools) are needed: make test installs them, "
           "or apt-get install poppler-utils zbar-tools")
BASE = "http://testserver"


def codes(pdf, tmp_path, page):
    """The QR codes zbarimg reads on ``page`` (1-based) of ``pdf`` rendered at 200 dpi."""
    source = tmp_path / "file.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "200", "-f", str(page), "-l", str(page), "-singlefile", str(source),
                    str(tmp_path / "page")], check=True)
    found = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable",
                            str(tmp_path / "page.png")], capture_output=True, text=True)
    assert found.returncode in (0, 4), found.stderr        # 4: no code on the page
    return found.stdout.split()


def text(pdf, tmp_path, page):
    source = tmp_path / "text.pdf"
    source.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(source), "-"],
                         capture_output=True, text=True, check=True)
    return out.stdout


def opens_table(client, url, table):
    """The link (an absolute URL on the test server) opens the phone page of ``table``."""
    assert url.startswith(BASE + "/t/")
    response = client.get(url.removeprefix(BASE))
    assert response.status_code == 200
    assert f"Tisch {table.number}" in response.content.decode()


@pytest.fixture
def round9():
    t, round_ = factories.drawn(players=9)         # a table of 4 and one of 5
    return t, round_


@needs_tools
def test_table_cards_one_a6_page_per_table_with_a_readable_qr_code(client, round9, tmp_path):
    t, round_ = round9
    _name, content_type, pdf = exporters.get("table_cards").render(round_=round_, site_url=BASE + "/")
    assert content_type == "application/pdf"
    reader = PdfReader(io.BytesIO(pdf))
    tables = list(round_.tables.order_by("number"))
    assert len(reader.pages) == len(tables)
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (105, 148)   # A6
    active = links.active_links(round_)
    for page, table in enumerate(tables, start=1):
        url = links.link_url(active[table.pk], BASE)
        assert codes(pdf, tmp_path, page) == [url]
        opens_table(client, url, table)
        words = text(pdf, tmp_path, page)
        assert "Tisch" in words and str(table.number) in words and "Durchgang 1" in words
        assert url in "".join(words.split())                   # the address in words (may wrap)
        for seat in table.seats.select_related("entry__player"):
            assert seat.entry.player.last_name in words
        assert "gibt zuerst" in words


@needs_tools
def test_reissued_link_is_printed_and_the_old_one_is_gone(client, round9, tmp_path):
    t, round_ = round9
    table = round_.tables.get(number=2)
    old = links.active_links(round_)[table.pk]
    new = links.reissue_link(table=table, user=factories.user())
    _name, _type, pdf = exporters.get("table_cards").render(round_=round_, site_url=BASE)
    assert codes(pdf, tmp_path, 2) == [links.link_url(new, BASE)]
    assert client.get(links.link_path(old)).status_code == 404
    opens_table(client, links.link_url(new, BASE), table)


@needs_tools
def test_the_exports_page_passes_its_address_along(client, round9, tmp_path, settings):
    t, round_ = round9
    client.force_login(factories.staff())
    url = reverse("exports:round_download", args=[t.pk, 1, "table_cards"])
    pdf = client.get(url).content
    table = round_.tables.get(number=1)
    link_url = links.link_url(links.active_links(round_)[table.pk], BASE)
    assert codes(pdf, tmp_path, 1) == [link_url]
    response = client.post(url)                                     # the background job (run at once here)
    assert response.status_code == 202
    job = ExportJob.objects.get()
    assert job.parameters == {"site_url": BASE + "/"} and job.status == ExportJob.Status.DONE
    assert codes(job.file.open("rb").read(), tmp_path, 1) == [link_url]
    settings.CEGO_SITE_URL = "http://192.168.1.20:8000"
    pdf = client.get(url).content
    assert codes(pdf, tmp_path, 1) == [links.link_url(links.active_links(round_)[table.pk],
                                                      "http://192.168.1.20:8000")]


def test_without_an_address_the_card_prints_the_path_and_no_code(round9, settings):
    settings.CEGO_SITE_URL = ""
    t, round_ = round9
    context = exporters.get("table_cards").context(round_=round_)
    card = context["cards"][0]
    assert card["link"]["url"].startswith("/t/") and card["link"]["qr"] == ""
    assert context["cards"][0]["seats"][0]["first"] and len(context["cards"][1]["seats"]) == 5


@needs_tools
def test_score_sheet_carries_the_table_qr_code_while_the_round_is_open(client, round9, tmp_path):
    t, round_ = round9
    tables = list(round_.tables.order_by("number"))
    active = links.active_links(round_)
    _name, _type, pdf = exporters.get("score_sheet").render(table=tables[1], site_url=BASE)
    url = links.link_url(active[tables[1].pk], BASE)
    assert codes(pdf, tmp_path, 1) == [url]
    assert codes(pdf, tmp_path, 2) == []                            # the tariff on the back: no code
    opens_table(client, url, tables[1])
    _name, _type, pdf = exporters.get("score_sheets").render(round_=round_, site_url=BASE)
    assert [codes(pdf, tmp_path, page) for page in (1, 3)] == [
        [links.link_url(active[table.pk], BASE)] for table in tables]
    words = text(pdf, tmp_path, 1)
    assert "Tisch" in words and tables[0].seats.first().entry.player.last_name in words
    factories.play(round_)
    services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=factories.user())
    round_.refresh_from_db()
    _name, _type, pdf = exporters.get("score_sheet_filled").render(table=tables[0], site_url=BASE)
    assert codes(pdf, tmp_path, 1) == []                            # locked: the link only reads, no code


def test_score_sheet_without_a_link_prints_no_code(round9):
    t, round_ = round9
    table = round_.tables.order_by("number").first()
    from tournament.models import TableLink

    TableLink.objects.filter(table=table).delete()
    _name, _type, pdf = exporters.get("score_sheet").render(table=table, site_url=BASE)
    assert pdf.startswith(b"%PDF") and b"segno" not in pdf


"""The hall (README, *The hall*): this laptop's address found and used for the table links, the warning before a
table link is printed that no phone can reach, and ``make hall`` itself serving a real day on a non-loopback
address with QR codes pointing at it."""

import http.cookiejar
import io
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.urls import reverse

from tests import factories, prepared
from tournament import exports as exporters
from tournament.common import addresses
from tournament.config import hall
from tournament.draws import links
from tournament.management.commands.demo import served_at

ROOT = Path(django_settings.BASE_DIR)
LAN = addresses.lan_address()


# --- the rule: which addresses phones can't reach ----------------------------------------------------------------

@pytest.mark.parametrize(("base", "problem"), [
    ("http://127.0.0.1:8200", "loopback"),
    ("http://127.3.4.5", "loopback"),
    ("http://localhost:8000", "loopback"),
    ("http://[::1]:8000", "loopback"),
    ("http://0.0.0.0:8000", "loopback"),
    ("http://192.168.77.77:8000", "elsewhere"),         # a private address that is not this machine's
    ("http://10.1.2.3:8000", None),                     # … unless it is (the set passed below)
    ("https://cego.example.org", None),                 # a name: only DNS knows, taken as given
    ("http://8.8.8.8:8000", None),                      # public: maybe a NAT, taken as given
    ("", None),                                         # no base: no QR code is printed at all
])
def test_link_problem(base, problem):
    assert addresses.link_problem(base, local={"10.1.2.3", "127.0.0.1"}) == problem


def test_the_laptops_own_address_is_never_loopback():
    assert LAN is None or addresses.link_problem(f"http://{LAN}:8000") is None
    assert LAN is None or LAN in addresses.local_addresses()


def test_hall_settings_fill_in_what_the_environment_leaves_unset(tmp_path, monkeypatch):
    monkeypatch.setattr(hall, "VAR", tmp_path)
    chosen = hall.hall_settings({"PORT": "8123"}, lan="192.168.5.9", names={"laptop", "localhost"})
    assert chosen["CEGO_SITE_URL"] == "http://192.168.5.9:8123"
    assert chosen["BIND"] == "0.0.0.0:8123" and chosen["DJANGO_DEBUG"] == "0" and chosen["DJANGO_HTTPS"] == "0"
    assert set(chosen["DJANGO_ALLOWED_HOSTS"].split(",")) == {"laptop", "localhost", "192.168.5.9"}
    assert chosen["DATABASE_URL"].endswith("hall.sqlite3") and "db.sqlite3" not in chosen["DATABASE_URL"]
    key = (tmp_path / "secret_key")
    assert chosen["DJANGO_SECRET_KEY"] == key.read_text().strip() and len(chosen["DJANGO_SECRET_KEY"]) >= 50
    assert key.stat().st_mode & 0o777 == 0o600
    again = hall.hall_settings({"PORT": "8123"}, lan="192.168.5.9", names=set())
    assert again["DJANGO_SECRET_KEY"] == chosen["DJANGO_SECRET_KEY"]            # kept, not made anew


def test_cego_site_url_still_wins_and_is_allowed(tmp_path, monkeypatch):
    monkeypatch.setattr(hall, "VAR", tmp_path)
    chosen = hall.hall_settings({"CEGO_SITE_URL": "http://cego.verein.de", "DJANGO_SECRET_KEY": "x" * 50},
                                lan="192.168.5.9", names=set())
    assert "CEGO_SITE_URL" not in chosen and "DJANGO_SECRET_KEY" not in chosen
    assert "cego.verein.de" in chosen["DJANGO_ALLOWED_HOSTS"].split(",")
    with pytest.raises(SystemExit):
        hall.hall_settings({"PORT": "80a"}, lan=None, names=set())


def test_hall_env_is_shell_safe(monkeypatch, tmp_path):
    monkeypatch.setattr(hall, "VAR", tmp_path)
    monkeypatch.setenv("PORT", "8124")
    monkeypatch.setenv("CEGO_SITE_URL", "http://x'; rm -rf /tmp/nothing #")
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert hall.main(["hall.py", "env"]) == 0
    script = out.getvalue() + 'printf %s "$DJANGO_ALLOWED_HOSTS"'
    shown = subprocess.run(["sh", "-c", script], capture_output=True, text=True, check=True).stdout
    expected = hall.hall_settings(os.environ)["DJANGO_ALLOWED_HOSTS"]
    assert "x'; rm -rf" in expected and shown == expected              # the value arrives whole, nothing runs


def test_make_run_prints_the_address_it_really_serves_on():
    assert served_at("127.0.0.1:8765") == "http://127.0.0.1:8765"
    assert served_at("http://0.0.0.0:8765/") == f"http://{LAN or '127.0.0.1'}:8765"


# --- the warning on the round page, the print dialog and the printed card ---------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("base", ["http://127.0.0.1:8200", "http://192.168.77.77:8000"])
def test_round_page_and_exports_page_warn_before_printing(client, settings, base):
    settings.CEGO_SITE_URL = base
    t, _round = factories.drawn(players=8)
    client.force_login(factories.staff())
    host = addresses.host_of(base)
    for url in (reverse("director:round", args=[t.pk, 1]), reverse("exports:tournament", args=[t.pk])):
        page = client.get(url).content.decode()
        assert 'id="link-warning"' in page, url
        assert host in page.split('id="link-warning"')[1][:800]


@pytest.mark.django_db
def test_no_warning_where_phones_reach_the_links(client, settings):
    settings.CEGO_SITE_URL = "https://cego.verein.de"
    t, _round = factories.drawn(players=8)
    client.force_login(factories.staff())
    assert 'id="link-warning"' not in client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert links.link_warning("https://cego.verein.de") == ""


@pytest.mark.django_db
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is needed")
@pytest.mark.parametrize(("identifier", "warned"), [("table_cards", True), ("score_sheets", True),
                                                   ("table_cards", False)])
def test_printed_cards_and_sheets_say_so(tmp_path, identifier, warned):
    _t, round_ = factories.drawn(players=8)
    site = "http://127.0.0.1:8200" if warned else "https://cego.verein.de"
    _name, _type, pdf = exporters.get(identifier).render(round_=round_, site_url=site)
    (tmp_path / "f.pdf").write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(tmp_path / "f.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    flat = " ".join(text.split())
    assert ("Achtung" in flat and "127.0.0.1" in flat) == warned, flat[:600]


# --- make hall, for real ------------------------------------------------------------------------------------------

def free_port():
    with socket.socket() as s:
        s.bind(("0.0.0.0", 0))
        return s.getsockname()[1]


def read_until(proc, pattern, seconds):
    """stdout of ``proc`` up to the first line matching ``pattern`` (the process is left running)."""
    seen, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                break
            continue
        seen.append(line)
        if re.search(pattern, line):
            return "".join(seen)
    raise AssertionError("make hall did not get there:\n" + "".join(seen)[-4000:])


def qr_codes(pdf, tmp_path):
    (tmp_path / "cards.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "200", "-f", "1", "-l", "1", "-singlefile", str(tmp_path / "cards.pdf"),
                    str(tmp_path / "card")], check=True)
    found = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(tmp_path / "card.png")],
                           capture_output=True, text=True)
    return found.stdout.split()


@pytest.mark.skipif(LAN is None, reason="this machine has no address but loopback: no hall network to serve on")
@pytest.mark.skipif(any(shutil.which(t) is None for t in ("make", "pdftoppm", "zbarimg")),
                    reason="make, pdftoppm (poppler-utils) and zbarimg (zbar-tools) are needed")
def test_make_hall_serves_a_day_on_the_hall_address(tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CEGO_", "DATABASE_URL", "PYTEST"))}
    env.update(PORT=str(port), DATABASE_URL=f"sqlite:///{tmp_path / 'hall.sqlite3'}", CEGO_EXPORT_CONCURRENCY="1",
               DJANGO_SECRET_KEY="hall-test-" + "k" * 50, WORKERS="1", THREADS="4", LANG="de_DE.UTF-8")
    python = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable
    # A drawn round and an office account in the hall's (empty) database, as the director would make them; the
    # empty database is a copy of what `migrate` makes (tests/prepared.py), `make hall` runs `migrate` itself.
    prepared.migrated_sqlite(tmp_path / "hall.sqlite3", env)
    made = subprocess.run(
        [python, "manage.py", "shell", "-c",
         "from tests import factories; from django.contrib.auth import get_user_model\n"
         "t, r = factories.drawn(players=8)\n"
         "get_user_model().objects.create_superuser('leiter', password='hall-test-pw-9')\n"
         "print('TOURNAMENT', t.pk)"], cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout
    tournament = int(re.search(r"TOURNAMENT (\d+)", made).group(1))

    proc = subprocess.Popen(["make", "--no-print-directory", "hall"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out = read_until(proc, r"Strg\+C", 180)
        site = f"http://{LAN}:{port}"
        assert f"{site}/" in out and "█" in out                         # the address and a QR code
        assert "127.0.0.1" not in out.split("Cego – das Turnier im Saal")[1]
        # The start page answers on the hall address, with DEBUG off (the app's own pages, no debug page).
        assert urllib.request.urlopen(f"{site}/", timeout=20).status == 200
        # The director logs in over plain http and downloads the table cards.
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        login = f"{site}{reverse('login')}"
        page = opener.open(login, timeout=20).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": "leiter",
                                       "password": "hall-test-pw-9"}).encode()
        opener.open(urllib.request.Request(login, data=data, headers={"Referer": login, "Origin": site}), timeout=20)
        round_page = opener.open(f"{site}{reverse('director:round', args=[tournament, 1])}", timeout=20)
        assert 'id="link-warning"' not in round_page.read().decode()     # the links reach the phones: no warning
        pdf = opener.open(f"{site}{reverse('exports:round_download', args=[tournament, 1, 'table_cards'])}",
                          timeout=60).read()
        assert pdf.startswith(b"%PDF")
        codes = qr_codes(pdf, tmp_path)
        assert codes and all(code.startswith(f"{site}/t/") for code in codes), codes
        phone = urllib.request.urlopen(codes[0], timeout=20)             # the code opens the table's phone page
        assert phone.status == 200 and "Tisch 1" in phone.read().decode()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)

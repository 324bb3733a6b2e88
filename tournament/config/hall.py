"""``make hall``: the app for a real tournament day on the hall's own network (README, *The hall*).

Two steps, called by the Makefile with the project's Python before and after gunicorn starts:

``python tournament/config/hall.py env``
    prints the shell ``export`` lines of the hall's settings, each only where the environment does not set it
    already: production (``DJANGO_DEBUG=0``) on plain http (``DJANGO_HTTPS=0``: a hall has no certificate), a
    secret key made once and kept in ``var/secret_key`` (0600), the hall's own database ``var/hall.sqlite3`` (never
    the demo's ``db.sqlite3``), ``CEGO_SITE_URL`` = this laptop's address in the hall's network and ``PORT``
    (the table links and their QR codes), ``DJANGO_ALLOWED_HOSTS`` = every address and name of this laptop, and
    ``BIND=0.0.0.0:PORT``.
``python tournament/config/hall.py banner [--wait SECONDS]``
    waits until the server answers on ``PORT``, then prints the start page's address and its QR code in the
    terminal, and what to do when the laptop has no network.

Standard library (and segno, from requirements.txt, for the terminal QR code); no Django: it runs before Django's
settings can be read.
"""

import os
import secrets
import shlex
import socket
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from tournament.common import addresses  # the project root is on the path only now

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR = BASE_DIR / "var"

WORDS = {
    "de": {
        "title": "Cego – das Turnier im Saal",
        "open": "Die Handys und Laptops im Saal öffnen (im selben WLAN):",
        "office": "Turnierleitung:",
        "links": "Tisch-Links und QR-Codes auf den Tischkarten zeigen auf",
        "none": ("Dieser Laptop hat keine Adresse im Netz: Handys erreichen ihn nicht. Verbinden Sie ihn mit dem "
                 "WLAN des Saals (oder schalten Sie seinen Hotspot ein) und starten Sie „make hall“ neu."),
        "stop": "Strg+C beendet den Server. Die Daten liegen in",
        "late": "Der Server antwortet noch nicht auf Port",
    },
    "en": {
        "title": "Cego – the tournament in the hall",
        "open": "Phones and laptops in the hall open (on the same Wi-Fi):",
        "office": "Tournament office:",
        "links": "Table links and the QR codes on the table cards point to",
        "none": ("This laptop has no address on a network: no phone can reach it. Connect it to the hall's Wi-Fi "
                 "(or turn its hotspot on) and start “make hall” again."),
        "stop": "Ctrl+C stops the server. The data is in",
        "late": "The server does not answer yet on port",
    },
}


def words():
    lang = (os.environ.get("LANGUAGE") or os.environ.get("LC_ALL") or os.environ.get("LANG") or "de")[:2]
    return WORDS["en" if lang == "en" else "de"]


def secret_key(path=None):
    """The hall's secret key: made once (50+ random characters), kept readable by its owner only."""
    path = Path(path or VAR / "secret_key")
    if path.exists():
        key = path.read_text().strip()
        if len(key) >= 50:
            return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key


def hall_settings(environ, *, lan=None, names=None):
    """{variable: value} the hall sets where ``environ`` leaves it unset (``lan``/``names`` for tests)."""
    port = (environ.get("PORT") or "8000").strip()
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise SystemExit(f"make hall: PORT must be a port number, not {port!r}")
    lan = addresses.lan_address() if lan is None else lan
    if names is None:
        host = socket.gethostname()
        names = {host, f"{host}.local", "localhost", "127.0.0.1", "::1"} | set(addresses.local_addresses())
    chosen = {"DJANGO_DEBUG": "0", "DJANGO_HTTPS": "0", "PORT": port, "BIND": f"0.0.0.0:{port}",
              "DATABASE_URL": f"sqlite:///{VAR / 'hall.sqlite3'}"}
    if lan:
        chosen["CEGO_SITE_URL"] = f"http://{lan}:{port}"
    site = environ.get("CEGO_SITE_URL") or chosen.get("CEGO_SITE_URL", "")
    site_host = addresses.host_of(site)
    chosen["DJANGO_ALLOWED_HOSTS"] = ",".join(sorted(set(names) | ({lan} if lan else set())
                                                     | ({site_host} if site_host else set())))
    result = {k: v for k, v in chosen.items() if not (environ.get(k) or "").strip()}
    if not (environ.get("DJANGO_SECRET_KEY") or "").strip():
        result["DJANGO_SECRET_KEY"] = secret_key()
    return result


def start_url(environ):
    site = (environ.get("CEGO_SITE_URL") or "").rstrip("/")
    return (site or f"http://127.0.0.1:{environ.get('PORT') or 8000}") + "/"


def answers(port, timeout=1.0):
    try:
        with socket.create_connection(("127.0.0.1", int(port)), timeout=timeout):
            return True
    except OSError:
        return False


def banner(environ, out=sys.stdout, wait=0.0):
    """The start page's address and QR code, once the server answers (or after ``wait`` seconds)."""
    w = words()
    port = environ.get("PORT") or "8000"
    deadline = time.monotonic() + wait
    while wait and not answers(port) and time.monotonic() < deadline:
        time.sleep(0.3)
    if wait:
        time.sleep(1.5)         # let gunicorn's workers say they booted before the banner, not inside it
    url = start_url(environ)
    lines = ["", "=" * 72, w["title"], "=" * 72]
    if addresses.link_problem(url) == "loopback":
        lines += ["", "!! " + w["none"], ""]
    lines += [w["open"], "", "    " + url, ""]
    out.write("\n".join(lines) + "\n")
    try:
        import segno  # optional here: the launcher prints the address alone without it (not for a cycle)

        segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    except ImportError:         # the virtual environment is not installed: the address alone
        pass
    out.write("\n".join([
        "", f"{w['office']} {url}leitung/", f"{w['links']} {url.rstrip('/')}",
        f"{w['stop']} {environ.get('DATABASE_URL', '').removeprefix('sqlite:///')}",
        *([f"!! {w['late']} {port}."] if wait and not answers(port) else []), "=" * 72, ""]))
    out.flush()


def main(argv):
    command = argv[1] if len(argv) > 1 else ""
    if command == "env":
        for name, value in hall_settings(os.environ).items():
            print(f"export {name}={shlex.quote(value)}")
        return 0
    if command == "banner":
        wait = float(argv[3]) if len(argv) > 3 and argv[2] == "--wait" else 0.0
        banner(os.environ, wait=wait)
        return 0
    print("usage: hall.py env | banner [--wait SECONDS]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Paper test data and readers, shared by the PDF tests of tests/exports: the longest names, towns and team a Black
Forest tournament meets (``long_name_tournament``), and the words of a PDF with their boxes (``words``, from
``pdftotext -bbox``)."""

import subprocess
import tempfile
from xml.etree import ElementTree

from tests import factories
from tournament.draws import services as draws
from tournament.models import Entry, Player, Round, Team
from tournament.results import services

# (first name, last name, town): the longest a Black Forest tournament meets, double names and double towns
LONG_PLAYERS = [
    ("Maria-Theresia", "Oberholzer-Schwarzwälder", "Villingen-Schwenningen"),
    ("Hans-Friedrich", "Kienzler-Oberholzer", "Furtwangen im Schwarzwald"),
    ("Anna-Katharina", "Dürrenberger-Hättich", "Oberschwarzenbach"),
    ("Karl-Heinz", "Schwarzwälder-Kirschbaum", "Titisee-Neustadt"),
    ("Eva-Maria", "Fehrenbach-Scherzinger", "Hinterzarten"),
    ("Wolfgang", "Zähringer-Wangler", "Königsfeld im Schwarzwald"),
    ("Rosemarie", "Tritschler-Furtwängler", "Obereschach"),
    ("Franz-Josef", "Heizmann-Dold", "Bräunlingen-Döggingen"),
    ("Marie-Luise", "Schwörer-Rombach", "St. Georgen im Schwarzwald"),
]
TOURNAMENT = "Cego-Turnier Dürrenberg-Oberschwarzenbach"
VENUE = "Gasthaus Zum Hirschen, Dürrenberg-Oberschwarzenbach"
TEAM = "Cego-Freunde Oberschwarzenbach 2"

def long_name_tournament():
    """9 players (a table of 4 and one of 5) with long names, towns and a team: round 1 played and locked, round
    2 drawn and played at one of its two tables — a running tournament."""
    t = factories.tournament(players=9, name=TOURNAMENT, venue=VENUE, published=True)
    team = Team.objects.create(season=t.season, name=TEAM)
    for entry, (first, last, town) in zip(t.entries.order_by("start_number"), LONG_PLAYERS, strict=False):
        Player.objects.filter(pk=entry.player_id).update(first_name=first, last_name=last, town=town)
    Entry.objects.filter(tournament=t, start_number__lte=4).update(team=team)
    first = draws.draw_round(tournament=t, number=1, user=factories.user())
    factories.play(first)
    services.set_round_status(round_=first, status=Round.Status.LOCKED, user=factories.user())
    second = draws.draw_round(tournament=t, number=2, user=factories.user())
    factories.play_table(second.tables.order_by("number").first())
    return t


def ink(text, x0, y0, x1, y1):
    """A word's box narrowed to where its letters are: ``pdftotext`` gives the font's whole line box (ascent to
    descent, larger than the letters: a 62-pt table number's box reaches into the label above it); the middle
    60 % of its height and 90 % of its width is ink for any text."""
    dy, dx = (y1 - y0) * 0.2, (x1 - x0) * 0.05
    return text, x0 + dx, y0 + dy, x1 - dx, y1 - dy


def words(content):
    """Per page: ``(width, height, [(text, x0, y0, x1, y1)])`` from ``pdftotext -bbox``."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
        pdf.write(content)
        pdf.flush()
        xhtml = subprocess.run(["pdftotext", "-bbox", pdf.name, "-"], capture_output=True, check=True).stdout
    pages = []
    for page in ElementTree.fromstring(xhtml).iter("{http://www.w3.org/1999/xhtml}page"):
        found = [ink(w.text or "", *(float(w.get(k)) for k in ("xMin", "yMin", "xMax", "yMax")))
                 for w in page.iter("{http://www.w3.org/1999/xhtml}word")]
        pages.append((float(page.get("width")), float(page.get("height")), found))
    return pages

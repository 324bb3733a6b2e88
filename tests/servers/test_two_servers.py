"""Two app servers behind a round-robin balancer, as a federation runs them (issue 23; docs/production.md,
"Several servers"): one PostgreSQL, one Redis, one S3 file store, each server with its own folders, the export
worker beside the first. Both servers migrate at the same moment. A director whose every request may land on the
other server logs in, imports the club's list (upload, preview and import on different servers), checks
everybody in, draws, starts two exports and downloads each from both servers; then four tables key and confirm
their games from four phones each while the second server is killed. Afterwards: every game stored once, every
write in the log once, both exports in the file store and none on a server's own disk, no import preview left,
and the clean-up empties the store once the files have expired.

CI runs it as ``CEGO_TWO_SERVERS=1 .ci/with-postgres .ci/with-redis .ci/with-s3 .venv/bin/python -m pytest
tests/servers``; without those three servers it is skipped (it needs them to mean anything)."""

import hashlib
import json
import os
import threading
import time
import urllib.parse
import uuid

import lxml.html
import pytest

from tests.servers.cluster import ROOT, Balancer, Server, Worker, manage, shared_env, start_all

NEEDS = {"DATABASE_URL": ("postgres://", "postgresql://"), "DJANGO_CACHE_URL": ("redis://",),
         "DJANGO_STORAGE_URL": ("s3://",)}
MISSING = [name for name, schemes in NEEDS.items() if not os.environ.get(name, "").startswith(schemes)]
if MISSING and os.environ.get("CEGO_TWO_SERVERS") == "1":      # CI asks for it: a skip there would hide a failure
    raise RuntimeError(f"CEGO_TWO_SERVERS=1 but {', '.join(MISSING)} unset")
pytestmark = pytest.mark.skipif(bool(MISSING), reason=(
    f"needs a real PostgreSQL, Redis and S3 store ({', '.join(MISSING)} unset): "
    ".ci/with-postgres .ci/with-redis .ci/with-s3 .venv/bin/python -m pytest tests/servers"))

LIST = ROOT / "tests" / "e2e" / "fixtures" / "anmeldeliste-guetenbach.xlsx"
PASSWORD = "zwei-Server-" + uuid.uuid4().hex[:8]
PHONE_TABLES = 4                    # tables keyed from phones, four phones each


def fresh_database(url):
    """A database of its own for the servers (``DATABASE_URL`` names the server's first one): its URL."""
    import psycopg

    parts = urllib.parse.urlsplit(url)
    name = f"cego_servers_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def shell(env, code):
    """Run ``code`` in ``manage.py shell`` with the servers' settings; it prints one JSON line: its value."""
    out = manage(env, "shell", "--no-imports", "-c", code)
    return json.loads(out.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("servers")
    shared = shared_env(fresh_database(os.environ["DATABASE_URL"]), os.environ["DJANGO_CACHE_URL"],
                        os.environ["DJANGO_STORAGE_URL"])
    servers = [Server(name, folder / name, shared) for name in ("server-a", "server-b")]
    worker = None
    try:
        start_all(servers)
        worker = Worker(servers[0])
        yield servers
    finally:
        if worker:
            worker.stop()
        for server in servers:
            server.stop()


def form_of(html, marker):
    """The fields of the page's form that holds the element matched by XPath ``marker`` (hidden inputs, the
    CSRF token, the form's "once" key) and its action ("" for the page itself)."""
    document = lxml.html.fromstring(html)
    forms = document.xpath(f"//form[{marker}]")
    assert forms, f"no form with {marker} on the page"
    form = forms[0]
    fields = {i.get("name"): i.get("value") or "" for i in form.xpath(".//input[@name]")
              if i.get("type") not in ("checkbox", "radio", "file")}
    return form.get("action") or "", fields


def login(client):
    page = client.get("/konto/login/")
    _action, fields = form_of(page.text, ".//input[@name='password']")
    answer = client.post("/konto/login/", {**fields, "username": "leitung", "password": PASSWORD})
    assert answer.status_code == 200 and "leitung" in answer.text, answer.text[:500]


def import_list(client, tournament):
    """Upload on one server, the preview from the next, the import on the one after."""
    url = f"/leitung/turnier/{tournament}/import/"
    _action, fields = form_of(client.get(url).text, ".//input[@type='file']")
    with open(LIST, "rb") as handle:
        preview = client.post(url, {**fields, "action": "upload"}, files={"file": (LIST.name, handle)})
    assert preview.status_code == 200 and 'id="import-preview"' in preview.text, preview.text[:2000]
    _action, fields = form_of(preview.text, ".//button[@id='import']")
    done = client.post(url, {**fields, "action": "import"})
    assert done.status_code == 200
    assert "44" in lxml.html.fromstring(done.text).text_content(), done.text[:2000]


def check_in_and_draw(client, tournament):
    entries = client.get(f"/leitung/turnier/{tournament}/anmeldungen/")
    action, fields = form_of(entries.text, ".//button[@id='check-in-all']")
    assert client.post(action, fields).status_code == 200
    round_page = client.get(f"/leitung/turnier/{tournament}/runde/1/")
    _action, fields = form_of(round_page.text, ".//input[@name='seed']")
    fields.pop("ask", None)
    drawn = client.post(f"/leitung/turnier/{tournament}/runde/1/", {**fields, "seed": "zwei-server"})
    assert drawn.status_code == 200 and 'data-status="open"' in drawn.text, drawn.text[:2000]


def export(client, path):
    """Start an export (a POST, as the exports page's script sends it), follow its progress from whichever
    server answers, then download it from both servers: the bytes are the same."""
    started = client.post(path, headers={"X-CSRFToken": client.csrf(), "Accept": "application/json",
                                         "Referer": client.servers[0].url + "/"})
    assert started.status_code == 202, started.text[:500]
    status_url = started.json()["status_url"]
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        state = client.get(status_url).json()
        assert state["state"] != "failed", state
        if state["state"] == "done":
            break
        time.sleep(0.5)
    else:
        raise AssertionError(f"export {path} did not finish: {state}")
    digests = set()
    for _ in range(4):                          # two rounds of the balancer: each server twice
        download = client.get(state["file_url"])
        assert download.status_code == 200, (download.status_code, download.text[:300])
        assert len(download.content) > 1000
        digests.add(hashlib.sha256(download.content).hexdigest())
    assert len(digests) == 1
    return started.json()["token"]


class Phone(threading.Thread):
    """The four phones of one table, taking turns: game n is keyed by seat (n - 1) % 4 + 1 and confirmed by the
    next seat; each write carries a fresh key, and a write the balancer had to resend keeps its key."""

    def __init__(self, servers, table, start):
        super().__init__(daemon=True)
        self.table, self.client, self.error, self.saved = table, Balancer(servers, start=start), None, {}
        self.writes = 0

    def post(self, path, seat, **fields):
        self.writes += 1
        device = f"{self.table['token'][:6]}-{seat}"
        data = {**fields, "seat": seat, "device": device, "secret": f"secret-{device}".ljust(22, "_"),
                "key": f"{device}-{self.writes:06d}"}
        answer = self.client.post(f"/t/{self.table['token']}/{path}", data, headers={"Accept": "application/json"})
        assert answer.status_code == 200, (path, fields, answer.status_code, answer.text[:500])
        return answer.json()

    def run(self):
        try:
            for number in range(1, self.table["planned"] + 1):
                seat = (number - 1) % 4 + 1
                game = {"number": number, "contract": "C", "declarer": self.table["forehand"][number - 1] + 1,
                        "result": 40 + number, "version": ""}
                saved = self.post("spiel/", seat, **game)
                self.saved[number] = saved["version"]
                self.post("bestaetigen/", seat % 4 + 1, number=number, version=saved["version"])
        except BaseException as err:            # reported by the test, not lost in the thread
            self.error = err


TABLES = """
import json
from tournament.models import Round
from tournament.results import selectors
from tournament.draws import links
round_ = Round.objects.get(tournament_id={pk}, number=1)
tokens = links.active_links(round_)
progress = {{p["table"].pk: p for p in selectors.round_progress(round_)}}
print(json.dumps([{{"pk": t.pk, "number": t.number, "token": tokens[t.pk].token,
                    "planned": progress[t.pk]["planned"],
                    "forehand": [t.forehand(n) for n in range(1, progress[t.pk]["planned"] + 1)]}}
                  for t in round_.tables.order_by("number")[:{n}]]))
"""

STORED = """
import json
from django.core.files.storage import storages
from django.db.models import Count
from tournament.models import AuditLog, Entry, Game, ImportPreview
games = list(Game.objects.filter(table__round__tournament_id={pk}).values("table_id", "number", "version",
                                                                           "confirmed_seat"))
lines = AuditLog.objects.filter(tournament_id={pk}, object_type=AuditLog.Kind.GAME)
per_game = {{action: list(lines.filter(action=action).order_by().values("object_id").annotate(n=Count("id"))
                         .values_list("n", flat=True)) for action in ("create", "confirm")}}
print(json.dumps({{"games": games, "log": per_game, "entries": Entry.objects.filter(tournament_id={pk}).count(),
                  "previews": ImportPreview.objects.count(), "files": storages["exports"].listdir("")[1]}}))
"""

EXPIRE = """
import json
from django.utils import timezone
from tournament.models import ExportJob
print(json.dumps(ExportJob.objects.update(expires_at=timezone.now())))
"""


def test_a_day_on_two_servers_one_killed(cluster):
    a, b = cluster
    env = a.env
    tournament = shell(env, "import json\nfrom tests import factories\n"
                            f"factories.staff('leitung', password='{PASSWORD}')\n"
                            "t = factories.tournament(players=0, name='Zwei Server', published=True)\n"
                            "print(json.dumps(t.pk))")
    director = Balancer(cluster)
    login(director)
    import_list(director, tournament)
    check_in_and_draw(director, tournament)
    tokens = [export(director, f"/export/turnier/{tournament}/tournament_workbook/"),
              export(director, f"/export/turnier/{tournament}/durchgang/1/table_cards/")]
    assert director.hits["server-a"] and director.hits["server-b"], director.hits

    tables = shell(env, TABLES.format(pk=tournament, n=PHONE_TABLES))
    phones = [Phone(cluster, table, start=i) for i, table in enumerate(tables)]
    for phone in phones:
        phone.start()
    while sum(len(p.saved) for p in phones) < sum(t["planned"] for t in tables) // 3:
        assert any(p.is_alive() for p in phones), [p.error for p in phones]
        time.sleep(0.05)
    b.kill()                                    # mid-play, without a goodbye
    for phone in phones:
        phone.join(300)
    assert [p.error for p in phones] == [None] * len(phones)
    assert not b.alive and all(p.client.hits["server-b"] for p in phones)   # both served before the kill

    stored = shell(env, STORED.format(pk=tournament))
    assert stored["entries"] == 44
    by_table = {}
    for game in stored["games"]:
        by_table.setdefault(game["table_id"], []).append(game)
    for table in tables:
        games = sorted(by_table.get(table["pk"], []), key=lambda g: g["number"])
        assert [g["number"] for g in games] == list(range(1, table["planned"] + 1))    # nothing lost
        assert all(g["version"] == 1 and g["confirmed_seat"] is not None for g in games)  # nothing doubled
    for action in ("create", "confirm"):                 # one line in the log per game and write, none twice
        assert len(stored["log"][action]) == len(stored["games"]) and set(stored["log"][action]) == {1}, action
    assert stored["previews"] == 0                       # the import's preview went with the import
    assert len(stored["files"]) == 2 and len(tokens) == 2
    assert a.local_files() == [] and b.local_files() == []   # nothing on a server's own disk

    # A day later the clean-up, run on the first server, deletes both files from the store.
    assert shell(env, EXPIRE) == 2
    manage(env, "cleanup_exports")
    assert shell(env, STORED.format(pk=tournament))["files"] == []

"""The simulated phones of ``bench/table_entry.py``: four at every table, polling the sheet, one seat keying the
games and another confirming them, some of them offline for a while.

Every phone has its own keep-alive connections (``load_client.Connection``): one for polls and one for writes,
plus a spare one for a write sent twice. A connection idle for longer than ``IDLE_CLOSE`` seconds is closed and
opened again before it is used, as a phone's browser would after the server's keep-alive ran out or the phone
was offline. Writes go through the phone's queue (``Phone.submit``): online it is sent at once and in order;
offline it waits, with its own idempotency key, until the phone is back (``Phone.back_online``), as the page's
offline queue does. Each write is sent in one of three ways: once; twice at the same moment over two
connections (a double tap, a retry racing the original); or once with the answer thrown away as if the network
had dropped it, then again with the same key. A write that gets no answer at all (timeout, connection) is
retried twice with the same key; if every attempt fails it is "uncertain": stored or not, both are right.
"""

import asyncio
import json
import secrets
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode

from load_client import Connection

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
IDLE_CLOSE = 20         # seconds; the server's keep-alive is 30 s
ATTEMPTS = 3            # sends of a write without any answer before it counts as uncertain
RETRY_PAUSE = 1.0       # seconds between two such attempts, and before a write whose answer was "lost" is resent


@dataclass
class Ledger:
    """What the server acknowledged with a 200 ``{"ok": true}``, to compare with the database afterwards."""

    saved: dict = field(default_factory=dict)        # (table pk, number) → {"expected", "keyed_seat" (0-based)}
    confirmed: dict = field(default_factory=dict)    # (table pk, number) → confirming seat (0-based)
    acked_keys: set = field(default_factory=set)
    uncertain_keys: set = field(default_factory=set)
    uncertain_games: set = field(default_factory=set)
    sends: dict = field(default_factory=lambda: {"single": 0, "double": 0, "lost_answer": 0, "queued": 0,
                                                 "repeated_answers": 0})


@dataclass
class Write:
    kind: str               # "save" | "confirm"
    game: tuple             # (table pk, number)
    fields: dict            # the form fields without seat, device and key
    key: str
    expected: dict = None   # a save: the engine fields that must end up in the database
    then: object = None     # called with the JSON answer after a 200 {"ok": true}


class Phone:
    def __init__(self, host, port, *, table, seat, role, rng, rec, ledger, chances):
        self.host, self.port = host, port
        self.table, self.seat, self.role = table, seat, role      # seat 1-based, as the phone posts it
        self.device = f"bench-t{table['number']}-s{seat}"
        self.secret = secrets.token_urlsafe(24)         # the phone's own secret: it holds its seat
        self.base = f"/t/{table['token']}/"
        self.rng, self.rec, self.ledger, self.chances = rng, rec, ledger, chances
        self.online = True
        self.queue = []
        self.lock = asyncio.Lock()          # one write at a time, in order
        self.poll_lock = asyncio.Lock()     # the poll loop and a reconnect's poll share one connection
        self.etag = None
        self.connections = {}        # name → [Connection, last used (monotonic)]

    def new_key(self):
        return "k" + "".join(self.rng.choice("0123456789abcdefghijklmnopqrstuvwxyz") for _ in range(23))

    def connection(self, name):
        """The phone's connection ``name``, opened afresh when it has been idle too long."""
        slot = self.connections.get(name)
        now = time.monotonic()
        if slot is None or now - slot[1] > IDLE_CLOSE:
            if slot is not None:
                slot[0].abort()
            slot = self.connections[name] = [Connection(self.host, self.port), now]
        slot[1] = now
        return slot[0]

    async def close(self):
        for connection, _used in self.connections.values():
            await connection.close()

    async def open_page(self):
        async with self.poll_lock:
            await self.rec.timed("page", self.connection("poll").request("GET", self.base))

    async def poll(self):
        async with self.poll_lock:
            headers = {"If-None-Match": self.etag} if self.etag else {}
            response = await self.rec.timed("poll", self.connection("poll").request("GET", self.base + "blatt/",
                                                                                    headers=headers))
        if response is not None and response.status == 200:
            self.etag = response.headers.get("etag")

    async def poll_loop(self, stop, interval):
        """Open the page, then poll the sheet every ``interval`` seconds while online, until ``stop`` is set."""
        await asyncio.sleep(self.rng.uniform(0, interval))
        await self.open_page()
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), interval)
            except asyncio.TimeoutError:
                pass
            if self.online and not stop.is_set():
                await self.poll()

    async def submit(self, write):
        """Queue ``write`` and send the queue if the phone is online (in order, one at a time)."""
        if not self.online:
            self.ledger.sends["queued"] += 1
        self.queue.append(write)
        await self.flush()

    async def flush(self):
        async with self.lock:
            while self.queue and self.online:
                await self.send(self.queue[0])
                self.queue.pop(0)

    async def go_offline(self):
        self.online = False

    async def back_online(self):
        self.online = True
        await self.poll()
        await self.flush()

    async def send(self, write):
        body = urlencode({**write.fields, "seat": self.seat, "device": self.device, "secret": self.secret,
                          "key": write.key}).encode()
        path = self.base + ("spiel/" if write.kind == "save" else "bestaetigen/")
        draw = self.rng.random()
        mode = ("double" if draw < self.chances["double"] else
                "lost_answer" if draw < self.chances["double"] + self.chances["lost"] else "single")
        self.ledger.sends[mode] += 1
        answers = []
        for _attempt in range(ATTEMPTS):
            if mode == "double":
                answers = await asyncio.gather(*(self.rec.timed(write.kind, self.connection(name).request(
                    "POST", path, headers=FORM, body=body)) for name in ("write", "spare")))
            else:
                answers = [await self.rec.timed(write.kind, self.connection("write").request(
                    "POST", path, headers=FORM, body=body))]
                if mode == "lost_answer" and answers[0] is not None:
                    mode = "single"             # the answer is dropped: send again with the same key
                    await asyncio.sleep(RETRY_PAUSE)
                    answers = [await self.rec.timed(write.kind, self.connection("write").request(
                        "POST", path, headers=FORM, body=body))]
            if any(a is not None for a in answers):
                break
            await asyncio.sleep(RETRY_PAUSE)
        self.take(write, [a for a in answers if a is not None])

    def take(self, write, answers):
        if not answers:
            self.ledger.uncertain_keys.add(write.key)
            if write.kind == "save":
                self.ledger.uncertain_games.add(write.game)
            return
        payloads = [json.loads(a.body) if a.status == 200 else None for a in answers]
        self.ledger.sends["repeated_answers"] += sum(1 for p in payloads if p and p.get("repeated"))
        accepted = next((p for p in payloads if p and p.get("ok")), None)
        if accepted is None:
            return          # refused: counted as an error by the recorder, nothing acknowledged
        self.ledger.acked_keys.add(write.key)
        if write.kind == "save":
            self.ledger.saved[write.game] = {"expected": write.expected, "keyed_seat": self.seat - 1}
        else:
            self.ledger.confirmed[write.game] = self.seat - 1
        if write.then is not None:
            write.then(accepted)


async def table_flow(table, games, keyer, confirmer, rng, *, game_seconds, confirm_delay, pending):
    """Play ``games`` at ``table``: every ``game_seconds`` (± 25 %) the keyer keys the next game; once the save is
    acknowledged, the confirmer confirms it (``confirm_delay`` seconds later, as it saw it: number and version).
    Confirmations run as tasks added to ``pending``."""

    def confirm_later(game, answer):
        async def confirm():
            await asyncio.sleep(rng.uniform(*confirm_delay))
            await confirmer.submit(Write("confirm", (table["pk"], game["number"]),
                                         {"number": str(answer["number"]), "version": str(answer["version"])},
                                         confirmer.new_key()))
        pending.append(asyncio.ensure_future(confirm()))

    await asyncio.sleep(rng.uniform(0, game_seconds))       # tables do not all start in the same second
    for game in games:
        await asyncio.sleep(game_seconds * rng.uniform(0.75, 1.25))
        write = Write("save", (table["pk"], game["number"]), game["fields"], keyer.new_key(), game["expected"],
                      then=lambda answer, game=game: confirm_later(game, answer))
        await keyer.submit(write)


"""A small asyncio HTTP/1.1 client for ``bench/load.py``: keep-alive connections, cookies, one request at a time.

Why not requests or locust: on a 2-core machine the client shares the CPU with the server it measures. Raw
``asyncio.open_connection`` streams cost a fraction of a thread per user, so 300 simulated players fit in one
process that stays well below one core. Only what the benchmark needs: ``Content-Length`` and chunked bodies,
``Set-Cookie`` kept per simulated user, one retry of a GET on a keep-alive connection the server had closed.
"""

import asyncio
from dataclasses import dataclass, field


class ConnectionLost(Exception):
    """The server closed the connection before the response was complete."""


@dataclass
class Response:
    status: int
    headers: dict
    body: bytes


@dataclass
class Jar:
    """The cookies of one simulated browser (name → value; attributes ignored)."""

    cookies: dict = field(default_factory=dict)

    def header(self):
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def take(self, set_cookies):
        for line in set_cookies:
            name, _, rest = line.partition("=")
            value = rest.split(";", 1)[0]
            if value and "max-age=0" not in rest.lower():
                self.cookies[name.strip()] = value
            else:
                self.cookies.pop(name.strip(), None)


class Connection:
    """One keep-alive connection to ``host:port``; reconnects lazily after the server closed it."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None
        self.used = False      # a request went over this socket: the server may have closed it since

    def abort(self):
        """Drop the socket at once (a timed-out or cancelled request leaves it mid-response)."""
        if self.writer is not None:
            self.writer.transport.abort()
        self.reader = self.writer = None

    async def close(self):
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except OSError:
                pass
        self.reader = self.writer = None

    async def request(self, method, path, *, jar=None, headers=None, body=b""):
        """Send one request and read the whole response; a stale keep-alive socket is retried once for GET."""
        for attempt in (1, 2):
            reused = self.used and self.writer is not None
            try:
                return await self._exchange(method, path, jar, headers or {}, body)
            except (ConnectionLost, ConnectionResetError, BrokenPipeError):
                self.abort()
                if not (reused and method == "GET" and attempt == 1):
                    raise ConnectionLost(f"{method} {path}") from None
            except BaseException:      # timed out or cancelled mid-response: the socket is unusable
                self.abort()
                raise

    async def _exchange(self, method, path, jar, headers, body):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            self.used = False
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Connection: keep-alive"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        if jar is not None and jar.cookies:
            lines.append(f"Cookie: {jar.header()}")
        if method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        self.used = True
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            raise ConnectionLost from None
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        found, cookies = {}, []
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                name = name.strip().lower()
                if name == "set-cookie":
                    cookies.append(value.strip())
                found[name] = value.strip()
        try:
            payload = await self._body(found)
        except asyncio.IncompleteReadError:
            raise ConnectionLost from None
        if jar is not None:
            jar.take(cookies)
        if found.get("connection", "").lower() == "close":
            await self.close()
        return Response(status, found, payload)

    async def _body(self, headers):
        if "content-length" in headers:
            return await self.reader.readexactly(int(headers["content-length"]))
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                parts.append(await self.reader.readexactly(size + 2))
                if size == 0:
                    return b"".join(p[:-2] for p in parts)
        return await self.reader.read()


class Pool:
    """A fixed number of keep-alive connections shared by many simulated users (a browser's few sockets each
    would mean thousands; the server sees a modest number of connections either way)."""

    def __init__(self, host, port, size):
        self.idle = asyncio.Queue()
        self.all = [Connection(host, port) for _ in range(size)]
        for connection in self.all:
            self.idle.put_nowait(connection)

    async def request(self, *args, **kwargs):
        connection = await self.idle.get()
        try:
            return await connection.request(*args, **kwargs)
        finally:
            self.idle.put_nowait(connection)

    async def close(self):
        for connection in self.all:
            await connection.close()

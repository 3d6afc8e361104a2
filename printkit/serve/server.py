"""The HTTP side of `printkit serve`: one event loop (Python's asyncio) on
127.0.0.1, a handful of fixed routes, server-sent events for the push.

Bounded under load: every connection and event stream is a coroutine of the one
loop, not a thread; a card's picture is answered from memory by the loop itself;
what else touches the preview (a state, a drawing) runs on two small pools of
threads (quick answers, and drawings at print size or as printed), so a client
holding hundreds of connections open costs sockets, not threads. A connection
waits at most HEAD_TIMEOUT for its next request (whether it sends nothing or
half a request), a send at most SEND_TIMEOUT; past MAX_CONNECTIONS the
connection idle the longest is closed, past MAX_STREAMS the oldest event stream
(a browser's EventSource opens a new one by itself).

Safe by construction: it listens on 127.0.0.1 only; a request whose Host header
is not this server's own address is refused (a web page cannot reach it through
a DNS name that it points at 127.0.0.1); every route is matched whole and
answers from what the preview rendered in memory, so no part of a URL ever
becomes a file path; only GET (and HEAD) are served, without a body. The one
request that changes anything, /look (the page saying which cards it shows),
changes only the order in which cards are drawn. Nothing a client does is
written to the terminal.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import struct
import threading
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit
import signal

from printkit.serve import page

NAME = r"([0-9a-f]{24})"
PART = r"([a-z0-9][a-z0-9-]{0,39})"
ROUTES = [
    (re.compile(r"/"), "index"),
    (re.compile(r"/app\.js"), "script"),
    (re.compile(r"/app\.css"), "style"),
    (re.compile(r"/state"), "state"),
    (re.compile(r"/events"), "events"),
    (re.compile(r"/look"), "look"),
    (re.compile(rf"/img/{NAME}\.png"), "image"),
    (re.compile(rf"/large/{NAME}\.png"), "large"),
    (re.compile(rf"/sheets/{PART}/{NAME}"), "sheets"),
    (re.compile(rf"/sheet/{PART}/{NAME}/([1-9][0-9]{{0,3}})\.png"), "sheet"),
]
#: What /look takes: deck=first-last, for at most MAX_LOOK decks.
LOOK = re.compile(rf"{PART}=([1-9][0-9]{{0,5}})-([1-9][0-9]{{0,5}})")
MAX_LOOK = 16
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
REASONS = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 431: "Request Header Fields Too Large", 500: "Internal Server Error", 503: "Service Unavailable"}
#: The push channel sends a comment this often when nothing changes (keeps proxies and the browser's connection awake).
KEEPALIVE_S = 15
#: Seconds a connection may take to send its next request's head (idle, or sending it slowly).
HEAD_TIMEOUT = 10.0
#: Seconds a client may take to take one answer (or one pushed state) off the wire.
SEND_TIMEOUT = 30.0
#: Open connections (not counting event streams); the one idle the longest is closed for a new one.
MAX_CONNECTIONS = 256
#: Open event streams; the oldest is closed for a new one.
MAX_STREAMS = 32
#: Bytes the kernel may hold for an event stream's client (past it, a send waits, then times out).
STREAM_BUFFER = 256 * 1024
#: Largest request head (request line and headers).
MAX_HEAD = 16 * 1024
#: Threads answering from the preview: quick ones (state, pictures), and drawings.
QUICK_THREADS, DRAW_THREADS = 2, 2
#: Connections waiting to be accepted.
BACKLOG = 128


class PreviewServer:
    """`serve_forever()` answers until Ctrl-C (KeyboardInterrupt) or `stopping`."""

    def __init__(self, preview, port: int = 0) -> None:
        self.preview = preview
        self.stopping = threading.Event()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind(("127.0.0.1", port))
            sock.listen(BACKLOG)
        except OSError:
            sock.close()
            raise
        sock.setblocking(False)
        self.socket = sock
        self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.quick = ThreadPoolExecutor(QUICK_THREADS, thread_name_prefix="printkit-answer")
        self.draw = ThreadPoolExecutor(DRAW_THREADS, thread_name_prefix="printkit-draw")
        self.loop: asyncio.AbstractEventLoop | None = None
        self._idle: dict = {}  # writer -> None, the one idle the longest first
        self._busy: set = set()  # writers answering a request
        self._streams: dict = {}  # writer -> None, the oldest first
        self._changed: asyncio.Event | None = None
        self._json = (-1, b"")  # (version, the state as JSON) shared by every answer of that version
        self._deltas: dict[tuple[int, int], tuple[int, bytes]] = {}  # (from, to version) -> (to, its event), shared by the streams

    # -- running -------------------------------------------------------------------------
    def serve_forever(self, poll_interval: float | None = None) -> None:  # noqa: ARG002 - the old signature
        """Answer until Ctrl-C or SIGTERM. Those signals only set `stopping`, which
        the loop looks at twice a second: a signal that lands while the loop is
        being made or torn down cannot leave a half-made loop behind (Python's
        KeyboardInterrupt there printed an 'Exception ignored' traceback)."""
        def stop(signum, frame) -> None:  # noqa: ARG001 - a signal handler's signature
            self.stopping.set()
            self.notify()

        saved = {}
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                saved[sig] = signal.signal(sig, stop)
        try:
            asyncio.run(self._main())
        finally:
            for sig, handler in saved.items():
                signal.signal(sig, handler)

    def notify(self) -> None:
        """The preview changed (called from any thread): wake the event streams."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._wake)
            except RuntimeError:  # the loop closed meanwhile
                pass

    def server_close(self) -> None:
        self.stopping.set()
        self.notify()
        try:
            self.socket.close()
        except OSError:
            pass
        self.quick.shutdown(wait=False, cancel_futures=True)
        self.draw.shutdown(wait=False, cancel_futures=True)

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.loop.set_exception_handler(lambda loop, context: None)  # a client's broken connection is not the terminal's business
        self._changed = asyncio.Event()
        server = await asyncio.start_server(self._client, sock=self.socket, limit=MAX_HEAD, backlog=BACKLOG)
        try:
            while not self.stopping.is_set():
                await self._wait_change(0.5)
        finally:
            server.close()

    def _wake(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()  # the waiters hold the one just set

    async def _wait_change(self, timeout: float) -> None:
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    # -- one connection --------------------------------------------------------------------------
    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.transport.set_write_buffer_limits(0)  # drain() returns when the kernel has it all: nothing piles up here
        self._idle[writer] = None
        while len(self._idle) + len(self._busy) > MAX_CONNECTIONS and self._idle:
            oldest = next(iter(self._idle))
            self._idle.pop(oldest)
            _drop(oldest)
        try:
            while not self.stopping.is_set():
                try:
                    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_TIMEOUT)
                except (asyncio.LimitOverrunError, ValueError):
                    await self._send(writer, 431, b"request head too large\n", close=True)
                    return
                self._idle.pop(writer, None)
                self._busy.add(writer)
                try:
                    keep = await self._request(head, writer)
                except (asyncio.TimeoutError, ConnectionError, OSError, asyncio.CancelledError):
                    raise
                except Exception:  # noqa: BLE001 - a bug: said to this client, the server lives on
                    await self._send(writer, 500, b"internal error\n", close=True)
                    return
                self._busy.discard(writer)
                if not keep or writer.transport.is_closing():
                    return
                self._idle[writer] = None
        except (asyncio.TimeoutError, asyncio.IncompleteReadError, ConnectionError, OSError, asyncio.CancelledError):
            pass  # idle too long, half a request, or gone: closed below
        except Exception:  # noqa: BLE001 - whatever a client sends, the server answers the next one
            pass
        finally:
            self._idle.pop(writer, None)
            self._busy.discard(writer)
            self._streams.pop(writer, None)
            if writer.transport.get_write_buffer_size():
                _drop(writer)  # a client that takes nothing: no waiting for it
            else:
                writer.close()

    async def _request(self, head: bytes, writer) -> bool:
        """Answer one request; whether the connection stays open for the next."""
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1.") or not parts[1].startswith("/"):
            await self._send(writer, 400, b"bad request\n", close=True)
            return False
        method, target, version = parts
        headers = {}
        for line in lines[1:]:
            if not line:
                continue
            name, sep, value = line.partition(":")
            if not sep or not name or name != name.strip():
                await self._send(writer, 400, b"bad request\n", close=True)
                return False
            headers.setdefault(name.lower(), value.strip())
        wants_close = "close" in headers.get("connection", "").lower() or version == "HTTP/1.0"
        has_body = "content-length" in headers and headers["content-length"] != "0" or "transfer-encoding" in headers
        if method not in ("GET", "HEAD"):
            await self._send(writer, 405, b"only GET\n", extra={"Allow": "GET, HEAD"}, close=True)
            return False
        head_only = method == "HEAD"
        close = wants_close or has_body  # a body is never read: the connection ends with the answer
        if headers.get("host", "").lower() not in self.hosts:
            await self._send(writer, 403, b"refused: this server answers only to its own address (Host header)\n", head=head_only, close=True)
            return False
        split = urlsplit(target)
        for pattern, name in ROUTES:
            m = pattern.fullmatch(split.path)
            if m:
                if name == "look":
                    return await self._look(writer, split.query, head=head_only, close=close)
                return await getattr(self, "_" + name)(writer, *m.groups(), head=head_only, close=close)
        await self._send(writer, 404, b"not found\n", head=head_only, close=close)
        return not close

    async def _run(self, pool, fn, *args):
        return await self.loop.run_in_executor(pool, fn, *args)

    # -- routes --------------------------------------------------------------------------------
    async def _index(self, writer, head: bool, close: bool) -> bool:
        return await self._send(writer, 200, page.html(self.preview.title), "text/html; charset=utf-8", head=head, cache=False, close=close)

    async def _script(self, writer, head: bool, close: bool) -> bool:
        return await self._send(writer, 200, page.SCRIPT_BYTES, "text/javascript; charset=utf-8", head=head, cache=False, close=close)

    async def _style(self, writer, head: bool, close: bool) -> bool:
        return await self._send(writer, 200, page.STYLE_BYTES, "text/css; charset=utf-8", head=head, cache=False, close=close)

    async def _state(self, writer, head: bool, close: bool) -> bool:
        _, body = await self._current_state()
        return await self._send(writer, 200, body, "application/json", head=head, cache=False, close=close)

    async def _current_state(self) -> tuple[int, bytes]:
        """The preview's state as JSON, encoded once per version."""
        if self._json[0] != self.preview.version:
            self._json = await self._run(self.quick, self._encode_state)
        return self._json

    async def _update(self, sent: int) -> tuple[int, bytes]:
        """(version, the event to send) for a stream whose last event said
        version `sent` (-1: none yet): what changed since, or the whole state."""
        if sent >= 0:
            got = self._deltas.get((sent, self.preview.version))
            if got is None:
                got = await self._run(self.quick, self._encode_delta, sent)
                if got is not None:
                    self._deltas = {**dict(list(self._deltas.items())[-7:]), (sent, got[0]): got}
            if got is not None:
                return got
        version, body = await self._current_state()
        return version, b"event: state\ndata: " + body + b"\n\n"

    def _encode_delta(self, sent: int) -> tuple[int, bytes] | None:
        delta = self.preview.delta(sent)
        if delta is None:
            return None
        return delta["version"], b"event: cards\ndata: " + json.dumps(delta, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"

    def _encode_state(self) -> tuple[int, bytes]:
        state = self.preview.state()
        return state["version"], json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode()

    async def _look(self, writer, query: str, head: bool, close: bool) -> bool:
        """The page says which cards it shows (`?deck=first-last&...`, sent when
        that changes): they are drawn first. Anything else in the query is ignored."""
        focus = {}
        for item in query.split("&")[:MAX_LOOK]:
            m = LOOK.fullmatch(item)
            if m and int(m.group(2)) <= int(m.group(3)):
                focus[m.group(1)] = (int(m.group(2)), int(m.group(3)))
        if not head:
            self.preview.look(focus)
        return await self._send(writer, 200, b"ok\n", head=head, cache=False, close=close)

    async def _image(self, writer, name: str, head: bool, close: bool) -> bool:
        # a lookup in memory that never waits (Preview.image): answered here, with no hop to a thread
        return await self._png(writer, self.preview.image(name), head, close)

    async def _large(self, writer, name: str, head: bool, close: bool) -> bool:
        return await self._png(writer, await self._run(self.draw, self.preview.large_png, name), head, close)

    async def _sheets(self, writer, deck: str, key: str, head: bool, close: bool) -> bool:
        pages = await self._run(self.draw, self.preview.sheet_pages, deck, key)
        if pages is None:
            return await self._send(writer, 404, b"not found\n", head=head, close=close)
        return await self._send(writer, 200, json.dumps({"pages": pages}).encode(), "application/json", head=head, close=close)

    async def _sheet(self, writer, deck: str, key: str, number: str, head: bool, close: bool) -> bool:
        return await self._png(writer, await self._run(self.draw, self.preview.sheet_png, deck, key, int(number)), head, close)

    async def _png(self, writer, data: bytes | None, head: bool, close: bool) -> bool:
        if data is None:
            return await self._send(writer, 404, b"not found\n", head=head, close=close)
        # named by its content: the same name is always the same picture
        return await self._send(writer, 200, data, "image/png", head=head, close=close, extra={"Cache-Control": "public, max-age=31536000, immutable"})

    async def _events(self, writer, head: bool, close: bool) -> bool:  # noqa: ARG002 - a stream always ends its connection
        """Server-sent events: the whole state first, then at each change only
        what changed since the stream's last event (`cards`: the cards whose
        entries changed, Preview.delta), or the whole state again (`state`)
        when only it can say the change. A slow reader skips the versions it
        had no time for: its next event covers them all."""
        lines = ["HTTP/1.1 200 OK", "Server: printkit", "Content-Type: text/event-stream; charset=utf-8", "Cache-Control: no-store", "Connection: close",
                 *(f"{k}: {v}" for k, v in HEADERS.items())]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        if head:
            await asyncio.wait_for(writer.drain(), SEND_TIMEOUT)
            return False
        self._busy.discard(writer)
        try:  # what waits in the kernel for a client that does not read: bounded too
            writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_BUFFER)
        except (OSError, AttributeError):
            pass
        self._streams[writer] = None
        while len(self._streams) > MAX_STREAMS:
            oldest = next(iter(self._streams))
            self._streams.pop(oldest)
            _drop(oldest)
        sent = -1
        writer.write(b"retry: 1000\n\n")
        while not self.stopping.is_set() and not writer.transport.is_closing():
            changed = self._changed
            if self.preview.version != sent:
                sent, event = await self._update(sent)
                writer.write(event)
                await asyncio.wait_for(writer.drain(), SEND_TIMEOUT)
                continue
            try:
                await asyncio.wait_for(changed.wait(), KEEPALIVE_S)
            except asyncio.TimeoutError:
                writer.write(b": still here\n\n")
                await asyncio.wait_for(writer.drain(), SEND_TIMEOUT)
        return False

    # -- sending ---------------------------------------------------------------------------
    async def _send(self, writer, status: int, body: bytes, kind: str = "text/plain; charset=utf-8", head: bool = False, cache: bool = True,
                    extra: dict | None = None, close: bool = False) -> bool:
        """Send one answer; whether the connection stays open."""
        lines = [f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}", "Server: printkit", f"Content-Type: {kind}", f"Content-Length: {len(body)}"]
        if not cache:
            lines.append("Cache-Control: no-store")
        if close:
            lines.append("Connection: close")
        lines += [f"{k}: {v}" for k, v in {**HEADERS, **(extra or {})}.items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (b"" if head else body))
        await asyncio.wait_for(writer.drain(), SEND_TIMEOUT)
        return not close


def _drop(writer) -> None:
    """Close a connection at once: what the kernel still holds for it is thrown
    away (a reset), not kept until a client that reads nothing takes it."""
    sock = writer.get_extra_info("socket")
    try:
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    writer.transport.abort()

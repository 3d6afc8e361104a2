"""The HTTP side of `printkit serve`: Python's own threading HTTP server on
127.0.0.1, a handful of fixed routes, server-sent events for the push.

Safe by construction: it listens on 127.0.0.1 only; a request whose Host header
is not this server's own address is refused (a web page cannot reach it through
a DNS name that it points at 127.0.0.1); every route is matched whole and
answers from what the preview rendered in memory, so no part of a URL ever
becomes a file path; only GET (and HEAD) are served.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

from printkit.serve import page

NAME = r"([0-9a-f]{24})"
PART = r"([a-z0-9][a-z0-9-]{0,39})"
ROUTES = [
    (re.compile(r"/"), "index"),
    (re.compile(r"/app\.js"), "script"),
    (re.compile(r"/app\.css"), "style"),
    (re.compile(r"/state"), "state"),
    (re.compile(r"/events"), "events"),
    (re.compile(rf"/img/{NAME}\.png"), "image"),
    (re.compile(rf"/large/{NAME}\.png"), "large"),
    (re.compile(rf"/sheets/{PART}/{NAME}"), "sheets"),
    (re.compile(rf"/sheet/{PART}/{NAME}/([1-9][0-9]{{0,3}})\.png"), "sheet"),
]
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
#: The push channel sends a comment this often when nothing changes (keeps proxies and the browser's connection awake).
KEEPALIVE_S = 15


class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = False

    def __init__(self, preview, port: int = 0) -> None:
        self.preview = preview
        self.stopping = threading.Event()
        super().__init__(("127.0.0.1", port), Handler)
        self.port = self.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}


class Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    protocol_version = "HTTP/1.1"
    server_version = "printkit"
    sys_version = ""

    def log_message(self, format, *args) -> None:  # noqa: A002 - the base class's name
        pass  # standard output carries the address line only; nothing per request

    # -- the one entry -----------------------------------------------------------------------
    def do_GET(self) -> None:
        self._answer(head=False)

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def _refuse_method(self) -> None:
        self._send(405, b"only GET\n", "text/plain; charset=utf-8", extra={"Allow": "GET, HEAD"})

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    def _answer(self, head: bool) -> None:
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in self.server.hosts:
            self._send(403, b"refused: this server answers only to its own address (Host header)\n", "text/plain; charset=utf-8")
            return
        path = urlsplit(self.path).path
        for pattern, name in ROUTES:
            m = pattern.fullmatch(path)
            if m:
                getattr(self, "_" + name)(*m.groups(), head=head)
                return
        self._send(404, b"not found\n", "text/plain; charset=utf-8", head=head)

    # -- routes --------------------------------------------------------------------------------
    def _index(self, head: bool) -> None:
        self._send(200, page.html(self.server.preview.state()["title"]), "text/html; charset=utf-8", head=head, cache=False)

    def _script(self, head: bool) -> None:
        self._send(200, page.SCRIPT_BYTES, "text/javascript; charset=utf-8", head=head, cache=False)

    def _style(self, head: bool) -> None:
        self._send(200, page.STYLE_BYTES, "text/css; charset=utf-8", head=head, cache=False)

    def _state(self, head: bool) -> None:
        self._send(200, json.dumps(self.server.preview.state()).encode(), "application/json", head=head, cache=False)

    def _image(self, name: str, head: bool) -> None:
        self._png(self.server.preview.image(name), head)

    def _large(self, name: str, head: bool) -> None:
        self._png(self.server.preview.large_png(name), head)

    def _sheets(self, deck: str, key: str, head: bool) -> None:
        pages = self.server.preview.sheet_pages(deck, key)
        if pages is None:
            self._send(404, b"not found\n", "text/plain; charset=utf-8", head=head)
            return
        self._send(200, json.dumps({"pages": pages}).encode(), "application/json", head=head)

    def _sheet(self, deck: str, key: str, number: str, head: bool) -> None:
        self._png(self.server.preview.sheet_png(deck, key, int(number)), head)

    def _png(self, data: bytes | None, head: bool) -> None:
        if data is None:
            self._send(404, b"not found\n", "text/plain; charset=utf-8", head=head)
        else:  # named by its content: the same name is always the same picture
            self._send(200, data, "image/png", head=head, extra={"Cache-Control": "public, max-age=31536000, immutable"})

    def _events(self, head: bool) -> None:
        """Server-sent events: the whole state each time it changes."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        for k, v in HEADERS.items():
            self.send_header(k, v)
        self.end_headers()
        self.close_connection = True
        if head:
            return
        preview, version = self.server.preview, -1
        try:
            while not self.server.stopping.is_set():
                now = preview.wait(version, KEEPALIVE_S) if version >= 0 else preview.version
                if now == version:
                    self.wfile.write(b": still here\n\n")
                else:
                    version = now
                    self.wfile.write(b"event: state\ndata: " + json.dumps(preview.state()).encode() + b"\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError, OSError):
            return

    # -- sending ---------------------------------------------------------------------------
    def _send(self, status: int, body: bytes, kind: str, head: bool = False, cache: bool = True, extra: dict | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            if not cache:
                self.send_header("Cache-Control", "no-store")
            for k, v in {**HEADERS, **(extra or {})}.items():
                self.send_header(k, v)
            self.end_headers()
            if not head:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            self.close_connection = True

"""`printkit serve`: the live preview, run as a user runs it (a real process on
a real port) on a copy of the example project, looked at over HTTP and in a
real browser (headless Chromium from the OS packages, driven by Selenium).

The browser tests are skipped, with the reason, where /usr/bin/chromium,
/usr/bin/chromedriver or the selenium package is missing (CI installs them).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "ember-road"
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")


class Served:
    """`printkit serve ARGS` in a process of its own, until stop()."""

    def __init__(self, cwd: Path, *args: str) -> None:
        env = {**os.environ, "XDG_CONFIG_HOME": str(cwd / ".no-user-config")}
        env.pop("PRINTKIT_DEBUG", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", *args], cwd=cwd, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.first_line = self.proc.stdout.readline().strip()
        assert self.first_line.startswith("Serving "), self.first_line + self.proc.stderr.read()
        # what it says after the address, read as it comes (a full pipe would stop the server)
        self.out: list[str] = []
        self.err: list[str] = []
        self._readers = [threading.Thread(target=lambda f=f, into=into: into.extend(iter(f.readline, "")), daemon=True)
                         for f, into in ((self.proc.stdout, self.out), (self.proc.stderr, self.err))]
        for t in self._readers:
            t.start()
        self.url = self.first_line.rsplit(" at ", 1)[1]
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    def get(self, path: str, host: str | None = None, method: str = "GET"):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.putrequest(method, path, skip_host=True)
        conn.putheader("Host", host if host is not None else f"127.0.0.1:{self.port}")
        conn.endheaders()
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        return resp.status, body, resp

    def state(self) -> dict:
        status, body, _ = self.get("/state")
        assert status == 200
        return json.loads(body)

    def wait(self, test, timeout: float = 60.0) -> dict:
        end = time.monotonic() + timeout
        while True:
            state = self.state()
            if test(state):
                return state
            if time.monotonic() > end:
                raise AssertionError(f"timed out; state: version {state['version']}, errors {state['errors']}")
            time.sleep(0.05)

    def threads(self) -> int:
        """The server process's threads now (Linux's /proc)."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(next(line.split()[1] for line in status.splitlines() if line.startswith("Threads:")))

    def stop(self) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise
        for t in self._readers:
            t.join(timeout=10)
        return self.proc.returncode, "".join(self.err)


def all_drawn(state: dict) -> bool:
    return bool(state["decks"]) and not state["busy"] and all(c["front"] and c["back"] for d in state["decks"] for c in d["cards"])


def fronts(state: dict) -> dict:
    return {f"{d['name']}:{c['n']}": c["front"] for d in state["decks"] for c in d["cards"]}


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    dest = tmp_path_factory.mktemp("serve") / "ember-road"
    shutil.copytree(EXAMPLE, dest)
    # one row printed once, so that a cell of it is one card
    csv = dest / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace('so hold on to your embers.",2', 'so hold on to your embers.",1'), encoding="utf-8")
    return dest


@pytest.fixture(scope="module")
def served(project):
    s = Served(project, "game.toml")
    try:
        s.wait(all_drawn)
        yield s
    finally:
        s.stop()


def one_card(state: dict, name: str) -> str:
    hits = [f"{d['name']}:{c['n']}" for d in state["decks"] for c in d["cards"] if c["row"].get("name") == name]
    assert len(hits) == 1, hits
    return hits[0]


# -- over HTTP -------------------------------------------------------------------------------

def test_first_line_names_the_game_and_its_address(served):
    assert served.first_line == f"Serving Ember Road at http://127.0.0.1:{served.port}/"
    state = served.state()
    assert [len(d["cards"]) for d in state["decks"]] == [39]
    assert {p["name"]: len(p["pages"]) for p in state["parts"]} == {"rules": 1, "embers": 1}
    status, body, resp = served.get("/img/" + state["decks"][0]["cards"][0]["front"] + ".png")
    assert status == 200 and body.startswith(b"\x89PNG") and resp.getheader("Content-Type") == "image/png"
    from io import BytesIO

    from PIL import Image

    with Image.open(BytesIO(body)) as im:  # card plus 3 mm bleed on each side at 100 dpi
        assert im.size == (round(69 / 25.4 * 100), round(94 / 25.4 * 100)) or abs(im.size[0] - 272) <= 1


def test_only_its_own_address_is_served(served):
    for host in ("evil.example:%d" % served.port, "127.0.0.1", "localhost.evil.example:%d" % served.port, ""):
        status, body, _ = served.get("/", host=host)
        assert status == 403 and b"refused" in body, host
    status, _, _ = served.get("/", host=f"localhost:{served.port}")
    assert status == 200


@pytest.mark.parametrize("path", ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/img/../game.toml", "/game.toml", "/cards.csv",
                                  "/img/" + "0" * 24 + ".png", "/art/fox.svg", "/sheet/road/" + "0" * 24 + "/1.png", "//etc/passwd"])
def test_no_url_reaches_the_files(served, path):
    status, body, _ = served.get(path)
    assert status == 404, (path, body[:80])


def test_only_get(served):
    status, _, resp = served.get("/state", method="POST")
    assert status == 405 and resp.getheader("Allow") == "GET, HEAD"


def test_sheet_view_is_the_printed_pages(served):
    deck = served.state()["decks"][0]
    status, body, _ = served.get(f"/sheets/{deck['name']}/{deck['key']}")
    assert status == 200
    pages = json.loads(body)["pages"]
    assert pages == 10  # 39 poker cards, 9 a sheet of A4: 5 sheets, fronts and backs
    status, body, _ = served.get(f"/sheet/{deck['name']}/{deck['key']}/{pages}.png")
    assert status == 200 and body.startswith(b"\x89PNG")
    assert served.get(f"/sheet/{deck['name']}/{deck['key']}/{pages + 1}.png")[0] == 404


def test_ctrl_c_stops_cleanly(project):
    s = Served(project, "--data", "cards.csv", "--front", "front.svg", "--port", "0")
    assert s.first_line.startswith("Serving cards at http://127.0.0.1:")
    code, err = s.stop()
    assert code == 0 and err.strip().endswith("stopped") and "Traceback" not in err


def test_bad_usage_is_one_line(project):
    proc = subprocess.run([sys.executable, "-m", "printkit", "serve", "nope.toml"], cwd=project, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.strip() == "printkit: error: nope.toml: no such file"
    proc = subprocess.run([sys.executable, "-m", "printkit", "serve"], cwd=project, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "give a project file" in proc.stderr


# -- under load: real sockets --------------------------------------------------------------

def _connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a client that reads slowly, if at all
    return sock


def _closed_by_server(sock: socket.socket, timeout: float) -> bool:
    """Whether the server closes `sock` within `timeout` s (what it sent before is read and dropped)."""
    sock.settimeout(timeout)
    try:
        while sock.recv(65536):
            pass
        return True
    except ConnectionResetError:
        return True
    except (TimeoutError, socket.timeout):
        return False


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="counts the server's threads in Linux's /proc")
def test_hundreds_of_idle_connections_and_streams_cost_no_threads(project):
    """400 requests left unfinished and 200 event streams never read, held open
    by one local client: the page still answers, the server's threads stay as
    they were, and it says nothing of them on the terminal."""
    s = Served(project, "game.toml")
    held: list[socket.socket] = []
    try:
        s.wait(all_drawn)
        before = s.threads()
        for k in range(400):
            sock = _connect(s.port)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Half: " % s.port if k % 2 else b"")  # half a request, or nothing
            held.append(sock)
        for _ in range(200):
            sock = _connect(s.port)
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % s.port)
            held.append(sock)
        status, body, _ = s.get("/")
        assert status == 200 and b"<main id=\"cards\">" in body
        status, body, _ = s.get("/state")
        assert status == 200 and len(json.loads(body)["decks"][0]["cards"]) == 39
        during = s.threads()
        assert during <= before + 4, (before, during)  # a pool's threads may start late; never one a connection
        # the connections over the limits were closed, the oldest first
        from printkit.serve import server

        assert _closed_by_server(held[0], 10) and _closed_by_server(held[400], 10)
        assert not _closed_by_server(held[-1], 0.2)  # the newest event stream lives on
        assert s.proc.poll() is None
    finally:
        for sock in held:
            sock.close()
        code, err = s.stop()
    assert code == 0 and "Traceback" not in err and "Traceback" not in "".join(s.out)
    assert server.MAX_CONNECTIONS < 400 and server.MAX_STREAMS < 200


def test_idle_and_unfinished_connections_are_closed_after_a_while(project, monkeypatch):
    """In this process, with the timeout made short: a connection that sends
    nothing, and one that sends half a request, are both closed by the server;
    one that asks in time gets its answer."""
    from printkit.app.live import Preview, Source
    from printkit.serve import server

    monkeypatch.setattr(server, "HEAD_TIMEOUT", 0.5)
    srv = server.PreviewServer(Preview(Source(project=project / "game.toml")), 0)
    loop = threading.Thread(target=srv.serve_forever, daemon=True)
    loop.start()
    try:
        idle, half = _connect(srv.port), _connect(srv.port)
        half.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % srv.port)
        asks = _connect(srv.port)
        asks.sendall(b"GET /app.css HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % srv.port)
        asks.settimeout(10)
        assert asks.recv(100).startswith(b"HTTP/1.1 200 OK")
        assert _closed_by_server(idle, 10) and _closed_by_server(half, 10) and _closed_by_server(asks, 10)
        # an answer to a request with no end of line, a huge head, another method, over the same port
        for request, status in ((b"NOT HTTP\r\n\r\n", b"400"), (b"GET / HTTP/1.1\r\nX: " + b"x" * 20000 + b"\r\n\r\n", b"431"),
                                (b"DELETE /state HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % srv.port, b"405")):
            sock = _connect(srv.port)
            sock.sendall(request)
            sock.settimeout(10)
            assert sock.recv(100).split(b" ")[1] == status, request[:20]
            sock.close()
    finally:
        srv.stopping.set()
        srv.notify()
        loop.join(timeout=10)
        srv.server_close()
    assert not loop.is_alive()


def deaf_waits(srv) -> bool:
    """Whether a stream's answer waits in the server for its client to read."""
    return any(w.transport.get_write_buffer_size() for w in list(srv._streams))


def test_an_event_stream_never_read_is_closed(project, monkeypatch):
    """In this process, with the send timeout made short: a stream whose client
    reads nothing is closed once the pushed states no longer fit the sockets'
    buffers; a stream that reads stays. Each push here is a whole state (an
    error said again, another each time): a push of a few cards is too small to fill them."""
    from printkit.app.live import Preview, Source
    from printkit.serve import server

    monkeypatch.setattr(server, "SEND_TIMEOUT", 2.0)  # a reader held up by a busy machine is not dropped
    preview = Preview(Source(project=project / "game.toml"))
    preview.refresh()
    srv = server.PreviewServer(preview, 0)
    preview.on_change = srv.notify
    loop = threading.Thread(target=srv.serve_forever, daemon=True)
    loop.start()
    try:
        ask = b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % srv.port
        deaf, reader = _connect(srv.port), socket.create_connection(("127.0.0.1", srv.port), timeout=10)
        deaf.sendall(ask)
        reader.sendall(ask)
        wait_for(lambda: len(srv._streams) == 2)
        got = b""
        size = len(json.dumps(preview.state()))
        for k in range(8 * 2**20 // size):  # new states, one by one, more than the buffers hold
            if len(srv._streams) < 2 or deaf_waits(srv):
                break
            preview._fail([{"file": "", "line": None, "message": f"cannot be read, time {k}"}])
            while b'"version":%d,' % preview.version not in got:  # the reader has it
                got = got[-(1 << 17):] + reader.recv(1 << 20)
        wait_for(lambda: len(srv._streams) < 2)  # a send to the deaf one waits, then times out
        assert len(srv._streams) == 1  # the deaf one was closed, the reader not
        assert _closed_by_server(deaf, 60)
        reader.settimeout(10)
        preview._publish()
        assert reader.recv(1 << 16)  # still served
    finally:
        srv.stopping.set()
        srv.notify()
        loop.join(timeout=10)
        srv.server_close()


# -- in a real browser -----------------------------------------------------------------

def _browser_missing() -> str | None:
    if not all(os.access(p, os.X_OK) and p.is_file() for p in (CHROMIUM, CHROMEDRIVER)):  # absent, or not a program one can run
        return "needs /usr/bin/chromium and /usr/bin/chromedriver (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "needs the selenium package (pip install -e '.[test]')"
    return None


def chrome(*extra: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage", "--window-size=1400,1000", *extra):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


@pytest.fixture(scope="module")
def browser():
    why = _browser_missing()
    if why:
        pytest.skip(why)
    driver = chrome("--host-resolver-rules=MAP rebind.example 127.0.0.1")
    try:
        yield driver
    finally:
        driver.quit()


def srcs(driver) -> dict:
    return driver.execute_script("return Object.fromEntries([...document.querySelectorAll('img[data-card]')].map(i => [i.dataset.card, i.getAttribute('src')]))")


def wait_for(test, timeout: float = 30.0):
    end = time.monotonic() + timeout
    while True:
        got = test()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.05)


def every_card_shows(driver) -> bool:
    return driver.execute_script(
        "const imgs = [...document.querySelectorAll('img[data-card], img[data-back]')];"
        "return imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0);")


def test_page_shows_every_card(served, browser):
    browser.get(served.url)
    wait_for(lambda: every_card_shows(browser) and len(srcs(browser)) == 39)
    assert sorted(srcs(browser)) == sorted(f"road:{n}" for n in range(1, 40))
    assert srcs(browser) == {k: f"/img/{v}.png" for k, v in fronts(served.state()).items()}
    # guides: the trim line shown, the safe zone switched on
    assert browser.execute_script("return getComputedStyle(document.querySelector('.guide.trim')).display") == "block"
    assert browser.execute_script("return getComputedStyle(document.querySelector('.guide.safe')).display") == "none"
    browser.find_element("id", "guide-safe").click()
    assert browser.execute_script("return getComputedStyle(document.querySelector('.guide.safe')).display") == "block"
    assert browser.find_elements("css selector", "#parts img")  # token sheet and rules page


def test_one_cell_edit_changes_only_that_cards_picture(served, project, browser):
    browser.get(served.url)
    wait_for(lambda: every_card_shows(browser) and len(srcs(browser)) == 39)
    before = srcs(browser)
    card = one_card(served.state(), "Long Night")
    csv = project / "cards.csv"
    text = csv.read_text(encoding="utf-8")
    said = len(served.err)
    csv.write_text(text.replace("Long Night", "Longest Night"), encoding="utf-8")
    try:
        after = wait_for(lambda: (lambda s: s if s[card] != before[card] else None)(srcs(browser)))
        assert {k for k in before if after[k] != before[k]} == {card}
        # its caption names it; the terminal says what changed and what was drawn again
        wait_for(lambda: "Longest Night" in browser.find_element("id", "card-" + card.replace(":", "-")).find_element("tag name", "figcaption").text)
        line = wait_for(lambda: next((x for x in served.err[said:] if "cards.csv" in x), None))
        assert re.fullmatch(r"\d\d:\d\d:\d\d cards\.csv: 1 card redrawn · no findings · \d+\.\d\d s\n", line), line
        wait_for(lambda: every_card_shows(browser))
        # clicked open: large at print size with its data row
        browser.find_element("css selector", f'img[data-card="{card}"]').click()
        dialog = browser.find_element("id", "large")
        wait_for(lambda: dialog.is_displayed() and "Longest Night" in dialog.text)
        width_mm = browser.execute_script("const i = document.querySelector('#large-body img'); return i.getBoundingClientRect().width / 96 * 25.4")
        assert abs(width_mm - 69) < 0.5  # card and bleed at print size (CSS mm)
    finally:
        csv.write_text(text, encoding="utf-8")
    wait_for(lambda: srcs(browser) == before)  # the same picture again: the same name


class Events:
    """The server's event stream as the page gets it, read by a thread: [(kind, data)]."""

    def __init__(self, port: int) -> None:
        self.got: list[tuple[str, dict]] = []
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        kind = ""
        try:
            for line in self.sock.makefile("rb"):
                if line.startswith(b"event: "):
                    kind = line[7:].strip().decode()
                elif line.startswith(b"data: "):
                    self.got.append((kind, json.loads(line[6:])))
        except OSError:
            pass

    def close(self) -> None:
        self.sock.close()


PATCHED = """
window.patched = new Set();
new MutationObserver((changes) => { for (const m of changes) { const fig = m.target.closest && m.target.closest('figure.card'); if (fig) window.patched.add(fig.id); } })
  .observe(document.getElementById('cards'), { subtree: true, childList: true, attributes: true, characterData: true });"""


def test_a_change_sends_only_its_cards(served, project, browser):
    """A one-cell edit: the event stream sends that card only (not the whole
    state, not the other 38), and the page touches that card's figure only."""
    browser.get(served.url)
    wait_for(lambda: every_card_shows(browser) and len(srcs(browser)) == 39)
    card = one_card(served.state(), "Long Night")
    stream = Events(served.port)
    csv = project / "cards.csv"
    text = csv.read_text(encoding="utf-8")
    try:
        wait_for(lambda: stream.got)
        kind, first = stream.got[0]
        assert kind == "state" and len(first["decks"][0]["cards"]) == 39  # a new stream starts with the whole state
        wait_for(lambda: browser.execute_script("return document.body.dataset.version") == str(stream.got[-1][1]["version"]))
        browser.execute_script(PATCHED)
        seen = len(stream.got)
        csv.write_text(text.replace("Long Night", "Longest Night"), encoding="utf-8")
        wait_for(lambda: any(c["row"].get("name") == "Longest Night" for _, d in stream.got[seen:] for x in d["decks"] for c in x["cards"]))
        wait_for(lambda: stream.got[-1][1]["busy"] is False and served.state()["version"] == stream.got[-1][1]["version"])
        after = stream.got[seen:]
        assert after and {kind for kind, _ in after} == {"cards"}
        sent = {f"{x['name']}:{c['n']}" for _, d in after for x in d["decks"] for c in x["cards"]}
        assert sent == {card}
        # the page: that card's caption and picture changed, no other card was touched
        fig = "card-" + card.replace(":", "-")
        wait_for(lambda: "Longest Night" in browser.find_element("id", fig).find_element("tag name", "figcaption").text)
        wait_for(lambda: browser.execute_script("return document.body.dataset.version") == str(after[-1][1]["version"]))
        assert browser.execute_script("return [...window.patched]") == [fig]
    finally:
        stream.close()
        csv.write_text(text, encoding="utf-8")
    wait_for(lambda: all(c["row"].get("name") != "Longest Night" for c in served.state()["decks"][0]["cards"]))


def test_broken_template_shows_its_error_and_keeps_the_cards(served, project, browser):
    browser.get(served.url)
    wait_for(lambda: every_card_shows(browser) and len(srcs(browser)) == 39)
    before = srcs(browser)
    svg = project / "front.svg"
    good = svg.read_bytes()
    svg.write_bytes(good[: len(good) // 2])  # a save cut short
    try:
        errors = browser.find_element("id", "errors")
        wait_for(lambda: errors.is_displayed() and "front.svg" in errors.text)
        assert "line" in errors.text
        assert srcs(browser) == before and every_card_shows(browser)  # the last good cards stay
        # ... marked stale, every one of them and the deck's only
        wait_for(lambda: stale_cards(browser) == 39)
        assert browser.find_element("css selector", "#card-road-1 figcaption .badge.stale").text == "stale"
        assert browser.execute_script("return getComputedStyle(document.querySelector('#card-road-1 img')).opacity") < "1"
        assert served.proc.poll() is None
        wait_for(lambda: any("front.svg: cannot be read: " in line for line in served.err))
    finally:
        svg.write_bytes(good)
    wait_for(lambda: not browser.find_element("id", "errors").is_displayed())
    assert srcs(browser) == before
    wait_for(lambda: stale_cards(browser) == 0)


def stale_cards(driver) -> int:
    return driver.execute_script("return document.querySelectorAll('.card.stale').length")


def test_template_change_redraws_its_cards(served, project, browser):
    browser.get(served.url)
    wait_for(lambda: every_card_shows(browser) and len(srcs(browser)) == 39)
    before = srcs(browser)
    svg = project / "front.svg"
    good = svg.read_text(encoding="utf-8")
    svg.write_text(good.replace('fill="#f6efdf"', 'fill="#dfe9f6"'), encoding="utf-8")
    try:
        after = wait_for(lambda: (lambda s: s if all(s[k] != before[k] for k in before) else None)(srcs(browser)), timeout=60)
        assert len(set(after.values())) == len(set(before.values()))
    finally:
        svg.write_text(good, encoding="utf-8")
    wait_for(lambda: srcs(browser) == before, timeout=60)


def test_dns_rebinding_is_refused_in_the_browser(served, browser):
    browser.get(f"http://rebind.example:{served.port}/")
    assert "refused" in browser.find_element("tag name", "body").text
    assert not browser.find_elements("css selector", "img[data-card]")


# -- every finding in the page ---------------------------------------------------------------

@pytest.fixture(scope="module")
def flawed(tmp_path_factory):
    """The example with a finding in each of its parts, as validate reports them:
    art missing on 6 cards, a token label too long for 2 tokens, a character the
    rules page's font lacks, a font found nowhere; captions named by `type`."""
    dest = tmp_path_factory.mktemp("flawed") / "ember-road"
    shutil.copytree(EXAMPLE, dest)
    edit = lambda name, old, new: (dest / name).write_text((dest / name).read_text(encoding="utf-8").replace(old, new), encoding="utf-8")  # noqa: E731
    edit("cards.csv", "Traveller,Fox Scout,1,2,fox", "Traveller,Fox Scout,1,2,storm-v2")
    edit("cards.csv", "Traveller,River Guide,2,2,wave", "Traveller,River Guide,2,2,storm-v2")
    edit("tokens.csv", "3,ember,8", "3,ember,8\nA label far too long for its token,ember,2")
    edit("rules.md", "\n", " Keep the \u2603 token.\n")
    edit("back.svg", 'font-family="Noto Sans"', 'font-family="Caslon Antique"')
    edit("game.toml", 'back = "back.svg"', 'back = "back.svg"\nname_column = "type"')
    return dest


def test_page_shows_every_finding_validate_reports(flawed, browser):
    proc = subprocess.run([sys.executable, "-m", "printkit", "validate", "game.toml"], cwd=flawed, capture_output=True, text=True, timeout=120)
    said: dict = {}
    for line in proc.stdout.splitlines():
        m = re.match(r"game\.toml: (error|warning): (?:([A-Z][A-Z0-9-]+) )?", line)
        if m:
            key = (m.group(1), m.group(2) or "OWN-FONT")
            said[key] = said.get(key, 0) + 1
    assert proc.returncode == 1 and said == {("error", "OWN-IMAGE-MISSING"): 6, ("error", "OWN-TEXT-OVERFLOW"): 2, ("error", "OWN-GLYPH"): 1, ("warning", "OWN-FONT"): 1}, proc.stdout
    s = Served(flawed, "game.toml")
    try:
        state = s.wait(all_drawn)
        shown: dict = {}
        for kind in ("errors", "warnings"):
            for g in state["groups"][kind]:
                key = (g["severity"], g["code"])
                shown[key] = shown.get(key, 0) + max(1, len(g["places"]))
        assert shown == said  # the page has what validate has: every part, counted alike
        browser.get(s.url)
        box = browser.find_element("id", "found-errors")
        wait_for(lambda: box.is_displayed() and "9 errors · make would refuse this" in box.text)
        items = box.find_elements("tag name", "li")
        assert len(items) == 3  # one line a finding, however many cards it is on
        art = next(li for li in items if "storm-v2.svg" in li.text)
        assert art.text.startswith("Road deck · 6 cards: image 'art/storm-v2.svg' not found")
        assert [a.get_attribute("href").rsplit("#", 1)[1] for a in art.find_elements("tag name", "a")] == [f"card-road-{n}" for n in range(4, 10)]
        assert any(li.text.startswith("Ember and lantern tokens · 2 tokens: ") for li in items)
        assert any(li.text.startswith("Rules · ") and "\u2603" in li.text for li in items)
        warnings = browser.find_element("id", "found-warnings")
        assert warnings.is_displayed() and warnings.text.startswith("1 warning") and "Caslon Antique" in warnings.text
        assert "make would refuse" not in warnings.text
        # the cards: the art's 6 marked, captions named by the deck's name_column
        wait_for(lambda: len(browser.find_elements("css selector", ".card.bad")) == 6)
        assert browser.find_element("css selector", "#card-road-1 figcaption .name").text == "Traveller"
        assert "Traveller" in browser.find_element("css selector", "#card-road-4 figcaption").text
        assert "storm-v2.svg" in browser.find_element("css selector", "#card-road-4 figcaption").text
        first = next(x for x in s.err if " project read: " in x)
        assert re.fullmatch(r"\d\d:\d\d:\d\d project read: 40 cards redrawn · 9 errors, 1 warning \(make would refuse this\) · \d+\.\d\d s\n", first), first
        # the art of one row (cards 4-6) mended: pushed as those cards, the grouped findings with them
        csv = flawed / "cards.csv"
        csv.write_text(csv.read_text(encoding="utf-8").replace("Traveller,Fox Scout,1,2,storm-v2", "Traveller,Fox Scout,1,2,fox"), encoding="utf-8")
        wait_for(lambda: "6 errors · make would refuse this" in box.text)
        art = next(li for li in box.find_elements("tag name", "li") if "storm-v2.svg" in li.text)
        assert art.text.startswith("Road deck · 3 cards: ")
        assert [a.get_attribute("href").rsplit("#", 1)[1] for a in art.find_elements("tag name", "a")] == [f"card-road-{n}" for n in range(7, 10)]
        wait_for(lambda: len(browser.find_elements("css selector", ".card.bad")) == 3)
        assert "storm-v2.svg" not in browser.find_element("css selector", "#card-road-4 figcaption").text
    finally:
        code, err = s.stop()
    assert code == 0 and "Traceback" not in err


# -- cards appear as they are drawn --------------------------------------------------------------

def test_cards_appear_as_they_are_drawn(tmp_path, browser):
    """A template change on a 60-card deck: the page shows the first redrawn
    cards while the others are still being drawn (pushed over the event stream
    batch by batch), then all of them. A change that gives each card a finding:
    the findings at the top agree with the cards at every push, and all are there
    in the end."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_serve import make_deck  # the benchmark's own deck

    folder = tmp_path / "deck"
    make_deck(folder, 60)
    s = Served(folder, "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg")
    try:
        browser.get(s.url)
        wait_for(lambda: len(srcs(browser)) == 60 and all(srcs(browser).values()) and every_card_shows(browser), timeout=120)
        before = srcs(browser)
        line = wait_for(lambda: next((x for x in s.err if " project read: " in x), None))
        assert " 60 cards redrawn · " in line
        browser.execute_script("""
            const before = arguments[0];
            window.seen = [];
            new MutationObserver(() => window.seen.push([...document.querySelectorAll('img[data-card]')]
                .filter(i => i.getAttribute('src') !== before[i.dataset.card]).length))
              .observe(document.body, { attributes: true, attributeFilter: ['data-version'] });""", before)
        svg = folder / "front.svg"
        svg.write_text(svg.read_text(encoding="utf-8").replace('fill="#f6efdf"', 'fill="#dfe9f6"'), encoding="utf-8")
        wait_for(lambda: all(v != before[k] for k, v in srcs(browser).items()) and every_card_shows(browser), timeout=120)
        seen = browser.execute_script("return window.seen")
        assert any(0 < n < 60 for n in seen), seen  # some cards new, others still to come
        assert seen == sorted(seen) and seen[-1] == 60
        wait_for(lambda: s.state()["busy"] is False)
        line = wait_for(lambda: next((x for x in s.err if "front.svg: " in x), None))
        assert " 60 cards redrawn · " in line

        # a change that gives every card a finding, drawn a few cards at a time: at each
        # push the page's count of errors is its cards marked bad, and in the end all 60
        browser.execute_script("""
            window.counts = [];
            new MutationObserver(() => { const h = document.querySelector('#found-errors h2');
              window.counts.push([h && !h.parentElement.hidden ? parseInt(h.textContent) : 0, document.querySelectorAll('.card.bad').length]); })
              .observe(document.body, { attributes: true, attributeFilter: ['data-version'] });""")
        said = len(s.err)
        svg.write_text(svg.read_text(encoding="utf-8").replace('href="art/{{ art }}.svg"', 'href="art/{{ art }}-v2.svg"'), encoding="utf-8")
        wait_for(lambda: any(" 60 errors " in x for x in s.err[said:]), timeout=120)
        box = browser.find_element("id", "found-errors")
        wait_for(lambda: box.is_displayed() and box.text.startswith("60 errors · make would refuse this"))
        wait_for(lambda: len(browser.find_elements("css selector", ".card.bad")) == 60)
        counts = browser.execute_script("return window.counts")
        assert all(errors == bad for errors, bad in counts), counts
        assert any(0 < bad < 60 for _, bad in counts), counts  # some cards' findings shown before the others were drawn
        groups = s.state()["groups"]["errors"]
        assert sum(len(g["places"]) for g in groups) == 60 and len(box.find_elements("tag name", "li")) == len(groups) == 7  # one line an art file
    finally:
        code, err = s.stop()
    assert code == 0 and "Traceback" not in err


RECORD = """
window.seen = [];
document.addEventListener("DOMContentLoaded", () => new MutationObserver(() => {
  const before = window.before || {};
  window.seen.push([...document.querySelectorAll("img[data-card]")]
    .filter((i) => i.getAttribute("src") && i.getAttribute("src") !== before[i.dataset.card]).map((i) => +i.dataset.card.split(":")[1]));
}).observe(document.body, { attributes: true, attributeFilter: ["data-version"] }));
"""


@pytest.mark.slow
def test_first_page_fills_in_card_by_card_and_the_cards_on_screen_are_drawn_first(tmp_path, browser):
    """A fresh 60-card deck: the page shows its cards as they are drawn (pushed
    over the event stream a few at a time, the top of the page first), not all
    at once. Then, scrolled to the bottom, a template change redraws the cards
    on screen before the others."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_serve import make_deck  # the benchmark's own deck

    folder = tmp_path / "deck"
    make_deck(folder, 60)
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD})  # before the page's own script
    s = Served(folder, "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg")
    try:
        browser.get(s.url)
        wait_for(lambda: len(srcs(browser)) == 60 and all(srcs(browser).values()) and every_card_shows(browser), timeout=120)
        seen = [n for n in browser.execute_script("return window.seen") if n]
        counts = [len(n) for n in seen]
        assert counts == sorted(counts) and counts[-1] == 60
        # cards shown before the deck is done: the first batch (2 cards) is pushed while the
        # other 58 are still being drawn, far longer than a frame, so at least one state
        # lies between; how many more the page sees depends on how its frames fall
        # against the later pushes (CI saw [1, 17, 60, 60]), which no test can fix
        assert sum(0 < n < 60 for n in counts) >= 1, counts
        assert all(sorted(n) == list(range(1, len(n) + 1)) for n in seen), seen  # from the top of the page down
        assert not s.state()["decks"][0]["cards"][0].get("pending")

        # scrolled to the bottom: the page says which cards it shows, and those are drawn first
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait_for(lambda: browser.execute_script(
            "return performance.getEntriesByType('resource').some((e) => /[/]look[?]deck=[0-9]+-60$/.test(e.name) && e.responseEnd > 0)"))
        on_screen = set(browser.execute_script(
            "return [...document.querySelectorAll('img[data-card]')].filter((i) => { const r = i.getBoundingClientRect();"
            " return r.bottom > 0 && r.top < innerHeight; }).map((i) => +i.dataset.card.split(':')[1])"))
        assert 60 in on_screen and 1 not in on_screen
        before = srcs(browser)
        browser.execute_script("window.before = arguments[0]; window.seen = [];", before)
        svg = folder / "front.svg"
        svg.write_text(svg.read_text(encoding="utf-8").replace('fill="#f6efdf"', 'fill="#dfe9f6"'), encoding="utf-8")
        wait_for(lambda: all(v != before[k] for k, v in srcs(browser).items()) and every_card_shows(browser), timeout=120)
        changed = [n for n in browser.execute_script("return window.seen") if n]
        assert set(changed[0]) <= on_screen, (changed[0], on_screen)  # the first redrawn cards are on screen
        first_off = next(k for k, n in enumerate(changed) if set(n) - on_screen)
        assert all(set(n) <= on_screen for n in changed[:first_off])
        assert on_screen <= set(changed[first_off]), (on_screen, changed[first_off])  # every card on screen before any other
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        code, err = s.stop()
    assert code == 0 and "Traceback" not in err


def test_the_cards_on_screen_come_first(project, served):
    """The order in which a drawing takes the cards: those the page shows
    (/look), then the nearest; a deck not on screen in its own order. /look
    takes only deck=first-last."""
    from printkit.app.live import Preview, Source

    preview = Preview(Source(project=project / "game.toml"))
    preview.look({"road": (5, 7)})
    left = list(range(10))
    assert preview._next("road", left, 4) == [4, 5, 6, 3] and left == [0, 1, 2, 7, 8, 9]
    assert preview._next("road", left, 3) == [7, 2, 8]
    assert preview._next("tokens", list(range(5)), 2) == [0, 1]
    for query in ("road=2-9", "road=2-9&tokens=1-3", "road=9-2", "nonsense", "road=0-5", "../x=1-2"):
        status, body, _ = served.get("/look?" + query)
        assert (status, body) == (200, b"ok\n")


def test_the_watcher_follows_no_link_out_of_the_project(tmp_path, monkeypatch):
    """A project that ships a link to / (or to any folder of yours): the watcher
    watches the project's own folders, one by one, and never walks the link.
    Watching the tree recursively, watchfiles follows links: on main a link to /
    had `printkit serve` list /etc, /boot, ... and add 2,888 inotify watches (the
    user's, shared with every program) in the first seconds (attack of 2026-12-03)."""
    import watchfiles

    from printkit.serve import run

    victim = tmp_path / "victim"
    for k in range(20):
        (victim / f"d{k}" / "inner").mkdir(parents=True)
    game = tmp_path / "game"
    (game / "art").mkdir(parents=True)
    (game / "everything").symlink_to(victim)
    (game / "art" / "loop").symlink_to(game)
    calls = []

    def watch(*paths, **kwargs):
        calls.append((paths, kwargs))
        return iter(())

    class Source:
        def folders(self):
            return [game]

    class Preview:
        summary = ""

        def refresh(self, changed=None):
            return False

    stop = threading.Event()
    monkeypatch.setattr(watchfiles, "watch", lambda *p, **k: (stop.set(), watch(*p, **k))[1])
    run._watch(Preview(), Source(), stop, lambda *a, **k: None)
    (paths, kwargs), = calls
    assert kwargs.get("recursive") is False, "a recursive watch follows the links in the tree"
    assert sorted(paths) == sorted([str(game), str(game / "art")])

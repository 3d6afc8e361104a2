"""Hostile inputs that come from outside the project's files (issue 33, points 4 and 6):
web addresses a project or a command line names as data, the PRINTKIT_LIMIT_*
environment variables, and font files that cannot be read.

Each class is tried as an attacker would try it and asserts what
tests/test_safe_projects.py asserts (exit status, one line, no traceback, nothing
reached or written, bounded time), with a control that proves the detector would
see the leak: the same run with the refusal lifted reaches the server / uses the
font / reads the variable.

The test servers listen on this computer (127.0.0.1, 127.0.0.2), which printkit
refuses to fetch from. A test reaches one by handing printkit's fetch its own
address check (data.ADDRESS_CHECK, or fetch_url's `allow`): there is no switch
that turns the check off from outside the code.
"""

from __future__ import annotations

import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT, run_cli, run_inproc

FRONT = '[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 6\ny = 6\nw = 51\nh = 12\nsize = 10\n'
CSV = b"name\nFetched-Card-Alpha\nFetched-Card-Beta\n"
SECRET_CSV = b"name\nSECRET-local-service-answer\n"


class Server:
    """An HTTP server in a thread: routes path -> (status, headers, body) or a
    callable(handler) that answers itself; counts hits and the Host headers seen."""

    def __init__(self, host: str, routes: dict) -> None:
        self.routes, self.hits, self.hosts = routes, {}, []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):  # noqa: N802
                owner.hits[self.path] = owner.hits.get(self.path, 0) + 1
                owner.hosts.append(self.headers.get("Host"))
                route = owner.routes.get(self.path)
                if callable(route):
                    return route(self)
                status, headers, body = route or (404, {}, b"no")
                self.send_response(status)
                for k, v in {"Content-Type": "text/csv", **headers}.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Connection", "close")
                self.end_headers()
                try:
                    self.wfile.write(body)
                except OSError:
                    pass

            def log_message(self, *a):
                pass

        self.httpd = http.server.ThreadingHTTPServer((host, 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://{host}:{self.httpd.server_address[1]}"
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def local():
    """The service on this computer an attacker wants printed on the cards."""
    srv = Server("127.0.0.1", {"/secret.csv": (200, {}, SECRET_CSV), "/": (200, {}, SECRET_CSV)})
    yield srv
    srv.close()


def _only(*allowed: str):
    """An address check that lets these test addresses through, and printkit's own for the rest."""
    from printkit.custom import safety

    return lambda ip: None if str(ip) in allowed else safety.address_refusal(ip)


def _deck(tmp_path: Path) -> Path:
    (tmp_path / "front.toml").write_text(FRONT, encoding="utf-8")
    return tmp_path


def _one_line(proc, *needles: str) -> str:
    err = proc.stderr.strip()
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "\n" not in err and "Traceback" not in proc.stderr + proc.stdout and "internal error" not in err, proc.stderr
    for n in needles:
        assert n in err, (n, err)
    return err


# -- addresses -------------------------------------------------------------------------

def test_data_addresses_on_this_computer_are_refused(tmp_path, local):
    """`--data` and a project's `data` (with --fetch) naming this computer, by
    any spelling, are refused with one line before any connection; the control,
    with the test's own server allowed, reaches it and prints its answer."""
    _deck(tmp_path)
    port = local.port
    for url in (f"{local.url}/secret.csv", f"http://localhost:{port}/secret.csv", f"http://[::1]:{port}/", f"http://0.0.0.0:{port}/",
                f"http://2130706433:{port}/secret.csv", f"http://0x7f.1:{port}/secret.csv", f"http://[::ffff:127.0.0.1]:{port}/"):
        proc = run_cli("deck", "--data", url, "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
        _one_line(proc, "public internet")
        assert not (tmp_path / "x.pdf").exists()
    (tmp_path / "game.toml").write_text(f'[game]\ntitle = "Remote"\n\n[[deck]]\nname = "a"\ndata = "http://localhost:{port}/secret.csv"\nfront = "front.toml"\n', encoding="utf-8")
    for cmd in ("validate", "make"):
        proc = run_cli(cmd, "game.toml", "--fetch", cwd=tmp_path)
        _one_line(proc, f"localhost:{port}/secret.csv", "this computer")
        assert "SECRET" not in proc.stdout + proc.stderr
    assert local.hits == {}, "printkit connected to the local service"
    assert not list(tmp_path.rglob("*.pdf"))


def test_the_control_reaches_the_local_service_when_allowed(tmp_path, local, monkeypatch):
    """The detector above would see a leak: with the check lifted (in this test
    only), the same command fetches the local service and prints its answer."""
    from pypdf import PdfReader

    from printkit.custom import data

    _deck(tmp_path)
    monkeypatch.setattr(data, "ADDRESS_CHECK", _only("127.0.0.1"))
    proc = run_inproc("deck", "--data", f"{local.url}/secret.csv", "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert local.hits == {"/secret.csv": 1}
    assert "SECRET-local-service-answer" in " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "x.pdf")).pages)


def test_malformed_addresses_are_one_line(tmp_path, relay):
    """A bracket left open, a port past 65535 or not a number (was exit 3 where the
    address is first shown), on the command line, in a project, or in a redirect;
    and an answer cut short of its Content-Length (not read as a shorter table)."""
    _deck(tmp_path)
    for url in ("http://[::1/x.csv", "http://cards.example:99999/x.csv", "http://cards.example:abc/x.csv", "http://[zz::1]/x.csv"):
        proc = run_cli("deck", "--data", url, "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
        _one_line(proc, "not a valid web address")
    (tmp_path / "game.toml").write_text('[game]\ntitle = "Remote"\n\n[[deck]]\ndata = "http://[::1/x.csv"\nfront = "front.toml"\n', encoding="utf-8")
    for cmd in ("validate", "make"):
        _one_line(run_cli(cmd, "game.toml", "--fetch", cwd=tmp_path), "not a valid web address")
    from printkit.custom.data import fetch_url
    from printkit.errors import UsageError

    def cut_short(handler):  # says 1,000 bytes, sends 12 and closes
        handler.send_response(200)
        handler.send_header("Content-Length", "1000")
        handler.end_headers()
        handler.wfile.write(b"name\nHalf-ro")
        handler.close_connection = True

    relay.routes["/cut.csv"] = cut_short
    with pytest.raises(UsageError, match="closed the connection before the end"):
        fetch_url(relay.url + "/cut.csv", allow=_only("127.0.0.2"))
    relay.routes["/to-broken"] = (302, {"Location": "http://[::1/x.csv"}, b"")
    with pytest.raises(UsageError, match="redirected to a malformed address"):
        fetch_url(relay.url + "/to-broken", allow=_only("127.0.0.2"))
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.parametrize("address, why", [
    ("127.0.0.1", "this computer"), ("127.8.9.10", "this computer"), ("0.0.0.0", "this computer"), ("::1", "this computer"), ("::", "this computer"),
    ("10.1.2.3", "private network"), ("172.16.0.1", "private network"), ("192.168.1.1", "private network"), ("100.64.0.1", "private network"),
    ("fd00::1", "private network"), ("fec0::1", "private network"),
    ("169.254.169.254", "link-local"), ("fe80::1", "link-local"),
    ("224.0.0.1", "multicast"), ("ff02::1", "multicast"), ("240.0.0.1", "public internet"), ("255.255.255.255", "public internet"),
    ("::ffff:127.0.0.1", "this computer"), ("::ffff:10.0.0.1", "private network"), ("2002:7f00:1::", "this computer"), ("2002:a9fe:a9fe::", "link-local"),
    ("64:ff9b::7f00:1", "this computer"), ("::7f00:1", "public internet"), ("2001:db8::1", "private network"),
])
def test_every_kind_of_local_address_is_named(address, why):
    import ipaddress

    from printkit.custom.safety import address_refusal

    assert why in (address_refusal(ipaddress.ip_address(address)) or "allowed"), address


@pytest.mark.parametrize("address", ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8", "2002:0808:0808::"])
def test_public_addresses_are_allowed(address):
    import ipaddress

    from printkit.custom.safety import address_refusal

    assert address_refusal(ipaddress.ip_address(address)) is None


# IANA's special-purpose registries (IPv4, IPv6), read by their "Globally Reachable" column:
# blocks Python 3.11's ipaddress does not know (3fff::/20 of RFC 9637, 192.0.0.0/24 past its
# /29, 192.0.0.8, 192.88.99.2) or knows only through its reserved ranges (5f00::/16,
# 64:ff9b:1::/48, 100:0:0:1::/64), each refused; the deprecated 6to4 relay block (no answer
# in the registry) refused as Teredo and the old ORCHID block are
@pytest.mark.parametrize("address, block", [
    ("3fff::1", "3fff::/20"), ("3fff:fff:ffff:ffff::1", "3fff::/20"), ("5f00::1", "5f00::/16"), ("5f00:ffff::1", "5f00::/16"),
    ("64:ff9b:1::a00:1", "64:ff9b:1::/48"), ("64:ff9b:1::808:808", "64:ff9b:1::/48"), ("100:0:0:1::1", "100:0:0:1::/64"),
    ("192.0.0.8", "192.0.0.8/32"), ("192.0.0.11", "192.0.0.0/24"), ("192.0.0.200", "192.0.0.0/24"), ("192.0.0.255", "192.0.0.0/24"),
    ("192.88.99.2", "192.88.99.2/32"), ("192.88.99.1", "192.88.99.0/24"), ("2001:1::4", "2001::/23"), ("2001:10::1", "2001:10::/28"),
    ("::ffff:192.0.0.11", "192.0.0.0/24"), ("2002:c000:00c8::1", "192.0.0.0/24"),
])
def test_every_special_purpose_block_not_globally_reachable_is_refused(address, block):
    import ipaddress

    from printkit.custom.safety import address_refusal

    why = address_refusal(ipaddress.ip_address(address))
    assert why, address
    if block not in ("5f00::/16", "64:ff9b:1::/48", "100:0:0:1::/64", "2001::/23", "2001:10::/28"):  # Python's reserved or private ranges name these
        assert "public internet" in why and block in why, (address, why)


# the registries' globally reachable blocks: allowed where Python 3.11 agrees (it calls
# 192.0.0.9, 192.0.0.10 and the AS112 blocks global); inside 2001::/23, which Python calls
# private, both readings are asked and the address stays refused (ORCHIDv2, AMT, TEREDO...)
@pytest.mark.parametrize("address", [
    "2620:4f:8000::1", "192.0.0.9", "192.0.0.10", "192.31.196.1", "192.52.193.1", "192.175.48.1", "3fff:1000::1",
])
def test_every_globally_reachable_special_purpose_block_is_allowed(address):
    import ipaddress

    from printkit.custom.safety import address_refusal

    assert address_refusal(ipaddress.ip_address(address)) is None, address


@pytest.mark.parametrize("address", ["2001:1::1", "2001:1::2", "2001:1::3", "2001:3::1", "2001:3:ffff::1", "2001:4:112::1", "2001:20::1", "2001:2f:ffff::1", "2001:30::1"])
def test_a_reachable_block_inside_one_python_calls_private_stays_refused(address):
    import ipaddress

    from printkit.custom.safety import address_refusal

    assert address_refusal(ipaddress.ip_address(address)) == "an address of a private network", address


def test_refusal_happens_before_any_connection_for_a_name_that_resolves_locally():
    """A literal private address, a decimal one, a cloud metadata address: one
    line naming the address, from the name's own look-up (no network needed)."""
    from printkit.custom.data import fetch_url
    from printkit.errors import UsageError

    for url, why in [("http://169.254.169.254/latest/meta-data/", "link-local"), ("http://10.0.0.1/cards.csv", "private network"),
                     ("https://[fd12:3456::1]/x.csv", "private network"), ("http://3232235777/cards.csv", "private network"),
                     ("https://[3fff::10]/x.csv", "3fff::/20")]:
        with pytest.raises(UsageError, match=why) as exc:
            fetch_url(url)
        assert "\n" not in str(exc.value) and "public internet" in str(exc.value)


@pytest.fixture
def relay(local):
    """A server the test treats as public (127.0.0.2) that redirects to the local service."""
    try:
        srv = Server("127.0.0.2", {})
    except OSError:
        pytest.skip("127.0.0.2 cannot be listened on here")
    srv.routes.update({
        "/pub.csv": (200, {}, CSV),
        "/to-local": (302, {"Location": f"{local.url}/secret.csv"}, b""),
        "/to-localhost": (307, {"Location": f"http://localhost:{local.port}/secret.csv"}, b""),
        "/to-metadata": (301, {"Location": "http://169.254.169.254/latest/meta-data/"}, b""),
        "/to-self": (302, {"Location": "/pub.csv"}, b""),
        "/to-self-twice": (302, {"Location": "/to-self"}, b""),
    })
    yield srv
    srv.close()


def test_a_redirect_to_this_computer_is_refused(tmp_path, relay, local, monkeypatch):
    """An allowed server's redirect to the local service is checked like the
    first address: refused with one line, the local service never reached. The
    control: a redirect within the allowed server is followed and printed."""
    from pypdf import PdfReader

    from printkit.custom import data

    _deck(tmp_path)
    monkeypatch.setattr(data, "ADDRESS_CHECK", _only("127.0.0.2"))
    for path in ("/to-local", "/to-localhost", "/to-metadata"):
        proc = run_inproc("deck", "--data", relay.url + path, "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
        _one_line(proc, "redirected to", "public internet")
        assert not (tmp_path / "x.pdf").exists()
    assert local.hits == {} and relay.hits == {"/to-local": 1, "/to-localhost": 1, "/to-metadata": 1}
    proc = run_inproc("deck", "--data", relay.url + "/to-self-twice", "--front", "front.toml", "-o", "x.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Fetched-Card-Beta" in " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "x.pdf")).pages)


def test_a_name_is_looked_up_once_and_the_checked_address_is_the_one_connected(relay, local, monkeypatch):
    """DNS rebinding: a name that answers an allowed address first and this
    computer's the next time. printkit looks it up once, connects to the address
    it checked, and sends the name as Host. The control: a name whose first
    answer is this computer is refused."""
    import socket as socket_module

    from printkit.custom.data import fetch_url
    from printkit.errors import UsageError

    real = socket_module.getaddrinfo
    calls = []

    def rebinding(host, port, *a, **kw):
        if host in ("cards.example", "evil.example"):
            calls.append(host)
            first = "127.0.0.2" if host == "cards.example" else "127.0.0.1"
            ip = first if calls.count(host) == 1 else "127.0.0.1"
            return [(socket_module.AF_INET, socket_module.SOCK_STREAM, 6, "", (ip, port))]
        return real(host, port, *a, **kw)

    monkeypatch.setattr(socket_module, "getaddrinfo", rebinding)
    body = fetch_url(f"http://cards.example:{relay.port}/pub.csv", allow=_only("127.0.0.2"))
    assert body == CSV
    assert calls == ["cards.example"]  # looked up once: the answer checked is the address connected to
    assert relay.hosts == [f"cards.example:{relay.port}"] and local.hits == {}
    calls.clear()
    # a redirect is a new request: its look-up is checked again (here the name now answers 127.0.0.1)
    with pytest.raises(UsageError, match="redirected to .*cards.example \\(127.0.0.1\\) is an address of this computer"):
        fetch_url(f"http://cards.example:{relay.port}/to-self", allow=_only("127.0.0.2"))
    assert local.hits == {}
    with pytest.raises(UsageError, match="evil.example \\(127.0.0.1\\) is an address of this computer"):
        fetch_url(f"http://evil.example:{local.port}/secret.csv", allow=_only("127.0.0.2"))
    assert local.hits == {}


# -- one deadline for the whole fetch -----------------------------------------------------

def _trickle_body(handler) -> None:
    """Headers at once, then one byte of the body now and then, for ever."""
    handler.send_response(200)
    handler.send_header("Content-Type", "text/csv")
    handler.send_header("Content-Length", "100000")
    handler.end_headers()
    handler.wfile.flush()
    try:
        for _ in range(3000):
            handler.wfile.write(b"a")
            handler.wfile.flush()
            time.sleep(0.1)
    except OSError:
        pass


def _trickle_short(handler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "text/csv")
    handler.send_header("Content-Length", "4")
    handler.end_headers()
    handler.wfile.flush()
    for ch in b"n\nA\n":
        handler.wfile.write(bytes([ch]))
        handler.wfile.flush()
        time.sleep(0.1)


def _trickle_head(handler) -> None:
    """The status line and headers one byte at a time, for ever."""
    try:
        for ch in b"HTTP/1.1 200 OK\r\n" + b"X-Slow: " + b"a" * 100000:
            handler.wfile.write(bytes([ch]))
            handler.wfile.flush()
            time.sleep(0.1)
    except OSError:
        pass


def _silent(handler) -> None:
    time.sleep(60)


def _redirect_slowly(handler) -> None:
    """Each answer a little late, each a redirect to the next: no single wait is long."""
    n = int(handler.path.rsplit("/", 1)[1])
    time.sleep(0.3)
    handler.send_response(302)
    handler.send_header("Location", f"/hop/{n + 1}")
    handler.send_header("Content-Length", "0")
    handler.end_headers()


@pytest.fixture
def slow():
    srv = Server("127.0.0.1", {"/trickle-body.csv": _trickle_body, "/trickle-short.csv": _trickle_short, "/trickle-head.csv": _trickle_head, "/silent.csv": _silent,
                               **{f"/hop/{n}": _redirect_slowly for n in range(12)}})
    yield srv
    srv.close()


CHILD = """
import json, sys, time
from printkit.custom.data import fetch_url
from printkit.errors import UsageError
out = []
for url in sys.argv[2:]:
    start = time.monotonic()
    try:
        fetch_url(url, timeout=float(sys.argv[1]), allow=lambda ip: None)
        msg = "fetched"
    except UsageError as exc:
        msg = str(exc)
    out.append([url, msg, time.monotonic() - start])
print(json.dumps(out))
"""


def _fetch_in_child(timeout: float, urls: list[str]) -> list:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", CHILD, str(timeout), *urls], capture_output=True, text=True, timeout=30 + 10 * len(urls), env=env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_a_server_that_trickles_bytes_is_cut_at_the_deadline(slow):
    """One byte every 0.1 s of a 100 KB body would take hours; the fetch, given a
    1 s deadline, ends at it with one line (measured in a child, so a fetch that
    did not end could not stall the test run)."""
    (url, msg, took), (_, control, _) = _fetch_in_child(1.0, [slow.url + "/trickle-body.csv", slow.url + "/trickle-short.csv"])
    assert msg.endswith("not fetched within 1 s"), msg
    assert took < 6, f"{took:.1f} s for a 1 s deadline"
    assert control == "fetched"  # the control: the same trickle, short enough to end in time, is read whole


@pytest.mark.slow
def test_every_way_of_stalling_a_fetch_ends_at_the_one_deadline(slow):
    """Headers trickled, a server that never answers, and redirects each a
    little late (no single wait long, together past the deadline)."""
    results = _fetch_in_child(1.5, [slow.url + "/trickle-head.csv", slow.url + "/silent.csv", slow.url + "/hop/0"])
    for url, msg, took in results:
        assert "within 1.5 s" in msg, (url, msg)
        assert took < 6.5, f"{url}: {took:.1f} s for a 1.5 s deadline"
    assert slow.hits.get("/hop/5", 0) <= 1 and "/hop/11" not in slow.hits  # the hops stopped at the deadline, not at the redirect cap


def test_a_look_up_that_never_answers_ends_at_the_deadline(monkeypatch):
    import socket as socket_module

    from printkit.custom.data import fetch_url
    from printkit.errors import UsageError

    gate = threading.Event()
    monkeypatch.setattr(socket_module, "getaddrinfo", lambda *a, **kw: gate.wait(30) and [])
    start = time.monotonic()
    try:
        with pytest.raises(UsageError, match="no answer within 0.5 s"):
            fetch_url("http://cards.example/pub.csv", timeout=0.5)
        assert time.monotonic() - start < 5
    finally:
        gate.set()


# -- the environment ----------------------------------------------------------------------

@pytest.mark.parametrize("value", ["²", "٣", "５", "1e3", " 5", "5 ", "-1", "+5", "0", "000", "0x10", "1_000", "7\n"])
def test_a_limit_variable_must_be_ascii_digits(monkeypatch, value):
    from printkit.custom import safety
    from printkit.errors import UsageError

    monkeypatch.setenv("PRINTKIT_LIMIT_CARDS", value)
    with pytest.raises(UsageError, match="PRINTKIT_LIMIT_CARDS=") as exc:
        safety._limit("CARDS", 5000)
    assert "\n" not in str(exc.value)


def test_a_limit_variable_lowers_and_never_raises(monkeypatch):
    from printkit.custom import safety

    for value, want in [("7", 7), ("0007", 7), ("5000", 5000), ("5001", 5000), ("9" * 5000, 5000), ("", 5000)]:
        monkeypatch.setenv("PRINTKIT_LIMIT_CARDS", value)
        assert safety._limit("CARDS", 5000) == want, value


def test_a_bad_limit_variable_is_one_line_exit_2(tmp_path):
    """`PRINTKIT_LIMIT_CARDS=²` (a digit to str.isdigit, not to int): one line
    naming the variable. The control, `=1`, is read: two cards are then too many."""
    (tmp_path / "cards.csv").write_text("name\nA\nB\n")
    (tmp_path / "game.toml").write_text('[game]\ntitle = "Two"\n\n[[deck]]\ndata = "cards.csv"\nfront = "front.toml"\n')
    _deck(tmp_path)
    args = ("make", "game.toml", "-o", "x.pdf")
    from conftest import run_process

    proc = run_process(*args, cwd=tmp_path, env={"PRINTKIT_LIMIT_CARDS": "²"})
    _one_line(proc, "PRINTKIT_LIMIT_CARDS='²'")
    assert not (tmp_path / "x.pdf").exists()
    from conftest import REAL_PROCESSES

    if REAL_PROCESSES:  # the control (a new process reads the variable): in the slow tier
        proc = run_process(*args, cwd=tmp_path, env={"PRINTKIT_LIMIT_CARDS": "1"})
        _one_line(proc, "over 1 cards")


def test_xdg_config_home_relative_is_ignored_and_unreadable_is_named(tmp_path, monkeypatch):
    from printkit import config
    from printkit.errors import UsageError

    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/folder")
    assert config.config_paths()[1] == Path.home() / ".config" / "printkit" / "printkit.toml"
    monkeypatch.setenv("XDG_CONFIG_HOME", "/" + "a" * 5000)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError, match="XDG_CONFIG_HOME"):
        config.load_defaults()


# -- fonts that cannot be read ----------------------------------------------------------------
# Each is the shipped Noto Sans edited as an attacker would, saved as fonts/Broken.ttf
# and asked for by its file name's family ("Broken") on a card whose text uses
# accented letters (composite glyphs). Run as a user runs a downloaded project, in
# forked children under the memory and CPU ceilings of tests/test_safe_projects.py.

def _sfnt(data: bytes) -> dict:
    import struct

    count = struct.unpack(">H", data[4:6])[0]
    out = {}
    for i in range(count):
        tag, _sum, off, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        out[tag.decode()] = (off, length, 12 + 16 * i)
    return out


def broken_font(kind: str) -> bytes:
    """Noto Sans with one part of it made to lie (or the whole file not a font)."""
    import struct

    good = (ROOT / "fonts" / "NotoSans-Regular.ttf").read_bytes()
    if kind == "good":
        return good
    if kind == "not-a-font":
        return b"<!doctype html><title>Download</title>" * 40
    if kind == "truncated":
        return good[:len(good) // 3]
    d = bytearray(good)
    t = _sfnt(good)
    head, maxp, (loca, loca_len, _), (glyf, glyf_len, glyf_dir) = t["head"][0], t["maxp"][0], t["loca"], t["glyf"]
    short = struct.unpack(">h", good[head + 50:head + 52])[0] == 0
    glyphs = struct.unpack(">H", good[maxp + 4:maxp + 6])[0]
    step = 2 if short else 4
    locs = [struct.unpack(">H", good[loca + 2 * i:loca + 2 * i + 2])[0] * 2 if short else struct.unpack(">I", good[loca + 4 * i:loca + 4 * i + 4])[0] for i in range(glyphs + 1)]
    if kind == "loca-past-end":  # every glyph from 3 on located past the glyph data, in order
        for g in range(3, glyphs + 1):
            value = glyf_len + 64 * g
            d[loca + step * g:loca + step * g + step] = struct.pack(">H", min(0xFFFF, value // 2)) if short else struct.pack(">I", value)
    elif kind == "composite-part-missing":  # accented letters built from a glyph the font does not have
        for g in range(glyphs):
            if locs[g + 1] > locs[g] and struct.unpack(">h", good[glyf + locs[g]:glyf + locs[g] + 2])[0] < 0:
                d[glyf + locs[g] + 12:glyf + locs[g] + 14] = struct.pack(">H", 0xFFF0)
    elif kind == "glyf-past-file":  # the glyph table's length claims more than the file holds
        d[glyf_dir + 12:glyf_dir + 16] = struct.pack(">I", len(good) * 4)
    elif kind == "loca-backwards":
        d[loca + step * 5:loca + step * 5 + step] = b"\xff" * step
    else:
        raise ValueError(kind)
    return bytes(d)


FONT_KINDS = ["loca-past-end", "composite-part-missing", "glyf-past-file", "loca-backwards", "truncated", "not-a-font", "huge", "fifo", "good"]
FONT_KINDS_FAST = ("loca-past-end", "not-a-font", "good")  # the default tier; --runslow runs them all
CARD_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">'
            '<rect width="69" height="94" fill="#f6efdf"/>'
            '<text data-box="6 6 51 20" font-family="Broken" font-size="6">{{ name }}</text></svg>')


@pytest.fixture(scope="module")
def font_runs(tmp_path_factory):
    """Every font case run with `validate`, `make` and `validate --strict` in the hostile runner."""
    base = tmp_path_factory.mktemp("fonts")
    runs, built = [], {}
    import conftest

    for kind in FONT_KINDS if conftest.SLOW else FONT_KINDS_FAST:
        p = base / kind
        (p / "fonts").mkdir(parents=True)
        (p / "game.toml").write_text('[game]\ntitle = "Free Game"\n\n[[deck]]\ndata = "cards.csv"\nfront = "front.svg"\n')
        (p / "front.svg").write_text(CARD_SVG)
        (p / "cards.csv").write_text("name\nCafé Brûlée\nÅngström Öl\n", encoding="utf-8")
        font = p / "fonts" / "Broken.ttf"
        if kind == "huge":  # past the size limit (sparse: no disk used)
            with open(font, "wb") as f:
                f.truncate(70 * 2**20)
        elif kind == "fifo":  # a read would wait for ever
            os.mkfifo(font)
        else:
            font.write_bytes(broken_font(kind))
        for k, args in enumerate((["validate", "game.toml"], ["make", "game.toml"], ["validate", "game.toml", "--strict"])):
            runs.append({"id": f"{kind}#{k}", "cwd": str(p), "args": args, "out": str(base / f"{kind}-{k}")})
        built[kind] = p
    spec = base / "spec.json"
    spec.write_text(json.dumps({"runs": runs, "memory": 300 * 2**20, "cpu": 60, "wall": 120, "config_home": str(base / "no-config")}))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PRINTKIT_DEBUG", None)
    subprocess.run([sys.executable, str(ROOT / "tests" / "hostile_runner.py"), str(spec), str(base / "results.json")], check=True, env=env, timeout=900)
    return base, built, json.loads((base / "results.json").read_text())


@pytest.mark.parametrize("kind", [k if k in FONT_KINDS_FAST else pytest.param(k, marks=pytest.mark.slow) for k in FONT_KINDS if k != "good"])
def test_a_font_that_cannot_be_read_is_named_and_left_out(font_runs, kind):
    """validate and make agree: exit 0 with a warning naming fonts/Broken.ttf, the
    card set in Noto Sans; --strict refuses (exit 1) naming it. Never exit 3."""
    from pypdf import PdfReader

    base, built, results = font_runs
    outs = []
    for k, expect in enumerate((0, 0, 1)):
        r = results[f"{kind}#{k}"]
        text = (base / f"{kind}-{k}.out").read_text(errors="replace") + (base / f"{kind}-{k}.err").read_text(errors="replace")
        assert not r["hung"] and r["code"] == expect, (kind, k, r, text[-600:])
        assert "Traceback" not in text and "internal error" not in text, text[-600:]
        assert "Broken.ttf" in text and ("cannot be read as a font" in text or "left out" in text), text[-600:]
        assert r["maxrss_mb"] < 300
        outs.append(text)
    pdf = built[kind] / "output" / "free-game-kit.pdf"
    assert pdf.is_file()
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert "Café Brûlée" in text  # drawn, in the font printkit ships


def test_the_control_font_is_used(font_runs):
    """The control: the same project with the font intact prints with it, no warning."""
    base, built, results = font_runs
    for k in range(3):
        r = results[f"good#{k}"]
        text = (base / f"good-{k}.out").read_text() + (base / f"good-{k}.err").read_text()
        assert r["code"] == 0 and "Broken" not in text, text[-600:]


@pytest.mark.parametrize("kind", [k for k in FONT_KINDS if k not in ("good", "huge", "fifo")])
def test_the_check_is_what_finds_each_broken_font(tmp_path, kind):
    """engine_fonts.ttfont (the one loader printkit embeds fonts through) refuses each
    broken font when it is loaded; the good one passes."""
    from printkit.engine import fonts

    path = tmp_path / "Broken.ttf"
    path.write_bytes(broken_font(kind))
    with pytest.raises(fonts.FontError):
        fonts.ttfont(f"PKTest-{kind}", str(path))
    path.write_bytes(broken_font("good"))
    assert fonts.ttfont(f"PKTest-{kind}-good", str(path)).face.numGlyphs > 100


def test_unchecked_the_broken_font_fails_when_the_pdf_is_written(tmp_path):
    """The detector's control: ReportLab on its own loads the loca-past-end font
    and measures text with it, and fails only when it cuts the subset a PDF
    embeds (the exit 3 of issue 33): what the check finds at load time is real."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    path = tmp_path / "Broken.ttf"
    path.write_bytes(broken_font("loca-past-end"))
    face = TTFontFile(str(path), validate=0)  # loads
    assert face.charWidths.get(ord("C"), 0) > 0  # measures
    with pytest.raises(Exception):
        face.makeSubset([ord(c) for c in "Café Brûlée"])  # what writing the PDF does
    good = TTFontFile(str(ROOT / "fonts" / "NotoSans-Regular.ttf"), validate=0)
    assert good.makeSubset([ord(c) for c in "Café Brûlée"])


HTTPS_CHILD = """
import json, socket, sys
from printkit.custom import safety
from printkit.custom.data import fetch_url
from printkit.errors import UsageError
real = socket.getaddrinfo
def fake(host, port, *a, **kw):
    if host.endswith(".example"):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.2", port))]
    return real(host, port, *a, **kw)
socket.getaddrinfo = fake
out = []
for url in sys.argv[1:]:
    try:
        out.append(fetch_url(url, allow=lambda ip: None if str(ip) == "127.0.0.2" else safety.address_refusal(ip)).decode())
    except UsageError as exc:
        out.append(str(exc))
print(json.dumps(out))
"""


@pytest.mark.slow
def test_https_to_the_checked_address_names_the_host_for_the_certificate(tmp_path):
    """Connected to the address checked (127.0.0.2, as the test's name look-up
    answers), TLS still sends the name (SNI) and checks the certificate for it:
    cards.example is fetched; the control, wrong.example on the same address,
    is refused for its certificate. The test's certificate is trusted through
    OpenSSL's own SSL_CERT_FILE, in a child."""
    import shutil
    import ssl

    if not shutil.which("openssl"):
        pytest.skip("no openssl command to make a test certificate")
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=cards.example", "-addext", "subjectAltName=DNS:cards.example"], check=True, capture_output=True)
    try:
        srv = Server("127.0.0.2", {"/pub.csv": (200, {}, CSV)})
    except OSError:
        pytest.skip("127.0.0.2 cannot be listened on here")
    names = []
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    context.sni_callback = lambda sock, name, ctx: names.append(name)
    srv.httpd.socket = context.wrap_socket(srv.httpd.socket, server_side=True)
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SSL_CERT_FILE": str(cert)}
        proc = subprocess.run([sys.executable, "-c", HTTPS_CHILD, f"https://cards.example:{srv.port}/pub.csv", f"https://wrong.example:{srv.port}/pub.csv"],
                              capture_output=True, text=True, timeout=60, env=env)
        assert proc.returncode == 0, proc.stderr
        right, wrong = json.loads(proc.stdout)
        assert right == CSV.decode()
        assert "certificate" in wrong and "cannot fetch it" in wrong, wrong
        assert names[:2] == ["cards.example", "wrong.example"] and srv.hosts == [f"cards.example:{srv.port}"]
    finally:
        srv.close()

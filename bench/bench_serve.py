"""`printkit serve`: from a saved file to the new picture in a real browser.

    python bench/bench_serve.py [--edits 10]

Copies the example project's templates and art into a temporary folder, makes
two decks of its cards with every name made unique (500 cards, 100 cards),
starts `python -m printkit serve` on each and opens the page in headless
Chromium (/usr/bin/chromium with /usr/bin/chromedriver, driven by Selenium).
First it times the first page of the 500-card deck, from the server's
address line (it has started drawing) to the first card's picture loaded on the
page, and to all 500. Then, N times each:

  one cell   change one card's name in the 500-card deck's cards.csv; the time
             from the write until that card's <img> has a new src and the new
             picture has loaded (every other card keeps its src: checked)
  template   change the front template's background colour in the 100-card
             deck; the time until the first card shows its new picture, and
             until all 100 do

Last, under load: one local client holds 400 connections open without a
complete request and 200 event streams it never reads; the time to fetch the
page and its state then, and the server's threads (Linux's /proc) before and
during.

Goals (issues 24, 33, 36): page under load <= 5 s; first page: first cards <= 1 s; one cell <= 1 s;
template: first changed card <= 0.5 s, all <= 2 s (medians). Timings depend on
the machine and its load: this is a script, not a test.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "ember-road"


def make_deck(folder: Path, n: int) -> None:
    folder.mkdir(parents=True)
    for name in ("front.svg", "back.svg", "art", "icons"):
        src = EXAMPLE / name
        (shutil.copytree if src.is_dir() else shutil.copy)(src, folder / name)
    rows = list(csv.DictReader((EXAMPLE / "cards.csv").open(encoding="utf-8")))
    cols = [c for c in rows[0] if c != "qty"]
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(cols)
        for i in range(n):
            r = rows[i % len(rows)]
            w.writerow([f"{r[c]} {i + 1}" if c == "name" else r[c] for c in cols])


def start(folder: Path):
    """The server and its address; the clock starts when it prints the address (drawing has begun)."""
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg"],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "XDG_CONFIG_HOME": str(folder / ".no-config")})
    line = proc.stdout.readline().strip()
    if not line.startswith("Serving "):
        raise SystemExit(f"printkit serve did not start: {line!r}")
    t0 = time.perf_counter()
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # whatever else it says: read, never blocks it
    return proc, line.rsplit(" at ", 1)[1], t0


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


SRCS = "return Object.fromEntries([...document.querySelectorAll('img[data-card]')].map(i => [i.dataset.card, i.getAttribute('src')]))"
LOADED = "return [...document.querySelectorAll(arguments[0])].every(i => i.complete && i.naturalWidth > 0)"


def wait(test, timeout=120.0, step=0.005):
    end = time.monotonic() + timeout
    while True:
        got = test()
        if got:
            return got
        if time.monotonic() > end:
            raise SystemExit("timed out waiting for the page")
        time.sleep(step)


SHOWN = "return [...document.querySelectorAll('img[data-card]')].filter(i => i.getAttribute('src') && i.complete && i.naturalWidth > 0).length"
CHANGED = ("const before = arguments[0]; return [...document.querySelectorAll('img[data-card]')]"
           ".filter(i => i.getAttribute('src') && i.getAttribute('src') !== before[i.dataset.card] && i.complete && i.naturalWidth > 0).length")


def open_page(driver, url: str, n: int, t0: float | None = None) -> tuple[dict, float, float]:
    """Open the page; (card pictures, seconds to the first card shown, to all `n`), timed from t0."""
    t0 = time.perf_counter() if t0 is None else t0
    driver.get(url)
    wait(lambda: driver.execute_script(SHOWN) >= 1)
    first = time.perf_counter() - t0
    wait(lambda: len(driver.execute_script(SRCS)) == n and all(driver.execute_script(SRCS).values()) and driver.execute_script(LOADED, "img[data-card]"))
    return driver.execute_script(SRCS), first, time.perf_counter() - t0


def one_cell(driver, folder: Path, edits: int) -> list[float]:
    csv_path = folder / "cards.csv"
    times = []
    for k in range(edits):
        before = driver.execute_script(SRCS)
        card = 37 + 41 * k  # a different card each time, through the deck
        lines = csv_path.read_text(encoding="utf-8").splitlines(keepends=True)
        old = lines[card]
        new = old.replace(f" {card},", f" {card}{'!' if '!' not in old else ''},", 1) if "!" not in old else old.replace("!", "", 1)
        lines[card] = new
        key = f"deck:{card}"
        text = "".join(lines)
        t0 = time.perf_counter()
        csv_path.write_text(text, encoding="utf-8")
        wait(lambda: driver.execute_script(f"const i = document.querySelector('img[data-card=\"{key}\"]'); return i.getAttribute('src') !== arguments[0] && i.complete && i.naturalWidth > 0", before[key]))
        times.append(time.perf_counter() - t0)
        after = driver.execute_script(SRCS)
        changed = [k2 for k2 in before if before[k2] != after[k2]]
        if changed != [key]:
            raise SystemExit(f"a one-cell edit changed {changed}, not only {key}")
    return times


def template(driver, folder: Path, edits: int) -> tuple[list[float], list[float]]:
    """(seconds to the first changed card shown, to all of them), per edit."""
    svg = folder / "front.svg"
    good = svg.read_text(encoding="utf-8")
    firsts, times = [], []
    for k in range(edits):
        before = driver.execute_script(SRCS)
        text = good.replace('fill="#f6efdf"', f'fill="#{0xd0 + k:02x}e9f6"', 1)  # a colour not seen before: every card drawn again
        t0 = time.perf_counter()
        svg.write_text(text, encoding="utf-8")
        wait(lambda: driver.execute_script(CHANGED, before) >= 1)
        firsts.append(time.perf_counter() - t0)
        wait(lambda: (lambda s: all(s[c] != before[c] for c in before))(driver.execute_script(SRCS)) and driver.execute_script(LOADED, "img[data-card]"))
        times.append(time.perf_counter() - t0)
    return firsts, times


def threads(pid: int) -> int | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("Threads:")))


def under_load(proc, url: str) -> tuple[float, int | None, int | None]:
    """(seconds to fetch / and /state with 400 idle connections and 200 unread streams held open, threads before, during)."""
    import http.client
    import socket

    port = int(url.rstrip("/").rsplit(":", 1)[1])
    before = threads(proc.pid)
    held = []
    try:
        for k in range(600):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            if k >= 400:
                sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
            elif k % 2:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)
            held.append(sock)
        time.sleep(0.5)
        t0 = time.perf_counter()
        for path in ("/", "/state"):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            if resp.status != 200:
                raise SystemExit(f"{path}: {resp.status} under load")
            conn.close()
        took = time.perf_counter() - t0
        return took, before, threads(proc.pid)
    finally:
        for sock in held:
            sock.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edits", type=int, default=10)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        big, small = Path(tmp) / "deck500", Path(tmp) / "deck100"
        make_deck(big, 500)
        make_deck(small, 100)
        driver = browser()
        procs = []
        try:
            proc, url, t0 = start(big)
            procs.append(proc)
            _, first, full = open_page(driver, url, 500, t0)
            cell = one_cell(driver, big, args.edits)
            proc, url, _ = start(small)
            procs.append(proc)
            open_page(driver, url, 100)
            tmpl_first, tmpl = template(driver, small, args.edits)
            load, before, during = under_load(proc, url)
        finally:
            driver.quit()
            for p in procs:
                p.send_signal(signal.SIGINT)
                p.wait(timeout=20)
    print(f"printkit serve, save to picture in headless Chromium ({os.cpu_count()} cores, median of {args.edits})")
    print(f"  first page, 500 cards: first card {first:6.2f} s   goal <= 1 s")
    print(f"  first page, 500 cards: all shown  {full:6.2f} s")
    print(f"  one cell, 500-card deck:          {statistics.median(cell):6.2f} s   goal <= 1 s   (min {min(cell):.2f}, max {max(cell):.2f})")
    print(f"  template, 100 cards: first card   {statistics.median(tmpl_first):6.2f} s   goal <= 0.5 s (min {min(tmpl_first):.2f}, max {max(tmpl_first):.2f})")
    print(f"  template, 100 cards: all shown    {statistics.median(tmpl):6.2f} s   goal <= 2 s   (min {min(tmpl):.2f}, max {max(tmpl):.2f})")
    print(f"  page and state, 600 held open:    {load:6.3f} s  goal <= 5 s   (server threads {before} before, {during} during)")


if __name__ == "__main__":
    main()

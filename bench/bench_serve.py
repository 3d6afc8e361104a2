"""`printkit serve`: from a saved file to the new picture in a real browser.

    python bench/bench_serve.py [--runs 5] [--edits 5] [--before DIR]

Copies the example project's templates and art into a temporary folder, makes
two decks of its cards with every name made unique (500 cards, 100 cards),
starts `python -m printkit serve` on each and opens the page in headless
Chromium (/usr/bin/chromium with /usr/bin/chromedriver, driven by Selenium).
Each run times:

  first page  a fresh server on the 500-card deck, the page opened at once:
              from the server's address line (and from the launch) to the
              first card's picture loaded on the page, and to all 500; and the
              server process's CPU seconds (user + system, Linux's /proc) from
              its launch to its first push of a drawn card (the first event,
              a whole state or a push of changed cards, that carries one, on an
              event stream this script reads beside the page) and to all 500
              shown: these move less with the host's load
  template    a fresh server on the 100-card deck, all drawn; then `--edits`
              times the front template's background colour changed: the time
              from the write until the first card shows its new picture, and
              until all 100 do, and the server's CPU seconds for it all

`--before DIR`: also time the printkit package found in DIR (older code with
its fonts, e.g. `git archive main printkit fonts | tar -x -C DIR`), run for run
alternating with this one (A B B A ...), and print the two side by side.
The servers run with their bytecode cached, as an installed package does
(PYTHONDONTWRITEBYTECODE dropped, the cache in a temporary folder, a first
start not timed).

Last, this code alone: a saved one-cell edit in the 500-card deck (the card's
<img> gets a new src and the new picture loads; every other card keeps its
src: checked), and under load: one local client holds 400 connections open
without a complete request and 200 event streams it never reads; the time to
fetch the page and its state then, and the server's threads before and during.

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


def start(folder: Path, code: Path | None = None, cache: Path | None = None):
    """(the server, its address, the clock when it printed the address, when it was launched).
    `code`: a folder whose printkit package is run instead of this checkout's own (which is run
    whether or not it is the one installed); `cache`: where its bytecode is kept."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(folder / ".no-config")}
    env["PYTHONPATH"] = os.pathsep.join([str(code or ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    if cache is not None:  # bytecode cached, as an installed package has it
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    launched = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg"],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    line = proc.stdout.readline().strip()
    if not line.startswith("Serving "):
        raise SystemExit(f"printkit serve did not start: {line!r}")
    t0 = time.perf_counter()
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # whatever else it says: read, never blocks it
    return proc, line.rsplit(" at ", 1)[1], t0, launched


def stop(proc) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def cpu(pid: int) -> float:
    """CPU seconds (user + system) the process has used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


class FirstPush(threading.Thread):
    """Listens to the server's event stream as the page does: `cpu` is the
    server's CPU seconds when the first event with a drawn card arrives (what
    the server spent to push its first card, whatever the browser then takes).
    An event is the whole state or, from this code on, only the cards that
    changed: either way a card drawn has a picture and is not pending."""

    def __init__(self, url: str, pid: int) -> None:
        super().__init__(daemon=True)
        self.url, self.pid, self.cpu = url, pid, None
        self.start()

    def run(self) -> None:
        import json
        import socket

        port = int(self.url.rstrip("/").rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
            for line in sock.makefile("rb"):
                if line.startswith(b"data: "):
                    state = json.loads(line[6:])
                    if any(c.get("front") and not c.get("pending") for d in state.get("decks", ()) for c in d["cards"]):
                        self.cpu = cpu(self.pid)
                        return


def open_page(driver, url: str, n: int, t0: float | None = None, pid: int | None = None) -> tuple[dict, float, float, float | None]:
    """Open the page; (card pictures, seconds to the first card shown, to all `n`,
    the server's CPU seconds when it pushed its first card), timed from t0."""
    t0 = time.perf_counter() if t0 is None else t0
    push = FirstPush(url, pid) if pid is not None else None
    driver.get(url)
    wait(lambda: driver.execute_script(SHOWN) >= 1)
    first = time.perf_counter() - t0
    wait(lambda: len(driver.execute_script(SRCS)) == n and all(driver.execute_script(SRCS).values()) and driver.execute_script(LOADED, "img[data-card]"))
    if push is not None:
        push.join(timeout=10)
    return driver.execute_script(SRCS), first, time.perf_counter() - t0, push.cpu if push is not None else None


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


def template(driver, folder: Path, edits: int, pid: int | None = None) -> tuple[list[float], list[float], list[float]]:
    """(seconds to the first changed card shown, to all of them, the server's CPU seconds until all showed), per edit."""
    svg = folder / "front.svg"
    good = svg.read_text(encoding="utf-8")
    firsts, times, used = [], [], []
    for k in range(edits):
        before = driver.execute_script(SRCS)
        text = good.replace('fill="#f6efdf"', f'fill="#{0xd0 + k:02x}e9f6"', 1)  # a colour not seen before: every card drawn again
        c0 = cpu(pid) if pid is not None else 0.0
        t0 = time.perf_counter()
        svg.write_text(text, encoding="utf-8")
        wait(lambda: driver.execute_script(CHANGED, before) >= 1)
        firsts.append(time.perf_counter() - t0)
        wait(lambda: (lambda s: all(s[c] != before[c] for c in before))(driver.execute_script(SRCS)) and driver.execute_script(LOADED, "img[data-card]"))
        times.append(time.perf_counter() - t0)
        used.append(cpu(pid) - c0 if pid is not None else 0.0)
    svg.write_text(good, encoding="utf-8")
    return firsts, times, used


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


def one_run(driver, big: Path, small: Path, edits: int, code: Path | None, cache: Path) -> dict:
    """One run of the first page and the template edits with the printkit in `code` (None: this one)."""
    driver.get("about:blank")
    proc, url, t0, launched = start(big, code, cache)
    try:
        _, first, full, used = open_page(driver, url, 500, t0, proc.pid)
        full_cpu = cpu(proc.pid)
    finally:
        stop(proc)
    driver.get("about:blank")
    proc, url, _, _ = start(small, code, cache)
    try:
        open_page(driver, url, 100)
        time.sleep(0.5)  # the server done with the first page
        tmpl_first, tmpl, tmpl_cpu = template(driver, small, edits, proc.pid)
    finally:
        stop(proc)
    return {"first": first, "first_launch": first + t0 - launched, "first_cpu": used, "full": full, "full_cpu": full_cpu,
            "tmpl_first": statistics.median(tmpl_first), "tmpl_all": statistics.median(tmpl), "tmpl_cpu": statistics.median(tmpl_cpu)}


ROWS = [
    ("first", "first page, 500 cards: first card (from the address)", "s", "goal <= 1 s"),
    ("first_launch", "first page, 500 cards: first card (from the launch)", "s", ""),
    ("first_cpu", "first page, 500 cards: server CPU to its first push", "s", ""),
    ("full", "first page, 500 cards: all shown", "s", ""),
    ("full_cpu", "first page, 500 cards: server CPU to all shown", "s", ""),
    ("tmpl_first", "template, 100 cards: first card", "s", "goal <= 0.5 s"),
    ("tmpl_all", "template, 100 cards: all shown", "s", "goal <= 2 s"),
    ("tmpl_cpu", "template, 100 cards: server CPU to all", "s", ""),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of the first page and the template edits (each code)")
    ap.add_argument("--edits", type=int, default=5, help="edits a run (their median is the run's figure)")
    ap.add_argument("--before", type=Path, help="a folder holding an older printkit package, timed alternately with this one")
    args = ap.parse_args()
    codes = {"this": None} if args.before is None else {"this": None, "before": args.before.resolve()}
    if args.before is not None and not (args.before / "printkit" / "__init__.py").is_file():
        raise SystemExit(f"--before {args.before}: no printkit package in it")
    results: dict[str, list[dict]] = {name: [] for name in codes}
    with tempfile.TemporaryDirectory() as tmp:
        big, small = Path(tmp) / "deck500", Path(tmp) / "deck100"
        make_deck(big, 500)
        make_deck(small, 100)
        caches = {name: Path(tmp) / f"pycache-{name}" for name in codes}
        driver = browser()
        try:
            for name, code in codes.items():  # bytecode written (every module a drawing imports), not timed
                proc, url, _, _ = start(small, code, caches[name])
                try:
                    open_page(driver, url, 100)
                finally:
                    stop(proc)
            order = list(codes)
            for r in range(args.runs):
                for name in order if r % 2 == 0 else order[::-1]:
                    results[name].append(one_run(driver, big, small, args.edits, codes[name], caches[name]))
                    print(f"  run {r + 1} {name}: " + ", ".join(f"{k} {v:.2f}" for k, v in results[name][-1].items()), file=sys.stderr)
            driver.get("about:blank")
            proc, url, _, _ = start(big, None, caches["this"])
            try:
                open_page(driver, url, 500)
                cell = one_cell(driver, big, args.edits)
                load, before, during = under_load(proc, url)
            finally:
                stop(proc)
        finally:
            driver.quit()
    load_avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"printkit serve, save to picture in headless Chromium ({os.cpu_count()} cores, load average {load_avg:.1f}; "
          f"{args.runs} runs, each the median of {args.edits} edits; median (min) of the runs)")
    head = f"  {'':54}" + "".join(f"{name:>16}" for name in codes)
    print(head)
    for key, label, unit, goal in ROWS:
        cells = []
        for name in codes:
            got = [r[key] for r in results[name]]
            cells.append(f"{statistics.median(got):6.2f} ({min(got):5.2f})")
        print(f"  {label:54}" + "".join(f"{c:>16}" for c in cells) + (f"   {goal}" if goal else ""))
    print(f"  one cell, 500-card deck:          {statistics.median(cell):6.2f} s   goal <= 1 s   (min {min(cell):.2f}, max {max(cell):.2f})")
    print(f"  page and state, 600 held open:    {load:6.3f} s  goal <= 5 s   (server threads {before} before, {during} during)")


if __name__ == "__main__":
    main()

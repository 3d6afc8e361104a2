"""`printkit serve`: from a saved file to the new picture in a real browser.

    python bench/bench_serve.py [--edits 10]

Copies the example project's templates and art into a temporary folder, makes
two decks of its cards with every name made unique (500 cards, 100 cards),
starts `python -m printkit serve` on each and opens the page in headless
Chromium (/usr/bin/chromium with /usr/bin/chromedriver, driven by Selenium).
Then, N times each:

  one cell   change one card's name in the 500-card deck's cards.csv; the time
             from the write until that card's <img> has a new src and the new
             picture has loaded (every other card keeps its src: checked)
  template   change the front template's background colour in the 100-card
             deck; the time until all 100 cards show their new pictures

Goals (issue 24): one cell <= 1 s, template <= 2 s (medians). Timings depend on
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
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg"],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={**os.environ, "XDG_CONFIG_HOME": str(folder / ".no-config")})
    line = proc.stdout.readline().strip()
    if not line.startswith("Serving "):
        raise SystemExit(f"printkit serve did not start: {line!r}")
    return proc, line.rsplit(" at ", 1)[1]


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


def open_page(driver, url: str, n: int) -> dict:
    driver.get(url)
    wait(lambda: len(driver.execute_script(SRCS)) == n and all(driver.execute_script(SRCS).values()) and driver.execute_script(LOADED, "img[data-card]"))
    return driver.execute_script(SRCS)


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


def template(driver, folder: Path, edits: int) -> list[float]:
    svg = folder / "front.svg"
    good = svg.read_text(encoding="utf-8")
    times = []
    for k in range(edits):
        before = driver.execute_script(SRCS)
        text = good.replace('fill="#f6efdf"', f'fill="#{0xd0 + k:02x}e9f6"', 1)  # a colour not seen before: every card drawn again
        t0 = time.perf_counter()
        svg.write_text(text, encoding="utf-8")
        wait(lambda: (lambda s: all(s[c] != before[c] for c in before))(driver.execute_script(SRCS)) and driver.execute_script(LOADED, "img[data-card]"))
        times.append(time.perf_counter() - t0)
    return times


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
            proc, url = start(big)
            procs.append(proc)
            t0 = time.perf_counter()
            open_page(driver, url, 500)
            first = time.perf_counter() - t0
            cell = one_cell(driver, big, args.edits)
            proc, url = start(small)
            procs.append(proc)
            open_page(driver, url, 100)
            tmpl = template(driver, small, args.edits)
        finally:
            driver.quit()
            for p in procs:
                p.send_signal(signal.SIGINT)
                p.wait(timeout=20)
    print(f"printkit serve, save to picture in headless Chromium ({os.cpu_count()} cores, median of {args.edits})")
    print(f"  first page, 500 cards drawn:      {first:6.2f} s")
    print(f"  one cell, 500-card deck:          {statistics.median(cell):6.2f} s   goal <= 1 s   (min {min(cell):.2f}, max {max(cell):.2f})")
    print(f"  template, 100 cards:              {statistics.median(tmpl):6.2f} s   goal <= 2 s   (min {min(tmpl):.2f}, max {max(tmpl):.2f})")


if __name__ == "__main__":
    main()

"""Your own deck at its floor: the Ember Road example (examples/ember-road,
its own front.svg and back.svg, art and icons) printed with
`printkit deck --data`, against the same cards drawn by hand in plain ReportLab
(`bench/floor_custom.py --design ember-road`) and against protograf.

    python bench/bench_own.py [--runs 5] [--sizes 40 100 1000] [--memory 1000 10000]
                              [--protograf-python PATH]

40 cards is the example as it is (its qty column); 100 and 1,000 cycle its 40
cards, each card past the first 40 its own row (the name numbered). Each size
runs printkit and the floor in turn, one after the other (A B A B ...), and the
ratio is taken pair by pair: load on the machine falls on both alike. Times are
CPU time (user + system) of the whole process, from the operating system's
account of each finished child (os.wait4), so start-up, imports, reading,
checks, drawing and writing are all in.

Memory: the peak resident size of printkit (and of the floor) at the two
--memory sizes; growth per card is the difference over the cards between.

protograf (not a printkit dependency: install it in its own venv,
`python -m venv /tmp/pg && /tmp/pg/bin/pip install protograf`, and give its
Python with --protograf-python or $PROTOGRAF_PYTHON) draws the same fronts at
1,000 cards from a script using its Data, Deck, Card and T("{{ }}") templates;
it lays out no backs and draws the `:ember:` icons as their names, so it does
less than printkit. Without it the row says it was skipped.

Goals (issue 27 point 2): printkit <= 1.3x the floor at 40, 100 and 1,000
cards; protograf >= 20x printkit at 1,000; memory growth <= 1 KB a card.
Timings depend on the machine and its load: this is a script, not a test.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "ember-road"
PY = sys.executable
GOAL_FLOOR, GOAL_PROTOGRAF, GOAL_KB = 1.3, 20.0, 1.0

PROTOGRAF = """from protograf import *
Create(filename="protograf.pdf", margin=1.0, units="cm")
Data(filename="cards.csv")
Deck(card_size="poker", grid_marks=True)
bg = rectangle(x=0, y=0, width=6.3, height=8.8, fill="#f6efdf", stroke="#f6efdf")
band = rectangle(x=0, y=0, width=6.3, height=1.8, fill=T("{{ '#1f5f8b' if type == 'Traveller' else '#7a3b69' }}"), stroke=None)
badge = circle(cx=5.3, cy=1.0, radius=0.5, fill="#f0e442", stroke="#3a2a1a")
cost = text(text=T("{% if type == 'Traveller' %}{{ cost }}{% endif %}"), x=5.3, y=1.15, font_size=13, stroke="#3a2a1a")
name = text(text=T("{{ name }}"), x=0.5, y=1.2, font_size=14, stroke="white", align="left")
frame = rectangle(x=0.5, y=2.1, width=5.3, height=3.4, fill="#fffaf0", stroke="#3a2a1a", rounding=0.15)
art = image(T("art/{{ art }}.svg"), x=1.15, y=2.2, width=4.0, height=3.2)
kind = text(text=T("{{ type | upper }}"), x=3.15, y=6.0, font_size=7)
rules = text(text=T("{{ text }}"), x=0.5, y=6.3, width=5.3, height=1.6, wrap=True, font_size=9, align="left")
power = text(text=T("{% if type == 'Traveller' %}{{ power }}{% endif %}"), x=0.5, y=8.4, font_size=9, align="left")
foot = text(text="EMBER ROAD", x=5.8, y=8.4, font_size=6, align="right")
Card("*", bg, band, S("{{ type == 'Traveller' }}", badge), cost, name, frame, art, kind, rules, power, foot)
Save()
"""


def write_inputs(folder: Path, sizes) -> dict[int, str]:
    """The example's files, and a data file for each size: {size: file name}."""
    for name in ("front.svg", "back.svg", "cards.csv"):
        shutil.copy(EXAMPLE / name, folder / name)
    for sub in ("art", "icons"):
        shutil.copytree(EXAMPLE / sub, folder / sub)
    with open(EXAMPLE / "cards.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    cards = [r for r in rows for _ in range(int(r["qty"]))]
    cols = [c for c in rows[0] if c != "qty"]
    files = {}
    for n in sorted(set(sizes)):
        if n == len(cards):
            files[n] = "cards.csv"
            continue
        files[n] = f"cards{n}.csv"
        with open(folder / files[n], "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(cols)
            for i in range(n):
                r = dict(cards[i % len(cards)])
                if i >= len(cards):
                    r["name"] = f"{r['name']} {i // len(cards) + 1}"
                w.writerow([r[c] for c in cols])
    (folder / "protograf_deck.py").write_text(PROTOGRAF, encoding="utf-8")
    return files


def run(cmd: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    """(CPU seconds, peak resident MB) of one finished run of `cmd`."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed (exit {p.returncode}):\n{err.decode(errors='replace')[-2000:]}")
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="pairs per size (after a warm-up)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[40, 100, 1000])
    ap.add_argument("--memory", type=int, nargs=2, default=[1000, 10000], metavar=("SMALL", "LARGE"))
    ap.add_argument("--protograf-python", default=os.environ.get("PROTOGRAF_PYTHON"), help="a Python that has protograf installed")
    ap.add_argument("--protograf-cards", type=int, default=1000)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="printkit-bench-own-"))
    files = write_inputs(tmp, [*args.sizes, *args.memory, args.protograf_cards])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")

    def printkit(n: int) -> list[str]:
        return [PY, "-m", "printkit", "deck", "--data", files[n], "--front", "front.svg", "--back", "back.svg", "-o", "printkit.pdf"]

    def floor(n: int) -> list[str]:
        return [PY, str(ROOT / "bench" / "floor_custom.py"), files[n], "--design", "ember-road", "-o", "floor.pdf"]

    print(f"Ember Road (examples/ember-road: its front.svg, back.svg, art, icons); inputs in {tmp}")
    print(f"CPU seconds of whole processes, medians of {args.runs} interleaved pairs; ratio = median of the pairs' ratios\n")
    print(f"{'cards':>6}  {'printkit':>9}  {'floor':>7}  {'ratio':>6}  {'(min-max)':>12}  {'ms a card':>9}  goal")
    rows = []
    pk_cpu = {}
    for n in args.sizes:
        run(printkit(n), tmp, env)  # warm-up: bytecode, font caches
        run(floor(n), tmp, env)
        a, b = [], []
        for _ in range(args.runs):
            a.append(run(printkit(n), tmp, env)[0])
            b.append(run(floor(n), tmp, env)[0])
        ratios = [x / y for x, y in zip(a, b)]
        r = statistics.median(ratios)
        pk_cpu[n] = statistics.median(a)
        print(f"{n:>6}  {statistics.median(a):8.3f}s  {statistics.median(b):6.3f}s  {r:5.2f}x  ({min(ratios):.2f}-{max(ratios):.2f})  {1000 * statistics.median(a) / n:9.2f}  <= {GOAL_FLOOR:g}x {'PASS' if r <= GOAL_FLOOR else 'MISS'}")
        rows.append((f"printkit / floor, {n} cards", f"{r:.2f}x", f"<= {GOAL_FLOOR:g}x", r <= GOAL_FLOOR))

    small, large = args.memory
    mem = {}
    for who, cmd in (("printkit", printkit), ("floor", floor)):
        for n in (small, large):
            mem[who, n] = min(run(cmd(n), tmp, env)[1] for _ in range(2))
    print(f"\npeak memory (MB, best of 2): printkit {mem['printkit', small]:.1f} at {small:,} cards, {mem['printkit', large]:.1f} at {large:,}; "
          f"floor {mem['floor', small]:.1f}, {mem['floor', large]:.1f}")
    for who in ("printkit", "floor"):
        kb = (mem[who, large] - mem[who, small]) * 1024 / (large - small)
        print(f"  {who}: {kb:.2f} KB a card")
        if who == "printkit":
            rows.append(("printkit memory growth", f"{kb:.2f} KB", f"<= {GOAL_KB:g} KB", kb <= GOAL_KB))

    if args.protograf_python:
        n = args.protograf_cards
        pg_dir = tmp / "protograf"
        pg_dir.mkdir(exist_ok=True)
        shutil.copy(tmp / files[n], pg_dir / "cards.csv")
        shutil.copy(tmp / "protograf_deck.py", pg_dir / "protograf_deck.py")
        shutil.copytree(tmp / "art", pg_dir / "art", dirs_exist_ok=True)
        pg_env = {k: v for k, v in env.items() if k != "PYTHONPATH"}
        pg = run([args.protograf_python, "protograf_deck.py"], pg_dir, pg_env)[0]
        mine = pk_cpu.get(n) or statistics.median(run(printkit(n), tmp, env)[0] for _ in range(3))
        ratio = pg / mine
        print(f"\nprotograf, {n:,} cards (fronts only, no icons): {pg:.2f} s CPU; printkit {mine:.3f} s: protograf takes {ratio:.1f}x")
        rows.append((f"protograf / printkit, {n} cards", f"{ratio:.1f}x", f">= {GOAL_PROTOGRAF:g}x", ratio >= GOAL_PROTOGRAF))
    else:
        print("\nprotograf: skipped (not installed here). python -m venv /tmp/pg && /tmp/pg/bin/pip install protograf,")
        print("           then --protograf-python /tmp/pg/bin/python (or set PROTOGRAF_PYTHON).")

    print(f"\n{'goal':<32} {'measured':>9}  {'target':>9}  result")
    for what, got, goal, ok in rows:
        print(f"{what:<32} {got:>9}  {goal:>9}  {'PASS' if ok else 'MISS'}")


if __name__ == "__main__":
    main()

"""Your own deck, 1,000 cards from CSV + SVG: printkit against a plain ReportLab
floor and against protograf.

    python bench/bench_custom.py [--cards 1000] [--runs 3] [--protograf-python PATH]

Writes the inputs into a temporary folder (cards.csv, front.svg, back.svg: a
card with a background, a coloured header band from the data, cost badge, name,
vector lantern art, type line, wrapped rules text and footer; a dark back) and
times whole commands (start-up, imports, reading, validating, drawing, writing):

  printkit   python -m printkit deck --data cards.csv --front front.svg --back back.svg
  floor      python bench/floor_custom.py cards.csv   (plain ReportLab, same elements)
  protograf  the same deck as a protograf script (Data + Deck + Card with T("{{ }}")
             templates), run by the Python given with --protograf-python or
             $PROTOGRAF_PYTHON (install protograf in its own venv: it is not a
             printkit dependency); without one the row says it was skipped.

Goals (issue 15): printkit <= 2x the floor; protograf >= 10x printkit.
Timings depend on the machine and its load: this is a script, not a test.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import resource
except ImportError:
    resource = None

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
GOAL_FLOOR = 2.0
GOAL_PROTOGRAF = 10.0

FRONT = """<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">
  <rect x="0" y="0" width="69" height="94" fill="#f6efdf"/>
  <rect x="0" y="0" width="69" height="21" fill="{{ color }}"/>
  <path d="M0 21 L69 21" stroke="#3a2a1a" stroke-width="0.6"/>
  <circle cx="56" cy="13" r="5" fill="#f0e442" stroke="#3a2a1a" stroke-width="0.5"/>
  <text x="56" y="14.6" font-family="Noto Sans" font-weight="bold" font-size="4.6" text-anchor="middle" fill="#3a2a1a">{{ cost }}</text>
  <text data-box="8 8.5 40 9" data-valign="middle" font-family="Noto Sans" font-weight="bold" font-size="5" fill="#ffffff">{{ name }}</text>
  <rect x="8" y="24" width="53" height="34" rx="1.5" fill="#fffaf0" stroke="#3a2a1a" stroke-width="0.5"/>
  <g transform="translate(14.5,24)">
    <circle cx="20" cy="17" r="13" fill="#f0e442"/>
    <path d="M15 6 Q20 1 25 6" fill="none" stroke="#3a2a1a" stroke-width="1.2"/>
    <rect x="13" y="6" width="14" height="3" rx="1" fill="#3a2a1a"/>
    <path d="M14 9 L26 9 L28 24 L12 24 Z" fill="#fff3b0" stroke="#3a2a1a" stroke-width="1.2"/>
    <path d="M20 12 C23 16 23.5 19 20 21.5 C16.5 19 17 16 20 12 Z" fill="#e69f00"/>
    <rect x="11" y="24" width="18" height="3" rx="1" fill="#3a2a1a"/>
  </g>
  <text x="34.5" y="63" font-family="Noto Sans" font-weight="bold" font-size="2.6" text-anchor="middle" fill="#6b5a48">{{ type | upper }}</text>
  <text data-box="8 65.5 53 16" data-min-size="7" font-family="Noto Sans" font-size="3.5" fill="#1a1a1a">{{ text }}</text>
  <text x="61" y="86.6" font-family="Noto Sans" font-size="2.3" text-anchor="end" fill="#8a7a68">EMBER ROAD</text>
</svg>
"""

BACK = """<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">
  <rect x="0" y="0" width="69" height="94" fill="#1f3a5a"/>
  <rect x="6" y="6" width="57" height="82" rx="3" fill="none" stroke="#e69f00" stroke-width="0.8"/>
  <circle cx="34.5" cy="42" r="17" fill="#2b4d73"/>
  <text x="34.5" y="72" font-family="Noto Sans" font-weight="bold" font-size="6" text-anchor="middle" fill="#e69f00">EMBER ROAD</text>
</svg>
"""

PROTOGRAF = """from protograf import *
Create(filename="protograf.pdf", margin=1.0, units="cm")
Data(filename="cards.csv")
Deck(card_size="poker", grid_marks=True)
bg = rectangle(x=0, y=0, width=6.3, height=8.8, fill="#f6efdf", stroke="#f6efdf")
band = rectangle(x=0, y=0, width=6.3, height=1.8, fill=T("{{ color }}"), stroke=None)
badge = circle(cx=5.3, cy=1.0, radius=0.5, fill="#f0e442")
cost = text(text=T("{{ cost }}"), x=5.3, y=1.15, font_size=13, stroke="#3a2a1a")
name = text(text=T("{{ name }}"), x=0.5, y=1.2, font_size=14, stroke="white", align="left")
frame = rectangle(x=0.5, y=2.1, width=5.3, height=3.4, fill="#fffaf0", stroke="#3a2a1a")
art = circle(cx=3.15, cy=3.8, radius=1.3, fill="#f0e442")
kind = text(text=T("{{ type | upper }}"), x=3.15, y=6.0, font_size=7)
rules = text(text=T("{{ text }}"), x=0.5, y=6.3, width=5.3, height=1.6, wrap=True, font_size=9, align="left")
foot = text(text="EMBER ROAD", x=5.8, y=8.4, font_size=6, align="right")
Card("*", bg, band, badge, cost, name, frame, art, kind, rules, foot)
Save()
"""

TYPES = ("Traveller", "Event")
COLORS = ("#1f5f8b", "#7a3b69")
TEXTS = (
    "When you reveal the road, look at the top card first.",
    "Gain one ember if another traveller left the caravan this round.",
    "Each caravan with power under 4 loses a traveller; the first player chooses which one goes first.",
    "Hire one traveller for one ember less.",
)


def write_inputs(folder: Path, n: int) -> None:
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["type", "name", "cost", "color", "text"])
        for i in range(n):
            w.writerow([TYPES[i % 2], f"Traveller {i + 1}" if i % 2 == 0 else f"Event {i + 1}", str(i % 4), COLORS[i % 2], TEXTS[i % len(TEXTS)]])
    (folder / "front.svg").write_text(FRONT, encoding="utf-8")
    (folder / "back.svg").write_text(BACK, encoding="utf-8")
    (folder / "protograf_deck.py").write_text(PROTOGRAF, encoding="utf-8")


def _child_cpu() -> float:
    if resource is None:
        return float("nan")
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run(cmd: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    c0 = _child_cpu()
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    t = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed (exit {r.returncode}):\n{r.stderr[-2000:]}")
    return t, _child_cpu() - c0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cards", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3, help="timed runs of printkit and the floor (after a warm-up)")
    ap.add_argument("--protograf-python", default=os.environ.get("PROTOGRAF_PYTHON"), help="a Python that has protograf installed")
    ap.add_argument("--protograf-runs", type=int, default=1)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="printkit-bench-custom-"))
    write_inputs(tmp, args.cards)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    cmds = {
        "printkit": [PY, "-m", "printkit", "deck", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg", "-o", "printkit.pdf"],
        "floor": [PY, str(ROOT / "bench" / "floor_custom.py"), "cards.csv", "-o", "floor.pdf"],
    }
    print(f"{args.cards} cards from CSV + SVG; inputs and outputs in {tmp}")
    for cmd in cmds.values():
        run(cmd, tmp, env)  # warm-up: bytecode, font caches
    wall: dict[str, list[float]] = {k: [] for k in cmds}
    cpu: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(args.runs):
        for k, cmd in cmds.items():  # interleaved: load on the machine falls on both alike
            t, c = run(cmd, tmp, env)
            wall[k].append(t)
            cpu[k].append(c)
    for k in cmds:
        print(f"  {k:<10} wall median {statistics.median(wall[k]):7.2f} s   CPU median {statistics.median(cpu[k]):7.2f} s   n={args.runs}")
    try:
        from pypdf import PdfReader

        pages = {k: len(PdfReader(str(tmp / f"{k}.pdf")).pages) for k in cmds}
        print(f"  pages: printkit {pages['printkit']}, floor {pages['floor']}")
    except ImportError:
        pass
    ratio_floor = statistics.median(cpu["printkit"]) / statistics.median(cpu["floor"])
    ratio_floor_wall = statistics.median(wall["printkit"]) / statistics.median(wall["floor"])
    rows = [("printkit / floor (CPU)", f"{ratio_floor:.2f}x", f"<= {GOAL_FLOOR:g}x", "PASS" if ratio_floor <= GOAL_FLOOR else "MISS"),
            ("printkit / floor (wall)", f"{ratio_floor_wall:.2f}x", "info", "")]
    if args.protograf_python:
        pg = [args.protograf_python, "protograf_deck.py"]
        pw, pc = [], []
        for _ in range(args.protograf_runs):
            t, c = run(pg, tmp, {k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
            pw.append(t)
            pc.append(c)
        print(f"  {'protograf':<10} wall median {statistics.median(pw):7.2f} s   CPU median {statistics.median(pc):7.2f} s   n={len(pw)} (fronts only, 6 a page: it lays out no duplex backs)")
        ratio_pg = statistics.median(pc) / statistics.median(cpu["printkit"])
        rows.append(("protograf / printkit (CPU)", f"{ratio_pg:.1f}x", f">= {GOAL_PROTOGRAF:g}x", "PASS" if ratio_pg >= GOAL_PROTOGRAF else "MISS"))
    else:
        print("  protograf  skipped: not installed here. Install it in its own venv (python -m venv /tmp/pg && /tmp/pg/bin/pip install protograf)")
        print("             and pass --protograf-python /tmp/pg/bin/python (or set PROTOGRAF_PYTHON).")
    print(f"\n{'goal':<28} {'measured':>9}  {'target':>8}  result")
    for row in rows:
        print(f"{row[0]:<28} {row[1]:>9}  {row[2]:>8}  {row[3]}")


if __name__ == "__main__":
    main()

"""Peak memory of the biggest jobs printkit accepts (issue 13: under 300 MB).

Each job runs as its own child process (`python -m printkit ...`); its peak
resident memory is read from the kernel when it ends (os.wait4's ru_maxrss), so
the figure covers everything the job touched: Python, ReportLab, pdfium, Pillow.

    python bench/bench_memory.py            # the jobs below, a few minutes
    python bench/bench_memory.py --quick    # smaller versions, under a minute
    python bench/bench_memory.py --counts   # puzzle sheets at --count 100, 1000, 3000
    python bench/bench_memory.py --counts 100 1000 3000 10000 --game crypticolor

Prints one line a job: peak MB, seconds, exit code, the command. With
--counts, the same for one puzzle component at each count, then how much the
peak grows per puzzle (KB; a Crypto Crisis puzzle is one sheet) between them: flat memory means a small slope
(issue 14: at most 120 MB at 1,000 sheets).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT_MB = 300


def jobs(quick: bool) -> list[tuple[str, list[str]]]:
    copies = "50" if quick else "1000"
    return [
        # the largest accepted PNG export: A3 pages at the highest dpi under the pixel limit
        ("png export, A3 sheet at 359 dpi", ["sheet", "cryptex", "--paper", "a3", "--format", "png", "--dpi", "359", "-o", "png-a3"]),
        # a deck's cards at the top dpi (tarot cards: the biggest card), plus tabletop sheets
        ("png export, tarot deck at 1200 dpi", ["deck", "cryptic-words", "--card-size", "tarot", "--format", "png", "--dpi", "1200" if not quick else "600", "-o", "png-deck"]),
        # the biggest deck PDF: --copies 1000 is the top of the range
        (f"deck PDF, --copies {copies}", ["deck", "cryptex", "--copies", copies, "-o", "big-deck.pdf"]),
        # preview every page of that deck
        ("preview of the big deck at 100 dpi", ["preview", "big-deck.pdf", "--dpi", "100"] + (["--pages", "1-400"] if not quick else [])),
        # one page at the top of the pixel limit
        ("preview, one page at 500 dpi", ["preview", "big-deck.pdf", "--pages", "1", "--dpi", "500", "-o", "one"]),
        # a large puzzle batch (issue 14: at most 120 MB at 1,000 sheets)
        (f"puzzle sheets, --count {copies}", ["puzzle", "crypto-crisis", "--count", copies, "-o", "batch.pdf"]),
        # the same puzzles as JSON: written a puzzle at a time
        (f"puzzle models as JSON, --count {copies}", ["puzzle", "crypto-crisis", "--count", copies, "--json", "-o", "batch.json"]),
    ]


def peak(args: list[str], cwd: Path) -> tuple[float, float, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(cwd / "no-config")}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "printkit", *args], cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss / 1024, time.perf_counter() - t0, proc.returncode


def counts(game: str, ns: list[int]) -> None:
    """Peak memory of `printkit puzzle GAME --count N` for each N, and the growth per sheet."""
    seen: list[tuple[int, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in ns:
            args = ["puzzle", game, "--count", str(n), "-o", "batch.pdf"]
            mb, secs, code = peak(args, Path(tmp))
            print(f"{mb:7.0f} MB  {secs:6.1f} s  exit {code}  printkit {' '.join(args)}", flush=True)
            seen.append((n, mb))
    for (n0, m0), (n1, m1) in zip(seen, seen[1:]):
        print(f"  --count {n0} -> {n1}: {(m1 - m0) * 1024 / (n1 - n0):5.1f} KB a puzzle")
    if len(seen) > 2:
        (n0, m0), (n1, m1) = seen[0], seen[-1]
        print(f"  --count {n0} -> {n1}: {(m1 - m0) * 1024 / (n1 - n0):5.1f} KB a puzzle overall")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller jobs")
    ap.add_argument("--counts", nargs="*", type=int, metavar="N", help="only puzzle sheets, at these --count values (default 100 1000 3000)")
    ap.add_argument("--game", default="crypto-crisis", choices=("crypto-crisis", "crypticolor", "cryptic-words", "cryptex"), help="the puzzle component for --counts")
    a = ap.parse_args()
    if a.counts is not None:
        counts(a.game, sorted(a.counts or [100, 1000, 3000]))
        return
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for label, args in jobs(a.quick):
            mb, secs, code = peak(args, Path(tmp))
            worst = max(worst, mb)
            print(f"{mb:7.0f} MB  {secs:6.1f} s  exit {code}  {label}: printkit {' '.join(args)}", flush=True)
    print(f"worst peak {worst:.0f} MB (limit {LIMIT_MB} MB): {'ok' if worst <= LIMIT_MB else 'OVER'}")


if __name__ == "__main__":
    main()

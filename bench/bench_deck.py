"""Foundation benchmark: printkit's Cryptex deck against plain ReportLab.

    python bench/bench_deck.py [--quick]

Times whole commands as subprocesses (start-up, imports, drawing, writing):
`python -m printkit deck cryptex` against `python bench/floor_deck.py`, which
draws the same deck with plain ReportLab, for the 20-card deck and for
`--copies 100` (2,000 cards); and `printkit --help`. Prints a table with the
goals and PASS/MISS for each. A script, not a test: timings depend on the
machine and its load, so nothing here belongs in the test suite.

Bytecode: with PYTHONDONTWRITEBYTECODE set (as in some sandboxes and CI), every
run recompiles printkit's ~30 modules from source (~50 ms), which an installed
printkit never does. By default the timed commands therefore run with bytecode
writing on and PYTHONPYCACHEPREFIX in the temp dir (nothing is written in the
checkout; the untimed warm-up fills the cache). --env-as-is keeps the caller's
environment instead.

Goals (issue 14), each printed side by side with its floor:
  20-card deck            printkit <= 1.1x the floor (median of the run-by-run
                          ratios, CPU time; wall time shown too)
  2,000 cards, per card   printkit <= 0.9x the floor, per card beyond the first
                          20 ((t_2000 - t_20) / 1980: start-up is the 20-card goal)
  deck PDF                <= 30 KB (20 cards, the default deck)
  printkit --help         <= 0.15 s (median of 10)

The floor draws every card, aids included (bench/floor_deck.py); printkit
draws each repeated front and the backs once as PDF forms. "floor+form" (the
floor reusing its back as a form) is shown for information.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = ROOT / "bench" / "floor_deck.py"
PY = sys.executable

GOAL_SMALL = 1.1
GOAL_PER_CARD = 0.9
GOAL_KB = 30
GOAL_HELP = 0.15


try:
    import resource
except ImportError:  # not POSIX: no CPU times
    resource = None

ENV: dict[str, str] | None = None  # None: inherit
CPU: dict[tuple[str, ...], list[float]] = {}  # user+sys CPU seconds of each timed run, by command
ALL_WALL: dict[tuple[str, ...], list[float]] = {}  # the matching wall times


def _child_cpu() -> float:
    if resource is None:
        return float("nan")
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def wall(cmd: list[str], cwd: Path) -> float:
    """Wall time of one whole command; its CPU time goes to CPU[cmd]."""
    c0 = _child_cpu()
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    t = time.perf_counter() - t0
    CPU.setdefault(tuple(cmd), []).append(_child_cpu() - c0)
    ALL_WALL.setdefault(tuple(cmd), []).append(t)
    if r.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed (exit {r.returncode}):\n{r.stderr}")
    return t


def forget(cmd: list[str]) -> None:
    """Drop an untimed warm-up run from the records."""
    CPU.pop(tuple(cmd), None)
    ALL_WALL.pop(tuple(cmd), None)


def side_by_side(cmds: dict[str, list[str]], runs: int, cwd: Path) -> dict[str, list[float]]:
    """One untimed warm-up each, then `runs` rounds, interleaved so that load
    on the machine falls on both sides alike."""
    for cmd in cmds.values():
        wall(cmd, cwd)
        forget(cmd)
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(runs):
        for k, cmd in cmds.items():
            times[k].append(wall(cmd, cwd))
    return times


def pages(path: Path) -> int | None:
    try:
        from pypdf import PdfReader
    except ImportError:
        return None
    return len(PdfReader(str(path)).pages)


def printkit_console() -> list[str]:
    exe = Path(sys.executable).parent / ("printkit.exe" if os.name == "nt" else "printkit")
    return [str(exe)] if exe.exists() else [PY, "-m", "printkit"]


def fmt(ts: list[float], cmd: list[str] | None = None) -> str:
    out = f"median {statistics.median(ts):7.3f} s  best {min(ts):7.3f} s"
    cpu = CPU.get(tuple(cmd or ()))
    if cpu and resource is not None:
        out += f"  (CPU median {statistics.median(cpu):6.3f} s)"
    return out + f"  n={len(ts)}"


def main() -> None:
    ap = argparse.ArgumentParser(description="printkit deck cryptex against plain ReportLab")
    ap.add_argument("--quick", action="store_true", help="fewer runs (3 / 1 / 5), for a rough look")
    ap.add_argument("--no-form-floor", action="store_true", help="skip the informational floor that reuses the back as a PDF form")
    ap.add_argument("--env-as-is", action="store_true", help="run the commands in this environment as it is (PYTHONDONTWRITEBYTECODE included)")
    args = ap.parse_args()
    small_runs, big_runs, help_runs = (3, 1, 5) if args.quick else (5, 3, 10)

    global ENV
    tmp = Path(tempfile.mkdtemp(prefix="printkit-bench-"))
    try:
        if args.env_as_is:
            bytecode = "as is (PYTHONDONTWRITEBYTECODE=%s)" % os.environ.get("PYTHONDONTWRITEBYTECODE", "")
        else:
            ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            ENV["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
            bytecode = "cached (PYTHONPYCACHEPREFIX in the temp dir)"
        pk = lambda out, *extra: [PY, "-m", "printkit", "deck", "cryptex", *extra, "-o", str(tmp / out)]  # noqa: E731
        fl = lambda out, *extra: [PY, str(FLOOR), *extra, "-o", str(tmp / out)]  # noqa: E731

        print(f"python {sys.version.split()[0]} at {PY}")
        print(f"outputs in {tmp}; bytecode {bytecode}\n")

        # (a) whole commands
        small = {"printkit": pk("pk20.pdf"), "floor": fl("floor20.pdf")}
        big = {"printkit": pk("pk2000.pdf", "--copies", "100"), "floor": fl("floor2000.pdf", "--copies", "100")}
        if not args.no_form_floor:
            small["floor+form"] = fl("floorf20.pdf", "--back-form")
            big["floor+form"] = fl("floorf2000.pdf", "--back-form", "--copies", "100")

        print(f"20 cards ({small_runs} runs each, after a warm-up)")
        t_small = side_by_side(small, small_runs, tmp)
        for k, ts in t_small.items():
            print(f"  {k:<11} {fmt(ts, small[k])}")
        print(f"\n2,000 cards, --copies 100 ({big_runs} runs each, after a warm-up)")
        t_big = side_by_side(big, big_runs, tmp)
        for k, ts in t_big.items():
            print(f"  {k:<11} {fmt(ts, big[k])}")

        counts = {name: pages(tmp / name) for name in ("pk20.pdf", "floor20.pdf", "pk2000.pdf", "floor2000.pdf")}
        if None not in counts.values():
            print(f"\npages: printkit {counts['pk20.pdf']} / {counts['pk2000.pdf']}, floor {counts['floor20.pdf']} / {counts['floor2000.pdf']}")
            if counts["pk20.pdf"] != counts["floor20.pdf"] or counts["pk2000.pdf"] != counts["floor2000.pdf"]:
                print("bench: WARNING: printkit and the floor made different page counts; the comparison is off")

        def paired(a: list[str], b: list[str]) -> float:
            """Median of the run-by-run CPU ratios a/b (runs were interleaved)."""
            ra, rb = CPU.get(tuple(a), []), CPU.get(tuple(b), [])
            return statistics.median(x / y for x, y in zip(ra, rb)) if ra and rb and resource is not None else float("nan")

        cpu_small = paired(small["printkit"], small["floor"])
        cpu_big = paired(big["printkit"], big["floor"])
        size_kb = (tmp / "pk20.pdf").stat().st_size / 1024
        med = {k: statistics.median(v) for k, v in t_small.items()}
        medb = {k: statistics.median(v) for k, v in t_big.items()}
        ratio_small = med["printkit"] / med["floor"]
        per_card = {k: medb[k] / 2000 for k in medb}
        marginal = {k: (medb[k] - med[k]) / 1980 for k in medb}
        ratio_avg = per_card["printkit"] / per_card["floor"]
        ratio_marg = marginal["printkit"] / marginal["floor"]
        print("\nper card on 2,000 cards   average (t/2000)    marginal ((t2000 - t20)/1980)")
        for k in medb:
            print(f"  {k:<11}             {per_card[k] * 1000:7.3f} ms          {marginal[k] * 1000:7.3f} ms")
        print(f"  ratio printkit/floor    {ratio_avg:7.2f}x             {ratio_marg:7.2f}x")
        if "floor+form" in medb:
            print(f"  ratio printkit/floor+form (info) {medb['printkit'] / medb['floor+form']:5.2f}x total, "
                  f"{marginal['printkit'] / marginal['floor+form']:5.2f}x marginal; 20 cards {med['printkit'] / med['floor+form']:.2f}x")

        # (b) printkit --help
        helper = printkit_console()
        wall(helper + ["--help"], tmp)
        forget(helper + ["--help"])
        t_help = [wall(helper + ["--help"], tmp) for _ in range(help_runs)]
        print(f"\nprintkit --help via {' '.join(helper)}\n  {fmt(t_help, helper + ['--help'])}")
        help_med = statistics.median(t_help)

        rows = [
            ("20-card deck, printkit/floor CPU", f"{cpu_small:.2f}x", f"<= {GOAL_SMALL}x", cpu_small <= GOAL_SMALL),
            ("  (same, wall time)", f"{ratio_small:.2f}x", f"<= {GOAL_SMALL}x", ratio_small <= GOAL_SMALL),
            ("2,000 cards, per card (marginal)", f"{ratio_marg:.2f}x", f"<= {GOAL_PER_CARD}x", ratio_marg <= GOAL_PER_CARD),
            ("2,000 cards, whole run CPU", f"{cpu_big:.2f}x", f"<= {GOAL_PER_CARD}x", cpu_big <= GOAL_PER_CARD),
            ("deck PDF (20 cards)", f"{size_kb:.0f} KB", f"<= {GOAL_KB} KB", size_kb <= GOAL_KB),
            ("printkit --help", f"{help_med:.3f} s", f"<= {GOAL_HELP} s", help_med <= GOAL_HELP),
        ]
        print(f"\n{'goal':<34} {'measured':>9}  {'target':>8}  result")
        print("-" * 64)
        for name, got, goal, ok in rows:
            print(f"{name:<34} {got:>9}  {goal:>8}  {'PASS' if ok else 'MISS'}")
        print(f"{'(2,000 cards, per card average)':<34} {ratio_avg:>8.2f}x  {'info':>8}")
        busy = [" ".join(Path(w).name for w in cmd[:4]) for cmd, cpu in CPU.items() if cpu and resource is not None
                and statistics.median(ALL_WALL[cmd]) > 1.25 * statistics.median(cpu)]
        if busy:
            print(f"\nbench: the machine was busy (wall time > 1.25x CPU time for {len(busy)} of {len(CPU)} commands); "
                  "wall times are inflated, compare the CPU figures or run again when it is idle")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

"""`printkit kit all`: time and peak memory against the goals of issue 14
(0.8 s, 70 MB on a 2-core machine). Each run is a fresh process in a fresh
folder, as a user runs it; peak memory is the child's maximum resident set
size; CPU time is the child's user + system time (on a shared machine it is
steadier than wall time, which waits for the other processes too).

    python bench/bench_kit.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_S, GOAL_MB = 0.8, 70.0


def one_run(folder: Path, pycache: Path) -> tuple[float, float, float]:
    # compiled bytecode is kept between runs, as an installed printkit has it
    # (with PYTHONDONTWRITEBYTECODE set, every run would recompile ~100 modules)
    env = {**os.environ, "XDG_CONFIG_HOME": str(folder / "nocfg"), "PYTHONPYCACHEPREFIX": str(pycache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child becomes printkit, so its rusage is printkit's alone
        os.chdir(folder)
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.execvpe(sys.executable, [sys.executable, "-m", "printkit", "kit", "all"], env)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"printkit kit all failed (status {status})")
    return wall, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime  # KiB -> MiB on Linux


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    walls, mems, cpus = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.runs + 1):
            folder = Path(tmp) / f"run{k}"
            folder.mkdir()
            wall, mb, cpu = one_run(folder, Path(tmp) / "pycache")
            if k == 0:
                continue  # warm-up: file caches, compiled bytecode
            walls.append(wall)
            mems.append(mb)
            cpus.append(cpu)
        pages = sum(1 for _ in (Path(tmp) / "run1" / "output").glob("*.pdf"))
    med_t, med_m = statistics.median(walls), statistics.median(mems)
    print(f"printkit kit all: {pages} PDFs, {args.runs} runs on {os.cpu_count()} cores")
    print(f"{'':14}{'median':>10}{'best':>10}{'goal':>10}{'ratio':>8}")
    med_c = statistics.median(cpus)
    print(f"{'CPU time s':14}{med_c:>10.2f}{min(cpus):>10.2f}{GOAL_S:>10.2f}{med_c / GOAL_S:>8.2f}  {'PASS' if med_c <= GOAL_S else 'MISS'}")
    print(f"{'wall time s':14}{med_t:>10.2f}{min(walls):>10.2f}{GOAL_S:>10.2f}{med_t / GOAL_S:>8.2f}  {'PASS' if med_t <= GOAL_S else 'MISS'}")
    print(f"{'peak RSS MB':14}{med_m:>10.1f}{min(mems):>10.1f}{GOAL_MB:>10.0f}{med_m / GOAL_MB:>8.2f}  {'PASS' if med_m <= GOAL_MB else 'MISS'}")


if __name__ == "__main__":
    main()

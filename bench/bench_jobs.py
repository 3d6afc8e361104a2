"""Big jobs on every core: each job at --jobs 1, 2, ... (up to the processors
this process may use, or --jobs-list), runs interleaved round by round, each a
fresh `python -m printkit` process in a fresh folder. Prints per job and
number of processes the median wall time, the speed-up against --jobs 1 (wall
times of the same round divided, median over rounds), CPU time (all processes)
and the peak memory of the largest process, the best (least) wall time and the
speed-up of the best times (on a host other work shares, the least disturbed
rounds; say the load either way), and checks the outputs are the
same bytes at every number of processes. On a machine with more cores the
same script shows how far it scales.

    python bench/bench_jobs.py [--runs 3] [--only cryptex,kit,png,crisis] [--count 10000] [--jobs-list 1,2,4]

Goals (issue 27, on a 2-core machine): cryptex --count 200 >= 1.5x,
crypto-crisis --count 10000 >= 1.4x, kit all >= 1.3x; memory <= 120 MB + 60 MB
a worker. The PNG row also prints milliseconds a card (goal <= 8 at 150 dpi):
the PNG export's CPU time less the same deck's PDF run, over the cards.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "ember-road"


def deck_of(cards: int, folder: Path) -> list[str]:
    """A deck of `cards` cards from the Ember Road example's rows and templates."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("front.svg", "back.svg", "art", "icons", "fonts"):
        src = EXAMPLE / name
        if src.is_dir():
            shutil.copytree(src, folder / name, dirs_exist_ok=True)
        elif src.exists():
            shutil.copy(src, folder / name)
    with open(EXAMPLE / "cards.csv", newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as fh:
        out = csv.DictWriter(fh, fieldnames=list(rows[0]))
        out.writeheader()
        for k in range(cards):
            out.writerow({**rows[k % len(rows)], "qty": "1"})
    return ["deck", "--data", str(folder / "cards.csv"), "--front", str(folder / "front.svg"), "--back", str(folder / "back.svg")]


def run(args: list[str], folder: Path, env: dict) -> tuple[float, float, float]:
    """(wall s, CPU s of the process and its workers, peak MB of the largest) of one printkit run."""
    folder.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.chdir(folder)
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.execvpe(sys.executable, [sys.executable, "-m", "printkit", *args], env)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"printkit {' '.join(args)} failed (status {status})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def digest(path: Path) -> str:
    h = hashlib.sha256()
    for f in sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="cryptex,kit,png,crisis")
    ap.add_argument("--count", type=int, default=10000, help="Crypto Crisis sheets")
    ap.add_argument("--cards", type=int, default=100, help="cards of the PNG deck")
    ap.add_argument("--jobs-list", default="")
    a = ap.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    counts = [int(x) for x in a.jobs_list.split(",")] if a.jobs_list else list(range(1, cores + 1))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        # bytecode kept between runs, as an installed printkit has it
        env = {**os.environ, "XDG_CONFIG_HOME": str(tmp / "nocfg"), "PYTHONPYCACHEPREFIX": str(tmp / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        deck = deck_of(a.cards, tmp / "deck")
        jobs = {
            "cryptex": ("puzzle cryptex --count 200", ["puzzle", "cryptex", "--count", "200", "-o", "out.pdf"], "out.pdf"),
            "crisis": (f"puzzle crypto-crisis --count {a.count}", ["puzzle", "crypto-crisis", "--count", str(a.count), "-o", "out.pdf"], "out.pdf"),
            "kit": ("kit all", ["kit", "all", "-o", "out"], "out"),
            "png": (f"deck --data ({a.cards} cards) --format png --dpi 150", [*deck, "--format", "png", "--dpi", "150", "-o", "out"], "out"),
        }
        print(f"{cores} processor(s) available; --jobs {', '.join(map(str, counts))}; {a.runs} interleaved round(s) after a warm-up")
        print(f"{'job':<48} {'jobs':>4} {'wall s':>8} {'speed-up':>9} {'CPU s':>8} {'peak MB':>8} {'best s':>7} {'best-up':>8}")
        for key in a.only.split(","):
            title, args, out = jobs[key]
            walls = {n: [] for n in counts}
            cpus = {n: [] for n in counts}
            mems = {n: [] for n in counts}
            digests = set()
            for r in range(a.runs + 1):
                for n in counts:
                    folder = tmp / f"{key}-{n}-{r}"
                    wall, cpu, mb = run([*args, "--jobs", str(n)], folder, env)
                    digests.add(digest(folder / out))
                    if r:
                        walls[n].append(wall)
                        cpus[n].append(cpu)
                        mems[n].append(mb)
                    shutil.rmtree(folder, ignore_errors=True)
            for n in counts:
                ups = [w1 / wn for w1, wn in zip(walls[counts[0]], walls[n])]
                best = min(walls[counts[0]]) / min(walls[n])  # the least disturbed round of each (a host others share)
                print(f"{title:<48} {n:>4} {statistics.median(walls[n]):>8.2f} {statistics.median(ups):>8.2f}x {statistics.median(cpus[n]):>8.2f} {max(mems[n]):>8.1f} {min(walls[n]):>7.2f} {best:>7.2f}x")
            print(f"{'':<48} {'same bytes at every --jobs' if len(digests) == 1 else 'OUTPUTS DIFFER'}")
            if key == "png":
                pdf = [run([*deck, "--jobs", "1", "-o", "out.pdf"], tmp / f"pdf-{r}", env)[1] for r in range(a.runs + 1)][1:]
                per = (statistics.median(cpus[1]) - statistics.median(pdf)) / a.cards * 1000
                print(f"{'':<48} PDF of the same deck {statistics.median(pdf):.2f} s CPU; PNG at --jobs 1: {per:.1f} ms CPU a card beyond it, {statistics.median(cpus[1]) / a.cards * 1000:.1f} ms a card in all")


if __name__ == "__main__":
    main()

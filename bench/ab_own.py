"""Two printkit trees side by side on your own deck (the Ember Road example,
as bench_own.py prints it) and its floor, in one run: each round runs tree A,
tree B and the floor one after the other (A B F A B F ...), so load on the
machine falls on all three alike.

    git archive main | tar -x -C /tmp/before    # and the tree to compare, e.g. this one
    python bench/ab_own.py /tmp/before . [--runs 9] [--sizes 40 1000]

Prints, per size, the CPU medians (user + system of whole processes), each
tree's ratio to the floor (median of the rounds' ratios) and B/A. Timings
depend on the machine and its load: this is a script, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_own  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="tree A (a printkit checkout)")
    ap.add_argument("b", help="tree B")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--sizes", type=int, nargs="+", default=[40, 1000])
    args = ap.parse_args()
    trees = [str(Path(args.a).resolve()), str(Path(args.b).resolve())]
    tmp = Path(tempfile.mkdtemp(prefix="printkit-ab-own-"))
    files = bench_own.write_inputs(tmp, args.sizes)

    def env(tree: str) -> dict:
        e = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        e["PYTHONPATH"] = tree
        return e

    def printkit(n: int) -> list[str]:
        return [sys.executable, "-m", "printkit", "deck", "--data", files[n], "--front", "front.svg", "--back", "back.svg", "-o", "printkit.pdf"]

    def floor(n: int) -> list[str]:
        return [sys.executable, str(HERE / "floor_custom.py"), files[n], "--design", "ember-road", "-o", "floor.pdf"]

    print(f"A = {trees[0]}\nB = {trees[1]}\nCPU seconds of whole processes, medians of {args.runs} rounds (A B floor)\n")
    for n in args.sizes:
        for tree in trees:
            bench_own.run(printkit(n), tmp, env(tree))  # warm-up: bytecode, font caches
        bench_own.run(floor(n), tmp, env(trees[0]))
        a, b, f = [], [], []
        for _ in range(args.runs):
            a.append(bench_own.run(printkit(n), tmp, env(trees[0]))[0])
            b.append(bench_own.run(printkit(n), tmp, env(trees[1]))[0])
            f.append(bench_own.run(floor(n), tmp, env(trees[0]))[0])
        ra = statistics.median(x / y for x, y in zip(a, f))
        rb = statistics.median(x / y for x, y in zip(b, f))
        ba = statistics.median(y / x for x, y in zip(a, b))
        print(f"{n:>6} cards: A {statistics.median(a):.3f} s ({ra:.2f}x floor)   B {statistics.median(b):.3f} s ({rb:.2f}x floor)   floor {statistics.median(f):.3f} s   B/A {ba:.2f}")


if __name__ == "__main__":
    main()

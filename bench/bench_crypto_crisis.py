"""Crypto Crisis benchmark: puzzles generated and verified per second (models
only), and the time to print 100 puzzle sheets to PDF.

    python bench/bench_crypto_crisis.py [--count N] [--sheets N]

"Generated and verified" is what `printkit puzzle crypto-crisis --count N` does
before drawing anything: each puzzle is drafted, built into its merged board,
solved again from that board alone, and then the whole model goes through the
validator (every rule, including a third solve from the board). Not a test:
tests never assert on time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GOAL = 1000  # puzzles a second


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=3000, help="puzzles per difficulty for the models-only rate")
    ap.add_argument("--sheets", type=int, default=100, help="puzzle sheets to print to PDF")
    args = ap.parse_args()

    from printkit import build
    from printkit.engine.units import PrintOptions
    from printkit.games import get_game
    from printkit.games.crypto_crisis import generator

    comp = get_game("crypto-crisis").component("puzzle")

    t0 = time.perf_counter()
    generator.pool()
    for k in range(len(generator.pool().words)):
        generator.pool().decoys(k)
    build.build_checked(comp, {"seed": "warm", "count": 2, "difficulty": "medium"})
    warm = time.perf_counter() - t0
    print(f"start-up (word lists, solver index, decoy tables): {warm * 1000:.0f} ms, once per process")

    total_n = total_t = 0.0
    for difficulty in ("easy", "medium", "hard"):
        t0 = time.perf_counter()
        model = build.build_checked(comp, {"seed": f"bench-{difficulty}", "count": args.count, "difficulty": difficulty})
        dt = time.perf_counter() - t0
        assert len(model["puzzles"]) == args.count
        total_n += args.count
        total_t += dt
        print(f"{difficulty:>6}: {args.count} puzzles generated + verified in {dt:.2f} s = {args.count / dt:,.0f} puzzles/s")
    rate = total_n / total_t
    print(f"   all: {rate:,.0f} puzzles/s (goal {GOAL:,}/s: {rate / GOAL:.1f}x)")

    t0 = time.perf_counter()
    model = build.build_checked(comp, {"seed": "bench-sheets", "count": args.sheets, "difficulty": "medium"})
    t_model = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "sheets.pdf"
        t1 = time.perf_counter()
        result = build.write_component(comp, model, PrintOptions(), out)
        t_pdf = time.perf_counter() - t1
    total = t_model + t_pdf
    print(f"{args.sheets} puzzle sheets to PDF: {total:.2f} s ({t_model:.2f} s models, {t_pdf:.2f} s drawing and writing; "
          f"{result.pages} pages, {result.size / 1024:.0f} KB; {total / args.sheets * 1000:.0f} ms a sheet)")


if __name__ == "__main__":
    main()

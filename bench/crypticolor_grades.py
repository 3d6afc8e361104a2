"""Crypticolor puzzle grades as a person meets them: over N seeds per grade, how
many pictures fit more than one Key Card letter (only the word settles them), and
how many reasoning steps the solver needs (rules.reasoning: one reading a picture,
plus one for every further choice of letters tried against the words).

    python bench/crypticolor_grades.py [--seeds 100] [--rotations]

Not a timing: the numbers are the same on every machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100, help="puzzles per grade")
    ap.add_argument("--rotations", action="store_true", help="the Rotations variant")
    args = ap.parse_args()

    from printkit.games.crypticolor import generate, rules
    from printkit.puzzles import make_token

    print(f"{args.seeds} puzzles per grade (seeds grade-0 .. grade-{args.seeds - 1}){', rotations' if args.rotations else ''}")
    for grade in generate.DIFFICULTIES:
        open_: Counter = Counter()
        steps, shown = [], []
        for i in range(args.seeds):
            p = generate.generate(make_token(f"grade-{i}", 0), args.rotations, grade)
            r = rules.reasoning(p["grids"], args.rotations)
            open_[r["ambiguous"]] += 1
            steps.append(r["steps"])
            shown.append(p["shown"])
        n = args.seeds
        q = statistics.quantiles(steps, n=4) if len(steps) > 1 else [steps[0]] * 3
        print(f"\n{grade}:")
        print("  pictures fitting more than one letter: " + ", ".join(f"{k}: {open_[k]} ({open_[k] / n:.0%})" for k in sorted(open_)))
        print(f"  reasoning steps: min {min(steps)}, quartiles {q[0]:g} / {q[1]:g} / {q[2]:g}, max {max(steps)}, mean {statistics.mean(steps):.1f}")
        print(f"  cells shown (of 125): mean {statistics.mean(shown):.1f}")


if __name__ == "__main__":
    main()

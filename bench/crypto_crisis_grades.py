"""Crypto Crisis puzzle grades as a person meets them: over N seeds per level,
how many hint slips each colour needs before one common word is left, how many
common words fit before any hint, and how many words of the broad acceptance
list (the obscure ones a person would not try) fit as well.

    python bench/crypto_crisis_grades.py [--seeds 200]

Not a timing: the numbers are the same on every machine.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200, help="puzzles per level")
    args = ap.parse_args()

    from printkit.games.crypto_crisis import generator
    from printkit.games.crypto_crisis.rules import STAGES
    from printkit.puzzles import make_token

    print(f"{args.seeds} puzzles per level (seeds grade-0 .. grade-{args.seeds - 1}); common = the puzzle list, broad = the acceptance list")
    for level in ("easy", "medium", "hard"):
        puzzle_need: Counter = Counter()
        colour_need: Counter = Counter()
        common0: Counter = Counter()
        broad_extra = 0
        for i in range(args.seeds):
            p = generator.make_puzzle(make_token(f"grade-{i}", 0), level)
            need = p["hints_needed"]
            puzzle_need[max(need.values())] += 1
            colour_need.update(need.values())
            for c, counts in p["common"].items():
                common0[counts[0]] += 1
                broad_extra += p["counts"][c][0] - counts[0]
        n = args.seeds
        print(f"\n{level}:")
        print("  hints needed (the puzzle: its slowest colour): " + ", ".join(f"{k}: {puzzle_need[k]} ({puzzle_need[k] / n:.0%})" for k in range(4)))
        print("  hints needed per colour:                      " + ", ".join(f"{k}: {colour_need[k]} ({colour_need[k] / (3 * n):.0%})" for k in range(4)))
        print("  common words fitting a colour before any hint: " + ", ".join(f"{k}: {common0[k]}" for k in sorted(common0)))
        print(f"  obscure words fitting too (broad list only), before any hint: {broad_extra / (3 * n):.2f} a colour on average (not counted in the grade)")
    print(f"\nstages: {', '.join(STAGES)} (hints opened: 0, 1, 2, 3)")


if __name__ == "__main__":
    main()

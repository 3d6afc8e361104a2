"""Cryptex solo challenges: how many a second, and how good the par is.

    python bench/bench_cryptex_solo.py [--count 200] [--recompute-old]

Generates the challenges of `printkit puzzle cryptex --seed 1 --count N` in one
process as the command does (card order, solver, the validator's full check of
every challenge), and reports:

- challenges a second (CPU time of this process, start-up apart: word list and
  trie set-up are paid once per process and printed on their own line);
- the par of each challenge against the par the old solver reached on the same
  challenge (bench/data/cryptex_pars_before.json: beam 160, whole-sheet rescore
  per candidate, commit 11450c7), seed by seed, then min / mean / max of the
  difference (new - old) and how many challenges went up, stayed, went down.

--recompute-old rebuilds that file's figures from commit 11450c7's solver
(needs git; about 2.5 s a challenge, so ~8 minutes for 200).
Not a test: nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BEFORE = ROOT / "bench" / "data" / "cryptex_pars_before.json"
OLD_COMMIT = "11450c7"
GOAL_RATE = 20.0  # challenges a second


def old_solver():
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{OLD_COMMIT}:printkit/games/cryptex/solo.py"], capture_output=True, text=True, check=True).stdout
    mod = types.ModuleType("old_solo")
    exec(compile(src, "old_solo.py", "exec"), mod.__dict__)
    return mod


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--recompute-old", action="store_true")
    args = ap.parse_args()

    from printkit import build, puzzles, words
    from printkit.games import get_game
    from printkit.games.cryptex import model, solo

    comp = get_game("cryptex").component("puzzle")
    before = json.loads(BEFORE.read_text())["pars"]
    tokens = [puzzles.make_token("1", i) for i in range(args.count)]

    c0, t0 = time.process_time(), time.perf_counter()
    words.puzzle_words()
    words.accept_words()
    solo._tries(model.DEFAULT_LENGTHS)
    print(f"start-up (word lists, trie roots): {1000 * (time.process_time() - c0):.0f} ms CPU, once per process")

    c0, t0 = time.process_time(), time.perf_counter()
    m = build.build_checked(comp, {"seed": "1", "count": args.count})
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    pars = {p["id"].split("-")[-1][: puzzles.TOKEN_LEN]: p["par"] for p in m["puzzles"]}  # the token, without the check character
    assert list(pars) == tokens

    if args.recompute_old:
        old = old_solver()
        for tok in tokens:
            order = old.card_order(puzzles.token_rng(model.PUZZLE_PREFIX, tok))
            before[tok] = old.solve([list(model.RULEBOOK_CARDS[n - 1]) for n in order], model.DEFAULT_LENGTHS)["par"]
            print(f"  old {tok}: {before[tok]}", flush=True)

    print(f"\n{'challenge':<12}{'old par':>8}{'new par':>8}{'diff':>6}")
    diffs = []
    for tok in tokens:
        if tok not in before:
            continue
        d = pars[tok] - before[tok]
        diffs.append(d)
        print(f"CX-{tok:<9}{before[tok]:>8}{pars[tok]:>8}{d:>+6}")
    rate = args.count / cpu
    print(f"\n{args.count} challenges generated and validated: {cpu:.2f} s CPU ({wall:.2f} s wall) = {rate:.1f} a second "
          f"(goal >= {GOAL_RATE:.0f}: {rate / GOAL_RATE:.2f}x the goal)")
    if diffs:
        up, same, down = sum(d > 0 for d in diffs), sum(d == 0 for d in diffs), sum(d < 0 for d in diffs)
        print(f"par, new - old over {len(diffs)} challenges: min {min(diffs):+d}, mean {statistics.mean(diffs):+.2f}, max {max(diffs):+d}; "
              f"{up} higher, {same} equal, {down} lower; mean par {statistics.mean(before[t] for t in tokens if t in before):.2f} -> "
              f"{statistics.mean(pars[t] for t in tokens if t in before):.2f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Which letters should each language's Crypto Crisis grid drop? Measured, not guessed.

    python scripts/measure_crypto_crisis_grid.py

The grid has 25 cells; a language with more game letters (printkit/lang.py) must
leave some out, and a word can be hidden only when its five letters are all
different and all on the grid. For every set of letters a language could drop,
this counts the common list's hideable words (printkit.words.puzzle_words: the
words puzzles are made of) and, for the best sets, the acceptance list's too,
and prints the best six. German is measured twice: with Ä, Ö, Ü as letters of
their own (29 letters: drop 4) and written AE, OE, UE (26 letters: drop 1).
The choices in printkit/games/crypto_crisis/alphabet.py are the top rows.
"""

from __future__ import annotations

import collections
import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit import words  # noqa: E402
from printkit.lang import language  # noqa: E402

UMLAUTS = (("ä", "ae"), ("ö", "oe"), ("ü", "ue"))


def masks(word_list, alpha: str) -> collections.Counter:
    """Letter-set bitmask -> how many hideable-shaped words have it."""
    out: collections.Counter = collections.Counter()
    for w in word_list:
        if len(w) == 5 and len(set(w)) == 5 and all(ch in alpha for ch in w):
            out[sum(1 << alpha.index(ch) for ch in w)] += 1
    return out


def measure(lang: str, expand: bool = False, top: int = 6):
    alpha = "abcdefghijklmnopqrstuvwxyz" if expand else language(lang).letters

    def spell(w: str) -> str:
        if expand:
            for a, b in UMLAUTS:
                w = w.replace(a, b)
        return w

    common = masks((spell(w) for w in words.puzzle_words(lang)), alpha)
    accept = masks((spell(w) for w in words.accept_words(lang)), alpha)
    k = len(alpha) - 25
    ranked = []
    for drop in itertools.combinations(range(len(alpha)), k):
        dm = sum(1 << i for i in drop)
        ranked.append((sum(v for m, v in common.items() if not m & dm), "".join(alpha[i] for i in drop)))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    rows = []
    for n, drop in ranked[:top]:
        dm = sum(1 << alpha.index(ch) for ch in drop)
        rows.append((drop.upper(), n, sum(v for m, v in accept.items() if not m & dm)))
    return sum(common.values()), rows


def main() -> int:
    for lang in ("en", "de", "fr", "es", "nl"):
        total, rows = measure(lang)
        print(f"{lang}: {total} hideable common words with every letter kept")
        for drop, n, acc in rows:
            print(f"    drop {drop:5} keeps {n:5} common, {acc:6} acceptance-list words")
    total, rows = measure("de", expand=True)
    print(f"de, Ä Ö Ü written AE OE UE: {total} hideable common words with every letter kept")
    for drop, n, acc in rows:
        print(f"    drop {drop:5} keeps {n:5} common, {acc:6} acceptance-list words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

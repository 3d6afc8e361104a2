"""How playable a deck is: what random deals can spell.

The measure: deal many random hands of 4, 5 and 6 cards (the sizes the forms
deal), and for each hand find every word of the puzzle list (3-8 letters) it can
spell with one entry per card, in any order. The puzzle list is long (it holds
words few players would think of), so the shares are also taken over its
commonest words (the first COMMON by rank). Report, per hand size:

- words: the mean number of spellable words (whole list, and common words);
- weak deals: the 10th percentile and the fewest common words a deal spells;
- handful: the share of deals that spell at least 5 common words;
- long: the share of deals that spell a common word of 5 letters or more;
- longest: the mean length of the longest word (a word scores its letters).

The deals come from a fixed seeded stream, so a deck always gets the same
figures. `score` folds the figures into one number to compare decks by: the
shares first (a deal with no real choice spoils a round), then the weak-deal
word counts.
"""

from __future__ import annotations

import math

from functools import lru_cache

from printkit.games.cryptic_words.spell import MAX_LETTERS, WordIndex, _bitset, puzzle_index, spellable
from printkit.rng import Rng

SIZES = (4, 5, 6)
DEALS = 10_000  # in all, shared evenly over the hand sizes
HANDFUL = 5
LONG = 5
COMMON = 2000


def _deal(rng: Rng, n: int, k: int) -> list[int]:
    pool = list(range(n))
    for i in range(k):
        j = i + rng.below(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


@lru_cache(maxsize=4)
def _masks(lang: str = "en") -> tuple[WordIndex, int, int]:
    from printkit.words import puzzle_words

    index = puzzle_index(lang)
    top = set(puzzle_words(lang)[:COMMON])
    common = _bitset((i for i, w in enumerate(index.words) if w in top), index.size)
    long_bits = 0
    for length in range(LONG, MAX_LETTERS + 1):
        long_bits |= index.ends[length]
    return index, common, long_bits


def deck_stats(cards: list[dict], deals: int = DEALS, sizes: tuple[int, ...] = SIZES, lang: str = "en") -> dict:
    index, common, long_bits = _masks(lang)
    tables = [index.tables([e["entry"] for e in card["entries"]]) for card in cards]
    out = {"deals": deals, "words_in_list": index.size, "common": common.bit_count(), "by_size": []}
    share = [deals // len(sizes) + (1 if i < deals % len(sizes) else 0) for i in range(len(sizes))]
    for size, n_deals in zip(sizes, share):
        rng = Rng("cryptic-words-stats", size)
        counts: list[int] = []
        total = handful = long = 0
        longest_total = 0
        for _ in range(n_deals):
            hand = [tables[i] for i in _deal(rng, len(tables), size)]
            bits = spellable(index, hand)
            total += bits.bit_count()
            mine = bits & common
            n = mine.bit_count()
            counts.append(n)
            handful += n >= HANDFUL
            long += bool(mine & long_bits)
            for length in range(MAX_LETTERS, 0, -1):
                if bits & index.ends[length]:
                    longest_total += length
                    break
        counts.sort()
        out["by_size"].append({
            "cards": size,
            "deals": n_deals,
            "mean_words": round(total / n_deals, 1),
            "mean_common": round(sum(counts) / n_deals, 1),
            "p10_words": counts[n_deals // 10],
            "min_words": counts[0],
            "handful_share": round(handful / n_deals, 4),
            "long_share": round(long / n_deals, 4),
            "mean_longest": round(longest_total / n_deals, 2),
        })
    out["score"] = score(out)
    return out


def score(stats: dict) -> float:
    """One number to rank decks by (higher is better): 100 points per share
    (handful and long, every hand size), plus the log of the weak-deal word
    counts to break ties among decks that never fail."""
    total = 0.0
    for row in stats["by_size"]:
        total += 100 * (row["handful_share"] + row["long_share"])
        total += math.log1p(row["p10_words"])
    return round(total, 3)


def format_stats(stats: dict) -> str:
    lines = [
        f"Playability over {stats['deals']:,} random deals: words of 3-8 letters spelled with one entry per card,",
        f"from the puzzle list ({stats['words_in_list']:,} words; 'common': the {stats['common']:,} of them among its {COMMON:,} commonest).",
        "  (10th pct, fewest, >=5 words and 5+ letter word count common words; the longest word may be any)",
        "  cards  deals  words/deal  common/deal  10th pct  fewest  >=5 words  5+ letter word  longest word",
    ]
    for r in stats["by_size"]:
        lines.append(
            f"  {r['cards']:>5}  {r['deals']:>5}  {r['mean_words']:>10.1f}  {r['mean_common']:>11.1f}  {r['p10_words']:>8}  {r['min_words']:>6}"
            f"  {100 * r['handful_share']:>8.1f}%  {100 * r['long_share']:>13.1f}%  {r['mean_longest']:>12.2f}"
        )
    lines.append(f"  playability score {stats['score']} (sum over sizes of: >=5 words % + 5+ letter % + ln(1 + 10th pct))")
    return "\n".join(lines)

"""Whole-number shares of a total in proportion to weights (pure, no imports).

The decks of word games are apportioned this way: how many cards carry each
letter, how many entries each letter or pair gets.
"""

from __future__ import annotations


def shares(weights: dict[str, float], total: int, floor: int = 1, cap: int = 20) -> dict[str, int]:
    """Whole-number shares of `total` in proportion to `weights` (largest
    remainder, ties by key), each at least `floor` and at most `cap`."""
    keys = sorted(weights)
    whole = sum(weights.values())
    raw = {k: weights[k] / whole * total for k in keys}
    counts = {k: min(cap, max(floor, int(raw[k]))) for k in keys}
    order = sorted(keys, key=lambda k: (-(raw[k] - int(raw[k])), k))
    while sum(counts.values()) < total:
        for k in order:
            if sum(counts.values()) == total:
                break
            if counts[k] < cap:
                counts[k] += 1
    while sum(counts.values()) > total:
        for k in sorted(keys, key=lambda k: (-counts[k], k)):
            if sum(counts.values()) == total:
                break
            if counts[k] > floor:
                counts[k] -= 1
    return counts

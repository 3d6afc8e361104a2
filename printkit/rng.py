"""Portable seeded randomness.

Random streams are derived from the seed string with SHA-256, never from the
internals of the `random` module, so a seed gives the same puzzle on every
Python version and platform.
"""

from __future__ import annotations

import hashlib
import struct


class Rng:
    """A deterministic stream of numbers drawn from SHA-256 in counter mode."""

    def __init__(self, *key: object) -> None:
        self._key = "\x1f".join(str(k) for k in key).encode("utf-8")
        self._counter = 0
        self._buf = b""

    def child(self, *key: object) -> "Rng":
        """An independent stream for a named sub-task."""
        return Rng(self._key.decode("utf-8"), *key)

    def _bytes(self, n: int) -> bytes:
        while len(self._buf) < n:
            block = hashlib.sha256(self._key + struct.pack(">Q", self._counter)).digest()
            self._counter += 1
            self._buf += block
        out, self._buf = self._buf[:n], self._buf[n:]
        return out

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            v = int.from_bytes(self._bytes(nbytes), "big") & mask
            if v < n:
                return v

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi]."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 bits."""
        return (int.from_bytes(self._bytes(7), "big") >> 3) / (1 << 53)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> list:
        """Fisher-Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def sample(self, seq, k: int) -> list:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def weighted(self, weights: list[float]) -> int:
        total = sum(weights)
        r = self.random() * total
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if r < acc:
                return i
        return len(weights) - 1

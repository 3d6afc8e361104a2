"""Puzzle IDs and seed streams shared by every seeded puzzle generator.

A puzzle ID is `<GAME>-<PARAMS>-<TOKEN><CHECK>`, e.g. `CC-H-7QK2M9XAB`: the
game's prefix, its parameters in a few letters, an 8-character token and one
check character. The token is derived from the user's seed and the puzzle's
index (`--seed S --count N`), and the generator's random stream is derived from
the token alone, so the printed ID regenerates the same puzzle (and sheet) with
`--id`.

The check character covers the whole ID (prefix, parameters and token): one
mistyped character, or two neighbours swapped, always gives an ID that is
refused instead of silently printing another puzzle. It is the sum over GF(32)
of each character's value times alpha^position (alpha a root of x^5 + x^2 + 1).
"""

from __future__ import annotations

import hashlib
import re
from typing import Iterable

from printkit.errors import UsageError
from printkit.rng import Rng

# Crockford's base32: no I, L, O, U, so an ID read off paper is unambiguous.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
TOKEN_LEN = 8
_VALUE = {ch: n for n, ch in enumerate(ALPHABET)}
_POLY = 0b100101  # x^5 + x^2 + 1, primitive over GF(2)


def _gf_mul(a: int, b: int) -> int:
    out = 0
    while b:
        if b & 1:
            out ^= a
        b >>= 1
        a <<= 1
        if a & 0b100000:
            a ^= _POLY
    return out


# letters outside ALPHABET that a prefix or parameter part may hold (the NL of
# a Dutch puzzle, CX-NL-...): counted as the symbol they are read as
_READ_AS = {"I": "1", "L": "1", "O": "0", "U": "V"}


def check_char(body: str) -> str:
    """The check character of an ID's characters without hyphens (ALPHABET, and
    I L O U in its prefix or parameters, valued as 1 1 0 V)."""
    total, weight = 0, 1
    for ch in body:
        weight = _gf_mul(weight, 2)  # alpha^(position + 1): never 0, never repeats within 31
        total ^= _gf_mul(_VALUE[_READ_AS.get(ch, ch)], weight)
    return ALPHABET[total]


def make_token(seed: str, index: int) -> str:
    digest = hashlib.sha256(f"printkit-puzzle\x1f{seed}\x1f{index}".encode("utf-8")).digest()
    n = int.from_bytes(digest[:5], "big")  # 40 bits = 8 symbols
    return "".join(ALPHABET[(n >> (5 * (TOKEN_LEN - 1 - i))) & 31] for i in range(TOKEN_LEN))


def token_rng(prefix: str, token: str, attempt: int = 0) -> Rng:
    return Rng("printkit-puzzle", prefix, token, attempt)


def format_id(prefix: str, params: str, token: str) -> str:
    body = f"{prefix}{params}{token}"
    ident = f"{prefix}-{params}-{token}" if params else f"{prefix}-{token}"
    return ident + check_char(body)


def parse_id(text: str, prefix: str, allowed: Iterable[str] | None = None) -> tuple[str, str]:
    """Split a printed ID into (params, token), strictly: the game's prefix, the
    parameters (one of `allowed` when given), 8 token characters and a check
    character that matches. Anything else: UsageError naming the ID, one line.
    """
    from printkit.base.files import shown

    raw = text if isinstance(text, str) else ""
    show = shown(raw.strip(), 40)
    example = f"{prefix}-" + ("P-" if allowed and any(allowed) else "") + "X" * (TOKEN_LEN + 1)
    if not raw.strip():
        raise UsageError(f"--id is empty: give the ID printed on the puzzle (like {example})")
    parts = raw.strip().upper().split("-")
    if parts[0] != prefix:
        raise UsageError(f"--id {show}: not a {prefix} puzzle ID (it starts {prefix}-)")
    if len(parts) not in (2, 3) or (len(parts) == 3 and not re.fullmatch(r"[0-9A-Z]{1,3}", parts[1])):
        raise UsageError(f"--id {show}: not a {prefix} puzzle ID (expected {example})")
    params = parts[1] if len(parts) == 3 else ""
    if allowed is not None and params not in set(allowed):
        choices = " or ".join(f"{prefix}-{p}-..." if p else f"{prefix}-..." for p in sorted(allowed))
        raise UsageError(f"--id {show}: '{params}' is not a setting of these puzzles ({choices})")
    # the token as read off paper: O is zero, I and L are one (Crockford)
    tail = parts[-1].replace("O", "0").replace("I", "1").replace("L", "1")
    if len(tail) == TOKEN_LEN and re.fullmatch(f"[{ALPHABET}]+", tail):
        raise UsageError(f"--id {show}: no check character: IDs printed by earlier printkit versions are no longer accepted (CHANGELOG.md); make the puzzle again from its seed")
    if len(tail) != TOKEN_LEN + 1 or not re.fullmatch(f"[{ALPHABET}]+", tail):
        raise UsageError(f"--id {show}: the last part must be {TOKEN_LEN + 1} characters of 0-9 and A-Z without I, L, O, U")
    token, check = tail[:TOKEN_LEN], tail[TOKEN_LEN:]
    if check_char(f"{prefix}{params}{token}") != check:
        raise UsageError(f"--id {show}: the check character does not match: a character is mistyped (compare it with the printed ID)")
    return params, token


# From this many puzzles on, a run keeps its puzzles on disk (printkit.base.shelf):
# memory stays flat however large --count is. Fewer stay in a plain list.
ON_DISK_FROM = 50


def collect(items: Iterable, count: int):
    """The puzzles of a run as they are made, one at a time: a list when `count`
    is small, else a Shelf (a read-only list on disk; rules and drawing code read
    it as a list, one puzzle at a time)."""
    if count < ON_DISK_FROM:
        return list(items)
    from printkit.base.shelf import Shelf

    return Shelf(items)


def made(fn, items, label: str, threshold: int = 20):
    """fn(item) for each item, in order, its progress reported for long runs
    (base/progress.py): spread over the run's worker processes
    (base/workers.py, `--jobs`) when there are several. Each puzzle is a
    function of its own item (its token), so the results are the same at any
    number of jobs. `fn` must be a module-level function (workers are given it
    by name)."""
    from printkit.base import progress, workers

    items = list(items)
    return progress.each(_Sized(workers.run(fn, items), len(items)), label, threshold)


class _Sized:
    """An iterator with a known length (for the progress report)."""

    def __init__(self, it, n: int) -> None:
        self.it, self.n = it, n

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        return iter(self.it)

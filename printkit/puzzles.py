"""Puzzle IDs and seed streams shared by every seeded puzzle generator.

A puzzle ID is `<GAME>-<PARAMS>-<TOKEN>`, e.g. `CC-H-7QK2M9XA`: the game's
prefix, its parameters in a few letters, and an 8-character token. The token is
derived from the user's seed and the puzzle's index (`--seed S --count N`), and
the generator's random stream is derived from the token alone, so the printed ID
regenerates the same puzzle (and sheet) with `--id`.
"""

from __future__ import annotations

import hashlib
import re

from printkit.errors import UsageError
from printkit.rng import Rng

# Crockford's base32: no I, L, O, U, so an ID read off paper is unambiguous.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
TOKEN_LEN = 8


def make_token(seed: str, index: int) -> str:
    digest = hashlib.sha256(f"printkit-puzzle\x1f{seed}\x1f{index}".encode("utf-8")).digest()
    n = int.from_bytes(digest[:5], "big")  # 40 bits = 8 symbols
    return "".join(ALPHABET[(n >> (5 * (TOKEN_LEN - 1 - i))) & 31] for i in range(TOKEN_LEN))


def token_rng(prefix: str, token: str, attempt: int = 0) -> Rng:
    return Rng("printkit-puzzle", prefix, token, attempt)


def format_id(prefix: str, params: str, token: str) -> str:
    return f"{prefix}-{params}-{token}" if params else f"{prefix}-{token}"


def parse_id(text: str, prefix: str) -> tuple[str, str]:
    """Split an ID into (params, token); UsageError naming the ID if it is not one of ours."""
    parts = text.strip().upper().split("-")
    # a token read off paper: O is zero, I and L are one (Crockford)
    parts[-1] = parts[-1].replace("O", "0").replace("I", "1").replace("L", "1")
    if len(parts) not in (2, 3) or parts[0] != prefix or not re.fullmatch(f"[{ALPHABET}]{{{TOKEN_LEN}}}", parts[-1]):
        raise UsageError(f"--id {text}: not a {prefix} puzzle ID (expected {prefix}-[PARAMS-]{'X' * TOKEN_LEN})")
    return (parts[1] if len(parts) == 3 else ""), parts[-1]


def progress(items, label: str, threshold: int = 20):
    """Iterate with a progress bar on stderr for long runs (none for short ones)."""
    items = list(items)
    if len(items) < threshold:
        yield from items
        return
    import click

    with click.progressbar(items, label=label, file=click.get_text_stream("stderr")) as bar:
        yield from bar

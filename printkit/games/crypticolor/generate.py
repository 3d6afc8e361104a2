"""Crypticolor puzzles: a code word to recover from its five encoded pictures.

A puzzle is a word from the puzzle list whose letters make no other word of the
acceptance list, scrambled, then encoded with the Key Card (each picture turned
a seeded quarter-turn count when Rotations is on). The ID `CY-[R-]TOKEN`
regenerates it: the token alone seeds its random stream.
"""

from __future__ import annotations

from functools import lru_cache

from printkit import puzzles as pz
from printkit.errors import UsageError
from printkit.games.crypticolor import model as m
from printkit.games.crypticolor import rules
from printkit.rules import Violation

PREFIX = "CY"
ROTATIONS_TAG = "R"
MAX_ATTEMPTS = 50


@lru_cache(maxsize=1)
def word_pool() -> tuple[str, ...]:
    """Five-letter puzzle-list words, most frequent first, whose letters make exactly
    one word of the shipped acceptance list (itself).

    Built from the shipped lists only, so a seed gives the same word whatever a
    user adds with --words; the puzzle is still checked against the user's list."""
    from printkit import words

    base = words._base_accept()
    index = rules.anagram_index(base)
    return tuple(
        w for w in words.puzzle_words()
        if len(w) == rules.WORD_LENGTH and w.isascii() and w.isalpha() and index.get(rules.anagram_key(w)) == [w]
    )


def make_id(token: str, rotations: bool) -> str:
    return pz.format_id(PREFIX, ROTATIONS_TAG if rotations else "", token)


def read_id(text: str) -> tuple[str, bool]:
    """(token, rotations) from a printed ID; UsageError naming the ID if not ours."""
    params, token = pz.parse_id(text, PREFIX)
    if params not in ("", ROTATIONS_TAG):
        raise UsageError(f"--id {text}: '{params}' is not a Crypticolor puzzle setting (use {PREFIX}-TOKEN or {PREFIX}-{ROTATIONS_TAG}-TOKEN)")
    return token, params == ROTATIONS_TAG


def generate(token: str, rotations: bool) -> dict:
    """The puzzle of this token; re-checked before it is returned."""
    pool = word_pool()
    last: list[Violation] = []
    for attempt in range(MAX_ATTEMPTS):
        rng = pz.token_rng(PREFIX + (ROTATIONS_TAG if rotations else ""), token, attempt)
        word = rng.choice(pool).upper()
        letters = m.scramble(word, rng.child("scramble"))
        grids = m.encode_word(letters, rotations, rng.child("turns"))
        puzzle = {
            "id": make_id(token, rotations),
            "rotations": rotations,
            "grids": [{"cells": g["cells"]} for g in grids],
            "solution": {"word": word, "letters": letters, "turns": [g["turn"] for g in grids]},
        }
        last = rules.puzzle_violations(puzzle, f"puzzle {puzzle['id']}")
        if not last:
            return puzzle
    raise UsageError(f"puzzle {make_id(token, rotations)}: no valid puzzle in {MAX_ATTEMPTS} attempts ({last[0] if last else 'unknown'})")


def build_puzzles(params: dict) -> dict:
    ident = params.get("id")
    flag = bool(params.get("rotations"))
    if ident:
        token, rotations = read_id(ident)
        if flag and not rotations:
            raise UsageError(f"--id {ident} is a plain puzzle; drop --rotations or use {make_id(token, True)}")
        tokens = [token]
        shown = {"id": make_id(token, rotations)}
    else:
        rotations = flag
        seed = str(params.get("seed", "1"))
        count = int(params.get("count") or 1)
        tokens = [pz.make_token(seed, i) for i in range(count)]
        shown = {"seed": seed, "count": count, "rotations": rotations}
    items = [generate(t, rotations) for t in pz.progress(tokens, "puzzles")]
    model = {"params": shown, "rotations": rotations, "puzzles": items}
    if len(items) == 1:
        model["id"] = items[0]["id"]
    return model


def regenerate_command(puzzle_id: str) -> str:
    return f"printkit puzzle crypticolor --id {puzzle_id}"


def check_ids(model: dict) -> list[Violation]:
    """Each puzzle is what its printed ID regenerates (so its QR code tells the truth)."""
    out: list[Violation] = []
    puzzles = model.get("puzzles") if isinstance(model, dict) else None
    if not isinstance(puzzles, list):
        return out  # rules.check_puzzles reports it
    for k, puzzle in enumerate(puzzles, 1):
        if not isinstance(puzzle, dict):
            continue
        ident = puzzle.get("id")
        place = f"puzzle {ident}" if isinstance(ident, str) else f"puzzle {k}"
        if not isinstance(ident, str):
            out.append(Violation("CLR-PUZZLE-ID", place, "has no ID"))
            continue
        try:
            token, rotations = read_id(ident)
        except UsageError:
            out.append(Violation("CLR-PUZZLE-ID", place, f"'{ident}' is not a Crypticolor puzzle ID"))
            continue
        if puzzle.get("rotations") is not rotations:
            out.append(Violation("CLR-PUZZLE-ID", place, f"its ID says rotations {'on' if rotations else 'off'}, the puzzle says otherwise"))
            continue
        try:
            fresh = generate(token, rotations)
        except UsageError:
            continue
        if fresh["grids"] != puzzle.get("grids") or fresh["solution"] != puzzle.get("solution"):
            out.append(Violation("CLR-PUZZLE-ID", place, "is not the puzzle its ID regenerates (edited by hand?)"))
    return out

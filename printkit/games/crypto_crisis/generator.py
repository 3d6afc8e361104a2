"""Seeded Crypto Crisis puzzles: three hidden words from the puzzle list, each
with one to three shifts, merged into one board that has exactly one answer per
colour once every shift is revealed, graded by how much the hints are needed.

Drafting is cheap because of one fact: the merged board shows each colour's
tiles, which are the word's own letter cells moved by its net shift. Undoing a
candidate net shift d therefore gives the word's letters moved by (net - d), so
which words fit at which candidate shifts depends only on the word: for each of
the 25 translations t of a word's (first two, last three) letter sets, the
number of acceptance-list words with those sets is worked out once per word and
cached. A draft is then graded with a few table lookups; an accepted draft is
built into a real board and solved again from that board alone (the solver in
solver.py) before it is returned.
"""

from __future__ import annotations

from functools import lru_cache

from printkit.games.crypto_crisis import solver
from printkit.games.crypto_crisis.grid import (
    ALL_NETS,
    CELLS,
    COLOURS,
    LETTERS,
    MAX_SHIFTS,
    NETS_WITHIN,
    SIDE,
    letters_mask,
    net_shift,
    net_text,
    shift_mask,
)
from printkit.games.crypto_crisis.model import board_from_words
from printkit.games.crypto_crisis.rules import DIFFICULTIES, STAGES, grade, lexicon
from printkit.puzzles import format_id, make_token, parse_id, token_rng
from printkit.errors import UsageError

PREFIX = "CC"
LETTER_OF = DIFFICULTIES  # easy -> E ...
DIFFICULTY_OF = {v: k for k, v in DIFFICULTIES.items()}
REVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}
MAX_ATTEMPTS = 10_000
_WITHIN = [frozenset(n) for n in NETS_WITHIN]


class Pool:
    """The words a puzzle may hide, and per word its fits under translation."""

    def __init__(self) -> None:
        from printkit.words import puzzle_words

        self.index = solver.index_for(lexicon())
        words = []
        for w in puzzle_words():
            w = w.upper()
            if not solver.valid_shape(w):
                continue
            # its own anagram twin (spare/spear) would make it ambiguous at any shift
            if self.index.get(solver.word_key(w)) != (w,):
                continue
            words.append(w)
        self.words = tuple(words)
        self._fits: dict[str, tuple[tuple[tuple[int, int], int], ...]] = {}

    def fits(self, word: str) -> tuple[tuple[tuple[int, int], int], ...]:
        """((translation t, how many words fit there), ...): a colour hiding
        `word` at net shift n has those candidates at net shift n - t."""
        hit = self._fits.get(word)
        if hit is None:
            first, rest = letters_mask(word[:2]), letters_mask(word[2:])
            found = []
            for dr, dc in ALL_NETS:
                n = len(self.index.get(shift_mask(first, dr, dc) | shift_mask(rest, dr, dc) << CELLS, ()))
                if n:
                    found.append(((dr, dc), n))
            hit = self._fits[word] = tuple(found)
        return hit


@lru_cache(maxsize=1)
def pool() -> Pool:
    return Pool()


def stage_counts_fast(fits, shifts: list[str]) -> list[int]:
    """Candidate counts at the four hint stages for a word with these fits."""
    counts = []
    for stage in range(MAX_SHIFTS + 1):
        complete = len(shifts) < stage or stage >= MAX_SHIFTS
        left = 0 if complete else MAX_SHIFTS - stage
        rr, rc = net_shift(shifts[stage:])
        within = _WITHIN[left]
        counts.append(sum(n for (tr, tc), n in fits if ((rr - tr) % SIDE, (rc - tc) % SIDE) in within))
    return counts


def draw_shifts(rng) -> list[str]:
    """One to three shifts, never undoing the one before."""
    out = [rng.choice("UDLR")]
    for _ in range(rng.below(MAX_SHIFTS)):
        out.append(rng.choice([s for s in "UDLR" if s != REVERSE[out[-1]]]))
    return out


def draft(rng, p: Pool) -> tuple[list[tuple[str, list[str]]], dict[str, list[int]]] | None:
    """Three different words with shifts and their stage counts; None if some
    colour would not have exactly one answer with every shift revealed."""
    n = len(p.words)
    picks: list[int] = []
    while len(picks) < len(COLOURS):
        k = rng.below(n)
        if k not in picks:
            picks.append(k)
    pairs = []
    counts = {}
    for colour, k in zip(COLOURS, picks):
        word, shifts = p.words[k], draw_shifts(rng)
        c = stage_counts_fast(p.fits(word), shifts)
        if c[-1] != 1:
            return None
        pairs.append((word, shifts))
        counts[colour] = c
    return pairs, counts


def make_puzzle(token: str, difficulty: str) -> dict:
    """The puzzle for this token and difficulty (always the same one)."""
    letter = LETTER_OF[difficulty]
    rng = token_rng(f"{PREFIX}-{letter}", token)
    p = pool()
    for _attempt in range(MAX_ATTEMPTS):
        got = draft(rng, p)
        if got is None:
            continue
        pairs, counts = got
        if grade(counts) != difficulty:
            continue
        return finish(format_id(PREFIX, letter, token), difficulty, pairs, counts)
    raise RuntimeError(f"no {difficulty} puzzle for token {token} in {MAX_ATTEMPTS} attempts")


def finish(pid: str, difficulty: str, pairs, counts) -> dict:
    """Build the accepted draft into a board and solve it again from the merged
    board alone; the two must agree (or this is a bug, not a bad puzzle)."""
    board = board_from_words(pairs)
    stages = solver.solve_stages(board["cells"], {w["colour"]: w["shifts"] for w in board["words"]}, lexicon())
    solved = {c: [len(stages[s][c]) for s in STAGES] for c in COLOURS}
    if solved != counts:
        raise AssertionError(f"{pid}: the board's solver counts {solved} differ from the draft's {counts}")
    for w in board["words"]:
        if stages["all"][w["colour"]] != [(w["word"], net_shift(w["shifts"]))]:
            raise AssertionError(f"{pid}: {w['colour']} does not solve back to {w['word']}")
    return {
        "id": pid,
        "difficulty": difficulty,
        **board,
        "counts": counts,
        "candidates": {
            stage: {c: [[word, net_text(net)] for word, net in found] for c, found in per.items()}
            for stage, per in stages.items()
        },
    }


def puzzle_for_id(text: str) -> dict:
    params, token = parse_id(text, PREFIX)
    if params not in DIFFICULTY_OF:
        raise UsageError(f"--id {text}: the middle part must be E, M or H (easy, medium, hard)")
    return make_puzzle(token, DIFFICULTY_OF[params])


def build_puzzles(params: dict) -> dict:
    from printkit.puzzles import progress

    pid = params.get("id")
    count = int(params.get("count") or 1)
    difficulty = params.get("difficulty") or "medium"
    if difficulty not in DIFFICULTIES:
        raise UsageError(f"--difficulty must be easy, medium or hard, not '{difficulty}'")
    if pid:
        if count != 1:
            raise UsageError(f"--id {pid} gives one puzzle; leave out --count")
        puzzle = puzzle_for_id(pid)
        return {"params": {"id": puzzle["id"]}, "id": puzzle["id"], "puzzles": [puzzle]}
    seed = str(params.get("seed") if params.get("seed") is not None else "1")
    if count == 1:
        # One puzzle is known by its ID: the same sheet as `--id` gives, byte for byte.
        puzzle = make_puzzle(make_token(seed, 0), difficulty)
        return {"params": {"id": puzzle["id"]}, "id": puzzle["id"], "puzzles": [puzzle]}
    puzzles = [make_puzzle(make_token(seed, i), difficulty) for i in progress(range(count), "making puzzles")]
    return {"params": {"seed": seed, "count": count, "difficulty": difficulty}, "puzzles": puzzles}

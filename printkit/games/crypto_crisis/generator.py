"""Seeded Crypto Crisis puzzles: three hidden words from the puzzle list, each
with one to three shifts, merged into one board that has exactly one answer per
colour once every shift is revealed, graded by how much the hints are needed.

Drafting is cheap because of one fact: the merged board shows each colour's
tiles, which are the word's own letter cells moved by its net shift n. Undoing a
candidate net shift d gives the word's letters moved by t = n - d, so which
other words ("decoys") fit at which candidate shifts depends only on the word:
the translations t at which some acceptance-list word has the word's moved
(first two, last three) letter sets are worked out once per word and kept as a
25-bit mask. Each hint stage allows a window of translations (a mask per shift
pattern, made once), so grading a draft is a few ANDs. Words that are their own
decoy at t = 0 (spare/spear: same first two, same last three) would leave two
answers with every shift revealed; they are left out of the pool. An accepted
draft is built into a real board and solved again from that board alone (the
solver in solver.py) before it is returned, and the validator solves it once
more.

One draw from the seed's stream picks a whole draft (three words, three shift
patterns); drafts are drawn until one has the asked-for grade, so a token and a
difficulty always give the same puzzle.
"""

from __future__ import annotations

from functools import lru_cache

from printkit.games.crypto_crisis import solver
from printkit.games.crypto_crisis.grid import (
    ALL_NETS,
    CELLS,
    COLOURS,
    MAX_SHIFTS,
    NETS_WITHIN,
    SIDE,
    letters_mask,
    net_shift,
    net_text,
    shift_mask,
)
from printkit.games.crypto_crisis.board import board_from_words
from printkit.games.crypto_crisis.rules import DIFFICULTIES, gc_paused, grade, hints_needed, lexicon, puzzle_list, STAGES
from printkit.puzzles import collect, format_id, made, make_token, parse_id, token_rng
from printkit.errors import UsageError
from printkit.lang import language
from printkit.games.crypto_crisis.alphabet import localize
from printkit.games.crypto_crisis.lists import current, in_language
from printkit.rng import Rng

PREFIX = "CC"
# Another language's IDs start their setting with its letter (CC-DM-... is a German
# medium puzzle), so --id alone prints it again in its language.
LANG_TAG = {"de": "D", "fr": "F", "es": "S", "nl": "N"}
LETTER_OF = DIFFICULTIES  # easy -> E ...
MIXED = "mixed"  # --difficulty mixed: the levels in turn, easiest first
DIFFICULTY_OF = {v: k for k, v in DIFFICULTIES.items()}
REVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}
MAX_ATTEMPTS = 10_000


def _patterns() -> tuple[tuple[str, ...], ...]:
    """Every run of one to three shifts that never undoes the shift before it
    (4 + 12 + 36 = 52), in a fixed order."""
    out = []
    runs = [(s,) for s in "UDLR"]
    for _ in range(MAX_SHIFTS):
        out += runs
        runs = [r + (s,) for r in runs for s in "UDLR" if s != REVERSE[r[-1]]]
    return tuple(out)


PATTERNS = _patterns()


def _bit(t: tuple[int, int]) -> int:
    return 1 << (t[0] * SIDE + t[1])


def stage_windows(shifts) -> tuple[int, ...]:
    """For each hint stage, the translations t (as a 25-bit mask) at which a
    word's fits are still candidates for a colour hidden with these shifts."""
    out = []
    for stage in range(MAX_SHIFTS + 1):
        complete = len(shifts) < stage or stage >= MAX_SHIFTS
        left = 0 if complete else MAX_SHIFTS - stage
        rr, rc = net_shift(shifts[stage:])
        out.append(sum(_bit(((rr - dr) % SIDE, (rc - dc) % SIDE)) for dr, dc in NETS_WITHIN[left]))
    return tuple(out)


WINDOWS = tuple(stage_windows(p) for p in PATTERNS)


class Pool:
    """The words a puzzle may hide, and for each the translations at which other
    words fit (its decoys): acceptance-list words (any of them would be a right
    answer, so none may fit once every shift is out) and common words (what a
    person thinks of: they grade the puzzle)."""

    def __init__(self, lang: str = "en") -> None:
        with in_language(lang):
            self.index = solver.index_for(lexicon()).exact
            self.common_index = solver.index_for(puzzle_list()).exact
        # pool_words() of the shipped lists (another language's in cell letters, alphabet.to_cells)
        text = str(solver.shipped_sections(lang)["pool.words"], "ascii")
        self.words = tuple(text[i : i + 5] for i in range(0, len(text), 5))
        self._decoys: dict[int, int] = {}
        self._common: dict[int, int] = {}

    def _mask(self, k: int, index: dict) -> int:
        word = self.words[k]
        first, rest = letters_mask(word[:2]), letters_mask(word[2:])
        hit = 0
        for t in ALL_NETS:
            if t != (0, 0) and (shift_mask(first, *t) | shift_mask(rest, *t) << CELLS) in index:
                hit |= _bit(t)
        return hit

    def decoys(self, k: int) -> int:
        """Mask of the translations t != 0 of word k's (first two, last three)
        letter sets that some acceptance-list word has: a colour hiding word k at
        net shift n has a decoy at net shift n - t."""
        hit = self._decoys.get(k)
        if hit is None:
            hit = self._decoys[k] = self._mask(k, self.index)
        return hit

    def common_decoys(self, k: int) -> int:
        """The same for common words only (the puzzle list)."""
        hit = self._common.get(k)
        if hit is None:
            hit = self._common[k] = self._mask(k, self.common_index)
        return hit


def pool_words(index: dict[int, tuple[str, ...]], puzzle_words) -> tuple[str, ...]:
    """The words a puzzle may hide, most common first: the puzzle list's words
    the grid can hold whose letters make no other acceptance-list word with the
    same first two and last three (`index`: the acceptance list's exact index).
    Shipped in solver.INDEX_FILE for the shipped lists."""
    words = []
    bit = solver._BIT
    for w in puzzle_words:
        if len(w) != 5:  # valid_shape's first test, before any other work on a word
            continue
        w = w.upper()
        if not solver.valid_shape(w):
            continue
        # its own anagram twin (spare/spear) would make it ambiguous at any shift
        # (the key is word_key(w), its letters' bits looked up: all in the grid, all different)
        if index.get(bit[w[0]] | bit[w[1]] | (bit[w[2]] | bit[w[3]] | bit[w[4]]) << CELLS) != (w,):
            continue
        words.append(w)
    return tuple(words)


@lru_cache(maxsize=5)
def _pool(lang: str) -> Pool:
    return Pool(lang)


def pool() -> Pool:
    """The pool of the language the lists are read in (lists.in_language)."""
    return _pool(current())


GRADES = ("easy", "medium", "hard", "hard")  # by the hints a person needs: 0, 1, 2, 3


def draft(rng, p: Pool) -> tuple[list[tuple[int, int]], str] | None:
    """Three different words with shifts (as (word, pattern) indexes: pairs_of
    spells them), and the grade the solver will give them; None if two colours
    drew the same word.

    One draw from the stream picks everything. A colour needs k hints when its
    common-word decoys first leave the window of stage k (rules.grade); no
    acceptance-list decoy is ever left with every shift out (the pool sees to
    that: decoys are at t != 0 and the last window is t = 0 alone)."""
    n, m = len(p.words), len(PATTERNS)
    v = rng.below((n * m) ** 3)
    picks = []
    for _ in COLOURS:
        v, r = divmod(v, n * m)
        picks.append(divmod(r, m))
    if len({k for k, _ in picks}) < len(picks):
        return None
    need = 0
    table = p._common
    for k, pat in picks:
        dm = table.get(k)
        if dm is None:
            dm = p.common_decoys(k)
        if dm:
            w = WINDOWS[pat]
            stage = 0
            while stage < MAX_SHIFTS and dm & w[stage]:
                stage += 1
            if stage > need:
                need = stage
    return picks, GRADES[need]


def pairs_of(picks, p: Pool) -> list[tuple[str, list[str]]]:
    """A draft's picks as (word, shifts) pairs, blue, yellow, red."""
    return [(p.words[k], list(PATTERNS[pat])) for k, pat in picks]


def make_puzzle(token: str, difficulty: str, lang: str = "en") -> dict:
    """The puzzle for this token and difficulty (always the same one), in the
    language's letters (a marked language named in it: lang.Language.params)."""
    with in_language(lang):
        return {**localize(_make_puzzle(token, difficulty, lang), lang), **language(lang).params}


def _make_puzzle(token: str, difficulty: str, lang: str) -> dict:
    letter = LETTER_OF[difficulty]
    tag = LANG_TAG.get(lang, "")
    rng = token_rng(f"{PREFIX}{''.join(language(lang).salt)}-{letter}", token)
    p = pool()
    for _attempt in range(MAX_ATTEMPTS):
        got = draft(rng, p)
        if got is None or got[1] != difficulty:
            continue
        return finish(format_id(PREFIX, tag + letter, token), difficulty, pairs_of(got[0], p))
    raise RuntimeError(f"no {difficulty} puzzle for token {token} in {MAX_ATTEMPTS} attempts")


def finish(pid: str, difficulty: str, pairs) -> dict:
    """Build the accepted draft into a board and solve it again from the merged
    board alone: one answer per colour with every shift revealed (against the
    acceptance list), and the grade the draft promised (against common words),
    else this is a bug, not a bad puzzle."""
    board = board_from_words(pairs)
    shifts = {w["colour"]: w["shifts"] for w in board["words"]}
    masks = solver.board_masks(board["cells"])  # read back from the merged board alone
    nets = solver.stage_nets(shifts)
    stages = solver.stages_from_fits(solver.fits_for(masks, solver.index_for(lexicon())), shifts, nets)
    common = solver.stages_from_fits(solver.fits_for(masks, solver.index_for(puzzle_list())), shifts, nets)
    counts = {c: [len(stages[s][c]) for s in STAGES] for c in COLOURS}
    ccounts = {c: [len(common[s][c]) for s in STAGES] for c in COLOURS}
    if grade(ccounts) != difficulty:
        raise AssertionError(f"{pid}: the board's common-word counts {ccounts} grade {grade(ccounts)}, not {difficulty}")
    for w in board["words"]:
        if stages["all"][w["colour"]] != [(w["word"], net_shift(w["shifts"]))]:
            raise AssertionError(f"{pid}: {w['colour']} does not solve back to {w['word']}")
    return {
        "id": pid,
        "difficulty": difficulty,
        **board,
        "counts": counts,
        "common": ccounts,
        "hints_needed": {c: hints_needed(n) for c, n in ccounts.items()},
        "candidates": {
            stage: {c: [[word, net_text(net)] for word, net in found] for c, found in per.items()}
            for stage, per in common.items()
        },
    }


def random_words(seed: str) -> list[tuple[str, list[str]]]:
    """Three random common words with random shifts for `board` (no --word):
    the same seed gives the same words. A draft is kept once some colour has
    a common-word decoy before the hints (a board worth the hints), and every
    colour has one answer once all shifts are out (the pool sees to that)."""
    rng = Rng("crypto-crisis-board", seed)
    p = pool()
    for _attempt in range(MAX_ATTEMPTS):
        got = draft(rng, p)
        if got is not None and got[1] != "easy":
            return pairs_of(got[0], p)
    raise RuntimeError(f"no board for seed {seed!r} in {MAX_ATTEMPTS} attempts")


def id_lang(text: str) -> str:
    """The language a puzzle ID names (CC-DM-... is German); English when none."""
    parts = text.strip().upper().split("-") if isinstance(text, str) else []
    tag = parts[1][:1] if len(parts) == 3 and len(parts[1]) == 2 else ""
    return next((code for code, t in LANG_TAG.items() if t == tag), "en")


def read_id(text: str) -> tuple[str, str, str]:
    """(token, difficulty, language) of a printed ID; UsageError naming it if not ours."""
    allowed = {t + d for t in ("", *LANG_TAG.values()) for d in DIFFICULTY_OF}
    params, token = parse_id(text, PREFIX, allowed=allowed)
    return token, DIFFICULTY_OF[params[-1]], id_lang(text)


def puzzle_for_id(text: str) -> dict:
    token, difficulty, lang = read_id(text)
    return make_puzzle(token, difficulty, lang)


def puzzle_at(job: tuple) -> dict:
    """make_puzzle(token, difficulty, lang) for one puzzle of a run."""
    return make_puzzle(*job)


def build_puzzles(params: dict) -> dict:
    pid = params.get("id")
    lang = params.get("lang") or "en"
    count = int(params.get("count") or 1)
    difficulty = params.get("difficulty") or "medium"
    if difficulty not in DIFFICULTIES and difficulty != MIXED:
        raise UsageError(f"--difficulty must be easy, medium, hard or {MIXED}, not '{difficulty}'")
    if pid:
        if count != 1:
            raise UsageError(f"--id {pid} gives one puzzle; leave out --count")
        named = id_lang(pid)
        if "lang" in params and named != lang:
            raise UsageError(f"--id {pid} is a {language(named).name} puzzle; drop --lang or use --lang {named}")
        puzzle = puzzle_for_id(pid)
        return {"params": {"id": puzzle["id"], **_lang_param(named)}, "id": puzzle["id"], "puzzles": [puzzle]}
    seed = str(params.get("seed") if params.get("seed") is not None else "1")
    levels = list(DIFFICULTIES)  # mixed: easy, medium, hard, easy, ... in turn

    def level(i: int) -> str:
        return levels[i % len(levels)] if difficulty == MIXED else difficulty

    if count == 1:
        # One puzzle is known by its ID: the same sheet as `--id` gives, byte for byte.
        puzzle = make_puzzle(make_token(seed, 0), level(0), lang)
        return {"params": {"id": puzzle["id"], **_lang_param(lang)}, "id": puzzle["id"], "puzzles": [puzzle]}
    jobs = [(make_token(seed, i), level(i), lang) for i in range(count)]
    with gc_paused():
        puzzles = collect(made(puzzle_at, jobs, "making puzzles"), count)
    return {"params": {"seed": seed, "count": count, "difficulty": difficulty, **_lang_param(lang)}, "puzzles": puzzles}


def _lang_param(lang: str) -> dict:
    return language(lang).params

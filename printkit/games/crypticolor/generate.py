"""Crypticolor puzzles: a code word to recover from a few probes of its pictures.

A puzzle is a word from the answer list (the puzzle list's headwords) whose
letters make no other word of the acceptance list, scrambled, then encoded with
the Key Card (each picture turned a seeded quarter-turn count when Rotations is on). Of each picture only some
cells are shown, as a game's probes would show them: hits (filled) and misses
(empty). They are picked in a seeded order until exactly one letter of the Key
Card (any turn, with Rotations) fits them, then thinned to a minimal set (no
shown cell can go without a second letter fitting); easier grades show a few
more cells. The ID `CY-[PARAMS-]TOKEN` regenerates it: the token alone seeds
its random stream; PARAMS holds E or H (easy, hard; medium has none) and R.
"""

from __future__ import annotations

from functools import lru_cache
import itertools

from printkit import puzzles as pz
from printkit.errors import UsageError
from printkit.games.crypticolor import model as m, rules
from printkit.rules import Violation, is_list
from printkit.lang import language

PREFIX = "CY"
# Another language's IDs start their settings with its letter (CY-D-..., CY-DHR-...
# is German): the ID names the language, so --id alone reprints the puzzle.
LANG_TAG = {"de": "D", "fr": "F", "es": "S", "nl": "N"}
ROTATIONS_TAG = "R"
MAX_ATTEMPTS = 50
# another language's generator also keeps clear of its ambiguity guard: a hard
# puzzle takes about 3x as many words as English's (hard, rotations: at most 59 in
# 600 seeds a language)
MAX_ATTEMPTS_GUARDED = 300
DIFFICULTIES = ("easy", "medium", "hard")
CHOICES = (*DIFFICULTIES, "mixed")  # mixed: easy, medium, hard, easy, ... in order
#: Cells shown beyond a minimal set, per picture that pins its letter.
EXTRA_CELLS = {"easy": 5, "medium": 1, "hard": 0}
AMBIGUOUS_MAX = 3  # letters a picture left open may fit (the true one among them)
REOPEN_TRIES = 6  # another language: open pictures opened again when a guard word fits (rules.guard_readings)
GRADE_TAG = {"easy": "E", "medium": "", "hard": "H"}


def prefix(lang: str = "en") -> str:
    """What seeds a language's random stream: the prefix and the language's tag."""
    return PREFIX + language(lang).tag


@lru_cache(maxsize=5)
def word_pool(lang: str = "en") -> tuple[str, ...]:
    """Five-letter answer-list words, most frequent first, whose letters make exactly
    one word of the shipped acceptance list (itself) and no word of the language's
    ambiguity guard.

    Made from the shipped lists only, so a seed gives the same word whatever a
    user adds with --words; the puzzle is still checked against the user's list.
    Read from rules.INDEX_FILE (build_word_pool's result, tested)."""
    from printkit.words import read_index

    text = str(read_index(rules.index_file(lang))[1]["pool.words"], "utf-8")
    n = rules.WORD_LENGTH
    return tuple(text[i : i + n] for i in range(0, len(text), n))


def build_word_pool(anagram_index: dict[str, list[str]], puzzle_words, lang: str = "en", guard: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """word_pool from the acceptance list's anagram index and the puzzle list:
    its five-letter words of the Key Card's letters that no other word is an anagram
    of, nor any word of the ambiguity guard (`guard`: their anagram keys; another
    language's, rules.guard_keys)."""
    return tuple(
        w for w in puzzle_words
        if len(w) == rules.WORD_LENGTH and rules.is_letters(w.upper(), lang)
        and anagram_index.get(rules.anagram_key(w)) == [w] and rules.anagram_key(w) not in guard
    )


def make_id(token: str, rotations: bool, difficulty: str = "medium", lang: str = "en") -> str:
    return pz.format_id(PREFIX, LANG_TAG.get(lang, "") + GRADE_TAG[difficulty] + (ROTATIONS_TAG if rotations else ""), token)


def id_lang(text: str) -> str:
    """The language an ID names (CY-D-... is German); English when none."""
    parts = text.strip().upper().split("-") if isinstance(text, str) else []
    tag = parts[1][:1] if len(parts) == 3 and parts[1] else ""
    return next((code for code, t in LANG_TAG.items() if t == tag), "en")


def read_id(text: str) -> tuple[str, bool, str]:
    """(token, rotations, difficulty) from a printed ID; UsageError naming the ID if not ours."""
    allowed = {lt + g + r for lt in ("", *LANG_TAG.values()) for g in GRADE_TAG.values() for r in ("", ROTATIONS_TAG)}
    params, token = pz.parse_id(text, PREFIX, allowed=allowed)
    params = params[1:] if params[:1] in LANG_TAG.values() else params
    grades = {tag: name for name, tag in GRADE_TAG.items() if tag}
    grade, rest = (params[0], params[1:]) if params[:1] in grades else ("", params)
    if rest not in ("", ROTATIONS_TAG):
        raise UsageError(f"--id {text}: '{params}' is not a Crypticolor puzzle setting (use {PREFIX}-TOKEN, {PREFIX}-[E|H][{ROTATIONS_TAG}]-TOKEN)")
    return token, rest == ROTATIONS_TAG, grades.get(grade, "medium")


def reveal(letter: str, turn: int, rotations: bool, difficulty: str, rng, lang: str = "en") -> tuple[list[int], list[int]]:
    """The cells of one picture to show, as (hits, misses): cells taken in a seeded
    order until the Key Card has one letter that fits, cut down to a minimal set,
    then EXTRA_CELLS[difficulty] more from the same order."""
    picture = set(rules.encode(letter, turn))
    order = rng.shuffle(list(range(1, rules.CELLS + 1)))

    def unique(shown) -> bool:
        return rules.readings([n for n in shown if n in picture], [n for n in shown if n not in picture], rotations, lang) == [letter]

    shown: list[int] = []
    for n in order:
        shown.append(n)
        if unique(shown):
            break
    for n in list(shown):  # thin out: drop what the answer does not need
        trial = [x for x in shown if x != n]
        if unique(trial):
            shown = trial
    rest = [n for n in order if n not in shown]
    shown += rest[: EXTRA_CELLS[difficulty]]
    return sorted(n for n in shown if n in picture), sorted(n for n in shown if n not in picture)


def reveal_open(letter: str, turn: int, rotations: bool, rng, lang: str = "en") -> tuple[list[int], list[int]] | None:
    """The cells of a picture left open: cells taken in a seeded order until 2 to
    AMBIGUOUS_MAX letters fit (its own among them), then thinned while that holds;
    None when the order goes from more letters straight to one."""
    picture = set(rules.encode(letter, turn))
    order = rng.shuffle(list(range(1, rules.CELLS + 1)))

    def open_(shown) -> bool:
        fit = rules.readings([n for n in shown if n in picture], [n for n in shown if n not in picture], rotations, lang)
        return letter in fit and 2 <= len(fit) <= AMBIGUOUS_MAX

    shown: list[int] = []
    for n in order:
        shown.append(n)
        if open_(shown):
            break
    else:
        return None
    for n in list(shown):
        trial = [x for x in shown if x != n]
        if open_(trial):
            shown = trial
    return sorted(n for n in shown if n in picture), sorted(n for n in shown if n not in picture)


def _reveal_all(grids, rotations: bool, difficulty: str, rng, word: str, lang: str = "en"):
    """Every picture's shown cells. Easy: each pins its letter. Medium and hard:
    a seeded choice of pictures (as many as the grade asks) stays open, fitting
    several letters, so that only the word settles them; pictures are pinned
    again, one at a time, while the letters make more than one word (or, in
    another language, any word of its ambiguity guard: rules.guard_readings).
    None when the grade cannot be met with this word."""
    pinned: list = [None] * len(grids)

    def pin(k: int):  # picture k pinned: worked out when first needed (its own seeded stream)
        if pinned[k] is None:
            pinned[k] = reveal(grids[k]["letter"], grids[k]["turn"], rotations, difficulty, rng.child("reveal", k), lang)
        return pinned[k]

    if difficulty == "easy":
        return [pin(k) for k in range(len(grids))]
    lo, hi = rules.GRADE_AMBIGUOUS[difficulty]
    pick = rng.child("open")
    want = pick.randint(lo, min(hi, lo + 1))
    shown: list = [None] * len(grids)
    opened = []
    for k in pick.shuffle(list(range(len(grids)))):
        if len(opened) == want:
            break
        cells = reveal_open(grids[k]["letter"], grids[k]["turn"], rotations, rng.child("open", k), lang)
        if cells is not None:
            shown[k] = cells
            opened.append(k)
    if len(opened) < lo:
        return None
    shown = [cells if cells is not None else pin(k) for k, cells in enumerate(shown)]
    reopened = 0
    while len(opened) >= lo:
        r = rules.reasoning([{"hits": h, "misses": ms} for h, ms in shown], rotations, lang=lang)
        guarded = r["words"] == [word.lower()] and rules.guard_readings(r["candidates"], lang)
        if r["words"] == [word.lower()] and not guarded:
            return shown
        k = max(opened, key=lambda j: len(r["candidates"][j]))  # the widest open picture
        if guarded and reopened < REOPEN_TRIES:
            k = _most_guarded(opened, r["candidates"], grids, guarded, k)
            # only a guard word is in the way (another language): open that picture
            # another way, on its own seeded stream, before pinning it
            reopened += 1
            cells = reveal_open(grids[k]["letter"], grids[k]["turn"], rotations, rng.child("reopen", k, reopened), lang)
            if cells is not None:
                shown[k] = cells
                continue
        shown[k] = pin(k)
        opened.remove(k)
    return None


def _most_guarded(opened, candidates, grids, keys, widest: int) -> int:
    """The open picture whose other letters the guard words use most (ties: the
    widest open picture, then the first)."""
    hits = dict.fromkeys(opened, 0)
    wanted = set(keys)
    for pick in itertools.product(*candidates):
        if "".join(sorted("".join(pick).lower())) in wanted:
            for j in opened:
                hits[j] += pick[j] != grids[j]["letter"]
    return max(opened, key=lambda j: (hits[j], j == widest, -opened.index(j)))


def _generate(job: tuple) -> dict:
    """generate(token, rotations, difficulty, lang) for one puzzle of a run."""
    return generate(*job)


def generate(token: str, rotations: bool, difficulty: str = "medium", lang: str = "en") -> dict:
    """The puzzle of this token; re-checked before it is returned."""
    pool = word_pool(lang)
    last: list[Violation] = []
    attempts = MAX_ATTEMPTS_GUARDED if rules.guard_keys(lang) else MAX_ATTEMPTS  # a guard refuses more draws
    for attempt in range(attempts):
        rng = pz.token_rng(prefix(lang) + (ROTATIONS_TAG if rotations else ""), token, attempt)
        word = rng.choice(pool).upper()
        letters = m.scramble(word, rng.child("scramble"))
        grids = m.encode_word(letters, rotations, rng.child("turns"))
        shown = _reveal_all(grids, rotations, difficulty, rng, word, lang)
        if shown is None:
            continue
        puzzle = {
            "id": make_id(token, rotations, difficulty, lang),
            **language(lang).params,
            "rotations": rotations,
            "difficulty": difficulty,
            "shown": sum(len(h) + len(ms) for h, ms in shown),
            "grids": [{"hits": h, "misses": ms} for h, ms in shown],
            "solution": {"word": word, "letters": letters, "turns": [g["turn"] for g in grids], "cells": [g["cells"] for g in grids]},
        }
        last = rules.puzzle_violations(puzzle, f"puzzle {puzzle['id']}")
        if not last:
            return puzzle
    raise UsageError(f"puzzle {make_id(token, rotations, difficulty, lang)}: no valid puzzle in {attempts} attempts ({last[0] if last else 'unknown'})")


def build_puzzles(params: dict) -> dict:
    ident = params.get("id")
    flag = bool(params.get("rotations"))
    difficulty = params.get("difficulty") or "medium"
    lang = params.get("lang") or "en"
    if difficulty not in CHOICES:
        raise UsageError(f"--difficulty {difficulty}: use one of {', '.join(CHOICES)}")
    if ident:
        named = id_lang(ident)
        if "lang" in params and lang != named:
            raise UsageError(f"--id {ident} is a {language(named).name} puzzle; drop --lang or use --lang {named}")
        lang = named
        token, rotations, difficulty = read_id(ident)
        if flag and not rotations:
            raise UsageError(f"--id {ident} is a plain puzzle; drop --rotations or use {make_id(token, True, difficulty, lang)}")
        tokens = [(token, difficulty)]
        shown = {"id": make_id(token, rotations, difficulty, lang)}
    else:
        rotations = flag
        seed = str(params.get("seed", "1"))
        count = int(params.get("count") or 1)
        grades = [DIFFICULTIES[i % 3] if difficulty == "mixed" else difficulty for i in range(count)]
        tokens = [(pz.make_token(seed, i), grades[i]) for i in range(count)]
        shown = {"seed": seed, "count": count, "rotations": rotations, "difficulty": difficulty}
    jobs = [(t, rotations, g, lang) for t, g in tokens]
    items = pz.collect(pz.made(_generate, jobs, "puzzles"), len(tokens))
    shown.update(language(lang).params)
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
    if not is_list(puzzles):
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
            token, rotations, difficulty = read_id(ident)
        except UsageError:
            out.append(Violation("CLR-PUZZLE-ID", place, f"'{ident}' is not a Crypticolor puzzle ID"))
            continue
        if puzzle.get("rotations") is not rotations:
            out.append(Violation("CLR-PUZZLE-ID", place, f"its ID says rotations {'on' if rotations else 'off'}, the puzzle says otherwise"))
            continue
        try:
            fresh = generate(token, rotations, difficulty, id_lang(ident))
        except UsageError:
            continue
        if fresh["grids"] != puzzle.get("grids") or fresh["solution"] != puzzle.get("solution"):
            out.append(Violation("CLR-PUZZLE-ID", place, "is not the puzzle its ID regenerates (edited by hand?)"))
    return out

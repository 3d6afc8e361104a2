"""Crypto Crisis rules as pure functions on plain data (GAMES.md section 4).

Every check reads the JSON form of a component (as `--json` prints it and
`printkit validate` re-reads it), so it must survive hand-edited data: problems
come back as violations naming the word, cell or hint slip, never as a crash.
"""

from __future__ import annotations

from typing import Callable, Iterable

from printkit.games.crypto_crisis.grid import (
    CELLS,
    COLOURS,
    LETTERS,
    MARKS,
    MAX_SHIFTS,
    MIXES,
    MOVES,
    merge,
    net_shift,
    net_text,
    placeable,
    tiles,
)
from printkit.games.crypto_crisis.alphabet import delocalize, DROPPED, from_cells, GRIDS, model_lang, rulebook_grid
from printkit.games.crypto_crisis.lists import WORD_LEN, in_language, lexicon, puzzle_list  # noqa: F401 (read through rules too)
from printkit.lang import CODES, DEFAULT, language
from printkit.rules import Violation, expect, field
from printkit.errors import UsageError
from printkit.games.crypto_crisis.board import MIN_CELL_MM, PARTS, SLIPS
from printkit.games.crypto_crisis.lists import current

COUNT_WORDS = {2: "twice", 3: "three times", 4: "four times", 5: "five times"}


def _word_place(prefix: str, pos: int, word) -> str:
    return f"{prefix}word {pos} '{word.lower()}'" if isinstance(word, str) else f"{prefix}word {pos}"


def _join(items: Iterable[str]) -> str:
    items = list(items)
    return " + ".join(items) if items else "no colour"


# -- the words ------------------------------------------------------------------------

def word_problems(entry, pos: int, prefix: str, is_word: Callable[[str], bool]) -> list[Violation]:
    """What is wrong with one word of a board (its spelling and its shifts)."""
    word, bad = field(entry, "word", str, "CC-WORD", f"{prefix}word {pos}")
    if bad:
        return bad
    place = _word_place(prefix, pos, word)
    out: list[Violation] = []
    strange = []
    for ch in word:
        if not ("A" <= ch <= "Z") and ch not in strange:
            strange.append(ch)
    for ch in strange:
        out.append(Violation("CC-WORD-LETTERS", place, f"{ch!r} is not a letter A-Z"))
    if len(word) != WORD_LEN:
        out.append(Violation("CC-WORD-LENGTH", place, f"has {len(word)} letter{'s' if len(word) != 1 else ''}; a word needs exactly {WORD_LEN}"))
    if "Z" in word:
        out.append(Violation("CC-WORD-Z", place, "has a Z; the grid runs A to Y, so Z cannot be encrypted"))
    counted: list[str] = []
    for ch in word:
        n = word.count(ch)
        if n > 1 and ch not in counted:
            counted.append(ch)
            out.append(Violation("CC-WORD-REPEAT", place, f"letter {ch} appears {COUNT_WORDS.get(n, f'{n} times')}; all five letters must differ"))
    if word and not strange and not is_word(word):
        out.append(Violation("CC-WORD-UNKNOWN", place, "is not an English word on the acceptance list (add your own list with --words FILE)"))
    shifts, bad = field(entry, "shifts", list, "CC-SHIFT", place)
    out += bad
    if shifts is not None:
        if len(shifts) > MAX_SHIFTS:
            out.append(Violation("CC-SHIFT-COUNT", place, f"has {len(shifts)} shifts; at most {MAX_SHIFTS} are allowed"))
        for k, s in enumerate(shifts, 1):
            if not (isinstance(s, str) and s in MOVES):
                out.append(Violation("CC-SHIFT-DIRECTION", place, f"shift {k} {s!r} is not an arrow (↑ ↓ ← →) or U, D, L, R (up, down, left, right)"))
    return out


def check_words(board, prefix: str, is_word: Callable[[str], bool]) -> list[Violation]:
    """Three words, one per colour in the order blue, yellow, red, each valid, none
    repeated, and each answer-key entry (net shift, tiles) true to its shifts."""
    words, bad = field(board, "words", list, "CC-WORDS", f"{prefix}board")
    if bad:
        return bad
    out = expect(len(words) == len(COLOURS), "CC-WORD-COUNT", f"{prefix}board",
                 f"has {len(words)} word{'s' if len(words) != 1 else ''}; a board holds three, one per colour (blue, yellow, red)")
    seen: dict[str, int] = {}
    for pos, entry in enumerate(words, 1):
        found = word_problems(entry, pos, prefix, is_word)
        out += found
        word = entry.get("word") if isinstance(entry, dict) else None
        if not isinstance(word, str):
            continue
        place = _word_place(prefix, pos, word)
        if pos <= len(COLOURS):
            colour = COLOURS[pos - 1]
            out += expect(entry.get("colour") == colour, "CC-WORD-COLOUR", place, f"word {pos} is the {colour} word, not {entry.get('colour')!r}")
            out += expect(entry.get("mark") == MARKS[colour], "CC-WORD-MARK", place, f"the {colour} word's first two letters are marked {MARKS[colour]}, not {entry.get('mark')!r}")
        if word in seen:
            out.append(Violation("CC-WORD-SAME", place, f"is the same word as word {seen[word]}; pick three different words"))
        seen.setdefault(word, pos)
        shifts = entry.get("shifts")
        if placeable(word, shifts):
            want_tiles = [LETTERS[i] for i in tiles(word, shifts)]
            want_net = net_text(net_shift(shifts))
            out += expect(entry.get("tiles") == want_tiles, "CC-WORD-TILES", place,
                          f"its shifts put its tiles on {' '.join(want_tiles)}, not {_shown(entry.get('tiles'))}")
            out += expect(entry.get("net") == want_net, "CC-WORD-NET", place,
                          f"its shifts add up to {want_net or 'no shift'}, not {entry.get('net')!r}")
    return out


def _shown(value) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value) if value else "nothing"
    return repr(value)


def _triples(board) -> list[tuple]:
    words = board.get("words") if isinstance(board, dict) else None
    out = []
    for pos, entry in enumerate(words if isinstance(words, list) else [], 1):
        if isinstance(entry, dict) and pos <= len(COLOURS):
            out.append((COLOURS[pos - 1], entry.get("word"), entry.get("shifts")))
    return out


# -- the merged board ------------------------------------------------------------------------

def check_cells(board, prefix: str) -> list[Violation]:
    """The 25 cells A-Y, each showing exactly the colours and marks the words'
    tiles leave there, with the colour-wheel mix of those colours."""
    cells, bad = field(board, "cells", list, "CC-BOARD", f"{prefix}board")
    if bad:
        return bad
    if len(cells) != CELLS:
        return [Violation("CC-BOARD-SIZE", f"{prefix}board", f"has {len(cells)} cells; the grid has {CELLS} (A to Y)")]
    want = merge(_triples(board))
    out: list[Violation] = []
    for i, cell in enumerate(cells):
        if type(cell) is dict and all(cell.get(k) == v for k, v in want[i].items()):
            continue  # the cell is exactly what the words make
        place = f"{prefix}cell {LETTERS[i]}"
        letter, bad = field(cell, "letter", str, "CC-CELL", place)
        out += bad
        if letter is not None and letter != LETTERS[i]:
            out.append(Violation("CC-CELL-LETTER", place, f"holds {letter!r}; cell {i + 1} of the grid is {LETTERS[i]}"))
        colours, bad = field(cell, "colours", list, "CC-CELL", place)
        out += bad
        mix, bad = field(cell, "mix", str, "CC-CELL", place)
        out += bad
        marks, bad = field(cell, "marks", list, "CC-CELL", place)
        out += bad
        if colours is not None:
            odd = [c for c in colours if c not in COLOURS]
            if odd:
                out.append(Violation("CC-CELL-COLOURS", place, f"{odd[0]!r} is not blue, yellow or red"))
            elif colours != want[i]["colours"]:
                out.append(Violation("CC-CELL-COLOURS", place, f"shows {_join(colours)}; the words' tiles put {_join(want[i]['colours'])} here"))
            elif mix is not None and mix != MIXES[tuple(colours)]:
                out.append(Violation("CC-CELL-MIX", place, f"is called {mix!r}, but {_join(colours)} make {MIXES[tuple(colours)]}"))
        if marks is not None and marks != want[i]["marks"]:
            out.append(Violation("CC-CELL-MARKS", place, f"is marked {_join(map(str, marks)) if marks else 'with nothing'}; the words' first letters put {_join(want[i]['marks']) if want[i]['marks'] else 'no mark'} here"))
    return out


# -- the hint slips ---------------------------------------------------------------------------

def check_hints(board, prefix: str) -> list[Violation]:
    """Three slips; slip k shows each colour's k-th shift (null where there is none)."""
    hints, bad = field(board, "hints", list, "CC-HINT", f"{prefix}hints")
    if bad:
        return bad
    if len(hints) != len(SLIPS):
        return [Violation("CC-HINT-COUNT", f"{prefix}hints", f"has {len(hints)} slips; there are {len(SLIPS)} (15:00, 30:00, sudden death)")]
    triples = _triples(board)
    out: list[Violation] = []
    for k, (slip, (time, title)) in enumerate(zip(hints, SLIPS)):
        place = f"{prefix}hint slip {k + 1}"
        shown, bad = field(slip, "shifts", dict, "CC-HINT", place)
        out += bad
        out += expect(isinstance(slip, dict) and slip.get("time") == time, "CC-HINT-TIME", place, f"opens at {time}, not {slip.get('time') if isinstance(slip, dict) else slip!r}")
        if shown is None:
            continue
        for colour, _word, shifts in triples:
            if not isinstance(shifts, list):
                continue
            want = shifts[k] if k < len(shifts) else None
            got = shown.get(colour, "missing")
            if got != want:
                out.append(Violation("CC-HINT-SHIFT", place, f"shows {got!r} for {colour}; the {colour} word's {title[:-1]} is {want if want else 'none'}"))
    return out


# -- the components ------------------------------------------------------------------------

def check_board(model: dict) -> list[Violation]:
    from printkit.words import is_word

    lang = model_lang(model)
    if not rulebook_grid(lang):  # checked in the engine's cell letters, against the language's lists
        bad = dropped_letters(model, "", lang)
        if bad:
            return bad
        with in_language(lang):
            cells = delocalize(model, lang)
            words_ok = lexicon()
            found = check_words(cells, "", lambda w: w.lower() in words_ok) + check_cells(cells, "") + check_hints(cells, "")
            return in_own_letters(found, model, cells, lang)
    return check_words(model, "", is_word) + check_cells(model, "") + check_hints(model, "")


def in_own_letters(found: list[Violation], model, cells, lang: str) -> list[Violation]:
    """Violations found in the engine's cell letters, told in the language's: each
    word as the model spells it, and the language's name for 'English'."""
    pairs = []
    for entry in cells.get("words") if isinstance(cells.get("words"), list) else []:
        w = entry.get("word") if isinstance(entry, dict) else None
        if isinstance(w, str) and w:
            pairs.append((w, from_cells(w, lang)))
    name = language(lang).name

    def fix(text: str) -> str:
        for a, b in pairs:
            text = text.replace(f"'{a.lower()}'", f"'{b.lower()}'").replace(a, b)
        return text.replace("an English word", f"a {name} word")

    return [Violation(v.code, fix(v.place), fix(v.message)) for v in found]


def dropped_letters(board, prefix: str, lang: str) -> list[Violation]:
    """A word with a letter the language's grid does not hold (German J, Q, X, Y...)."""
    out = []
    for pos, entry in enumerate(board.get("words") if isinstance(board.get("words"), list) else [], 1):
        word = entry.get("word") if isinstance(entry, dict) else None
        if not isinstance(word, str):
            continue
        lost = sorted({ch for ch in word if ch.isalpha() and ch not in GRIDS[lang]})
        if lost:
            out.append(Violation("CC-WORD-Z", _word_place(prefix, pos, word), f"has {', '.join(lost)}; this grid has no {', '.join(DROPPED[lang])}, so it cannot be encrypted"))
    return out


def _number(part, key: str, code: str, place: str, ok: Callable[[int], bool], rule: str, message: str) -> list[Violation]:
    """part[key], a whole number: its type problem, or `message` (with {} for the
    value) under `rule` when ok(value) fails."""
    value, bad = field(part, key, int, code, place)
    if value is None:
        return bad
    return expect(ok(value), rule, place, message.format(value))


def check_sheet(model: dict) -> list[Violation]:
    lang = model_lang(model)
    if not rulebook_grid(lang):
        out = expect(model.get("grid") == GRIDS[lang], "CC-SHEET-GRID", "sheet", f"its grid letters are {_shown(model.get('grid'))}; the {lang} grid is {GRIDS[lang]}")
        return out + _check_sheet(delocalize(model, lang))
    return _check_sheet(model)


def _check_sheet(model: dict) -> list[Violation]:
    part, bad = field(model, "part", str, "CC-SHEET", "sheet")
    if bad:
        return bad
    out = expect(part in PARTS, "CC-SHEET-PART", "sheet", f"part {part!r} is not one of {', '.join(PARTS)}")
    if part not in PARTS:
        return out

    def wanted(name: str) -> bool:
        return part in ("all", name)

    if wanted("method"):
        method, bad = field(model, "method", dict, "CC-METHOD", "method")
        out += bad
        if method is not None:
            ex, bad = field(method, "example", dict, "CC-METHOD", "method example")
            out += bad
            if ex is not None:
                word, shifts = ex.get("word"), ex.get("shifts")
                if placeable(word, shifts):
                    want = [LETTERS[i] for i in tiles(word, shifts)]
                    out += expect(ex.get("tiles") == want, "CC-METHOD-TILES", "method example",
                                  f"{word} shifted {''.join(shifts)} lands on {' '.join(want)}, not {_shown(ex.get('tiles'))}")
                else:
                    out.append(Violation("CC-METHOD", "method example", "the worked example's word and shifts cannot be placed"))
    if wanted("form"):
        form, bad = field(model, "form", dict, "CC-FORM", "form")
        out += bad
        if form is not None:
            rows, bad = field(form, "rows", list, "CC-FORM", "form")
            out += bad
            if rows is not None:
                got = [r.get("colour") if isinstance(r, dict) else r for r in rows]
                out += expect(got == list(COLOURS), "CC-FORM-ROWS", "form", f"rows are {got}; the form has one row per colour: blue, yellow, red")
            out += _number(form, "shift_boxes", "CC-FORM", "form", lambda v: v == MAX_SHIFTS, "CC-FORM-SHIFTS",
                           "has {} shift boxes a row; a word takes up to " + f"{MAX_SHIFTS} shifts")
            out += _number(form, "copies", "CC-FORM", "form", lambda v: 1 <= v <= 2, "CC-FORM-COPIES", "{} forms do not fit one page (1 or 2)")
    if wanted("boards"):
        boards, bad = field(model, "boards", dict, "CC-BOARDS", "boards")
        out += bad
        if boards is not None:
            out += _number(boards, "copies", "CC-BOARDS", "boards", lambda v: 1 <= v <= 2, "CC-BOARDS-COPIES",
                           "{} boards a page: 1 or 2 keep cells of " + f"{MIN_CELL_MM} mm or more")
            out += _number(boards, "min_cell_mm", "CC-BOARDS", "boards", lambda v: v >= MIN_CELL_MM, "CC-BOARDS-CELL",
                           "cells of {} mm are too small to colour and tick; at least " + f"{MIN_CELL_MM}")
    if wanted("slips"):
        slips, bad = field(model, "slips", dict, "CC-SLIPS", "slips")
        out += bad
        if slips is not None:
            out += _number(slips, "sets", "CC-SLIPS", "slips", lambda v: 1 <= v <= 2, "CC-SLIPS-SETS", "{} sets of slips do not fit a page (1 or 2)")
            got, bad = field(slips, "slips", list, "CC-SLIPS", "slips")
            out += bad
            if got is not None:
                times = [s.get("time") if isinstance(s, dict) else s for s in got]
                out += expect(times == [t for t, _ in SLIPS], "CC-SLIPS-TIMES", "slips", f"slips open at {times}; a set is 15:00, 30:00, sudden death")
    if wanted("worksheet"):
        sheet, bad = field(model, "worksheet", dict, "CC-WORKSHEET", "worksheet")
        out += bad
        if sheet is not None:
            out += _number(sheet, "grids", "CC-WORKSHEET", "worksheet", lambda v: 1 <= v <= 12, "CC-WORKSHEET-GRIDS", "{} grids do not fit a page (1 to 12)")
    return out


# -- puzzles ----------------------------------------------------------------------------------

DIFFICULTIES = {"easy": "E", "medium": "M", "hard": "H"}
STAGES = ("none", "first", "second", "all")


GRADE_OF_HINTS = {0: "easy", 1: "medium", 2: "hard", 3: "hard"}
MAX_HINTS = {"easy": 0, "medium": 1, "hard": 3}


def hints_needed(counts: list[int]) -> int:
    """How many hint slips a person needs before one word is left for a colour:
    the first stage (none, first, second, all) at which exactly one common word
    fits. `counts` are the common-word candidates at each stage."""
    for stage, n in enumerate(counts):
        if n <= 1:
            return stage
    return len(counts) - 1


def grade(counts: dict[str, list[int]]) -> str:
    """Difficulty from the common-word candidate counts per colour at each hint
    stage: the hints a person needs before every colour is forced.
    easy: none (one common word fits each colour from the start);
    medium: the first shifts settle every colour;
    hard: some colour needs the second shifts, or all of them."""
    return GRADE_OF_HINTS[max(hints_needed(n) for n in counts.values())]


def _on_puzzle_list(word: str) -> bool:
    if len(word) == WORD_LEN:
        return word in puzzle_list()
    from printkit.words import puzzle_words

    if not rulebook_grid(current()):
        return False  # another grid's puzzle lists hold five-letter words only here

    return word == word.upper() and word.lower() in puzzle_words(current())  # a word of the wrong length: rare, a plain scan


def check_puzzle(p, n: int) -> list[Violation]:
    """One seeded puzzle: a valid board of puzzle-list words whose merged board
    alone, with every shift revealed, leaves exactly one (word, net shift) per
    colour, graded as it says, under an ID that names its grade."""
    from printkit.games.crypto_crisis import solver
    from printkit.puzzles import parse_id

    if not isinstance(p, dict):
        return [Violation("CC-PUZZLE", f"puzzle {n}", "is not a JSON object")]
    pid = p.get("id")
    prefix = f"puzzle {pid} " if isinstance(pid, str) else f"puzzle {n} "
    place = prefix.strip()
    words_ok = lexicon()
    out = check_words(p, prefix, lambda w: w.lower() in words_ok)
    out += check_cells(p, prefix)
    out += check_hints(p, prefix)
    for pos, entry in enumerate(p.get("words") if isinstance(p.get("words"), list) else [], 1):
        w = entry.get("word") if isinstance(entry, dict) else None
        if isinstance(w, str) and not _on_puzzle_list(w):
            out.append(Violation("CC-PUZZLE-WORD", _word_place(prefix, pos, w), "is not on the puzzle list; puzzles hide only common words"))
    raw = p.get("difficulty")
    difficulty = raw if isinstance(raw, str) else None
    out += expect(difficulty in DIFFICULTIES, "CC-PUZZLE-GRADE", place, f"difficulty {raw!r} is not easy, medium or hard")
    if not isinstance(pid, str):
        out.append(Violation("CC-PUZZLE-ID", place, "has no puzzle ID"))
    else:
        tag = {"en": "", "de": "D", "fr": "F", "es": "S", "nl": "N"}[current()]  # generator.LANG_TAG
        try:
            params, _token = parse_id(pid, "CC")
        except UsageError:
            params = None
        if params is not None and tag and params.startswith(tag):
            params = params[len(tag):]
        elif params is not None and tag:
            params = None  # an ID without the language's letter
        if params is None or params not in DIFFICULTIES.values():
            out.append(Violation("CC-PUZZLE-ID", place, f"{pid!r} is not a Crypto Crisis puzzle ID (CC-E|M|H- then 8 characters and a check character)"))
        elif difficulty in DIFFICULTIES and DIFFICULTIES[difficulty] != params:
            out.append(Violation("CC-PUZZLE-ID", place, f"the ID says {params} but the puzzle is {difficulty}"))
    if out:
        return out  # the board itself is wrong: solving it would say nothing more
    # Solve from the merged board alone.
    shifts = {e["colour"]: e["shifts"] for e in p["words"]}
    stages = solver.solve_stages(p["cells"], shifts, words_ok)
    for entry in p["words"]:
        colour = entry["colour"]
        found = stages["all"][colour]
        answer = (entry["word"], net_shift(entry["shifts"]))
        if len(found) != 1:
            fits = ", ".join(f"{w} ({net_text(net) or 'no shift'})" for w, net in found) or "nothing"
            out.append(Violation("CC-PUZZLE-UNIQUE", f"{prefix}{colour}", f"with every shift revealed, {len(found)} answers fit: {fits}; a puzzle needs exactly one"))
        elif found[0] != answer:
            out.append(Violation("CC-PUZZLE-ANSWER", f"{prefix}{colour}", f"the board solves to {found[0][0]}, not the answer key's {entry['word']}"))
    counts = {c: [len(stages[s][c]) for s in STAGES] for c in COLOURS}
    out += expect(p.get("counts") == counts, "CC-PUZZLE-COUNTS", place, f"candidate counts per stage are {counts}, not {p.get('counts')!r}")
    # the grade counts what a person would think of: common words only
    common = solver.solve_stages(p["cells"], shifts, puzzle_list())
    ccounts = {c: [len(common[s][c]) for s in STAGES] for c in COLOURS}
    out += expect(p.get("common") == ccounts, "CC-PUZZLE-COUNTS", place, f"common-word counts per stage are {ccounts}, not {p.get('common')!r}")
    needed = {c: hints_needed(n) for c, n in ccounts.items()}
    out += expect(p.get("hints_needed") == needed, "CC-PUZZLE-HINTS", place, f"hints needed per colour are {needed}, not {p.get('hints_needed')!r}")
    if not out:
        got = grade(ccounts)
        out += expect(got == difficulty, "CC-PUZZLE-GRADE", place, f"grades {got} from its common-word counts, not {difficulty}")
    return out


class gc_paused:
    """Pause Python's cyclic garbage collector while puzzles are made (or checked): they hold
    no cycles, but with the word indexes alive every full collection walks
    hundreds of thousands of objects (about a third of the time for 1,500
    puzzles). Reference counting still frees everything; the collector's
    previous state comes back on exit."""

    def __enter__(self):
        import gc

        self._was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        import gc

        if self._was:
            gc.enable()
        return False


def check_puzzles(model: dict) -> list[Violation]:
    """Every puzzle of the model checked on its own (check_puzzle); a long list
    in runs of CHECK_RUN puzzles over the run's worker processes (--jobs), the
    violations in the order of the puzzles either way."""
    global _CHECKING
    from printkit.base import workers

    puzzles, bad = field(model, "puzzles", list, "CC-PUZZLES", "puzzles")
    if bad:
        return bad
    out = expect(len(puzzles) >= 1, "CC-PUZZLES", "puzzles", "holds no puzzle")
    runs = [(a, min(a + CHECK_RUN, len(puzzles))) for a in range(0, len(puzzles), CHECK_RUN)]
    _CHECKING = puzzles  # what forked workers read
    try:
        for found in workers.run(_check_run, runs):
            out += found
    finally:
        _CHECKING = None
    return out


CHECK_RUN = 250  # puzzles a task
_CHECKING = None


def _check_run(run: tuple[int, int]) -> list[Violation]:
    """Puzzles start..stop-1 of the list being checked."""
    out: list[Violation] = []
    puzzles = _CHECKING
    with gc_paused():
        for n in range(run[0] + 1, run[1] + 1):
            p = puzzles[n - 1]
            lang = p.get("lang", DEFAULT) if isinstance(p, dict) else DEFAULT
            if lang not in CODES:
                out.append(Violation("CC-PUZZLE", f"puzzle {n}", f"language {str(lang)[:10]!r} is not one printkit prints"))
                continue
            if rulebook_grid(lang):
                out += check_puzzle(p, n)
                continue
            bad = dropped_letters(p, f"puzzle {p.get('id')} ", lang)
            if bad:
                out += bad
                continue
            with in_language(lang):
                out += check_puzzle(delocalize(p, lang), n)
    return out

"""Crypticolor rules as pure functions on plain data (GAMES.md section 3).

Holds the game's data, defined once and used by every component:

- the alphabet: one 5x5 picture per letter (cells numbered 1-25 row by row from the
  top left), the rulebook's standard E among them;
- the four shapes a player may guess (line, corner, angle, curve), as three cells
  each, with the turns and mirror images that count as the same shape;
- the cubes (colour, count, what they mark) and the scoring points;

and the checks the validator runs on every Crypticolor component.
"""

from __future__ import annotations

import itertools
import string
from functools import lru_cache
from typing import Iterable, Sequence

from printkit.i18n import N_  # printed text, translated where drawn
from printkit.lang import CODES, DEFAULT, language, shown_letters
from printkit.rules import Violation, expect, field

SIZE = 5
CELLS = SIZE * SIZE
LETTERS = string.ascii_uppercase
WORD_LENGTH = 5
TURNS = (0, 1, 2, 3)  # quarter turns clockwise
TURN_NAMES = {0: N_("upright"), 1: N_("turned 90°"), 2: N_("turned 180°"), 3: N_("turned 270°")}

# -- the alphabet -----------------------------------------------------------------
# '#' = filled cell. The rulebook draws only E; the other 25 are our design: capitals
# a reader knows at a glance, checked (see alphabet_violations) to differ from one
# another upright and turned, with at least two cells between any two pictures.
ALPHABET_ART: dict[str, tuple[str, ...]] = {
    "A": (".###.", "#...#", "#####", "#...#", "#...#"),
    "B": ("####.", "#...#", "####.", "#...#", "####."),
    "C": (".###.", "#....", "#....", "#....", ".###."),
    "D": ("####.", "#...#", "#...#", "#...#", "####."),
    "E": ("###..", "#....", "###..", "#....", "###.."),
    "F": ("###..", "#....", "###..", "#....", "#...."),
    "G": (".####", "#....", "#.###", "#...#", ".###."),
    "H": ("#...#", "#...#", "#####", "#...#", "#...#"),
    "I": (".###.", "..#..", "..#..", "..#..", ".###."),
    "J": ("..###", "...#.", "...#.", "#..#.", ".##.."),
    "K": ("#...#", "#..#.", "###..", "#..#.", "#...#"),
    "L": ("#....", "#....", "#....", "#....", "#####"),
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#"),
    "N": ("#...#", "##..#", "#.#.#", "#..##", "#...#"),
    "O": (".###.", "#...#", "#...#", "#...#", ".###."),
    "P": ("####.", "#...#", "####.", "#....", "#...."),
    "Q": (".###.", "#...#", "#...#", "#..#.", ".##.#"),
    "R": ("####.", "#...#", "####.", "#..#.", "#...#"),
    "S": (".####", "#....", ".###.", "....#", "####."),
    "T": ("#####", "..#..", "..#..", "..#..", "..#.."),
    "U": ("#...#", "#...#", "#...#", "#...#", ".###."),
    "V": ("#...#", "#...#", "#...#", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#.#.#", "#.#.#", ".#.#."),
    "X": ("#...#", ".#.#.", "..#..", ".#.#.", "#...#"),
    "Y": ("#...#", ".#.#.", "..#..", "..#..", "..#.."),
    "Z": ("#####", "...#.", ".###.", ".#...", "#####"),
}

# The letters other languages add (printkit/lang.py: German Ä Ö Ü, Spanish Ñ), drawn
# the same way: the base letter kept where it fits, the marks on the top row. Each
# differs from every other picture by at least three cells, upright or turned.
EXTRA_ART: dict[str, tuple[str, ...]] = {
    "Ä": (".#.#.", ".###.", "#...#", "#####", "#...#"),
    "Ö": (".#.#.", ".###.", "#...#", "#...#", ".###."),
    "Ü": (".#.#.", ".....", "#...#", "#...#", ".###."),
    "Ñ": ("#####", "##..#", "#.#.#", "#..##", "#...#"),
}

#: The rulebook's one full example: a three-column E against the left edge.
STANDARD_E: tuple[int, ...] = (1, 2, 3, 6, 11, 12, 13, 16, 21, 22, 23)


def art_cells(rows: Sequence[str]) -> tuple[int, ...]:
    """Cell numbers (1-25) of the '#' marks in a 5-line picture."""
    return tuple(r * SIZE + c + 1 for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


ALPHABET: dict[str, tuple[int, ...]] = {letter: art_cells(ALPHABET_ART[letter]) for letter in LETTERS}
EXTRA: dict[str, tuple[int, ...]] = {letter: art_cells(art) for letter, art in EXTRA_ART.items()}
PICTURES: dict[str, tuple[int, ...]] = {**ALPHABET, **EXTRA}  # every letter any language's Key Card draws


def letters(lang: str = "en") -> str:
    """The capitals a language's Key Card draws, in its alphabet's order (A-Z,
    then German Ä Ö Ü; Spanish Ñ after N)."""
    return language(lang).letters.upper()


def alphabet_for(lang: str = "en") -> dict[str, tuple[int, ...]]:
    """letter -> picture for a language's letters."""
    return {ch: PICTURES[ch] for ch in letters(lang)}


def model_lang(model) -> str:
    """The language a model was built in: its params' "lang" (absent for English)."""
    params = model.get("params") if isinstance(model, dict) else None
    lang = params.get("lang", "en") if isinstance(params, dict) else "en"
    return lang if lang in CODES else "en"


def is_letters(word: str, lang: str = "en") -> bool:
    """True when every character of `word` (capitals) is a letter of the language's Key Card."""
    have = letters(lang)
    return bool(word) and all(ch in have for ch in word)


# -- cells and turns --------------------------------------------------------------

def rc(cell: int) -> tuple[int, int]:
    """(row, col) of a cell number, counted from 0 at the top left."""
    return (cell - 1) // SIZE, (cell - 1) % SIZE


def cell_at(row: int, col: int) -> int:
    return row * SIZE + col + 1


def turn(cells: Iterable[int], quarter_turns: int) -> tuple[int, ...]:
    """The picture turned clockwise by `quarter_turns` x 90 degrees, as sorted cells."""
    out = list(cells)
    for _ in range(quarter_turns % 4):
        out = [cell_at(c, SIZE - 1 - r) for r, c in map(rc, out)]
    return tuple(sorted(out))


def allowed_turns(rotations: bool) -> tuple[int, ...]:
    return TURNS if rotations else (0,)


def decode(cells: Iterable[int], rotations: bool, alphabet: dict[str, Sequence[int]] | None = None) -> list[tuple[str, int]]:
    """Every (letter, turn) whose picture, so turned, is exactly `cells`."""
    target = tuple(sorted(cells))
    alphabet = ALPHABET if alphabet is None else alphabet
    return [(letter, t) for letter in sorted(alphabet) for t in allowed_turns(rotations) if turn(alphabet[letter], t) == target]


def encode(letter: str, quarter_turns: int = 0) -> tuple[int, ...]:
    return turn(PICTURES[letter], quarter_turns)


# -- shapes -----------------------------------------------------------------------
# Each shape is three cells as (row, col) offsets, in its drawn (reference) position.
# A guess counts as the shape in any position on the board and in any of the
# orientations listed by shape_variants (turns, and mirror images for the curve).
SHAPES: dict[str, dict] = {
    "line": {
        "title": "LINE",
        "cells": ((0, 0), (0, 1), (0, 2)),
        "mirror": False,
        "explain": N_("three cells in one row or one column"),
    },
    "corner": {
        "title": "CORNER",
        "cells": ((0, 0), (1, 0), (1, 1)),
        "mirror": False,
        "explain": N_("three cells of a 2×2 block: an L"),
    },
    "angle": {
        "title": "ANGLE",
        "cells": ((0, 0), (1, 1), (2, 2)),
        "mirror": False,
        "explain": N_("three cells in a diagonal, corner to corner"),
    },
    "curve": {
        "title": "CURVE",
        "cells": ((0, 0), (0, 1), (1, 2)),
        "mirror": True,
        "explain": N_("two side by side, then one diagonal from the second, bending away from the first"),
    },
}
SHAPE_ORDER = ("line", "corner", "angle", "curve")

# The cubes: what each colour marks, how many make a set, and its points. Colours
# never stand alone: every cube token also carries its shape picture or a sign.
CUBES: tuple[dict, ...] = (
    {"kind": "line", "color": "yellow", "hex": "#F0E442", "count": 6, "points": 4, "sign": ""},
    {"kind": "corner", "color": "orange", "hex": "#E69F00", "count": 6, "points": 4, "sign": ""},
    {"kind": "angle", "color": "purple", "hex": "#8E5BB5", "count": 6, "points": 4, "sign": ""},
    {"kind": "curve", "color": "pink", "hex": "#F5A3C7", "count": 6, "points": 4, "sign": ""},
    {"kind": "hit", "color": "green", "hex": "#009E73", "count": 26, "points": 1, "sign": "+"},
    {"kind": "miss", "color": "black", "hex": "#000000", "count": 26, "points": -1, "sign": "-"},
)
CUBE_BY_KIND = {cube["kind"]: cube for cube in CUBES}

LETTER_GUESS_POINTS = 2  # per empty square of a letter guessed right
WRONG_GUESS_POINTS = -2  # a wrong letter or word guess
GUESSES_PER_TURN = 3  # a shape uses all three

# The score table of the Crypticard, top to bottom: (label, points shown).
SCORE_ROWS: tuple[tuple[str, str], ...] = (
    (N_("LINE"), "+4"),
    (N_("CORNER"), "+4"),
    (N_("ANGLE"), "+4"),
    (N_("CURVE"), "+4"),
    (N_("HIT"), "+1"),
    (N_("MISS"), "−1"),  # a minus sign, U+2212 (i18n.signed)
    (N_("LETTER GUESS"), "+2*"),
    (N_("SUBTOTAL"), ""),
    (N_("DECIPHERED LETTERS"), ""),
)


def _normal(points: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    pts = list(points)
    r0 = min(r for r, _ in pts)
    c0 = min(c for _, c in pts)
    return tuple(sorted((r - r0, c - c0) for r, c in pts))


@lru_cache(maxsize=None)
def shape_variants(name: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every distinct orientation of a shape, each normalised to its top left corner,
    in a fixed order (the reference drawing first)."""
    shape = SHAPES[name]
    base = tuple(shape["cells"])
    forms = [base, tuple((c, r) for r, c in base)]  # its mirror image (across the diagonal)
    out: list[tuple[tuple[int, int], ...]] = []
    for form in forms if shape["mirror"] else forms[:1]:
        pts = list(form)
        for _ in range(4):
            norm = _normal(pts)
            if norm not in out:
                out.append(norm)
            pts = [(c, -r) for r, c in pts]  # a quarter turn
    return tuple(out)


def classify(cells: Iterable[int]) -> str | None:
    """The shape three cells make (by position on the 5x5 board), or None."""
    cells = list(cells)
    if len(cells) != 3 or len(set(cells)) != 3:
        return None
    norm = _normal(rc(n) for n in cells)
    for name in SHAPE_ORDER:
        if norm in shape_variants(name):
            return name
    return None


def placements(name: str) -> list[tuple[int, ...]]:
    """Every way the shape fits on the 5x5 board, as sorted cell triples."""
    out = []
    for form in shape_variants(name):
        h = max(r for r, _ in form) + 1
        w = max(c for _, c in form) + 1
        for r0 in range(SIZE - h + 1):
            for c0 in range(SIZE - w + 1):
                out.append(tuple(sorted(cell_at(r0 + r, c0 + c) for r, c in form)))
    return sorted(set(out))


def shape_guess(letter_cells: Iterable[int], name: str, cells: Sequence[int]) -> bool:
    """A shape guess is right when the three cells make that shape and all three are
    filled in the letter."""
    filled = set(letter_cells)
    return classify(cells) == name and all(n in filled for n in cells)


def letter_guess_points(picture: Iterable[int], marked: Iterable[int], correct: bool) -> int:
    """Our reading of the rulebook's "2 points for every empty space that is part of
    a guessed letter": a right guess scores +2 for each cell of the letter's picture
    (as encoded, turned or not) that is still empty on the guesser's Decoder, i.e.
    not yet covered by a cube. Guessing early pays; probing cells you already
    recognise does not. A wrong letter (or word) guess scores -2."""
    if not correct:
        return WRONG_GUESS_POINTS
    return LETTER_GUESS_POINTS * len(set(picture) - set(marked))


def column_score(marks: dict) -> int:
    """One column of the score table: counts of shapes, hits and misses, plus the
    letter-guess points (see letter_guess_points)."""
    total = 0
    for cube in CUBES:
        total += cube["points"] * int(marks.get(cube["kind"], 0))
    return total + int(marks.get("letter_guess", 0))


# -- the alphabet's rules -----------------------------------------------------------

def _cells_ok(cells) -> bool:
    return isinstance(cells, list) and all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= CELLS for n in cells)


def alphabet_violations(alphabet: dict[str, Sequence[int]], rotations: bool) -> list[Violation]:
    """Every letter has a picture with empty and filled cells, E is the rulebook's E,
    no two pictures are the same, and (rotations) no picture is a turned picture of
    another letter. `alphabet` maps letters to valid cell lists."""
    out: list[Violation] = []
    for letter in sorted(alphabet):
        n = len(set(alphabet[letter]))
        out += expect(n > 0, "CLR-LETTER-BLANK", f"letter {letter}", "fills no cell")
        out += expect(n < CELLS, "CLR-LETTER-FULL", f"letter {letter}", "fills all 25 cells; a letter must leave empty cells (the letter guess scores them)")
    if "E" in alphabet and tuple(sorted(set(alphabet["E"]))) != STANDARD_E:
        out.append(Violation("CLR-STANDARD-E", "letter E", f"fills {_cells_text(alphabet['E'])}; the rulebook's E is {_cells_text(STANDARD_E)}"))
    pictures = {letter: tuple(sorted(set(alphabet[letter]))) for letter in sorted(alphabet)}
    # each picture turned once, not once for every letter it is compared with
    turned = {letter: [turn(cells, t) for t in (1, 2, 3)] for letter, cells in pictures.items()} if rotations else {}
    for a, b in itertools.combinations(sorted(pictures), 2):
        if pictures[a] == pictures[b]:
            out.append(Violation("CLR-CLASH", f"letters {a}/{b}", f"{a} and {b} have the same picture"))
            continue
        if rotations:
            for t, picture in zip((1, 2, 3), turned[b]):
                if picture == pictures[a]:
                    out.append(Violation("CLR-TURN-CLASH", f"letters {a}/{b}", f"{b} {TURN_NAMES[t]} is the picture of {a}: with rotations a player cannot tell them apart"))
                    break
    return out


def _cells_text(cells) -> str:
    return "{" + ",".join(str(n) for n in sorted(set(cells))) + "}"


def read_alphabet(model: dict, key: str = "alphabet", lang: str = "en") -> tuple[dict[str, list[int]] | None, list[Violation]]:
    """Read a model's alphabet: [{"letter": "A", "cells": [...]}, ...] in A-Z order
    (the language's letters: German adds Ä Ö Ü, Spanish Ñ)."""
    have = letters(lang)
    entries, bad = field(model, key, list, "CLR-ALPHABET", "alphabet")
    if bad:
        return None, bad
    out: list[Violation] = []
    alphabet: dict[str, list[int]] = {}
    for pos, entry in enumerate(entries, 1):
        letter, bad = field(entry, "letter", str, "CLR-ALPHABET", f"alphabet entry {pos}")
        out += bad
        cells, bad2 = field(entry, "cells", list, "CLR-ALPHABET", f"letter {letter}" if letter else f"alphabet entry {pos}")
        out += bad2
        if letter is None or cells is None:
            continue
        if letter not in have or len(letter) != 1:
            out.append(Violation("CLR-ALPHABET-LETTER", f"alphabet entry {pos}", f"{letter!r} is not a capital letter {shown_letters(have)}"))
            continue
        if letter in alphabet:
            out.append(Violation("CLR-ALPHABET-LETTER", f"letter {letter}", "appears twice"))
            continue
        if not _cells_ok(cells):
            out.append(Violation("CLR-LETTER-CELLS", f"letter {letter}", "cells must be whole numbers 1-25"))
            continue
        if len(set(cells)) != len(cells):
            out.append(Violation("CLR-LETTER-CELLS", f"letter {letter}", "names a cell twice"))
            continue
        alphabet[letter] = cells
    missing = [x for x in have if x not in alphabet and not any(v.place == f"letter {x}" for v in out)]
    if missing:
        out.append(Violation("CLR-ALPHABET-LETTER", "alphabet", f"has no picture for {', '.join(missing)}"))
    return alphabet, out


def alphabet_model(lang: str = "en") -> list[dict]:
    return [{"letter": letter, "cells": list(PICTURES[letter])} for letter in letters(lang)]


# -- components -------------------------------------------------------------------

def _flag(model: dict, key: str, place: str) -> tuple[bool | None, list[Violation]]:
    value, bad = field(model, key, bool, "CLR-MODEL", place)
    return value, bad


def check_card(model: dict) -> list[Violation]:
    """The Key Card: a complete, clash-free alphabet with the rulebook's E."""
    rotations, bad = _flag(model, "rotations", "card")
    alphabet, bad2 = read_alphabet(model, lang=model_lang(model))
    out = bad + bad2
    if alphabet is not None:
        out += alphabet_violations(alphabet, bool(rotations))
    return out


def word_violations(word, is_word, place: str = "code word", lang: str = "en") -> list[Violation]:
    """A code word: five letters of the language's Key Card (A-Z in English) and a
    word of its acceptance list."""
    if not isinstance(word, str):
        return [Violation("CLR-WORD", place, "must be a string")]
    shown = word if len(word) <= 20 else word[:17] + "..."
    if not is_letters(word.upper(), lang):
        return [Violation("CLR-WORD", f"{place} {shown}", f"may only hold the letters {shown_letters(letters(lang))} (no hyphens, apostrophes or digits)")]
    if len(word) != WORD_LENGTH:
        return [Violation("CLR-WORD", f"{place} {shown}", f"has {len(word)} letters; a code word has {WORD_LENGTH}")]
    if not is_word(word):
        return [Violation("CLR-WORD-UNKNOWN", f"{place} {shown}", f"is not in the {language(lang).name} word list (add it with --words FILE if it is a real word)")]
    return []


def grids_violations(grids, letters: str, rotations: bool, code: str) -> list[Violation]:
    """Each of the five grids encodes its letter: the Key Card picture, turned only
    when the Rotations variant is on."""
    if not isinstance(grids, list):
        return [Violation(code, "grids", "must be a list")]
    out: list[Violation] = []
    if len(grids) != len(letters):
        return [Violation(code, "grids", f"has {len(grids)} grids for {len(letters)} letters")]
    for k, (grid, letter) in enumerate(zip(grids, letters), 1):
        place = f"grid {k}"
        cells, bad = field(grid, "cells", list, code, place)
        t, bad2 = field(grid, "turn", int, code, place)
        out += bad + bad2
        if cells is None or t is None:
            continue
        if not _cells_ok(cells):
            out.append(Violation(code, place, "cells must be whole numbers 1-25"))
            continue
        if t not in allowed_turns(rotations):
            out.append(Violation(code, place, f"turn {t} is not allowed ({'0-3' if rotations else 'only 0 without the Rotations variant'})"))
            continue
        if letter in PICTURES and tuple(sorted(cells)) != encode(letter, t):
            out.append(Violation(code, place, f"does not show {letter} {TURN_NAMES[t]} as the Key Card draws it"))
    return out


def check_sheet(model: dict) -> list[Violation]:
    """A Crypticard: blank, or filled with a code word, its scramble and its grids."""
    from printkit import words

    lang = model_lang(model)
    is_word = lambda w: words.is_word(w, lang)  # noqa: E731
    rotations, bad = _flag(model, "rotations", "sheet")
    if bad:
        return bad
    if "word" not in model or model["word"] is None:
        return expect(model.get("grids") in (None, []), "CLR-SHEET", "sheet", "has grids but no code word")
    word = model["word"]
    out = word_violations(word, is_word, lang=lang)
    if out:
        return out
    scramble, bad = field(model, "scramble", str, "CLR-SCRAMBLE", "scramble")
    if bad:
        return bad
    out += scramble_violations(word, scramble)
    if not out:
        out += grids_violations(model.get("grids"), scramble, rotations, "CLR-GRID")
    return out


def scramble_violations(word: str, scramble: str, place: str = "scramble") -> list[Violation]:
    if sorted(scramble) != sorted(word):
        return [Violation("CLR-SCRAMBLE", f"{place} {scramble}", f"is not the letters of {word} in another order")]
    if scramble == word and len(set(word)) > 1:
        return [Violation("CLR-SCRAMBLE", f"{place} {scramble}", "is the code word itself, not scrambled")]
    return []


def check_board(model: dict) -> list[Violation]:
    """The Decoder shows the four shapes as the rules define them, in every orientation."""
    shapes, bad = field(model, "shapes", list, "CLR-BOARD", "board")
    if bad:
        return bad
    out: list[Violation] = []
    names = [s.get("name") if isinstance(s, dict) else None for s in shapes]
    out += expect(names == list(SHAPE_ORDER), "CLR-BOARD-SHAPES", "board", f"shows shapes {names}; it must show {list(SHAPE_ORDER)}")
    for shape in shapes:
        name, bad = field(shape, "name", str, "CLR-BOARD", "shape")
        out += bad
        if name not in SHAPES:
            continue
        cells, bad = field(shape, "cells", list, "CLR-BOARD", f"shape {name}")
        out += bad
        if cells is not None:
            ok = all(isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) for v in p) for p in cells)
            found = classify([cell_at(r, c) for r, c in cells]) if ok and all(0 <= v < SIZE for p in cells for v in p) else None
            out += expect(found == name, "CLR-BOARD-SHAPE", f"shape {name}", f"its drawing makes {found or 'no shape'}, not a {name}")
        variants, bad = field(shape, "variants", list, "CLR-BOARD", f"shape {name}")
        out += bad
        if variants is not None:
            want = [[list(p) for p in v] for v in shape_variants(name)]
            out += expect(variants == want, "CLR-BOARD-VARIANTS", f"shape {name}", f"shows {len(variants)} orientations; the rules give {len(want)}")
    return out


def check_tokens(model: dict) -> list[Violation]:
    """A set of cubes: 6 each of the four shape colours, 26 each of green and black,
    each colour with its own mark."""
    cubes, bad = field(model, "cubes", list, "CLR-TOKENS", "tokens")
    if bad:
        return bad
    out: list[Violation] = []
    seen = {}
    for cube in cubes:
        kind, bad = field(cube, "kind", str, "CLR-TOKENS", "cube")
        out += bad
        if kind is None:
            continue
        if kind not in CUBE_BY_KIND:
            out.append(Violation("CLR-TOKENS-KIND", f"cube {kind}", "is not a Crypticolor cube"))
            continue
        seen[kind] = cube
        count, bad = field(cube, "count", int, "CLR-TOKENS", f"cube {kind}")
        out += bad
        want = CUBE_BY_KIND[kind]["count"]
        if count is not None:
            out += expect(count == want, "CLR-TOKENS-COUNT", f"{kind} cubes", f"{count} printed; a set has {want}")
        color, bad = field(cube, "color", str, "CLR-TOKENS", f"cube {kind}")
        out += bad
        if color is not None:
            out += expect(color == CUBE_BY_KIND[kind]["color"], "CLR-TOKENS-COLOR", f"{kind} cubes", f"are {color}; the rules make them {CUBE_BY_KIND[kind]['color']}")
    for kind in CUBE_BY_KIND:
        out += expect(kind in seen, "CLR-TOKENS-KIND", f"{kind} cubes", "are missing")
    return out


# -- puzzles ----------------------------------------------------------------------

def anagram_key(word: str) -> str:
    return "".join(sorted(word.lower()))


_anagram_cache: dict[int, tuple[object, dict[str, list[str]]]] = {}  # id(word list) -> (the list, its index)


#: The shipped acceptance list's anagram index and the generator's word pool,
#: built by scripts/build_word_indexes.py from the word lists (tests check them);
#: one file a language (index_file).
INDEX_FILE = "crypticolor-index.idx"


def index_file(lang: str = "en") -> str:
    return INDEX_FILE.replace(".idx", f"{language(lang).suffix}.idx")


def anagram_sections(index: dict[str, list[str]]) -> dict[str, bytes]:
    """An anagram index as sections of an index file (printkit.words.pack_index):
    the keys with one word and those words, then the keys with several, their
    words in the same order, and how many each has (a byte each). Text is UTF-8
    (ASCII for English), five characters a key or word."""
    single = {k: ws[0] for k, ws in index.items() if len(ws) == 1}
    multi = {k: ws for k, ws in index.items() if len(ws) > 1}
    return {"single.keys": "".join(single).encode("utf-8"),
            "single.words": "".join(single.values()).encode("utf-8"),
            "multi.keys": "".join(multi).encode("utf-8"),
            "multi.words": "".join(w for ws in multi.values() for w in ws).encode("utf-8"),
            "multi.sizes": bytes(len(ws) for ws in multi.values())}


def _shipped_anagram_index(lang: str = "en") -> dict[str, list[str]]:
    from printkit.words import read_index

    sections = read_index(index_file(lang))[1]
    n = WORD_LENGTH

    def cut(name: str) -> list[str]:
        text = str(sections[name], "utf-8")
        return [text[i : i + n] for i in range(0, len(text), n)]

    index = dict(zip(cut("single.keys"), map(list, zip(cut("single.words")))))
    words = iter(cut("multi.words"))
    for key, size in zip(cut("multi.keys"), bytes(sections["multi.sizes"])):
        index[key] = [next(words) for _ in range(size)]
    return index


def _base_accept(lang: str):
    from printkit import words

    return words._base_accept(lang)


def accept_list(lang: str = "en"):
    """The acceptance list of a language with the user's words (--words)."""
    from printkit import words

    return words.accept_words(lang)


def anagram_index(words: frozenset[str], lang: str = "en") -> dict[str, list[str]]:
    """Five-letter words of a list, grouped by their sorted letters (cached per
    list; a shipped acceptance list's is read from its index file)."""
    hit = _anagram_cache.get(id(words))
    if hit is not None and hit[0] is words:
        return hit[1]
    if words is _base_accept(lang):
        index = _shipped_anagram_index(lang)
        _remember(words, index)
        return index
    return _build_anagram_index(words)


def _remember(words, index) -> None:
    if len(_anagram_cache) >= 6:  # a few lists at most (languages, user lists): the oldest goes
        _anagram_cache.pop(next(iter(_anagram_cache)))
    _anagram_cache[id(words)] = (words, index)  # the list itself is kept: `is` cannot be fooled


def _build_anagram_index(words: frozenset[str]) -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    of_length = getattr(words, "of_length", None)  # a compact Lexicon hands over one length's words
    fives = of_length(WORD_LENGTH) if of_length is not None else (w for w in words if len(w) == WORD_LENGTH)
    for w in sorted(fives):  # sort 1 word in 10, not all
        index.setdefault("".join(sorted(w.lower())), []).append(w)  # anagram_key(w)
    _remember(words, index)
    return index


def anagrams(letters: str, words: frozenset[str] | None = None, lang: str = "en") -> list[str]:
    """The words of the acceptance list made of exactly these letters."""
    if words is None:
        words = accept_list(lang)
    return list(anagram_index(words, lang).get(anagram_key(letters), []))


@lru_cache(maxsize=10)
def _pictures(rotations: bool, lang: str = "en") -> tuple[tuple[str, int], ...]:
    """(letter, bitmask of its picture) for every letter of the language and allowed turn."""
    out = []
    for letter in letters(lang):
        for t in allowed_turns(rotations):
            out.append((letter, sum(1 << (n - 1) for n in encode(letter, t))))
    return tuple(out)


def mask(cells: Iterable[int]) -> int:
    return sum(1 << (n - 1) for n in set(cells))


@lru_cache(maxsize=10)
def _holders(rotations: bool, lang: str = "en") -> tuple[tuple[tuple[str, int], ...], tuple[int, ...], int]:
    """_pictures by cell: ((letter, its pictures' bits) in sorted letter order, for
    each cell 0-25 the pictures that fill it as a bitset over the pictures, every
    picture's bit)."""
    pics = _pictures(rotations, lang)
    holders = [0] * (CELLS + 1)
    by_letter: dict[str, int] = {}
    for i, (letter, pic) in enumerate(pics):
        by_letter[letter] = by_letter.get(letter, 0) | 1 << i
        for n in range(1, CELLS + 1):
            if pic >> (n - 1) & 1:
                holders[n] |= 1 << i
    return tuple(sorted(by_letter.items())), tuple(holders), (1 << len(pics)) - 1


def _readings_slow(hits, misses, rotations: bool, lang: str) -> list[str]:
    h, m = mask(hits), mask(misses)
    return sorted({letter for letter, pic in _pictures(rotations, lang) if pic & h == h and not pic & m})


def readings(hits: Iterable[int], misses: Iterable[int], rotations: bool, lang: str = "en") -> list[str]:
    """Every letter whose picture (turned, with rotations) fills all the shown hit
    cells and none of the shown miss cells: the letters a solver cannot rule out.
    (The pictures as bitsets by cell: an AND a shown cell instead of a test a picture.)"""
    hits, misses = list(hits), list(misses)
    if (hits and min(hits) < 1) or (misses and min(misses) < 1):  # off the grid: picture by picture
        return _readings_slow(hits, misses, rotations, lang)
    letters_of, holders, fit = _holders(rotations, lang)
    try:
        for n in hits:
            fit &= holders[n]
        for n in misses:
            fit &= ~holders[n]
    except (IndexError, TypeError):
        return _readings_slow(hits, misses, rotations, lang)
    return [letter for letter, bits in letters_of if fit & bits]


#: What each grade asks of a person: how many pictures (lowest, highest) fit more
#: than one Key Card letter, so that only the word settles them.
GRADE_AMBIGUOUS = {"easy": (0, 0), "medium": (1, 2), "hard": (3, 5)}
MAX_COMBINATIONS = 10_000  # letter choices the solver tries at most (a hand-edited puzzle may show nothing)


def reasoning(grids, rotations: bool, words: frozenset[str] | None = None, lang: str = "en") -> dict:
    """How a person solves a puzzle, step by step: read each picture against the
    Key Card (the letters it leaves), then try the letter choices of the pictures
    that leave several until the five letters make a word.

    Returns `candidates` (each picture's letters), `ambiguous` (pictures that fit
    more than one letter), `combinations` (letter choices to try), `words` (the
    words any choice makes, lowercase) and `steps`: one reading a picture plus one
    for every further choice tried. A picture that pins its letter is one step;
    a hard puzzle is many."""
    cands = [readings(g.get("hits", []), g.get("misses", []), rotations, lang) for g in grids]
    combos = 1
    for c in cands:
        combos *= len(c)
    found: set[str] = set()
    if 0 < combos <= MAX_COMBINATIONS:
        for pick in itertools.product(*cands):
            found.update(anagrams("".join(pick), words, lang))
    return {"candidates": cands, "ambiguous": sum(1 for c in cands if len(c) > 1), "combinations": combos,
            "words": sorted(found), "steps": len(cands) + max(0, combos - 1)}


@lru_cache(maxsize=5)
def guard_keys(lang: str = "en") -> frozenset[str]:
    """The anagram keys of another language's ambiguity guard: five-letter strings
    its acceptance list lacks that wordfreq's corpus or simplemma's table has (rarer
    forms, loans, names, rare dictionary words: scripts/build_wordlists_lang.py
    guard_list), read from its index file. English has none (its index file holds
    no guard)."""
    from printkit.words import read_index

    text = str(read_index(index_file(lang))[1].get("guard.keys", b""), "utf-8")
    return frozenset(text[i : i + WORD_LENGTH] for i in range(0, len(text), WORD_LENGTH))


def guard_readings(candidates, lang: str = "en") -> list[str]:
    """The guard's anagram keys that some choice of the pictures' letters
    (`candidates`, as reasoning gives them) spells: a generator keeps this empty,
    so that no reader finds a second word, even one the acceptance list lacks."""
    keys = guard_keys(lang)
    if not keys:
        return []
    return sorted({k for pick in itertools.product(*candidates) if (k := "".join(sorted("".join(pick).lower()))) in keys})


def puzzle_violations(puzzle: dict, place: str) -> list[Violation]:
    """One puzzle: a puzzle-list word with a single anagram, scrambled, and five grids
    whose shown hits and misses each fit their own letter, and whose letters (one
    fitting letter a picture) make that word and no other; as many pictures fit
    several letters as the grade says (GRADE_AMBIGUOUS)."""
    from printkit.words import puzzle_words

    lang = puzzle.get("lang", DEFAULT) if isinstance(puzzle, dict) else DEFAULT
    if lang not in CODES:
        return [Violation("CLR-PUZZLE", place, f"language {str(lang)[:10]!r} is not one printkit prints")]
    out: list[Violation] = []
    rotations, bad = _flag(puzzle, "rotations", place)
    solution, bad2 = field(puzzle, "solution", dict, "CLR-PUZZLE", place)
    out += bad + bad2
    if bad or bad2:
        return out
    word, bad = field(solution, "word", str, "CLR-PUZZLE", f"{place} solution")
    letters, bad2 = field(solution, "letters", str, "CLR-PUZZLE", f"{place} solution")
    out += bad + bad2
    if bad or bad2:
        return out
    if not (len(word) == WORD_LENGTH and word.isupper() and is_letters(word, lang)):
        return out + [Violation("CLR-PUZZLE-WORD", f"{place} word {word}", f"must be five capital letters {shown_letters(letters(lang))}")]
    out += expect(word.lower() in _puzzle_set(puzzle_words(lang)), "CLR-PUZZLE-WORD", f"{place} word {word}", "is not on the puzzle word list")
    found = anagrams(word, lang=lang)
    out += expect(found == [word.lower()], "CLR-PUZZLE-ANAGRAM", f"{place} word {word}", f"its letters make {len(found)} words ({', '.join(found) or 'none'}); a puzzle needs exactly one")
    scramble = scramble_violations(word, letters, f"{place} letters")
    out += scramble
    if scramble:
        return out
    grids, bad = field(puzzle, "grids", list, "CLR-PUZZLE", place)
    out += bad
    if grids is None:
        return out
    if len(grids) != WORD_LENGTH:
        return out + [Violation("CLR-PUZZLE-GRIDS", place, f"has {len(grids)} grids; a puzzle has {WORD_LENGTH}")]
    for k, (grid, letter) in enumerate(zip(grids, letters), 1):
        hits, bad = field(grid, "hits", list, "CLR-PUZZLE", f"{place} grid {k}")
        misses, bad2 = field(grid, "misses", list, "CLR-PUZZLE", f"{place} grid {k}")
        out += bad + bad2
        if hits is None or misses is None:
            continue
        if not (_cells_ok(hits) and _cells_ok(misses)) or set(hits) & set(misses):
            out.append(Violation("CLR-PUZZLE-GRIDS", f"{place} grid {k}", "hits and misses must be different whole numbers 1-25"))
            continue
        found = readings(hits, misses, bool(rotations), lang)
        if letter not in found:
            what = "no letter" if not found else ", ".join(found)
            out.append(Violation("CLR-PUZZLE-DECODE", f"{place} grid {k}", f"its shown cells fit {what}; they must fit {letter}"))
    if out:
        return out
    r = reasoning(grids, bool(rotations), lang=lang)
    if r["combinations"] > MAX_COMBINATIONS:
        return out + [Violation("CLR-PUZZLE-DECODE", place, f"its pictures leave {r['combinations']} letter choices; show more cells")]
    if r["words"] != [word.lower()]:
        out.append(Violation("CLR-PUZZLE-DECODE", place, f"the letters its pictures fit make {', '.join(r['words']) or 'no word'}; they must make {word} alone"))
    grade = puzzle.get("difficulty")
    if grade in GRADE_AMBIGUOUS:
        lo, hi = GRADE_AMBIGUOUS[grade]
        out += expect(lo <= r["ambiguous"] <= hi, "CLR-PUZZLE-GRADE", place,
                      f"{r['ambiguous']} pictures fit more than one letter; a {grade} puzzle has {lo}-{hi}" if lo != hi else f"{r['ambiguous']} pictures fit more than one letter; a {grade} puzzle has {lo}")
    return out


_puzzle_cache: dict[int, tuple[tuple[str, ...], frozenset[str]]] = {}  # id(list) -> (list, set), a language each


def _puzzle_set(words: tuple[str, ...]) -> frozenset[str]:
    hit = _puzzle_cache.get(id(words))
    if hit is None or hit[0] is not words:
        if len(_puzzle_cache) >= 6:
            _puzzle_cache.clear()
        hit = _puzzle_cache[id(words)] = (words, frozenset(words))
    return hit[1]


def check_puzzles(model: dict) -> list[Violation]:
    puzzles, bad = field(model, "puzzles", list, "CLR-PUZZLE", "puzzles")
    if bad:
        return bad
    out = expect(len(puzzles) > 0, "CLR-PUZZLE", "puzzles", "holds no puzzle")
    for k, puzzle in enumerate(puzzles, 1):
        ident = puzzle.get("id") if isinstance(puzzle, dict) else None
        place = f"puzzle {ident}" if isinstance(ident, str) else f"puzzle {k}"
        out += puzzle_violations(puzzle, place)
    return out

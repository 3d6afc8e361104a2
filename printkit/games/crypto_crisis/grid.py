"""The Crypto Crisis grid and its arithmetic (GAMES.md section 4), pure and fast.

The grid holds A-Y row by row, so a cell's index 0-24 is also its letter's
index: cell 0 is A, cell 24 is Y. A set of cells (or letters) is a 25-bit mask,
bit i for cell i. A shift moves a word's coloured tiles (and their marks) one
step up, down, left or right, wrapping around; the letters stay where they are.
Any run of shifts adds up to a net shift (down, right), each 0-4.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

SIDE = 5
CELLS = SIDE * SIDE
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"  # no Z
FULL = (1 << CELLS) - 1

COLOURS = ("blue", "yellow", "red")  # the order words are given in
MARKS = {"blue": "underline", "yellow": "italic", "red": "strike"}
CODES = {"blue": "B", "yellow": "Y", "red": "R"}  # printed on tiles beside the colour

# The colour wheel: which colours are on a tile -> the tile's colour.
MIXES = {
    (): "none",
    ("blue",): "blue",
    ("yellow",): "yellow",
    ("red",): "red",
    ("blue", "yellow"): "green",
    ("blue", "red"): "purple",
    ("yellow", "red"): "orange",
    ("blue", "yellow", "red"): "black",
}
UNMIX = {v: k for k, v in MIXES.items()}

MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
SHIFT_NAMES = {"U": "up", "D": "down", "L": "left", "R": "right"}
MAX_SHIFTS = 3
HINT_STAGES = ("none", "first", "second", "all")  # shifts revealed so far


def cell_name(i: int) -> str:
    return LETTERS[i]


def row_col(i: int) -> tuple[int, int]:
    return divmod(i, SIDE)


# -- masks --------------------------------------------------------------------------

def mask_of(cells: Iterable[int]) -> int:
    m = 0
    for i in cells:
        m |= 1 << i
    return m


def cells_of(mask: int) -> list[int]:
    return [i for i in range(CELLS) if mask >> i & 1]


def letters_mask(word: str) -> int:
    return mask_of(LETTERS.index(ch) for ch in word)


_COL_HI = [mask_of(i for i in range(CELLS) if i % SIDE >= dc) for dc in range(SIDE)]
_COL_LO = [mask_of(i for i in range(CELLS) if i % SIDE < dc) for dc in range(SIDE)]


def shift_mask(m: int, dr: int, dc: int) -> int:
    """Move every cell of mask m down dr rows and right dc columns, wrapping."""
    dr %= SIDE
    dc %= SIDE
    if dr:
        m = ((m << (SIDE * dr)) | (m >> (CELLS - SIDE * dr))) & FULL
    if dc:
        m = ((m << dc) & _COL_HI[dc]) | ((m >> (SIDE - dc)) & _COL_LO[dc])
    return m


_ROW_HI = [mask_of(i for i in range(CELLS) if i // SIDE >= dr) for dr in range(SIDE)]
_ROW_LO = [mask_of(i for i in range(CELLS) if i // SIDE < dr) for dr in range(SIDE)]


def _pair(m: int) -> int:
    return m | m << CELLS


_P_ROW_HI = [_pair(m) for m in _ROW_HI]
_P_ROW_LO = [_pair(m) for m in _ROW_LO]
_P_COL_HI = [_pair(m) for m in _COL_HI]
_P_COL_LO = [_pair(m) for m in _COL_LO]


def shift_pair(m: int, dr: int, dc: int) -> int:
    """shift_mask on two masks at once, packed as low | high << 25."""
    dr %= SIDE
    dc %= SIDE
    if dr:
        m = ((m << (SIDE * dr)) & _P_ROW_HI[dr]) | ((m >> (CELLS - SIDE * dr)) & _P_ROW_LO[dr])
    if dc:
        m = ((m << dc) & _P_COL_HI[dc]) | ((m >> (SIDE - dc)) & _P_COL_LO[dc])
    return m


def shift_cell(i: int, dr: int, dc: int) -> int:
    r, c = divmod(i, SIDE)
    return ((r + dr) % SIDE) * SIDE + (c + dc) % SIDE


# -- shifts ---------------------------------------------------------------------------

def net_shift(shifts: Iterable[str]) -> tuple[int, int]:
    """The net (down, right), each 0-4, of a run of U/D/L/R shifts."""
    dr = dc = 0
    for s in shifts:
        mr, mc = MOVES[s]
        dr += mr
        dc += mc
    return dr % SIDE, dc % SIDE


def distance(net: tuple[int, int]) -> int:
    """The fewest shifts that make this net shift."""
    dr, dc = net
    return min(dr, SIDE - dr) + min(dc, SIDE - dc)


def net_text(net: tuple[int, int]) -> str:
    """The shortest run of shifts with this net, vertical first: (0, 3) -> 'LL'."""
    hit = _NET_TEXT.get(net)
    return hit if hit is not None else _net_text(net)


def _net_text(net: tuple[int, int]) -> str:
    dr, dc = net
    v = "D" * dr if dr <= SIDE // 2 else "U" * (SIDE - dr)
    h = "R" * dc if dc <= SIDE // 2 else "L" * (SIDE - dc)
    return v + h


ALL_NETS = tuple((dr, dc) for dr in range(SIDE) for dc in range(SIDE))
_NET_TEXT = {net: _net_text(net) for net in ALL_NETS}
NETS_WITHIN = tuple(tuple(n for n in ALL_NETS if distance(n) <= k) for k in range(MAX_SHIFTS + 1))


def possible_nets(known: Iterable[str], complete: bool) -> tuple[tuple[int, int], ...]:
    """Net shifts still possible when the shifts `known` have been revealed in
    order and, unless `complete`, up to MAX_SHIFTS - len(known) more may follow."""
    return _possible_nets(tuple(known), bool(complete))


@lru_cache(maxsize=4096)
def _possible_nets(known: tuple[str, ...], complete: bool) -> tuple[tuple[int, int], ...]:
    pr, pc = net_shift(known)
    left = 0 if complete else max(0, MAX_SHIFTS - len(known))
    return tuple(sorted(((pr + dr) % SIDE, (pc + dc) % SIDE) for dr, dc in NETS_WITHIN[left]))


def revealed(shifts: list[str], stage: int) -> tuple[list[str], bool]:
    """What the solver knows of a word's shifts after `stage` hint slips (0-3):
    the shifts shown so far, and whether the list is known to be complete (a slip
    said 'no shift', or all three slips are open)."""
    return list(shifts[:stage]), (len(shifts) < stage or stage >= MAX_SHIFTS)


# -- encrypting and merging -----------------------------------------------------------

_LETTER_SET = frozenset(LETTERS)
_MOVE_SET = frozenset(MOVES)


def placeable(word: str, shifts: list[str]) -> bool:
    """True when a word and its shifts can be put on the grid at all."""
    if not (isinstance(word, str) and len(word) >= 2 and isinstance(shifts, list)):
        return False
    if not _LETTER_SET.issuperset(word):
        return False
    try:
        return _MOVE_SET.issuperset(shifts)
    except TypeError:  # an unhashable entry (a hand-edited file): not a shift
        return False


_INDEX = {ch: i for i, ch in enumerate(LETTERS)}
_MOVED = [[shift_cell(i, dr, dc) for i in range(CELLS)] for dr in range(SIDE) for dc in range(SIDE)]  # by net, by cell


def tiles(word: str, shifts: list[str]) -> list[int]:
    """The cells a word's tiles sit on after its shifts, in the word's letter order."""
    dr, dc = net_shift(shifts)
    moved = _MOVED[dr * SIDE + dc]
    return [moved[_INDEX[ch]] for ch in word]


# A cell's colours as bit flags (blue 1, yellow 2, red 4) -> its colours and mix;
# the same for its marks.
_FLAG_COLOURS = [[c for k, c in enumerate(COLOURS) if f >> k & 1] for f in range(8)]
_FLAG_MIX = [MIXES[tuple(cs)] for cs in _FLAG_COLOURS]
_FLAG_MARKS = [[MARKS[c] for c in cs] for cs in _FLAG_COLOURS]


def merge(words: list[tuple[str, str, list[str]]]) -> list[dict]:
    """Lay the colour boards on one another: (colour, word, shifts) -> 25 cells,
    each {"letter", "colours", "mix", "marks"}. Words that cannot be placed add
    nothing (the rules report them)."""
    on = [0] * CELLS
    marked = [0] * CELLS
    for colour, word, shifts in words:
        if colour not in MARKS or not placeable(word, shifts):
            continue
        flag = 1 << COLOURS.index(colour)
        for k, cell in enumerate(tiles(word, shifts)):
            on[cell] |= flag
            if k < 2:
                marked[cell] |= flag
    return [
        {"letter": LETTERS[i], "colours": list(_FLAG_COLOURS[on[i]]), "mix": _FLAG_MIX[on[i]], "marks": list(_FLAG_MARKS[marked[i]])}
        for i in range(CELLS)
    ]

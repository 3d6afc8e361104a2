"""The Crypto Crisis solver: from a merged board alone, which words could each
colour hide?

What the merged board gives away: a tile's colour names the words on it (green
is blue + yellow, black is all three...), so each colour's five tiles are known;
and each colour's mark (blue underline, yellow italic, red strike) sits on the
two tiles of its word's first two letters. Under a candidate net shift the five
tiles go back to five letters of the grid: two of them, in some order, start the
word, the other three, in some order, end it. So a word fits a colour at a net
shift exactly when its first two letters and its last three letters are those
two sets.

Two indexes are built once from the acceptance list (5 letters, all different,
no Z). The exact index maps that pair of letter sets to the words that make it.
The anchored index makes the solver need one look-up per colour instead of one
per candidate shift: each word's pattern (its two sets of cells) is stored twice,
moved so that the cell of its first letter, then of its second, sits on cell A.
A colour's pattern on the board, moved so that its first marked cell sits on A,
then matches exactly the words that some shift turns into it, and the anchor
tells which shift.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from typing import Iterable

from printkit.games.crypto_crisis.grid import (
    CELLS,
    COLOURS,
    LETTERS,
    MARKS,
    SIDE,
    UNMIX,
    _P_COL_HI,
    _P_COL_LO,
    _P_ROW_HI,
    _P_ROW_LO,
    letters_mask,
    possible_nets,
    revealed,
    shift_pair,
)
from printkit.games.crypto_crisis.lists import current, lexicon, puzzle_list
from printkit.lang import language

_index_cache: dict[int, tuple[frozenset, "Index"]] = {}


def valid_shape(word: str) -> bool:
    """Five letters from A-Y, all different: the only words the grid can hold."""
    return len(word) == 5 and len(set(word)) == 5 and all(ch in LETTERS for ch in word)


def word_key(word: str) -> int:
    """(first-two letters, last-three letters) as one number: mask | mask << 25."""
    return letters_mask(word[:2]) | letters_mask(word[2:]) << CELLS


_BIT = {ch: 1 << i for i, ch in enumerate(LETTERS)}


def _anchor(i: int) -> tuple[int, ...]:
    """For the letter in cell i: its row and column, and what shift_pair(m, -row,
    -column) needs (the wrapped steps down and right and their masks)."""
    ar, ac = divmod(i, SIDE)
    dr, dc = -ar % SIDE, -ac % SIDE
    return (ar, ac, dr, _P_ROW_HI[dr], _P_ROW_LO[dr], dc, _P_COL_HI[dc], _P_COL_LO[dc])


_ANCHOR = {ch: _anchor(i) for i, ch in enumerate(LETTERS)}


def _kept(words: Iterable[str]) -> list[tuple[str, int]]:
    """(word, word_key) of each distinct word of the list, upper case, sorted,
    that the grid can hold (five different letters, no Z)."""
    kept: list[tuple[str, int]] = []
    bit = _BIT
    # only five-letter words can fit: 1 in 8 of the acceptance list, so the
    # length test comes before any other work on a word
    of_length = getattr(words, "of_length", None)  # a compact Lexicon hands over its five-letter words
    fives = of_length(5) if of_length is not None else (w for w in words if len(w) == 5)
    for w in sorted({w.upper() for w in fives}):
        try:
            b0, b1, b2, b3, b4 = bit[w[0]], bit[w[1]], bit[w[2]], bit[w[3]], bit[w[4]]
        except KeyError:  # a letter the grid does not hold (Z, or not A-Z)
            continue
        first = b0 | b1
        if (first | b2 | b3 | b4).bit_count() != 5:  # a letter twice
            continue
        kept.append((w, first | (b2 | b3 | b4) << CELLS))  # word_key(w)
    return kept


class Index:
    """A word list, indexed for the solver (see the module's docstring).

    The exact index is built at once. The anchored one is built on first use
    of `anchored`; until then (a run that solves only a few boards, like a kit)
    fits_by_net reads the 25 shifts off the exact index instead, which gives
    the same answer (SCANS_BEFORE_ANCHORING boards, then it pays to build it)."""

    def __init__(self, words: Iterable[str], *, kept: list[tuple[str, int]] | None = None) -> None:
        """`kept`: the (word, key) pairs the word list gives, if known already
        (from_sections); `words` is not read then."""
        if kept is None:
            kept = _kept(words)
        groups: dict[int, list[str]] = {}
        for w, key in kept:
            got = groups.get(key)
            if got is None:
                groups[key] = [w]
            else:
                got.append(w)
        self.exact: dict[int, tuple[str, ...]] = {k: tuple(v) for k, v in groups.items()}
        self._kept = kept  # (word, key) in word order, for the anchored index
        self._anchored: dict[int, tuple[tuple[str, int, int], ...]] | None = None
        self.scans = 0  # boards read by scanning the exact index

    def sections(self, name: str) -> dict[str, bytes]:
        """This index as sections of an index file (printkit.words.pack_index):
        the kept words in order, five letters each, and their keys, 8 bytes
        each, little-endian."""
        return {f"{name}.words": "".join(w for w, _ in self._kept).encode("ascii"),
                f"{name}.keys": struct.pack(f"<{len(self._kept)}Q", *(k for _, k in self._kept))}

    @classmethod
    def from_sections(cls, sections: dict, name: str) -> "Index":
        """The index `name` as `sections` wrote it: the same words, keys and groups."""
        text = str(sections[f"{name}.words"], "ascii")
        keys = struct.unpack(f"<{len(text) // 5}Q", sections[f"{name}.keys"])
        return cls((), kept=list(zip([text[i : i + 5] for i in range(0, len(text), 5)], keys)))

    @property
    def anchored(self) -> dict[int, tuple[tuple[str, int, int], ...]]:
        """Each word's pattern moved so that the cell of its first letter, then
        of its second, sits on cell A -> (word, anchor row, anchor column)."""
        if self._anchored is None:
            anchored: dict[int, list[tuple[str, int, int]]] = {}
            anchor = _ANCHOR
            for w, key in self._kept:
                for ch in w[:2]:
                    ar, ac, dr, row_hi, row_lo, dc, col_hi, col_lo = anchor[ch]  # shift_pair(key, -ar, -ac), inlined
                    m = key
                    if dr:
                        m = ((m << (SIDE * dr)) & row_hi) | ((m >> (CELLS - SIDE * dr)) & row_lo)
                    if dc:
                        m = ((m << dc) & col_hi) | ((m >> (SIDE - dc)) & col_lo)
                    got = anchored.get(m)
                    if got is None:
                        anchored[m] = [(w, ar, ac)]
                    else:
                        got.append((w, ar, ac))
            self._anchored = {k: tuple(v) for k, v in anchored.items()}
        return self._anchored


#: boards fits_by_net reads off an index's exact index (25 look-ups a colour)
#: before it builds the anchored one (one look-up a colour; costs ~800 scans)
SCANS_BEFORE_ANCHORING = 200


def build_index(words: Iterable[str]) -> Index:
    return Index(words)


#: The indexes of the two shipped lists (lists.lexicon(), lists.puzzle_list())
#: and the generator's pool, built by scripts/build_word_indexes.py from the
#: word lists (tests/test_speed.py checks they equal what the lists give).
INDEX_FILE = "crypto-crisis-index.idx"


def index_file(lang: str = "en") -> str:
    """The shipped index file of a language's lists (another language's words in
    the engine's cell letters, alphabet.to_cells: ASCII like English's)."""
    return INDEX_FILE.replace(".idx", f"{language(lang).suffix}.idx")


@lru_cache(maxsize=5)
def shipped_sections(lang: str = "en") -> dict:
    from printkit.words import read_index

    return read_index(index_file(lang))[1]


def _shipped_index(words: frozenset) -> Index | None:
    """The shipped index of `words` if it is one of the two lists it was built from."""
    name = "accept" if words is lexicon() else "puzzle" if words is puzzle_list() else None
    return None if name is None else Index.from_sections(shipped_sections(current()), name)


def index_for(words: frozenset) -> Index:
    """The index of a word list, cached per list object (the lists are frozen);
    read from INDEX_FILE for the two shipped lists."""
    hit = _index_cache.get(id(words))
    if hit is not None and hit[0] is words:
        return hit[1]
    index = _shipped_index(words) or Index(words)
    _index_cache[id(words)] = (words, index)
    return index


# -- reading the board ------------------------------------------------------------------

_MIX_BITS = {mix: tuple(1 << COLOURS.index(c) for c in cols) for mix, cols in UNMIX.items()}
_MARK_BIT = {MARKS[c]: 1 << k for k, c in enumerate(COLOURS)}


def board_masks(cells: list[dict]) -> dict[str, tuple[int, int]]:
    """Each colour's tiles and marked tiles as masks, read from the merged cells
    (a cell's mix names its colours; its marks name the words whose first two
    letters lie there)."""
    tiles = [0, 0, 0, 0, 0]  # by colour bit (1, 2, 4)
    marked = [0, 0, 0, 0, 0]
    for i, cell in enumerate(cells):
        bit = 1 << i
        for f in _MIX_BITS[cell["mix"]]:
            tiles[f] |= bit
        for mark in cell["marks"]:
            f = _MARK_BIT.get(mark)
            if f:
                marked[f] |= bit
    return {c: (tiles[1 << k], marked[1 << k]) for k, c in enumerate(COLOURS)}


def fits_by_net(tile_mask: int, mark_mask: int, index: Index) -> dict[tuple[int, int], tuple[str, ...]]:
    """Every net shift under which some word fits these tiles and marks -> those
    words (one look-up in the anchored index)."""
    if mark_mask & ~tile_mask or bin(mark_mask).count("1") != 2 or bin(tile_mask).count("1") != 5:
        return {}  # no word leaves such a pattern
    pattern = mark_mask | (tile_mask & ~mark_mask) << CELLS
    if index._anchored is None and index.scans < SCANS_BEFORE_ANCHORING:
        index.scans += 1
        return _fits_by_scan(pattern, index.exact)
    pr, pc = divmod((mark_mask & -mark_mask).bit_length() - 1, SIDE)
    key = shift_pair(pattern, -pr, -pc)
    out: dict[tuple[int, int], list[str]] = {}
    for word, ar, ac in index.anchored.get(key, ()):
        out.setdefault(((pr - ar) % SIDE, (pc - ac) % SIDE), []).append(word)
    return {net: tuple(ws) for net, ws in out.items()}


def _fits_by_scan(pattern: int, exact: dict) -> dict[tuple[int, int], tuple[str, ...]]:
    """fits_by_net from the exact index: under net shift (dr, dc) the words that
    fit are those whose (first two, last three) cells, so shifted, are the
    pattern. Nets come in the anchored index's order, by their first word (a
    word fits at one net at most: no 2-cell set maps onto itself under a shift
    of the 5 x 5 grid)."""
    found = []
    for dr in range(SIDE):
        for dc in range(SIDE):
            words = exact.get(shift_pair(pattern, -dr, -dc))
            if words:
                found.append((words[0], (dr, dc), words))
    found.sort()
    return {net: words for _, net, words in found}


def candidates(fits: dict, nets: Iterable[tuple[int, int]]) -> list[tuple[str, tuple[int, int]]]:
    """(word, net) pairs among `fits` whose net is one of `nets`, sorted."""
    nets = nets if isinstance(nets, frozenset) else frozenset(nets)
    return sorted((w, net) for net, words in fits.items() if net in nets for w in words)


def solve(cells: list[dict], known: dict[str, tuple[list[str], bool]], words: frozenset) -> dict[str, list[tuple[str, tuple[int, int]]]]:
    """Every (word, net shift) that fits each colour, given the merged board and,
    per colour, the shifts revealed so far and whether that list is complete."""
    index = index_for(words)
    masks = board_masks(cells)
    out = {}
    for colour in COLOURS:
        tile_mask, mark_mask = masks[colour]
        shown, complete = known.get(colour, ([], False))
        out[colour] = candidates(fits_by_net(tile_mask, mark_mask, index), possible_nets(shown, complete))
    return out


@lru_cache(maxsize=4096)
def _net_set_cached(known: tuple[str, ...], complete: bool) -> frozenset:
    return frozenset(possible_nets(known, complete))


def _net_set(known: list[str], complete: bool) -> frozenset:
    return _net_set_cached(tuple(known), complete)


def solve_stages(cells: list[dict], shifts: dict[str, list[str]], words: frozenset) -> dict[str, dict[str, list[tuple[str, tuple[int, int]]]]]:
    """The solver's answer at each hint stage ("none", "first", "second", "all")
    for a board whose true shifts are `shifts` (what the slips would reveal)."""
    return stages_from_fits(fits_for(board_masks(cells), index_for(words)), shifts)


def fits_for(masks: dict[str, tuple[int, int]], index: Index) -> dict[str, dict]:
    """fits_by_net for each colour of a board's masks."""
    return {c: fits_by_net(*masks[c], index) for c in COLOURS}


STAGE_NAMES = ("none", "first", "second", "all")


def stage_nets(shifts: dict[str, list[str]]) -> list[dict[str, frozenset]]:
    """For each hint stage, each colour's possible net shifts (what the slips
    opened so far allow)."""
    return [{c: _net_set(*revealed(shifts.get(c, []), stage)) for c in COLOURS} for stage in range(len(STAGE_NAMES))]


def stages_from_fits(fits: dict[str, dict], shifts: dict[str, list[str]], nets_by_stage=None) -> dict[str, dict[str, list[tuple[str, tuple[int, int]]]]]:
    out = {}
    for stage, name in enumerate(STAGE_NAMES):
        per = {}
        for c in COLOURS:
            nets = nets_by_stage[stage][c] if nets_by_stage else _net_set(*revealed(shifts.get(c, []), stage))
            f = fits[c]
            if len(f) == 1:  # the common case: one shift fits at all
                (net, ws), = f.items()
                per[c] = [(w, net) for w in ws] if net in nets else []
            else:
                per[c] = candidates(f, nets)
        out[name] = per
    return out


__all__ = [
    "Index", "build_index", "index_for", "board_masks", "fits_by_net", "candidates", "solve",
    "solve_stages", "fits_for", "stages_from_fits", "valid_shape", "word_key",
]

"""The Crypto Crisis solver: from a merged board alone, which words could each
colour hide?

What the merged board gives away: a tile's colour names the words on it (green
is blue + yellow, black is all three...), so each colour's five tiles are known;
and each colour's mark (blue underline, yellow italic, red strike) sits on the
two tiles of its word's first two letters. Under a candidate net shift the five
tiles go back to five letters of the grid: two of them, in some order, start the
word, the other three, in some order, end it. So a word fits a colour at a net
shift exactly when its first two letters and its last three letters are those
two sets. The index maps that pair of sets to the words that make it, built
once from the acceptance list (5 letters, all different, no Z).
"""

from __future__ import annotations

from typing import Iterable

from printkit.games.crypto_crisis.grid import (
    ALL_NETS,
    CELLS,
    COLOURS,
    LETTERS,
    MARKS,
    MAX_SHIFTS,
    NETS_WITHIN,
    UNMIX,
    letters_mask,
    possible_nets,
    revealed,
    shift_pair,
)

_SHIFT = 2 * CELLS  # key = first-two mask | last-three mask << 25 (fits in 50 bits)
_index_cache: dict[int, tuple[frozenset, dict[int, tuple[str, ...]]]] = {}


def valid_shape(word: str) -> bool:
    """Five letters from A-Y, all different: the only words the grid can hold."""
    return len(word) == 5 and len(set(word)) == 5 and all(ch in LETTERS for ch in word)


def word_key(word: str) -> int:
    return letters_mask(word[:2]) | letters_mask(word[2:]) << CELLS


def build_index(words: Iterable[str]) -> dict[int, tuple[str, ...]]:
    """(first-two letters, last-three letters) as masks -> the words, sorted."""
    groups: dict[int, list[str]] = {}
    for w in words:
        w = w.upper()
        if valid_shape(w):
            groups.setdefault(word_key(w), []).append(w)
    return {k: tuple(sorted(set(v))) for k, v in groups.items()}


def index_for(words: frozenset) -> dict[int, tuple[str, ...]]:
    """The index of a word list, cached per list object (the lists are frozen)."""
    hit = _index_cache.get(id(words))
    if hit is not None and hit[0] is words:
        return hit[1]
    index = build_index(sorted(words))
    _index_cache[id(words)] = (words, index)
    return index


# -- reading the board ------------------------------------------------------------------

def board_masks(cells: list[dict]) -> dict[str, tuple[int, int]]:
    """Each colour's tiles and marked tiles as masks, read from the merged cells
    (a cell's mix names its colours; its marks name the words whose first two
    letters lie there)."""
    out = {c: [0, 0] for c in COLOURS}
    for i, cell in enumerate(cells):
        for colour in UNMIX[cell["mix"]]:
            out[colour][0] |= 1 << i
        for colour in COLOURS:
            if MARKS[colour] in cell["marks"]:
                out[colour][1] |= 1 << i
    return {c: (t, m) for c, (t, m) in out.items()}


def fits_by_net(tile_mask: int, mark_mask: int, index: dict, nets: Iterable[tuple[int, int]] = ALL_NETS) -> dict[tuple[int, int], tuple[str, ...]]:
    """Each of `nets` under which some word fits these tiles -> those words."""
    pair = mark_mask | (tile_mask & ~mark_mask) << CELLS
    out = {}
    for dr, dc in nets:
        hit = index.get(shift_pair(pair, -dr, -dc))
        if hit:
            out[(dr, dc)] = hit
    return out


def candidates(fits: dict, nets: Iterable[tuple[int, int]]) -> list[tuple[str, tuple[int, int]]]:
    """(word, net) pairs among `fits` whose net is one of `nets`, sorted."""
    out = []
    for net in nets:
        for w in fits.get(net, ()):
            out.append((w, net))
    return sorted(out)


def solve(cells: list[dict], known: dict[str, tuple[list[str], bool]], words: frozenset) -> dict[str, list[tuple[str, tuple[int, int]]]]:
    """Every (word, net shift) that fits each colour, given the merged board and,
    per colour, the shifts revealed so far and whether that list is complete."""
    index = index_for(words)
    masks = board_masks(cells)
    out = {}
    for colour in COLOURS:
        tile_mask, mark_mask = masks[colour]
        shown, complete = known.get(colour, ([], False))
        nets = possible_nets(shown, complete)
        out[colour] = candidates(fits_by_net(tile_mask, mark_mask, index, nets), nets)
    return out


def solve_stages(cells: list[dict], shifts: dict[str, list[str]], words: frozenset) -> dict[str, dict[str, list[tuple[str, tuple[int, int]]]]]:
    """The solver's answer at each hint stage ("none", "first", "second", "all")
    for a board whose true shifts are `shifts` (what the slips would reveal)."""
    index = index_for(words)
    masks = board_masks(cells)
    # every stage's nets lie within MAX_SHIFTS of no shift at all: solve those once
    fits = {c: fits_by_net(*masks[c], index, NETS_WITHIN[MAX_SHIFTS]) for c in COLOURS}
    out = {}
    for stage, name in enumerate(("none", "first", "second", "all")):
        out[name] = {c: candidates(fits[c], possible_nets(*revealed(shifts.get(c, []), stage))) for c in COLOURS}
    return out


__all__ = [
    "build_index", "index_for", "board_masks", "fits_by_net", "candidates", "solve",
    "solve_stages", "valid_shape", "word_key",
]

"""Which words a hand of letter cards can spell: one entry per card, any order.

Words are indexed as bitsets (Python ints, one bit per word): for every letter
position and every card entry, the set of words showing that entry there. A hand
is then evaluated for the whole word list at once by a small dynamic program
over (letters spelled so far, cards used so far): each step ANDs the surviving
word set with "what this card can put at this position". A 6-card hand takes a
few thousand big-integer ANDs instead of a search per word.

The same program answers puzzle questions: some entries crossed out, some
cards that must be used, a known first or last card, a known length, a known
card order. `spellings` lists the explicit codes of one word, for answer keys
and to cross-check the bitset program.

Pure: no drawing, no I/O beyond the frozen word lists.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import repeat
from typing import Iterable, NamedTuple, Sequence
from printkit.lang import language

MIN_LETTERS = 3
MAX_LETTERS = 8


def _bitset(indices: Iterable[int], size: int) -> int:
    buf = bytearray((size + 7) // 8)
    for i in indices:
        buf[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(bytes(buf), "little")


def _column_bits(column: bytes, values) -> dict[int, int]:
    """For a column of one byte a word (word 0 first), the bitset of the words
    holding each value: the column is translated to ASCII '0'/'1' digits, last
    word first, and read as a base-2 number (linear time in C), instead of
    setting 60,000 bits one at a time in Python."""
    backwards = column[::-1]
    out = {}
    for v in values:
        table = bytearray(b"0" * 256)
        table[v] = 0x31  # "1"
        out[v] = int(backwards.translate(table), 2)
    return out


class WordIndex:
    """Words of 3-8 letters as bitsets by (position, letter) and by length: letters
    a-z, or a language's game letters (printkit.lang: ä ö ü in German, ñ in
    Spanish), all of which are one byte in Latin-1."""

    def __init__(self, words: Iterable[str], is_sorted: bool = False, lang: str = "en") -> None:
        """is_sorted: the words come in sorted order, so a word's place is found by
        binary search (no 55,000-entry dict for the acceptance list)."""
        kept = [w for w in words if MIN_LETTERS <= len(w) <= MAX_LETTERS]
        self._is_sorted = is_sorted

        letters = frozenset(language(lang).letters)
        if not set("".join(kept)) <= letters:  # a shipped or checked list never has another character
            kept = [w for w in kept if set(w) <= letters]
        self.words: tuple[str, ...] = tuple(kept)
        n = len(self.words)
        self.size = n
        self.all = (1 << n) - 1
        # every word padded to 8 letters, one after the other: column p is grid[p::8]
        grid = "".join(map(str.ljust, self.words, repeat(MAX_LETTERS))).encode("latin-1")
        self._at: dict[tuple[int, str], int] = {}
        for p in range(MAX_LETTERS):
            column = grid[p::MAX_LETTERS]
            for v, bits in _column_bits(column, set(column) - {0x20}).items():
                self._at[(p, chr(v))] = bits
        lengths = _column_bits(bytes(map(len, self.words)), range(MIN_LETTERS, MAX_LETTERS + 1))
        self.ends = tuple(lengths.get(k, 0) for k in range(MAX_LETTERS + 1))
        self._entry: dict[tuple[int, str], int] = {}
        self._where: dict[str, int] | None = None
        # named bitsets a game keeps with the index (shipped as "NAME.bits.KEY")
        self.bits: dict[str, int] = {}

    @classmethod
    def from_sections(cls, sections: dict, name: str, is_sorted: bool) -> "WordIndex":
        """The index `name` ("accept" or "puzzle") as shipped in its index file
        (see sections(): the same words, bitsets and lengths)."""
        self = cls.__new__(cls)
        self._is_sorted = is_sorted
        self.words = tuple(str(sections[f"{name}.words"], "utf-8").split("\n"))
        n = self.size = len(self.words)
        self.all = (1 << n) - 1
        at = self._at = {}
        bits = self.bits = {}
        ends = [0] * (MAX_LETTERS + 1)
        head = f"{name}."
        for key, data in sections.items():
            if not key.startswith(head):
                continue
            kind, _, what = key[len(head):].partition(".")
            if kind == "at":  # at.P.L: position P, letter L
                p, ch = what.split(".")
                at[(int(p), ch)] = int.from_bytes(data, "little")
            elif kind == "ends":
                ends[int(what)] = int.from_bytes(data, "little")
            elif kind == "bits":
                bits[what] = int.from_bytes(data, "little")
        self.ends = tuple(ends)
        self._entry = {}
        self._where = None
        return self

    def sections(self, name: str) -> dict[str, bytes]:
        """This index as the sections of an index file (printkit.words.pack_index),
        in a fixed order: the words, then each (position, letter) bitset, then each
        length's. Bitsets are little-endian bytes, one bit a word."""
        size = (self.size + 7) // 8
        out = {f"{name}.words": "\n".join(self.words).encode("utf-8")}  # plain ASCII for English
        for (p, ch), bits in sorted(self._at.items()):
            out[f"{name}.at.{p}.{ch}"] = bits.to_bytes(size, "little")
        for k, bits in enumerate(self.ends):
            if bits:
                out[f"{name}.ends.{k}"] = bits.to_bytes(size, "little")
        for key, bits in sorted(self.bits.items()):
            out[f"{name}.bits.{key}"] = bits.to_bytes(size, "little")
        return out

    @property
    def _position(self) -> dict[str, int]:
        """Word -> its place in the list (built on first use: most runs never ask)."""
        if self._where is None:
            self._where = {w: i for i, w in enumerate(self.words)}
        return self._where

    def entry_bits(self, pos: int, entry: str) -> int:
        """Words that show `entry` (lowercase, 1-2 letters) starting at `pos`."""
        key = (pos, entry)
        got = self._entry.get(key)
        if got is None:
            got = self.all
            for k, ch in enumerate(entry):
                if pos + k >= MAX_LETTERS:
                    got = 0
                    break
                got &= self._at.get((pos + k, ch), 0)
            self._entry[key] = got
        return got

    def tables(self, entries: Sequence[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For one card: by position, the words one of its single letters (first
        table) or one of its bigrams (second table) can continue."""
        one = [0] * (MAX_LETTERS + 1)
        two = [0] * (MAX_LETTERS + 1)
        for e in entries:
            e = e.lower()
            table = one if len(e) == 1 else two
            for p in range(MAX_LETTERS):
                table[p] |= self.entry_bits(p, e)
        return tuple(one), tuple(two)

    def decode(self, bits: int) -> list[str]:
        """The words in a bitset, in list order."""
        out = []
        text = bin(bits)[:1:-1]  # bit 0 first
        i = text.find("1")
        while i >= 0:
            out.append(self.words[i])
            i = text.find("1", i + 1)
        return out

    def _place(self, word: str) -> int | None:
        if self._is_sorted:
            i = bisect_left(self.words, word)
            return i if i < self.size and self.words[i] == word else None
        return self._position.get(word)

    def bit(self, word: str) -> int:
        i = self._place(word.lower())
        return 0 if i is None else 1 << i

    def __contains__(self, word: str) -> bool:
        return self._place(word.lower()) is not None


# -- shared indexes -------------------------------------------------------------

# the shipped indexes of the two lists, built by scripts/build_word_indexes.py;
# another language's carry its code: cryptic-words-accept-de.idx
INDEX_FILES = {"accept": "cryptic-words-accept.idx", "puzzle": "cryptic-words-puzzle.idx"}


def index_file(name: str, lang: str = "en") -> str:
    """The shipped index file of list `name` ("accept" or "puzzle") in `lang`."""
    base = INDEX_FILES[name]

    return base.replace(".idx", f"{language(lang).suffix}.idx")


def _shipped(name: str, is_sorted: bool, lang: str = "en") -> WordIndex:
    from printkit.words import read_index

    return WordIndex.from_sections(read_index(index_file(name, lang))[1], name, is_sorted)


def build_puzzle_index(lang: str = "en") -> WordIndex:
    """The puzzle list's index built from the list itself (what is shipped)."""
    from printkit.words import puzzle_words

    return WordIndex(puzzle_words(lang), lang=lang)


def build_accept_index(lang: str = "en") -> WordIndex:
    """The acceptance list's index (user words included) built from the list."""
    from printkit import words

    return WordIndex(words.sorted_accept_words(lang), is_sorted=True, lang=lang)


@lru_cache(maxsize=8)
def puzzle_index(lang: str = "en") -> WordIndex:
    """The puzzle list (what a generator may hide, what the deck is scored on),
    as shipped in cryptic-words-puzzle.idx (-LANG.idx)."""
    return _shipped("puzzle", is_sorted=False, lang=lang)


_accept_cache: dict[tuple[int, str], tuple[frozenset, WordIndex]] = {}


@lru_cache(maxsize=8)
def _shipped_accept_index(lang: str = "en") -> WordIndex:
    return _shipped("accept", is_sorted=True, lang=lang)


def accept_index(lang: str = "en") -> WordIndex:
    """The acceptance list (user words included): "does another word fit?".
    The shipped list alone comes from cryptic-words-accept.idx (-LANG.idx); with
    user words the index is built."""
    from printkit import words as wordlists

    if not wordlists.user_words(lang):
        return _shipped_accept_index(lang)
    words = wordlists.accept_words(lang)
    hit = _accept_cache.get((id(words), lang))
    if hit is not None and hit[0] is words:
        return hit[1]
    index = build_accept_index(lang)
    _accept_cache.clear()
    _accept_cache[(id(words), lang)] = (words, index)
    return index


# -- the hand program ----------------------------------------------------------------

def spellable(index: WordIndex, hand_tables: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> int:
    """Bitset of the words the hand can spell (no constraints): the fast path
    used for deck statistics."""
    n = len(hand_tables)
    ends = index.ends
    layer = {(0, 0): index.all}
    found = 0
    for _ in range(n):
        nxt: dict[tuple[int, int], int] = {}
        get = nxt.get
        for (pos, used), words in layer.items():
            for i in range(n):
                b = 1 << i
                if used & b:
                    continue
                one, two = hand_tables[i]
                w = words & one[pos]
                if w:
                    key = (pos + 1, used | b)
                    nxt[key] = get(key, 0) | w
                if pos + 2 <= MAX_LETTERS:
                    w = words & two[pos]
                    if w:
                        key = (pos + 2, used | b)
                        nxt[key] = get(key, 0) | w
        for (pos, _used), words in nxt.items():
            found |= words & ends[pos]
        layer = nxt
    return found


class Constraints(NamedTuple):
    """What a decoder knows about a hidden word, in hand positions (0-based)."""

    allowed: tuple[tuple[str, ...], ...]  # per card: entries still possible
    must: int = 0  # bitmask of cards the word uses
    first: int | None = None  # card that spells the first letter(s)
    last: int | None = None  # card that spells the last letter(s)
    length: int | None = None  # letters
    rank: tuple[int, ...] | None = None  # revealed order: used cards appear in rising rank


def solve(index: WordIndex, cons: Constraints, only: int | None = None, memo: dict | None = None) -> int:
    """Bitset of the words that fit everything known.

    only: when given (a bitset), the caller asks only "is the answer exactly
    `only`?": the search stops at the first word outside it and returns what it
    has found so far, which then differs from `only` as the full answer would.
    memo: a dict the caller keeps over searches of one hand (of this index),
    where each card's tables are kept by its allowed entries."""
    n = len(cons.allowed)
    outside = None if only is None else index.all & ~only
    if memo is None:
        tables = [index.tables(entries) for entries in cons.allowed]
    else:
        tables = []
        for entries in cons.allowed:
            got = memo.get(entries)
            if got is None:
                got = memo[entries] = index.tables(entries)
            tables.append(got)
    ends = index.ends
    top = cons.length if cons.length is not None else MAX_LETTERS
    if cons.length is not None:
        end_at = [ends[q] if q == cons.length else 0 for q in range(MAX_LETTERS + 1)]
    else:
        end_at = list(ends)
    rank = cons.rank
    max_rank = None
    if rank is not None:
        max_rank = [-1] * (1 << n)
        for mask in range(1, 1 << n):
            max_rank[mask] = max(rank[i] for i in range(n) if mask >> i & 1)
    must, first, last = cons.must, cons.first, cons.last
    layer = {(0, 0): index.all}
    found = 0
    while layer:
        nxt: dict[tuple[int, int], int] = {}
        get = nxt.get
        for (pos, used), words in layer.items():
            for i in range(n):
                b = 1 << i
                if used & b:
                    continue
                if first is not None and used == 0 and i != first:
                    continue
                if max_rank is not None and rank[i] < max_rank[used]:
                    continue
                nu = used | b
                one, two = tables[i]
                for q, w in ((pos + 1, words & one[pos]), (pos + 2, words & two[pos] if pos + 2 <= MAX_LETTERS else 0)):
                    if not w or q > top:
                        continue
                    if (last is None or i == last) and nu & must == must:
                        hit = w & end_at[q]
                        if hit:
                            found |= hit
                            if outside is not None and hit & outside:
                                return found  # not `only`: no need to know the rest
                    if i == last or q >= top:
                        continue
                    key = (q, nu)
                    nxt[key] = get(key, 0) | w
        layer = nxt
    return found


def spellings(word: str, hand: Sequence[Sequence[str]]) -> list[tuple[tuple[int, str], ...]]:
    """Every way to spell `word` with the hand: tuples of (card position, entry),
    one entry per card, in word order. Entries compare case-insensitively and
    come back as written on the card."""
    w = word.lower()
    out: list[tuple[tuple[int, str], ...]] = []
    lowered = [[(e.lower(), e) for e in entries] for entries in hand]

    def walk(pos: int, used: int, path: list) -> None:
        if pos == len(w):
            out.append(tuple(path))
            return
        for i, entries in enumerate(lowered):
            if used >> i & 1:
                continue
            for low, shown in entries:
                if w.startswith(low, pos):
                    path.append((i, shown))
                    walk(pos + len(low), used | 1 << i, path)
                    path.pop()

    if MIN_LETTERS <= len(w) <= MAX_LETTERS:
        walk(0, 0, [])
    return out


def fits(spelling: Sequence[tuple[int, str]], word: str, cons: Constraints) -> bool:
    """Does one explicit spelling agree with everything known? (The slow,
    obvious twin of `solve`, used to cross-check it.)"""
    cards = [i for i, _ in spelling]
    if len(set(cards)) != len(cards) or not cards:
        return False
    for i, e in spelling:
        if e.upper() not in {a.upper() for a in cons.allowed[i]}:
            return False
    used = 0
    for i in cards:
        used |= 1 << i
    if used & cons.must != cons.must:
        return False
    if cons.first is not None and cards[0] != cons.first:
        return False
    if cons.last is not None and cards[-1] != cons.last:
        return False
    if cons.length is not None and len(word) != cons.length:
        return False
    if cons.rank is not None and any(cons.rank[a] > cons.rank[b] for a, b in zip(cards, cards[1:])):
        return False
    return True

"""The word lists: "is this a word?" and "what may a generator hide?", per language.

Every function takes the language code (printkit.lang: en, de, fr, es, nl;
English by default): accept_words(lang), puzzle_words(lang), is_word(word, lang),
sorted_accept_words(lang), puzzle_words_sorted(lang), add_user_words(path, lang).
Each language loads lazily, once, from its own files; English's code path and
files are the ones it always had. Another language's words are written as
printkit.lang.fold writes them (German keeps ä ö ü and writes ß as ss, Spanish
keeps ñ, accents dropped otherwise), lowercase, UTF-8; its files carry the code:
words-accept-de.txt, words-puzzle-de.txt, words-accept-de.idx, words-puzzle-de.idx.

English: two frozen files in printkit/data, built by scripts/build_wordlists.py (see
printkit/data/WORDLISTS-LICENSE.txt for sources and licences):

- words-accept.txt: the acceptance list, broad (inflections included), lowercase a-z,
  sorted. A user's own list (``--words FILE``) is added to it for this run.
- words-puzzle.txt: the puzzle list, common words of 3..10 letters without offensive
  words, most frequent first: the line order is the rank. User words never enter it,
  so a seed gives the same puzzle whatever list the user adds.

Both load lazily on first use and are cached; no third-party imports.

Derived indexes, built from those two files by scripts/build_word_indexes.py
and checked against them by the tests (same words, same order), so a run
reads them instead of rebuilding them from 116,000 words:

- words-accept.idx: the acceptance list with each length's words packed in
  one string, as the Lexicon holds it (no split and regroup at load).
- words-puzzle.idx: the puzzle list the same way, each length's words sorted
  (the rank order stays in words-puzzle.txt).
- cryptic-words-accept.idx, cryptic-words-puzzle.idx: the Cryptic Words bitset
  indexes of the two lists (games/cryptic_words/spell.WordIndex).

An index file is one JSON header line (sections by name: [offset, size] in
the blob after it) and the blob; see pack_index / read_index.
"""

from __future__ import annotations

import json
import os
import unicodedata
from bisect import bisect_left
from collections.abc import Set
from functools import cache
from itertools import chain
from pathlib import Path

from printkit.base.resources import package_file
from printkit.errors import UsageError

__all__ = ["accept_words", "sorted_accept_words", "puzzle_words", "puzzle_words_sorted", "answer_words", "is_word", "add_user_words", "clear_user_words", "LANGS"]

INDEX_FORMAT = "printkit-index 1"

LANGS = ("en", "de", "fr", "es", "nl")  # the languages with shipped lists (printkit.lang.CODES)

_user: dict[str, frozenset[str]] = {}  # a user's words (--words FILE), by language code
_accept: dict[str, "Lexicon | frozenset[str]"] = {}  # the acceptance list with them, by code


def _code(lang) -> str:
    """The language code, checked: the default language's for None."""
    from printkit.lang import DEFAULT

    code = (lang or DEFAULT).strip().lower() if isinstance(lang, str) or lang is None else lang
    if code not in LANGS:
        raise UsageError(f"--lang must be one of {', '.join(LANGS)}, not '{str(lang)[:20]}'")
    return code


def _language(lang):
    from printkit.lang import language

    return language(_code(lang))


def list_file(kind: str, lang: str | None, suffix: str = "txt") -> str:
    """The name of a shipped list or index: kind 'accept' or 'puzzle', then the
    language's file suffix (lang.Language.suffix: words-accept-de.txt; the
    unmarked language's have none: words-accept.txt)."""
    return f"words-{kind}{_language(lang).suffix}.{suffix}"


def data_file(name: str) -> Path:
    """A file shipped in printkit/data, read as a plain file (printkit's fonts and
    templates are plain files too; importlib.resources would cost ~4 ms of
    imports at every start)."""
    return package_file("data", name)


def _read(name: str, encoding: str = "ascii") -> list[str]:
    return data_file(name).read_text(encoding=encoding).split()


def pack_index(sections: dict[str, bytes], **meta) -> bytes:
    """An index file: a JSON header line (format, meta, each section's offset and
    size in the blob) and the sections one after the other, in the given order."""
    where, offset = {}, 0
    for name, data in sections.items():
        where[name] = [offset, len(data)]
        offset += len(data)
    header = json.dumps({"format": INDEX_FORMAT, **meta, "sections": where}, sort_keys=True, separators=(",", ":"))
    return header.encode("ascii") + b"\n" + b"".join(sections.values())


def read_index(name: str) -> tuple[dict, dict[str, memoryview]]:
    """A shipped index file (printkit/data/NAME): its header and its sections by name."""
    data = data_file(name).read_bytes()
    end = data.index(b"\n")
    header = json.loads(data[:end])
    if header.get("format") != INDEX_FORMAT:  # pragma: no cover - a file from another version
        raise ValueError(f"printkit/data/{name}: not a {INDEX_FORMAT} file; run scripts/build_word_indexes.py")
    blob = memoryview(data)[end + 1 :]
    return header, {k: blob[a : a + n] for k, (a, n) in header["sections"].items()}


class _Packed:
    """Sorted words of one length packed into one string, seen as a sequence
    (for bisect): item i is text[i*n:(i+1)*n]."""

    __slots__ = ("text", "n", "size")

    def __init__(self, text: str, n: int) -> None:
        self.text, self.n, self.size = text, n, len(text) // n

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> str:
        n = self.n
        return self.text[i * n:i * n + n]


class Lexicon(Set):
    """A sorted word list held compactly: the words of each length packed into
    one string (about 1 MB for the 116,000-word acceptance list, against ~13 MB
    as a frozenset of str). Membership is a binary search (a few microseconds),
    iteration yields the words in sorted order, and of_length(n) gives one
    length's words without touching the others. Behaves as a read-only set;
    set operations (|, &, -) give plain frozensets."""

    __slots__ = ("_by_len", "_size", "_hash", "__weakref__")

    def __init__(self, sorted_words) -> None:
        groups: dict[int, list[str]] = {}
        for w in sorted_words:
            groups.setdefault(len(w), []).append(w)
        self._by_len = {n: _Packed("".join(ws), n) for n, ws in sorted(groups.items()) if n}
        self._size = sum(len(ws) for ws in groups.values())
        self._hash: int | None = None

    @classmethod
    def from_packed(cls, packed: dict[int, str]) -> "Lexicon":
        """A Lexicon from each length's sorted words already packed in one string
        (length -> text), as packed_by_length gives them."""
        self = cls.__new__(cls)
        self._by_len = {n: _Packed(t, n) for n, t in sorted(packed.items()) if n and t}
        self._size = sum(p.size for p in self._by_len.values())
        self._hash = None
        return self

    def packed_by_length(self) -> dict[int, str]:
        """length -> that length's sorted words packed in one string."""
        return {n: p.text for n, p in self._by_len.items()}

    @classmethod
    def _from_iterable(cls, it):
        return frozenset(it)

    def __len__(self) -> int:
        return self._size

    def __contains__(self, word) -> bool:
        if not isinstance(word, str):
            return False
        packed = self._by_len.get(len(word))
        if packed is None:
            return False
        i = bisect_left(packed, word)
        return i < packed.size and packed[i] == word

    def of_length(self, n: int) -> list[str]:
        """The words of n letters, sorted."""
        packed = self._by_len.get(n)
        if packed is None:
            return []
        t = packed.text
        return [t[i:i + n] for i in range(0, len(t), n)]

    def __iter__(self):
        # sorted runs, one a length: the sort only merges them
        return iter(sorted(chain.from_iterable(self.of_length(n) for n in self._by_len)))

    def __hash__(self) -> int:  # as a frozenset of the same words would hash
        if self._hash is None:
            self._hash = hash(frozenset(self))
        return self._hash

    def __eq__(self, other) -> bool:
        if other is self:
            return True
        return Set.__eq__(self, other)


def _base_accept(lang: str | None = None) -> Lexicon:
    """The shipped acceptance list, from its packed index (the same words as
    words-accept.txt: tested)."""
    return _base_accept_of(_code(lang))


@cache
def _base_accept_of(code: str) -> Lexicon:
    _, sections = read_index(list_file("accept", code, "idx"))
    return Lexicon.from_packed({int(n): str(t, "utf-8") for n, t in sections.items()})


def _accept_from_text(lang: str | None = None) -> Lexicon:
    """The acceptance list read from words-accept.txt itself (what the index is built from)."""
    return Lexicon(_read(list_file("accept", lang), "utf-8"))  # the file is sorted


def sorted_accept_words(lang: str | None = None) -> tuple[str, ...] | list[str]:
    """accept_words() in sorted order; without user words, the file's own order
    (no sort of 116,000 words)."""
    code = _code(lang)
    if _user.get(code):
        return sorted(accept_words(code))
    return tuple(_read(list_file("accept", code), "utf-8"))


def puzzle_words(lang: str | None = None) -> tuple[str, ...]:
    """The puzzle list in rank order, most frequent first."""
    return _puzzle_of(_code(lang))


@cache
def _puzzle_of(code: str) -> tuple[str, ...]:
    return tuple(_read(list_file("puzzle", code), "utf-8"))


def answer_words(lang: str | None = None) -> tuple[str, ...]:
    """Every game's answers, in rank order: the puzzle list's headwords (cat, walk,
    Kaffee, brennen; not cats, walked, KAFFE, BRENN), from words-answers.txt or
    words-answers-LANG.txt (scripts/build_wordlists.py and build_wordlists_lang.py
    choose them with two lemmatisers; tests/test_headwords.py measures them against
    an outside dictionary). A subset of puzzle_words(lang)."""
    return _answers(_code(lang))


@cache
def _answers(lang: str) -> tuple[str, ...]:
    return tuple(_read(list_file("answers", lang), "utf-8"))


def answer_words_sorted(lang: str | None = None) -> dict[int, str]:
    """answer_words(lang) by length, each length's words sorted and packed in one
    string (as puzzle_words_sorted)."""
    return _answers_sorted(_code(lang))


@cache
def _answers_sorted(code: str) -> dict[int, str]:
    return packed_by_length(answer_words(code))


def packed_by_length(word_list) -> dict[int, str]:
    """length -> that length's distinct words of `word_list`, sorted, packed in one string."""
    groups: dict[int, set[str]] = {}
    for w in word_list:
        groups.setdefault(len(w), set()).add(w)
    return {n: "".join(sorted(ws)) for n, ws in sorted(groups.items()) if n}


def puzzle_words_sorted(lang: str | None = None) -> dict[int, str]:
    """The puzzle list by length: length -> its words in alphabetical order,
    packed in one string (word i of n letters is text[i*n:(i+1)*n]), from
    words-puzzle.idx (the same words as words-puzzle.txt: tested). For what
    wants one length's words sorted (tries, binary search) without sorting
    the 25,000-word list at every start."""
    return _puzzle_sorted_of(_code(lang))


@cache
def _puzzle_sorted_of(code: str) -> dict[int, str]:
    _, sections = read_index(list_file("puzzle", code, "idx"))
    return {int(n): str(t, "utf-8") for n, t in sections.items()}


def user_words(lang: str | None = None) -> frozenset[str]:
    """The words a user added to `lang`'s acceptance list (add_user_words)."""
    return _user.get(_code(lang), frozenset())


def accept_words(lang: str | None = None) -> "Lexicon | frozenset[str]":
    """The acceptance list plus any words added with add_user_words(): a
    read-only set (a compact Lexicon for the shipped list alone)."""
    code = _code(lang)
    got = _accept.get(code)
    if got is None:
        base, user = _base_accept(code), _user.get(code)
        got = _accept[code] = Lexicon(sorted(base | user)) if user else base
    return got


def is_word(word: str, lang: str | None = None) -> bool:
    """True if word (any case; another language's word in any spelling: Straße,
    STRASSE, Mädchen, œuvre) is in the acceptance list or the user's words."""
    if not isinstance(word, str):
        return False
    if word.isascii():
        key = word.lower()  # a-z folds to itself lowercased
    else:
        key = _fold(word, lang) if _language(lang).folds else word.casefold()
    return key in accept_words(lang)


def _fold(word: str, lang: str) -> str:
    from printkit.lang import fold

    return fold(unicodedata.normalize("NFC", word), _code(lang))


def _shown(entry: str) -> str:
    return repr(entry if len(entry) <= 40 else entry[:37] + "...")


MAX_WORDS_BYTES = 50 * 2**20  # a word list larger than this is not a word list
MAX_LINE = 1000


def _add_line(found: set, name: str, n: int, raw: bytes, lang: str | None = None) -> None:
    if len(raw) > MAX_LINE:
        raise UsageError(f"{name}, line {n}: longer than {MAX_LINE} characters, not a word")
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{name}, line {n}: not UTF-8 text") from None
    if n == 1:
        line = line.removeprefix("\ufeff")
    entry = line.split("#", 1)[0].strip()
    if not entry:
        return
    from printkit.lang import is_game_word

    language = _language(lang)
    # folded into the game letters (Straße -> strasse), or written in them already
    word = _fold(entry, lang) if language.folds else entry.casefold()
    if not is_game_word(word, language.code):
        letters = language.letters
        raise UsageError(f"{name}, line {n}: {_shown(entry)} is not a word of the {language.name} letters {letters[0]}-{letters[25]}{letters[26:] and ' ' + ' '.join(letters[26:])}")
    found.add(word)


def add_user_words(path, lang: str | None = None) -> int:
    """Add a user's word list to the acceptance list of `lang` (the run's language);
    return how many distinct words the file holds.

    One word per line; blank lines and '#' comments are ignored; words are
    case-folded and must then be letters a-z (another language: folded with
    printkit.lang.fold and then made of that language's letters: Straße is
    strasse, Mädchen mädchen). Nothing is added unless the whole file
    is valid. Raises UsageError with a one-line message naming the file (and the
    line) for an unreadable file or a bad entry.
    """
    lang = _code(lang)
    name = os.fspath(path)
    if "\0" in name:
        raise UsageError(f"{_shown(name)}: a path cannot hold a NUL byte")
    found: set[str] = set()
    n, total, rest = 0, 0, b""
    try:
        from printkit.base.files import open_regular

        with open_regular(name, "word list") as f:  # a FIFO or device is refused, not waited on
            while True:  # streamed in 1 MB chunks: a huge or endless file ends early
                chunk = f.read(1 << 20)
                total += len(chunk)
                if total > MAX_WORDS_BYTES:
                    raise UsageError(f"{name}: a word list is at most {MAX_WORDS_BYTES // 2**20} MB")
                lines = (rest + chunk).split(b"\n")
                rest = lines.pop() if chunk else b""
                if len(rest) > MAX_LINE:
                    raise UsageError(f"{name}, line {n + len(lines) + 1}: longer than {MAX_LINE} characters, not a word")
                for raw in lines:
                    n += 1
                    _add_line(found, name, n, raw, lang)
                if not chunk:
                    break
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise UsageError(f"{name}: cannot read word list: {reason}") from None
    if found:
        _user[lang] = _user.get(lang, frozenset()) | found
        _accept.pop(lang, None)
    return len(found)


def clear_user_words() -> None:
    """Forget the words added with add_user_words() (for tests and long runs)."""
    _user.clear()
    _accept.clear()

"""The word lists Crypto Crisis puzzles are made and judged against: the frozen
acceptance list and the puzzle list's five-letter words. Below the solver and
the rules, which both read them.

Another language's lists are its own (printkit.words), written in the engine's
cell letters (alphabet.to_cells) and kept to five-letter words, the only ones a
board can hold. Which language: the one `in_language` sets for the run of a
build or a check (English when none), so the engine's functions keep their
signatures."""

from __future__ import annotations

import contextvars
from contextlib import contextmanager
from functools import lru_cache
from printkit.games.crypto_crisis.alphabet import rulebook_grid, to_cells

WORD_LEN = 5
_LANG: contextvars.ContextVar[str] = contextvars.ContextVar("crypto_crisis_lang", default="en")


def current() -> str:
    """The language the engine's lists are read in now."""
    return _LANG.get()


@contextmanager
def in_language(lang: str):
    """Read lexicon() and puzzle_list() in `lang` inside the block."""
    token = _LANG.set(lang or "en")
    try:
        yield
    finally:
        _LANG.reset(token)


def lexicon() -> frozenset:
    """The frozen acceptance list that puzzles are made and judged against (a
    user's --words never changes them, so an ID always gives the same puzzle)."""
    lang = _LANG.get()
    if not rulebook_grid(lang):
        return _lexicon_other(lang)
    from printkit.words import _base_accept

    return _base_accept(lang)


@lru_cache(maxsize=4)
def _lexicon_other(lang: str) -> frozenset:
    from printkit.words import _base_accept

    return frozenset(to_cells(w.upper(), lang).lower() for w in _base_accept(lang).of_length(WORD_LEN))


def puzzle_list() -> frozenset:
    """The puzzle list's words of WORD_LEN letters, upper case: the only ones a
    board can hold (a set of all 25,000 would cost ~3 MB for nothing)."""
    lang = _LANG.get()
    return _puzzle_list_as_written(lang) if rulebook_grid(lang) else _puzzle_list_other(lang)


@lru_cache(maxsize=1)
def _puzzle_list_as_written(lang: str) -> frozenset:
    from printkit.words import puzzle_words_sorted

    text = puzzle_words_sorted(lang).get(WORD_LEN, "").upper()  # the rulebook grid's letters: one letter a letter
    return frozenset(text[i : i + WORD_LEN] for i in range(0, len(text), WORD_LEN))


def puzzle_ranked(lang: str) -> tuple[str, ...]:
    """The language's puzzle list, most common first, in cell letters (five-letter words)."""
    from printkit.words import puzzle_words

    return tuple(to_cells(w.upper(), lang) for w in puzzle_words(lang) if len(w) == WORD_LEN)


@lru_cache(maxsize=4)
def _puzzle_list_other(lang: str) -> frozenset:
    return frozenset(puzzle_ranked(lang))

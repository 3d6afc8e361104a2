"""The word lists Crypto Crisis puzzles are made and judged against: the frozen
acceptance list and the puzzle list's five-letter words. Below the solver and
the rules, which both read them."""

from __future__ import annotations

from functools import lru_cache

WORD_LEN = 5


def lexicon() -> frozenset:
    """The frozen acceptance list that puzzles are made and judged against (a
    user's --words never changes them, so an ID always gives the same puzzle)."""
    from printkit.words import _base_accept

    return _base_accept()


@lru_cache(maxsize=1)
def puzzle_list() -> frozenset:
    """The puzzle list's words of WORD_LEN letters, upper case: the only ones a
    board can hold (a set of all 25,000 would cost ~3 MB for nothing)."""
    from printkit.words import puzzle_words_sorted

    text = puzzle_words_sorted().get(WORD_LEN, "").upper()  # the list is a-z: one letter a letter
    return frozenset(text[i : i + WORD_LEN] for i in range(0, len(text), WORD_LEN))

"""Independent dictionaries for checking puzzles in German, French, Spanish and Dutch.

One definition for every game's sweep: scripts/independent_words.py (its docstring
names each source and why it is independent of printkit's lists and of the
ambiguity guard the generators use):

- de: hunspell-de-de (igerman98, Björn Jacke's list; not Morphy) through unmunch,
  its proper names left out (Obama, Bruno: names are no words of the games)
- fr: wfrench (/usr/share/dict/french; not Dicollecte)
- es: wspanish (/usr/share/dict/spanish: ispell's list; not RLA-ES)
- nl: the Dutch Wiktionary's words (gruut-lang-nl's lexicon; not OpenTaal, not wordfreq)

Each word is folded as printkit folds the language (printkit.lang.fold) and kept
at 3-8 letters of the language's game letters. Absent sources: None (tests skip).
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

_PATH = Path(__file__).resolve().parent.parent / "scripts" / "independent_words.py"


@lru_cache(maxsize=1)
def _module():
    spec = importlib.util.spec_from_file_location("independent_words", _PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SOURCES = _module().SOURCES


def independent_words(lang: str) -> frozenset[str] | None:
    """The language's independent dictionary, folded; None when not installed."""
    return _module().independent_words(lang)


HEADWORD_SOURCES = _module().HEADWORD_SOURCES


def listed_headwords(lang: str, found: list[str]) -> set[str] | None:
    """The words of `found` (folded) that an outside dictionary of the language (en
    too) lists as headwords; None when not installed (scripts/independent_words.py)."""
    return _module().listed_headwords(lang, found)


def answers(game: str, lang: str, count: int) -> list[str]:
    """`count` answer words of generated puzzles of `game` in `lang`, folded."""
    return _module().answers(game, lang, count)


def wordnet_lemmas(lang: str, omw):
    """The single-word lemmas of the language's wordnet in a copy of the OMW data
    (omwn/omw-data), folded; None when absent (scripts/independent_words.py)."""
    return _module().wordnet_lemmas(lang, omw)


def module():
    """scripts/independent_words.py itself, for the readers' own tests."""
    return _module()

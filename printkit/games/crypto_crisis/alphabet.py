"""Each language's 5x5 grid, and how its words travel through the game's engine.

The grid holds 25 letters. English's are A-Y (the rulebook's: no Z). Another
language has more letters than 25 cells (printkit/lang.py), so its grid drops
the letters that cost it the fewest hideable words, measured on printkit's own
lists (docs/games/crypto-crisis.md, scripts/measure_crypto_crisis_grid.py):

- German: drops J, Q, X and Y and keeps Ä, Ö, Ü as letters (about 1,490 of the
  common list's 1,560 hideable words stay; writing Ä as AE instead leaves about
  1,330 at best);
- French: drops W (about 1,560 of 1,565);
- Spanish: drops K and W (1,537 of 1,540), keeps Ñ;
- Dutch: drops Q (1,472 of 1,476).

`kept(lang)` counts them on the shipped lists, for the rules page.

The engine (grid.py, solver.py, generator.py, rules.py) knows only cells: it
writes cell i as the i-th letter of A-Y. A word of another language is turned
into those cell letters on the way in (`to_cells`: BÄREN -> cells B, Ä's cell,
...) and back on the way out (`localize`: the models the pages are drawn from
hold the language's letters). A letter the grid lacks becomes Z, which the
engine already refuses.
"""

from __future__ import annotations

from printkit.games.crypto_crisis.grid import LETTERS
from printkit.lang import language

GRIDS: dict[str, str] = {
    "en": LETTERS,
    "de": "ABCDEFGHIKLMNOPRSTUVWZÄÖÜ",
    "fr": "ABCDEFGHIJKLMNOPQRSTUVXYZ",
    "es": "ABCDEFGHIJLMNÑOPQRSTUVXYZ",
    "nl": "ABCDEFGHIJKLMNOPRSTUVWXYZ",
}
DROPPED: dict[str, str] = {"en": "Z", "de": "JQXY", "fr": "W", "es": "KW", "nl": "Q"}


def rulebook_grid(lang: str) -> bool:
    """The language plays the rulebook's own grid, A-Y: its letters are the
    engine's cell letters, so its words go in and out as they are (no
    conversion, checked as written, the user's --words counted), and the grid
    was not chosen by measurement (nothing for the rules page to explain)."""
    return GRIDS[lang] == LETTERS


def kept(lang: str = "en") -> tuple[int, int]:
    """(hideable common words the grid keeps, hideable with every letter of the
    language): what the choice of dropped letters was measured by, counted on the
    shipped lists (a word is hideable with five different letters, all on the grid)."""
    return _kept(lang)


def _count(lang: str, letters: str) -> int:
    from printkit.words import puzzle_words

    return sum(1 for w in puzzle_words(lang) if len(w) == 5 and len(set(w)) == 5 and all(ch in letters for ch in w.upper()))


from functools import lru_cache as _lru  # noqa: E402


@_lru(maxsize=5)
def _kept(lang: str) -> tuple[int, int]:
    return _count(lang, GRIDS[lang]), _count(lang, language(lang).letters.upper())


_IN = {lang: {ord(ch): LETTERS[i] for i, ch in enumerate(grid)} for lang, grid in GRIDS.items()}
_OUT = {lang: {ord(LETTERS[i]): ch for i, ch in enumerate(grid)} for lang, grid in GRIDS.items()}


def grid(lang: str = "en") -> str:
    return GRIDS[lang]


def to_cells(word: str, lang: str = "en") -> str:
    """A word of the language (capitals, folded) written in the engine's cell
    letters; a letter the grid lacks becomes Z (refused as the English Z is)."""
    if rulebook_grid(lang):
        return word
    table = _IN[lang]
    return "".join(table.get(ord(ch), "Z" if ch.isalpha() else ch) for ch in word)


def from_cells(word: str, lang: str = "en") -> str:
    """Cell letters back to the language's letters."""
    return word if rulebook_grid(lang) else word.translate(_OUT[lang])


def model_lang(model) -> str:
    params = model.get("params") if isinstance(model, dict) else None
    lang = params.get("lang", "en") if isinstance(params, dict) else "en"
    return lang if lang in GRIDS else "en"


_WORD_KEYS = ("word", "letter")


def _convert(obj, fn):
    """A copy of a board or puzzle model with every word and letter passed through fn:
    words[].word and .tiles, cells[].letter, the solver's and candidates' [word, net] pairs."""
    if isinstance(obj, dict):
        out = {}
        for key, value in obj.items():
            if key in _WORD_KEYS and isinstance(value, str):
                out[key] = fn(value)
            elif key == "tiles" and isinstance(value, list):
                out[key] = [fn(t) if isinstance(t, str) else t for t in value]
            elif key in ("solver", "candidates") and isinstance(value, dict):
                out[key] = {s: {c: [[fn(p[0]), *p[1:]] if isinstance(p, list) and p and isinstance(p[0], str) else p for p in found] if isinstance(found, list) else found
                                for c, found in per.items()} if isinstance(per, dict) else per for s, per in value.items()}
            elif key == "params":
                out[key] = value
            else:
                out[key] = _convert(value, fn)
        return out
    if isinstance(obj, list):
        return [_convert(v, fn) for v in obj]
    return obj


def localize(model: dict, lang: str) -> dict:
    """A model made in cell letters, in the language's letters (English: itself)."""
    return model if rulebook_grid(lang) else _convert(model, lambda w: from_cells(w, lang))


def delocalize(model: dict, lang: str) -> dict:
    """A model in the language's letters, in cell letters for the engine's checks."""
    return model if rulebook_grid(lang) else _convert(model, lambda w: to_cells(w, lang))


# -- drawing ---------------------------------------------------------------------------------
# The pages draw grids cell by cell; the letters they print are the model's
# language's, set by the render functions for the page being drawn (`drawing`).

import contextvars as _cv
from functools import wraps as _wraps

_SHOWN: _cv.ContextVar[str] = _cv.ContextVar("crypto_crisis_grid", default=LETTERS)
_LANG: _cv.ContextVar[str] = _cv.ContextVar("crypto_crisis_lang", default="en")


def shown() -> str:
    """The 25 letters the page being drawn shows, cell 1 to 25."""
    return _SHOWN.get()


def page_lang() -> str:
    """The language of the page being drawn (its words: printkit/i18n.py)."""
    return _LANG.get()


def drawing(render):
    """A render function that draws its model's language's grid letters."""

    @_wraps(render)
    def wrapped(doc, model, *args, **kwargs):
        lang = model_lang(model) if isinstance(model, dict) else "en"
        if not language(lang).marked and isinstance(model, dict) and isinstance(model.get("puzzles"), list):  # params that name no language: the puzzles may
            first = model["puzzles"][0] if model["puzzles"] else {}
            lang = first.get("lang", "en") if isinstance(first, dict) and first.get("lang") in GRIDS else "en"
        token, said = _SHOWN.set(GRIDS[lang]), _LANG.set(lang)
        try:
            return render(doc, model, *args, **kwargs)
        finally:
            _SHOWN.reset(token)
            _LANG.reset(said)

    return wrapped

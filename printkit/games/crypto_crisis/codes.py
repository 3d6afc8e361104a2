"""The short codes Crypto Crisis prints for shifts, colours and marks, in the
language of the page being drawn (docs/games/crypto-crisis.md, "Codes").

- Shifts are arrows in every language: up, down, left, right print as the
  arrows of Unicode (set in PKArrows, four glyphs of DejaVu Sans: engine/fonts.py).
  The model keeps U, D, L, R; only the pages show arrows.
- Colours and marks are the language's own initials, from the catalogues
  (context "colour code" and "mark code"): English B Y R and u i s, German
  B G R and u k d, French B J R and s i b, Spanish A M R and s c t, Dutch
  B G R and o c d.
- `--word` reads the arrows or the English letters U D L R (printkit.games.
  crypto_crisis.model.parse_word); it never reads a language's initials, which
  would clash (French D is droite, English D down).
"""

from __future__ import annotations

from printkit.games.crypto_crisis.alphabet import page_lang
from printkit.games.crypto_crisis.grid import COLOURS, MARKS
from printkit.i18n import ptext, text

#: a shift as the pages print it
ARROWS = {"U": "\u2191", "D": "\u2193", "L": "\u2190", "R": "\u2192"}
#: what `--word` reads after the colon: the arrows, or U D L R (either case)
FROM_INPUT = {**{a: s for s, a in ARROWS.items()}, **{s: s for s in ARROWS}, **{s.lower(): s for s in ARROWS}}
SHIFT_ORDER = ("U", "D", "L", "R")


def colour_codes(lang: str | None = None) -> dict[str, str]:
    """Each colour's code in `lang` (default: the page's language): {"blue": "B", ...}."""
    pgettext = ptext(lang or page_lang())
    return {
        # TRANSLATORS: the code of the blue word (its initial) on tiles, swatches, ticks and keys; one letter, unlike the yellow and red codes
        "blue": pgettext("colour code", "B"),
        # TRANSLATORS: the code of the yellow word (its initial) on tiles, swatches, ticks and keys; one letter, unlike the blue and red codes
        "yellow": pgettext("colour code", "Y"),
        # TRANSLATORS: the code of the red word (its initial) on tiles, swatches, ticks and keys; one letter, unlike the blue and yellow codes
        "red": pgettext("colour code", "R"),
    }


def mark_codes(lang: str | None = None) -> dict[str, str]:
    """Each mark's code in `lang` (default: the page's language), lower case: {"underline": "u", ...}."""
    pgettext = ptext(lang or page_lang())
    return {
        # TRANSLATORS: the code of "underlined" (its initial, lower case) on tile labels and the colourable board's tick boxes
        "underline": pgettext("mark code", "u"),
        # TRANSLATORS: the code of "in italics" (its initial, lower case) on tile labels and the colourable board's tick boxes
        "italic": pgettext("mark code", "i"),
        # TRANSLATORS: the code of "struck through" (its initial, lower case) on tile labels and the colourable board's tick boxes
        "strike": pgettext("mark code", "s"),
    }


def colour_code(colour: str) -> str:
    return colour_codes()[colour]


def mark_code(mark: str) -> str:
    return mark_codes()[mark]


def shifts_text(shifts, sep: str = "") -> str:
    """Shifts as arrows: ["R", "U"] -> "→↑" (a net shift "RU" too)."""
    return sep.join(ARROWS[s] for s in shifts)


def shift_legend() -> str:
    """"↑ up, ↓ down, ← left, → right" in the page's language."""
    _ = text(page_lang())
    names = {"U": _("up"), "D": _("down"), "L": _("left"), "R": _("right")}
    return ", ".join(f"{ARROWS[s]} {names[s]}" for s in SHIFT_ORDER)


def colour_legend() -> str:
    """"B blue, Y yellow, R red" in the page's language."""
    _ = text(page_lang())
    codes = colour_codes()
    return ", ".join(f"{codes[c]} {_(c)}" for c in COLOURS)


def mark_legend() -> str:
    """"u underlined, i in italics, s struck through" in the page's language."""
    _ = text(page_lang())
    codes = mark_codes()
    return ", ".join(f"{codes[MARKS[c]]} {_(MARK_WORDS[MARKS[c]])}" for c in COLOURS)


MARK_WORDS = {"underline": "underlined", "italic": "in italics", "strike": "struck through"}  # draw.MARK_TEXT's messages


def legend() -> str:
    """Every code a page prints, spelled out: what a key carries."""
    _ = text(page_lang())
    return _("Codes: {shifts}; {colours}; {marks}.").format(shifts=shift_legend(), colours=colour_legend(), marks=mark_legend())

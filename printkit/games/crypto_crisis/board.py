"""A Crypto Crisis board as plain data, from its words: each word's encryption,
the merged cells, the hint slips; and what the paper is made of (the parts of
a sheet, the smallest colourable cell). Below the rules, the generator and the
model, which all build on it."""

from __future__ import annotations

from printkit.games.crypto_crisis.grid import COLOURS, LETTERS, MARKS, merge, net_shift, net_text, placeable, tiles
from printkit.i18n import N_  # marks the slips' words for the catalogues (translated where printed)

# The hint slips: when each opens and what it shows.
SLIPS = (
    ("15:00", N_("first shifts")),
    ("30:00", N_("second shifts")),
    (N_("sudden death"), N_("third shifts")),
)

PARTS = ("all", "method", "form", "boards", "slips", "worksheet")
MIN_CELL_MM = 15  # a colourable board's cells are at least this wide


def word_entry(colour: str | None, word: str, shifts: list[str]) -> dict:
    """One word of a board, with what its encryption gives (when it can be placed)."""
    entry = {"colour": colour, "mark": MARKS.get(colour), "word": word, "shifts": list(shifts)}
    if placeable(word, shifts):
        entry["net"] = net_text(net_shift(shifts))
        entry["tiles"] = [LETTERS[i] for i in tiles(word, shifts)]
    else:
        entry["net"] = None
        entry["tiles"] = []
    return entry


def hints_for(words: list[dict]) -> list[dict]:
    """The three hint slips: slip k shows each word's k-th shift (null: none)."""
    out = []
    for k, (time, title) in enumerate(SLIPS):
        shown = {}
        for w in words:
            if w.get("colour") in MARKS:
                s = w.get("shifts") or []
                shown[w["colour"]] = s[k] if k < len(s) else None
        out.append({"slip": k + 1, "time": time, "title": title, "shifts": shown})
    return out


def board_from_words(pairs: list[tuple[str, list[str]]]) -> dict:
    """Words in blue, yellow, red order -> {"words", "cells", "hints"}."""
    words = []
    for k, (word, shifts) in enumerate(pairs):
        colour = COLOURS[k] if k < len(COLOURS) else None
        words.append(word_entry(colour, word, shifts))
    cells = merge([(w["colour"], w["word"], w["shifts"]) for w in words])
    return {"words": words, "cells": cells, "hints": hints_for(words)}

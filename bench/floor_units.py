"""The floors' shared reading of a template drawn in millimetres: its fonts'
names, colours from hex and its coordinates as card points (the 69x94 mm card
page with bleed, y from the top as SVG has it)."""

from __future__ import annotations

from floor_deck import CARD_H, FULL_BLEED, MM

SANS, BOLD = "Sans", "Sans-Bold"
U = MM  # the template's user unit is 1 mm


def hexrgb(h: str):
    h = h.lstrip("#")
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))


def y(v: float) -> float:
    """Template y (mm from the top of the 69x94 mm page incl. bleed) -> card pt."""
    return CARD_H + FULL_BLEED - v * U


def x(v: float) -> float:
    return v * U - FULL_BLEED

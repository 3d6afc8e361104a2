"""Colour and ink modes.

Colours are never the only signal: callers pair each colour with a letter,
symbol or pattern. The ink modes: color (as designed), saver (large areas become
light tints, outlines stay), mono (every colour becomes its grey by luminance).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

# The Okabe-Ito palette, safe for the common colour-vision deficiencies.
PALETTE: dict[str, str] = {
    "black": "#000000",
    "white": "#FFFFFF",
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "grey": "#8C8C8C",
    "light": "#EEEEEE",
    "ink": "#222222",
}


@lru_cache(maxsize=256)
def _rgb(hexcode: str) -> tuple[float, float, float]:
    h = hexcode.lstrip("#")
    return tuple(int(h[i : i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(rgb: tuple[float, float, float]) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


class Ink(NamedTuple):
    mode: str = "color"

    def rgb(self, color: str | tuple[float, float, float], large: bool = False) -> tuple[float, float, float]:
        """The colour to put on paper for `color` (a palette name, #hex or rgb)."""
        if isinstance(color, str):
            rgb = _rgb(PALETTE.get(color, color))
        else:
            rgb = color
        if self.mode == "mono":
            g = luminance(rgb)
            rgb = (g, g, g)
        if self.mode == "saver" and large:
            # keep a hint of the colour, drop most of the ink
            rgb = tuple(1.0 - 0.18 * (1.0 - v) for v in rgb)  # type: ignore[assignment]
        return rgb

    def fill(self, canvas, color, large: bool = False) -> None:
        canvas.setFillColorRGB(*self.rgb(color, large))

    def stroke(self, canvas, color) -> None:
        canvas.setStrokeColorRGB(*self.rgb(color))

    def text_on(self, color, large: bool = True) -> str:
        """Black or white, whichever reads on `color` as printed."""
        return "white" if luminance(self.rgb(color, large)) < 0.45 else "black"

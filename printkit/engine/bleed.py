"""Generated bleed: art that stops at the trim line continued over the bleed.

The art's colour at each edge it touches is carried straight outward, along the
edge's normal, the way "replicate the edge pixels" bleed tools do: the outermost
hair (EDGE_STRIP) of the art is stretched over the bleed. Stretching only a hair
keeps every line that crosses the cut continuous there (a slanted line turns to run
straight out, with no step at the cut), and shows no mirrored copy of a border or of
text near the edge, which a drifting cut would reveal doubled.

Used by every kind of template (SVG art, layout pictures): one function gives the
clip rectangles and the stretches, `draw_strips` draws them.
"""

from __future__ import annotations

from typing import Callable

from printkit.engine.units import MM

#: how much of the art's edge (mm) is stretched over the bleed: a hair, so a line that
#: meets the cut at a slant steps by at most this much where the bleed begins
EDGE_STRIP = 0.02


def edge_strips(rect: tuple, reach: tuple, strip: float = EDGE_STRIP * MM) -> list:
    """For art covering `rect` (x, y, w, h in pt), the bleed to add past each of its
    sides `reach` (left, bottom, right, top, pt; 0 for a side that needs none):
    a list of (clip rect, (fx, kx, fy, ky)). Each stretch scales by kx (ky) about the
    fixed line fx (fy); kx == 1 leaves x alone. Each clip also covers the strip
    itself, so the stretched copy meets the art exactly at the fixed line: no seam,
    no step."""
    x, y, w, h = rect
    left, bottom, right, top = reach
    s = strip

    def axis(lo: float, hi: float, want_lo: float, want_hi: float) -> list:
        out = [((lo, hi), (0.0, 1.0))]
        if want_lo > 1e-6:
            out.append(((lo - want_lo, lo + s), (lo + s, (want_lo + s) / s)))
        if want_hi > 1e-6:
            out.append(((hi - s, hi + want_hi), (hi - s, (want_hi + s) / s)))
        return out

    strips = []
    for (xa, xb), (fx, kx) in axis(x, x + w, left, right):
        for (ya, yb), (fy, ky) in axis(y, y + h, bottom, top):
            if kx == 1.0 and ky == 1.0:
                continue  # the art itself
            strips.append(((xa, ya, xb - xa, yb - ya), (fx, kx, fy, ky)))
    return strips


def draw_strips(c, strips: list, draw: Callable[[], None]) -> None:
    """Draw the art once per strip (by `draw()`), clipped and stretched."""
    for (cx, cy, cw, ch), (fx, kx, fy, ky) in strips:
        c.saveState()
        p = c.beginPath()
        p.rect(cx, cy, cw, ch)
        c.clipPath(p, stroke=0, fill=0)
        if kx != 1.0:
            c.translate(fx, 0)
            c.scale(kx, 1)
            c.translate(-fx, 0)
        if ky != 1.0:
            c.translate(0, fy)
            c.scale(1, ky)
            c.translate(0, -fy)
        draw()
        c.restoreState()

"""Drawing primitives shared by every component: boxes, tables, stars, dice
pips, page headers. Units are points unless a name says mm. Text is set and
drawn by engine/text.py (one-line labels too: `text.label`, `text.label_in_box`)."""

from __future__ import annotations

import math
from typing import Sequence

from printkit.engine import fonts, text
from printkit.engine.units import MM


def header(doc, title: str, subtitle: str = "", *, margin: float = 12 * MM) -> float:
    """A page title band; returns the y below it."""
    c = doc.c
    W, H = doc.size
    top = H - margin
    c.setFillColorRGB(0, 0, 0)
    text.label(c, margin, top - 18, title, font=fonts.SANS_BOLD, size=18)
    y = top - 22
    if subtitle:
        c.setFillColorRGB(0.25, 0.25, 0.25)
        text.label(c, margin, y - 9, subtitle, font=fonts.SANS, size=9)
        y -= 12
    c.setLineWidth(1)
    c.setStrokeColorRGB(0, 0, 0)
    c.line(margin, y - 3, W - margin, y - 3)
    return y - 8


def boxes(c, x: float, y: float, n: int, size: float, *, gap: float = 0.0, line: float = 0.8) -> None:
    """A row of n empty square boxes, bottom left at (x, y)."""
    c.setLineWidth(line)
    c.setStrokeColorRGB(0, 0, 0)
    for i in range(n):
        c.rect(x + i * (size + gap), y, size, size, stroke=1, fill=0)


def table(c, x: float, top: float, widths: Sequence[float], rows: Sequence[Sequence[str]], *, row_h: float = 7 * MM, size: float = 9, bold_first_row: bool = True, bold_first_col: bool = False, aligns: Sequence[str] | None = None, shade_first_row: bool = True) -> float:
    """A ruled table; returns the y of its bottom edge."""
    total_w = sum(widths)
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(0, 0, 0)
    for r, row in enumerate(rows):
        y = top - (r + 1) * row_h
        if r == 0 and shade_first_row:
            c.setFillColorRGB(0.88, 0.88, 0.88)
            c.rect(x, y, total_w, row_h, stroke=0, fill=1)
        cx = x
        for k, cell in enumerate(row):
            bold = (r == 0 and bold_first_row) or (k == 0 and bold_first_col)
            align = aligns[k] if aligns else ("left" if k == 0 else "center")
            if cell:
                text.label_in_box(c, cell, cx, y, widths[k], row_h, font=fonts.SANS_BOLD if bold else fonts.SANS, size=size, align=align)
            cx += widths[k]
    bottom = top - len(rows) * row_h
    for r in range(len(rows) + 1):
        c.line(x, top - r * row_h, x + total_w, top - r * row_h)
    cx = x
    for w in [0, *widths]:
        cx += w
        c.line(cx, top, cx, bottom)
    return bottom


def star(c, cx: float, cy: float, r_out: float, r_in: float | None = None, points: int = 5, *, fill: bool = True, stroke: bool = False) -> None:
    r_in = r_in if r_in is not None else r_out * 0.45
    p = c.beginPath()
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi / 2 + i * math.pi / points
        px, py = cx + r * math.cos(a), cy + r * math.sin(a)
        if i == 0:
            p.moveTo(px, py)
        else:
            p.lineTo(px, py)
    p.close()
    c.drawPath(p, stroke=1 if stroke else 0, fill=1 if fill else 0)


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.75), (0.75, 0.25)],
    3: [(0.25, 0.75), (0.5, 0.5), (0.75, 0.25)],
    4: [(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.25, 0.5), (0.25, 0.8), (0.75, 0.2), (0.75, 0.5), (0.75, 0.8)],
}


def die_face(c, x: float, y: float, size: float, value: int, *, radius: float | None = None) -> None:
    """A die face with pips, bottom left at (x, y)."""
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(x, y, size, size, size * 0.15, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    r = radius or size * 0.09
    for px, py in PIPS[value]:
        c.circle(x + px * size, y + py * size, r, stroke=0, fill=1)

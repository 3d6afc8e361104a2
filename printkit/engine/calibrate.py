"""The duplex calibration sheet: read the front/back misalignment in mm.

Page 1 (front) carries four pointers: short thick bars at known spots. Page 2
(back) carries, at the spots where those pointers land after the flip, vernier
scales from -5 to +5 mm. Print both pages two-sided, hold the sheet against a
window with the back towards you and read, on each scale, the number that the
pointer shining through lands on. The top and bottom scales give X, the left and
right scales give Y (average each pair): reprint with `--back-offset X,Y` and the
pointers land on 0.

Why the reading is the offset: the scales are printed with the backs, so if the
printer shifts the back side by d, the scales move by d under a pointer that
stays put, and the pointer reads -d. Shifting the backs by the reading moves
them back by d. The sheet itself is drawn with the current offset, so printing it
again with the corrected offset reads 0, 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.engine import fonts, text as typeset
from printkit.engine.units import MM

SPAN = 5.0  # mm each way
MINUS = "\u2212"  # the minus sign (Noto Sans as printkit ships it has one: scripts/subset_fonts.py add_minus)
SCALE_PT = 6.0  # the scales' numbers: the smallest text printkit prints (a digit every 2 mm, 3.4 pt wide at 6 pt)
INSET = 30.0  # mm from the paper edge to the scales' zero


@dataclass(frozen=True)
class Scale:
    name: str  # top, bottom, left, right
    axis: str  # "x" or "y": which offset it reads
    zero: tuple[float, float]  # position of 0 on the backs page, pt


def pointers(page: tuple[float, float]) -> list[Scale]:
    """The four pointer spots on the front page (pt): the back scales' zeros
    land there when the printer is true."""
    W, H = page
    m = INSET * MM
    return [
        Scale("top", "x", (W / 2 + 20 * MM, H - m)),
        Scale("bottom", "x", (W / 2 - 20 * MM, m)),
        Scale("left", "y", (m, H / 2 + 20 * MM)),
        Scale("right", "y", (W - m, H / 2 - 20 * MM)),
    ]


def mirror(point: tuple[float, float], page: tuple[float, float], duplex: str) -> tuple[float, float]:
    """Where a point of the front lands on the back page after the flip."""
    W, H = page
    x, y = point
    return (W - x, y) if duplex == "long" else (x, H - y)


def scale_zeros(page: tuple[float, float], duplex: str, offset_mm: tuple[float, float]) -> list[Scale]:
    """Scale zeros on the backs page, in the back page's own coordinates."""
    dx, dy = offset_mm[0] * MM, offset_mm[1] * MM
    out = []
    for p in pointers(page):
        x, y = mirror(p.zero, page, duplex)
        out.append(Scale(p.name, p.axis, (x + dx, y + dy)))
    return out


def draw_calibration(doc, duplex: str) -> None:
    opts = doc.options
    page = opts.paper_pt
    W, H = page
    # front
    c = doc.new_page(page)
    typeset.label(c, W / 2, H - 50 * MM, "Duplex calibration: front", font=fonts.SANS_BOLD, size=18, align="center")
    lines = [
        f"Print both pages two-sided on {opts.paper.upper() if opts.paper.startswith('a') else opts.paper.capitalize()}, at 100%, flipping on the {duplex} edge.",
        "Hold the sheet against a window with the back (scales) towards you.",
        "On each scale, read the number the black bar from this side lands on.",
        "X = average of top and bottom scales; Y = average of left and right.",
        "Then print with --back-offset X,Y (or set back_offset in printkit.toml).",
    ]
    for k, line in enumerate(lines):
        typeset.label(c, W / 2, H / 2 + 10 * MM - k * 14, line, font=fonts.SANS, size=10, align="center")
    c.setFillColorRGB(0, 0, 0)
    for p in pointers(page):
        x, y = p.zero
        # the pointer: a bar across the scale's ticks
        if p.axis == "x":
            c.rect(x - 0.35, y - 6 * MM, 0.7, 12 * MM, stroke=0, fill=1)
        else:
            c.rect(x - 6 * MM, y - 0.35, 12 * MM, 0.7, stroke=0, fill=1)
        typeset.label(c, x, y + 8 * MM if p.axis == "x" else y + 3 * MM, f"{p.name} pointer", font=fonts.SANS, size=7, align="center")
    # back
    c = doc.new_page(page)
    typeset.label(c, W / 2, H - 50 * MM, "Duplex calibration: back", font=fonts.SANS_BOLD, size=18, align="center")
    typeset.label(c, W / 2, H / 2, f"Back offset used for this sheet: {opts.back_offset[0]:g}, {opts.back_offset[1]:g} mm", font=fonts.SANS, size=10, align="center")
    for s in scale_zeros(page, duplex, opts.back_offset):
        _draw_scale(c, s)


def _draw_scale(c, s: Scale) -> None:
    x0, y0 = s.zero
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    steps = int(SPAN * 2)  # half millimetres
    for k in range(-steps, steps + 1):
        v = k / 2
        length = (5 if k % 2 == 0 else 3) * MM if k else 7 * MM
        c.setLineWidth(0.6 if k else 1.0)
        if s.axis == "x":
            x = x0 + v * MM
            c.line(x, y0 - length / 2, x, y0 + length / 2)
            if k % 4 == 0:
                typeset.label(c, x, y0 + 3.5 * MM + 1.0 * MM, str(abs(int(v))), font=fonts.SANS, size=SCALE_PT, align="center")
        else:
            y = y0 + v * MM
            c.line(x0 - length / 2, y, x0 + length / 2, y)
            if k % 4 == 0:
                typeset.label(c, x0 + 3.5 * MM + 1.0 * MM, y - 0.36 * SCALE_PT, str(abs(int(v))), font=fonts.SANS, size=SCALE_PT)  # centred on its tick
    # which side is minus, which plus
    if s.axis == "x":
        typeset.label(c, x0 - (SPAN + 1) * MM, y0 - 3, MINUS, font=fonts.SANS_BOLD, size=9, align="right")
        typeset.label(c, x0 + (SPAN + 1) * MM, y0 - 3, "+", font=fonts.SANS_BOLD, size=9)
    else:
        typeset.label(c, x0, y0 - (SPAN + 3.5) * MM, MINUS, font=fonts.SANS_BOLD, size=9, align="center")
        typeset.label(c, x0, y0 + (SPAN + 1.5) * MM, "+", font=fonts.SANS_BOLD, size=9, align="center")
    label = f"{s.axis.upper()} scale"
    if s.axis == "x":
        typeset.label(c, x0, y0 - 7 * MM, label, font=fonts.SANS_BOLD, size=7, align="center")
    else:
        typeset.label(c, x0, y0 - (SPAN + 7) * MM, label, font=fonts.SANS_BOLD, size=7, align="center")

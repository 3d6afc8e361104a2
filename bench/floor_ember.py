"""The Ember Road card (examples/ember-road/front.svg, back.svg) written out
by hand in plain ReportLab, for `bench/floor_custom.py --design ember-road`.

Every element is drawn on every card: the art pictures and icons are their
SVG shapes written as ReportLab calls (a path's `d` is read by the few lines of
`path()` below, which know the commands these pictures use), text is measured
with ReportLab's stringWidth, wrapped at spaces and shrunk in 0.25 pt steps
until it fits its box, icons set inline one text-height square.
"""

from __future__ import annotations

import math
import re

from floor_deck import CARD_H, CARD_W, FULL_BLEED, MM
from reportlab.pdfbase.pdfmetrics import stringWidth

from floor_units import BOLD, SANS, U, x, y  # noqa: F401
from floor_units import hexrgb as rgb


# -- pictures: (shape, geometry..., fill, stroke, stroke width), in the picture's mm, y down ----
ART = {
    "flame": [
        ("path", "M20 2 C27 10 32 15 30 23 C28.5 29.5 11.5 29.5 10 23 C9 18 13 15 14 9 C17 13 18 15 20 2 Z", "#d55e00", None, 0),
        ("path", "M20 12 C24 17 26.5 20 24.5 25 C23 28.5 17 28.5 15.5 25 C14.5 22 18 19 20 12 Z", "#e69f00", None, 0),
        ("path", "M20 19 C21.5 21.5 22.5 23 21.5 25.5 C20.8 27 19.2 27 18.5 25.5 C17.8 23.5 19 22 20 19 Z", "#f0e442", None, 0),
        ("rect", 9, 28, 22, 2.5, 1.2, "#3a2a1a", None, 0),
    ],
    "fox": [
        ("path", "M8 8 L14 14 L26 14 L32 8 L31 20 L20 29 L9 20 Z", "#d55e00", None, 0),
        ("path", "M10 11 L13 15 L11 18 Z", "#3a2a1a", None, 0),
        ("path", "M30 11 L27 15 L29 18 Z", "#3a2a1a", None, 0),
        ("path", "M13 20 L20 29 L27 20 L20 23 Z", "#fbf6ea", None, 0),
        ("circle", 15.5, 18, 1.3, "#1a1a1a", None, 0),
        ("circle", 24.5, 18, 1.3, "#1a1a1a", None, 0),
        ("ellipse", 20, 27.5, 1.6, 1.1, "#1a1a1a", None, 0),
    ],
    "lantern": [
        ("circle", 20, 17, 13, "#f0e442", None, 0),
        ("path", "M15 6 Q20 1 25 6", None, "#3a2a1a", 1.2),
        ("rect", 13, 6, 14, 3, 1, "#3a2a1a", None, 0),
        ("path", "M14 9 L26 9 L28 24 L12 24 Z", "#fff3b0", "#3a2a1a", 1.2),
        ("path", "M20 12 C23 16 23.5 19 20 21.5 C16.5 19 17 16 20 12 Z", "#e69f00", None, 0),
        ("path", "M20 15.5 C21.3 17.5 21.3 19 20 20.2 C18.7 19 18.7 17.5 20 15.5 Z", "#d55e00", None, 0),
        ("line", 17, 9, 16, 24, None, "#3a2a1a", 0.6),
        ("line", 23, 9, 24, 24, None, "#3a2a1a", 0.6),
        ("rect", 11, 24, 18, 3, 1, "#3a2a1a", None, 0),
    ],
    "leaf": [
        ("path", "M8 28 C8 12 20 4 34 4 C34 18 24 28 8 28 Z", "#009e73", None, 0),
        ("path", "M8 28 C16 20 24 13 31 7", None, "#0b5d45", 1.2),
        ("path", "M15 21 L14 14 M20 16.5 L20 10 M25 12 L26 7 M17 19 L23 19.5 M22 14.5 L28 15", None, "#0b5d45", 0.7),
    ],
    "moon": [
        ("rect", 0, 0, 40, 32, 0, "#1f3a5a", None, 0),
        ("path", "M24 4 A12 12 0 1 0 31 25 A10 10 0 1 1 24 4 Z", "#f0e442", None, 0),
        ("circle", 8, 7, 0.8, "#ffffff", None, 0),
        ("circle", 12, 22, 0.6, "#ffffff", None, 0),
        ("circle", 34, 8, 0.7, "#ffffff", None, 0),
        ("circle", 5, 27, 0.5, "#ffffff", None, 0),
    ],
    "mountain": [
        ("path", "M0 30 L13 8 L21 20 L27 12 L40 30 Z", "#5a6470", None, 0),
        ("path", "M13 8 L17 15 L14 14 L11 16 L9.5 14 Z", "#f4f4f4", None, 0),
        ("path", "M27 12 L30.5 17 L28 16.5 L26 18 L24.5 16 Z", "#f4f4f4", None, 0),
        ("path", "M0 30 L8 24 L16 30 Z", "#009e73", None, 0),
        ("path", "M22 30 L32 23 L40 30 Z", "#009e73", None, 0),
    ],
    "wave": [
        ("path", "M0 20 Q5 14 10 20 T20 20 T30 20 T40 20 L40 32 L0 32 Z", "#0072b2", None, 0),
        ("path", "M0 25 Q5 20 10 25 T20 25 T30 25 T40 25 L40 32 L0 32 Z", "#56b4e9", None, 0),
        ("path", "M3 14 Q8 8 13 14", None, "#56b4e9", 1.4),
        ("path", "M22 11 Q27 5 32 11", None, "#56b4e9", 1.4),
        ("circle", 33, 5, 2.5, "#f0e442", None, 0),
    ],
}
ICONS = {  # 10x10 mm pictures
    "ember": [
        ("path", "M5 0.5 C7 2.8 8.6 4.3 8 6.8 C7.5 9 2.5 9 2 6.8 C1.7 5.3 3 4.3 3.3 2.6 C4.2 3.8 4.6 4.4 5 0.5 Z", "#d55e00", None, 0),
        ("path", "M5 4 C6 5.4 6.6 6.3 6 7.6 C5.6 8.6 4.4 8.6 4 7.6 C3.7 6.7 4.5 5.8 5 4 Z", "#f0e442", None, 0),
    ],
    "sword": [
        ("path", "M5 0.5 L6 6.3 L4 6.3 Z", "#5a6470", None, 0),
        ("rect", 2.6, 6.3, 4.8, 1, 0.4, "#3a2a1a", None, 0),
        ("rect", 4.5, 7.3, 1, 2.2, 0, "#3a2a1a", None, 0),
    ],
}
BACK_LANTERN = [  # back.svg's lantern, translate(19.5,28) scale(0.75)
    ("path", "M15 6 Q20 1 25 6", None, "#f6efdf", 1.4),
    ("rect", 13, 6, 14, 3, 1, "#f6efdf", None, 0),
    ("path", "M14 9 L26 9 L28 24 L12 24 Z", "#fff3b0", "#f6efdf", 1),
    ("path", "M20 12 C23 16 23.5 19 20 21.5 C16.5 19 17 16 20 12 Z", "#e69f00", None, 0),
    ("path", "M20 15.5 C21.3 17.5 21.3 19 20 20.2 C18.7 19 18.7 17.5 20 15.5 Z", "#d55e00", None, 0),
    ("rect", 11, 24, 18, 3, 1, "#f6efdf", None, 0),
]

_TOKEN = re.compile(r"[MLCQTAZ]|-?[\d.]+")


def path(c, d: str):
    """A ReportLab path from an SVG path's d (absolute M L C Q T A Z)."""
    p = c.beginPath()
    toks = _TOKEN.findall(d)
    i, cur, start, ctrl = 0, (0.0, 0.0), (0.0, 0.0), None
    cmd = "M"

    def num(k):
        return [float(t) for t in toks[i : i + k]]

    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]
            i += 1
            if cmd == "Z":
                p.close()
                cur, ctrl = start, None
                continue
        if cmd == "M":
            cur = start = tuple(num(2))
            p.moveTo(*cur)
            i += 2
            cmd, ctrl = "L", None
        elif cmd == "L":
            cur = tuple(num(2))
            p.lineTo(*cur)
            i += 2
            ctrl = None
        elif cmd == "C":
            x1, y1, x2, y2, x3, y3 = num(6)
            p.curveTo(x1, y1, x2, y2, x3, y3)
            cur, ctrl = (x3, y3), None
            i += 6
        elif cmd in "QT":
            if cmd == "Q":
                qx, qy, ex, ey = num(4)
                i += 4
            else:
                ex, ey = num(2)
                i += 2
                qx, qy = (2 * cur[0] - ctrl[0], 2 * cur[1] - ctrl[1]) if ctrl else cur
            p.curveTo(cur[0] + 2 / 3 * (qx - cur[0]), cur[1] + 2 / 3 * (qy - cur[1]), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)
            cur, ctrl = (ex, ey), (qx, qy)
        elif cmd == "A":  # a circular arc (rx = ry), endpoint form to centre form
            r, _, _, large, sweep, ex, ey = num(7)
            i += 7
            x1, y1 = cur
            mx, my = (x1 - ex) / 2, (y1 - ey) / 2
            d2 = mx * mx + my * my
            r = max(r, math.sqrt(d2))
            k = math.sqrt(max(0.0, r * r - d2) / d2) * (-1 if large == sweep else 1)
            cx, cy = (x1 + ex) / 2 + k * my, (y1 + ey) / 2 - k * mx
            a1 = math.degrees(math.atan2(y1 - cy, x1 - cx))
            a2 = math.degrees(math.atan2(ey - cy, ex - cx))
            ext = (a2 - a1) % 360
            if not sweep:
                ext -= 360
            p.arcTo(cx - r, cy - r, cx + r, cy + r, a1, ext)
            cur, ctrl = (ex, ey), None
    return p


def shapes(c, items) -> None:
    for item in items:
        kind, fill, stroke, width = item[0], item[-3], item[-2], item[-1]
        if fill:
            c.setFillColorRGB(*rgb(fill))
        if stroke:
            c.setStrokeColorRGB(*rgb(stroke))
            c.setLineWidth(width)
        f, s = (1 if fill else 0), (1 if stroke else 0)
        if kind == "path":
            c.drawPath(path(c, item[1]), stroke=s, fill=f)
        elif kind == "circle":
            c.circle(item[1], item[2], item[3], stroke=s, fill=f)
        elif kind == "ellipse":
            cx, cy, rx, ry = item[1:5]
            c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, stroke=s, fill=f)
        elif kind == "rect":
            rx_, ry_, w, h, r = item[1:6]
            if r:
                c.roundRect(rx_, ry_, w, h, r, stroke=s, fill=f)
            else:
                c.rect(rx_, ry_, w, h, stroke=s, fill=f)
        elif kind == "line":
            c.line(*item[1:5])


def picture(c, items, px: float, py: float, scale: float) -> None:
    """Shapes drawn in mm (y down) with their top left at card pt (px, py)."""
    c.saveState()
    c.translate(px, py)
    c.scale(scale, -scale)
    shapes(c, items)
    c.restoreState()


# -- text ------------------------------------------------------------------------
ICON = re.compile(r":([a-z]+):")


def words_of(text: str):
    """Words as pieces: ("t", text) or ("i", icon name)."""
    out = []
    for w in text.split():
        pieces, pos = [], 0
        for m in ICON.finditer(w):
            if m.start() > pos:
                pieces.append(("t", w[pos : m.start()]))
            pieces.append(("i", m.group(1)))
            pos = m.end()
        if pos < len(w):
            pieces.append(("t", w[pos:]))
        out.append(pieces)
    return out


def width_of(pieces, font: str, size: float) -> float:
    return sum(size if k == "i" else stringWidth(t, font, size) for k, t in pieces)


def wrap(words, font: str, size: float, w: float):
    lines, line, lw = [], [], 0.0
    space = stringWidth(" ", font, size)
    for word in words:
        ww = width_of(word, font, size)
        if line and lw + space + ww > w:
            lines.append(line)
            line, lw = [], 0.0
        if line:
            line.append(("t", " "))
            lw += space
        line.extend(word)
        lw += ww
    lines.append(line)
    return lines


def fitted(text: str, font: str, size: float, minimum: float, w: float, h: float):
    """(size, lines): the largest size down to `minimum` whose wrapped lines fit w x h."""
    words = words_of(text)
    while True:
        lines = wrap(words, font, size, w)
        height = 1.05 * size + (len(lines) - 1) * 1.2 * size
        widest = max(width_of(line, font, size) for line in lines)
        if (height <= h + 0.01 and widest <= w + 0.01) or size <= minimum:
            return size, lines
        size = max(minimum, size - 0.25)


def draw_line(c, line, font: str, size: float, px: float, base: float) -> None:
    run = ""
    for kind, t in line + [("i", None)]:
        if kind == "t":
            run += t
            continue
        if run:
            c.drawString(px, base, run)
            px += stringWidth(run, font, size)
            run = ""
        if t is not None:
            picture(c, ICONS[t], px, base - 0.15 * size + size, size / 10)
            px += size


def ember_front(c, row: dict) -> None:
    b = FULL_BLEED
    traveller = row["type"] == "Traveller"
    c.setFillColorRGB(*rgb("#f6efdf"))
    c.rect(-b, -b, CARD_W + 2 * b, CARD_H + 2 * b, stroke=0, fill=1)
    c.setFillColorRGB(*rgb("#1f5f8b" if traveller else "#7a3b69"))
    c.rect(-b, y(21), CARD_W + 2 * b, 21 * U, stroke=0, fill=1)
    c.setStrokeColorRGB(*rgb("#3a2a1a"))
    c.setLineWidth(0.6 * U)
    c.line(-b, y(21), CARD_W + b, y(21))
    if traveller:
        c.setFillColorRGB(*rgb("#f0e442"))
        c.setLineWidth(0.5 * U)
        c.circle(x(56), y(13), 5 * U, stroke=1, fill=1)
        c.setFillColorRGB(*rgb("#3a2a1a"))
        c.setFont(BOLD, 4.6 * U)
        c.drawCentredString(x(56), y(14.6), row["cost"])
    # the name: shrunk into its 40 x 9 mm box, centred on the box's height
    size, lines = fitted(row["name"], BOLD, 5 * U, 7, 40 * U, 9 * U)
    c.setFillColorRGB(1, 1, 1)
    c.setFont(BOLD, size)
    block = 1.05 * size + (len(lines) - 1) * 1.2 * size
    base = y(8.5 + 4.5) + block / 2 - 0.8 * size
    for line in lines:
        draw_line(c, line, BOLD, size, x(8), base)
        base -= 1.2 * size
    c.setStrokeColorRGB(*rgb("#3a2a1a"))
    c.setFillColorRGB(*rgb("#fffaf0"))
    c.setLineWidth(0.5 * U)
    c.roundRect(x(8), y(58), 53 * U, 34 * U, 1.5 * U, stroke=1, fill=1)
    picture(c, ART[row["art"]], x(9.5 + 5), y(25), U)  # 40 x 32 mm art centred in its 50 x 32 box
    c.setFillColorRGB(*rgb("#6b5a48"))
    c.setFont(BOLD, 2.6 * U)
    c.drawCentredString(x(34.5), y(63), row["type"].upper())
    size, lines = fitted(row["text"], SANS, 3.5 * U, 7, 53 * U, 16 * U)
    c.setFillColorRGB(*rgb("#1a1a1a"))
    c.setFont(SANS, size)
    base = y(65.5) - size * 0.8
    for line in lines:
        draw_line(c, line, SANS, size, x(8), base)
        base -= size * 1.2
    if traveller:
        c.setFillColorRGB(*rgb("#3a2a1a"))
        c.setFont(BOLD, 3.4 * U)
        draw_line(c, [("i", "sword"), ("t", " " + row["power"])], BOLD, 3.4 * U, x(8), y(86.6))
    c.setFillColorRGB(*rgb("#8a7a68"))
    c.setFont(SANS, 2.3 * U)
    c.drawRightString(x(61), y(86.6), "EMBER ROAD")


def ember_back(c) -> None:
    b = FULL_BLEED
    c.setFillColorRGB(*rgb("#1f3a5a"))
    c.rect(-b, -b, CARD_W + 2 * b, CARD_H + 2 * b, stroke=0, fill=1)
    c.setStrokeColorRGB(*rgb("#e69f00"))
    c.setLineWidth(0.8 * U)
    c.roundRect(x(6), y(88), 57 * U, 82 * U, 3 * U, stroke=1, fill=0)
    c.setFillColorRGB(*rgb("#2b4d73"))
    c.circle(x(34.5), y(42), 17 * U, stroke=0, fill=1)
    c.setFillColorRGB(*rgb("#f0e442"))
    c.circle(x(34.5), y(42), 12 * U, stroke=0, fill=1)
    picture(c, BACK_LANTERN, x(19.5), y(28), 0.75 * U)
    c.setFillColorRGB(*rgb("#e69f00"))
    c.setFont(BOLD, 6 * U)
    c.drawCentredString(x(34.5), y(72), "EMBER ROAD")

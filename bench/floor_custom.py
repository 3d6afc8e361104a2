"""The floor for your own decks: a 1,000-card deck from a CSV drawn with plain
ReportLab, no printkit at all, the same elements `bench/bench_custom.py` puts
in its SVG template (background, a coloured header band, cost badge, name,
lantern art, type line, wrapped rules text, footer; a dark back with a
lantern), laid out like `printkit deck` (A4, poker cards 3x3, 3 mm bleed, crop
marks, a backs page after each fronts page for long-edge duplex).

This is what a competent person writes by hand: every element drawn on every
card, fonts embedded, text wrapped and shrunk to its box.

`--design ember-road` draws instead what examples/ember-road/front.svg and
back.svg draw (bench/bench_own.py compares printkit with it): the header band
coloured by the card's type, the cost badge and cost and the power line
(`:sword: N`) on travellers only, the name shrunk into its box, the framed art
picture the row names (art/*.svg, its shapes written out below as ReportLab
calls), the type line, the rules text wrapped and shrunk in its box with
`:ember:` / `:sword:` icons drawn inline one text-height square, the footer;
the back with its frame, disc and lantern. A `qty` column repeats a row.

    python bench/floor_custom.py cards.csv -o /tmp/floor.pdf [--design ember-road]
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from floor_deck import CARD_H, CARD_W, FOOTER_RIGHT, FOOTER_Y, FULL_BLEED, MARK_WIDTH, MARKS, MM, PAGE, XS, YS, BLEED_X, BLEED_Y, register_fonts  # noqa: E402
from reportlab import rl_config  # noqa: E402
from reportlab.lib.utils import simpleSplit  # noqa: E402
from reportlab.pdfbase.pdfmetrics import stringWidth  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from floor_units import BOLD, SANS, U, hexrgb, x, y  # noqa: E402,F401


def lantern(c) -> None:
    c.saveState()
    c.translate(x(14.5), y(56))
    c.scale(U, -U)  # the art is drawn in mm, y down
    c.setFillColorRGB(*hexrgb("#f0e442"))
    c.circle(20, 17, 13, stroke=0, fill=1)
    c.setStrokeColorRGB(*hexrgb("#3a2a1a"))
    c.setLineWidth(1.2)
    p = c.beginPath()
    p.moveTo(15, 6)
    p.curveTo(17.5, 3.5, 22.5, 3.5, 25, 6)
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColorRGB(*hexrgb("#3a2a1a"))
    c.roundRect(13, 6, 14, 3, 1, stroke=0, fill=1)
    c.setFillColorRGB(*hexrgb("#fff3b0"))
    p = c.beginPath()
    p.moveTo(14, 9)
    p.lineTo(26, 9)
    p.lineTo(28, 24)
    p.lineTo(12, 24)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColorRGB(*hexrgb("#e69f00"))
    p = c.beginPath()
    p.moveTo(20, 12)
    p.curveTo(23, 16, 23.5, 19, 20, 21.5)
    p.curveTo(16.5, 19, 17, 16, 20, 12)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.setFillColorRGB(*hexrgb("#3a2a1a"))
    c.roundRect(11, 24, 18, 3, 1, stroke=0, fill=1)
    c.restoreState()


def fit_lines(text: str, font: str, size: float, minimum: float, w: float, h: float):
    while True:
        lines = simpleSplit(text, font, size, w)
        if len(lines) * size * 1.2 <= h or size <= minimum:
            return size, lines
        size = max(minimum, size - 0.25)


def front(c, row: dict) -> None:
    b = FULL_BLEED
    c.setFillColorRGB(*hexrgb("#f6efdf"))
    c.rect(-b, -b, CARD_W + 2 * b, CARD_H + 2 * b, stroke=0, fill=1)
    c.setFillColorRGB(*hexrgb(row["color"]))
    c.rect(-b, y(21), CARD_W + 2 * b, 21 * U, stroke=0, fill=1)
    c.setStrokeColorRGB(*hexrgb("#3a2a1a"))
    c.setLineWidth(0.6 * U)
    c.line(-b, y(21), CARD_W + b, y(21))
    c.setFillColorRGB(*hexrgb("#f0e442"))
    c.setLineWidth(0.5 * U)
    c.circle(x(56), y(13), 5 * U, stroke=1, fill=1)
    c.setFillColorRGB(*hexrgb("#3a2a1a"))
    c.setFont(BOLD, 4.6 * U)
    c.drawCentredString(x(56), y(14.6), row["cost"])
    size = 5 * U
    w = stringWidth(row["name"], BOLD, size)
    if w > 40 * U:
        size = max(6, size * 40 * U / w)
    c.setFillColorRGB(1, 1, 1)
    c.setFont(BOLD, size)
    c.drawString(x(8), y(13) - size * 0.3, row["name"])
    c.setStrokeColorRGB(*hexrgb("#3a2a1a"))
    c.setFillColorRGB(*hexrgb("#fffaf0"))
    c.roundRect(x(8), y(58), 53 * U, 34 * U, 1.5 * U, stroke=1, fill=1)
    lantern(c)
    c.setFillColorRGB(*hexrgb("#6b5a48"))
    c.setFont(BOLD, 2.6 * U)
    c.drawCentredString(x(34.5), y(63), row["type"].upper())
    size, lines = fit_lines(row["text"], SANS, 3.5 * U, 7, 53 * U, 16 * U)
    c.setFillColorRGB(*hexrgb("#1a1a1a"))
    c.setFont(SANS, size)
    base = y(65.5) - size * 0.8
    for line in lines:
        c.drawString(x(8), base, line)
        base -= size * 1.2
    c.setFillColorRGB(*hexrgb("#8a7a68"))
    c.setFont(SANS, 2.3 * U)
    c.drawRightString(x(61), y(86.6), "EMBER ROAD")


def back(c) -> None:
    b = FULL_BLEED
    c.setFillColorRGB(*hexrgb("#1f3a5a"))
    c.rect(-b, -b, CARD_W + 2 * b, CARD_H + 2 * b, stroke=0, fill=1)
    c.setStrokeColorRGB(*hexrgb("#e69f00"))
    c.setLineWidth(0.8 * U)
    c.roundRect(x(6), y(88), 57 * U, 82 * U, 3 * U, stroke=1, fill=0)
    c.setFillColorRGB(*hexrgb("#2b4d73"))
    c.circle(x(34.5), y(42), 17 * U, stroke=0, fill=1)
    c.setFillColorRGB(*hexrgb("#e69f00"))
    c.setFont(BOLD, 6 * U)
    c.drawCentredString(x(34.5), y(72), "EMBER ROAD")


def place(c, draw, tx: float, ty: float, clip) -> None:
    c.saveState()
    c.translate(tx, ty)
    l, bo, r, t = clip
    p = c.beginPath()
    p.rect(-l, -bo, CARD_W + l + r, CARD_H + bo + t)
    c.clipPath(p, stroke=0, fill=0)
    draw(c)
    c.restoreState()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--design", choices=("bench", "ember-road"), default="bench")
    args = ap.parse_args()
    rl_config.invariant = 1
    register_fonts()
    with open(args.data, newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    draw_front, draw_back = front, back
    if args.design == "ember-road":
        from floor_ember import ember_back, ember_front

        rows = [r for r in rows for _ in range(int(r.get("qty") or 1))]
        draw_front, draw_back = ember_front, ember_back
    c = Canvas(args.output, pagesize=PAGE, invariant=1, pageCompression=1)
    slots = [(xx, yy) for yy in YS for xx in XS]
    per = len(slots)
    clip = (BLEED_X, BLEED_Y, BLEED_X, BLEED_Y)
    for start in range(0, len(rows), per):
        chunk = rows[start : start + per]
        for (sx, sy), row in zip(slots, chunk):
            place(c, lambda cc, row=row: draw_front(cc, row), sx, sy, clip)
        c.setLineWidth(MARK_WIDTH)
        for m in MARKS:
            c.line(*m)
        c.setFont(SANS, 6)
        c.drawRightString(FOOTER_RIGHT, FOOTER_Y, f"floor · page {c.getPageNumber()}")
        c.showPage()
        for (sx, sy), _ in zip(slots, chunk):
            place(c, draw_back, PAGE[0] - sx - CARD_W, sy, clip)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main()

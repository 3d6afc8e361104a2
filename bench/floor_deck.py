"""The floor: the Cryptex deck drawn with plain ReportLab, no printkit at all.

This is what a competent person would write by hand to get the same PDF as
`printkit deck cryptex` (A4, poker cards 3x3, 3 mm bleed, crop marks, a backs
page after each fronts page for long-edge duplex). bench/bench_deck.py times
printkit against it: printkit's overhead is whatever it costs beyond this.

The numbers below were read once from
`printkit.engine.cards.plan_sheet(PrintOptions())` and written in as constants.
The deck's last sheet has 7 empty slots: like printkit, the floor fills them
with player-aid cards (the same texts, sized by the same rule) with their own
backs. With --copies N there are none (no empty slots are filled).

    python bench/floor_deck.py -o /tmp/floor.pdf [--copies N]
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72.0 / 25.4

# -- geometry (pt), from plan_sheet(PrintOptions()): A4, poker, bleed 3 mm ------
PAGE = (595.2755905511812, 841.8897637795277)
CARD_W, CARD_H = 178.58267716535434, 249.4488188976378
XS = (29.76377952755906, 208.34645669291342, 386.92913385826773)  # trim left of each column
YS = (545.6692913385828, 296.2204724409449, 46.77165354330709)  # trim bottom of each row, top row first
BLEED_X = 8.503937007874017  # 3 mm past the outer columns (cards touch: shared cuts)
BLEED_Y = 8.503937007874017  # 3 mm past the outer rows
FULL_BLEED = 3 * MM
SAFE = 3 * MM
MARK_WIDTH = 0.5
# crop marks: (x0, y0, x1, y1); the side marks reach into the bleed, drawn on a white halo
MARKS = (
    (29.76377952755906, 35.43307086614173, 29.76377952755906, 21.543307086614174),
    (29.76377952755906, 806.456692913386, 29.76377952755906, 820.3464566929134),
    (208.34645669291342, 35.43307086614173, 208.34645669291342, 21.543307086614174),
    (208.34645669291342, 806.456692913386, 208.34645669291342, 820.3464566929134),
    (386.92913385826773, 35.43307086614173, 386.92913385826773, 21.543307086614174),
    (386.92913385826773, 806.456692913386, 386.92913385826773, 820.3464566929134),
    (565.5118110236222, 35.43307086614173, 565.5118110236222, 21.543307086614174),
    (565.5118110236222, 806.456692913386, 565.5118110236222, 820.3464566929134),
)
HALO_MARKS = (
    (26.92913385826772, 46.77165354330709, 12.755905511811026, 46.77165354330709),
    (568.3464566929134, 46.77165354330709, 582.5196850393702, 46.77165354330709),
    (26.92913385826772, 296.2204724409449, 12.755905511811026, 296.2204724409449),
    (568.3464566929134, 296.2204724409449, 582.5196850393702, 296.2204724409449),
    (26.92913385826772, 545.6692913385828, 12.755905511811026, 545.6692913385828),
    (568.3464566929134, 545.6692913385828, 582.5196850393702, 545.6692913385828),
    (26.92913385826772, 795.1181102362206, 12.755905511811026, 795.1181102362206),
    (568.3464566929134, 795.1181102362206, 582.5196850393702, 795.1181102362206),
)
HALO_WIDTH = 2.0
FOOTER_RIGHT, FOOTER_ROOM = 559.8425196850394, 167.244094488189
FOOTER_Y = 5.6 * MM

# -- colours (Okabe-Ito, colour ink) ------------------------------------------------
BLUE = (0.0, 0.4470588235294118, 0.6980392156862745)
BRASS = (0.9019607843137255, 0.6235294117647059, 0.0)
YELLOW = (0.9411764705882353, 0.8941176470588236, 0.25882352941176473)
WHITE = (1, 1, 1)
BLACK = (0, 0, 0)

# -- fonts -----------------------------------------------------------------------
SANS, BOLD = "Sans", "Sans-Bold"
FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

# -- the deck ----------------------------------------------------------------------
CARDS = [
    "ECRO?", "EGTUN", "PBFEL", "DOVIE", "EGRTH",
    "NIES?", "LOEWY", "IETMK", "DRBEA", "OAIUE",
    "AYTEX", "AIJNS", "RHAOL", "TIBA?", "VAGNU",
    "SDOAI", "RUWLC", "SFIT?", "MBNO?", "IDRPN",
]


def register_fonts() -> None:
    for name, filename in ((SANS, "NotoSans-Regular.ttf"), (BOLD, "NotoSans-Bold.ttf"), ("Sans-Italic", "NotoSans-Italic.ttf"), ("Sans-BoldItalic", "NotoSans-BoldItalic.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, BOLD)
    addMapping(SANS, 0, 1, "Sans-Italic")
    addMapping(SANS, 1, 1, "Sans-BoldItalic")


def fit(text: str, font: str, size: float, room: float) -> float:
    w = pdfmetrics.stringWidth(text, font, size)
    return size if w <= room or w == 0 else max(4.0, size * room / w)


def paint(c, color, l, b, r, t) -> None:
    c.setFillColorRGB(*color)
    c.rect(-l, -b, CARD_W + l + r, CARD_H + b + t, stroke=0, fill=1)


def badge(c, x, y, number, r) -> None:
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*BRASS)
    c.setLineWidth(1.2)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setFillColorRGB(*BLACK)
    text = str(number)
    size = fit(text, BOLD, r * 1.25, r * 1.6)
    c.setFont(BOLD, size)
    c.drawCentredString(x, y - size * 0.36, text)
    half = pdfmetrics.stringWidth(text, BOLD, size) / 2  # underline: 6 is not 9
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(*BLACK)
    c.line(x - half, y - size * 0.45, x + half, y - size * 0.45)


def joker(c, cx, cy, size) -> None:
    c.setFillColorRGB(*YELLOW)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.8)
    r_out, r_in, points = size * 0.62, size * 0.36, 8
    p = c.beginPath()
    for i in range(points * 2):
        rr = r_out if i % 2 == 0 else r_in
        a = math.pi / 2 + i * math.pi / points
        px, py = cx + rr * math.cos(a), cy + rr * math.sin(a)
        if i == 0:
            p.moveTo(px, py)
        else:
            p.lineTo(px, py)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColorRGB(*BLACK)
    c.setFont(BOLD, size * 0.62)
    c.drawCentredString(cx, cy - size * 0.22, "?")


def front(c, number, letters, l, b, r, t) -> None:
    w, h, s = CARD_W, CARD_H, SAFE
    paint(c, BLUE, l, b, r, t)
    c.setFillColorRGB(*WHITE)
    c.setFont(BOLD, 9)
    c.drawCentredString(w / 2, h - s - 8.5, "CRYPTEX")
    rad = 4.2 * MM
    badge(c, s + rad, h - s - rad, number, rad)
    c.saveState()
    c.translate(w, 0)
    c.rotate(180)
    c.translate(0, -h)
    badge(c, s + rad, h - s - rad, number, rad)
    c.restoreState()
    top, bottom = h - s - 2 * rad - 2.5 * MM, s + 2 * rad + 2.5 * MM
    gap = 1.3 * MM
    tile_h = (top - bottom - 4 * gap) / 5
    tile_w = 32 * MM
    x0 = (w - tile_w) / 2
    cap = 4 * MM
    c.setFillColorRGB(*BRASS)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.8)
    c.roundRect(x0 - cap - 1 * MM, bottom - 1.5 * MM, cap, top - bottom + 3 * MM, 1.5 * MM, stroke=1, fill=1)
    c.roundRect(x0 + tile_w + 1 * MM, bottom - 1.5 * MM, cap, top - bottom + 3 * MM, 1.5 * MM, stroke=1, fill=1)
    for k, sym in enumerate(letters):
        y = top - (k + 1) * tile_h - k * gap
        c.setFillColorRGB(*WHITE)
        c.setStrokeColorRGB(*BLACK)
        c.roundRect(x0, y, tile_w, tile_h, 2 * MM, stroke=1, fill=1)
        if sym == "?":
            joker(c, w / 2, y + tile_h / 2, tile_h)
        else:
            size = tile_h * 0.95
            c.setFillColorRGB(*BLACK)
            c.setFont(BOLD, size)
            c.drawCentredString(w / 2, y + tile_h / 2 - size * 0.36, sym)


def back(c, *_clip) -> None:
    """The shared back, drawn out to the full 3 mm bleed; the caller's clip trims it."""
    w, h = CARD_W, CARD_H
    b = t = FULL_BLEED
    paint(c, BLUE, FULL_BLEED, b, FULL_BLEED, t)
    c.setStrokeColorRGB(*WHITE)
    c.setLineWidth(0.4)
    step = 5 * MM
    for k in range(-30, 31):
        x = w / 2 + k * step
        c.line(x - h, -b - 1, x + h, h + t + 1)
        c.line(x + h, -b - 1, x - h, h + t + 1)
    c.setLineWidth(2)
    c.roundRect(SAFE, SAFE, w - 2 * SAFE, h - 2 * SAFE, 3 * MM, stroke=1, fill=0)
    cx, cy = w / 2, h / 2
    c.setFillColorRGB(*BLUE)
    c.circle(cx, cy, 20 * MM, stroke=1, fill=1)
    c.setFillColorRGB(*BRASS)
    c.setLineWidth(1)
    c.setStrokeColorRGB(*BLACK)
    c.circle(cx, cy, 16 * MM, stroke=1, fill=1)
    for k in range(12):
        a = k * math.pi / 6
        c.line(cx + 12 * MM * math.cos(a), cy + 12 * MM * math.sin(a), cx + 16 * MM * math.cos(a), cy + 16 * MM * math.sin(a))
    c.setFillColorRGB(*WHITE)
    c.circle(cx, cy, 11.5 * MM, stroke=1, fill=1)
    c.setFillColorRGB(*BLACK)
    c.setFont(BOLD, 22)
    c.drawCentredString(cx, cy - 8, "?")
    for turn in (0, 180):
        c.saveState()
        c.translate(cx, cy)
        c.rotate(turn)
        c.setFillColorRGB(*WHITE)
        c.setFont(BOLD, 13)
        c.drawCentredString(0, 25 * MM, "CRYPTEX")
        c.restoreState()


# -- player aids: the last sheet's empty slots (one copy only) -----------------------
AID_TEXT = 7.5
SCORING = ("SCORING", BLUE, WHITE, (
    ("After round 20:", "each started, unfinished cryptex -1 per empty box."),
    ("After round 40:", "a word nobody else made +2 per letter; a word another player made +1 per letter; not a word -2 per letter."),
    ("Unfinished:", "-3 per empty box. Untouched: 0."),
    ("Each unused joker:", "+4."),
    ("Ties:", "longest completed cryptex, then fewer jokers used, then fewer vowels."),
))
A_ROUND = ("A ROUND", BRASS, BLACK, (
    ("Turn up a card.", "Everyone picks one of its five symbols at once."),
    ("Write it", "in the leftmost empty box of any cryptex."),
    ("A '?'", "is any letter: cross out a joker box (at most 4)."),
    ("After 20 cards:", "half-game penalty, reshuffle, 20 more."),
    ("Alone:", "rate your score on the sheet's solo table."),
))
AIDS = [SCORING] * 6 + [A_ROUND]


def wrap(text, font, size, width):
    lines, line = [], ""
    for w in text.split():
        trial = f"{line} {w}".strip()
        if pdfmetrics.stringWidth(trial, font, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = w
    return lines + [line] if line else lines


def aid_layout(rows, width, height):
    size = 11.0
    while True:
        out, total = [], 0.0
        for lead, text in rows:
            lines = [(BOLD, ln) for ln in wrap(lead, BOLD, size, width)] + [(SANS, ln) for ln in wrap(text, SANS, size, width)]
            out.append(lines)
            total += len(lines) * size * 1.22 + size * 0.45
        if total <= height or size <= AID_TEXT:
            return size, out
        size = max(AID_TEXT, size - 0.25)


def aid_front(c, aid, l, b, r, t) -> None:
    title, color, fg, rows = aid
    w, h, s = CARD_W, CARD_H, SAFE
    paint(c, WHITE, l, b, r, t)
    band = max(9 * MM, h * 0.13)
    c.setFillColorRGB(*color)
    c.rect(-l, h - band, w + l + r, band + t, stroke=0, fill=1)
    size = max(AID_TEXT, fit(title, BOLD, 13, w - 2 * s - 2 * MM))
    c.setFont(BOLD, size)
    c.setFillColorRGB(*fg)
    c.drawCentredString(w / 2, h - band / 2 - size * 0.35, title)
    top = h - band - 2.5 * MM
    size, lines_by_row = aid_layout(rows, w - 2 * s - 1.5 * MM, top - s - 1 * MM)
    y = top
    c.setFillColorRGB(*BLACK)
    for lines in lines_by_row:
        for font, text in lines:
            y -= size * 1.22
            c.setFont(font, size)
            c.drawString(s + 0.75 * MM, y + size * 0.22, text)
        y -= size * 0.45


def aid_back(c, aid, l, b, r, t) -> None:
    _, color, fg, _ = aid
    w, h = CARD_W, CARD_H
    paint(c, color, l, b, r, t)
    for turn in (0, 180):
        c.saveState()
        c.translate(w / 2, h / 2)
        c.rotate(turn)
        size = max(AID_TEXT, fit("PLAYER AID", BOLD, 12, w - 2 * SAFE - 6 * MM))
        c.setFont(BOLD, size)
        c.setFillColorRGB(*fg)
        c.drawCentredString(0, -h * 0.22, "PLAYER AID")
        c.restoreState()


def slot_bleed(row: int, col: int) -> tuple[float, float, float, float]:
    """left, bottom, right, top: art runs past the trim only at the grid's outside."""
    return (
        BLEED_X if col == 0 else 0.0,
        BLEED_Y if row == 2 else 0.0,
        BLEED_X if col == 2 else 0.0,
        BLEED_Y if row == 0 else 0.0,
    )


def at(c, x, y, bleed, draw, *args) -> None:
    """Draw one card with its trim corner at (x, y), clipped to its bleed."""
    l, b, r, t = bleed
    c.saveState()
    c.translate(x, y)
    p = c.beginPath()
    p.rect(-l, -b, CARD_W + l + r, CARD_H + b + t)
    c.clipPath(p, stroke=0, fill=0)
    draw(c, *args, l, b, r, t)
    c.restoreState()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", default="floor-deck.pdf")
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--back-form", action="store_true", help="draw the shared back once as a PDF form and reuse it (what printkit does), instead of drawing its shapes for every card")
    args = ap.parse_args()

    rl_config.invariant = 1
    register_fonts()
    c = Canvas(args.output, pagesize=PAGE, invariant=1, pageCompression=1, initialFontName=SANS, initialFontSize=10)
    c.setTitle("Cryptex deck (cryptex)")
    c.setSubject("game=cryptex; component=deck")
    deck = [(front, (n, letters)) for n, letters in enumerate(CARDS, 1)] * args.copies
    if args.copies == 1:  # the last sheet's empty slots hold player aids, with their own backs
        deck += [(aid_front, (aid,)) for aid in AIDS[: -len(deck) % 9]]
    page = 0
    form_done = False
    for start in range(0, len(deck), 9):
        chunk = deck[start : start + 9]
        # fronts
        page += 1
        for k, (face, face_args) in enumerate(chunk):
            row, col = divmod(k, 3)
            at(c, XS[col], YS[row], slot_bleed(row, col), face, *face_args)
        c.saveState()
        c.setLineCap(0)
        c.setStrokeColorRGB(*BLACK)
        c.setLineWidth(MARK_WIDTH)
        for x0, y0, x1, y1 in MARKS:
            c.line(x0, y0, x1, y1)
        for x0, y0, x1, y1 in HALO_MARKS:
            c.setLineWidth(HALO_WIDTH)
            c.setStrokeColorRGB(*WHITE)
            c.line(x0, y0, x1, y1)
            c.setLineWidth(MARK_WIDTH)
            c.setStrokeColorRGB(*BLACK)
            c.line(x0, y0, x1, y1)
        c.restoreState()
        text = f"printkit 0.1.0 · cryptex deck · page {page}"
        c.saveState()
        c.setFont(SANS, fit(text, SANS, 6, FOOTER_ROOM))
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.drawRightString(FOOTER_RIGHT, FOOTER_Y, text)
        c.restoreState()
        c.showPage()
        # backs, long-edge flip: column mirrored, bleed left/right swapped
        page += 1
        for k, (face, face_args) in enumerate(chunk):
            row, col = divmod(k, 3)
            l, b, r, t = slot_bleed(row, col)
            if face is aid_front:
                at(c, PAGE[0] - XS[col] - CARD_W, YS[row], (r, b, l, t), aid_back, *face_args)
            elif args.back_form:
                if not form_done:
                    c.beginForm("Back", -FULL_BLEED, -FULL_BLEED, CARD_W + FULL_BLEED, CARD_H + FULL_BLEED)
                    back(c)
                    c.endForm()
                    form_done = True
                at(c, PAGE[0] - XS[col] - CARD_W, YS[row], (r, b, l, t), lambda c, *_: c.doForm("Back"))
            else:
                at(c, PAGE[0] - XS[col] - CARD_W, YS[row], (r, b, l, t), back)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main()

"""Tiling: one large drawing spread over several small pages that tape together.

Give it a drawing function for a W x H mm area and the paper; it plans a grid of
tiles (pages), each showing a window of the drawing clipped to the printable area,
with neighbouring windows overlapping by at least 6 mm. In every overlap band it
prints alignment crosshairs at the same drawing coordinates on both pages, and on
the page that goes on top a dashed cut line through the crosshairs' centres.
Assembly: cut the top page along its dashed line, lay it over its neighbour so the
half crosshairs at its edge continue the whole ones underneath, tape.

Geometry is planned first as plain numbers (`plan_tiles` -> `TilePlan`, all mm),
so tests can check overlap and find the marks; `draw_tiled` draws the plan.
Drawing space: origin at the drawing's bottom left, y up (like PDF). Tiles are
counted from the top left: row 1 is the top strip, col 1 the left one.

This module knows no game.
"""

from __future__ import annotations

import math
from typing import Callable, NamedTuple

from printkit.engine import fonts, text as typeset
from printkit.engine.units import MM, PRINTER_MARGIN
from printkit.i18n import listed

MIN_OVERLAP = 6.0  # mm: never less than this between neighbours
OVERLAP = 12.0  # mm: what the planner aims for (more when the pages are roomy)
MARGINS = (10.0, 12.0, 10.0, 17.0)  # left, bottom, right, top (mm): labels on top, small print below
MARK_HALO = 2.6  # mm: white disc under a crosshair
MARK_RING = 1.5  # mm
MARK_ARM = 2.6  # mm: half length of each arm
MARK_FRACTIONS = (0.25, 0.5, 0.75)  # where along a seam the marks sit

Draw = Callable[[object], None]  # draws the whole drawing in pt, origin bottom left


class Tile(NamedTuple):
    row: int  # 1-based, from the top
    col: int  # 1-based, from the left
    x: float  # mm, drawing space: left edge of the window
    y: float  # mm, drawing space: bottom edge of the window
    w: float  # mm, window width
    h: float  # mm, window height
    page_x: float  # mm, page space: where the window's left edge sits
    page_y: float  # mm, page space: where its bottom edge sits
    cut_x: float | None  # mm, drawing space: the dashed cut on the left (col > 1)
    cut_y: float | None  # mm, drawing space: the dashed cut on top (row > 1)

    @property
    def label(self) -> str:
        return f"row {self.row} / col {self.col}"

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """Where drawing point (x, y) lands on this tile's page (mm)."""
        return (self.page_x + x - self.x, self.page_y + y - self.y)

    def shows(self, x: float, y: float) -> bool:
        return self.x - 1e-6 <= x <= self.x + self.w + 1e-6 and self.y - 1e-6 <= y <= self.y + self.h + 1e-6


class Mark(NamedTuple):
    x: float  # mm, drawing space
    y: float
    tiles: tuple[tuple[int, int], tuple[int, int]]  # (row, col) of the two pages it joins
    seam: str  # "vertical" (side by side) or "horizontal" (one above the other)


class TilePlan(NamedTuple):
    drawing: tuple[float, float]  # W, H mm
    page: tuple[float, float]  # page size mm (landscape when that takes fewer pages)
    rows: int
    cols: int
    overlap: tuple[float, float]  # mm between side-by-side / stacked neighbours (0: none)
    tiles: tuple[Tile, ...]  # row by row from the top left
    marks: tuple[Mark, ...]

    @property
    def pages(self) -> int:
        return len(self.tiles)

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[(row - 1) * self.cols + (col - 1)]

    def marks_on(self, tile: Tile) -> list[Mark]:
        return [m for m in self.marks if (tile.row, tile.col) in m.tiles]


def _axis(length: float, room: float, overlap: float, aim: float) -> tuple[int, float, list[float]]:
    """How many windows of at most `room` cover `length` with >= `overlap` between
    neighbours, sized alike so that they overlap by `aim` where room allows:
    (count, window, starts)."""
    if length <= room + 1e-9:
        return 1, length, [0.0]
    count = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    window = min(room, (length + (count - 1) * max(aim, overlap)) / count)
    step = (length - window) / (count - 1)
    return count, window, [k * step for k in range(count)]


def _plan_for(W: float, H: float, page: tuple[float, float], min_overlap: float, margins, hug: bool = False) -> TilePlan:
    pw, ph = page
    ml, mb, mr, mt = margins
    room_w, room_h = pw - ml - mr, ph - mb - mt
    cols, ww, xs = _axis(W, room_w, min_overlap, OVERLAP)
    rows, wh, ys_from_top = _axis(H, room_h, min_overlap, OVERLAP)
    ox = ww - (xs[1] - xs[0]) if cols > 1 else 0.0
    oy = wh - (ys_from_top[1] - ys_from_top[0]) if rows > 1 else 0.0
    page_y = mb + (room_h - wh) / 2

    def page_x(c: int) -> float:
        """Centred; with `hug`, the outer columns sit against the seam side, so the
        free band of each page is on its outer edge (where nothing overlaps it)."""
        if hug and cols > 1 and c == 0:
            return ml + room_w - ww
        if hug and cols > 1 and c == cols - 1:
            return ml
        return ml + (room_w - ww) / 2

    tiles = []
    for r in range(rows):
        y = H - ys_from_top[r] - wh
        for c in range(cols):
            x = xs[c]
            tiles.append(Tile(r + 1, c + 1, x, y, ww, wh, page_x(c), page_y, x + ox / 2 if c > 0 else None, y + wh - oy / 2 if r > 0 else None))
    marks = []
    for t in tiles:
        if t.cut_x is not None:  # seam with the tile on the left
            for f in MARK_FRACTIONS:
                marks.append(Mark(t.cut_x, t.y + f * t.h, ((t.row, t.col - 1), (t.row, t.col)), "vertical"))
        if t.cut_y is not None:  # seam with the tile above
            for f in MARK_FRACTIONS:
                marks.append(Mark(t.x + f * t.w, t.cut_y, ((t.row - 1, t.col), (t.row, t.col)), "horizontal"))
    return TilePlan((W, H), page, rows, cols, (ox, oy), tuple(tiles), tuple(marks))


def plan_tiles(W: float, H: float, paper: tuple[float, float], *, min_overlap: float = MIN_OVERLAP, margins=MARGINS, hug_seams: bool = False) -> TilePlan:
    """The tile grid for a W x H mm drawing on `paper` (portrait w, h in mm):
    portrait or landscape, whichever needs fewer pages (portrait on a tie).
    `hug_seams`: push the first and last column's windows toward their seam, leaving
    the spare width on each page's outer side (for `draw_tiled`'s `side_art`)."""
    if min_overlap < 2 * MARK_HALO:
        raise ValueError(f"an overlap under {2 * MARK_HALO} mm leaves no room for the marks")
    pw, ph = paper
    best = None
    for page in ((pw, ph), (ph, pw)):
        plan = _plan_for(W, H, page, min_overlap, margins, hug_seams)
        if best is None or plan.pages < best.pages:
            best = plan
    return best


# -- drawing ---------------------------------------------------------------------------

def draw_crosshair(c, x: float, y: float) -> None:
    """An alignment crosshair centred on (x, y) pt, on a white halo."""
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.circle(x, y, MARK_HALO * MM, stroke=0, fill=1)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.5)
    c.circle(x, y, MARK_RING * MM, stroke=1, fill=0)
    a = MARK_ARM * MM
    c.line(x - a, y, x + a, y)
    c.line(x, y - a, x, y + a)
    c.restoreState()


def _cut_line(c, x0: float, y0: float, x1: float, y1: float) -> None:
    c.saveState()
    c.setLineWidth(1.6)
    c.setStrokeColorRGB(1, 1, 1)
    c.line(x0, y0, x1, y1)
    c.setLineWidth(0.6)
    c.setDash(3, 2)
    c.setStrokeColorRGB(0, 0, 0)
    c.line(x0, y0, x1, y1)
    c.restoreState()


def _minimap(c, plan: TilePlan, tile: Tile, right: float, top: float) -> None:
    cell = 3.2 * MM
    x0 = right - plan.cols * cell
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0, 0, 0)
    for t in plan.tiles:
        x = x0 + (t.col - 1) * cell
        y = top - t.row * cell
        if t is tile:
            c.setFillColorRGB(0.2, 0.2, 0.2)
            c.rect(x, y, cell, cell, stroke=1, fill=1)
        else:
            c.rect(x, y, cell, cell, stroke=1, fill=0)
    c.restoreState()


SIDE_GAP = 4.0  # mm between the window and the side art


def side_band(plan: TilePlan, tile: Tile) -> tuple[float, float, float, float]:
    """The wider free band (x, y, w, h in mm, page space) beside the tile's window,
    within the printable area and level with the window."""
    pw = plan.page[0]
    edge = PRINTER_MARGIN + 2
    left = (edge, tile.page_x - SIDE_GAP - edge)
    right = (tile.page_x + tile.w + SIDE_GAP, pw - edge - tile.page_x - tile.w - SIDE_GAP)
    x, w = max(left, right, key=lambda band: band[1])
    return (x, tile.page_y, max(0.0, w), tile.h)


def draw_tiled(doc, plan: TilePlan, draw: Draw, *, title: str = "", side_art: Callable | None = None) -> None:
    """One page per tile: the clipped window, cut lines, crosshairs, labels; and
    `side_art(c, x, y, w, h)` (pt) in the free band beside each window, if any
    (a legend on every page, so each page reads on its own).

    With several tiles the drawing is drawn once, as a PDF form, and each page
    places it under its own clip: the same pages, drawn and stored once."""
    form = None
    for tile in plan.tiles:
        c = doc.new_page((plan.page[0] * MM, plan.page[1] * MM))
        if form is None and len(plan.tiles) > 1:
            # its box 1 pt past the drawing: only the page's clip cuts it (a
            # renderer snaps a form's box to whole pixels)
            form = doc.unique_name("PKTiled")
            c.beginForm(form, -1, -1, plan.drawing[0] * MM + 1, plan.drawing[1] * MM + 1)
            draw(c)
            c.endForm()
        px, py, w, h = tile.page_x * MM, tile.page_y * MM, tile.w * MM, tile.h * MM
        c.saveState()
        clip = c.beginPath()
        clip.rect(px, py, w, h)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(px - tile.x * MM, py - tile.y * MM)
        if form is None:
            draw(c)
        else:
            c.doForm(form)
        c.restoreState()

        def page_pt(x: float, y: float) -> tuple[float, float]:
            u, v = tile.to_page(x, y)
            return u * MM, v * MM

        if tile.cut_x is not None:
            x, y0 = page_pt(tile.cut_x, tile.y)
            _cut_line(c, x, y0, x, y0 + h)
        if tile.cut_y is not None:
            x0, y = page_pt(tile.x, tile.cut_y)
            _cut_line(c, x0, y, x0 + w, y)
        for m in plan.marks_on(tile):
            draw_crosshair(c, *page_pt(m.x, m.y))
        if side_art is not None:
            bx, by, bw, bh = side_band(plan, tile)
            if bw > 0:
                side_art(c, bx * MM, by * MM, bw * MM, bh * MM)
        _labels(c, doc, plan, tile, title)


HINT_PT = 7.5


def _wrap(text: str, size: float, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):  # never at a no-break space (French: the one before ; and :)
        if not word:
            continue
        trial = f"{line} {word}".strip()
        if fonts.text_width(trial, fonts.SANS, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    return lines + [line] if line else lines


def _labels(c, doc, plan: TilePlan, tile: Tile, title: str) -> None:
    pw, ph = plan.page[0] * MM, plan.page[1] * MM
    left = (PRINTER_MARGIN + 2) * MM
    top = ph - (PRINTER_MARGIN + 1.5) * MM
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    _ = doc.gettext
    label = _("row {row} / col {col}").format(row=tile.row, col=tile.col)
    head = f"{title} · {label}" if title else label
    if plan.pages > 1:
        head += "  (" + _("page {n} of {pages}").format(n=plan.tiles.index(tile) + 1, pages=plan.pages) + ")"
    typeset.label(c, left, top - 9, head, font=fonts.SANS_BOLD, size=10)
    steps = []
    if tile.cut_x is not None:
        steps.append(_("cut the dashed line on the left, lay this page over col {col}").format(col=tile.col - 1))
    if tile.cut_y is not None:
        steps.append(_("cut the dashed line on top, lay this page over row {row}").format(row=tile.row - 1))
    if steps:
        hint = listed(_, steps) + _("; match the crosshairs, then tape.")
    elif plan.pages > 1:
        hint = _("The first page: the others are laid over it. Match the crosshairs, then tape.")
    else:
        hint = ""
    if hint:
        room = pw - left - (PRINTER_MARGIN + 2) * MM - (plan.cols * 3.2 + 4) * MM
        for k, line in enumerate(_wrap(hint, HINT_PT, room)[:2]):  # two lines rather than small print
            typeset.label(c, left, top - 19 - k * 9, line, font=fonts.SANS, size=HINT_PT)
    if plan.pages > 1:
        _minimap(c, plan, tile, pw - (PRINTER_MARGIN + 2) * MM, top)
    c.restoreState()

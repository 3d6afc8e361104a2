"""Cards on paper: n-up sheets with crop marks, duplex backs, gutter fold, and
one-card-per-page print-shop files with TrimBox and BleedBox.

Geometry is computed first, as plain numbers (the `plan_*` functions, which the
tests read), then drawn. Card faces are functions `face(canvas, art)` that draw
with the origin at the card's trim corner (bottom left), in points; they may paint
out to `art.bleed` beyond the trim and keep text inside `art.safe`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from printkit.engine.ink import Ink
from printkit.engine.units import MM, PRINTER_MARGIN, SAFE, PrintOptions

MARK_MIN = 3.0  # mm: shortest crop mark worth cutting by
MARK_MAX = 6.0  # mm
MARK_GAP = 1.0  # mm between the art's bleed edge and a mark
MARK_WIDTH = 0.5  # pt (visible: >= 0.3 pt)


@dataclass(frozen=True)
class CardArt:
    """What a face-drawing function is told about the card it draws."""

    w: float  # trim width, pt
    h: float  # trim height, pt
    bleed: tuple[float, float, float, float]  # left, bottom, right, top: art may run this far past the trim
    safe: float  # keep text this far inside the trim
    ink: Ink
    index: int = 0  # position in the deck (0-based)

    def paint(self, c, color, large: bool = True) -> None:
        """Fill the whole art area (trim plus bleed) with a colour."""
        l, b, r, t = self.bleed
        self.ink.fill(c, color, large)
        c.rect(-l, -b, self.w + l + r, self.h + b + t, stroke=0, fill=1)


Face = Callable[[object, CardArt], None]


@dataclass(frozen=True)
class Slot:
    x: float  # trim left, pt
    y: float  # trim bottom, pt
    bleed: tuple[float, float, float, float]
    rotate: int = 0  # degrees: 180 for gutter-fold backs


@dataclass(frozen=True)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float
    style: str = "mark"  # mark | cut | fold


@dataclass(frozen=True)
class SheetPlan:
    page: tuple[float, float]
    card: tuple[float, float]
    cols: int
    rows: int
    fronts: tuple[Slot, ...]  # reading order: row 0 is the top row
    lines: tuple[Line, ...]
    shared_cuts: tuple[bool, bool]  # (x, y): neighbours share one cut line
    footer: tuple[float, float]  # right x and room for the small print

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


@dataclass(frozen=True)
class _Axis:
    n: int
    starts: tuple[float, ...]  # trim starts from the low edge, mm
    gap: float
    outer: float  # bleed past the outermost trims
    inner: float  # bleed between neighbours
    mark_from: float  # distance from the outer trim where marks start
    mark_len: float


def _plan_axis(paper: float, card: float, bleed: float) -> _Axis:
    n = int((paper - 2 * (PRINTER_MARGIN + MARK_GAP)) // card)
    if n < 1:
        raise ValueError("card larger than paper")
    gapped_total = n * card + (n - 1) * 2 * bleed
    side = (paper - gapped_total) / 2
    room = side - PRINTER_MARGIN - MARK_GAP - MARK_MIN  # for bleed past the outer trims
    if bleed > 0 and n > 1 and room >= 0:
        # every card keeps its own bleed between neighbours (two cuts a gap, no
        # sliver of a neighbour's art); the outer bleed shrinks to leave the marks room
        gap, inner, total = 2 * bleed, bleed, gapped_total
        outer = min(bleed, room)
    else:
        total = n * card
        side = (paper - total) / 2
        gap, inner = 0.0, 0.0
        outer = max(0.0, min(bleed, side - PRINTER_MARGIN - MARK_GAP - MARK_MIN))
        if n == 1:
            inner = 0.0
    mark_from = outer + MARK_GAP
    mark_len = min(MARK_MAX, max(MARK_MIN, side - PRINTER_MARGIN - mark_from))
    starts = tuple(side + i * (card + gap) for i in range(n))
    return _Axis(n, starts, gap, outer, inner, mark_from, mark_len)


def _orient(opts: PrintOptions, card: tuple[float, float]) -> tuple[float, float]:
    """Portrait paper unless landscape fits more cards."""
    pw, ph = opts.paper_mm

    def count(w: float, h: float) -> int:
        try:
            return _plan_axis(w, card[0], opts.bleed).n * _plan_axis(h, card[1], opts.bleed).n
        except ValueError:
            return 0

    return (ph, pw) if count(ph, pw) > count(pw, ph) else (pw, ph)


def plan_sheet(opts: PrintOptions) -> SheetPlan:
    """n-up fronts on the paper, centred, with crop marks outside the cards."""
    cw, ch = opts.card_mm
    pw, ph = _orient(opts, (cw, ch))
    ax, ay = _plan_axis(pw, cw, opts.bleed), _plan_axis(ph, ch, opts.bleed)
    slots = []
    for r in range(ay.n):
        y = ay.starts[ay.n - 1 - r]  # row 0 at the top
        for col in range(ax.n):
            x = ax.starts[col]
            left = ax.outer if col == 0 else ax.inner
            right = ax.outer if col == ax.n - 1 else ax.inner
            bottom = ay.outer if r == ay.n - 1 else ay.inner
            top = ay.outer if r == 0 else ay.inner
            slots.append(Slot(x * MM, y * MM, (left * MM, bottom * MM, right * MM, top * MM)))
    lines = []
    xs = sorted({round(s, 4) for s in ax.starts} | {round(s + cw, 4) for s in ax.starts})
    ys = sorted({round(s, 4) for s in ay.starts} | {round(s + ch, 4) for s in ay.starts})
    lo_y, hi_y = ay.starts[0], ay.starts[-1] + ch
    lo_x, hi_x = ax.starts[0], ax.starts[-1] + cw
    for x in xs:
        lines.append(Line(x * MM, (lo_y - ay.mark_from) * MM, x * MM, (lo_y - ay.mark_from - ay.mark_len) * MM))
        lines.append(Line(x * MM, (hi_y + ay.mark_from) * MM, x * MM, (hi_y + ay.mark_from + ay.mark_len) * MM))
    for y in ys:
        lines.append(Line((lo_x - ax.mark_from) * MM, y * MM, (lo_x - ax.mark_from - ax.mark_len) * MM, y * MM))
        lines.append(Line((hi_x + ax.mark_from) * MM, y * MM, (hi_x + ax.mark_from + ax.mark_len) * MM, y * MM))
    last_left = ax.starts[-1]
    footer = ((last_left + cw - 2) * MM, (cw - 4) * MM)
    return SheetPlan((pw * MM, ph * MM), (cw * MM, ch * MM), ax.n, ay.n, tuple(slots), tuple(lines), (ax.gap == 0, ay.gap == 0), footer)


def back_slot(front: Slot, page: tuple[float, float], card: tuple[float, float], duplex: str, offset_mm: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of a card goes on the backs page.

    Long-edge flip mirrors x about the page centre (so (row, col) lands at
    (row, cols-1-col) on a centred grid); short-edge flip mirrors y. The back
    offset (mm, as measured on the calibration sheet) is then added.
    """
    W, H = page
    w, h = card
    l, b, r, t = front.bleed
    dx, dy = offset_mm[0] * MM, offset_mm[1] * MM
    if duplex == "long":
        return Slot(W - front.x - w + dx, front.y + dy, (r, b, l, t))
    if duplex == "short":
        return Slot(front.x + dx, H - front.y - h + dy, (l, t, r, b))
    raise ValueError(f"no backs for duplex {duplex!r}")


def plan_fold(opts: PrintOptions) -> SheetPlan:
    """Gutter fold: fronts above a fold line, their backs below it turned 180°.

    Fold along the dotted line, glue or keep together, cut on the solid lines.
    Returns a plan whose slots alternate front, back for each card.
    """
    cw, ch = opts.card_mm
    best = None
    for pw, ph in (opts.paper_mm, opts.paper_mm[::-1]):
        n = int((pw - 2 * (PRINTER_MARGIN + MARK_MIN)) // cw)
        pairs = int((ph - 2 * (PRINTER_MARGIN + MARK_MIN) + 8) // (2 * ch + 8))
        if n >= 1 and pairs >= 1 and (best is None or n * pairs > best[0]):
            best = (n * pairs, pw, ph, n, pairs)
    if best is None:
        raise ValueError("card too large for a gutter fold on this paper")
    _, pw, ph, n, pairs = best
    block_h = pairs * 2 * ch + (pairs - 1) * 8
    x0 = (pw - n * cw) / 2
    y_top = ph - (ph - block_h) / 2
    slots, lines = [], []
    ext = 4.0  # solid cut lines run this far past the cards
    for p in range(pairs):
        fold = y_top - p * (2 * ch + 8) - ch
        for col in range(n):
            x = x0 + col * cw
            slots.append(Slot(x * MM, fold * MM, (0, 0, 0, 0)))
            slots.append(Slot(x * MM, (fold - ch) * MM, (0, 0, 0, 0), rotate=180))
        for col in range(n + 1):
            x = x0 + col * cw
            lines.append(Line(x * MM, (fold - ch - ext) * MM, x * MM, (fold + ch + ext) * MM, "cut"))
        for y in (fold - ch, fold + ch):
            lines.append(Line((x0 - ext) * MM, y * MM, (x0 + n * cw + ext) * MM, y * MM, "cut"))
        lines.append(Line((x0 - ext) * MM, fold * MM, (x0 + n * cw + ext) * MM, fold * MM, "fold"))
    footer = ((pw - PRINTER_MARGIN - 1) * MM, (pw / 2) * MM)
    return SheetPlan((pw * MM, ph * MM), (cw * MM, ch * MM), n, pairs, tuple(slots), tuple(lines), (True, True), footer)


# -- drawing -------------------------------------------------------------------

def _draw_lines(c, lines: Sequence[Line]) -> None:
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    for ln in lines:
        if ln.style == "fold":
            c.setLineWidth(0.6)
            c.setDash(2, 2)
        elif ln.style == "cut":
            c.setLineWidth(0.5)
            c.setDash()
        else:
            c.setLineWidth(MARK_WIDTH)
            c.setDash()
        c.line(ln.x0, ln.y0, ln.x1, ln.y1)
    c.restoreState()


class _Placer:
    """Draws faces at slots; a single shared back is drawn once as a PDF form."""

    def __init__(self, doc, card: tuple[float, float], full_bleed: float) -> None:
        self.doc = doc
        self.w, self.h = card
        self.full = full_bleed
        self.form_name = None

    def place(self, face: Face, slot: Slot, index: int, as_form: bool = False) -> None:
        c = self.doc.c
        l, b, r, t = slot.bleed
        c.saveState()
        if slot.rotate == 180:
            c.translate(slot.x + self.w, slot.y + self.h)
            c.rotate(180)
            l, b, r, t = r, t, l, b
        else:
            c.translate(slot.x, slot.y)
        p = c.beginPath()
        p.rect(-l, -b, self.w + l + r, self.h + b + t)
        c.clipPath(p, stroke=0, fill=0)
        if as_form:
            if self.form_name is None:
                self.form_name = self.doc.unique_name("PKBack")
                c.restoreState()
                c.saveState()
                f = self.full
                c.beginForm(self.form_name, -f, -f, self.w + f, self.h + f)
                face(c, CardArt(self.w, self.h, (f, f, f, f), SAFE * MM, self.doc.ink, index))
                c.endForm()
                c.restoreState()
                return self.place(face, slot, index, as_form=True)
            c.doForm(self.form_name)
        else:
            face(c, CardArt(self.w, self.h, (l, b, r, t), SAFE * MM, self.doc.ink, index))
        c.restoreState()


def draw_deck(doc, fronts: Sequence[Face], back: Face | Sequence[Face]) -> None:
    """Impose a deck on the document's paper by its layout, duplex and copies."""
    opts: PrintOptions = doc.options
    fronts = list(fronts) * opts.copies
    shared_back = not isinstance(back, (list, tuple))
    backs = [back] * len(fronts) if shared_back else list(back) * opts.copies
    if opts.layout == "single":
        _draw_single(doc, fronts, backs, shared_back)
    elif opts.layout == "fold":
        _draw_fold(doc, fronts, backs, shared_back)
    else:
        _draw_sheets(doc, fronts, backs, shared_back)


def _draw_sheets(doc, fronts, backs, shared_back) -> None:
    opts = doc.options
    plan = plan_sheet(opts)
    placer = _Placer(doc, plan.card, opts.bleed * MM)
    per = plan.per_page
    for start in range(0, len(fronts), per):
        chunk = range(start, min(start + per, len(fronts)))
        c = doc.new_page(plan.page, footer=plan.footer)
        for k, i in enumerate(chunk):
            placer.place(fronts[i], plan.fronts[k], i)
        _draw_lines(c, plan.lines)
        if opts.duplex == "none":
            continue
        doc.new_page(plan.page, footer=False)
        for k, i in enumerate(chunk):
            slot = back_slot(plan.fronts[k], plan.page, plan.card, opts.duplex, opts.back_offset)
            placer.place(backs[i], slot, i, as_form=shared_back)


def _draw_fold(doc, fronts, backs, shared_back) -> None:
    plan = plan_fold(doc.options)
    placer = _Placer(doc, plan.card, 0.0)
    per = plan.per_page
    for start in range(0, len(fronts), per):
        c = doc.new_page(plan.page, footer=plan.footer)
        for k, i in enumerate(range(start, min(start + per, len(fronts)))):
            placer.place(fronts[i], plan.fronts[2 * k], i)
            placer.place(backs[i], plan.fronts[2 * k + 1], i, as_form=shared_back)
        _draw_lines(c, plan.lines)


def single_boxes(opts: PrintOptions) -> tuple[tuple[float, float], tuple, tuple]:
    """Print-shop page: the card plus bleed; (page size, TrimBox, BleedBox) in pt."""
    w, h = (v * MM for v in opts.card_mm)
    b = opts.bleed * MM
    page = (w + 2 * b, h + 2 * b)
    return page, (b, b, b + w, b + h), (0.0, 0.0, page[0], page[1])


def _draw_single(doc, fronts, backs, shared_back) -> None:
    opts = doc.options
    page, trim, bleed = single_boxes(opts)
    w, h = (v * MM for v in opts.card_mm)
    b = opts.bleed * MM
    placer = _Placer(doc, (w, h), b)
    slot = Slot(b, b, (b, b, b, b))
    order = opts.order
    pages: list[tuple[Face, int, bool]] = []
    if opts.duplex == "none":
        pages = [(f, i, False) for i, f in enumerate(fronts)]
    elif order == "fronts-first":
        pages = [(f, i, False) for i, f in enumerate(fronts)] + [(bk, i, shared_back) for i, bk in enumerate(backs)]
    else:
        for i, f in enumerate(fronts):
            pages += [(f, i, False), (backs[i], i, shared_back)]
    for face, i, is_form in pages:
        doc.new_page(page, trim=trim, bleed=bleed, footer=False)
        placer.place(face, slot, i, as_form=is_form)


def pages_for(n_cards: int, opts: PrintOptions) -> int:
    """How many pages a deck of n cards takes (for summaries and tests)."""
    n = n_cards * opts.copies
    if opts.layout == "single":
        return n if opts.duplex == "none" else 2 * n
    if opts.layout == "fold":
        return math.ceil(n / plan_fold(opts).per_page)
    sheets = math.ceil(n / plan_sheet(opts).per_page)
    return sheets if opts.duplex == "none" else 2 * sheets

"""Cards on paper: n-up sheets with crop marks, duplex backs, gutter fold, and
one-card-per-page print-shop files with TrimBox and BleedBox.

Geometry is computed first, as plain numbers (the `plan_*` functions), then
drawn. Card faces are functions `face(canvas, art)` that draw with the origin at
the card's trim corner (bottom left), in points; they may paint out to
`art.bleed` beyond the trim and keep text inside `art.safe`.

What every sheet promises (tests/test_print_geometry.py measures it from the PDF):
- every card edge that does not meet a neighbour has art `--bleed` mm past the trim;
- every cut line has a guide at both ends, nothing printed within PRINT_LIMIT of
  the paper's edge (crop marks run into the bleed, white-edged, where the margin
  is too narrow for them outside the art; the bleed is cut away with them);
- pages are always portrait, as a printer feeds them: where turned cards fit more
  a sheet, the cards turn a quarter on the page instead of the page turning. So a
  long-edge flip always mirrors x, a short-edge flip mirrors y, and `--back-offset`
  X,Y means the same physical shift as on the calibration sheet.
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

import math
from typing import Callable, NamedTuple, Sequence

from printkit.engine import fonts
from printkit.engine.ink import Ink
from printkit.engine.units import MM, PAPERS, PRINT_LIMIT, PRINTER_MARGIN, PrintOptions, SAFE, SMALL_PRINT_PT

MARK_MIN = 3.0  # mm: shortest crop mark outside the art
MARK_SHORT = 2.0  # mm: shortest crop mark when the marks run into the bleed
MARK_MAX = 6.0  # mm
MARK_GAP = 1.0  # mm between the art's edge and a mark outside it; between a mark in the bleed and the trim
MARK_WIDTH = 0.5  # pt (visible: >= 0.3 pt)
HALO_WIDTH = 2.0  # pt: white edge under marks drawn over art
TEXT_STRIP = 2.6  # mm kept clear along one paper edge (from PRINT_LIMIT) for the small print: 6 pt text and a gap


class CardArt(NamedTuple):
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


class Slot(NamedTuple):
    """A card's place on a page. (x, y) is the bottom-left corner of its trim as
    it lies on the page; `rotate` (0, 90, 180, 270, anticlockwise) turns the card
    about that footprint; `bleed` is left, bottom, right, top in page directions."""

    x: float  # pt
    y: float  # pt
    bleed: tuple[float, float, float, float]
    rotate: int = 0

    def footprint(self, card: tuple[float, float]) -> tuple[float, float]:
        w, h = card
        return (h, w) if self.rotate in (90, 270) else (w, h)

    def art_box(self, card: tuple[float, float]) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the card's art (trim plus bleed) on the page."""
        fw, fh = self.footprint(card)
        l, b, r, t = self.bleed
        return (self.x - l, self.y - b, self.x + fw + r, self.y + fh + t)


class Line(NamedTuple):
    x0: float
    y0: float
    x1: float
    y1: float
    style: str = "mark"  # mark (outside the art) | bleedmark (over the bleed, white-edged) | fold


class SheetPlan(NamedTuple):
    page: tuple[float, float]
    card: tuple[float, float]  # trim width, height of one card (unturned), pt
    cols: int
    rows: int
    fronts: tuple[Slot, ...]  # reading order: row 0 is the top row (fold: front, back, front, back...)
    lines: tuple[Line, ...]
    shared_cuts: tuple[bool, bool]  # (x, y): neighbours share one cut line
    turned: bool = False  # cards lie a quarter turn on the (portrait) page
    design: str = ""  # one sentence for the run summary

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


class _Axis(NamedTuple):
    n: int
    starts: tuple[float, ...]  # trim starts from the low edge, mm
    gap: float  # between neighbours' trims, mm (0: they share a cut)
    inner: float  # bleed between neighbours, mm
    mark_lo: float  # crop marks run from this far from the paper edge...
    mark_hi: float  # ...to this far (mm)
    in_bleed: bool  # the marks cross the bleed (drawn white-edged)
    strip: bool  # a strip along the paper edge free of marks and art, for the small print


def _axis_options(paper: float, card: float, bleed: float, n: int, strip: bool) -> list[_Axis]:
    """Every way to put n cards along one paper edge with full bleed and
    printable crop marks: neighbours 2 x bleed apart (each keeps its own bleed)
    or sharing one cut; marks outside the art or, where the margin is too narrow,
    over the bleed (they are cut away with it). `strip` keeps the marks clear of
    a strip along the paper edge, for the small print."""
    designs = []
    if n > 1 and bleed > 0:
        designs += [(2 * bleed, False), (2 * bleed, True)]
    # (0, True) with no bleed: the short marks a bleed would allow, outside the trim;
    # so a sheet never holds fewer cards with less bleed
    designs += [(0.0, False), (0.0, True)]
    out = []
    for gap, in_bleed in designs:
        total = n * card + (n - 1) * gap
        side = (paper - total) / 2
        if side - bleed < PRINT_LIMIT - 1e-9:
            continue  # the art would run into what the printer cannot reach
        hi = side - MARK_GAP if in_bleed else side - bleed - MARK_GAP
        shortest = MARK_SHORT if in_bleed else MARK_MIN
        # with a strip: room for the text at the usual 5 mm margin if the marks allow, else at 4.5 mm
        for floor in ((PRINTER_MARGIN - PRINT_LIMIT + TEXT_STRIP, TEXT_STRIP) if strip else (0.0,)):
            lo = max(PRINT_LIMIT + floor, hi - MARK_MAX)
            if hi - lo >= shortest - 1e-9:
                break
        if hi - lo < shortest - 1e-9:
            continue
        free = min(lo, side - bleed) - PRINT_LIMIT >= TEXT_STRIP - 1e-9
        starts = tuple(side + i * (card + gap) for i in range(n))
        out.append(_Axis(n, starts, gap, bleed if gap else 0.0, lo, hi, in_bleed and bleed > 0, free))
    return out


def _axis_key(strip: bool):
    def key(a: _Axis):
        length = a.mark_hi - a.mark_lo
        return (a.strip if strip else False, length >= MARK_MIN - 1e-9, a.gap > 0, not a.in_bleed, length)

    return key


def _best_axis(paper: float, card: float, bleed: float, strip: bool = False, below: int | None = None) -> _Axis | None:
    """The most cards that fit (fewer than `below`, if given); among their
    designs, prefer (a strip for the small print, if asked), marks at least
    MARK_MIN long, each card keeping its own bleed, marks outside the art,
    longer marks."""
    top = int((paper - 2 * PRINT_LIMIT) // card)
    for n in range(min(top, (below or top + 1) - 1), 0, -1):
        found = _axis_options(paper, card, bleed, n, False) + (_axis_options(paper, card, bleed, n, True) if strip else [])
        if found:
            return max(found, key=_axis_key(strip))
    return None


def _grid(opts: PrintOptions, unit: tuple[float, float]):
    """The best grid of `unit`-sized blocks (mm) on the portrait paper, upright or
    turned a quarter: (turned, x axis, y axis). The bottom margin (else a side
    margin) keeps a strip for the small print; the most blocks win, upright wins
    a tie. Only where no grid of the most blocks leaves that strip (a bleed of
    5.5 mm or more on a few sizes) does a row or column give way to it."""
    pw, ph = opts.paper_mm
    b = opts.bleed
    found = []
    for turned in (False, True):
        fw, fh = unit[::-1] if turned else unit
        ay = _best_axis(ph, fh, b, strip=True)
        ax = _best_axis(pw, fw, b, strip=ay is not None and not ay.strip)
        if ax is None or ay is None:
            continue
        found.append((ay.strip or ax.strip, ax.n * ay.n, not turned, turned, ax, ay))
        if not (ay.strip or ax.strip):  # one row fewer, or one column fewer, for the strip
            fewer_y = _best_axis(ph, fh, b, strip=True, below=ay.n)
            if fewer_y is not None and fewer_y.strip:
                found.append((True, ax.n * fewer_y.n, not turned, turned, ax, fewer_y))
            fewer_x = _best_axis(pw, fw, b, strip=True, below=ax.n)
            if fewer_x is not None and fewer_x.strip:
                found.append((True, fewer_x.n * ay.n, not turned, turned, fewer_x, ay))
    if not found:
        return None
    _, _, _, turned, ax, ay = max(found, key=lambda f: f[:3])
    return (turned, ax, ay)


def _marks(page_mm: tuple[float, float], ax: _Axis, ay: _Axis, xs: Sequence[float], ys: Sequence[float]) -> list[Line]:
    """Crop marks at both ends of every cut line (positions in mm)."""
    pw, ph = page_mm
    lines = []
    style_x = "bleedmark" if ay.in_bleed else "mark"  # vertical cuts: marks in the bottom and top bands
    style_y = "bleedmark" if ax.in_bleed else "mark"
    for x in xs:
        lines.append(Line(x * MM, ay.mark_hi * MM, x * MM, ay.mark_lo * MM, style_x))
        lines.append(Line(x * MM, (ph - ay.mark_hi) * MM, x * MM, (ph - ay.mark_lo) * MM, style_x))
    for y in ys:
        lines.append(Line(ax.mark_hi * MM, y * MM, ax.mark_lo * MM, y * MM, style_y))
        lines.append(Line((pw - ax.mark_hi) * MM, y * MM, (pw - ax.mark_lo) * MM, y * MM, style_y))
    return lines


def _cut_lines(ax: _Axis, size: float) -> list[float]:
    return sorted({round(s, 6) for s in ax.starts} | {round(s + size, 6) for s in ax.starts})


def _design(opts: PrintOptions, unit: tuple[float, float], ax: _Axis, ay: _Axis, turned: bool, what: str = "cards", fold: bool = False) -> str:
    b = opts.bleed
    n = ax.n * ay.n
    bits = [f"{n} {what} a sheet ({ax.n} x {ay.n}{', turned a quarter on the page' if turned else ''})"]
    if fold:
        bits[0] = f"{n} cards a sheet, each front beside its back ({ax.n} x {ay.n} pairs{', turned a quarter on the page' if turned else ''})"
    if b > 0:
        kept = []
        for name, a in (("columns", ax), ("rows", ay)):
            if a.n > 1:
                kept.append(f"{name} {2 * b:g} mm apart, two cuts a gap" if a.gap else f"{name} share cuts")
        edge = "every edge" if all(a.gap or a.n == 1 for a in (ax, ay)) else "every outer edge"
        if fold:
            edge += " but the fold"
        bits.append(f"{b:g} mm bleed on {edge}" + (f"; {'; '.join(kept)}" if kept else ""))
        if ax.in_bleed or ay.in_bleed:
            bits.append("some crop marks reach into the bleed (white-edged)")
    else:
        bits.append("no bleed")
    if b > 0:  # say so when the bleed costs cards, and what bleed would not
        for less in [v / 2 for v in range(int(b * 2) - 1, -1, -1)]:
            found = _grid(opts._replace(bleed=less), unit)
            if found and found[1].n * found[2].n > n:
                bits.append(f"--bleed {less:g} fits {found[1].n * found[2].n}")
                break
    return "Layout: " + "; ".join(bits) + "."


def _fits(opts: PrintOptions) -> bool:
    if opts.layout == "single":  # the page is the card
        return True
    cw, ch = opts.card_mm
    return _grid(opts, (cw, 2 * ch) if opts.layout == "fold" else (cw, ch)) is not None


def fit_problem(opts: PrintOptions, layouts: bool = True) -> str | None:
    """None when the cards of `opts` fit its paper in its layout; else one
    sentence naming the card, the paper and what would hold it (another paper,
    less bleed, another layout unless not `layouts`), for a refusal before
    anything is drawn."""
    if _fits(opts):
        return None
    cw, ch = opts.card_mm
    paper = opts.paper.upper() if opts.paper.startswith("a") else opts.paper
    pw, ph = opts.paper_mm
    what = f"a {cw:g}x{ch:g} mm card with {opts.bleed:g} mm bleed does not fit on {paper} ({pw:g}x{ph:g} mm, {PRINT_LIMIT:g} mm kept clear at each edge)"
    if opts.layout == "fold":
        what = f"--layout fold: a {cw:g}x{ch:g} mm card with its back beside it ({cw:g}x{2 * ch:g} mm) and {opts.bleed:g} mm bleed does not fit on {paper} ({pw:g}x{ph:g} mm, {PRINT_LIMIT:g} mm kept clear at each edge)"
    ways = [f"--paper {p}" for p in PAPERS if p != opts.paper and _fits(opts._replace(paper=p))]
    for less in [v / 2 for v in range(int(opts.bleed * 2) - 1, -1, -1)]:
        if _fits(opts._replace(bleed=less)):
            ways.append(f"--bleed {less:g}")
            break
    if layouts:
        if opts.layout == "fold" and _fits(opts._replace(layout="sheet")):
            ways.append("--layout sheet")
        ways.append("--layout single (one card a page, as a print shop takes it)")
    if not ways:
        ways.append("a smaller card_size")
    return f"{what}: use {', or '.join(ways)}"


def plan_sheet(opts: PrintOptions) -> SheetPlan:
    """n-up fronts on the portrait paper, centred, crop marks at every cut line."""
    cw, ch = opts.card_mm
    found = _grid(opts, (cw, ch))
    if found is None:
        raise ValueError("card larger than paper")
    turned, ax, ay = found
    fw, fh = (ch, cw) if turned else (cw, ch)
    b = opts.bleed
    slots = []
    for r in range(ay.n):
        y = ay.starts[ay.n - 1 - r]  # row 0 at the top
        for col in range(ax.n):
            x = ax.starts[col]
            slots.append(Slot(x * MM, y * MM, tuple(v * MM for v in _cell_bleed(ax, ay, r, col, b)), 90 if turned else 0))
    lines = _marks(opts.paper_mm, ax, ay, _cut_lines(ax, fw), _cut_lines(ay, fh))
    pw, ph = opts.paper_mm
    return SheetPlan((pw * MM, ph * MM), (cw * MM, ch * MM), ax.n, ay.n, tuple(slots), tuple(lines), (ax.gap == 0, ay.gap == 0), turned, _design(opts, (cw, ch), ax, ay, turned, "cards"))


def _cell_bleed(ax, ay, r: int, col: int, bleed: float) -> tuple[float, float, float, float]:
    """Bleed (left, bottom, right, top, mm) of the cell in row `r` (0 at the top)
    and column `col`: the full bleed on the sheet's outer edges, what the gap
    between neighbours allows inside."""
    return (
        bleed if col == 0 else ax.inner,
        bleed if r == ay.n - 1 else ay.inner,
        bleed if col == ax.n - 1 else ax.inner,
        bleed if r == 0 else ay.inner,
    )


def back_slot(front: Slot, page: tuple[float, float], card: tuple[float, float], duplex: str, offset_mm: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of a card goes on the backs page (pages are portrait).

    Long-edge flip mirrors x about the page centre, short-edge flip mirrors y;
    the back is turned so that it stands as the front does when the card is
    turned over sideways. The back offset (mm, as measured on the calibration
    sheet) is then added.
    """
    W, H = page
    fw, fh = front.footprint(card)
    l, b, r, t = front.bleed
    dx, dy = offset_mm[0] * MM, offset_mm[1] * MM
    if duplex == "long":
        return Slot(W - front.x - fw + dx, front.y + dy, (r, b, l, t), (-front.rotate) % 360)
    if duplex == "short":
        return Slot(front.x + dx, H - front.y - fh + dy, (l, t, r, b), (180 - front.rotate) % 360)
    raise ValueError(f"no backs for duplex {duplex!r}")


def plan_fold(opts: PrintOptions) -> SheetPlan:
    """Gutter fold: each front sits against its back across a fold line (the back
    turned so that folding puts it behind its front). Front and back share the
    fold edge; every other edge keeps full bleed, every cut line has marks.

    Returns a plan whose slots alternate front, back for each card.
    """
    cw, ch = opts.card_mm
    found = _grid(opts, (cw, 2 * ch))
    if found is None:
        raise ValueError("card too large for a gutter fold on this paper")
    turned, ax, ay = found
    fw, fh = (2 * ch, cw) if turned else (cw, 2 * ch)
    pw, ph = opts.paper_mm
    b = opts.bleed
    slots, folds = [], []
    for r in range(ay.n):
        y = ay.starts[ay.n - 1 - r]
        for col in range(ax.n):
            x = ax.starts[col]
            L, B, R, T = _cell_bleed(ax, ay, r, col, b)
            if turned:  # front on the left, back on the right, fold line upright between
                slots.append(Slot(x * MM, y * MM, (L * MM, B * MM, 0.0, T * MM), 90))
                slots.append(Slot((x + ch) * MM, y * MM, (0.0, B * MM, R * MM, T * MM), 270))
            else:  # front above, back below, fold line across
                slots.append(Slot(x * MM, (y + ch) * MM, (L * MM, 0.0, R * MM, T * MM), 0))
                slots.append(Slot(x * MM, y * MM, (L * MM, B * MM, R * MM, 0.0), 180))
    if turned:
        for x in sorted({round(s + ch, 6) for s in ax.starts}):
            folds.append(Line(x * MM, PRINT_LIMIT * MM, x * MM, (ph - PRINT_LIMIT) * MM, "fold"))
    else:
        for y in sorted({round(s + ch, 6) for s in ay.starts}):
            folds.append(Line(PRINT_LIMIT * MM, y * MM, (pw - PRINT_LIMIT) * MM, y * MM, "fold"))
    lines = _marks(opts.paper_mm, ax, ay, _cut_lines(ax, fw), _cut_lines(ay, fh)) + folds
    design = _design(opts, (cw, 2 * ch), ax, ay, turned, fold=True)
    return SheetPlan((pw * MM, ph * MM), (cw * MM, ch * MM), ax.n, ay.n, tuple(slots), tuple(lines), (ax.gap == 0, ay.gap == 0), turned, design)


def describe_layout(opts: PrintOptions) -> str:
    """One sentence for the run summary: how the cards sit, what bleed they keep."""
    if opts.layout == "single":
        return f"Layout: one card a page, {opts.bleed:g} mm bleed on every side."
    return (plan_fold(opts) if opts.layout == "fold" else plan_sheet(opts)).design


# -- where the small print goes --------------------------------------------------

def small_print_spot(page: tuple[float, float], arts: Sequence[tuple[float, float, float, float]], lines: Sequence[Line]):
    """A function for Document.new_page(footer=...): given the small-print text,
    where to write it (right end of the baseline x, y; angle; room, all pt) so it
    stays clear of the art, the crop marks and the printer's unprintable edge.

    Looks at the four margins (bottom, top, right, left, in that order of
    preference); a margin counts if it is tall enough for 6 pt text; within it,
    the stretches between crop marks. The text goes bottom right where it fits,
    else in the first stretch where it fits at full size, else the longest."""
    W, H = page
    lim = PRINT_LIMIT * MM  # across a margin the text may come this near the edge...
    usual = PRINTER_MARGIN * MM  # ...but sits at the usual page margin where there is room (and always along it)
    clear = 0.4 * MM  # from art and marks
    size = SMALL_PRINT_PT
    depth = 1.02 * size  # descender to ascender of the font, pt
    x0 = min((a[0] for a in arts), default=W)
    y0 = min((a[1] for a in arts), default=H)
    x1 = max((a[2] for a in arts), default=0)
    y1 = max((a[3] for a in arts), default=0)
    bands = [("bottom", lim, y0 - clear), ("top", y1 + clear, H - lim), ("right", x1 + clear, W - lim), ("left", lim, x0 - clear)]
    spots = []  # (band, along_lo, along_hi, across_lo, across_hi)
    for name, lo, hi in list(bands):
        # the part of a margin beyond the crop marks' reach has no marks in the way
        across_x = name in ("left", "right")
        reach = [sorted((ln.x0, ln.x1) if across_x else (ln.y0, ln.y1)) for ln in lines]
        reach = [(c0, c1) for c0, c1 in reach if c1 > lo - clear and c0 < hi + clear]
        if reach:
            bands.append((name, lo, min(c0 for c0, _ in reach) - clear))
            bands.append((name, max(c1 for _, c1 in reach) + clear, hi))
    for name, lo, hi in bands:
        if hi - lo < depth:
            continue
        across_x = name in ("left", "right")
        end = (H if across_x else W) - usual
        blocked = []
        for ln in lines:
            a0, a1 = sorted((ln.y0, ln.y1) if across_x else (ln.x0, ln.x1))
            c0, c1 = sorted((ln.x0, ln.x1) if across_x else (ln.y0, ln.y1))
            if c1 < lo - clear + 1e-6 or c0 > hi + clear - 1e-6:
                continue
            blocked.append((a0 - clear, a1 + clear))
        for a in arts:  # art reaching into the band (never, for the outer bands; kept for safety)
            a0, a1 = (a[1], a[3]) if across_x else (a[0], a[2])
            c0, c1 = (a[0], a[2]) if across_x else (a[1], a[3])
            if c1 > lo and c0 < hi:
                blocked.append((a0 - clear, a1 + clear))
        start = usual
        for b0, b1 in sorted(blocked) + [(end, end)]:
            if b0 > start:
                spots.append((name, start, min(b0, end), lo, hi))
            start = max(start, b1)

    def place(text: str):
        need = fonts.text_width(text, fonts.SANS, size)
        fits = [s for s in spots if s[2] - s[1] >= need]
        if fits:
            bottoms = [s for s in fits if s[0] == "bottom"]
            spot = max(bottoms, key=lambda s: s[2]) if bottoms else fits[0]
        elif spots:
            spot = max(spots, key=lambda s: s[2] - s[1])
        else:  # no margin at all: the classic spot (never happens on the sizes we plan)
            return (W - usual, usual, 0, W / 2)
        name, a0, a1, lo, hi = spot
        room = a1 - a0
        edge = usual if name in ("bottom", "left") else (H if name == "top" else W) - usual
        # the text's body (descender to ascender) as near the usual margin as the band allows
        body = max(lo, min(edge, hi - depth)) if name in ("bottom", "left") else min(hi, max(edge, lo + depth)) - depth
        if name in ("bottom", "top"):
            return (a1, body + 0.25 * size, 0, room)
        return (body + 0.77 * size, a1, 90, room)  # turned a quarter, reading upwards: letters' tops towards -x

    return place


def lines_for(plan: SheetPlan, slots: Sequence[Slot]) -> list[Line]:
    """The plan's crop marks (and folds) for the cut lines that have a card
    among `slots`: a part-filled sheet gets no marks over its empty slots."""
    eps = 0.01  # pt
    xs, ys = set(), set()
    for s in slots:
        fw, fh = s.footprint(plan.card)
        xs.update((s.x, s.x + fw))
        ys.update((s.y, s.y + fh))
    # the full grid's extent: a cut line's end marks sit beyond it; where the cards on a
    # line stop short of it (a part-filled last sheet), its marks move to their ends
    foot = [(s.x, s.y, s.x + s.footprint(plan.card)[0], s.y + s.footprint(plan.card)[1]) for s in plan.fronts]
    gx0, gy0 = min(f[0] for f in foot), min(f[1] for f in foot)
    gx1, gy1 = max(f[2] for f in foot), max(f[3] for f in foot)
    out = []
    for ln in plan.lines:
        if ln.x0 == ln.x1:  # a vertical cut (or fold) line
            keep = any(abs(ln.x0 - x) < eps for x in xs)
        else:
            keep = any(abs(ln.y0 - y) < eps for y in ys)
        if not keep:
            continue
        if ln.style != "fold":
            vertical = ln.x0 == ln.x1
            on = [(s.x, s.y, s.x + fw, s.y + fh) for s in slots for fw, fh in [s.footprint(plan.card)]
                  if (vertical and (abs(s.x - ln.x0) < eps or abs(s.x + fw - ln.x0) < eps)) or (not vertical and (abs(s.y - ln.y0) < eps or abs(s.y + fh - ln.y0) < eps))]
            lo, hi = (min(o[1] for o in on), max(o[3] for o in on)) if vertical else (min(o[0] for o in on), max(o[2] for o in on))
            g0, g1 = (gy0, gy1) if vertical else (gx0, gx1)
            a, b = (ln.y0, ln.y1) if vertical else (ln.x0, ln.x1)
            shift = lo - g0 if max(a, b) <= g0 + eps else hi - g1 if min(a, b) >= g1 - eps else 0.0
            if shift:
                ln = ln._replace(y0=ln.y0 + shift, y1=ln.y1 + shift) if vertical else ln._replace(x0=ln.x0 + shift, x1=ln.x1 + shift)
        out.append(ln)
    return out


# -- drawing -------------------------------------------------------------------

def _draw_lines(c, lines: Sequence[Line]) -> None:
    c.saveState()
    c.setLineCap(0)
    for ln in lines:
        if ln.style == "fold":  # black and white dashes: visible on paper and on art
            c.setLineWidth(0.6)
            c.setStrokeColorRGB(1, 1, 1)
            c.setDash([2, 2], 2)
            c.line(ln.x0, ln.y0, ln.x1, ln.y1)
            c.setStrokeColorRGB(0, 0, 0)
            c.setDash([2, 2], 0)
        else:
            c.setDash()
            if ln.style == "bleedmark":
                c.setLineWidth(HALO_WIDTH)
                c.setStrokeColorRGB(1, 1, 1)
                c.line(ln.x0, ln.y0, ln.x1, ln.y1)
            c.setLineWidth(MARK_WIDTH)
            c.setStrokeColorRGB(0, 0, 0)
        c.line(ln.x0, ln.y0, ln.x1, ln.y1)
    c.restoreState()


_LOCAL_BLEED = {  # page-direction bleed (L, B, R, T) -> the card's own (l, b, r, t)
    0: lambda L, B, R, T: (L, B, R, T),
    90: lambda L, B, R, T: (B, R, T, L),
    180: lambda L, B, R, T: (R, T, L, B),
    270: lambda L, B, R, T: (T, L, B, R),
}


class _Placer:
    """Draws faces at slots. A face drawn more than once (a shared back, a card's
    copies: faces with one key) is drawn once as a PDF form, with full bleed,
    and each slot shows it through its own bleed clip."""

    def __init__(self, doc, card: tuple[float, float], full_bleed: float) -> None:
        self.doc = doc
        self.w, self.h = card
        self.full = full_bleed
        self.forms: dict = {}  # key -> form name
        # a card's copies follow one another: once a run of copies is drawn its form is
        # not placed again (unless --copies prints the deck again), so only the last is kept
        self.last: dict | None = {} if doc.options.copies == 1 else None

    def place(self, face: Face, slot: Slot, index: int, key=None) -> None:
        c = self.doc.c
        w, h = self.w, self.h
        l, b, r, t = _LOCAL_BLEED[slot.rotate](*slot.bleed)
        if key is not None and key not in self.forms:
            if self.last is not None and len(key) == 2:  # ("front" or "back", the run's key)
                self.forms.pop(self.last.get(key[0]), None)
                self.last[key[0]] = key
            self.forms[key] = name = self.doc.unique_name("PKBack" if key == _SHARED_BACK else "PKFace")
            f = self.full
            c.saveState()
            c.beginForm(name, -f, -f, w + f, h + f)
            face(c, CardArt(w, h, (f, f, f, f), self.doc.options.safe * MM, self.doc.ink, index))
            c.endForm()
            c.restoreState()
        c.saveState()
        if slot.rotate == 90:
            c.translate(slot.x + h, slot.y)
        elif slot.rotate == 180:
            c.translate(slot.x + w, slot.y + h)
        elif slot.rotate == 270:
            c.translate(slot.x, slot.y + w)
        else:
            c.translate(slot.x, slot.y)
        if slot.rotate:
            c.rotate(slot.rotate)
        p = c.beginPath()
        p.rect(-l, -b, w + l + r, h + b + t)
        c.clipPath(p, stroke=0, fill=0)
        if key is not None:
            c.doForm(self.forms[key])
        else:
            face(c, CardArt(w, h, (l, b, r, t), self.doc.options.safe * MM, self.doc.ink, index))
        c.restoreState()


_SHARED_BACK = ("back",)


class _Keys(NamedTuple):
    """Which faces are drawn as forms: card i's front under `front(i)`, its back
    under `back(i)` (None: drawn on the card itself)."""

    cards: Sequence | None  # each card's key, or None; None: no card has one
    shared_back: bool

    def front(self, i: int):
        k = None if self.cards is None else self.cards[i]
        return None if k is None else ("front", k)

    def back(self, i: int):
        if self.shared_back:
            return _SHARED_BACK
        k = None if self.cards is None else self.cards[i]
        return None if k is None else ("back", k)


def _form_keys(keys: Sequence | None, n: int, shared_back: bool) -> _Keys:
    """Keys that three cards or more have: only those are worth a form. (A
    form's content is compressed on its own and has a dictionary of its own:
    for two copies about the bytes of drawing both on their pages, and more
    objects held until the save; from three copies on, less of both.)"""
    if keys is None:
        return _Keys(None, shared_back)
    if len(keys) != n:
        raise ValueError(f"{len(keys)} face keys for {n} cards")
    seen: dict = {}
    for k in keys:
        if k is not None:
            seen[k] = seen.get(k, 0) + 1
    return _Keys([k if k is not None and seen[k] > 2 else None for k in keys], shared_back)


def draw_deck(doc, fronts: Sequence[Face], back: Face | Sequence[Face], keys: Sequence | None = None) -> None:
    """Impose a deck on the document's paper by its layout, duplex and copies.

    `keys` (optional, one a card): cards with equal keys look the same, front
    and back (a row's copies): each such face is drawn once, as a form, and
    shown on every card of its key. A key fewer than three cards have, and
    None, draw the card's faces on it."""
    opts: PrintOptions = doc.options
    n = len(fronts)
    fronts = fronts if opts.copies == 1 else list(fronts) * opts.copies  # a sequence may make its faces as asked
    if keys is not None and opts.copies != 1:
        keys = list(keys) * opts.copies
    shared_back = not isinstance(back, (list, tuple))
    backs = [back] * len(fronts) if shared_back else list(back) * opts.copies
    form_keys = _form_keys(keys, n * opts.copies, shared_back)
    if opts.layout == "single":
        _draw_single(doc, fronts, backs, form_keys)
    elif opts.layout == "fold":
        _draw_fold(doc, fronts, backs, form_keys)
    else:
        _draw_sheets(doc, fronts, backs, form_keys)


def _draw_sheets(doc, fronts, backs, keys: _Keys) -> None:
    opts = doc.options
    plan = plan_sheet(opts)
    placer = _Placer(doc, plan.card, opts.bleed * MM)
    per = plan.per_page
    front_spot = small_print_spot(plan.page, [s.art_box(plan.card) for s in plan.fronts], plan.lines)
    back_slots = [back_slot(s, plan.page, plan.card, opts.duplex, opts.back_offset) for s in plan.fronts] if opts.duplex != "none" else []
    back_spot = small_print_spot(plan.page, [s.art_box(plan.card) for s in back_slots], [])
    for start in range(0, len(fronts), per):
        chunk = range(start, min(start + per, len(fronts)))
        slots = _filled(plan, len(chunk), opts.bleed * MM)
        c = doc.new_page(plan.page, footer=front_spot)
        for k, i in enumerate(chunk):
            placer.place(fronts[i], slots[k], i, keys.front(i))
        _draw_lines(c, lines_for(plan, slots))
        if opts.duplex == "none":
            continue
        doc.new_page(plan.page, footer=back_spot)
        for k, i in enumerate(chunk):
            slot = back_slots[k] if slots[k] is plan.fronts[k] else back_slot(slots[k], plan.page, plan.card, opts.duplex, opts.back_offset)
            placer.place(backs[i], slot, i, keys.back(i))


def _filled(plan: SheetPlan, n: int, bleed: float) -> list[Slot]:
    """The first n slots of a sheet; on a part-filled sheet a card whose right or
    lower neighbour's slot is empty gets its full bleed on that side (the empty
    slot has room for it), so no card edge is cut without bleed."""
    slots = list(plan.fronts[:n])
    if n == plan.per_page:
        return slots
    for k, s in enumerate(slots):
        col, row = k % plan.cols, k // plan.cols
        l, b, r, t = s.bleed
        if col + 1 < plan.cols and k + 1 >= n:
            r = bleed
        if row + 1 < plan.rows and k + plan.cols >= n:
            b = bleed
        if (l, b, r, t) != s.bleed:
            slots[k] = s._replace(bleed=(l, b, r, t))
    return slots


def _draw_fold(doc, fronts, backs, keys: _Keys) -> None:
    plan = plan_fold(doc.options)
    placer = _Placer(doc, plan.card, doc.options.bleed * MM)
    per = plan.per_page
    spot = small_print_spot(plan.page, [s.art_box(plan.card) for s in plan.fronts], plan.lines)
    for start in range(0, len(fronts), per):
        c = doc.new_page(plan.page, footer=spot)
        chunk = range(start, min(start + per, len(fronts)))
        for k, i in enumerate(chunk):
            placer.place(fronts[i], plan.fronts[2 * k], i, keys.front(i))
            placer.place(backs[i], plan.fronts[2 * k + 1], i, keys.back(i))
        _draw_lines(c, lines_for(plan, plan.fronts[: 2 * len(chunk)]))


def single_boxes(opts: PrintOptions) -> tuple[tuple[float, float], tuple, tuple]:
    """Print-shop page: the card plus bleed; (page size, TrimBox, BleedBox) in pt."""
    w, h = (v * MM for v in opts.card_mm)
    b = opts.bleed * MM
    page = (w + 2 * b, h + 2 * b)
    return page, (b, b, b + w, b + h), (0.0, 0.0, page[0], page[1])


def _draw_single(doc, fronts, backs, keys: _Keys) -> None:
    opts = doc.options
    page, trim, bleed = single_boxes(opts)
    w, h = (v * MM for v in opts.card_mm)
    b = opts.bleed * MM
    placer = _Placer(doc, (w, h), b)
    slot = Slot(b, b, (b, b, b, b))
    order = opts.order
    pages: list[tuple[Face, int, object]] = []  # (face, card, its form key)
    if opts.duplex == "none":
        pages = [(f, i, keys.front(i)) for i, f in enumerate(fronts)]
    elif order == "fronts-first":
        pages = [(f, i, keys.front(i)) for i, f in enumerate(fronts)] + [(bk, i, keys.back(i)) for i, bk in enumerate(backs)]
    else:
        for i, f in enumerate(fronts):
            pages += [(f, i, keys.front(i)), (backs[i], i, keys.back(i))]
    for face, i, key in pages:
        doc.new_page(page, trim=trim, bleed=bleed, footer=False)
        placer.place(face, slot, i, key)


def pages_for(n_cards: int, opts: PrintOptions) -> int:
    """How many pages a deck of n cards takes (for summaries and tests)."""
    n = n_cards * opts.copies
    if opts.layout == "single":
        return n if opts.duplex == "none" else 2 * n
    if opts.layout == "fold":
        return math.ceil(n / plan_fold(opts).per_page)
    sheets = math.ceil(n / plan_sheet(opts).per_page)
    return sheets if opts.duplex == "none" else 2 * sheets

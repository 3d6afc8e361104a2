"""Find printed text that overprints other text: the glyph boxes of two
different text runs (a line, a label, a caption) overlapping on a page.

pdfium reads each page's text as a reader's viewer does: every character with
its tight glyph box (the ink, not the line box) and the text object (one string
shown by one operator) it belongs to. Characters are grouped into runs by their
text object; two runs collide when a glyph of one overlaps a glyph of the other
by more than `TOL` pt both across and down. Two glyphs side by side on one
baseline may touch (up to `TOUCH` pt): a word set letter by letter in two faces,
an italic letter leaning on the next. So a label that ends exactly where the next
begins (a missing space) is not caught; one that runs into the next is. Adjacent runs of one line (a bold
word before a regular one) abut and do not overlap by that much; a label whose
translation outgrew its room and runs into the next label does.

    from textcollide import collisions
    for c in collisions("kit.pdf"):     # Collision(page, a, b, box)
        ...
"""

from __future__ import annotations

import ctypes
from typing import NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as raw

#: pt two glyph boxes may share both across and down before it counts (accents
#: of one line grazing the descenders of the line above, an italic overhang)
TOL = 0.5
#: pt a glyph may lean into its neighbour on the same baseline (see _touch)
TOUCH = 1.0


class Run(NamedTuple):
    text: str
    fill: tuple  # its fill colour, (r, g, b) 0-255
    box: tuple  # (x0, y0, x1, y1) of all its glyphs, page pt
    glyphs: tuple  # each glyph's ink box and pdfium's loose box (the font's descent to ascent), each (x0, y0, x1, y1)


class Collision(NamedTuple):
    page: int  # 1-based
    a: str  # the two runs' text
    b: str
    box: tuple  # the first overlapping pair of glyphs' common box

    def __str__(self) -> str:
        x0, y0, x1, y1 = self.box
        return f"page {self.page}: {self.a!r} overprints {self.b!r} at ({x0:.1f}, {y0:.1f})-({x1:.1f}, {y1:.1f}) pt"


#: the fill of the letters on the Crypto Crisis hint flap, printed to overprint
#: each other so a hint does not show through the folded paper
COVER_FILL = (38, 38, 38)


def _fill(tp, i: int) -> tuple:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not raw.FPDFText_GetFillColor(tp.raw, i, r, g, b, a):
        return (0, 0, 0)
    return (r.value, g.value, b.value)


def _loose(tp, i: int) -> tuple:
    r = raw.FS_RECTF()
    raw.FPDFText_GetLooseCharBox(tp.raw, i, r)
    return (min(r.left, r.right), min(r.top, r.bottom), max(r.left, r.right), max(r.top, r.bottom))


def runs(page) -> list[Run]:
    """The page's text runs: its printed characters grouped by text object."""
    tp = page.get_textpage()
    try:
        by_obj: dict[int, list] = {}
        order: list[int] = []
        for i in range(tp.count_chars()):
            code = raw.FPDFText_GetUnicode(tp.raw, i)
            if code <= 32 or code in (0xA0, 0x202F, 0x2009, 0xFFFE) or raw.FPDFText_IsGenerated(tp.raw, i) == 1:
                continue
            x0, y0, x1, y1 = tp.get_charbox(i)
            if x1 - x0 <= 0 or y1 - y0 <= 0:
                continue
            loose = _loose(tp, i)
            obj = ctypes.cast(raw.FPDFText_GetTextObject(tp.raw, i), ctypes.c_void_p).value or 0
            if obj not in by_obj:
                by_obj[obj] = []
                order.append(obj)
            by_obj[obj].append((chr(code), ((x0, y0, x1, y1), loose), _fill(tp, i)))
        out = []
        for obj in order:
            chars = by_obj[obj]
            boxes = tuple(b for _, b, _ in chars)
            box = (min(b[0][0] for b in boxes), min(b[0][1] for b in boxes), max(b[0][2] for b in boxes), max(b[0][3] for b in boxes))
            out.append(Run("".join(c for c, _, _ in chars), chars[0][2], box, boxes))
        return out
    finally:
        tp.close()


def _overlap(a, b, tol: float):
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    if x1 - x0 > tol and y1 - y0 > tol:
        return (x0, y0, x1, y1)
    return None


def _touch(ga, gb, o) -> bool:
    """Two glyphs of one line that only touch: side by side on one baseline (their
    pen boxes share their bottom), the ink of one leaning at most TOUCH pt into the
    other (an italic W beside an upright A, an italic f's tail at a comma)."""
    return abs(ga[1][1] - gb[1][1]) < 0.5 and abs(ga[1][3] - gb[1][3]) < 0.5 and o[2] - o[0] <= TOUCH


def page_collisions(page, number: int = 1, tol: float = TOL, ignore=None) -> list[Collision]:
    """Every pair of runs of one page whose glyphs overlap (one Collision per
    pair); `ignore(run)` true: a run printed to overprint (a pattern of letters)."""
    rs = sorted((r for r in runs(page) if not (ignore and ignore(r))), key=lambda r: r.box[0])
    found = []
    for i, a in enumerate(rs):
        for b in rs[i + 1 :]:
            if b.box[0] >= a.box[2] - tol:
                break  # sorted by left edge: no later run reaches back into a
            if not _overlap(a.box, b.box, tol):
                continue
            hit = next((o for ga in a.glyphs for gb in b.glyphs if (o := _overlap(ga[0], gb[0], tol)) and not _touch(ga, gb, o)), None)
            if hit:
                found.append(Collision(number, a.text, b.text, hit))
    return found


def _each_page(path, check, tol: float, ignore) -> list:
    """`check(page, number, tol, ignore)` over every page of the PDF at `path`."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        out = []
        for n in range(len(pdf)):
            page = pdf[n]
            try:
                out.extend(check(page, n + 1, tol, ignore))
            finally:
                page.close()
        return out
    finally:
        pdf.close()


def collisions(path, tol: float = TOL, ignore=None) -> list[Collision]:
    """Every overprint in the PDF at `path`, page by page."""
    return _each_page(path, page_collisions, tol, ignore)


class Crossing(NamedTuple):
    page: int  # 1-based
    text: str  # the run a ruled line crosses
    line: tuple  # the line's (x0, y0, x1, y1)

    def __str__(self) -> str:
        x0, y0, x1, y1 = self.line
        return f"page {self.page}: a ruled line ({x0:.1f}, {y0:.1f})-({x1:.1f}, {y1:.1f}) crosses {self.text!r}"


def ruled_lines(page) -> list[tuple]:
    """The page's solid stroked straight lines, across or down (box edges, rules,
    table lines), as (x0, y0, x1, y1) page pt; dashed lines (cut and fold lines,
    which leave a gap for their label) and lines inside forms are left out."""
    out = []
    for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_PATH,), max_depth=1):
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        if not raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke) or not stroke.value:
            continue
        if raw.FPDFPageObj_GetDashCount(obj.raw) > 0:
            continue
        m = raw.FS_MATRIX()
        raw.FPDFPageObj_GetMatrix(obj.raw, m)

        def at(px: float, py: float) -> tuple:
            return (m.a * px + m.c * py + m.e, m.b * px + m.d * py + m.f)

        start = prev = None
        for k in range(raw.FPDFPath_CountSegments(obj.raw)):
            seg = raw.FPDFPath_GetPathSegment(obj.raw, k)
            x, y = ctypes.c_float(), ctypes.c_float()
            raw.FPDFPathSegment_GetPoint(seg, x, y)
            pt = at(x.value, y.value)
            kind = raw.FPDFPathSegment_GetType(seg)
            if kind == raw.FPDF_SEGMENT_LINETO and prev is not None:
                out.append((prev, pt))
            if kind == raw.FPDF_SEGMENT_MOVETO:
                start = pt
            prev = pt
            if raw.FPDFPathSegment_GetClose(seg) and start is not None:
                out.append((pt, start))
                prev = start
    lines = []
    for (ax, ay), (bx, by) in out:
        if (abs(ax - bx) < 0.1 or abs(ay - by) < 0.1) and abs(ax - bx) + abs(ay - by) > 2:
            lines.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
    return lines


def page_crossings(page, number: int = 1, tol: float = TOL, ignore=None) -> list[Crossing]:
    """Text runs a ruled line runs through: the line inside a glyph's ink box by
    more than `tol` pt from both its edges (a label over a box edge). A line
    along the text that ends within the text's height of its ends is a mark made
    for it (a strike, an underline) and does not count."""
    found = []
    lines = ruled_lines(page)
    for r in runs(page):
        if ignore and ignore(r):
            continue
        x0, y0, x1, y1 = r.box
        reach = y1 - y0
        for ln in lines:
            lx0, ly0, lx1, ly1 = ln
            if lx1 < x0 or lx0 > x1 or ly1 < y0 or ly0 > y1:
                continue
            if ly1 - ly0 < 0.1 and x0 - reach <= lx0 and lx1 <= x1 + reach:
                continue  # along the text and no longer than it: its strike or underline
            if any(_crosses(g[0], ln, tol) for g in r.glyphs) or _between(r.glyphs, ln, tol):
                found.append(Crossing(number, r.text, ln))
                break
    return found


def _between(glyphs, ln, tol: float) -> bool:
    """An upright line through the gap between two neighbouring glyphs of one line of
    text (between two letters or two words), not through either's ink: a label
    running into a box whose edge happens to fall in that gap (PALABRA CLAV|E)."""
    lx0, ly0, lx1, ly1 = ln
    if lx1 - lx0 >= 0.1:
        return False
    for (a, _), (b, _) in zip(glyphs, glyphs[1:]):
        same_line = b[0] > a[0] and min(a[3], b[3]) - max(a[1], b[1]) > tol
        if same_line and a[2] - tol <= lx0 <= b[0] + tol and a[0] + tol < lx0 < b[2] - tol:
            if min(a[3], b[3], ly1) - max(a[1], b[1], ly0) > tol:
                return True
    return False


def _crosses(g, ln, tol: float) -> bool:
    gx0, gy0, gx1, gy1 = g
    lx0, ly0, lx1, ly1 = ln
    if ly1 - ly0 < 0.1:  # across: inside the glyph's height, along part of its width
        return gy0 + tol < ly0 < gy1 - tol and min(gx1, lx1) - max(gx0, lx0) > tol
    return gx0 + tol < lx0 < gx1 - tol and min(gy1, ly1) - max(gy0, ly0) > tol


def crossings(path, tol: float = TOL, ignore=None) -> list[Crossing]:
    """Every ruled line through printed text in the PDF at `path`."""
    return _each_page(path, page_crossings, tol, ignore)

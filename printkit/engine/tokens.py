"""Token sheets: many small pieces (discs or squares) packed on pages, and an
optional section title per group. Squares sit edge to edge and share their black
cut lines (white on a dark group, `cut_rgb`); discs keep a small gap, each with its
own outline."""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from printkit.engine import fonts, text as typeset
from printkit.engine.ink import Ink
from printkit.engine.units import MM

MARGIN = 10.0  # mm


class TokenArt(NamedTuple):
    w: float  # pt
    h: float
    shape: str  # "circle" | "square"
    ink: Ink
    index: int


TokenFace = Callable[[object, TokenArt], None]


class TokenGroup(NamedTuple):
    title: str
    faces: Sequence[TokenFace]
    size_mm: tuple[float, float]
    shape: str = "square"  # circle | square
    cut_rgb: tuple[float, float, float] | None = None  # the cut lines' colour; None: black. White on dark faces, so the cuts show


CUT_RGB = (0.0, 0.0, 0.0)  # cut lines print black: say "cut on the black lines"
CUT_WIDTH = 0.5  # pt
CIRCLE_GAP = 1.5  # mm between round tokens (each is cut on its own)


def draw_token_groups(doc, groups: Sequence[TokenGroup], *, page_title: str = "", gap_mm: float | None = None, top: float | None = None) -> float:
    """Lay out groups one after another, row by row, starting new pages as needed;
    returns the y (pt) below the last row, on the last page.

    Square tokens sit edge to edge, so neighbours share one black cut line (one cut
    between two tokens, not two); round tokens keep CIRCLE_GAP mm apart, each
    with its own black outline. Each token is drawn with its origin at its
    bottom-left corner and clipped to its shape; the cut outline goes on top.
    `top` (pt) continues on the current page instead of starting a new one.
    """
    W, H = doc.options.paper_pt
    m = MARGIN * MM
    c = None

    def new_page() -> float:
        nonlocal c
        c = doc.new_page()
        top = H - m
        if page_title:
            c.setFillColorRGB(0, 0, 0)
            typeset.label(c, m, top - 14, page_title, font=fonts.SANS_BOLD, size=14)
            top -= 22
        return top

    if top is None:
        y = new_page()
    else:
        c = doc.c
        y = top
    for group in groups:
        tw, th = group.size_mm[0] * MM, group.size_mm[1] * MM
        gap = (gap_mm if gap_mm is not None else (CIRCLE_GAP if group.shape == "circle" else 0.0)) * MM
        cols = max(1, int((W - 2 * m + gap + 1e-6) // (tw + gap)))
        x0 = m
        if y - 14 - th < m + 6 * MM:
            y = new_page()
        c.setFillColorRGB(0, 0, 0)
        n = len(group.faces)  # a title ending in brackets gets the count inside them, not a second pair
        typeset.label(c, m, y - 11, doc.gettext("{title}, {n} in all)").format(title=group.title[:-1], n=n) if group.title.endswith(")") else f"{group.title} ({n})", font=fonts.SANS_BOLD, size=10)
        y -= 15
        for k, face in enumerate(group.faces):
            col = k % cols
            if col == 0 and k > 0:
                y -= th + gap
            if col == 0 and y - th < m + 6 * MM:
                y = new_page() - 2
            x = x0 + col * (tw + gap)
            by = y - th
            c.saveState()
            c.translate(x, by)
            p = c.beginPath()
            if group.shape == "circle":
                p.circle(tw / 2, th / 2, min(tw, th) / 2)
            else:
                p.rect(0, 0, tw, th)
            c.saveState()
            c.clipPath(p, stroke=0, fill=0)
            face(c, TokenArt(tw, th, group.shape, doc.ink, k))
            c.restoreState()
            c.setLineWidth(CUT_WIDTH)
            c.setStrokeColorRGB(*(group.cut_rgb or CUT_RGB))
            if group.shape == "circle":
                c.circle(tw / 2, th / 2, min(tw, th) / 2, stroke=1, fill=0)
            else:
                c.rect(0, 0, tw, th, stroke=1, fill=0)
            c.restoreState()
        y -= th + gap + 4 * MM
    return y

"""Token sheets: many small pieces (discs or squares) packed on pages with a
thin cut outline around each, and an optional section title per group."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from printkit.engine import fonts
from printkit.engine.ink import Ink
from printkit.engine.units import MM

MARGIN = 10.0  # mm


@dataclass(frozen=True)
class TokenArt:
    w: float  # pt
    h: float
    shape: str  # "circle" | "square"
    ink: Ink
    index: int


TokenFace = Callable[[object, TokenArt], None]


@dataclass(frozen=True)
class TokenGroup:
    title: str
    faces: Sequence[TokenFace]
    size_mm: tuple[float, float]
    shape: str = "square"  # circle | square


def draw_token_groups(doc, groups: Sequence[TokenGroup], *, page_title: str = "", gap_mm: float = 2.0) -> None:
    """Lay out groups one after another, row by row, starting new pages as needed.

    Each token is drawn with its origin at its bottom-left corner and clipped to
    its shape; its cut outline is drawn on top.
    """
    W, H = doc.options.paper_pt
    m, gap = MARGIN * MM, gap_mm * MM
    c = None
    y = 0.0

    def new_page() -> float:
        nonlocal c
        c = doc.new_page()
        top = H - m
        if page_title:
            c.setFont(fonts.SANS_BOLD, 14)
            c.setFillColorRGB(0, 0, 0)
            c.drawString(m, top - 14, page_title)
            top -= 22
        return top

    y = new_page()
    for group in groups:
        tw, th = group.size_mm[0] * MM, group.size_mm[1] * MM
        cols = max(1, int((W - 2 * m + gap) // (tw + gap)))
        if y - 14 - th < m + 6 * MM:
            y = new_page()
        c.setFont(fonts.SANS_BOLD, 10)
        c.setFillColorRGB(0, 0, 0)
        c.drawString(m, y - 11, f"{group.title} ({len(group.faces)})")
        y -= 15
        for k, face in enumerate(group.faces):
            col = k % cols
            if col == 0 and k > 0:
                y -= th + gap
            if col == 0 and y - th < m + 6 * MM:
                y = new_page() - 2
            x = m + col * (tw + gap)
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
            c.setLineWidth(0.4)
            c.setStrokeColorRGB(0.3, 0.3, 0.3)
            if group.shape == "circle":
                c.circle(tw / 2, th / 2, min(tw, th) / 2, stroke=1, fill=0)
            else:
                c.rect(0, 0, tw, th, stroke=1, fill=0)
            c.restoreState()
        y -= th + gap + 4 * MM

"""Fonts: free TTF files from fonts/, embedded and subset in every PDF."""

from __future__ import annotations

from printkit.engine.resources import resource_dir

SANS = "PKSans"
SANS_BOLD = "PKSans-Bold"
SANS_ITALIC = "PKSans-Italic"
SANS_BOLD_ITALIC = "PKSans-BoldItalic"

_FILES = {
    SANS: "NotoSans-Regular.ttf",
    SANS_BOLD: "NotoSans-Bold.ttf",
    SANS_ITALIC: "NotoSans-Italic.ttf",
    SANS_BOLD_ITALIC: "NotoSans-BoldItalic.ttf",
}
_registered = False


def register_fonts() -> None:
    """Register the shipped faces with ReportLab once per process."""
    global _registered
    if _registered:
        return
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = resource_dir("fonts")
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD_ITALIC)
    _registered = True


def text_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font, size)


def fit_size(text: str, font: str, size: float, max_width: float, min_size: float = 4.0) -> float:
    """The largest size <= `size` at which `text` fits in `max_width`."""
    w = text_width(text, font, size)
    if w <= max_width or w == 0:
        return size
    return max(min_size, size * max_width / w)

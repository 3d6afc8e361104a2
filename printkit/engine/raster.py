"""Digital exports: PDF pages to PNG (pdfium renders them), single cards, and
deck sheets (a grid of up to 10x7 cards) for virtual tabletops.

Memory stays bounded whatever the options: pages are rendered and written one
at a time, an image over MAX_PIXELS is refused before anything is rendered, and
a tabletop sheet is at most TABLETOP_MAX_SIDE pixels a side.
"""

from __future__ import annotations

import io
import math
import os

from printkit.errors import UsageError

TABLETOP_COLS, TABLETOP_ROWS = 10, 7
#: Largest image printkit renders: pdfium peaks near 7 bytes a pixel, so 25
#: million pixels keep a whole export under 300 MB (A4 at 500 dpi is 24.2 million).
MAX_PIXELS = 25_000_000
#: Tabletop sheets are at most this many pixels a side: what virtual tabletops
#: load comfortably; the single card PNGs keep the full --dpi.
TABLETOP_MAX_SIDE = 4096


def open_pdf(pdf):
    """A PDF for pdfium: bytes, a path, or an open binary file (Document.pdf_file()),
    which pdfium reads as it needs and closes with the document."""
    import pypdfium2 as pdfium

    if isinstance(pdf, bytes):
        return pdfium.PdfDocument(io.BytesIO(pdf))
    if hasattr(pdf, "read"):
        return pdfium.PdfDocument(pdf, autoclose=True)
    return pdfium.PdfDocument(pdf)


def pixels(size_pt: tuple[float, float], dpi: float) -> tuple[int, int]:
    w, h = size_pt
    return (max(1, math.ceil(w * dpi / 72.0)), max(1, math.ceil(h * dpi / 72.0)))


def check_pixels(size_pt: tuple[float, float], dpi: float, what: str) -> None:
    """UsageError before rendering an image over MAX_PIXELS."""
    w, h = pixels(size_pt, dpi)
    if w * h > MAX_PIXELS:
        best = int(72.0 * math.sqrt(MAX_PIXELS / (size_pt[0] * size_pt[1])))
        raise UsageError(f"--dpi {dpi:g}: {what} would be {w}x{h} pixels ({w * h / 1e6:.1f} million); the limit is {MAX_PIXELS / 1e6:.0f} million an image: use --dpi {best} or lower")


def iter_pages(doc, dpi: float, pages=None, *, keep: bool = False):
    """(index, RGB PIL image) for each page (0-based; all by default), one at a
    time. The image shares pdfium's bitmap, valid until the next page is asked
    for (no copy: a page at the pixel limit is 75 MB); `keep` copies it."""
    idx = range(len(doc)) if pages is None else pages
    for i in idx:
        if not 0 <= i < len(doc):
            raise IndexError(f"page {i + 1} is not in the PDF ({len(doc)} pages)")
        page = doc[i]
        try:
            bitmap = page.render(scale=dpi / 72.0, rev_byteorder=True)
        finally:
            page.close()
        image = bitmap.to_pil()
        if image.mode != "RGB":
            image = image.convert("RGB")
        elif keep:
            image = image.copy()
        yield i, image
        del image, bitmap  # freed before the next page is rendered


def render_pages(pdf: bytes | str | os.PathLike, dpi: float, pages: list[int] | None = None) -> list:
    """Render pages (0-based indices; all by default) to RGB PIL images (small jobs
    and tests; exports use iter_pages)."""
    doc = open_pdf(pdf)
    try:
        return [img for _, img in iter_pages(doc, dpi, pages, keep=True)]
    finally:
        doc.close()


def png_bytes(image, dpi: float) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False)
    return buf.getvalue()


def tabletop_layout(n_cards: int, with_back: bool) -> list[list[int]]:
    """Card indices per tabletop sheet (up to 10x7; the last cell is kept for the
    back when there is one shared back)."""
    per = TABLETOP_COLS * TABLETOP_ROWS - (1 if with_back else 0)
    return [list(range(s, min(s + per, n_cards))) for s in range(0, n_cards, per)]


def tabletop_sheet(load, indices: list[int], size: tuple[int, int], back=None):
    """One tabletop sheet: `load(i)` gives card i's image or PNG file (loaded one
    at a time, shrunk to its cell at once); `back` likewise. Cards are scaled down
    to keep the sheet within TABLETOP_MAX_SIDE a side."""
    from PIL import Image

    n = len(indices) + (1 if back is not None else 0)
    cols = min(TABLETOP_COLS, n)
    rows = -(-n // cols)
    w, h = size
    scale = min(1.0, TABLETOP_MAX_SIDE / (cols * w), TABLETOP_MAX_SIDE / (rows * h))
    cw, ch = max(1, int(w * scale)), max(1, int(h * scale))
    sheet = Image.new("RGB", (cols * cw, rows * ch), "white")

    def put(src, k):
        if isinstance(src, (str, os.PathLike)):  # a card's PNG: decoded, shrunk, let go
            with Image.open(src) as img:
                if img.mode != "RGB":
                    img = img.convert("RGB")
                small = img.resize((cw, ch), Image.LANCZOS, reducing_gap=3.0) if img.size != (cw, ch) else img.copy()
        else:
            small = src.resize((cw, ch), Image.LANCZOS) if src.size != (cw, ch) else src
        sheet.paste(small, ((k % cols) * cw, (k // cols) * ch))

    for k, i in enumerate(indices):
        put(load(i), k)
    if back is not None:
        per = TABLETOP_COLS * TABLETOP_ROWS
        k = per - 1 if n == per else n - 1
        put(back, min(k, cols * rows - 1))
    return sheet, scale


def tabletop_sheets(cards: list, back=None) -> list:
    """Sheets for a list of card images in memory (small decks and tests)."""
    if not cards:
        return []
    return [tabletop_sheet(lambda i: cards[i], idx, cards[0].size, back)[0] for idx in tabletop_layout(len(cards), back is not None)]


def write_folder(folder, files: dict[str, bytes]) -> None:
    """Write files into a fresh folder atomically: build it beside, then swap it in."""
    from printkit.engine.files import StagedFolder

    with StagedFolder(folder) as staged:
        for name, data in sorted(files.items()):
            staged.add(name, data)

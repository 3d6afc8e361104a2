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

from printkit.engine.png import PNG_LEVEL, add_png, write_png  # noqa: F401 (PNG_LEVEL: part of this module's face)
from printkit.errors import UsageError
from printkit.engine.png import RGBRows

TABLETOP_COLS, TABLETOP_ROWS = 10, 7
#: Largest image printkit renders: pdfium peaks near 7 bytes a pixel, so 25
#: million pixels keep a whole export under 300 MB (A4 at 500 dpi is 24.2 million).
MAX_PIXELS = 25_000_000
#: Tabletop sheets are at most this many pixels a side: what virtual tabletops
#: load comfortably; the single card PNGs keep the full --dpi.
TABLETOP_MAX_SIDE = 4096
#: Card images a tabletop sheet keeps decoded, for copies of the same card
#: (at most about 0.7 MB each at the sheet's cell size).
KEEP_DECODED = 16


def open_pdf(pdf):
    """A PDF for pdfium: bytes, a path, or an open binary file (Document.pdf_file()),
    which pdfium reads as it needs and closes with the document."""
    import pypdfium2 as pdfium

    if isinstance(pdf, bytes):
        return pdfium.PdfDocument(io.BytesIO(pdf))
    if hasattr(pdf, "read"):
        doc = pdfium.PdfDocument(pdf, autoclose=True)
        doc._pk_file = pdf  # the open file (a worker may open it again: render_into)
        return doc
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


_RENDER = None  # (path of the PDF, dpi, staging folder, folder as shown) for the workers of render_into


def _reopened(pdf_file) -> str | None:
    """A path by which a forked worker opens the same temporary file with its own
    read position (Linux's /proc/self/fd), else None."""
    try:
        path = f"/proc/self/fd/{pdf_file.fileno()}"
    except (AttributeError, OSError, ValueError):
        return None
    return path if os.path.exists(path) else None


def _render_chunk(chunk: list[tuple[int, str]]) -> int:
    """In a worker: render these (page, file name) pairs into the folder."""
    from printkit.base.files import write_new

    path, dpi, folder, shown_as = _RENDER
    names = dict(chunk)
    doc = open_pdf(open(path, "rb"))  # a file of its own: its own read position
    try:
        for i, img in iter_pages(doc, dpi, [i for i, _ in chunk]):
            write_new(os.path.join(folder, names[i]), lambda fh: write_png(fh, img, dpi), os.path.join(shown_as, names[i]))
    finally:
        doc.close()
    return len(chunk)


def render_into(pdf, pages: list[tuple[int, str]], dpi: float, out) -> None:
    """Render pages of the open PDF `pdf` (pdfium) as PNGs into the staged folder
    `out`: `pages` are (page index, file name). Over the run's worker processes
    (`--jobs`) when there are several and enough pages, each rendering a run of
    pages into the folder; else here, a page at a time. Same files either way."""
    from printkit.base import workers

    source = getattr(pdf, "_pk_file", None)
    path = _reopened(source) if source is not None else None
    n = min(workers.jobs(), len(pages) // 4)
    if n > 1 and path is not None:
        global _RENDER
        size = -(-len(pages) // (n * 4))
        chunks = [pages[k : k + size] for k in range(0, len(pages), size)]
        _RENDER = (path, dpi, str(out.part), out.path)
        try:
            for done in workers.run(_render_chunk, chunks):
                out.files += done
        finally:
            _RENDER = None
        return
    names = dict(pages)
    for i, img in iter_pages(pdf, dpi, [i for i, _ in pages]):
        add_png(out, names[i], img, dpi)


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
    write_png(buf, image, dpi)
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

    # always the full 10x7 grid: Tabletop Simulator's custom deck is cut by a fixed
    # grid (width 10, height 7) and shows the last cell (bottom right) as the hidden face
    cols, rows = TABLETOP_COLS, TABLETOP_ROWS
    w, h = size
    scale = min(1.0, TABLETOP_MAX_SIDE / (cols * w), TABLETOP_MAX_SIDE / (rows * h))
    cw, ch = max(1, int(w * scale)), max(1, int(h * scale))
    sheet = Image.new("RGB", (cols * cw, rows * ch), "white")

    def put(src, k):
        at = ((k % cols) * cw, (k // cols) * ch)
        if isinstance(src, (str, os.PathLike)):  # a card's PNG: decoded, shrunk, let go
            with Image.open(src) as img:
                if img.mode != "RGB":
                    img = img.convert("RGB")
                if img.size == (cw, ch):  # its own size: pasted as decoded, no copy
                    sheet.paste(img, at)
                    return
                small = img.resize((cw, ch), Image.LANCZOS, reducing_gap=3.0)
        else:
            small = src.resize((cw, ch), Image.LANCZOS) if src.size != (cw, ch) else src
        sheet.paste(small, at)

    for k, i in enumerate(indices):
        put(load(i), k)
    if back is not None:
        put(back, cols * rows - 1)  # the last cell: the hidden face
    return sheet, scale


def tabletop_rows(load, indices: list[int], size: tuple[int, int], back=None):
    """The sheet tabletop_sheet makes, the same pixels, as (RGBRows, scale) for
    write_png: made a strip of one row of cards at a time as it is written, so
    no sheet-sized image is filled, pasted into and copied again to be written.
    `load(i)` giving the same path for copies of a card lets them be decoded once."""
    from PIL import Image

    cols, rows = TABLETOP_COLS, TABLETOP_ROWS
    w, h = size
    scale = min(1.0, TABLETOP_MAX_SIDE / (cols * w), TABLETOP_MAX_SIDE / (rows * h))
    cw, ch = max(1, int(w * scale)), max(1, int(h * scale))
    cells = {k: i for k, i in enumerate(indices)}
    decoded: dict = {}  # path -> cell image, the most recent KEEP_DECODED

    def cell(k):
        src = back if k == cols * rows - 1 and back is not None else (load(cells[k]) if k in cells else None)
        if src is None:
            return None
        if isinstance(src, (str, os.PathLike)):  # a card's PNG: decoded, shrunk as tabletop_sheet does
            if src in decoded:  # the same file again (a card's copies): decoded once
                return decoded[src]
            with Image.open(src) as img:
                if img.mode != "RGB":
                    img = img.convert("RGB")
                if img.size != (cw, ch):
                    img = img.resize((cw, ch), Image.LANCZOS, reducing_gap=3.0)
                img.load()
            if len(decoded) >= KEEP_DECODED:
                del decoded[next(iter(decoded))]
            decoded[src] = img
            return img
        return src.resize((cw, ch), Image.LANCZOS) if src.size != (cw, ch) else src

    def lines():
        line = 3 * cols * cw
        for r in range(rows):  # a strip of one row of cards (a tenth of the sheet's height) at a time
            strip = Image.new("RGB", (cols * cw, ch), "white")
            for c in range(cols):
                img = cell(r * cols + c)
                if img is not None:
                    strip.paste(img, (c * cw, 0))
                del img
            raw = memoryview(strip.tobytes())
            del strip
            for y in range(ch):
                yield raw[y * line : (y + 1) * line]
            del raw

    return RGBRows((cols * cw, rows * ch), lines()), scale


def tabletop_sheets(cards: list, back=None) -> list:
    """Sheets for a list of card images in memory (small decks and tests)."""
    if not cards:
        return []
    return [tabletop_sheet(lambda i: cards[i], idx, cards[0].size, back)[0] for idx in tabletop_layout(len(cards), back is not None)]


def write_folder(folder, files: dict[str, bytes]) -> None:
    """Write files into a fresh folder atomically: build it beside, then swap it in."""
    from printkit.base.files import StagedFolder

    with StagedFolder(folder) as staged:
        for name, data in sorted(files.items()):
            staged.add(name, data)


def quick_pngs(pdf, dpi: float, pages) -> list[bytes]:
    """PNG bytes of some pages (0-based; all with None), for on-screen previews
    (printkit serve): rendered and written one at a time, as png_bytes writes them."""
    doc = open_pdf(pdf)
    try:
        return [png_bytes(image, dpi) for _, image in iter_pages(doc, dpi, pages)]
    finally:
        doc.close()

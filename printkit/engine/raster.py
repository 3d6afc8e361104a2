"""Digital exports: PDF pages to PNG (pdfium renders them), single cards, and
deck sheets (a grid of up to 10x7 cards) for virtual tabletops."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path

TABLETOP_COLS, TABLETOP_ROWS = 10, 7


def render_pages(pdf: bytes | str | os.PathLike, dpi: float, pages: list[int] | None = None) -> list:
    """Render pages (0-based indices; all by default) to RGB PIL images."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if not isinstance(pdf, bytes) else io.BytesIO(pdf))
    try:
        idx = range(len(doc)) if pages is None else pages
        out = []
        for i in idx:
            if not 0 <= i < len(doc):
                raise IndexError(f"page {i + 1} is not in the PDF ({len(doc)} pages)")
            out.append(doc[i].render(scale=dpi / 72.0).to_pil().convert("RGB"))
        return out
    finally:
        doc.close()


def png_bytes(image, dpi: float) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False)
    return buf.getvalue()


def tabletop_sheets(cards: list, back=None) -> list:
    """Grids of up to 10x7 card images (the deck-sheet format of virtual
    tabletops); the last cell of each sheet shows the back if one is given."""
    from PIL import Image

    if not cards:
        return []
    w, h = cards[0].size
    per = TABLETOP_COLS * TABLETOP_ROWS - (1 if back is not None else 0)
    sheets = []
    for start in range(0, len(cards), per):
        chunk = cards[start : start + per]
        n = len(chunk) + (1 if back is not None else 0)
        cols = min(TABLETOP_COLS, n)
        rows = -(-n // cols)
        sheet = Image.new("RGB", (cols * w, rows * h), "white")
        for k, img in enumerate(chunk):
            sheet.paste(img.resize((w, h)) if img.size != (w, h) else img, ((k % cols) * w, (k // cols) * h))
        if back is not None:
            k = TABLETOP_COLS * TABLETOP_ROWS - 1 if n == per + 1 else n - 1
            k = min(k, cols * rows - 1)
            sheet.paste(back, ((k % cols) * w, (k // cols) * h))
        sheets.append(sheet)
    return sheets


def write_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Write files into a fresh folder atomically: build it beside, then swap it in."""
    folder = Path(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        for name, data in sorted(files.items()):
            (tmp / name).write_bytes(data)
        old = None
        if folder.exists():
            old = folder.with_name(f".{folder.name}.old")
            if old.exists():
                shutil.rmtree(old)
            folder.rename(old)
        tmp.rename(folder)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise

"""Compare printkit's print of an SVG card with Inkscape's render of it.

Both images are cut into CELL x CELL mm cells and compared by each cell's mean
colour: regions, not anti-aliasing or glyph shapes. A cell is "off" when a
channel's mean differs by more than LIMIT (of 255).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

CELL = 3.0  # mm
LIMIT = 24  # of 255


@dataclass
class Result:
    cells: int
    bad: int
    worst: float
    mean: float
    where: list  # (column, row, difference) of the cells off

    def __str__(self) -> str:
        return f"{self.bad}/{self.cells} cells off, worst {self.worst:.0f}, mean {self.mean:.1f}, at {self.where[:6]}"


def printkit_png(svg: Path, tmp: Path, dpi: int = 50, extra: tuple = ()) -> Path:
    """Print the card (first data row) as one page of card + bleed, render it
    with pdfium at `dpi`; returns the PNG's path."""
    import pypdfium2 as pdfium

    from conftest import run_inproc

    out = tmp / f"{svg.stem}.pdf"
    proc = run_inproc("deck", "--data", str(svg.parent / "cards.csv"), "--front", str(svg), "--layout", "single",
                      "--duplex", "none", "-o", str(out), *extra, cwd=tmp)
    if proc.returncode != 0:
        raise AssertionError(f"printkit refused {svg.name}: {proc.stderr.strip()}")
    pdf = pdfium.PdfDocument(str(out))
    try:
        image = pdf[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    png = tmp / f"{svg.stem}.png"
    image.save(png)
    return png


def compare(got: Path, ref: Path, cell_mm: float = CELL, limit: float = LIMIT, dpi: int = 50) -> Result:
    from PIL import Image

    a = Image.open(got).convert("RGB")
    b = Image.open(ref).convert("RGB")
    if a.size != b.size:
        a = a.resize(b.size, Image.BILINEAR)
    px = cell_mm / 25.4 * dpi
    cols, rows = int(b.size[0] / px), int(b.size[1] / px)
    # each cell's mean, by shrinking the (cropped) image to one pixel a cell
    box = (0, 0, int(cols * px), int(rows * px))
    ma = a.crop(box).resize((cols, rows), Image.BOX).load()
    mb = b.crop(box).resize((cols, rows), Image.BOX).load()
    diffs = []
    where = []
    for r in range(rows):
        for c in range(cols):
            d = max(abs(x - y) for x, y in zip(ma[c, r], mb[c, r]))
            diffs.append(d)
            if d > limit:
                where.append((c, r, d))
    return Result(len(diffs), len(where), max(diffs), sum(diffs) / len(diffs), where)

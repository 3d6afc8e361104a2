"""Build printkit/data/cmyk-srgb.bin: how DeviceCMYK colours look, sampled.

A 9x9x9x9 grid of CMYK patches (each ink at 0, 1/8, ... 1) is drawn into a PDF
and rendered with pdfium, which shows uncalibrated DeviceCMYK the way Acrobat
does (a conversion that approximates a coated offset press). The rendered sRGB
value of each patch is stored as three bytes, C slowest, K fastest.

engine/color.py inverts this table to separate RGB into CMYK, so a CMYK file
looks like its RGB original on screen and prints closer to it than the bare
device formula. Run it again only to refresh the table:

    python scripts/build_cmyk_table.py
"""

from __future__ import annotations

import io
import itertools
from pathlib import Path

LEVELS = 9
OUT = Path(__file__).resolve().parent.parent / "printkit" / "data" / "cmyk-srgb.bin"


def main() -> None:
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    steps = [i / (LEVELS - 1) for i in range(LEVELS)]
    patches = list(itertools.product(steps, repeat=4))
    cols, side = 81, 4
    rows = -(-len(patches) // cols)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(cols * side, rows * side), invariant=1)
    for i, cmyk in enumerate(patches):
        c.setFillColorCMYK(*cmyk)
        c.rect((i % cols) * side, (rows - 1 - i // cols) * side, side, side, stroke=0, fill=1)
    c.save()
    pdf = pdfium.PdfDocument(buf.getvalue())
    image = pdf[0].render(scale=1).to_pil().convert("RGB")
    out = bytearray()
    for i in range(len(patches)):
        out += bytes(image.getpixel(((i % cols) * side + side // 2, (i // cols) * side + side // 2)))
    OUT.write_bytes(bytes(out))
    print(f"wrote {OUT}: {len(patches)} patches, {len(out)} bytes")


if __name__ == "__main__":
    main()

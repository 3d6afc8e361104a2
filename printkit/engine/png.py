"""PNG files as printkit writes them: fast to make, the pixels exactly the image's.

A leaf of the engine (imports nothing of printkit), so the staged-file writer
(files.py) and the renderer (raster.py) can both use it.
"""

from __future__ import annotations

#: zlib level of the PNGs printkit writes: the fastest. A card is mostly flat
#: colour, so level 1 without row filters comes out about as small as Pillow's
#: default (level 6 with a filter tried on every row) in a quarter of the time.
PNG_LEVEL = 1


def _chunk(kind: bytes, data: bytes) -> bytes:
    import struct
    import zlib

    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def write_png(sink, image, dpi: float) -> None:
    """`image` (PIL) as a PNG into `sink` (write(bytes)), with its resolution
    (pHYs, as Pillow writes it). An RGB image is written here: each row with no
    filter, the whole deflated at PNG_LEVEL in one call; any other mode by
    Pillow at the same level. The pixels are the image's, whichever way."""
    import struct
    import zlib

    if image.mode != "RGB":
        image.save(sink, format="PNG", dpi=(dpi, dpi), compress_level=PNG_LEVEL)
        return
    w, h = image.size
    row = 3 * w
    ppm = int(dpi / 0.0254 + 0.5)
    sink.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
               + _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    # deflated a band of rows at a time (about 1 MB), so a tabletop sheet is not
    # copied whole; each row gets a filter byte (0: none) before it
    band = max(1, (1 << 20) // (row + 1))
    deflate = zlib.compressobj(PNG_LEVEL)
    pieces = []
    for top in range(0, h, band):
        n = min(band, h - top)
        raw = image.tobytes() if n == h else image.crop((0, top, w, top + n)).tobytes()
        rows = bytearray(n * (row + 1))
        for y in range(n):
            at = y * (row + 1) + 1
            rows[at : at + row] = raw[y * row : (y + 1) * row]
        pieces.append(deflate.compress(rows))
        del raw, rows
    pieces.append(deflate.flush())
    sink.write(_chunk(b"IDAT", b"".join(pieces)))
    sink.write(_chunk(b"IEND", b""))

"""PNG files as printkit writes them: fast to make, the pixels exactly the image's.

A leaf of the engine (imports nothing of printkit), so the staged-file writer
(files.py) and the renderer (raster.py) can both use it.
"""

from __future__ import annotations
import zlib

#: zlib level of the PNGs Pillow writes for printkit (images not in RGB): the fastest.
PNG_LEVEL = 1
#: zlib-ng level of the RGB PNGs printkit writes itself. A card is mostly flat
#: colour, so rows without filters deflated by zlib-ng at level 2 come out about
#: as small as the stdlib zlib's level 1 in a quarter of its time (a 10x7
#: tabletop sheet at 150 dpi: 24 ms against 70 ms); level 1 is faster again but
#: 15-20% bigger.
DEFLATE_LEVEL = 2


def _chunk(kind: bytes, data: bytes) -> bytes:
    import struct

    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


class RGBRows:
    """An RGB image given as its rows (each 3 x width bytes, top to bottom), made
    as they are written: write_png takes it as it takes an RGB image, so a large
    picture (a tabletop sheet) is never held whole. Its rows are read once."""

    mode = "RGB"

    def __init__(self, size: tuple[int, int], rows) -> None:
        self.size = size
        self.rows = rows


def write_png(sink, image, dpi: float) -> None:
    """`image` (PIL, or RGBRows) as a PNG into `sink` (write(bytes)), with its
    resolution (pHYs, as Pillow writes it). An RGB image is written here: each
    row with no filter, deflated by zlib-ng at DEFLATE_LEVEL a band of rows at a
    time; any other mode by Pillow at PNG_LEVEL. The pixels are the image's, whichever way."""
    import struct

    if image.mode != "RGB":
        image.save(sink, format="PNG", dpi=(dpi, dpi), compress_level=PNG_LEVEL)
        return
    w, h = image.size
    ppm = int(dpi / 0.0254 + 0.5)
    sink.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
               + _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    rows = image.rows if isinstance(image, RGBRows) else _image_rows(image)
    sink.write(_chunk(b"IDAT", _deflated(w, h, rows)))
    sink.write(_chunk(b"IEND", b""))


def _image_rows(image):
    """The rows of a PIL RGB image, read a band (about 1 MB) at a time, so a
    large image is not copied whole."""
    w, h = image.size
    row = 3 * w
    band = max(1, (1 << 20) // (row + 1))
    for top in range(0, h, band):
        n = min(band, h - top)
        raw = image.tobytes() if n == h else image.crop((0, top, w, top + n)).tobytes()
        for y in range(n):
            yield raw[y * row : (y + 1) * row]
        del raw


def _deflated(w: int, h: int, rows) -> bytes:
    """PNG image data of `h` rows of `w` RGB pixels: each row after a filter byte
    (0: none), deflated a band of rows (about 1 MB) at a time. The bands are the
    same whatever gives the rows, so the same pixels give the same bytes."""
    from zlib_ng import zlib_ng

    row = 3 * w
    band = max(1, (1 << 20) // (row + 1))
    buf = bytearray(min(band, h) * (row + 1))  # filter bytes stay 0
    view = memoryview(buf)
    deflate = zlib_ng.compressobj(DEFLATE_LEVEL)
    pieces = []
    n = 0
    for data in rows:
        at = n * (row + 1) + 1
        buf[at : at + row] = data
        n += 1
        if n == band:
            pieces.append(deflate.compress(buf))
            n = 0
    if n:
        pieces.append(deflate.compress(view[: n * (row + 1)]))
    view.release()
    pieces.append(deflate.flush())
    return b"".join(pieces)


def add_png(folder, name: str, image, dpi: float) -> None:
    """Write a PIL image as PNG straight into a staged folder (base/files.py
    StagedFolder), with no copy of the file in memory."""
    folder.add_with(name, lambda fh: write_png(fh, image, dpi))

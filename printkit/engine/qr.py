"""QR codes drawn as vector paths (no bitmap), with a 4-module quiet zone."""

from __future__ import annotations

from functools import lru_cache

from printkit.engine.units import MM

QUIET = 4  # modules
MIN_MODULE = 0.5  # mm on paper
#: The mask pattern printkit's own codes use. Searching all eight (the standard's
#: way) costs ~5 ms a code against ~1 ms; every code the games print is read back
#: with zxing-cpp in the tests. User text (custom decks) passes mask=None.
FIXED_MASK = 0


@lru_cache(maxsize=256)
def qr_matrix(text: str, mask: int | None = FIXED_MASK) -> tuple[tuple[bool, ...], ...]:
    """The code's modules. `mask` 0-7: that pattern, no search (the default,
    FIXED_MASK, for codes whose every text is read back in the tests); None:
    qrcode scores all eight patterns and keeps the best (for arbitrary user text)."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, box_size=1, mask_pattern=mask)
    qr.add_data(text.encode("utf-8"))
    qr.make(fit=True)
    return tuple(tuple(row) for row in qr.get_matrix())


def qr_size(text: str, module_mm: float, mask: int | None = FIXED_MASK) -> float:
    """Side of the code including its quiet zone, in pt."""
    n = len(qr_matrix(text, mask))
    return (n + 2 * QUIET) * max(module_mm, MIN_MODULE) * MM


def draw_qr(c, text: str, x: float, y: float, side: float, mask: int | None = FIXED_MASK) -> float:
    """Draw `text` as a QR code whose quiet-zone square has its bottom left at
    (x, y) and side `side` pt (shrunk to whole modules). Returns the module size
    in mm; raises ValueError if modules would be smaller than 0.5 mm. `mask`:
    see qr_matrix (the default is FIXED_MASK; None searches for the best pattern)."""
    m = qr_matrix(text, mask)
    n = len(m)
    module = side / (n + 2 * QUIET)
    if module < MIN_MODULE * MM - 1e-9:
        raise ValueError(f"QR code too small: {module / MM:.2f} mm modules (need {MIN_MODULE} mm)")
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(x, y, side, side, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    p = c.beginPath()
    ox, oy = x + QUIET * module, y + side - QUIET * module
    for r, row in enumerate(m):
        col = 0
        while col < n:
            if row[col]:
                start = col
                while col < n and row[col]:
                    col += 1
                p.rect(ox + start * module, oy - (r + 1) * module, (col - start) * module, module)
            else:
                col += 1
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()
    return module / MM

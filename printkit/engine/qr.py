"""QR codes drawn as vector paths (no bitmap), with a 4-module quiet zone.

printkit's own codes (a fixed mask pattern) come from the small encoder below;
a code for arbitrary user text, whose mask is searched for, from the qrcode
package. Both make the same symbol for the same text and mask: the encoder
follows qrcode's choices (its split of the text into numeric, alphanumeric and
byte segments, the smallest version that holds them, error correction level M)
and the QR standard for everything else; tests/test_engine.py compares them
module for module across versions 1-40, all three modes and all eight masks.
Importing and running qrcode costs ~10 ms of import and ~0.5 ms a code; this,
~0.2 ms a code.
"""

from __future__ import annotations

import re
from bisect import bisect_left
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
    if mask is not None:
        return encode(text.encode("utf-8"), mask)
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, box_size=1, mask_pattern=mask)
    qr.add_data(text.encode("utf-8"))
    qr.make(fit=True)
    return tuple(tuple(row) for row in qr.get_matrix())


# -- the encoder (error correction level M) -----------------------------------------

NUMERIC, ALPHANUMERIC, BYTE = 1, 2, 4  # mode indicators
ALNUM = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
SPLIT_AT = 20  # qrcode's add_data(optimize=20): runs this long get their own mode
#: level M, versions 1-40: error correction codewords per block, and blocks
ECC_PER_BLOCK = (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
                 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28)
BLOCKS = (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49)


def _raw_codewords(version: int) -> int:
    """Codewords a symbol of this version holds (data and error correction)."""
    modules = (16 * version + 128) * version + 64
    if version >= 2:
        k = version // 7 + 2
        modules -= (25 * k - 10) * k - 55
        if version >= 7:
            modules -= 36
    return modules // 8


#: data bits each version holds (index 0 unused)
CAPACITY = [0] + [(_raw_codewords(v) - ECC_PER_BLOCK[v] * BLOCKS[v]) * 8 for v in range(1, 41)]


COUNT_BITS = {NUMERIC: (10, 12, 14), ALPHANUMERIC: (9, 11, 13), BYTE: (8, 16, 16)}  # by _band


def _band(version: int) -> int:
    """Versions 1-9, 10-26 and 27-40 give a segment's length in more bits each."""
    return 0 if version < 10 else 1 if version < 27 else 2


def _count_bits(mode: int, version: int) -> int:
    return COUNT_BITS[mode][_band(version)]


def _split(data: bytes, pattern: re.Pattern):
    """(matched, piece) runs of `data`: the pattern's matches and what lies between."""
    while data:
        m = pattern.search(data)
        if not m:
            break
        if m.start():
            yield False, data[: m.start()]
        yield True, data[m.start() : m.end()]
        data = data[m.end() :]
    if data:
        yield False, data


def segments(data: bytes) -> list[tuple[int, bytes]]:
    """(mode, bytes) segments, as qrcode's optimal_data_chunks(data, 20) makes them."""
    alnum = b"[" + re.escape(ALNUM) + b"]"
    if len(data) <= SPLIT_AT:
        num, alpha = re.compile(rb"^\d+$"), re.compile(b"^" + alnum + b"+$")
    else:
        num, alpha = re.compile(rb"\d{%d,}" % SPLIT_AT), re.compile(alnum + b"{%d,}" % SPLIT_AT)
    out = []
    for is_num, chunk in _split(data, num):
        if is_num:
            out.append((NUMERIC, chunk))
        else:
            out += [(ALPHANUMERIC if is_alpha else BYTE, piece) for is_alpha, piece in _split(chunk, alpha)]
    return out


def _bits(segs: list[tuple[int, bytes]], version: int) -> list[tuple[int, int]]:
    """The segments as (value, bit count) pieces, headers included."""
    out = []
    for mode, data in segs:
        out += [(mode, 4), (len(data), _count_bits(mode, version))]
        if mode == NUMERIC:
            out += [(int(data[i : i + 3]), (4, 7, 10)[len(data[i : i + 3]) - 1]) for i in range(0, len(data), 3)]
        elif mode == ALPHANUMERIC:
            for i in range(0, len(data), 2):
                pair = data[i : i + 2]
                out.append((ALNUM.index(pair[0]) * 45 + ALNUM.index(pair[1]), 11) if len(pair) == 2 else (ALNUM.index(pair[0]), 6))
        else:
            out += [(b, 8) for b in data]
    return out


def _version(segs: list[tuple[int, bytes]], start: int = 1) -> int:
    """The smallest version whose capacity holds the segments (qrcode's best_fit)."""
    needed = sum(n for _, n in _bits(segs, start))
    version = bisect_left(CAPACITY, needed, start)
    if version > 40:
        raise ValueError(f"QR code: {needed} bits of data do not fit any version")
    if _band(version) != _band(start):  # longer length fields: count again from there
        return _version(segs, version)
    return version


_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i], _LOG[_x] = _x, _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


@lru_cache(maxsize=None)
def _generator(degree: int) -> tuple[int, ...]:
    """Logs of the coefficients after the leading 1 of (x - a^0)...(x - a^(degree-1))."""
    poly = [1]
    for i in range(degree):
        new = poly + [0]
        for j, c in enumerate(poly):
            if c:
                new[j + 1] ^= _EXP[_LOG[c] + i]
        poly = new
    return tuple(_LOG[c] for c in poly[1:])


def _ecc(data: list[int], degree: int) -> list[int]:
    gen = _generator(degree)
    rem = [0] * degree
    for b in data:
        factor = b ^ rem[0]
        rem = rem[1:] + [0]
        if factor:
            lf = _LOG[factor]
            rem = [r ^ _EXP[lf + g] for r, g in zip(rem, gen)]
    return rem


def _codewords(segs: list[tuple[int, bytes]], version: int) -> list[int]:
    """Data codewords (terminated, padded), split into blocks, each with its
    error correction, interleaved."""
    capacity = CAPACITY[version]
    value = length = 0
    for v, n in _bits(segs, version):
        value, length = value << n | v, length + n
    if length > capacity:  # pragma: no cover - _version chose a version that holds them
        raise ValueError("QR code: data too long")
    pad = min(capacity - length, 4)  # the terminator
    value, length = value << pad, length + pad
    if length % 8:
        value, length = value << (8 - length % 8), length + 8 - length % 8
    data = list(value.to_bytes(length // 8, "big")) if length else []
    data += [(0xEC, 0x11)[i % 2] for i in range(capacity // 8 - len(data))]
    blocks, ecc_len = BLOCKS[version], ECC_PER_BLOCK[version]
    raw = _raw_codewords(version)
    short = blocks - raw % blocks  # the first blocks hold one data codeword fewer
    size = raw // blocks - ecc_len
    parts, at = [], 0
    for k in range(blocks):
        n = size + (k >= short)
        parts.append(data[at : at + n])
        at += n
    out = [p[i] for i in range(size + 1) for p in parts if i < len(p)]
    eccs = [_ecc(p, ecc_len) for p in parts]
    return out + [e[i] for i in range(ecc_len) for e in eccs]


def _alignment(version: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    last = version * 4 + 10
    return [6] + [last - step * i for i in range(count - 2, -1, -1)]


_MASKS = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
)


@lru_cache(maxsize=None)
def _layout(version: int, mask: int) -> tuple[tuple[tuple[bool, ...], ...], tuple[tuple[int, int, bool], ...]]:
    """A version's function patterns with this mask's format information (rows
    of modules), and its data modules in placing order, each with the mask's
    value there: what every symbol of that version and mask shares."""
    n = version * 4 + 17
    dark = [[False] * n for _ in range(n)]
    fixed = [[False] * n for _ in range(n)]  # function patterns: no data there

    def put(r: int, c: int, on: bool) -> None:
        dark[r][c], fixed[r][c] = on, True

    for i in range(n):  # timing patterns
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    for fr, fc in ((0, 0), (0, n - 7), (n - 7, 0)):  # finders and their light borders
        for dr in range(-1, 8):
            for dc in range(-1, 8):
                r, c = fr + dr, fc + dc
                if 0 <= r < n and 0 <= c < n:
                    ring = max(abs(dr - 3), abs(dc - 3))
                    put(r, c, ring != 2 and ring != 4)
    centres = _alignment(version)
    for cr in centres:
        for cc in centres:
            if (cr == 6 and cc == 6) or (cr == 6 and cc == centres[-1]) or (cr == centres[-1] and cc == 6):
                continue  # under a finder
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    put(cr + dr, cc + dc, max(abs(dr), abs(dc)) != 1)
    # format information: level M (00) and the mask, BCH-coded, twice
    rem = mask
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    fmt = (mask << 10 | rem) ^ 0x5412
    for i in range(15):
        on = (fmt >> i) & 1 == 1
        # down column 8 beside the top left finder (skipping the timing row), on
        # beside the bottom left one
        put(i if i < 6 else i + 1 if i < 8 else n - 15 + i, 8, on)
        # along row 8: beside the top right finder, then the top left one
        put(8, n - 1 - i if i < 8 else 7 if i == 8 else 14 - i, on)
    put(n - 8, 8, True)  # the dark module
    if version >= 7:  # version information, twice
        rem = version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        info = version << 12 | rem
        for i in range(18):
            on = (info >> i) & 1 == 1
            a, b = n - 11 + i % 3, i // 3
            put(a, b, on)
            put(b, a, on)
    # the data modules, in two-column strips from the right, up and down in turn
    masked = _MASKS[mask]
    places = []
    right = n - 1
    while right > 0:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for v in range(n):
            r = n - 1 - v if upward else v
            for c in (right, right - 1):
                if not fixed[r][c]:
                    places.append((r, c, masked(r, c)))
        right -= 2
    return tuple(tuple(row) for row in dark), tuple(places)


def encode(data: bytes, mask: int) -> tuple[tuple[bool, ...], ...]:
    """The symbol for `data` with mask pattern `mask` (0-7), level M, rows from the top."""
    segs = segments(data)
    version = _version(segs)
    template, places = _layout(version, mask)
    dark = [list(row) for row in template]
    bits = "".join(map("{:08b}".format, _codewords(segs, version)))
    bits += "0" * (len(places) - len(bits))  # the remainder bits
    for (r, c, flip), bit in zip(places, bits):
        dark[r][c] = (bit == "1") != flip
    return tuple(tuple(row) for row in dark)


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

"""The colour model of a document: every colour a page sets passes through here.

Games draw in RGB (palette names through `Ink`, or canvas.setFillColorRGB).
The document's canvas hands each colour to `converter(mode)` (ReportLab's
`enforceColorSpace` hook, which covers the canvas and every text object, so
running text too), and this module decides what reaches the PDF:

- rgb:  colours stay RGB, except pure black, which the canvas writes as
        DeviceGray 0: a RIP prints it on the K plate alone (black text and
        hairlines on one plate, not as four-colour black), screens show true
        black.
- cmyk: every colour becomes DeviceCMYK. Neutral greys and black go on the K
        plate alone, and so do dark colours within 3% of neutral; other colours
        keep the form of a full grey-component replacement (the grey part of a
        colour goes to K). Total ink is capped at 300%, for colours set as CMYK
        too. Text under 12 pt in a colour on more than one plate is noted for
        the run summary (the canvas asks `plates_of`).

The separation is not an ICC conversion (printkit ships no press profile). It
inverts a sampled table of how DeviceCMYK is shown without a profile (pdfium's
rendering, which follows Acrobat's and approximates a coated offset press;
scripts/build_cmyk_table.py), so the CMYK file looks like the RGB one on screen
and prints close to it; colours outside the press gamut (bright sky blue,
orange) come out as the nearest the inks reach.
"""

from __future__ import annotations

from functools import lru_cache
from printkit.base.resources import package_file

MODES = ("rgb", "cmyk")
MAX_INK = 3.0  # 300% total area coverage
_PLACES = 4  # decimals kept, so equal inputs give equal bytes


def rgb_to_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """Separate an RGB colour (0..1 each) into CMYK.

    Greys (r = g = b) and black go on K alone: the K that looks as light as the
    grey (pure black is K 100). Other colours keep the structure of a full
    grey-component replacement (at most two of C, M, Y plus K) and are corrected
    until the CMYK, shown as a press shows it (the sampled table), matches the
    RGB colour, or comes as close as the press gamut allows. Total ink stays at
    or under 300%.
    """
    return _separate(*(round(min(1.0, max(0.0, float(v))), 6) for v in (r, g, b)))


@lru_cache(maxsize=4096)
def _separate(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    if r == g == b:
        return _tidy((0.0, 0.0, 0.0, _k_for_grey(r)))
    if max(r, g, b) <= DARK and max(r, g, b) - min(r, g, b) <= NEAR_NEUTRAL:  # a near-neutral dark: K alone, as its grey
        return _tidy((0.0, 0.0, 0.0, _k_for_grey(round((r + g + b) / 3, 6))))
    target = (r, g, b)
    x = list(target)
    best, best_err = _gcr(*x), float("inf")
    for _ in range(24):
        cmyk = _gcr(*x)
        shown = looks(cmyk)
        err = sum((t - s) ** 2 for t, s in zip(target, shown))
        if err < best_err:
            best, best_err = cmyk, err
        if err < 1e-6:
            break
        x = [min(1.0, max(0.0, v + (t - s))) for v, t, s in zip(x, target, shown)]
    return limit_ink(best)


def _gcr(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """The device formula with full grey-component replacement."""
    top = max(r, g, b)
    if top <= 0.0:
        return (0.0, 0.0, 0.0, 1.0)
    return ((top - r) / top, (top - g) / top, (top - b) / top, 1.0 - top)


def _k_for_grey(v: float) -> float:
    """The K (0..1) whose tint looks as light as grey `v` (by bisection on the table)."""
    if v >= 1.0:
        return 0.0
    target = _light(looks((0, 0, 0, 1.0)))
    if _light((v, v, v)) <= target:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        if _light(looks((0, 0, 0, mid))) > _light((v, v, v)):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _light(rgb) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def looks(cmyk) -> tuple[float, float, float]:
    """The sRGB colour (0..1) a CMYK colour is shown as: the sampled table
    (scripts/build_cmyk_table.py), interpolated between its grid points."""
    table, n = _table(), _LEVELS - 1
    idx, frac = [], []
    for v in cmyk:
        p = min(max(float(v), 0.0), 1.0) * n
        i = min(int(p), n - 1)
        idx.append(i)
        frac.append(p - i)
    out = [0.0, 0.0, 0.0]
    for corner in range(16):
        w, pos = 1.0, 0
        for axis in range(4):
            bit = (corner >> (3 - axis)) & 1
            w *= frac[axis] if bit else 1.0 - frac[axis]
            pos = pos * _LEVELS + idx[axis] + bit
        if w:
            for ch in range(3):
                out[ch] += w * table[pos * 3 + ch]
    return (out[0] / 255.0, out[1] / 255.0, out[2] / 255.0)


_LEVELS = 9
_TABLE: bytes | None = None


def _table() -> bytes:
    global _TABLE
    if _TABLE is None:
        _TABLE = package_file("data", "cmyk-srgb.bin").read_bytes()
        if len(_TABLE) != 3 * _LEVELS**4:
            raise RuntimeError("printkit/data/cmyk-srgb.bin is damaged (rebuild it: scripts/build_cmyk_table.py)")
    return _TABLE


def limit_ink(cmyk, max_ink: float = MAX_INK) -> tuple[float, float, float, float]:
    """Scale C, M and Y down (K stays) so the total is at most `max_ink`
    (300% unless a shop asks for less)."""
    c, m, y, k = (min(1.0, max(0.0, float(v))) for v in cmyk)
    cmy = c + m + y
    if cmy + k > max_ink and cmy > 0:
        f = max(0.0, max_ink - k) / cmy
        c, m, y = c * f, m * f, y * f
    return _tidy((c, m, y, k))


def _tidy(cmyk) -> tuple[float, float, float, float]:
    # round down so rounding can never push the sum past the limit
    scale = 10**_PLACES
    return tuple(int(v * scale + 1e-9) / scale for v in cmyk)  # type: ignore[return-value]


SMALL_TEXT_PT = 12.0  # text under this size should print on one plate
NEAR_NEUTRAL = 0.03  # a dark colour whose channels differ by at most this goes on K alone
DARK = 0.35  # "dark": its lightest channel at most this


def plates_of(color_value) -> tuple[str, tuple] | None:
    """(the colour as #rrggbb or its CMYK, its CMYK) when it takes more than one
    plate in cmyk mode, else None."""
    try:
        kind, values, _alpha = _parts(color_value)
    except ValueError:
        return None
    cmyk = to_cmyk(values)
    if sum(1 for v in cmyk if v > 0.005) <= 1:
        return None
    name = "#" + "".join(f"{round(v * 255):02x}" for v in values) if kind == "rgb" else "CMYK " + " ".join(f"{v * 100:g}" for v in values)
    return name, cmyk


def small_text_note(name: str, cmyk, size: float, where: str | None = None) -> str:
    c, m, y, k = (round(v * 100) for v in cmyk)
    return (f"Warning: {where + ': ' if where else ''}text under {SMALL_TEXT_PT:g} pt (e.g. {size:.3g} pt) in {name} prints on {sum(1 for v in cmyk if v > 0.005)} plates "
            f"(C{c} M{m} Y{y} K{k}): a press's misregistration blurs it; black, a grey or one ink prints it sharp.")


def total_ink(cmyk) -> float:
    return float(sum(cmyk))


def converter(mode: str, max_ink: float = MAX_INK):
    """The function the document's canvas runs on every colour it is given
    (ReportLab's enforceColorSpace hook); None keeps colours as they are."""
    if mode not in MODES:
        raise ValueError(f"colour mode {mode!r} is not one of {', '.join(MODES)}")
    if mode != "cmyk":
        return None
    return lambda c: _to_cmyk(c, max_ink)


def _parts(color):
    """(kind, values, alpha) for anything ReportLab accepts as a colour."""
    from reportlab.lib.colors import CMYKColor, Color, toColor

    if isinstance(color, (tuple, list)):
        if len(color) in (3, 4):
            return ("rgb" if len(color) == 3 else "cmyk"), tuple(float(v) for v in color), None
        raise ValueError(f"unknown colour {color!r}")
    if isinstance(color, str):
        color = toColor(color)
    if isinstance(color, CMYKColor):
        d = color.density
        return "cmyk", (d * color.cyan, d * color.magenta, d * color.yellow, d * color.black), color.alpha
    if isinstance(color, Color):
        return "rgb", (color.red, color.green, color.blue), color.alpha
    raise ValueError(f"unknown colour {color!r}")


def plain(color) -> tuple:
    """A colour's values: (r, g, b) or (c, m, y, k), whatever form it came in."""
    return _parts(color)[1]


def is_black(color, alpha=None) -> bool:
    """Pure opaque RGB black (what rgb mode writes as DeviceGray 0, K only)."""
    if type(color) is tuple and len(color) == 3:  # the common case (setFillColorRGB), without _parts
        try:
            return alpha in (None, 1, 1.0) and color[0] <= 0 and color[1] <= 0 and color[2] <= 0
        except TypeError:
            pass  # not numbers: _parts says what it is
    try:
        kind, values, own_alpha = _parts(color)
    except ValueError:
        return False
    opaque = alpha in (None, 1, 1.0) and own_alpha in (None, 1, 1.0)
    return kind == "rgb" and opaque and all(v <= 0.0 for v in values)


def to_cmyk(values, max_ink: float = MAX_INK) -> tuple[float, float, float, float]:
    """(r, g, b) or (c, m, y, k) as the CMYK this model writes, ink capped."""
    return limit_ink(rgb_to_cmyk(*values) if len(values) == 3 else values, max_ink)


def _to_cmyk(color, max_ink: float = MAX_INK):
    from reportlab.lib.colors import CMYKColor

    kind, values, alpha = _parts(color)
    cmyk = to_cmyk(values, max_ink)
    if alpha in (None, 1, 1.0):
        return cmyk
    return CMYKColor(*cmyk, alpha=alpha)  # ReportLab then sets the opacity (PDF/X refuses it)


@lru_cache(maxsize=4)
def _image_lut(max_ink: float):
    from PIL import ImageFilter

    return ImageFilter.Color3DLUT.generate(17, lambda r, g, b: limit_ink(_gcr(r, g, b), max_ink), channels=4, target_mode="CMYK")


def cmyk_image(image, max_ink: float = MAX_INK):
    """A picture for a CMYK page: transparency flattened onto white paper, then
    separated with the device formula (full grey-component replacement; a
    17-step lookup table, so pictures keep their speed)."""
    from PIL import Image

    if image.mode == "CMYK":
        return image
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(paper, rgba)
    return image.convert("RGB").filter(_image_lut(max_ink))

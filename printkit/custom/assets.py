"""What templates draw with: fonts, icons and images, found by name or path.

Fonts come from the project's fonts/ folder, then the user's own font folders;
"Noto Sans" (printkit's own) is always there. Every font is embedded (subset)
in the PDF by ReportLab. Icons are SVG or PNG files in the project's icons/
folder, named in text as `:name:`. Images are PNG or JPEG files, by path.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from printkit.engine import fonts as engine_fonts

BUILTIN_FAMILY = "noto sans"
ICON = re.compile(r":([A-Za-z0-9_-]+):")
MIN_DPI = 300


def user_font_dirs() -> list[Path]:
    home = Path.home()
    dirs = [home / ".fonts", home / ".local/share/fonts", home / "Library/Fonts"]
    if sys.platform.startswith("win"):
        local = os.environ.get("LOCALAPPDATA")
        if local:
            dirs.append(Path(local) / "Microsoft/Windows/Fonts")
    return [d for d in dirs if d.is_dir()]


@dataclass(frozen=True)
class FontFace:
    family: str  # lower case
    bold: bool
    italic: bool
    path: Path


def _style(style: str, name: str) -> tuple[bool, bool]:
    s = (style + " " + name).lower()
    return ("bold" in s or "black" in s or "heavy" in s, "italic" in s or "oblique" in s)


@lru_cache(maxsize=64)
def _scan(folder: str) -> tuple[FontFace, ...]:
    from reportlab.pdfbase.ttfonts import TTFontFile

    faces = []
    for path in sorted(Path(folder).rglob("*")):
        if path.suffix.lower() not in (".ttf", ".otf"):
            continue
        try:
            info = TTFontFile(str(path), validate=0)
        except Exception:  # not a TrueType outline font ReportLab can embed
            continue
        family = info.familyName.decode("latin-1") if isinstance(info.familyName, bytes) else str(info.familyName)
        style = info.styleName.decode("latin-1") if isinstance(info.styleName, bytes) else str(info.styleName or "")
        bold, italic = _style(style, path.stem)
        faces.append(FontFace(family.lower(), bold, italic, path))
        faces.append(FontFace(path.stem.lower(), bold, italic, path))
    return tuple(faces)


class FontBook:
    """Font families by name: resolve(family, bold, italic) -> a registered ReportLab font name."""

    def __init__(self, folders: list[Path]) -> None:
        self.folders = [Path(f) for f in folders if Path(f).is_dir()]
        self._cache: dict[tuple, str | None] = {}

    def resolve(self, family: str | None, bold: bool = False, italic: bool = False) -> str | None:
        family = (family or "Noto Sans").split(",")[0].strip().strip("'\"")
        key = (family.lower(), bold, italic)
        if key in self._cache:
            return self._cache[key]
        name = self._find(*key)
        self._cache[key] = name
        return name

    def known(self, family: str | None) -> bool:
        return self.resolve(family) is not None

    def _find(self, family: str, bold: bool, italic: bool) -> str | None:
        engine_fonts.register_fonts()
        if family in (BUILTIN_FAMILY, "sans-serif", "sans", "notosans", "noto sans regular"):
            return [[engine_fonts.SANS, engine_fonts.SANS_ITALIC], [engine_fonts.SANS_BOLD, engine_fonts.SANS_BOLD_ITALIC]][bold][italic]
        for folder in [*self.folders, *user_font_dirs()]:
            faces = [f for f in _scan(str(folder)) if f.family == family]
            if not faces:
                continue
            best = min(faces, key=lambda f: (f.bold != bold) * 2 + (f.italic != italic))
            return _register(best.path)
        return None


@lru_cache(maxsize=None)
def _register(path: Path) -> str:
    """Register a user's font file with ReportLab under a name of its own.

    ReportLab keeps one font object per PostScript name: a second file with
    the same name (a user's copy of Noto Sans) would take over printkit's own
    face for every later document. Such a file is printkit's face, used as is."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFontFile

    from printkit.engine.fonts import ttfont

    face = TTFontFile(str(path), validate=0).name
    face = face.decode("latin-1") if isinstance(face, bytes) else str(face)
    for engine_name, filename in engine_fonts._FILES.items():
        if Path(filename).stem == face:
            return engine_name
    name = "PKU-" + re.sub(r"[^A-Za-z0-9-]", "", path.stem)[:40]
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(ttfont(name, str(path)))  # subsets named by content
    return name


# -- icons ------------------------------------------------------------------------

class Icons:
    """`:name:` in text draws icons/name.svg (or .png) at the text's size."""

    def __init__(self, folders: list[Path]) -> None:
        self.folders = [Path(f) for f in folders]

    def path(self, name: str) -> Path | None:
        for folder in self.folders:
            for ext in (".svg", ".png", ".jpg", ".jpeg"):
                p = folder / f"{name}{ext}"
                if p.is_file():
                    return p
        return None

    def names(self) -> list[str]:
        out = set()
        for folder in self.folders:
            if folder.is_dir():
                out |= {p.stem for p in folder.iterdir() if p.suffix.lower() in (".svg", ".png", ".jpg", ".jpeg")}
        return sorted(out)


# -- images -----------------------------------------------------------------------

@lru_cache(maxsize=4096)
def image_pixels(path: Path) -> tuple[int, int] | None:
    """Pixel size of a PNG/JPEG (reads the header only); None if it is not one."""
    from PIL import Image

    try:
        with Image.open(path) as im:
            if im.format not in ("PNG", "JPEG"):
                return None
            return im.size
    except Exception:
        return None


def dpi_at(pixels: tuple[int, int], w_mm: float, h_mm: float) -> float:
    """Effective resolution of an image printed w x h mm (the lower of the two axes)."""
    return min(pixels[0] / (w_mm / 25.4), pixels[1] / (h_mm / 25.4))


# -- drawing helpers shared by the template kinds ---------------------------------

def forms(c) -> dict:
    """Per-canvas cache of PDF forms (icons, images, static template art)."""
    d = getattr(c, "_pk_custom_forms", None)
    if d is None:
        d = {}
        c._pk_custom_forms = d
    return d


def ink_drawing(drawing, ink):
    """A copy of an svglib drawing with its colours put through the ink mode
    (mono: greys; saver: light tints for fills); the drawing itself for colour."""
    if ink is None or ink.mode == "color":
        return drawing
    import copy

    from reportlab.lib import colors

    out = copy.deepcopy(drawing)

    def convert(col, large: bool):
        if not isinstance(col, colors.Color):
            return col
        r, g, b = ink.rgb((col.red, col.green, col.blue), large)
        return colors.Color(r, g, b, col.alpha)

    def walk(node) -> None:
        for attr, large in (("fillColor", True), ("strokeColor", False)):
            if hasattr(node, attr):
                setattr(node, attr, convert(getattr(node, attr), large))
        for child in getattr(node, "contents", None) or []:
            walk(child)

    walk(out)
    return out


def draw_picture(c, path: Path, x: float, y: float, w: float, h: float, fit: str = "contain", ink=None) -> None:
    """An SVG (as vectors) or PNG/JPEG file in the box (x, y, w, h), pt, in the ink mode."""
    cache = forms(c)
    key = ("pic", str(path))
    if key not in cache:
        cache[key] = _make_picture_form(c, path, len(cache), ink)
    name, pw, ph = cache[key]
    if pw <= 0 or ph <= 0:
        return
    sx, sy = w / pw, h / ph
    if fit == "contain":
        s = min(sx, sy)
        sx = sy = s
    elif fit == "cover":
        s = max(sx, sy)
        sx = sy = s
    dx, dy = x + (w - pw * sx) / 2, y + (h - ph * sy) / 2
    c.saveState()
    if fit == "cover":
        p = c.beginPath()
        p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
    c.translate(dx, dy)
    c.scale(sx, sy)
    c.doForm(name)
    c.restoreState()


def _make_picture_form(c, path: Path, n: int, ink=None):
    name = f"PKPic{n}"
    if path.suffix.lower() == ".svg":
        drawing = ink_drawing(load_svg_drawing(path), ink)
        pw, ph = drawing.width, drawing.height
        c.beginForm(name, 0, 0, pw, ph)
        from reportlab.graphics import renderPDF

        from printkit.engine import fonts as _f

        drawing.initialFontName = _f.SANS  # not Helvetica (never embedded) as the starting font
        renderPDF.draw(drawing, c, 0, 0)
        c.endForm()
    else:
        px = image_pixels(path) or (1, 1)
        pw, ph = float(px[0]), float(px[1])
        c.beginForm(name, 0, 0, pw, ph)
        if ink is not None and ink.mode == "mono":
            from PIL import Image
            from reportlab.lib.utils import ImageReader

            with Image.open(path) as im:
                grey = im.convert("LA" if "A" in im.getbands() else "L")
            c.drawImage(ImageReader(grey), 0, 0, pw, ph, mask="auto")
        else:
            c.drawImage(str(path), 0, 0, pw, ph, mask="auto")
        c.endForm()
    return name, pw, ph


@lru_cache(maxsize=256)
def load_svg_drawing(path: Path):
    """An SVG file as a ReportLab drawing (svglib), read once."""
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib.svglib").setLevel(logging.ERROR)
    drawing = svg2rlg(str(path))
    if drawing is None:
        raise ValueError(f"{path}: not an SVG file svglib can read")
    return drawing

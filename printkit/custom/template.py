"""What both template kinds (SVG and layout TOML) share: Jinja2 placeholders,
the columns a template uses, colours, and the context that finds fonts, icons
and images.

A template is compiled once; `face(values)` then gives the engine a card face
(`face(canvas, art)`, origin at the trim's bottom left, pt) for one data row.
Parts with no placeholder are drawn once per PDF as a form and reused.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from printkit.custom import safety
from printkit.custom.svgcss import parse_color  # noqa: F401 (the colour reader lives with the CSS reader; layout and svgtext call it as T.parse_color)
from printkit.custom.assets import FontBook, Icons
from printkit.errors import UsageError
from printkit.rules import Violation
from printkit.engine.shaping import has_all, missing
from printkit.engine.text import fit, line_chars
from printkit.engine.units import MM, SAFE

PLACEHOLDER = safety.PLACEHOLDER
MIN_TEXT_PT = 6.0  # the smallest printed text printkit lets through (DESIGN: 6 pt, 7 pt for play)


class Context:
    """Where a template finds things: fonts, icons, and images by relative path."""

    base: Path  # folder of the project file (or of the data file)
    fonts: FontBook
    icons: Icons
    image_dirs: list[Path]  # also the folders a project may read from
    fetched: dict  # data addresses fetched this run: url -> bytes
    svg_dpi: float = 300.0  # unit-less SVG pixels that match the card at this resolution are read at it (--svg-dpi)
    svg_dpi_given: bool = False  # --svg-dpi typed: unit-less pixels are always read at svg_dpi

    def __init__(self, base: Path, fonts: FontBook, icons: Icons, image_dirs: list[Path] | None = None, fetched: dict | None = None, svg_dpi: float = 300.0, svg_dpi_given: bool = False) -> None:
        self.base = base
        self.fonts = fonts
        self.icons = icons
        self.image_dirs = list() if image_dirs is None else image_dirs
        self.fetched = dict() if fetched is None else fetched
        self.svg_dpi = svg_dpi
        self.svg_dpi_given = svg_dpi_given
        safety.allow(self.roots)

    @property
    def roots(self) -> list[Path]:
        return self.image_dirs or [self.base]

    @classmethod
    def for_folder(cls, base: Path, *, fonts_dir: Path | None = None, icons_dir: Path | None = None, extra: list[Path] | None = None) -> "Context":
        base = Path(base)
        font_dirs = [fonts_dir or base / "fonts"]
        icon_dirs = [icons_dir or base / "icons"]
        return cls(base, FontBook(font_dirs), Icons(icon_dirs), [base, *(extra or [])])

    def image(self, name: str) -> Path | None:
        """The picture a template or data cell names; UsageError (exit 2) for one
        outside the project folder or a web address, None when there is none."""
        if safety.is_url(name):
            safety.confine(name, self.roots, "the picture")
        p = Path(name)
        if p.is_absolute():
            return safety.confine(p, self.roots, "the picture") if _is_file(p) else None
        for d in self.image_dirs:
            if _is_file(d / p):
                return safety.confine(d / p, self.roots, "the picture", named=name)
        return None


def _is_file(p: Path) -> bool:
    """A file there; False for a name the system cannot even look up (too long,
    a NUL: a cell's text is no file name), as for one that is not there."""
    try:
        return p.is_file()
    except (OSError, ValueError):
        return False


def env():
    """Templates run in a sandbox with bounded work (printkit/custom/safety.py): no code
    from a project runs, whatever its placeholders say."""
    return safety.sandbox(False)


def xml_env():
    return safety.sandbox(True)


def compile_text(source: str, where: str, xml: bool = False):
    """The plain string when it has no placeholder, else the template Jinja2's
    sandbox compiles from it (once: safety.compile_template keeps it). `xml`:
    values escaped for an SVG. One engine: a body that is one column's value
    (`{{ name }}`, `art/{{ art }}.svg`) is taken by safety.Column, the same
    function as Jinja2's compiled template, read off Jinja2's own parse."""
    if not PLACEHOLDER.search(source):
        return source
    return safety.compile_template(source, where, xml)


def compile_expr(source: str, where: str):
    import jinja2

    try:
        return safety.expression(env(), source, where)
    except jinja2.TemplateSyntaxError as exc:
        raise UsageError(f"{where}: condition '{safety.shown(source, 60)}': {exc.message}") from None
    except (RecursionError, MemoryError):
        raise safety.LimitError(f"{where}: condition '{safety.shown(source, 60)}' nested too deeply, printkit's limit") from None


def columns_used(source: str, ast=None) -> set[str]:
    """The data columns a piece of template text reads: bare names, and
    row["Name with spaces"], as Jinja2's parser reads them (`ast`: that
    parse, when the caller has it)."""
    if not PLACEHOLDER.search(source):
        return set()
    import jinja2
    from jinja2 import nodes

    try:
        ast = safety.parsed(source) if ast is None else ast  # the tree compile_template parsed, when it did
    except jinja2.TemplateSyntaxError:
        return set()  # named when the template is compiled
    read, made = set(), set()  # names read; names the template sets itself (loops, set, macros)
    for node in ast.find_all((nodes.Name, nodes.Macro)):
        (read if type(node) is nodes.Name and node.ctx == "load" else made).add(node.name)
    names = read - made - {"row", "card", "loop", "range", "dict", "lipsum", "cycler", "joiner", "namespace", "caller", "varargs", "kwargs", "self"}
    for node in ast.find_all(nodes.Getitem):
        if isinstance(node.node, nodes.Name) and node.node.name == "row" and isinstance(node.arg, nodes.Const):
            names.add(str(node.arg.value))
    for node in ast.find_all(nodes.Getattr):
        if isinstance(node.node, nodes.Name) and node.node.name == "row":
            names.add(node.attr)
    return names


def row_keys(source: str) -> set[str] | None:
    """The columns a piece of template text's output depends on (columns_used),
    or None when it may differ on every card: it reads the card's number
    (`card`), or the row whole (`row` but as row["Name"] or row.Name), or
    cannot be read. Cards whose values of these columns are equal render it
    alike (how many distinct renderings a deck can have, counted before any
    card is checked)."""
    if not PLACEHOLDER.search(source):
        return set()
    import jinja2
    from jinja2 import nodes

    try:
        ast = safety.parsed(source)
    except jinja2.TemplateSyntaxError:
        return None
    loads = [n for n in ast.find_all(nodes.Name) if n.ctx == "load"]
    if any(n.name == "card" for n in loads):
        return None
    by_key = sum(1 for n in ast.find_all((nodes.Getitem, nodes.Getattr)) if isinstance(n.node, nodes.Name) and n.node.name == "row"
                 and (isinstance(n, nodes.Getattr) or isinstance(n.arg, nodes.Const)))
    if sum(1 for n in loads if n.name == "row") != by_key:
        return None
    return columns_used(source, ast)


def render(compiled, values: dict) -> str:
    if isinstance(compiled, str):
        return compiled
    return compiled.render(values)


def variables(values: dict, index: int) -> dict:
    return {**values, "row": values, "card": index + 1}


#: CSS's named colours that printkit's palette also names (its palette wins in
#: layouts and rules; an SVG's own "blue" is CSS's)


def glyph_violations(label: str, text: str, faces, values: dict, markup: bool) -> list:
    """OWN-GLYPH for each character of `text` that no font has (its own, the
    project's, the user's or the system's), naming the column it came from."""
    if not (markup and "*" in text) and has_all(faces.font(), text):
        return []  # the usual case: the text's own font has every character
    out = []
    seen = set()
    f = fit(text, faces, 10.0, 10.0, 1e9, 1e9, False, markup=markup)
    for piece, st in line_chars(f):
        for ch in missing(piece, faces.font(*st), faces.book):
            if ch in seen:
                continue
            seen.add(ch)
            cols = [k for k, val in values.items() if k not in ("row", "card") and ch in str(val)]
            where = f"{label} column '{cols[0]}'" if cols else f"{label} (the template's own text)"
            out.append(violation("OWN-GLYPH", where, f"no font has '{ch}' (U+{ord(ch):04X}): not the text's font, the project's fonts/, your fonts or the system's; add a font that has it to fonts/"))
    return out


QR_BYTES = 2331  # the most a QR code (version 40, error correction M) holds


def qr_problem(text: str, side_pt: float) -> str:
    """Why a QR code of this text cannot be printed `side_pt` wide (too much text,
    modules under 0.5 mm), or "" when it can."""
    from printkit.engine.qr import MIN_MODULE, QUIET, qr_matrix

    if not text.strip():
        return ""
    size = len(text.encode("utf-8"))
    if size > QR_BYTES:
        return f"'{short(text)}' is {size:,} bytes; a QR code holds at most {QR_BYTES:,}"
    try:
        n = len(qr_matrix(text))
    except Exception as exc:  # qrcode's DataOverflowError and the like
        return f"'{short(text)}' does not fit a QR code ({exc.__class__.__name__})"
    module = side_pt / (n + 2 * QUIET) / MM
    if module < MIN_MODULE - 1e-9:
        need = (n + 2 * QUIET) * MIN_MODULE
        return f"'{short(text)}' needs {n} modules a side: at {side_pt / MM:.1f} mm they are {module:.2f} mm, under {MIN_MODULE} mm (make it at least {need:.0f} mm or shorten the text)"
    return ""


def violation(code: str, place: str, message: str) -> Violation:
    return Violation(code, place, message)


def warning(code: str, place: str, message: str) -> Violation:
    """Craft advice: printed in the run summary; an error under --strict."""
    return Violation(code, place, message, "warning")


#: under this many dpi an image is refused; from here to 300 it is a warning
MIN_DPI_ERROR = 150


def ink_warnings(ext, trim: tuple[float, float], bleed: float, label: str, what: str, hint: str = "") -> list:
    """Warnings for ink (ext: x0, y0, x1, y1 in mm from the trim's bottom left)
    in the safe zone or over the trim line, saying where it is. Ink wholly off
    the page (a clone's source parked beside the card) never prints: nothing."""
    if ext is None:
        return []
    W, H = trim
    x0, y0, x1, y1 = ext
    if x1 <= -bleed or y1 <= -bleed or x0 >= W + bleed or y0 >= H + bleed:
        return []
    gaps = {"left": x0, "right": W - x1, "top": H - y1, "bottom": y0}
    side, gap = min(gaps.items(), key=lambda kv: kv[1])
    where = f"its ink spans {x0:.1f}-{x1:.1f} mm across and {H - y1:.1f}-{H - y0:.1f} mm down the card"
    if gap < -0.05:
        crossed = [f"{-g:.1f} mm at the {s}" for s, g in gaps.items() if g < -0.05]  # every edge it crosses
        edges = crossed[0] if len(crossed) == 1 else ", ".join(crossed[:-1]) + " and " + crossed[-1]
        return [warning("OWN-TRIM", label, f"{what} crosses the trim line by {edges} edge{'s' if len(crossed) > 1 else ''} ({where}): fine for art meant to be cut, else move it inside")]
    if gap < SAFE - 0.05:
        return [warning("OWN-SAFE-ZONE", label, f"{what} comes {gap:.1f} mm from the {side} edge, inside the {SAFE:g} mm safe zone ({where}): a cut that drifts may touch it{hint}")]
    return []


def short(text: str, n: int = 30) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def where_drawn(c, what: str) -> str:
    """What the canvas is drawing, for the notes it makes: the part (set by the
    kit) and the template's element."""
    part = getattr(c, "_pk_part", None)
    return f"{part}, {what}" if part else what

"""Measure what a PDF really prints: every text run with its effective size, and
the bounding box of every drawn mark.

Tests use it to assert print standards on the OUTPUT, not on the drawing code's
plans: "no text under 6 pt", "nothing outside the printable area".

    from pdfmeasure import measure
    for page in measure("kit.pdf"):
        for run in page.texts:      # TextRun(text, size, x, y, box, font)
            ...
        for mark in page.marks:     # Mark(kind, box)  kind: "fill" | "stroke" | "image"
            ...

It walks each page's content stream (parsed by pikepdf's qpdf, several times
faster than pypdf's parser, which matters for a test suite on a budget), keeps the graphics state
(CTM, clip box, text matrix, font, size, spacing), follows form XObjects through
their /Matrix, and turns each string shown (Tj, TJ, ', ") into one run. The
effective size is the font size scaled by the text matrix and the CTM (the height
of the text space's y axis on the page), which is what a reader sees. Boxes are in
page points, origin bottom-left, as (x0, y0, x1, y1), clipped to the current clip
box (a rectangle bound of the clip path). Text widths come from the font's
/Widths (simple fonts) or /W (CID fonts); the text box runs from the descender
(-0.2 em) to the cap height (0.75 em) so it is a fair ink box, not the line box.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import pikepdf

Box = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: [m] x [n])."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _bbox(points) -> Box | None:
    pts = list(points)
    if not pts:
        return None
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _clip(box: Box | None, clip: Box | None) -> Box | None:
    if box is None or clip is None:
        return box
    x0, y0, x1, y1 = max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3])
    if x0 > x1 or y0 > y1:
        return None  # wholly clipped away: nothing prints
    return (x0, y0, x1, y1)


@dataclass
class TextRun:
    text: str
    size: float  # effective size on the page, pt
    x: float  # origin of the run on the page, pt
    y: float
    box: Box | None  # ink box on the page (clipped), None if clipped away
    font: str
    matrix: Matrix = (1, 0, 0, 1, 0, 0)  # text space to page: a flip or turn shows here

    @property
    def upright(self) -> bool:
        """Reads the normal way on the page: not turned, not mirrored."""
        a, b, c, d = self.matrix[:4]
        return a > 0 and d > 0 and abs(b) < 1e-6 * abs(a) + 1e-9 and abs(c) < 1e-6 * abs(d) + 1e-9

    def __repr__(self) -> str:
        return f"TextRun({self.text!r}, {self.size:.2f}pt at ({self.x:.1f},{self.y:.1f}))"


@dataclass
class Mark:
    kind: str  # "fill", "stroke", "fillstroke", "image"
    box: Box  # on the page (clipped)


@dataclass
class PageMeasure:
    number: int  # 1-based
    width: float
    height: float
    texts: list[TextRun] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)

    def text(self) -> str:
        return " ".join(t.text for t in self.texts)

    def content_box(self) -> Box | None:
        """The bound of everything printed on the page."""
        boxes = [t.box for t in self.texts if t.box] + [m.box for m in self.marks]
        if not boxes:
            return None
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


class _Font:
    """Widths and a code -> text map for one font resource."""

    def __init__(self, font) -> None:
        self.name = str(font.get("/BaseFont", "?"))
        self.two_byte = font.get("/Subtype") == "/Type0"
        self.widths: dict[int, float] = {}
        self.default_width = 0.0 if not self.two_byte else 1000.0
        if self.two_byte:
            desc = font["/DescendantFonts"][0]
            self.default_width = float(desc.get("/DW", 1000))
            w = desc.get("/W")
            if w is not None:
                w = list(w)
                i = 0
                while i < len(w):
                    first = int(w[i])
                    nxt = w[i + 1]
                    if isinstance(nxt, pikepdf.Array):
                        for k, v in enumerate(nxt):
                            self.widths[first + k] = float(v)
                        i += 2
                    else:
                        last, width = int(w[i + 1]), float(w[i + 2])
                        for code in range(first, last + 1):
                            self.widths[code] = width
                        i += 3
        else:
            first = int(font.get("/FirstChar", 0))
            for k, v in enumerate(font.get("/Widths", []) or []):
                self.widths[first + k] = float(v)
            if "/Widths" not in font:  # a standard-14 font: use a rough average
                self.default_width = 550.0
        self.to_unicode = self._read_cmap(font.get("/ToUnicode"))

    @staticmethod
    def _read_cmap(stream) -> dict[int, str]:
        if stream is None:
            return {}
        data = bytes(stream.read_bytes()).decode("latin-1")
        out: dict[int, str] = {}

        def utf16(hexs: str) -> str:
            try:
                return bytes.fromhex(hexs).decode("utf-16-be")
            except ValueError:
                return "?"

        for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
            for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
                out[int(src, 16)] = utf16(dst)
        for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
            for lo, hi, rest in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)", block):
                lo_i, hi_i = int(lo, 16), int(hi, 16)
                if rest.startswith("["):
                    for k, dst in enumerate(re.findall(r"<([0-9A-Fa-f]*)>", rest)):
                        out[lo_i + k] = utf16(dst)
                else:
                    base = int(rest[1:-1], 16)
                    width = len(rest) - 2
                    for k in range(hi_i - lo_i + 1):
                        out[lo_i + k] = utf16(f"{base + k:0{width}X}")
        return out

    def codes(self, raw: bytes) -> list[int]:
        if self.two_byte:
            return [raw[i] << 8 | raw[i + 1] for i in range(0, len(raw) - 1, 2)]
        return list(raw)

    def text(self, codes: list[int]) -> str:
        if self.to_unicode:
            return "".join(self.to_unicode.get(c, "?") for c in codes)
        return "".join(chr(c) for c in codes)

    def width(self, code: int) -> float:
        return self.widths.get(code, self.default_width) / 1000.0


def _raw(operand) -> bytes:
    return bytes(operand)


class _State:
    __slots__ = ("ctm", "clip", "font", "size", "char_sp", "word_sp", "hscale", "leading", "rise")

    def __init__(self) -> None:
        self.ctm: Matrix = IDENTITY
        self.clip: Box | None = None
        self.font: _Font | None = None
        self.size = 0.0
        self.char_sp = 0.0
        self.word_sp = 0.0
        self.hscale = 1.0
        self.leading = 0.0
        self.rise = 0.0

    def copy(self) -> "_State":
        s = _State()
        for k in self.__slots__:
            setattr(s, k, getattr(self, k))
        return s


PAINT = {"S": "stroke", "s": "stroke", "f": "fill", "F": "fill", "f*": "fill", "B": "fillstroke", "B*": "fillstroke", "b": "fillstroke", "b*": "fillstroke"}


class _Walker:
    def __init__(self, page_measure: PageMeasure, font_cache: dict) -> None:
        self.out = page_measure
        self.font_cache = font_cache

    def font(self, obj) -> _Font:
        key = obj.objgen if obj.is_indirect else id(obj)
        if key not in self.font_cache:
            self.font_cache[key] = _Font(obj)
        return self.font_cache[key]

    def run(self, contents, resources, state: _State, depth: int = 0) -> None:
        if contents is None or depth > 12:
            return
        resources = resources if resources is not None else pikepdf.Dictionary()
        fonts = resources.get("/Font", pikepdf.Dictionary())
        xobjects = resources.get("/XObject", pikepdf.Dictionary())
        stack: list[_State] = []
        st = state
        path: list[tuple[float, float]] = []
        pending_clip = False
        tm: Matrix = IDENTITY
        tlm: Matrix = IDENTITY
        for instr in pikepdf.parse_content_stream(contents):
            if isinstance(instr, pikepdf.ContentStreamInlineImage):
                box = _clip(_bbox(apply(st.ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))), st.clip)
                if box:
                    self.out.marks.append(Mark("image", box))
                continue
            operands, op = instr.operands, str(instr.operator)
            if op == "q":
                stack.append(st.copy())
            elif op == "Q":
                if stack:
                    st = stack.pop()
            elif op == "cm":
                st.ctm = mul(tuple(float(v) for v in operands), st.ctm)
            # -- paths -------------------------------------------------------
            elif op in ("m", "l"):
                path.append(apply(st.ctm, float(operands[0]), float(operands[1])))
            elif op in ("c", "v", "y"):
                vals = [float(v) for v in operands]
                for i in range(0, len(vals), 2):
                    path.append(apply(st.ctm, vals[i], vals[i + 1]))
            elif op == "re":
                x, y, w, h = (float(v) for v in operands)
                path += [apply(st.ctm, x, y), apply(st.ctm, x + w, y), apply(st.ctm, x, y + h), apply(st.ctm, x + w, y + h)]
            elif op == "h":
                pass
            elif op in ("W", "W*"):
                pending_clip = True
            elif op in PAINT or op == "n":
                box = _bbox(path)
                if op in PAINT and box is not None:
                    shown = _clip(box, st.clip)
                    if shown is not None:
                        self.out.marks.append(Mark(PAINT[op], shown))
                if pending_clip and box is not None:
                    st.clip = _clip(box, st.clip) or (box[0], box[1], box[0], box[1])
                pending_clip = False
                path = []
            # -- text --------------------------------------------------------
            elif op == "BT":
                tm = tlm = IDENTITY
            elif op == "ET":
                pass
            elif op == "Tf":
                name = str(operands[0])
                st.font = self.font(fonts[name]) if name in fonts else None
                st.size = float(operands[1])
            elif op == "Tc":
                st.char_sp = float(operands[0])
            elif op == "Tw":
                st.word_sp = float(operands[0])
            elif op == "Tz":
                st.hscale = float(operands[0]) / 100.0
            elif op == "TL":
                st.leading = float(operands[0])
            elif op == "Ts":
                st.rise = float(operands[0])
            elif op == "Td":
                tlm = mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), tlm)
                tm = tlm
            elif op == "TD":
                st.leading = -float(operands[1])
                tlm = mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), tlm)
                tm = tlm
            elif op == "Tm":
                tlm = tm = tuple(float(v) for v in operands)
            elif op == "T*":
                tlm = mul((1, 0, 0, 1, 0, -st.leading), tlm)
                tm = tlm
            elif op in ("Tj", "'", '"', "TJ"):
                if op in ("'", '"'):
                    if op == '"':
                        st.word_sp, st.char_sp = float(operands[0]), float(operands[1])
                    tlm = mul((1, 0, 0, 1, 0, -st.leading), tlm)
                    tm = tlm
                items = list(operands[0]) if op == "TJ" else [operands[-1]]
                tm = self.show(items, st, tm)
            # -- images and forms --------------------------------------------
            elif op == "Do":
                xo = xobjects.get(str(operands[0]))
                if xo is None:
                    continue
                sub = xo.get("/Subtype")
                if sub == "/Image":
                    box = _clip(_bbox(apply(st.ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))), st.clip)
                    if box:
                        self.out.marks.append(Mark("image", box))
                elif sub == "/Form":
                    inner = st.copy()
                    matrix = tuple(float(v) for v in xo.get("/Matrix", IDENTITY))
                    inner.ctm = mul(matrix, st.ctm)
                    bb = xo.get("/BBox")
                    if bb is not None:
                        x0, y0, x1, y1 = (float(v) for v in bb)
                        corners = _bbox(apply(inner.ctm, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))
                        inner.clip = _clip(corners, st.clip) or (0, 0, 0, 0)
                    self.run(xo, xo.get("/Resources", resources), inner, depth + 1)
        return None

    def show(self, items, st: _State, tm: Matrix) -> Matrix:
        font = st.font
        if font is None:
            return tm
        chars: list[str] = []
        start = tm
        advance_total = 0.0
        for item in items:
            if not isinstance(item, pikepdf.String):
                shift = -float(item) / 1000.0 * st.size * st.hscale
                tm = mul((1, 0, 0, 1, shift, 0), tm)
                advance_total += shift
                continue
            codes = font.codes(_raw(item))
            chars.append(font.text(codes))
            for code in codes:
                w = font.width(code) * st.size + st.char_sp + (st.word_sp if code == 32 and not font.two_byte else 0.0)
                w *= st.hscale
                tm = mul((1, 0, 0, 1, w, 0), tm)
                advance_total += w
        text = "".join(chars)
        if not text:
            return tm
        trm0 = mul(start, st.ctm)
        a, b, c, d, e, f = trm0
        size = st.size * math.hypot(c, d)
        x, y = apply(trm0, 0, st.rise)
        lo, hi = st.rise - 0.2 * st.size, st.rise + 0.75 * st.size
        corners = [apply(trm0, 0, lo), apply(trm0, advance_total, lo), apply(trm0, 0, hi), apply(trm0, advance_total, hi)]
        if text.strip():
            box = _clip(_bbox(corners), st.clip)
            self.out.texts.append(TextRun(text, size, x, y, box, font.name, trm0))
        return tm


def measure(pdf, pages: list[int] | None = None) -> list[PageMeasure]:
    """Every page (or the 1-based `pages`) of a PDF path or bytes, measured."""
    import io

    out: list[PageMeasure] = []
    fonts: dict = {}
    with pikepdf.open(io.BytesIO(pdf) if isinstance(pdf, (bytes, bytearray)) else str(pdf)) as doc:
        for i, page in enumerate(doc.pages, 1):
            if pages is not None and i not in pages:
                continue
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            pm = PageMeasure(i, x1 - x0, y1 - y0)
            st = _State()
            st.clip = (x0, y0, x1, y1)
            _Walker(pm, fonts).run(page, page.obj.get("/Resources"), st)
            out.append(pm)
    return out


def small_text(pages: list[PageMeasure], limit: float) -> list[tuple[int, TextRun]]:
    """Every run under `limit` pt, with its page number (a little slack for rounding)."""
    return [(p.number, t) for p in pages for t in p.texts if t.size < limit - 0.01]


def outside(pages: list[PageMeasure], margin_pt: float, *, texts: bool = True, marks: bool = True) -> list[tuple[int, object]]:
    """Every text run or mark that prints closer than `margin_pt` to a page edge."""
    bad = []
    for p in pages:
        lo_x, lo_y, hi_x, hi_y = margin_pt - 0.05, margin_pt - 0.05, p.width - margin_pt + 0.05, p.height - margin_pt + 0.05
        items = ([t for t in p.texts if t.box] if texts else []) + (p.marks if marks else [])
        for item in items:
            b = item.box
            if b[0] < lo_x or b[1] < lo_y or b[2] > hi_x or b[3] > hi_y:
                bad.append((p.number, item))
    return bad

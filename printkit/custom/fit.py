"""Text in a box: wrapped at spaces, shrunk to fit down to a minimum size, with
`:icon:` names drawn inline as pictures one text-height square.

Text filled from data cells may carry a small markup, as the rules pages do:
`**bold**`, `*italic*` (`\\*` is an asterisk), line breaks (a new line in the
cell, or `\\n`) and `:icon:`. Every run is drawn through shaping.py: characters
the font lacks come from a font that has them, right-to-left and joined
scripts are ordered and shaped.
"""

from __future__ import annotations

import re
from collections import namedtuple
from functools import lru_cache
from typing import NamedTuple

from printkit.custom import shaping
from printkit.custom.assets import ICON

#: A span styled apart from its text (an editor's tspan or flowSpan with its own
#: weight, style, size or colour) is marked in the text it is drawn from:
#: SPAN_OPEN, a flags character (0x40 + bits: 1 weight given, 2 bold, 4 style
#: given, 8 italic), a table character (0x100 + k: the k-th entry of the text's
#: span table, (rgb or None, size factor or None); 0x100 for none), the span's
#: text, SPAN_CLOSE. Data cells never hold these control characters' meaning:
#: printkit puts them there from the template's spans only.
SPAN_OPEN, SPAN_CLOSE = "\x0e", "\x0f"
_SPAN_MARK = re.compile("\x0e[\\s\\S]{2}|\x0f")


def span_open(bold: bool | None, italic: bool | None, k: int = 0) -> str:
    flags = (1 | (2 if bold else 0) if bold is not None else 0) | (4 | (8 if italic else 0) if italic is not None else 0)
    return SPAN_OPEN + chr(0x40 + flags) + chr(0x100 + k)


def plain(text: str) -> str:
    """The text without span marks (what a reader sees)."""
    return _SPAN_MARK.sub("", text) if SPAN_OPEN in text or SPAN_CLOSE in text else text


LEADING = 1.2
ASCENT, DESCENT = 0.8, 0.25  # of the size: the block's height is measured with these
METRICS = (ASCENT, DESCENT, LEADING)  # printkit's own boxes; an editor's text brings its own (svg.py)


@lru_cache(maxsize=256)
def face_metrics(name: str) -> tuple[float, float]:
    """A registered font's ascent and descent in ems (both positive), as HarfBuzz
    reads them (the hhea table, or OS/2's typographic numbers when the font says
    to use those), which is what Pango and Inkscape place lines by; printkit's
    own (ASCENT, DESCENT) when the font cannot be read."""
    try:
        import uharfbuzz as hb
        from reportlab.pdfbase import pdfmetrics

        face = pdfmetrics.getFont(name).face
        hbface = hb.Face(hb.Blob.from_file_path(face.filename), getattr(face, "subfontIndex", 0) or 0)
        ext = hb.Font(hbface).get_font_extents("ltr")
        ascent, descent = ext.ascender / hbface.upem, -ext.descender / hbface.upem
        if ascent > 0 and descent >= 0:
            return ascent, descent
    except Exception:
        pass
    return ASCENT, DESCENT


def editor_metrics(line_height: float, ascent: float, descent: float) -> tuple[float, float, float]:
    """(ascent, descent, leading) in ems that set lines as Inkscape (Pango) does in
    a shape or flowed region: each line is `line_height` tall, its baseline at the
    font's ascent share of the em (ascent / (ascent + descent), the font's own
    numbers) plus half the extra leading; the block of n lines is n line heights."""
    share = ascent / (ascent + descent) if ascent > 0 and descent > 0 else ASCENT / (ASCENT + DESCENT)
    top = (line_height - 1.0) / 2 + share
    return (top, line_height - top, line_height)
STEP = 0.25  # pt: shrink-to-fit step

_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_PLAIN = (False, False)


class Faces(NamedTuple):
    """The faces a text is set in: its family and style, and the markup's bold
    and italic of it, found through `book` (a FontBook). Without a book,
    `family` is a registered font name used for every style."""

    book: object
    family: str
    bold: bool = False
    italic: bool = False
    kern: bool = False  # set with kerning and ligatures (HarfBuzz), as Inkscape sets an editor's text

    def font(self, bold: bool = False, italic: bool = False, span: int = 0) -> str:
        if self.book is None:
            return self.family
        return self.book.resolve(self.family, self.bold or bold, self.italic or italic)


def as_faces(font) -> Faces:
    return font if isinstance(font, Faces) else Faces(None, font)


class Fitted(namedtuple("Fitted", "size lines widths fits rtl metrics boxes spans", defaults=((), METRICS, (), ()))):
    """A text set in its box: size; lines (each: pieces, ("t", text, (bold,
    italic)) or ("i", icon name, style)); widths; fits (False: even at the
    minimum size it does not fit); rtl (per line: its paragraph runs right to
    left); metrics ((ascent, descent, leading) in ems); boxes (an editor's
    text: each line's (ascent, descent) in ems, grown by the fonts it falls
    back to); spans (the text's span table: (rgb or None, size factor or None)
    per styled span, SPAN_OPEN). A named tuple: a frozen dataclass costs ~0.8 ms
    to define at every start."""

    __slots__ = ()

    @property
    def height(self) -> float:
        if self.boxes:
            return sum(a + d for a, d in self.boxes) * self.size
        return block_height(len(self.lines), self.size, self.metrics)

    def baselines(self, top: float) -> list[float]:
        """Each line's baseline (y up) under a block whose top is `top`."""
        ascent, _, leading = self.metrics
        if not self.boxes:
            return [top - (ascent + k * leading) * self.size for k in range(len(self.lines))]
        out, y = [], top
        for a, d in self.boxes:
            out.append(y - a * self.size)
            y -= (a + d) * self.size
        return out


def line_boxes(lines, faces, metrics) -> tuple:
    """Each line's (ascent, descent) in ems as Inkscape (Pango) stacks lines of
    text an editor set (kerned faces): every font a line is drawn in, its own or
    a fallback, brings its ascent share plus half the leading above the baseline
    and the rest below; the line is as tall as the tallest of each. () for
    printkit's own text (one line height for all)."""
    if not faces.kern:
        return ()
    leading = metrics[2]
    out = []
    for line in lines:
        names = {faces.font(*line[0][2])} if line else {faces.font()}
        for kind, piece, st in line:
            if kind == "t" and piece.strip():
                names.update(seg.font for seg in shaping.segments(piece, faces.font(*st), faces.book, False, True))
        tops = [editor_metrics(leading, *face_metrics(n)) for n in sorted(names)]
        out.append((max(t[0] for t in tops), max(t[1] for t in tops)))
    return tuple(out)


def block_height(n: int, size: float, metrics=METRICS) -> float:
    ascent, descent, leading = metrics
    return (ascent + descent) * size + max(0, n - 1) * leading * size


def _styled(para: str, markup: bool) -> list[tuple[str, tuple]]:
    """A paragraph's characters with their (bold, italic) from the markup, and
    from the template's styled spans (bold, italic, span table index)."""
    marks = SPAN_OPEN in para or SPAN_CLOSE in para
    if (not markup or "*" not in para) and not marks:
        return [(ch, _PLAIN) for ch in para]
    text = para
    if markup and "*" in text:
        text = text.replace("\\*", "\x05")
        text = _BOLD.sub("\x01\\1\x02", text)
        text = _ITALIC.sub("\x03\\1\x04", text)
    bold = italic = False
    out = []
    stack: list = []  # open spans, outermost first: (flags, table index)
    skip = 0
    for i, ch in enumerate(text):
        if skip:
            skip -= 1
            continue
        if ch == SPAN_OPEN:
            if i + 2 < len(text):
                stack.append((ord(text[i + 1]) - 0x40, ord(text[i + 2]) - 0x100))
            skip = 2
            continue
        if ch == SPAN_CLOSE:
            if stack:
                stack.pop()
            continue
        if ch == "\x01":
            bold = True
        elif ch == "\x02":
            bold = False
        elif ch == "\x03":
            italic = True
        elif ch == "\x04":
            italic = False
        elif stack:
            b, it, k = bold, italic, 0
            for flags, kk in stack:  # the innermost span's own style wins
                if flags & 1:
                    b = bool(flags & 2)
                if flags & 4:
                    it = bool(flags & 8)
                if kk:
                    k = kk
            out.append(("*" if ch == "\x05" else ch, (b, it, k)))
        else:
            out.append(("*" if ch == "\x05" else ch, (bold, italic)))
    return out


def _tokens(text: str, icons: bool, markup: bool = False, base: str | None = None) -> list[tuple[list, bool]]:
    """Paragraphs (split at newlines), each (words, right-to-left); a word is a
    tuple of pieces. `base`: "rtl" or "ltr" sets every paragraph's direction
    (SVG's direction property), else each paragraph's first strong letter does."""
    paras = []
    for para in text.replace("\r\n", "\n").replace("\\n", "\n").split("\n"):
        if (not markup or "*" not in para) and "\u00a0" not in para and "\u202f" not in para and SPAN_OPEN not in para and SPAN_CLOSE not in para:  # the usual case, quickly
            paras.append(([_pieces([(ch, _PLAIN) for ch in w], icons) if ":" in w and icons else (("t", w, _PLAIN),) for w in para.split()], base == "rtl" if base else shaping.base_rtl(para)))
            continue
        chars = _styled(para, markup)
        words = []
        word: list = []
        for ch, st in chars + [(" ", _PLAIN)]:
            if ch.isspace() and ch not in "\u00a0\u202f":  # a no-break space stays inside its word
                if word:
                    words.append(_pieces(word, icons))
                    word = []
            else:
                word.append((ch, st))
        paras.append((words, base == "rtl" if base else shaping.base_rtl("".join(ch for ch, _ in chars))))
    return paras


def _pieces(word: list, icons: bool) -> tuple:
    """One word's characters as pieces: runs of one style, `:icon:` names cut out."""
    runs: list = []
    for ch, st in word:
        if runs and runs[-1][1] == st:
            runs[-1][0].append(ch)
        else:
            runs.append(([ch], st))
    pieces = []
    for chars, st in runs:
        s = "".join(chars)
        pos = 0
        if icons:
            for m in ICON.finditer(s):
                if m.start() > pos:
                    pieces.append(("t", s[pos : m.start()], st))
                pieces.append(("i", m.group(1), st))
                pos = m.end()
        if pos < len(s):
            pieces.append(("t", s[pos:], st))
    return tuple(pieces)


def span_size(st, size: float, spans: tuple) -> float:
    """A piece's size: the text's, times its span's size factor."""
    if len(st) > 2 and 0 < st[2] <= len(spans) and spans[st[2] - 1][1]:
        return size * spans[st[2] - 1][1]
    return size


def _piece_width(kind: str, p: str, st, faces: Faces, size: float, rtl: bool, spans: tuple = ()) -> float:
    if kind != "t":
        return size
    return shaping.width(p, faces.font(*st), span_size(st, size, spans), faces.book, rtl, faces.kern)


def _wrap(paras, faces: Faces, size: float, width: float, wrap: bool, spans: tuple = ()):
    lines, widths, dirs = [], [], []
    for words, rtl in paras:
        line: list = []
        lw = 0.0
        for word in words:
            ww = sum(_piece_width(k, p, st, faces, size, rtl, spans) for k, p, st in word)
            st = line[-1][2] if line else _PLAIN
            space = shaping.width(" ", faces.font(*st), size)
            if line and wrap and lw + space + ww > width:
                lines.append(line)
                widths.append(lw)
                dirs.append(rtl)
                line, lw = [], 0.0
            if line:
                line.append(("t", " ", st))
                lw += space
            line.extend(word)
            lw += ww
        lines.append(line)
        widths.append(lw)
        dirs.append(rtl)
    # merge neighbouring text pieces of one style: one drawString per run
    merged = []
    for line in lines:
        out: list = []
        for kind, p, st in line:
            if kind == "t" and out and out[-1][0] == "t" and out[-1][2] == st:
                out[-1] = ("t", out[-1][1] + p, st)
            else:
                out.append((kind, p, st))
        merged.append(tuple(out))
    return merged, widths, dirs


@lru_cache(maxsize=2048)  # a 1,000-card deck's texts set once for the check, the ink and the drawing; a bigger deck's rarer texts set again, not kept a card
def fit(text: str, font, size: float, min_size: float, w: float, h: float, wrap: bool = True, icons: bool = True, markup: bool = False, base: str | None = None, metrics=METRICS, spans: tuple = ()) -> Fitted:
    """The largest size from `size` down to `min_size` (steps of 0.25 pt) at
    which the text fits the w x h box; at `min_size` with fits=False if none does.
    `font`: a registered font name, or Faces (markup, fallback fonts); `metrics`:
    the lines' (ascent, descent, leading) in ems."""
    import math

    if not all(math.isfinite(v) for v in (size, min_size, w, h)) or not -1e6 < size < 1e6:
        raise ValueError(f"text size {size:g} (or its box) is not a usable number")  # refused by the templates first
    faces = as_faces(font)
    paras = _tokens(text, icons, markup, base)
    s = size
    steps = (size - min_size) / STEP
    if steps > 64:
        # Many sizes to try (a huge font in a small box): a size whose single line is
        # taller than the box never fits; and fitting only gets easier as the size drops
        # (words and lines scale with it), so the largest size that fits is found by halving.
        k_lo = max(0, math.ceil((size - (h + 0.01) / (metrics[0] + metrics[1])) / STEP))
        k_hi = math.ceil(steps)
        s = max(min_size, size - k_lo * STEP)
        if k_lo < k_hi and not _fits(paras, faces, s, w, h, wrap, metrics, spans):
            lo, hi = k_lo, k_hi  # size - lo*STEP does not fit; size - hi*STEP is the minimum
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if _fits(paras, faces, max(min_size, size - mid * STEP), w, h, wrap, metrics, spans):
                    hi = mid
                else:
                    lo = mid
            s = max(min_size, size - hi * STEP)
    while True:
        lines, widths, dirs = _wrap(paras, faces, s, w, wrap, spans)
        boxes = line_boxes(lines, faces, metrics)
        tall = sum(a + d for a, d in boxes) * s if boxes else block_height(len(lines), s, metrics)
        ok = max(widths, default=0.0) <= w + 0.01 and tall <= h + 0.01
        if ok or s <= min_size:
            return Fitted(s, tuple(lines), tuple(widths), ok, tuple(dirs), tuple(metrics), boxes, tuple(spans))
        s = max(min_size, s - STEP)


def _fits(paras, faces, s: float, w: float, h: float, wrap: bool, metrics=METRICS, spans: tuple = ()) -> bool:
    lines, widths, _ = _wrap(paras, faces, s, w, wrap, spans)
    boxes = line_boxes(lines, faces, metrics)
    tall = sum(a + d for a, d in boxes) * s if boxes else block_height(len(lines), s, metrics)
    return max(widths, default=0.0) <= w + 0.01 and tall <= h + 0.01


def draw_fitted(c, fitted: Fitted, font, x: float, y: float, w: float, h: float, *, align: str = "left", valign: str = "top", icon_path=None, ink=None) -> None:
    """Draw fitted text in the box whose bottom left is (x, y), pt."""
    faces = as_faces(font)
    size = fitted.size
    block = fitted.height
    if valign == "middle":
        top = y + (h + block) / 2
    elif valign == "bottom":
        top = y + block
    else:
        top = y + h
    c.setFont(faces.font(), size)
    rtl = fitted.rtl or (False,) * len(fitted.lines)
    for line, lw, r, base in zip(fitted.lines, fitted.widths, rtl, fitted.baselines(top)):
        if align == "center":
            cx = x + (w - lw) / 2
        elif align == "right":
            cx = x + w - lw
        else:
            cx = x
        draw_line(c, line, faces, size, cx, base, icon_path, ink, r, fitted.spans)


def ink_extent(fitted: Fitted, x: float, y: float, w: float, h: float, *, align: str = "left", valign: str = "top"):
    """Where draw_fitted's set lines put ink: (x0, y0, x1, y1), y up, from each
    line's set width and the glyphs' ascent and descent; None for no visible text."""
    size = fitted.size
    block = fitted.height
    top = y + (h + block) / 2 if valign == "middle" else (y + block if valign == "bottom" else y + h)
    out = None
    for line, lw, base in zip(fitted.lines, fitted.widths, fitted.baselines(top)):
        if lw > 0 and any(p[0] == "i" or str(p[1]).strip() for p in line):
            cx = x + (w - lw) / 2 if align == "center" else (x + w - lw if align == "right" else x)
            box = (cx, base - DESCENT * size, cx + lw, base + ASCENT * size)  # the glyphs' ink about the baseline
            out = box if out is None else (min(out[0], box[0]), min(out[1], box[1]), max(out[2], box[2]), max(out[3], box[3]))
    return out


def draw_line(c, line, font, size: float, x: float, base: float, icon_path=None, ink=None, rtl: bool = False, spans: tuple = ()) -> None:
    """One line of pieces from x on the baseline (a right-to-left paragraph's
    pieces are laid from the right); the font is already set. A piece of a
    styled span is drawn in its own size and colour (`spans`, the text's table)."""
    from printkit.custom.assets import draw_picture

    faces = as_faces(font)
    pieces = line
    if rtl and len(line) > 1:
        pieces = line[::-1]
    for kind, piece, st in pieces:
        if kind == "t":
            rgb = spans[st[2] - 1][0] if len(st) > 2 and 0 < st[2] <= len(spans) else None
            if rgb is not None:
                c.saveState()
                c.setFillColorRGB(*(ink.rgb(rgb) if ink is not None else rgb))
            x = shaping.draw(c, x, base, piece, faces.font(*st), span_size(st, size, spans), faces.book, rtl, faces.kern)
            if rgb is not None:
                c.restoreState()
        else:
            path = icon_path(piece) if icon_path else None
            if path is not None:
                draw_picture(c, path, x, base - DESCENT * size * 0.6, size, size, ink=ink)
            x += size


def line_chars(fitted: Fitted):
    """(text, font style) of every text piece, for checks."""
    for line in fitted.lines:
        for kind, p, st in line:
            if kind == "t":
                yield p, st

"""The text setter: every text printkit sets, the games', the rules pages' and
your own decks', goes one road, markup -> words -> shaped, measured runs ->
lines -> boxes -> drawn.

**One markup grammar.** Inside a paragraph: `**bold**`, `*italic*` (either
inside the other; `\\*` is an asterisk), `:icon:` names (where the caller
draws icons), a new line (or `\\n`) starting a new line. Words are parted at
white space; a no-break space (U+00A0, U+202F) stays inside its word. The
rules pages add block marks at the start of a line: `# Title`, `## Heading`,
`- bullet`, blank lines between paragraphs (`parse_markup`). A template's
styled spans (an editor's tspan with its own weight, style, size or colour)
are marked in the text by SPAN_OPEN ... SPAN_CLOSE (`span_open`).

**Runs.** Each piece of a word is measured and drawn through shaping.py: a
character its font lacks is set in a font that has it, right-to-left and
joined scripts are ordered and shaped by HarfBuzz; plain text is set from
the font's advance widths, as ReportLab sets it.

**Lines.** One greedy breaker (`set_lines`): a word goes on the line when the
line with a space and the word is no wider than the room (the space measured
in the face the word before ends in), else it starts the next line; a word
wider than a whole line stays whole on its own line (the box reports it does
not fit), or, for running text (`cut=True`), is cut between characters.

**Boxes.** `fit` sets a text in a box at the largest size (down to a minimum,
in 0.25 pt steps) at which its lines fit; `Fitted` knows each line's baseline.
The rules pages (`flow`) set blocks over pages; the games' helpers
(`paragraph`, `lines`, `fit_paragraphs`, `label_row`) stand on the same
breaker and drawing.

**Drawing.** One routine draws every set line (`draw_line`); a one-line label
is a line of one piece (`label`, `label_in_box`, `labels`), and so is a run
of an SVG drawing's text placed by its element (`run`, `run_width`: the
drawer, custom/svgart.py). It writes on the canvas, or into one text object
for a rules page, a batch of labels or a drawing's run (`TextPen`).
"""

# No `from __future__ import annotations`: as strings, typing.NamedTuple compiles each field's type at every start.

import bisect
import math
import re
from collections import namedtuple
from functools import lru_cache
from typing import NamedTuple, Sequence

from printkit.base.resources import resource_dir
from printkit.engine import fonts, shaping
from printkit.engine.rl import font_setting
from printkit.engine.units import MM

# --- templates -------------------------------------------------------------------


@lru_cache(maxsize=1)
def _env():
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    # printkit's own rules templates, in the sandbox the project templates use too;
    # {% trans %} blocks (Jinja2's i18n extension) take the language's gettext from the render call
    return ImmutableSandboxedEnvironment(
        loader=jinja2.FileSystemLoader(str(resource_dir("templates"))),
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _same(message: str) -> str:
    return message


def _plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def render_template(name: str, gettext=None, ngettext=None, **context) -> str:
    """A template rendered; `gettext` and `ngettext` translate its {% trans %}
    blocks and `_()` calls in the caller's language (the engine knows none).
    None: the text as written."""
    gettext = gettext or _same
    return _env().get_template(name).render(gettext=gettext, _=gettext, ngettext=ngettext or _plural, **context)


# --- the markup grammar --------------------------------------------------------------

#: A span styled apart from its text (an editor's tspan or flowSpan with its own
#: weight, style, size or colour) is marked in the text it is drawn from:
#: SPAN_OPEN, a flags character (0x40 + bits: 1 weight given, 2 bold, 4 style
#: given, 8 italic), a table character (0x100 + k: the k-th entry of the text's
#: span table, (rgb or None, size factor or None); 0x100 for none), the span's
#: text, SPAN_CLOSE. Data cells never hold these control characters' meaning:
#: printkit puts them there from the template's spans only.
SPAN_OPEN, SPAN_CLOSE = "\x0e", "\x0f"
_SPAN_MARK = "\x0e[\\s\\S]{2}|\x0f"
#: an icon's name in text: `:name:`
ICON = re.compile(r":([A-Za-z0-9_-]+):")
# The markup, as patterns re compiles at their first use (a text with an asterisk or a
# span; most cards have none). _BOLD and _ITALIC say what it means (the tests compare).
_BOLD = r"\*\*(?=\S)(.+?)(?<=\S)\*\*"
_ITALIC = r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])"
# Where each of those may open and close, found in one pass each: _marked pairs them up as the
# two patterns' re.sub would, without trying every opening against the rest of the line (an
# opening that never closes made that quadratic: 56 KB of "*a **b " in a rules page took 10 s,
# a page of 1 MB hours, while `validate` said ok; a 10,000-character cell 0.1 s a card)
_BOLD_OPEN = r"(?=\*\*\S)"
_BOLD_CLOSE = r"(?<=\S)(?=\*\*)"
_ITALIC_OPEN = r"(?<![\w*])(?=\*[^\s*])"
_ITALIC_CLOSE = r"(?<=[^\s*])(?=\*(?![\w*]))"
_PLAIN = (False, False)
_NO_BREAK = "\u00a0\u202f"


def span_open(bold: bool | None, italic: bool | None, k: int = 0) -> str:
    flags = (1 | (2 if bold else 0) if bold is not None else 0) | (4 | (8 if italic else 0) if italic is not None else 0)
    return SPAN_OPEN + chr(0x40 + flags) + chr(0x100 + k)


def plain(text: str) -> str:
    """The text without span marks (what a reader sees)."""
    return re.sub(_SPAN_MARK, "", text) if SPAN_OPEN in text or SPAN_CLOSE in text else text


def _marked(text: str, opening, closing, width: int, start: str, end: str) -> str:
    """The text with each span between an opening and a closing mark (`width`
    asterisks each) put between `start` and `end`, as re.sub of the pattern of
    both gives it (left to right; each opening takes the nearest closing after
    at least one character, on the same line), in time linear in the text."""
    opens = [m.start() for m in re.finditer(opening, text)]
    if not opens:
        return text
    closes = [m.start() for m in re.finditer(closing, text)]
    breaks = [m.start() for m in re.finditer("\n", text)]
    out, pos = [], 0
    for i in opens:
        if i < pos:
            continue
        body = i + width
        k = bisect.bisect_left(closes, body + 1)  # the span holds one character at least
        if k == len(closes):
            continue
        j = closes[k]
        b = bisect.bisect_left(breaks, body)
        if b < len(breaks) and breaks[b] < j:  # "." does not match a new line
            continue
        out += (text[pos:i], start, text[body:j], end)
        pos = j + width
    out.append(text[pos:])
    return "".join(out)


def _styled(para: str, markup: bool) -> list[tuple[str, tuple]]:
    """A paragraph's characters with their (bold, italic) from the markup, and
    from the template's styled spans (bold, italic, span table index)."""
    marks = SPAN_OPEN in para or SPAN_CLOSE in para
    if (not markup or "*" not in para) and not marks:
        return [(ch, _PLAIN) for ch in para]
    text = para
    if markup and "*" in text:
        text = text.replace("\\*", "\x05")
        text = _marked(text, _BOLD_OPEN, _BOLD_CLOSE, 2, "\x01", "\x02")  # as re.sub(_BOLD, "\x01\\1\x02", text)
        text = _marked(text, _ITALIC_OPEN, _ITALIC_CLOSE, 1, "\x03", "\x04")  # as re.sub(_ITALIC, "\x03\\1\x04", text)
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


#: how an editor's text (Inkscape, Pango) breaks, where printkit's own text does not
#: (UAX #14): after a slash in a URL or path, not before a digit or another slash;
#: after a hyphen between letters
_SLASH_BREAK = r"(?<=/)(?=[^\d/\s])|(?<=[^\W\d_]-)(?=[^\W\d_])"  # compiled by re at the first such word


def paragraphs(text: str, icons: bool = False, markup: bool = False, base: str | None = None, editor: bool = False, keep_spaces: bool = False) -> list[tuple[list, bool]]:
    """The text as paragraphs (split at new lines and `\\n`), each (words,
    right-to-left); a word is a tuple of pieces, ("t", text, style) or ("i",
    icon name, style), style (bold, italic[, span]). `base`: "rtl" or "ltr" sets
    every paragraph's direction (SVG's direction property), else each
    paragraph's first strong letter does. `editor`: break as Pango does for an
    editor's text, also after a slash in a URL and a hyphen between letters
    (the part after it is a word joined to the one before with no space, GLUE). `keep_spaces`: a run of
    spaces is kept (xml:space="preserve", white-space:pre): the first parts
    the words, the rest end the word before it (hanging at a line's end)."""
    paras = []
    for para in _carry_spans(text.replace("\r\n", "\n").replace("\\n", "\n")).split("\n"):
        if not editor and not keep_spaces and (not markup or "*" not in para) and _NO_BREAK[0] not in para and _NO_BREAK[1] not in para and SPAN_OPEN not in para and SPAN_CLOSE not in para:  # the usual case, quickly
            paras.append(([_pieces([(ch, _PLAIN) for ch in w], icons) if ":" in w and icons else (("t", w, _PLAIN),) for w in para.split()], base == "rtl" if base else shaping.base_rtl(para)))
            continue
        chars = _styled(para, markup)
        words = []
        word: list = []
        for n, (ch, st) in enumerate(chars + [(" ", _PLAIN)]):
            if ch.isspace() and ch not in _NO_BREAK:
                if word:
                    words.append(_pieces(word, icons))
                    word = []
                elif keep_spaces and words and n < len(chars) and ch == " ":  # a space after a space: it stays
                    last = words[-1]
                    words[-1] = last[:-1] + (("t", last[-1][1] + " ", last[-1][2]),) if last[-1][0] == "t" and last[-1][2] == st else last + (("t", " ", st),)
            else:
                word.append((ch, st))
        if editor:
            words = [part for w in words for part in _slash_parts(w)]
        paras.append((words, base == "rtl" if base else shaping.base_rtl("".join(ch for ch, _ in chars))))
    return paras


def _carry_spans(text: str) -> str:
    """The text with each styled span still open at a line break closed before
    it and opened again after it, so that every paragraph holds its own marks: a
    span's words after a line break inside it (a line break under white-space:
    pre in a template, or in a cell) keep the span's style."""
    if "\n" not in text or SPAN_OPEN not in text:
        return text
    out: list = []
    stack: list = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == SPAN_OPEN:
            stack.append(text[i : i + 3])
            out.append(text[i : i + 3])
            i += 3
            continue
        if ch == SPAN_CLOSE and stack:
            stack.pop()
        if ch == "\n" and stack:
            out.append(SPAN_CLOSE * len(stack) + "\n" + "".join(stack))
        else:
            out.append(ch)
        i += 1
    return "".join(out)


GLUE = ("g", "", _PLAIN)  # a word's first piece: no space before it (a break opportunity inside a word)


def _slash_parts(word: tuple) -> list[tuple]:
    """A word cut where Pango may break a line inside it (after a URL's
    slashes, a hyphen between letters), the parts after the first glued to
    the one before."""
    if not any(kind == "t" and ("/" in p or "-" in p) for kind, p, _st in word):
        return [word]
    parts: list[list] = [[]]
    for kind, p, st in word:
        if kind != "t" or ("/" not in p and "-" not in p):
            parts[-1].append((kind, p, st))
            continue
        bits = re.split(_SLASH_BREAK, p)
        for k, bit in enumerate(bits):
            if k:
                parts.append([GLUE])
            if bit:
                parts[-1].append(("t", bit, st))
    return [tuple(part) for part in parts if any(q[0] != "g" for q in part)]


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


# --- faces and measures ------------------------------------------------------------------

#: the engine's own faces by (bold, italic), for text set in fonts.SANS
_SANS_STYLES = {(False, False): fonts.SANS, (True, False): fonts.SANS_BOLD, (False, True): fonts.SANS_ITALIC, (True, True): fonts.SANS_BOLD_ITALIC}


class Faces(NamedTuple):
    """The faces a text is set in: its family and style, and the markup's bold
    and italic of it, found through `book` (a FontBook: resolve(family, bold,
    italic) and fallback(char, font)). Without a book, `family` is a registered
    font name: the engine's Sans takes the markup's bold and italic from its
    own four faces, any other face is used for every style."""

    book: object
    family: str
    bold: bool = False
    italic: bool = False
    kern: bool = False  # set with kerning and ligatures (HarfBuzz), as Inkscape sets an editor's text
    strut: str | None = None  # a face every line's box takes in too (an editor's text: its root's own face)
    strut_size: float = 1.0  # the strut's font size over the text's (a 40 px flowRoot around a 60 px paragraph: 0.667)
    strut_leading: float = 0.0  # the strut's own line height in ems of the text's size (the root's line-height); 0: the text's
    span_lines: bool = False  # each line as tall as its own pieces at their own sizes and line heights (Inkscape 1.x), not at the text's

    def font(self, bold: bool = False, italic: bool = False, span: int = 0) -> str:
        if self.book is None:
            if self.family in _SANS_STYLES.values() and (bold or italic):
                b, i = next(k for k, v in _SANS_STYLES.items() if v == self.family)
                return _SANS_STYLES[b or bold, i or italic]
            return self.family
        return self.book.resolve(self.family, self.bold or bold, self.italic or italic)


def as_faces(font) -> Faces:
    return font if isinstance(font, Faces) else Faces(None, font)


def span_size(st, size: float, spans: tuple) -> float:
    """A piece's size: the text's, times its span's size factor."""
    if len(st) > 2 and 0 < st[2] <= len(spans) and spans[st[2] - 1][1]:
        return size * spans[st[2] - 1][1]
    return size


def _piece_width(kind: str, p: str, st, faces: Faces, size: float, rtl: bool, spans: tuple = ()) -> float:
    if kind != "t":
        return size  # an icon: one text-height square
    return shaping.width(p, faces.font(*st), span_size(st, size, spans), faces.book, rtl, faces.kern)


def _word_width(word: tuple, faces: Faces, size: float, rtl: bool, spans: tuple) -> float:
    return sum(_piece_width(k, p, st, faces, size, rtl, spans) for k, p, st in word)


def _trailing_spaces(word: tuple, faces: Faces, size: float, rtl: bool, spans: tuple) -> float:
    """The width of the kept spaces a word ends in (paragraphs(keep_spaces=True))."""
    kind, p, st = word[-1] if word else ("i", "", _PLAIN)
    if kind != "t" or not p.endswith(" "):
        return 0.0
    n = len(p) - len(p.rstrip(" "))
    return shaping.width(" " * n, faces.font(*st), span_size(st, size, spans), faces.book, rtl, faces.kern)


# --- lines: the one breaker ------------------------------------------------------------

TOL = 1e-6  # pt: a line this much wider than its room still fits (widths add up glyph by glyph)


def _cut(word: tuple, faces: Faces, size: float, width: float, rtl: bool, spans: tuple) -> list[tuple]:
    """A word wider than a whole line, cut between characters into line-wide parts."""
    parts: list[tuple] = []
    cur: list = []
    used = 0.0
    for kind, p, st in word:
        for ch in p if kind == "t" else (p,):
            w = _piece_width(kind, ch, st, faces, size, rtl, spans)
            if cur and used + w > width + TOL:
                parts.append(tuple(cur))
                cur, used = [], 0.0
            if kind == "t" and cur and cur[-1][0] == "t" and cur[-1][2] == st:
                cur[-1] = ("t", cur[-1][1] + ch, st)
            else:
                cur.append((kind, ch, st))
            used += w
    if cur:
        parts.append(tuple(cur))
    return parts


def set_lines(paras, faces, size: float, width: float, wrap: bool = True, spans: tuple = (), cut: bool = False, spaces_follow: bool = False, most: int | None = None):
    """Paragraphs (see `paragraphs`) broken into lines no wider than `width` pt
    at `size` (greedy, see the module's docstring). Returns (lines, widths,
    directions): each line a tuple of pieces, neighbours of one style joined,
    the spaces between words in the style of the piece before them. `wrap`
    False: a paragraph is one line, however wide. `spaces_follow`: a space
    after an arrow is measured in the arrow's face, as `flow` draws it
    (fonts.runs); elsewhere a space is in the text's own face. `most`: raise
    _TooTall as soon as there are more lines than that (a size being tried that
    cannot fit: the rest of a long text is not set for nothing)."""
    faces = as_faces(faces)
    lines, widths, dirs = [], [], []
    measured: dict = {}  # (word, direction) -> (width, its kept spaces'): a text's words repeat
    spaces: dict = {}  # (style, after an arrow) -> a space's width
    for words, rtl in paras:
        line: list = []
        lw = 0.0
        trail = 0.0  # the kept spaces that end the line so far (hang past its end, as Pango lets them)
        if most is not None and len(lines) > most:
            raise _TooTall
        for word in words:
            if most is not None and len(lines) > most:
                raise _TooTall
            glued = word[0][0] == "g"
            if glued:
                word = word[1:]
            known = measured.get((word, rtl))
            if known is None:
                known = measured[(word, rtl)] = (_word_width(word, faces, size, rtl, spans), _trailing_spaces(word, faces, size, rtl, spans))
            ww, ends = known
            if cut and wrap and ww > width + TOL:
                if line:
                    lines.append(line)
                    widths.append(lw)
                    dirs.append(rtl)
                *whole, last = _cut(word, faces, size, width, rtl, spans)
                for part in whole:
                    lines.append(list(part))
                    widths.append(_word_width(part, faces, size, rtl, spans))
                    dirs.append(rtl)
                line, lw = list(last), _word_width(last, faces, size, rtl, spans)
                continue
            st = line[-1][2] if line else _PLAIN
            if glued:
                space = 0.0
            else:
                arrow = bool(spaces_follow and faces.book is None and line and line[-1][0] == "t" and line[-1][1][-1:] in fonts.ARROW_CHARS)
                space = spaces.get((st, arrow))
                if space is None:  # the face of the style (and of an arrow before it), found once a text
                    face = faces.font(*st)
                    space = spaces[(st, arrow)] = shaping.width(" ", fonts.arrow_face(face) if arrow else face, size)
            if line and wrap and lw + space + ww - ends > width + TOL:
                lines.append(line)
                widths.append(lw - trail)
                dirs.append(rtl)
                line, lw = [], 0.0
            if line and not glued:
                line.append(("t", " ", st))
                lw += space
            line.extend(word)
            lw += ww
            trail = ends
        lines.append(line)
        widths.append(lw - trail)
        dirs.append(rtl)
    merged = []
    for line in lines:  # neighbouring text pieces of one style: one run each
        out: list = []
        for kind, p, st in line:
            if kind == "t" and out and out[-1][0] == "t" and out[-1][2] == st:
                out[-1] = ("t", out[-1][1] + p, st)
            else:
                out.append((kind, p, st))
        merged.append(tuple(out))
    return merged, widths, dirs


def line_text(line) -> str:
    """A set line's text (icons as their `:name:`)."""
    return "".join(p if kind == "t" else (f":{p}:" if kind == "i" else "") for kind, p, _st in line)


def lines(text: str, font: str, size: float, width: float, *, markup: bool = False) -> list[str]:
    """`text` broken into lines no wider than `width` at `size` in `font`, as
    strings (for text drawn a line at a time by its caller); [] for no words."""
    if not text.strip():
        return []
    return [line_text(line) for line in set_lines(paragraphs(text, markup=markup), as_faces(font), size, width)[0]]


# --- boxes --------------------------------------------------------------------------------

LEADING = 1.2
ASCENT, DESCENT = 0.8, 0.25  # of the size: the block's height is measured with these
METRICS = (ASCENT, DESCENT, LEADING)  # printkit's own boxes; an editor's text brings its own (custom/svg.py)
STEP = 0.25  # pt: shrink-to-fit step


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


def block_height(n: int, size: float, metrics=METRICS) -> float:
    ascent, descent, leading = metrics
    return (ascent + descent) * size + max(0, n - 1) * leading * size


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


def span_line(st, spans: tuple, leading: float) -> tuple[float, float]:
    """A piece's (size, line height), both in ems of the text's size: its span's
    size factor and line height (the span table's third field), else the text's."""
    k = st[2] if len(st) > 2 else 0
    if 0 < k <= len(spans):
        entry = spans[k - 1]
        return entry[1] or 1.0, (entry[2] if len(entry) > 2 and entry[2] else leading)
    return 1.0, leading


def _inline_box(name: str, size: float, line_height: float) -> tuple[float, float]:
    """A run's (above, below) its baseline, in ems of the text's size, as Inkscape
    1.x sizes an inline box: the font's ascent share of `size` plus half the
    leading (`line_height` - `size`, negative when the line height is smaller)."""
    a, d = face_metrics(name)
    share = a / (a + d) if a > 0 and d > 0 else ASCENT / (ASCENT + DESCENT)
    top = (line_height - size) / 2 + share * size
    return top, line_height - top


def line_boxes(lines, faces, metrics, spans: tuple = ()) -> tuple:
    """Each line's (ascent, descent) in ems as Inkscape (Pango) stacks lines of
    text an editor set (kerned faces): every font a line is drawn in, its own or
    a fallback, brings its ascent share plus half the leading above the baseline
    and the rest below; the line is as tall as the tallest of each. () for
    printkit's own text (one line height for all).

    `faces.span_lines` (a text Inkscape 1.x sets): each piece at its own size and
    line height (`span_line`), and the root's strut at the root's size and own
    line height: a 30 px paragraph after a 60 px one is a 30 px line (or the
    strut's), not one of the text's size."""
    if not faces.kern:
        return ()
    leading = metrics[2]
    if faces.span_lines:
        return tuple(_span_line_box(line, faces, leading, spans) for line in lines)
    out = []
    for line in lines:
        names = {faces.font(*line[0][2])} if line else {faces.font()}
        for kind, piece, st in line:
            if kind == "t" and piece.strip():
                names.update(seg.font for seg in shaping.segments(piece, faces.font(*st), faces.book, False, True))
        tops = [editor_metrics(leading, *face_metrics(n)) for n in sorted(names)]
        if faces.strut:  # the root's face at the root's size, in the same line height (a length, handed down)
            a, d = face_metrics(faces.strut)
            share = a / (a + d) if a > 0 and d > 0 else ASCENT / (ASCENT + DESCENT)
            r = faces.strut_size
            top = (leading - r) / 2 + share * r
            tops.append((top, leading - top))
        out.append((max(t[0] for t in tops), max(t[1] for t in tops)))
    return tuple(out)


def _span_line_box(line, faces, leading: float, spans: tuple) -> tuple[float, float]:
    """One line's (ascent, descent) in ems of the text's size for `line_boxes`
    under `span_lines`: the strut (or, without one, the text's own face at its
    size and line height) and each piece's fonts at the piece's size and line height."""
    if faces.strut:
        tops = [_inline_box(faces.strut, faces.strut_size, faces.strut_leading or leading)]
    else:
        tops = [_inline_box(faces.font(*line[0][2]) if line else faces.font(), 1.0, leading)]
    for kind, piece, st in line:
        if kind != "t":
            continue
        f, lh = span_line(st, spans, leading)
        font = faces.font(*st)
        names = {seg.font for seg in shaping.segments(piece, font, faces.book, False, True)} if piece.strip() else {font}
        tops.extend(_inline_box(n, f, lh) for n in sorted(names))
    return max(t[0] for t in tops), max(t[1] for t in tops)


#: texts longer than this are set afresh each time, not kept (memory stays bounded by
#: the caches' counts times this, whatever a project's cells hold)
KEPT_CHARS = 4096


def fit(text: str, *args, **kwargs) -> Fitted:
    """`_fit`, remembered for texts up to KEPT_CHARS long."""
    return (_fit if len(text) <= KEPT_CHARS else _fit.__wrapped__)(text, *args, **kwargs)


@lru_cache(maxsize=2048)  # a 1,000-card deck's texts set once for the check, the ink and the drawing; a bigger deck's rarer texts set again, not kept a card
def _fit(text: str, font, size: float, min_size: float, w: float, h: float, wrap: bool = True, icons: bool = True, markup: bool = False, base: str | None = None, metrics=METRICS, spans: tuple = (), editor: bool = False, keep_spaces: bool = False) -> Fitted:
    """The largest size from `size` down to `min_size` (steps of 0.25 pt) at
    which the text fits the w x h box; at `min_size` with fits=False if none does.
    `font`: a registered font name, or Faces (markup, fallback fonts); `metrics`:
    the lines' (ascent, descent, leading) in ems; `editor`, `keep_spaces`: see
    `paragraphs`."""
    if not all(math.isfinite(v) for v in (size, min_size, w, h)) or not -1e6 < size < 1e6:
        raise ValueError(f"text size {size:g} (or its box) is not a usable number")  # refused by the templates first
    faces = as_faces(font)
    paras = paragraphs(text, icons, markup, base, editor, keep_spaces)
    s = size
    steps = (size - min_size) / STEP
    if steps > 64:
        # Many sizes to try (a huge font in a small box): a size whose single line is
        # taller than the box never fits; and fitting only gets easier as the size drops
        # (words and lines scale with it), so the largest size that fits is found by halving.
        k_lo = max(0, math.ceil((size - (h + 0.01) / (metrics[0] + metrics[1])) / STEP))
        k_hi = math.ceil(steps)
        s = max(min_size, size - k_lo * STEP)
        if k_lo < k_hi and not _attempt(paras, faces, s, w, h, wrap, metrics, spans, True)[0]:
            lo, hi = k_lo, k_hi  # size - lo*STEP does not fit; size - hi*STEP is the minimum
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if _attempt(paras, faces, max(min_size, size - mid * STEP), w, h, wrap, metrics, spans, True)[0]:
                    hi = mid
                else:
                    lo = mid
            s = max(min_size, size - hi * STEP)
    first = True
    while True:
        ok, lines_, widths, dirs, boxes = _attempt(paras, faces, s, w, h, wrap, metrics, spans, s > min_size)
        if ok or s <= min_size:
            return Fitted(s, tuple(lines_), tuple(widths), ok, tuple(dirs), tuple(metrics), boxes, tuple(spans))
        if first and s - STEP > min_size and not _attempt(paras, faces, min_size, w, h, wrap, metrics, spans, True)[0]:
            # not even the smallest size fits, so none between does (fitting only gets easier as the
            # size drops): set once at it, not tried at every step down to it (a deck of 400 long
            # cells of short words that fit at no size: 13 sizes each, past a minute of CPU)
            s = min_size
        else:
            s = max(min_size, s - STEP)
        first = False


class _TooTall(Exception):
    """More lines than a box holds at the size being tried (set_lines' `most`)."""


def _most_lines(faces: Faces, s: float, h: float, metrics, spans: tuple = ()) -> int | None:
    """The most lines a box `h` tall can hold at size `s` (one more, for rounding):
    an editor's text stacks lines one line height each (`line_boxes`), printkit's
    own text as `block_height` does; None when that is no bound."""
    ascent, descent, leading = metrics
    if faces.span_lines:  # no line is shorter than the strut, nor than the shortest line height a piece has
        leading = max(faces.strut_leading if faces.strut else 0.0, min([leading, *(e[2] for e in spans if len(e) > 2 and e[2])]))
        if leading < 0.05:
            return None
    if not (s > 0 and leading > 0):
        return None
    if faces.kern:
        return int((h + 0.01) / (leading * s)) + 1
    return max(1, int(1 + ((h + 0.01) / s - (ascent + descent)) / leading)) + 1


def _attempt(paras, faces, s: float, w: float, h: float, wrap: bool, metrics, spans: tuple, probe: bool = False):
    """(fits, lines, widths, directions, boxes) at size `s`. `probe`: only whether it
    fits; a text that runs past the box's foot is not set to its end."""
    try:
        lines_, widths, dirs = set_lines(paras, faces, s, w, wrap, spans, most=_most_lines(faces, s, h, metrics, spans) if probe else None)
    except _TooTall:
        return False, [], [], [], ()
    boxes = line_boxes(lines_, faces, metrics, spans)
    tall = sum(a + d for a, d in boxes) * s if boxes else block_height(len(lines_), s, metrics)
    ok = max(widths, default=0.0) <= w + 0.01 and tall <= h + 0.01
    return ok, lines_, widths, dirs, boxes


def line_chars(fitted: Fitted):
    """(text, font style) of every text piece, for checks."""
    for line in fitted.lines:
        for kind, p, st in line:
            if kind == "t":
                yield p, st


# --- drawing: the one routine ------------------------------------------------------------------
#
# Every set line, a label's one run, a box's lines and the rules pages' running
# text, is drawn by `draw_line` (its pieces) and `_draw_run` (one piece: its
# shaped segments, the arrows in PKArrows). Only where the runs are written
# differs: on the canvas, each run its own text object as drawString writes it
# (`_CanvasPen`), or into one text object for a whole page (`TextPen`).
#
# How the glyphs are painted is the pen's `mode`, PDF's text rendering mode:
# FILL (0, every text of the games), OUTLINE (1: the glyphs' outlines stroked,
# an SVG text with `fill: none` and a stroke) or FILL_OUTLINE (2: filled, then
# their outlines stroked over the fill, SVG's paint order). The stroke's colour,
# width, joins and caps are the caller's graphics state, as a path's are.

FILL, OUTLINE, FILL_OUTLINE = 0, 1, 2


class TextPen:
    """Set lines written into one PDF text object `t` (a page of running text):
    a run placed where the text before it ended follows it with no new origin,
    and a face is set only when it changes. Takes text only, in the current
    colour (no icons, no coloured spans). `flip`: the text object is drawn in
    a space whose y runs down (an SVG drawing's user space): each origin is
    written as a text matrix that turns the glyphs upright there. `mode`: how
    the glyphs are painted (FILL, OUTLINE, FILL_OUTLINE)."""

    __slots__ = ("t", "at", "face", "flip", "turn")

    def __init__(self, t, flip: bool = False, mode: int = FILL) -> None:
        self.t = t
        if mode != FILL:
            t.setTextRenderMode(mode)
        self.at: tuple | None = None  # where the text written so far ends (x, y)
        self.face: tuple | None = None  # the (face, size) last set
        self.flip = flip
        self.turn: tuple | None = None  # (cos, sin, x, y): runs placed in a frame turned about (x, y) (turned_labels)

    def turned(self, cos: float, sin: float, x: float, y: float) -> None:
        """The runs that follow are placed in a frame turned by the angle whose
        cosine and sine are given, its origin at (x, y); each starts a new text
        matrix."""
        self.turn = (cos, sin, x, y)
        self.at = None

    def font(self, face: str, size: float) -> None:
        if self.face != (face, size):
            self.t.setFont(face, size)
            self.face = (face, size)

    def put(self, x: float, y: float, runs, size: float, font: str, end: float) -> None:
        """`runs` ((text, face) pairs) one after another from x on the
        baseline y; `end` is the x after them."""
        if self.at != (x, y):
            if self.turn is not None:
                cos, sin, ox, oy = self.turn
                self.t.setTextTransform(cos, sin, -sin, cos, ox + x * cos - y * sin, oy + x * sin + y * cos)
            elif self.flip:
                self.t.setTextTransform(1, 0, 0, -1, x, y)
            else:
                self.t.setTextOrigin(x, y)
        for run, face in runs:
            self.font(face, size)
            self.t.textOut(run)
        self.at = (end, y)


class _CanvasPen:
    """Runs written on the canvas: one run in the piece's own face as drawString
    writes it (the face set when the canvas has another); several, or one in
    another face (an arrow in PKArrows), in one text object, after which the
    canvas is left set in the piece's face, `font`. `mode`: how the glyphs
    are painted (FILL, OUTLINE, FILL_OUTLINE)."""

    __slots__ = ("c", "mode")

    def __init__(self, c, mode: int = FILL) -> None:
        self.c = c
        self.mode = mode

    def put(self, x: float, y: float, runs, size: float, font: str, end: float) -> None:
        c = self.c
        if len(runs) == 1 and runs[0][1] == font:
            run, face = runs[0]
            if font_setting(c) != (face, size):
                c.setFont(face, size)
            if self.mode == FILL:
                c.drawString(x, y, run)
            else:
                c.drawString(x, y, run, mode=self.mode)
            return
        t = c.beginText()
        TextPen(t, mode=self.mode).put(x, y, runs, size, font, end)
        c.drawText(t)
        c.setFont(font, size)


def _draw_run(pen, x: float, y: float, text: str, font: str, size: float, book=None, rtl: bool = False, kern: bool = False, spaces_follow: bool = False) -> float:
    """One piece of a line from x on the baseline y, as shaping.py segments it
    (plain text its font has: one segment, its arrows in PKArrows, fonts.runs);
    returns the x after it."""
    segs = shaping.segments(text, font, book, rtl, kern)
    if len(segs) == 1 and segs[0].font == font and type(segs[0].text) is str:
        end = x + fonts.text_width(text, font, size, spaces_follow)  # the plain case: exactly the width it always had
        pen.put(x, y, fonts.runs(segs[0].text, font, spaces_follow), size, font, end)  # (the text itself, or its brackets turned in a right-to-left paragraph)
        return end
    for seg in segs:
        end = x + seg.advance * size / 1000
        pen.put(x, y, ((seg.text, seg.font),), size, seg.font, end)
        x = end
    return x


def draw_line(c, line, font, size: float, x: float, base: float, icon=None, ink=None, rtl: bool = False, spans: tuple = (), spaces_follow: bool = False, mode: int = FILL) -> None:
    """One set line from x on the baseline (a right-to-left paragraph's pieces
    are laid from the right), on the canvas `c` or into a page's TextPen. A
    piece of a styled span is drawn in its own size and colour (`spans`, the
    text's table; `ink` maps a colour to the document's). `icon(c, name, x, y,
    size)` draws an icon's picture, one text-height square whose bottom is at y
    (the caller's pictures). `spaces_follow`: a space after an arrow is set in
    the arrow's face (see `set_lines`). `mode`: how the glyphs are painted on
    the canvas (FILL, OUTLINE, FILL_OUTLINE; a TextPen has its own)."""
    faces = as_faces(font)
    pen = c if isinstance(c, TextPen) else _CanvasPen(c, mode)
    pieces = line[::-1] if rtl and len(line) > 1 else line
    for kind, piece, st in pieces:
        if kind == "t":
            rgb = spans[st[2] - 1][0] if len(st) > 2 and 0 < st[2] <= len(spans) else None
            if rgb is not None:
                c.saveState()
                c.setFillColorRGB(*(ink.rgb(rgb) if ink is not None else rgb))
            x = _draw_run(pen, x, base, piece, faces.font(*st), span_size(st, size, spans), faces.book, rtl, faces.kern, spaces_follow)
            if rgb is not None:
                c.restoreState()
        else:
            if icon is not None:
                icon(c, piece, x, base - DESCENT * size * 0.6, size)
            x += size


def run(text: str) -> tuple:
    """A line of one piece: `text` as it is (no markup read, no breaks), for
    text whose place its caller knows (an SVG drawing's runs, each at the x
    and y its element gives): measured by `run_width`, drawn by `draw_line`."""
    return (("t", text, _PLAIN),)


def run_width(text: str, font, size: float, rtl: bool = False) -> float:
    """The advance of `text` set as one piece of a line (`run`) in `font` (a
    registered name or Faces) at `size`: shaped, fallback faces and all, as
    `draw_line` draws it; `rtl`: the run's paragraph is right to left."""
    return _piece_width("t", text, _PLAIN, as_faces(font), size, rtl)


def label(c, x: float, y: float, text: str, *, font: str, size: float, align: str = "left") -> None:
    """One line of text, never broken, on the baseline y: starting at x, ending
    at it (`align` "right") or centred on it (any other `align`)."""
    if align != "left":
        width = shaping.width(text, font, size)
        x -= width if align == "right" else width / 2
    _draw_run(_CanvasPen(c), x, y, text, font, size)  # the line's one piece, as draw_line draws it


def labels(c, items, font: str, size: float, color=None, align: str = "left") -> None:
    """Many short labels, each on its own (x, y) baseline, in one text object
    (one face and size, one fill colour; None keeps the current one): what a
    `label` per item draws (starting at x, ending at it or centred on it, as
    `align` says), at a fraction of the cost."""
    if not items:
        return
    t = c.beginText()
    pen = TextPen(t)
    pen.font(font, size)
    if color is not None:
        t.setFillColor(color)
    for x, y, text in items:
        if align != "left":
            width = shaping.width(text, font, size)
            x -= width if align == "right" else width / 2
        _draw_run(pen, x, y, text, font, size)
    c.drawText(t)


def turned_labels(c, items, font: str) -> None:
    """Short labels in one text object, each centred on its (x, y) (its
    baseline 0.35 of its size below, as `label_in_box` centres a line) and
    turned about it: items are (x, y, text, size, cos, sin), cos and sin the
    turn's (a quarter turn's are 0 and +-1). Set in `font` and its fallbacks
    (an arrow in PKArrows), in the current fill colour."""
    if not items:
        return
    t = c.beginText()
    pen = TextPen(t)
    for x, y, text, size, cos, sin in items:
        pen.turned(cos, sin, x, y)
        _draw_run(pen, -0.5 * shaping.width(text, font, size), -size * 0.35, text, font, size)
    c.drawText(t)


def drawing_run(c, text: str, faces, size: float, x: float, y: float, rtl: bool = False, mode: int = FILL) -> None:
    """One run of an SVG drawing's text (`run`) from (x, y), in a text object of
    its own, in the drawing's y-down space (TextPen, flip); `mode`: how its
    glyphs are painted (FILL, OUTLINE, FILL_OUTLINE)."""
    t = c.beginText()
    draw_line(TextPen(t, flip=True, mode=mode), run(text), faces, size, x, y, rtl=rtl)
    c.drawText(t)


def label_in_box(c, text: str, x: float, y: float, w: float, h: float, *, font: str = fonts.SANS, size: float = 10, align: str = "center", pad: float = 1.5 * MM, color=(0, 0, 0)) -> float:
    """One line of text in the w x h box whose bottom left is (x, y), centred
    up and down, `pad` pt from its sides, shrunk to fit the box's width
    (fonts.fit_size). Returns the size used."""
    size = fonts.fit_size(text, font, min(size, h * 0.8), w - 2 * pad)
    c.setFont(font, size)
    c.setFillColorRGB(*color)
    base = y + h / 2 - size * 0.35
    at = {"left": x + pad, "right": x + w - pad}.get(align, x + w / 2)
    label(c, at, base, text, font=font, size=size, align=align)
    return size


def _top(fitted: Fitted, y: float, h: float, valign: str) -> float:
    block = fitted.height
    return y + (h + block) / 2 if valign == "middle" else (y + block if valign == "bottom" else y + h)


def _line_x(x: float, w: float, lw: float, align: str) -> float:
    return x + (w - lw) / 2 if align == "center" else (x + w - lw if align == "right" else x)


def draw_fitted(c, fitted: Fitted, font, x: float, y: float, w: float, h: float, *, align: str = "left", valign: str = "top", icon=None, ink=None, mode: int = FILL) -> None:
    """Draw fitted text in the box whose bottom left is (x, y), pt; `mode`: how
    its glyphs are painted (FILL, OUTLINE, FILL_OUTLINE)."""
    faces = as_faces(font)
    c.setFont(faces.font(), fitted.size)
    rtl = fitted.rtl or (False,) * len(fitted.lines)
    for line, lw, r, base in zip(fitted.lines, fitted.widths, rtl, fitted.baselines(_top(fitted, y, h, valign))):
        draw_line(c, line, faces, fitted.size, _line_x(x, w, lw, align), base, icon, ink, r, fitted.spans, mode=mode)


def ink_extent(fitted: Fitted, x: float, y: float, w: float, h: float, *, align: str = "left", valign: str = "top"):
    """Where draw_fitted's set lines put ink: (x0, y0, x1, y1), y up, from each
    line's set width and the glyphs' ascent and descent; None for no visible text."""
    size = fitted.size
    out = None
    for line, lw, base in zip(fitted.lines, fitted.widths, fitted.baselines(_top(fitted, y, h, valign))):
        if lw > 0 and any(p[0] == "i" or str(p[1]).strip() for p in line):
            cx = _line_x(x, w, lw, align)
            box = (cx, base - DESCENT * size, cx + lw, base + ASCENT * size)  # the glyphs' ink about the baseline
            out = box if out is None else (min(out[0], box[0]), min(out[1], box[1]), max(out[2], box[2]), max(out[3], box[3]))
    return out


# --- the games' running text ------------------------------------------------------------------


def paragraph(c, text: str, x: float, top: float, width: float, *, font: str = fonts.SANS, size: float = 9, leading: float | None = None, color=(0, 0, 0), markup: bool = False) -> float:
    """Text set in lines of `width` from `top` down, the first baseline one size
    below it, lines `leading` apart (1.3 sizes); returns the y below the last line."""
    leading = leading or size * 1.3
    c.setFont(font, size)
    c.setFillColorRGB(*color)
    y = top - size
    if text.strip():
        faces = as_faces(font)
        for line in set_lines(paragraphs(text, markup=markup), faces, size, width)[0]:
            draw_line(c, line, faces, size, x, y)
            y -= leading
    return y + leading - size * 0.3 - 2


def paragraph_height(text: str, width: float, *, font: str = fonts.SANS, size: float = 9, leading: float | None = None, markup: bool = False) -> float:
    """How far down `paragraph` takes the pen for `text` (top to the y it returns)."""
    leading = leading or size * 1.3
    n = len(lines(text, font, size, width, markup=markup))
    return size + (n - 1) * leading + size * 0.3 + 2


def fit_paragraphs(texts: Sequence[str], width: float, room: float, *, font: str = fonts.SANS, size: float = 9, min_size: float = 7.0, gap: float = 0.0) -> float:
    """The largest size <= `size` (in quarter points, never below `min_size`) at
    which `texts`, set one under another by `paragraph` with `gap` pt between
    them, take no more than `room` pt down: a translation longer than the text
    it replaces shrinks a little instead of running into what lies below.
    `min_size` when even that is too tall."""
    s = size
    while s > min_size:
        if sum(paragraph_height(t, width, font=font, size=s) + gap for t in texts) <= room + 1e-6:
            return s
        s = max(min_size, s - STEP)
    return min_size


def label_row(c, items: Sequence[tuple], x: float, y: float, width: float, *, gap: float = 3 * MM, min_size: float = 6.0) -> float:
    """Labels on one baseline `y`, left to right from `x`: each item is
    (text, font, size, color, at), drawn at `at` pt from `x` (None: right after
    the one before) or, when the one before reaches further, `gap` after it. When
    the row would pass `width`, every size shrinks by one factor until it fits
    (no item below `min_size`, nor below its own size if that is smaller); so a
    translated title longer than the English never runs into the label after it.
    Returns the x where the last label ends."""

    def place(k: float) -> list[tuple]:
        out, end = [], x
        for n, (text, font, size, color, at) in enumerate(items):
            s = max(min(size, min_size), size * k)
            left = end if n == 0 else end + gap
            if at is not None:
                left = max(left, x + at)
            out.append((left, s, text, font, color))
            end = left + shaping.width(text, font, s)
        return out

    k = 1.0
    placed = place(k)
    while k > 0.3:
        left, s, text, font, _ = placed[-1]
        if left + shaping.width(text, font, s) <= x + width + 1e-6:
            break
        k -= 0.02
        placed = place(k)
    for left, s, text, font, color in placed:
        c.setFillColorRGB(*color)
        label(c, left, y, text, font=font, size=s)
    left, s, text, font, _ = placed[-1]
    return left + shaping.width(text, font, s)


# --- the rules pages: blocks flowed over pages --------------------------------------------------


class Block(NamedTuple):
    """A heading, paragraph or bullet of the markup, at no size yet."""

    kind: str  # "h1", "h2", "body", "bullet"
    paras: tuple  # its text as `paragraphs` gives it


#: per kind, in units of the body size: type size, leading, space before, space after, left indent
_STYLE = {
    "body": (1.0, 1.3, 0.0, 0.45, 0.0),
    "h1": (2.0, 2.4, 0.0, 0.6, 0.0),
    "h2": (1.3, 1.6, 0.6, 0.3, 0.0),
    "bullet": (1.0, 1.3, 0.0, 0.2, 1.2),
}
_BULLET_AT = 0.3  # the bullet's left edge, in units of the body size
_FACES = {"h1": Faces(None, fonts.SANS_BOLD), "h2": Faces(None, fonts.SANS_BOLD)}
_BODY = Faces(None, fonts.SANS)


def parse_markup(text: str) -> list[Block]:
    """The running text's blocks (see the module's docstring): a paragraph's
    lines are joined by spaces, blank lines part paragraphs."""
    return [Block(kind, tuple(paragraphs(body, markup=True))) for kind, body in _blocks(text)]


def block_count(text: str) -> int:
    """How many blocks (headings, paragraphs, list items) parse_markup makes of
    the text, counted without setting them: each is a line at least, with the
    space around it, on a page of its own share (a page's count of them bounds
    its pages before any is laid out)."""
    return sum(1 for _ in _blocks(text))


def _blocks(text: str):
    """(kind, text) of each block of the running text, in order."""
    para: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("## ", "# ", "- ")):
            if para:
                yield "body", " ".join(para)
                para.clear()
        if not line:
            continue
        if line.startswith("## "):
            yield "h2", line[3:]
        elif line.startswith("# "):
            yield "h1", line[2:]
        elif line.startswith("- "):
            yield "bullet", line[2:]
        else:
            para.append(line)
    if para:
        yield "body", " ".join(para)


class _Placed(NamedTuple):
    """A block set at one size: its lines, and the measures the page needs."""

    block: Block
    size: float
    lines: list
    leading: float
    before: float
    after: float
    indent: float


def _place(blocks: list[Block], base: float, width: float) -> list[_Placed]:
    out = []
    for b in blocks:
        size, leading, before, after, indent = (k * base for k in _STYLE[b.kind])
        out.append(_Placed(b, size, set_lines(b.paras, _FACES.get(b.kind, _BODY), size, width - indent, cut=True, spaces_follow=True)[0], leading, before, after, indent))
    return out


def _pages(sets: list[_Placed], room: float) -> list[list[tuple[_Placed, float]]]:
    """The blocks placed on pages of `room` pt: each page a list of (block, top),
    `top` measured down from the page's first line. A block moves whole to the next
    page when it does not fit; only one taller than a page is split between lines.
    A heading stays with its text: one whose next block would not start on the same
    page goes to the next page with it. Space before a block is dropped at the top
    of a page; space between two blocks is the larger of the first's space after
    and the second's space before."""
    pages: list[list] = [[]]
    y = 0.0  # pt used on this page
    last_after = 0.0
    queue = list(sets)
    while queue:
        s = queue.pop(0)
        gap = max(s.before, last_after) if pages[-1] else 0.0
        h = len(s.lines) * s.leading
        if y + gap + h > room + 1e-6:
            if pages[-1] and h <= room + 1e-6:  # whole, on the next page
                pages.append([])
                y = 0.0
                queue.insert(0, s)
                continue
            fit_n = int((room - y - gap + 1e-6) // s.leading)
            if fit_n < 1 and pages[-1]:
                pages.append([])
                y = 0.0
                queue.insert(0, s)
                continue
            fit_n = max(fit_n, 1)  # taller than a page: as many lines as fit, the rest on the next
            queue.insert(0, s._replace(lines=s.lines[fit_n:], before=0.0))
            s = s._replace(lines=s.lines[:fit_n])
            h = fit_n * s.leading
        if s.block.kind in ("h1", "h2") and queue and pages[-1]:
            nxt = queue[0]
            below = y + gap + h + max(nxt.before, s.after)
            nh = len(nxt.lines) * nxt.leading
            starts_here = below + nh <= room + 1e-6 or (nh > room + 1e-6 and below + nxt.leading <= room + 1e-6)
            if not starts_here:  # its text goes to the next page: the heading too
                pages.append([])
                y = 0.0
                queue.insert(0, s)
                continue
        pages[-1].append((s, y + gap))
        y += gap + h
        last_after = s.after
    return [p for p in pages if p]


def page_count(doc, blocks: list[Block], base: float, margin_mm: float = 15.0) -> int:
    """How many pages of the document's paper `blocks` take at body size `base`."""
    W, H = doc.options.paper_pt
    m = margin_mm * MM
    return len(_pages(_place(blocks, base, W - 2 * m), H - 2 * m))


def fit_one_page(doc, blocks: list[Block], sizes=(10.0, 9.5, 9.0, 8.5), margin_mm: float = 15.0) -> float:
    """The largest body size in `sizes` at which `blocks` fit one page of the
    document's paper (a rules summary that would spill a few lines onto a second,
    nearly empty sheet is set a little smaller instead); the first size when they
    fit one page at none of them."""
    for base in sizes:
        if page_count(doc, blocks, base, margin_mm) == 1:
            return base
    return sizes[0]


def fit_fewest_pages(doc, blocks: list[Block], sizes=(10.0, 9.5, 9.0, 8.5, 8.0), margin_mm: float = 15.0) -> float:
    """The largest body size in `sizes` at which `blocks` take the fewest pages of
    the document's paper (one page if any size gets there; a summary of two pages
    and a few lines is set smaller rather than start a third)."""
    counts = [page_count(doc, blocks, base, margin_mm) for base in sizes]
    return sizes[counts.index(min(counts))]


def flow(doc, blocks: list[Block], base: float = 10.0, margin_mm: float = 15.0) -> None:
    """Set `blocks` at body size `base` over as many pages of the document's
    paper as they need, a few text objects a page."""
    W, H = doc.options.paper_pt
    m = margin_mm * MM
    for page in _pages(_place(blocks, base, W - 2 * m), H - 2 * m):
        c = doc.new_page()
        c.setFillColorRGB(0, 0, 0)
        t = c.beginText()
        pen = TextPen(t)
        for s, top in page:
            faces = _FACES.get(s.block.kind, _BODY)
            # the first baseline one type size below the block's top, as ReportLab's paragraphs set it
            y = H - m - top - s.size
            pen.face = None  # each block sets its face anew
            if s.block.kind == "bullet":
                pen.font(fonts.SANS, s.size)
                _draw_run(pen, m + base * _BULLET_AT, y, "\u2022", fonts.SANS, s.size)
            for line in s.lines:
                draw_line(pen, line, faces, s.size, m + s.indent, y, spaces_follow=True)
                y -= s.leading
        c.drawText(t)

"""Running text: Jinja2 templates from templates/, a small markup, flowed over pages.

The markup: `# Title`, `## Heading`, `- bullet`, `**bold**`, `*italic*`,
paragraphs separated by blank lines. printkit sets it itself, a few text
objects a page: words are measured once at 1 pt (widths scale with the size), so
trying a rules summary at four sizes to find the one that fits a page costs little.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from printkit.engine import fonts
from printkit.engine.resources import resource_dir
from printkit.engine.units import MM


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


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
#: a run's face by its (bold, italic) flags
_FACES = {(False, False): fonts.SANS, (True, False): fonts.SANS_BOLD, (False, True): fonts.SANS_ITALIC, (True, True): fonts.SANS_BOLD_ITALIC}


def _words(text: str, bold: bool = False) -> tuple:
    """A paragraph's words, each a tuple of (text, face) pieces: `**bold**` and
    `*italic*` (either inside the other too) switch the face mid-paragraph, and a
    word may change face inside itself ("**Hint**:"). `bold`: the text is bold throughout (headings)."""
    text = _BOLD.sub("\x01\\1\x02", text)
    text = _ITALIC.sub("\x03\\1\x04", text)
    base_bold, italic = bold, False
    words: list = []
    pieces: list = []
    chars: list[str] = []

    def piece() -> None:
        if chars:
            pieces.extend(fonts.runs("".join(chars), _FACES[bold, italic]))  # arrows in PKArrows
            chars.clear()

    for ch in text:
        if ch in "\x01\x02\x03\x04":
            piece()
            if ch in "\x01\x02":
                bold = base_bold or ch == "\x01"
            else:
                italic = ch == "\x03"
        elif ch in " \t\r\n\f\v":  # a no-break space stays inside its word
            piece()
            if pieces:
                words.append(tuple(pieces))
                pieces.clear()
        else:
            chars.append(ch)
    piece()
    if pieces:
        words.append(tuple(pieces))
    return tuple(words)


class Block(NamedTuple):
    """A heading, paragraph or bullet of the markup, at no size yet."""

    kind: str  # "h1", "h2", "body", "bullet"
    words: tuple  # see _words
    widths: tuple  # each word's width at 1 pt (widths scale with the size: one measure serves every size)
    spaces: tuple  # the width at 1 pt of a space after each word, in the face the word ends in


def _block(kind: str, words: tuple) -> Block:
    return Block(kind, words, tuple(_width(w) for w in words), tuple(fonts.text_width(" ", w[-1][1], 1.0) for w in words))


#: per kind, in units of the body size: type size, leading, space before, space after, left indent
_STYLE = {
    "body": (1.0, 1.3, 0.0, 0.45, 0.0),
    "h1": (2.0, 2.4, 0.0, 0.6, 0.0),
    "h2": (1.3, 1.6, 0.6, 0.3, 0.0),
    "bullet": (1.0, 1.3, 0.0, 0.2, 1.2),
}
_BULLET_AT = 0.3  # the bullet's left edge, in units of the body size


def parse_markup(text: str) -> list[Block]:
    """The markup as blocks (see the module's docstring)."""
    out: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(_block("body", _words(" ".join(para))))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            out.append(_block("h2", _words(line[3:], bold=True)))
        elif line.startswith("# "):
            flush()
            out.append(_block("h1", _words(line[2:], bold=True)))
        elif line.startswith("- "):
            flush()
            out.append(_block("bullet", _words(line[2:])))
        else:
            para.append(line)
    flush()
    return out


def _width(pieces: tuple) -> float:
    """A word's width at 1 pt: widths scale with the size, so one measure serves every size."""
    return sum(fonts.text_width(t, face, 1.0) for t, face in pieces)


def _break_long(pieces: tuple, room: float) -> list[tuple]:
    """A word wider than a whole line, cut between characters into line-wide parts."""
    parts: list[tuple] = []
    cur: list = []
    used = 0.0
    for t, face in pieces:
        for ch in t:
            w = fonts.text_width(ch, face, 1.0)
            if cur and used + w > room:
                parts.append(tuple(cur))
                cur, used = [], 0.0
            if cur and cur[-1][1] == face:
                cur[-1] = (cur[-1][0] + ch, face)
            else:
                cur.append((ch, face))
            used += w
    if cur:
        parts.append(tuple(cur))
    return parts


def _lines(b: Block, width: float) -> list[list]:
    """Greedy line breaking of a block into lines no wider than `width` (at 1 pt).
    A line is a list of its words' indexes; a word no line can hold is cut
    between characters (as ReportLab does), and its parts stand in the lines
    as (text, face) piece tuples."""
    lines: list[list] = []
    line: list = []
    used = space = 0.0
    for i, w in enumerate(b.widths):
        if w > width + 1e-9:
            if line:
                lines.append(line)
            *whole, last = _break_long(b.words[i], width)
            lines.extend([part] for part in whole)
            line, used, space = [last], _width(last), b.spaces[i]
            continue
        if line:
            if used + space + w <= width + 1e-9:
                line.append(i)
                used += space + w
                space = b.spaces[i]
                continue
            lines.append(line)
        line, used, space = [i], w, b.spaces[i]
    if line:
        lines.append(line)
    return lines


def _runs(b: Block, line: list) -> list[tuple]:
    """A line's text as (text, face) runs, spaces included, neighbours of one face joined."""
    runs: list = []
    for item in line:
        pieces = b.words[item] if isinstance(item, int) else item
        if runs:
            runs[-1] = (runs[-1][0] + " ", runs[-1][1])
        for t, face in pieces:
            if runs and runs[-1][1] == face:
                runs[-1] = (runs[-1][0] + t, face)
            else:
                runs.append((t, face))
    return runs


class _Set(NamedTuple):
    """A block set at one size: its lines, and the measures the page needs."""

    block: Block
    size: float
    lines: list
    leading: float
    before: float
    after: float
    indent: float


def _set(blocks: list[Block], base: float, width: float) -> list[_Set]:
    out = []
    for b in blocks:
        size, leading, before, after, indent = (k * base for k in _STYLE[b.kind])
        out.append(_Set(b, size, _lines(b, (width - indent) / size), leading, before, after, indent))
    return out


def _pages(sets: list[_Set], room: float) -> list[list[tuple[_Set, float]]]:
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
            fit = int((room - y - gap + 1e-6) // s.leading)
            if fit < 1 and pages[-1]:
                pages.append([])
                y = 0.0
                queue.insert(0, s)
                continue
            fit = max(fit, 1)  # taller than a page: as many lines as fit, the rest on the next
            queue.insert(0, s._replace(lines=s.lines[fit:], before=0.0))
            s = s._replace(lines=s.lines[:fit])
            h = fit * s.leading
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


def fit_one_page(doc, blocks: list[Block], sizes=(10.0, 9.5, 9.0, 8.5), margin_mm: float = 15.0) -> float:
    """The largest body size in `sizes` at which `blocks` fit one page of the
    document's paper (a rules summary that would spill a few lines onto a second,
    nearly empty sheet is set a little smaller instead); the first size when they
    fit one page at none of them."""
    W, H = doc.options.paper_pt
    m = margin_mm * MM
    for base in sizes:
        if len(_pages(_set(blocks, base, W - 2 * m), H - 2 * m)) == 1:
            return base
    return sizes[0]


def fit_fewest_pages(doc, blocks: list[Block], sizes=(10.0, 9.5, 9.0, 8.5, 8.0), margin_mm: float = 15.0) -> float:
    """The largest body size in `sizes` at which `blocks` take the fewest pages of
    the document's paper (one page if any size gets there; a summary of two pages
    and a few lines is set smaller rather than start a third)."""
    W, H = doc.options.paper_pt
    m = margin_mm * MM
    counts = [len(_pages(_set(blocks, base, W - 2 * m), H - 2 * m)) for base in sizes]
    return sizes[counts.index(min(counts))]


def flow(doc, blocks: list[Block], base: float = 10.0, margin_mm: float = 15.0) -> None:
    """Set `blocks` at body size `base` over as many pages of the document's paper as they need."""
    W, H = doc.options.paper_pt
    m = margin_mm * MM
    for page in _pages(_set(blocks, base, W - 2 * m), H - 2 * m):
        c = doc.new_page()
        c.setFillColorRGB(0, 0, 0)
        t = c.beginText()
        current = None
        for s, top in page:
            # the first baseline one type size below the block's top, as ReportLab's paragraphs set it
            y = H - m - top - s.size
            if s.block.kind == "bullet":
                t.setFont(fonts.SANS, s.size)
                current = fonts.SANS
                t.setTextOrigin(m + base * _BULLET_AT, y)
                t.textOut("\u2022")
            for line in s.lines:
                t.setTextOrigin(m + s.indent, y)
                for text, face in _runs(s.block, line):
                    if face != current:
                        t.setFont(face, s.size)
                        current = face
                    t.textOut(text)
                y -= s.leading
            current = None  # the next block may have another size
        c.drawText(t)

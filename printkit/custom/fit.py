"""Text in a box: wrapped at spaces, shrunk to fit down to a minimum size, with
`:icon:` names drawn inline as pictures one text-height square."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from printkit.custom.assets import ICON

LEADING = 1.2
ASCENT, DESCENT = 0.8, 0.25  # of the size: the block's height is measured with these
STEP = 0.25  # pt: shrink-to-fit step


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[tuple, ...]  # each line: tokens, a token is ("t", text) or ("i", icon name)
    widths: tuple[float, ...]
    fits: bool  # False: even at the minimum size it does not fit

    @property
    def height(self) -> float:
        return block_height(len(self.lines), self.size)


def block_height(n: int, size: float) -> float:
    return (ASCENT + DESCENT) * size + max(0, n - 1) * LEADING * size


def _tokens(text: str, icons: bool) -> list[list]:
    """Paragraphs (split at newlines) of words; a word is a list of pieces."""
    paras = []
    for para in text.replace("\r\n", "\n").replace("\\n", "\n").split("\n"):
        words = []
        for word in para.split():
            pieces = []
            pos = 0
            if icons:
                for m in ICON.finditer(word):
                    if m.start() > pos:
                        pieces.append(("t", word[pos : m.start()]))
                    pieces.append(("i", m.group(1)))
                    pos = m.end()
            if pos < len(word):
                pieces.append(("t", word[pos:]))
            words.append(tuple(pieces))
        paras.append(words)
    return paras


def _width(pieces, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(p, font, size) if kind == "t" else size for kind, p in pieces)


def _wrap(paras, font: str, size: float, width: float, wrap: bool):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    space = stringWidth(" ", font, size)
    lines, widths = [], []
    for words in paras:
        line: list = []
        lw = 0.0
        for word in words:
            ww = _width(word, font, size)
            if line and wrap and lw + space + ww > width:
                lines.append(line)
                widths.append(lw)
                line, lw = [], 0.0
            if line:
                line.append(("t", " "))
                lw += space
            line.extend(word)
            lw += ww
        lines.append(line)
        widths.append(lw)
    # merge neighbouring text pieces: one drawString per run
    merged = []
    for line in lines:
        out: list = []
        for kind, p in line:
            if kind == "t" and out and out[-1][0] == "t":
                out[-1] = ("t", out[-1][1] + p)
            else:
                out.append((kind, p))
        merged.append(tuple(out))
    return merged, widths


@lru_cache(maxsize=20000)
def fit(text: str, font: str, size: float, min_size: float, w: float, h: float, wrap: bool = True, icons: bool = True) -> Fitted:
    """The largest size from `size` down to `min_size` (steps of 0.25 pt) at
    which the text fits the w x h box; at `min_size` with fits=False if none does."""
    paras = _tokens(text, icons)
    s = size
    while True:
        lines, widths = _wrap(paras, font, s, w, wrap)
        ok = max(widths, default=0.0) <= w + 0.01 and block_height(len(lines), s) <= h + 0.01
        if ok or s <= min_size:
            return Fitted(s, tuple(lines), tuple(widths), ok)
        s = max(min_size, s - STEP)


def draw_fitted(c, fitted: Fitted, font: str, x: float, y: float, w: float, h: float, *, align: str = "left", valign: str = "top", icon_path=None, ink=None) -> None:
    """Draw fitted text in the box whose bottom left is (x, y), pt."""
    size = fitted.size
    block = fitted.height
    if valign == "middle":
        top = y + (h + block) / 2
    elif valign == "bottom":
        top = y + block
    else:
        top = y + h
    base = top - ASCENT * size
    c.setFont(font, size)
    for line, lw in zip(fitted.lines, fitted.widths):
        if align == "center":
            cx = x + (w - lw) / 2
        elif align == "right":
            cx = x + w - lw
        else:
            cx = x
        draw_line(c, line, font, size, cx, base, icon_path, ink)
        base -= LEADING * size


def draw_line(c, line, font: str, size: float, x: float, base: float, icon_path=None, ink=None) -> None:
    """One line of pieces from x on the baseline; the font is already set."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.custom.assets import draw_picture

    for kind, piece in line:
        if kind == "t":
            c.drawString(x, base, piece)
            x += stringWidth(piece, font, size)
        else:
            path = icon_path(piece) if icon_path else None
            if path is not None:
                draw_picture(c, path, x, base - DESCENT * size * 0.6, size, size, ink=ink)
            x += size

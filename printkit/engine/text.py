"""Running text: Jinja2 templates from templates/, a small markup, flowed over pages.

The markup: `# Title`, `## Heading`, `- bullet`, `**bold**`, `*italic*`,
paragraphs separated by blank lines. It becomes ReportLab paragraphs that flow
from frame to frame and page to page.
"""

from __future__ import annotations

import re
from functools import lru_cache

from printkit.engine import fonts
from printkit.engine.resources import resource_dir
from printkit.engine.units import MM


@lru_cache(maxsize=1)
def _env():
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resource_dir("templates"))),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_template(name: str, **context) -> str:
    return _env().get_template(name).render(**context)


def _inline(text: str) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", text)
    return text


def styles(base: float = 10.0) -> dict:
    from reportlab.lib.styles import ParagraphStyle

    body = ParagraphStyle("body", fontName=fonts.SANS, fontSize=base, leading=base * 1.3, spaceAfter=base * 0.45, bulletFontName=fonts.SANS)
    return {
        "body": body,
        "h1": ParagraphStyle("h1", parent=body, fontName=fonts.SANS_BOLD, fontSize=base * 2, leading=base * 2.4, spaceAfter=base * 0.6),
        "h2": ParagraphStyle("h2", parent=body, fontName=fonts.SANS_BOLD, fontSize=base * 1.3, leading=base * 1.6, spaceBefore=base * 0.6, spaceAfter=base * 0.3),
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=base * 1.2, bulletIndent=base * 0.3, spaceAfter=base * 0.2),
    }


#: Patterns ReportLab compiles when platypus is imported but printkit's text never
#: uses (links' URIs in paragraph.py, CJK splitting in textsplit.py, date formats
#: in normalDate.py): ~45 ms of every run, so they compile on first use instead.
_UNUSED_PATTERNS = ("(^(?:[a-z0-9\\.\\-\\+]*)://)", "([\u2e80-\uffff])", "\\{(m{1,5}|yyyy|yy|d{1,4})\\}")


class _LazyPattern:
    """A compiled regular expression that compiles itself on first use."""

    __slots__ = ("_args", "_compiled")

    def __init__(self, *args) -> None:
        self._args = args
        self._compiled = None

    def __getattr__(self, name):
        if self._compiled is None:
            compile, pattern, flags = self._args
            self._compiled = compile(pattern, flags)
        return getattr(self._compiled, name)


def _platypus():
    """reportlab.platypus, imported with its unused costly patterns left lazy."""
    import sys

    if "reportlab.platypus" not in sys.modules:
        real = re.compile

        def compile(pattern, flags=0):
            if isinstance(pattern, str) and pattern.startswith(_UNUSED_PATTERNS):
                return _LazyPattern(real, pattern, flags)
            return real(pattern, flags)

        re.compile = compile
        try:
            import reportlab.platypus  # noqa: F401
        finally:
            re.compile = real
    return sys.modules["reportlab.platypus"]


_PARAGRAPH = None


def _paragraph_class():
    """ReportLab's Paragraph, remembering its last wrap: its lines depend on the
    width alone, and one_page_flowables measures what flow then wraps again."""
    global _PARAGRAPH
    if _PARAGRAPH is None:
        Paragraph = _platypus().Paragraph

        class Para(Paragraph):
            _pk_width = None

            def wrap(self, availWidth, availHeight):
                if availWidth == self._pk_width:
                    return self.width, self.height
                self._pk_width = None
                w, h = Paragraph.wrap(self, availWidth, availHeight)
                if h != 0x7FFFFFFF:  # ReportLab's "cannot fit here" is not remembered
                    self._pk_width = availWidth
                return w, h

        _PARAGRAPH = Para
    return _PARAGRAPH


def markup_to_flowables(text: str, base: float = 10.0) -> list:
    Paragraph = _paragraph_class()

    st = styles(base)
    out: list = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(Paragraph(_inline(" ".join(para)), st["body"]))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            out.append(Paragraph(_inline(line[3:]), st["h2"]))
        elif line.startswith("# "):
            flush()
            out.append(Paragraph(_inline(line[2:]), st["h1"]))
        elif line.startswith("- "):
            flush()
            out.append(Paragraph(_inline(line[2:]), st["bullet"], bulletText="•"))
        else:
            para.append(line)
    flush()
    return out


def one_page_flowables(doc, text: str, sizes=(10.0, 9.5, 9.0, 8.5), margin_mm: float = 15.0) -> list:
    """`text` as flowables at the largest body size in `sizes` at which it fits
    one page of the document's paper (a rules summary that would spill a few
    lines onto a second, nearly empty sheet is set a little smaller instead); at
    the first size when it fits one page at none of them. The flowables come
    back measured at the page's width (flow reuses that wrap)."""
    W, H = doc.options.paper_pt
    m = margin_mm * MM
    room = H - 2 * m
    first = None
    for base in sizes:
        total = 0.0
        items = markup_to_flowables(text, base)
        first = first if first is not None else items
        for f in items:
            _, h = f.wrap(W - 2 * m, H)
            total += h + f.getSpaceBefore() + f.getSpaceAfter()
            if total > room:
                break  # too tall at this size: the rest need not be measured
        else:
            return items
    return first


def flow(doc, flowables: list, columns: int = 1, margin_mm: float = 15.0) -> None:
    """Flow paragraphs over as many pages of the document's paper as they need."""
    Frame = _platypus().Frame

    items = list(flowables)
    W, H = doc.options.paper_pt
    m = margin_mm * MM
    gap = 8 * MM
    col_w = (W - 2 * m - (columns - 1) * gap) / columns
    guard = 0
    while items:
        c = doc.new_page()
        for k in range(columns):
            frame = Frame(m + k * (col_w + gap), m, col_w, H - 2 * m, showBoundary=0, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            before = len(items)
            frame.addFromList(items, c)
            if not items:
                break
            if len(items) == before and k == columns - 1:
                guard += 1
                if guard > 2:
                    raise ValueError("a block of text is too large for the page")

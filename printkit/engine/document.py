"""A PDF document: pages, metadata, small print, deterministic bytes, atomic write."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from printkit import __version__
from printkit.engine import color, fonts
from printkit.engine.ink import Ink
from printkit.engine.units import MM, PRINTER_MARGIN, PrintOptions

Box = tuple[float, float, float, float]


class Document:
    """One PDF being drawn. Components draw pages into it; `save` writes it.

    Every page gets a line of small print (printkit version, game, component,
    seed or puzzle ID, page number) unless the page asks for none (print-shop
    pages, where the whole page is card).
    """

    def __init__(self, options: PrintOptions, *, title: str, subject: str = "", keywords: list[str] | None = None, command: str = "") -> None:
        from reportlab import rl_config

        rl_config.invariant = 1  # fixed dates and IDs: same inputs, same bytes
        fonts.register_fonts()
        self.options = options
        self.ink = Ink(options.ink)
        self.buffer = io.BytesIO()
        self.cmyk = options.cmyk
        # every colour set on this canvas (and its text objects) goes through color.py
        self.c = _canvas_class()(self.buffer, pagesize=options.paper_pt, invariant=1, pageCompression=1, initialFontName=fonts.SANS, initialFontSize=10, enforceColorSpace=color.converter("cmyk" if self.cmyk else "rgb"))
        if options.pdfx:
            from printkit.engine import pdfx

            pdfx.make_pdfx(self.c, pdfx.condition_for(options.paper, options.output_intent))
        self.c.setTitle(title)
        self.c.setAuthor(f"printkit {__version__}")
        self.c.setCreator(f"printkit {__version__}")
        self.c.setSubject(subject or title)
        self.c.setKeywords(", ".join(keywords or []))
        self.command = command
        self.pages = 0
        self._open = False
        self.small_print = ""  # set by whoever draws: "cryptex deck, seed 1"
        self._footer = True
        self.bookmarks: list[tuple[str, int]] = []
        self.pending_bookmark: str | None = None  # outline entry for the next page started

    def unique_name(self, prefix: str) -> str:
        """A name for a PDF form that is unique in this document and the same on every run."""
        self._names = getattr(self, "_names", 0) + 1
        return f"{prefix}{self._names}"

    # -- pages ---------------------------------------------------------------
    @property
    def size(self) -> tuple[float, float]:
        return self.c._pagesize

    def new_page(self, size: tuple[float, float] | None = None, *, trim: Box | None = None, bleed: Box | None = None, footer: bool | tuple[float, float] = True):
        """Start a page and return the canvas to draw on (origin bottom-left, pt).

        `footer` is True (small print at the bottom right), False (none), or
        (right_x, max_width) in pt to keep it clear of crop marks.
        """
        self._finish_page()
        page = size or self.options.paper_pt
        self.c.setPageSize(page)
        if trim is None and self.options.pdfx:
            trim = (0, 0, page[0], page[1])  # PDF/X: a page without cut lines is trimmed at its edge
        self.c.setTrimBox(trim)
        self.c.setBleedBox(bleed)
        if self.cmyk:  # no page starts in DeviceGray: text and lines begin as K-only black
            self.c.setFillColor((0, 0, 0, 1))
            self.c.setStrokeColor((0, 0, 0, 1))
        self._footer = footer
        self._page_print = self.small_print  # the small print of the page being started
        self._open = True
        self.pages += 1
        if self.pending_bookmark:
            title, self.pending_bookmark = self.pending_bookmark, None
            self.bookmark(title)
        return self.c

    def bookmark(self, title: str) -> None:
        """Name the current page in the PDF outline (kits have one per part)."""
        key = f"p{self.pages}-{len(self.bookmarks)}"
        self.c.bookmarkPage(key)
        self.c.addOutlineEntry(title, key, level=0)
        self.bookmarks.append((title, self.pages))

    def _finish_page(self) -> None:
        if not self._open:
            return
        if self._footer:
            self._draw_footer()
        self.c.showPage()
        self._open = False

    def _draw_footer(self) -> None:
        c = self.c
        w, _ = self.size
        right, room = (w - (PRINTER_MARGIN + 1) * MM, w / 2) if self._footer is True else self._footer
        text = f"printkit {__version__} · {self._page_print} · page {self.pages}" if self._page_print else f"printkit {__version__} · page {self.pages}"
        size = fonts.fit_size(text, fonts.SANS, 6, room)
        c.saveState()
        c.setFont(fonts.SANS, size)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.drawRightString(right, (PRINTER_MARGIN + 0.6) * MM, text)
        c.restoreState()

    # -- output --------------------------------------------------------------
    def pdf_bytes(self) -> bytes:
        self._finish_page()
        if self.pages == 0:
            raise RuntimeError("a document with no pages")
        self.c.save()
        return self.buffer.getvalue()

    def save(self, path: str | os.PathLike) -> int:
        """Write the PDF atomically; returns its size in bytes."""
        data = self.pdf_bytes()
        atomic_write(Path(path), data)
        return len(data)


_CANVAS = None


def _canvas_class():
    """ReportLab's Canvas whose grey-level calls go through the colour model too
    (ReportLab writes setFillGray/setStrokeGray as DeviceGray directly)."""
    global _CANVAS
    if _CANVAS is None:
        from reportlab.pdfgen.canvas import Canvas

        class PrintkitCanvas(Canvas):
            def setFillGray(self, gray, alpha=None):
                self.setFillColor((gray, gray, gray), alpha)

            def setStrokeGray(self, gray, alpha=None):
                self.setStrokeColor((gray, gray, gray), alpha)

        _CANVAS = PrintkitCanvas
    return _CANVAS


def atomic_write(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename over it.

    A failed or interrupted run leaves the previous file as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise

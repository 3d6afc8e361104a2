"""A PDF document: pages, metadata, small print, deterministic bytes, atomic write
(drawn on the canvas of engine/rl.py)."""

from __future__ import annotations

import io
import os
from pathlib import Path
import tempfile

from printkit import __version__
from printkit.engine import color, fonts, rl, text as typeset
from printkit.engine.rl import canvas_class
from printkit.engine.ink import Ink
from printkit.engine.units import FOOTER_PT, MM, PRINTER_MARGIN, PrintOptions, SMALL_PRINT_PT

Box = tuple[float, float, float, float]


def _as_written(message: str) -> str:
    return message


class Document:
    """One PDF being drawn. Components draw pages into it; `save` writes it.

    Every page gets a line of small print (printkit version, game, component,
    seed or puzzle ID, page number) unless the page asks for none (print-shop
    pages, where the whole page is card).
    """

    def __init__(self, options: PrintOptions, *, title: str, subject: str = "", keywords: list[str] | None = None, command: str = "") -> None:
        from reportlab import rl_config

        rl_config.invariant = 1  # fixed dates and IDs: same inputs, same bytes
        rl_config.useA85 = 0  # streams stay binary after Flate: ASCII85 would add a quarter to each
        fonts.register_fonts()
        self.options = options
        self.ink = Ink(options.ink)
        self.buffer = io.BytesIO()
        self.cmyk = options.cmyk
        # every colour set on this canvas (and its text objects) goes through color.py
        mode = "cmyk" if self.cmyk else "rgb"
        self.c = canvas_class()(self.buffer, pagesize=options.paper_pt, invariant=1, pageCompression=1, initialFontName=fonts.SANS, initialFontSize=10, enforceColorSpace=color.converter(mode, options.max_ink))
        self.c._pk_mode, self.c._pk_pdfx, self.c._pk_max_ink = mode, options.pdfx, options.max_ink
        if options.pdfx:
            from printkit.engine import pdfx

            pdfx.make_pdfx(self.c, pdfx.condition_for(options.paper, options.output_intent), options.pdfx_version)
        self.c.setTitle(title)
        self.c.setAuthor(f"printkit {__version__}")
        self.c.setCreator(f"printkit {__version__}")
        self.c.setSubject(subject or title)
        self.c.setKeywords(", ".join(keywords or []))
        self.command = command
        self.pages = 0
        self._open = False
        self.small_print = ""  # set by whoever draws: "cryptex deck, seed 1"
        # the language of the words the engine itself prints (the footer's "page"): a
        # gettext function set by whoever makes the document (printkit/i18n.py); as written by default
        self.gettext = _as_written
        self._footer = True
        self.bookmarks: list[tuple[str, int]] = []
        self.pending_bookmark: str | None = None  # outline entry for the next page started
        self.notes: list[str] = []  # what drawing chose that the run summary must say (e.g. art scaled)
        self.c._pk_notes = self.notes  # the canvas adds its own (small text on several plates, --color cmyk)
        self._rec: list | None = None  # pages being recorded (see `record`)
        self._rec_page: dict | None = None

    def unique_name(self, prefix: str) -> str:
        """A name for a PDF form that is unique in this document and the same on every run."""
        self._names = getattr(self, "_names", 0) + 1
        return f"{prefix}{self._names}"

    # -- pages ---------------------------------------------------------------
    @property
    def size(self) -> tuple[float, float]:
        return rl.page_size(self.c)

    def new_page(self, size: tuple[float, float] | None = None, *, trim: Box | None = None, bleed: Box | None = None, footer: bool | tuple[float, float] = True):
        """Start a page and return the canvas to draw on (origin bottom-left, pt).

        `footer` is True (small print at the bottom right), False (none),
        (right_x, max_width) in pt to keep it clear of crop marks, or a function
        of the text giving (right_x, baseline_y, angle, max_width) (card sheets).
        """
        self._finish_page()
        if self._rec is not None and not self._rec and rl.page_ops(self.c):
            self._rec_ok = False  # drawn before the recorded part's first page: not repeated by copying
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
        if self._rec is not None:
            self._rec_page = {"args": (size, trim, bleed, footer), "start": len(rl.page_ops(self.c))}
        return self.c

    # -- copies of a part: drawn once, their pages' content repeated ------------
    def record(self, draw) -> list | None:
        """Run `draw()` (which starts its own pages) and keep what each of its pages
        holds, so that `replay` can add the same pages again without drawing them:
        a kit's second Key Card or sixth play sheet costs a list copy. The pages
        drawn are finished here. None when the pages cannot be repeated that way
        (links, a draw_as page, notes for the summary): draw again instead."""
        if self._open:
            self._finish_page()
        self._rec, self._rec_ok, notes = [], True, len(self.notes)
        try:
            draw()
            if self._rec_page is not None:
                self._finish_page()
        finally:
            rec, self._rec, self._rec_page = self._rec, None, None
        return rec if rec and self._rec_ok and len(self.notes) == notes else None

    def replay(self, pages: list) -> None:
        """Add again the pages `record` kept: same content, this document's own
        footer (page number) on each."""
        for page in pages:
            size, trim, bleed, footer = page["args"]
            c = self.new_page(size, trim=trim, bleed=bleed, footer=footer)
            rl.page_ops(c).extend(page["code"])
            rl.add_page_resources(c, page["forms"], page["colors"], page["shading"])

    def _record_page(self) -> None:
        page, self._rec_page = self._rec_page, None
        c = self.c
        if rl.page_has_extras(c):
            self._rec_ok = False  # unbalanced state, links or raw PostScript: not repeated by copying
        page["code"] = rl.page_ops(c)[page.pop("start"):]
        page["forms"], page["colors"], page["shading"] = rl.page_resources(c)
        self._rec.append(page)

    def bookmark(self, title: str) -> None:
        """Name the current page in the PDF outline (kits have one per part)."""
        key = f"p{self.pages}-{len(self.bookmarks)}"
        self.c.bookmarkPage(key)
        self.c.addOutlineEntry(title, key, level=0)
        self.bookmarks.append((title, self.pages))

    def draw_as(self, width: float) -> float:
        """Lay out the page just started as if it were `width` pt wide (and as tall
        as keeps the real page's proportions), scaled uniformly to fill the real
        page: an A4-width layout on A3 grows by the square root of two, type and
        tables with it. `self.size` reads the smaller page until the page ends;
        the footer stays at the real page's size. Returns the scale."""
        W, H = self.size
        k = W / width
        self._rec_ok = False  # a draw_as page is not repeated by `replay`
        self.c.saveState()
        self.c.scale(k, k)
        self._real_size = (W, H)
        rl.lay_out_at(self.c, (width, H / k))
        return k

    def _finish_page(self) -> None:
        if not self._open:
            return
        if self._rec_page is not None:
            self._record_page()
        real = getattr(self, "_real_size", None)
        if real is not None:  # a page drawn with draw_as: back to the real page for the footer
            self.c.restoreState()
            rl.lay_out_at(self.c, real)
            self._real_size = None
        if self._footer:
            self._draw_footer()
        self.c.showPage()
        self._open = False

    def _draw_footer(self) -> None:
        c = self.c
        w, _ = self.size
        text = self._footer_text(self._page_print)
        if callable(self._footer):  # the page's layout picks the spot: (right x, baseline y, angle, room)
            right, base, angle, room = self._footer(text)
            size = SMALL_PRINT_PT
        else:
            right, room = (w - (PRINTER_MARGIN + 1) * MM, w / 2) if self._footer is True else self._footer
            size = FOOTER_PT
            base, angle = PRINTER_MARGIN * MM + 0.32 * size, 0  # descenders stay inside the printable area
        if fonts.text_width(text, fonts.SANS, size) > room:
            text = self._shortened_footer(size, room)
        c.saveState()
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.translate(right, base)
        if angle:
            c.rotate(angle)
        typeset.label(c, 0, 0, text, font=fonts.SANS, size=size, align="right")
        c.restoreState()

    def _footer_text(self, page_print: str) -> str:
        page = self.gettext("page {n}").format(n=self.pages)
        if page_print:
            return f"printkit {__version__} · {page_print} · {page}"
        return f"printkit {__version__} · {page}"

    def _shortened_footer(self, size: float, room: float) -> str:
        """The small print cut short with an ellipsis (a long seed or ID) so that it
        fits `room` at its own size: small print never shrinks below its size."""
        full = self._page_print
        lo, hi = 0, len(full)
        while lo < hi:  # the longest prefix that fits
            mid = (lo + hi + 1) // 2
            if fonts.text_width(self._footer_text(full[:mid] + "…"), fonts.SANS, size) <= room:
                lo = mid
            else:
                hi = mid - 1
        return self._footer_text(full[:lo] + "…" if lo else "")

    # -- output --------------------------------------------------------------
    def page_keys(self) -> list:
        """For each page (the document is closed first), a key two pages share
        only when they draw the same: page size and turn, the same content
        stream, and the same forms, colours and shadings under the same names
        (fonts are the document's). A page with links or graphics states gets a
        key of its own. A deck's backs, drawn from one form, share a key: a PNG
        export renders such a page once."""
        from reportlab.pdfbase.pdfdoc import PDFObjectReference

        self._close()
        keys: list = []
        for n, page in enumerate(rl.pdf_document(self.c).Pages.pages):
            content = getattr(page, "Contents", None)
            if content is not None and hasattr(content, "content") and hasattr(content.content, "read"):
                data = content.content.read()  # compressed already (canvas.SpooledStream)
            elif content is None and isinstance(getattr(page, "stream", None), (str, bytes)):
                data = page.stream
            else:
                keys.append(("page", n))
                continue
            if getattr(page, "Annots", None) or getattr(page, "ExtGState", None) or getattr(page, "Resources", None):
                keys.append(("page", n))
                continue
            forms = getattr(page, "XObjects", None)
            named = ()
            if forms is not None:
                named = tuple(sorted((k, v.name if isinstance(v, PDFObjectReference) else ("id", id(v))) for k, v in forms.dict.items()))
            keys.append((page.pagewidth, page.pageheight, getattr(page, "Rotate", 0), data, named,
                         repr(sorted((getattr(page, "_colorsUsed", None) or {}).items())),
                         repr(sorted((getattr(page, "_shadingUsed", None) or {}).items()))))
        return keys

    def pdf_bytes(self) -> bytes:
        """The whole PDF as bytes (for a renderer, or standard output)."""
        self._close()
        return self.c.getpdfdata()

    def pdf_file(self):
        """The whole PDF in an unnamed temporary file, read from its start (for a
        renderer: a 10,000-sheet batch exported as PNG is never held in memory
        whole); in memory when no temporary file can be made."""
        try:
            sink = tempfile.TemporaryFile(prefix="printkit-pdf-")
        except OSError:
            return io.BytesIO(self.pdf_bytes())
        try:
            self._write_into(sink)
            sink.seek(0)
        except BaseException:
            sink.close()
            raise
        return sink

    def _close(self) -> None:
        self._finish_page()
        if self.pages == 0:
            raise RuntimeError("a document with no pages")

    def _write_into(self, sink) -> None:
        """Format the PDF straight into `sink` (anything with write(bytes)), object
        by object, the page streams read back from the spool one at a time: the
        file never sits whole in memory, so a 1,000-sheet batch costs what a small
        one does at this step. Same bytes as pdf_bytes()."""
        self._close()
        rl.stream_save(self.c, sink)

    def save(self, path: str | os.PathLike) -> int:
        """Write the PDF atomically ("-": standard output); returns its size in bytes."""
        from printkit.base.files import commit_one, is_stdout, write_file

        if is_stdout(path):
            return write_file(path, self.pdf_bytes())
        staged = self.stage(path)
        commit_one(staged)
        return staged.size

    def stage(self, path: str | os.PathLike):
        """Write the PDF beside `path`, complete but not yet in place (commit it
        with files.commit_all): for runs that replace several files at once."""
        from printkit.base.files import stage_with

        return stage_with(path, self._write_into)


def atomic_write(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename over it.

    A failed or interrupted run leaves the previous file as it was.
    """
    from printkit.base.files import write_file

    write_file(path, data)

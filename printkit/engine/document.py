"""A PDF document: pages, metadata, small print, deterministic bytes, atomic write."""

from __future__ import annotations

import io
import os
from pathlib import Path

from printkit import __version__
from printkit.engine import color, fonts
from printkit.engine.ink import Ink
from printkit.engine.units import FOOTER_PT, MM, PRINTER_MARGIN, PrintOptions, SMALL_PRINT_PT

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
        rl_config.useA85 = 0  # streams stay binary after Flate: ASCII85 would add a quarter to each
        fonts.register_fonts()
        self.options = options
        self.ink = Ink(options.ink)
        self.buffer = io.BytesIO()
        self.cmyk = options.cmyk
        # every colour set on this canvas (and its text objects) goes through color.py
        mode = "cmyk" if self.cmyk else "rgb"
        self.c = _canvas_class()(self.buffer, pagesize=options.paper_pt, invariant=1, pageCompression=1, initialFontName=fonts.SANS, initialFontSize=10, enforceColorSpace=color.converter(mode, options.max_ink))
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
        self._footer = True
        self.bookmarks: list[tuple[str, int]] = []
        self.pending_bookmark: str | None = None  # outline entry for the next page started
        self.notes: list[str] = []  # what drawing chose that the run summary must say (e.g. art scaled)
        self._rec: list | None = None  # pages being recorded (see `record`)
        self._rec_page: dict | None = None

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

        `footer` is True (small print at the bottom right), False (none),
        (right_x, max_width) in pt to keep it clear of crop marks, or a function
        of the text giving (right_x, baseline_y, angle, max_width) (card sheets).
        """
        self._finish_page()
        if self._rec is not None and not self._rec and self.c._code:
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
            self._rec_page = {"args": (size, trim, bleed, footer), "start": len(self.c._code)}
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
            c._code.extend(page["code"])
            c._formsinuse.extend(f for f in page["forms"] if f not in c._formsinuse)
            c._colorsUsed.update(page["colors"])
            c._shadingUsed.update(page["shading"])

    def _record_page(self) -> None:
        page, self._rec_page = self._rec_page, None
        c = self.c
        if c.state_stack or c._annotationrefs or c._psCommandsBeforePage or c._psCommandsAfterPage:
            self._rec_ok = False  # unbalanced state, links or raw PostScript: not repeated by copying
        page["code"] = c._code[page.pop("start"):]
        page["forms"] = list(c._formsinuse)
        page["colors"], page["shading"] = dict(c._colorsUsed), dict(c._shadingUsed)
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
        self.c._pagesize = (width, H / k)
        return k

    def _finish_page(self) -> None:
        if not self._open:
            return
        if self._rec_page is not None:
            self._record_page()
        real = getattr(self, "_real_size", None)
        if real is not None:  # a page drawn with draw_as: back to the real page for the footer
            self.c.restoreState()
            self.c._pagesize = real
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
        c.setFont(fonts.SANS, size)
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.translate(right, base)
        if angle:
            c.rotate(angle)
        c.drawRightString(0, 0, text)
        c.restoreState()

    def _footer_text(self, page_print: str) -> str:
        if page_print:
            return f"printkit {__version__} · {page_print} · page {self.pages}"
        return f"printkit {__version__} · page {self.pages}"

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
    def pdf_bytes(self) -> bytes:
        """The whole PDF as bytes (for a renderer, or standard output)."""
        self._close()
        return self.c.getpdfdata()

    def pdf_file(self):
        """The whole PDF in an unnamed temporary file, read from its start (for a
        renderer: a 10,000-sheet batch exported as PNG is never held in memory
        whole); in memory when no temporary file can be made."""
        import tempfile

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
        from reportlab.pdfbase import pdfdoc

        self._close()
        # ReportLab's PDFDocument.format collects the file in a PDFFile (a list of
        # byte strings joined at the end), named through its module. For this one
        # call it is a PDFFile that hands each string to `sink` instead: checked by
        # tests/test_engine.py (streamed bytes == pdf_bytes()).
        base = pdfdoc.PDFFile

        class StreamedFile(base):
            def __init__(self, *args, **kwargs):
                base.__init__(self, *args, **kwargs)
                for chunk in self.strings:  # the header
                    sink.write(chunk)
                self.strings = []
                self.write = sink.write

            def format(self, document):
                return b""

        pdfdoc.PDFFile = StreamedFile
        try:
            self.c.save()
        finally:
            pdfdoc.PDFFile = base

    def save(self, path: str | os.PathLike) -> int:
        """Write the PDF atomically ("-": standard output); returns its size in bytes."""
        from printkit.engine.files import commit_one, is_stdout, write_file

        if is_stdout(path):
            return write_file(path, self.pdf_bytes())
        staged = self.stage(path)
        commit_one(staged)
        return staged.size

    def stage(self, path: str | os.PathLike):
        """Write the PDF beside `path`, complete but not yet in place (commit it
        with files.commit_all): for runs that replace several files at once."""
        from printkit.engine.files import stage_with

        return stage_with(path, self._write_into)


_CANVAS = None
_ARC = None


def _ellipse_ops(x: float, y: float, width: float, height: float) -> list[str]:
    """The path operators ReportLab's PDFPathObject.ellipse(x, y, width, height)
    writes into an empty path, with its arithmetic (pdfgeom.bezierArc over 0-360
    degrees: four quarter arcs) done in the same order, so the same floats and
    the same text, without the per-call trigonometry (tests/test_engine.py
    compares the two)."""
    global _ARC
    from reportlab.lib.rl_accel import fp_str

    if _ARC is None:
        from math import cos, pi, sin

        half = 90.0 * pi / 360.0
        kappa = abs(4.0 / 3.0 * (1.0 - cos(half)) / sin(half))
        _ARC = []
        for i in range(4):
            t0, t1 = (0 + i * 90.0) * pi / 180.0, (0 + (i + 1) * 90.0) * pi / 180.0
            c0, s0, c1, s1 = cos(t0), sin(t0), cos(t1), sin(t1)
            _ARC.append((c0, s0, c0 - kappa * s0, s0 + kappa * c0, c1 + kappa * s1, s1 - kappa * c1, c1, s1))
    x1, y1, x2, y2 = x, y, x + width, y + height
    x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
    xc, yc, rx, ry = (x1 + x2) / 2.0, (y1 + y2) / 2.0, (x2 - x1) / 2.0, (y2 - y1) / 2.0
    c0, s0 = _ARC[0][:2]
    ops = ["n", "%s m" % fp_str(xc + rx * c0, yc - ry * s0)]
    for _, _, a, b, c, d, c1, s1 in _ARC:
        ops.append("%s c" % fp_str(xc + rx * a, yc - ry * b, xc + rx * c, yc - ry * d, xc + rx * c1, yc - ry * s1))
    return ops


def _canvas_class():
    """ReportLab's Canvas with the colour model of color.py built in.

    The document passes `color.converter(mode)` as ReportLab's
    enforceColorSpace hook, which sees every colour given to the canvas or a
    text object (the rules pages' running text included). On top of that:
    - in rgb mode, pure black is written as DeviceGray 0 (a RIP prints it on
      the K plate alone; screens show it as true black);
    - in cmyk mode, grey levels go through the converter too (ReportLab writes
      setFillGray straight as DeviceGray), and PDF/X refuses transparency.
    """
    global _CANVAS
    if _CANVAS is not None:
        return _CANVAS
    import zlib

    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfgen import pathobject
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.lib.rl_accel import fp_str
    from reportlab.pdfbase.pdfmetrics import getFont as get_font
    from reportlab.pdfgen.textobject import PDFTextObject, _PDFColorSetter

    from printkit.errors import UsageError

    class Colours:
        _pk_mode = "rgb"

        def setFillColor(self, aColor, alpha=None):
            if self._pk_mode == "rgb" and color.is_black(aColor, alpha):
                return _PDFColorSetter.setFillGray(self, 0)
            return _PDFColorSetter.setFillColor(self, aColor, alpha)

        def setStrokeColor(self, aColor, alpha=None):
            if self._pk_mode == "rgb" and color.is_black(aColor, alpha):
                return _PDFColorSetter.setStrokeGray(self, 0)
            return _PDFColorSetter.setStrokeColor(self, aColor, alpha)

        def setFillGray(self, gray, alpha=None):
            if self._pk_mode == "rgb":
                return _PDFColorSetter.setFillGray(self, gray, alpha)
            return self.setFillColor((gray, gray, gray), alpha)

        def setStrokeGray(self, gray, alpha=None):
            if self._pk_mode == "rgb":
                return _PDFColorSetter.setStrokeGray(self, gray, alpha)
            return self.setStrokeColor((gray, gray, gray), alpha)

    def _opaque(v, what="something") -> None:
        """PDF/X-1a: opacity 1 is what the page has anyway (writing it would
        only mark the file PDF 1.4); anything less is refused."""
        if v < 1:
            raise UsageError(f"--pdfx: {what} on the page is see-through (opacity {v:g}), which PDF/X-1a cannot hold; drop --pdfx or make it opaque")

    class PrintkitText(Colours, PDFTextObject):
        def __init__(self, canvas, *a, **kw):
            self._pk_mode, self._pk_pdfx = canvas._pk_mode, canvas._pk_pdfx
            PDFTextObject.__init__(self, canvas, *a, **kw)

        def _setFillAlpha(self, v):
            if self._pk_pdfx:
                return _opaque(v, "text")
            return PDFTextObject._setFillAlpha(self, v)

        def _formatText(self, text):
            """The text operators ReportLab writes for `text`; the usual case (a
            TrueType font, every character in the subset already selected) made
            here directly: the same bytes, without ReportLab's general path."""
            if type(text) is str:
                font = get_font(self._fontname)
                if font._dynamicFont:
                    runs = font.splitString(text, self._canvas._doc)
                    if len(runs) == 1 and runs[0][0] == self._curSubset:
                        return f"({self._canvas._escape(runs[0][1])}) Tj"
            return PDFTextObject._formatText(self, text)

    class Spooled:
        """A stream filter for page content compressed already and kept in the
        spool: ReportLab writes its name (FlateDecode) and gets the bytes back."""

        pdfname = "FlateDecode"

        def encode(self, piece):
            return piece.read()

    spooled = [Spooled()]

    class SpooledStream(pdfdoc.PDFStream):
        """A page's content stream in the spool: PDFStream.format copies its
        dictionary before filling it in, so every page shares one empty one."""

        __Comment__ = "page stream"

        def __init__(self, content):
            self.dictionary, self.content, self.filters = _NO_ENTRIES, content, spooled

    _NO_ENTRIES = pdfdoc.PDFDictionary()
    # the page attributes a finished page may leave unset (None, or an empty
    # dictionary or list): read from the class instead of kept on each page
    unset = {name: None for name in pdfdoc.PDFPage.__NoDefault__ + ["ExtGState", "XObjects", "stream"]}

    class FinishedPage(pdfdoc.PDFPage):
        """A finished PDFPage, kept small until the save (see PrintkitCanvas._pk_trim)."""

        _colorsUsed: dict = {}
        _shadingUsed: dict = {}

        def format(self, document):
            """ReportLab's page dictionary; what its check_format adds for it (the
            resources, the media box, the parent) goes once it is written: a
            page is written once, and 20,000 of them need not hold it all."""
            before = set(self.__dict__)
            out = pdfdoc.PDFPage.format(self, document)
            # a new dictionary: one that had entries deleted would keep its size
            self.__dict__ = {name: value for name, value in self.__dict__.items() if name in before}
            return out

    for name in unset:
        setattr(FinishedPage, name, None)
    # what nearly every page has, also read from the class when a page has it
    usual = {"Rotate": 0, "hasImages": 1, "compression": 1}  # ReportLab sets hasImages on every page "for safety"
    for name, value in usual.items():
        setattr(FinishedPage, name, value)
    FinishedPage.Trans = pdfdoc.PDFDictionary()  # ReportLab gives every page an empty /Trans; formatting only reads it

    class PrintkitCanvas(Colours, Canvas):
        _pk_pdfx = False

        def __init__(self, *args, **kwargs):
            Canvas.__init__(self, *args, **kwargs)
            self._pk_spool = Spool()
            self._pk_shared = {}  # one XObject dictionary for each set of forms pages use
            self._pk_fonts = {}  # (font name, size, leading) -> what _pk_line needs, or None (not TrueType)

        def showPage(self):
            """A finished page's content is compressed now, as ReportLab would
            at save (same zlib call, same bytes), and goes to a temporary spool
            file until the save: a page costs memory for its dictionary alone, so
            a 1,000-sheet batch is not held in memory page by page."""
            Canvas.showPage(self)
            page = self._doc.Pages.pages[-1]
            text = page.stream
            if page.compression and text and not page.Contents and not rl_config.useA85:
                data = zlib.compress(text.encode("utf8") if isinstance(text, str) else text)
                page.Contents, page.stream = SpooledStream(self._pk_spool.put(data)), None
            self._pk_trim(page)

        def _pk_trim(self, page) -> None:
            """Keep a finished page small until the save (a 10,000-sheet run holds
            20,000 of them): the attributes ReportLab leaves unset, and those with
            the usual value (rotation 0, an empty /Trans...), come from the class,
            and pages using the same forms share one XObject dictionary. The save
            reads the same values, so it writes the same bytes."""
            if type(page) is not pdfdoc.PDFPage:
                return
            kept = {}
            for name, value in page.__dict__.items():
                if value is None and name in unset and getattr(FinishedPage, name) is None:
                    continue
                if name in usual and type(value) is int and value == usual[name]:
                    continue
                if name in ("_colorsUsed", "_shadingUsed", "Annots") and not value:
                    continue  # {} and []: read as the class's {} and None (check_format makes [] None anyway)
                if name == "Trans" and type(value) is pdfdoc.PDFDictionary and not value.dict:
                    continue
                if name == "XObjects" and type(value) is pdfdoc.PDFDictionary:
                    # a reference is known by the name it points to; anything else by identity
                    key = (name, *((k, v.name if isinstance(v, pdfdoc.PDFObjectReference) else id(v)) for k, v in value.dict.items()))
                    value = self._pk_shared.setdefault(key, value)
                kept[name] = value
            page.__class__ = FinishedPage
            page.__dict__ = kept  # a new dictionary sized for what is left

        def beginText(self, x=0, y=0, direction=None):
            return PrintkitText(self, x, y, direction=direction)

        def _pk_line(self, x, y, text):
            """What ReportLab's drawString(x, y, text) writes, made here for the
            usual case (a str in a TrueType font, a bottom-up page): one text
            object, one subset font selection per run of the text, the codes,
            T*; None for anything else (ReportLab's own path)."""
            if type(text) is not str or not self.bottomup:
                return None
            key = (self._fontname, self._fontsize, self._leading)
            setting = self._pk_fonts.get(key, False)
            if setting is False:
                font = get_font(self._fontname)
                # the font, its runs of texts seen (a character's code never changes
                # in a document), and each subset's "name size Tf leading TL"
                setting = self._pk_fonts[key] = (font, {}, {}) if font._dynamicFont else None
            if setting is None:
                return None
            font, runs_of, selects = setting
            runs = runs_of.get(text)
            if runs is None:
                if len(runs_of) > 256:  # one-off texts (IDs, page numbers) do not pile up
                    runs_of.clear()
                runs = runs_of[text] = font.splitString(text, self._doc)
            if len(runs) == 1:
                subset, codes = runs[0]
                select = selects.get(subset)
                if select is None:
                    select = selects[subset] = f"{font.getSubsetInternalName(subset, self._doc)} {fp_str(self._fontsize)} Tf {fp_str(self._leading)} TL"
                return f"BT 1 0 0 1 {fp_str(x, y)} Tm {select} ({self._escape(codes)}) Tj T* ET"
            parts, current = [], -1
            for subset, codes in runs:
                if subset != current:
                    parts.append(f"{font.getSubsetInternalName(subset, self._doc)} {fp_str(self._fontsize)} Tf {fp_str(self._leading)} TL")
                    current = subset
                parts.append(f"({self._escape(codes)}) Tj")
            return f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(parts)} T* ET"

        def _pk_quick(self, x, y, text, share, mode, charSpace, direction, wordSpace, shaping) -> bool:
            """Write a plain string the quick way (_pk_line), its start `share` of its
            width left of x (0, 0.5 centred, 1 right-aligned); False when ReportLab
            must (a text mode, spacing, direction or shaping, or _pk_line declines)."""
            if mode is not None or charSpace or direction is not None or wordSpace is not None or shaping or type(text) is not str:
                return False
            if share:
                x -= share * fonts.text_width(text, self._fontname, self._fontsize)
            code = self._pk_line(x, y, text)
            if code is None:
                return False
            self._code.append(code)
            return True

        def drawString(self, x, y, text, mode=None, charSpace=0, direction=None, wordSpace=None, shaping=False):
            if not self._pk_quick(x, y, text, 0, mode, charSpace, direction, wordSpace, shaping):
                Canvas.drawString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

        def drawCentredString(self, x, y, text, mode=None, charSpace=0, direction=None, wordSpace=None, shaping=False):
            if not self._pk_quick(x, y, text, 0.5, mode, charSpace, direction, wordSpace, shaping):
                Canvas.drawCentredString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

        def drawRightString(self, x, y, text, mode=None, charSpace=0, direction=None, wordSpace=None, shaping=False):
            if not self._pk_quick(x, y, text, 1, mode, charSpace, direction, wordSpace, shaping):
                Canvas.drawRightString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

        def stringWidth(self, text, fontName=None, fontSize=None):
            """ReportLab's width, remembered (fonts.text_width): text objects ask it for every string."""
            return fonts.text_width(text, fontName or self._fontname, self._fontsize if fontSize is None else fontSize)

        def _pk_path(self, key, make) -> None:
            """A shape's path operators, made once per canvas for each exact set
            of arguments and reused (the same shape at the same spot: a die's pips
            on every card, a token's corners): the same bytes without re-running
            ReportLab's Bezier arithmetic and number formatting."""
            paths = self.__dict__.setdefault("_pk_paths", {})
            ops = paths.get(key)
            if ops is None:
                if len(paths) > 4096:
                    paths.clear()
                ops = paths[key] = []
                make(pathobject.PDFPathObject(code=ops))
            self._code.extend(ops)

        def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
            self._pk_path(("e", x1, y1, x2, y2), lambda p: p._code.extend(_ellipse_ops(x1, y1, x2 - x1, y2 - y1)))
            self._strokeAndFill(stroke, fill)

        def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
            self._pk_path(("r", x, y, width, height, radius), lambda p: p.roundRect(x, y, width, height, radius))
            self._strokeAndFill(stroke, fill)

        def _pk_stops(self, colors):
            """Gradient stops through the colour model (ReportLab builds shadings
            from them directly, past the colour hook)."""
            if self._pk_mode != "cmyk":
                return colors
            return [color.to_cmyk(color.plain(c), self._pk_max_ink) for c in colors]

        def linearGradient(self, x0, y0, x1, y1, colors, positions=None, extend=True):
            return Canvas.linearGradient(self, x0, y0, x1, y1, self._pk_stops(colors), positions, extend)

        def radialGradient(self, x, y, radius, colors, positions=None, extend=True):
            return Canvas.radialGradient(self, x, y, radius, self._pk_stops(colors), positions, extend)

        def drawImage(self, image, x, y, width=None, height=None, mask=None, *args, **kw):
            if self._pk_mode == "cmyk":  # pictures separated too, transparency flattened on white
                from PIL import Image
                from reportlab.lib.utils import ImageReader

                pil = image if isinstance(image, Image.Image) else (image._image if isinstance(image, ImageReader) else Image.open(image))
                image, mask = ImageReader(color.cmyk_image(pil, self._pk_max_ink)), None
            return Canvas.drawImage(self, image, x, y, width, height, mask, *args, **kw)

        def _setFillAlpha(self, v):
            if self._pk_pdfx:
                return _opaque(v)
            return Canvas._setFillAlpha(self, v)

        def _setStrokeAlpha(self, v):
            if self._pk_pdfx:
                return _opaque(v, "a line")
            return Canvas._setStrokeAlpha(self, v)

    _CANVAS = PrintkitCanvas
    return _CANVAS


def atomic_write(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename over it.

    A failed or interrupted run leaves the previous file as it was.
    """
    from printkit.engine.files import write_file

    write_file(path, data)


class Spool:
    """Compressed page streams kept out of memory until the document is written:
    in an unnamed temporary file (gone when closed, or when the process dies), or
    in memory where no temporary file can be made."""

    def __init__(self) -> None:
        self._file = None
        self._end = 0

    def put(self, data: bytes) -> "Spooled":
        if self._file is None:
            import tempfile

            try:
                self._file = tempfile.TemporaryFile(prefix="printkit-")
            except OSError:
                return Spooled(None, data, len(data))
        self._file.seek(self._end)
        self._file.write(data)
        piece = Spooled(self._file, self._end, len(data))
        self._end += len(data)
        return piece


class Spooled:
    """One page stream in the spool (or, where there is no spool file, the bytes)."""

    __slots__ = ("file", "at", "size")

    def __init__(self, file, at, size: int) -> None:
        self.file, self.at, self.size = file, at, size

    def read(self) -> bytes:
        if self.file is None:
            return self.at
        self.file.seek(self.at)
        data = self.file.read(self.size)
        if len(data) != self.size:
            raise OSError(f"page spool: read {len(data)} of {self.size} bytes")
        return data

"""The adapter to ReportLab: the one module of printkit that reaches past
ReportLab's public API.

Everything else in printkit draws through ReportLab's public calls (Canvas,
pdfmetrics, pdfdoc objects) and asks this module, by name, for what the public
API does not give: the page's operator list, its resources, the document a
canvas writes, a font's state in a document, and a few hooks. Each use of a
ReportLab internal here is named in `INTERNALS` and guarded by a test that
compares its output with ReportLab's own (tests/test_engine.py,
tests/test_speed.py); tests/test_rl_adapter.py keeps the
rest of printkit off ReportLab's private names. pyproject.toml bounds the
ReportLab versions these were checked against.

What it holds:
- printkit's canvas (`canvas_class`): colours through color.py (rgb/cmyk,
  black on K, no transparency in PDF/X); plain strings, circles and rounded
  rectangles written as the operators ReportLab would write, made once and
  reused; finished pages compressed at once, kept in an unnamed temporary
  spool file and trimmed to what the save needs, so long documents do not sit
  in memory (forms too, their resources one object for each set they draw);
  pages alike written from the first one's formatted dictionary (the same
  bytes);
- the accessors and hooks below the canvas (page state, documents, fonts,
  streaming save, text widths).
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
import zlib
from math import cos, pi, sin

from printkit.engine import color

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


def canvas_class():
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
        _pk_fill = None  # cmyk mode: the fill colour when it takes more than one plate, else None

        def setFillColor(self, aColor, alpha=None):
            if self._pk_mode == "rgb" and color.is_black(aColor, alpha):
                return _PDFColorSetter.setFillGray(self, 0)
            if self._pk_mode == "cmyk":
                self._pk_fill = color.plates_of(aColor)
            return _PDFColorSetter.setFillColor(self, aColor, alpha)

        def _pk_small_text(self, size) -> None:
            """cmyk mode: text under 12 pt in a colour on several plates is noted for
            the run summary (misregistration blurs it); once per colour."""
            fill = self._pk_fill
            if fill is None:
                return
            canvas = getattr(self, "_canvas", self)
            a, b, c, d = canvas._currentMatrix[:4]
            size *= abs(a * d - b * c) ** 0.5  # the size on paper: a template's units are scaled to points
            if size < color.SMALL_TEXT_PT - 0.005:
                seen = canvas._pk_small_seen
                key = (fill[0], canvas._pk_where)
                if key not in seen:
                    seen[key] = len(seen)
                    canvas._pk_notes.append(color.small_text_note(*fill, size, canvas._pk_where))

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
            self._pk_mode, self._pk_pdfx, self._pk_fill = canvas._pk_mode, canvas._pk_pdfx, canvas._pk_fill
            PDFTextObject.__init__(self, canvas, *a, **kw)

        def _setFillAlpha(self, v):
            if self._pk_pdfx:
                return _opaque(v, "text")
            return PDFTextObject._setFillAlpha(self, v)

        def _formatText(self, text):
            """The text operators ReportLab writes for `text`; the usual case (a
            TrueType font, every character in the subset already selected) made
            here directly: the same bytes, without ReportLab's general path."""
            if self._pk_fill is not None:
                self._pk_small_text(self._fontsize)
            if type(text) is str:
                font = get_font(self._fontname)
                if font._dynamicFont:
                    runs = font.splitString(text, self._canvas._doc)
                    if len(runs) == 1 and runs[0][0] == self._curSubset:
                        return f"({self._canvas._escape(runs[0][1])}) Tj"
            return PDFTextObject._formatText(self, text)

    class SpooledFilter:
        """A stream filter for page content compressed already and kept in the
        spool: ReportLab writes its name (FlateDecode) and gets the bytes back."""

        pdfname = "FlateDecode"

        def encode(self, piece):
            return piece.read()

    spooled = [SpooledFilter()]

    class SpooledStream(pdfdoc.PDFStream):
        """A page's content stream in the spool: PDFStream.format copies its
        dictionary before filling it in, so every page shares one empty one."""

        __Comment__ = "page stream"

        def __init__(self, content):
            self.dictionary, self.content, self.filters = _NO_ENTRIES, content, spooled

    class NamedForms(pdfdoc.PDFObject):
        """A page's XObject dictionary as ReportLab makes it (each form's name
        pointing to that form), kept as the names until the save."""

        __slots__ = ("names",)

        def __init__(self, names: tuple) -> None:
            self.names = names

        @property
        def dict(self) -> dict:  # as PDFDictionary's (what the page comparisons read)
            return {n: pdfdoc.PDFObjectReference(n) for n in self.names}

        def format(self, document):
            return pdfdoc.PDFDictionary(self.dict).format(document)

    _NO_ENTRIES = pdfdoc.PDFDictionary()
    _GROUP = pdfdoc.PDFDictionary({"S": pdfdoc.PDFName("Transparency")})

    def _form_parts(out: bytes, content: bytes, document):
        """(what comes before a form's length, what comes after it up to its
        content) when `out` is put back together from them; else False."""
        end = b"\nstream\n" + content + b"endstream\n"
        length = b"/Length " + pdfdoc.format(len(content), document) + b" "
        if not out.endswith(end) or out.count(length) != 1:
            return False
        head, tail = out[: -len(end)].split(length)
        parts = (head + b"/Length ", b" " + tail + b"\nstream\n")
        return parts if parts[0] + pdfdoc.format(len(content), document) + parts[1] + content + b"endstream\n" == out else False

    class FinishedForm(pdfdoc.PDFObject):
        """A finished form kept as small as a finished page until the save: its
        content compressed (the zlib call ReportLab makes at the save) and in
        the spool, its box, the reference of its resources (one object for every
        form that draws the same forms and pictures) and whether it is a
        transparency group (drawn with an opacity as one picture). Written as
        ReportLab writes a form (PDFFormXObject.format's entries) around it."""

        __slots__ = ("__InternalName__", "box", "content", "resources", "group")
        __Comment__ = "xobject form stream"

        def __init__(self, name, box, content, resources, group) -> None:
            self.__InternalName__, self.box, self.content, self.resources, self.group = name, box, content, resources, group

        def format(self, document):
            """ReportLab's form; forms of one box, resources and kind (a deck's
            row faces) are written alike, so the first one's formatted dictionary
            is kept, cut at its length, and each later one gets it with its own
            length and content (the same bytes: checked on the first)."""
            key = (self.box, self.resources.name, self.group)
            memo = document.__dict__.setdefault("_pk_form_memo", {})  # key -> None (seen once), False (not cut), or the parts
            parts = memo.get(key)
            if parts:
                content = document.encrypt.encode(self.content.read())
                return parts[0] + pdfdoc.format(len(content), document) + parts[1] + content + b"endstream\n"
            entries = {"Type": pdfdoc.PDFName("XObject"), "Subtype": pdfdoc.PDFName("Form"), "FormType": 1, "BBox": pdfdoc.PDFArray(list(self.box)),
                       "Matrix": pdfdoc.PDFArray([1, 0, 0, 1, 0, 0]), "Resources": self.resources}
            if self.group:
                entries["Group"] = _GROUP
            out = pdfdoc.PDFStream(pdfdoc.PDFDictionary(entries), self.content, spooled).format(document)
            if parts is None and key in memo:  # the second of its kind: worth keeping (a form of its own is written the long way)
                memo[key] = _form_parts(out, document.encrypt.encode(self.content.read()), document)
            elif parts is None:
                memo[key] = None
            return out

        def BBoxList(self):  # what ReportLab's getFormBBox asks a form of its own
            return list(self.box)
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
            page is written once, and 20,000 of them need not hold it all.

            Pages alike in all but their content (same size, the same shared
            XObject dictionary, nothing else set: a batch's sheets) are written
            alike: the first one's dictionary is kept, cut at its content's
            reference, and each later one gets it with its own reference, made
            as ReportLab makes it (so every object keeps its number)."""
            key = self._pk_key()
            memo = document.__dict__.setdefault("_pk_page_memo", {}) if key is not None else None
            if key is not None and key in memo:
                head, tail = memo[key]
                return head + document.Reference(self.Contents).format(document) + tail
            before = set(self.__dict__)
            out = pdfdoc.PDFPage.format(self, document)
            # a new dictionary: one that had entries deleted would keep its size
            self.__dict__ = {name: value for name, value in self.__dict__.items() if name in before}
            if key is not None:
                needle = b"/Contents " + document.Reference(self.Contents).format(document)
                if out.count(needle) == 1:
                    at = out.index(needle) + len(b"/Contents ")
                    memo[key] = (out[:at], out[at + len(needle) - len(b"/Contents "):])
            return out

        def _pk_key(self):
            """What the page's dictionary is made of besides its content, or None
            when it holds anything else than plain numbers and a shared XObject
            dictionary (written the long way)."""
            if not isinstance(self.__dict__.get("Contents"), SpooledStream):
                return None
            key = []
            for name, value in self.__dict__.items():
                if name in ("Contents", "__InternalName__"):
                    continue
                if value is None or type(value) in (int, float, str):
                    key.append((name, value))
                elif name == "XObjects" and type(value) in (pdfdoc.PDFDictionary, NamedForms):
                    key.append((name, id(value)))  # one of the canvas's shared dictionaries, alive until the save ends
                else:
                    return None
            return tuple(sorted(key))

    for name in unset:
        setattr(FinishedPage, name, None)
    # what nearly every page has, also read from the class when a page has it
    usual = {"Rotate": 0, "hasImages": 1, "compression": 1}  # ReportLab sets hasImages on every page "for safety"
    for name, value in usual.items():
        setattr(FinishedPage, name, value)
    FinishedPage.Trans = pdfdoc.PDFDictionary()  # ReportLab gives every page an empty /Trans; formatting only reads it

    class PrintkitCanvas(Colours, Canvas):
        _pk_finished_page = FinishedPage  # the class of its finished pages (for tests)
        _pk_pdfx = False
        _pk_where = None  # what is being drawn (a template and element), for the notes; set by who draws it
        # the fill's plates are part of the graphics state: a restoreState that puts an
        # earlier fill back puts back its plates too (else text after an icon was noted in the icon's colour)
        STATE_ATTRIBUTES = Canvas.STATE_ATTRIBUTES + ["_pk_fill"]

        def __init__(self, *args, **kwargs):
            Canvas.__init__(self, *args, **kwargs)
            self._pk_spool = Spool()
            self._pk_shared = {}  # one XObject dictionary for each set of forms pages use
            self._pk_form_resources = {}  # one resource object for each set of forms and pictures forms draw
            self._pk_fonts = {}  # (font name, size, leading) -> what _pk_line needs, or None (not TrueType)
            self._pk_notes: list[str] = []  # the document's notes for the run summary (Document sets its own list)
            self._pk_small_seen: dict = {}

        def endForm(self, **extra_attributes):
            """A finished form is kept as a finished page is (showPage): its
            content compressed now (the same zlib call ReportLab makes at the
            save) and put in the spool, so a deck whose every row is a form (a
            row's copies, engine/cards.py) is not held in memory form by form.
            Its resources (the document's fonts, the procsets, the forms and
            pictures it draws) are one object shared by every form that draws
            the same ones, not a dictionary written out in each.

            A form with a gradient (shading) or an opacity (ExtGState) gets a
            resource dictionary of its own naming them: ReportLab's own left
            them out, so viewers painted the gradient's shape black and ignored
            the opacity."""
            from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFResourceDictionary, PDFStream, xObjectName

            group = extra_attributes.pop("pk_group", False)
            name = self._formData[0]
            shadings = dict(self._shadingUsed)
            states = any(" gs" in line for line in self._code if isinstance(line, str))
            Canvas.endForm(self, **extra_attributes)
            form = self._doc.idToObject[xObjectName(name)]
            if not (shadings or states) and form.compression and form.stream and not rl_config.useA85 and not extra_attributes:
                # the usual form: kept small until the save (FinishedForm)
                key = tuple(sorted(form.XObjects.dict)) if form.XObjects else ()
                shared = self._pk_form_resources.get(key)
                if shared is None:
                    res = PDFResourceDictionary()
                    res.basicFonts()
                    res.allProcs()  # (ReportLab's forms all say they may hold images)
                    if form.XObjects:
                        res.XObject = form.XObjects
                    shared = self._pk_form_resources[key] = self._doc.Reference(res)
                box = (form.lowerx, form.lowery, form.upperx, form.uppery)
                self._doc.idToObject[xObjectName(name)] = FinishedForm(form.__InternalName__, box, self._pk_spool.put(compressed(form.stream)), shared, group)
                return
            if group:  # a transparency group: drawn with an opacity as one picture (SVG group opacity)
                stream = PDFStream(content=form.stream)
                stream.dictionary["Group"] = PDFDictionary({"S": PDFName("Transparency")})
                form.Contents = stream
            if not (shadings or states):
                return
            res = PDFResourceDictionary()
            res.basicFonts()
            res.allProcs()
            if form.XObjects:
                res.XObject = form.XObjects
            if states and form.ExtGState:
                res.ExtGState = form.ExtGState
            res.setShading(shadings)
            form.Resources = res

        def init_graphics_state(self):
            Canvas.init_graphics_state(self)
            self._pk_fill = None  # a new page starts in black (None: one plate)

        def showPage(self):
            """A finished page's content is compressed now, as ReportLab would
            at save (same zlib call, same bytes), and goes to a temporary spool
            file until the save: a page costs memory for its dictionary alone, so
            a 1,000-sheet batch is not held in memory page by page."""
            Canvas.showPage(self)
            page = self._doc.Pages.pages[-1]
            text = page.stream
            if page.compression and text and not page.Contents and not rl_config.useA85:
                page.Contents, page.stream = SpooledStream(self._pk_spool.put(compressed(text))), None
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
                    if all(type(v) is pdfdoc.PDFObjectReference and v.name == k for k, v in value.dict.items()):
                        # ReportLab's usual XObject dictionary: each form's name pointing to itself. Kept
                        # as the names (interned), one object for every page that uses the same forms: a
                        # deck whose row faces are forms has a set of its own on every sheet
                        key = tuple(sys.intern(k) for k in value.dict)
                        value = self._pk_shared.get(key)
                        if value is None:
                            value = self._pk_shared[key] = NamedForms(key)
                    else:  # anything else shared by identity
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
                x -= share * text_width(text, self._fontname, self._fontsize)
            code = self._pk_line(x, y, text)
            if code is None:
                return False
            self._code.append(code)
            return True

        def drawString(self, x, y, text, mode=None, charSpace=0, direction=None, wordSpace=None, shaping=False):
            if self._pk_fill is not None:
                self._pk_small_text(self._fontsize)
            if not self._pk_quick(x, y, text, 0, mode, charSpace, direction, wordSpace, shaping):
                Canvas.drawString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

        def drawCentredString(self, x, y, text, mode=None, charSpace=0, direction=None, wordSpace=None, shaping=False):
            if self._pk_fill is not None:
                self._pk_small_text(self._fontsize)
            if not self._pk_quick(x, y, text, 0.5, mode, charSpace, direction, wordSpace, shaping):
                Canvas.drawCentredString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

        def drawRightString(self, x, y, text, mode=None, charSpace=0, direction=None, wordSpace=None, shaping=False):
            if self._pk_fill is not None:
                self._pk_small_text(self._fontsize)
            if not self._pk_quick(x, y, text, 1, mode, charSpace, direction, wordSpace, shaping):
                Canvas.drawRightString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

        def stringWidth(self, text, fontName=None, fontSize=None):
            """ReportLab's width, remembered (fonts.text_width): text objects ask it for every string."""
            return text_width(text, fontName or self._fontname, self._fontsize if fontSize is None else fontSize)

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


def compressed(text) -> bytes:
    """A page's content stream as a finished page keeps it (ReportLab's own zlib call)."""
    return zlib.compress(text.encode("utf8") if isinstance(text, str) else text)


class Spool:
    """Compressed page streams kept out of memory until the document is written:
    in an unnamed temporary file (gone when closed, or when the process dies), or
    in memory where no temporary file can be made."""

    def __init__(self) -> None:
        self._file = None
        self._end = 0

    def put(self, data: bytes) -> "Spooled":
        if self._file is None:
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


# -- import boundaries ----------------------------------------------------------------

#: what ReportLab imports at its start for work most runs never have (pictures:
#: `from PIL import Image` in reportlab.lib.utils), loaded at its first use.
#: HarfBuzz is not here: ReportLab's `import uharfbuzz` reads the module's
#: __spec__, which makes a lazily loaded module run at once (Python 3.11).
DEFERRED = ("PIL.Image",)


def defer_imports() -> None:
    """The engine's one import boundary: each module of DEFERRED not imported
    yet is made with the standard library's importlib.util.LazyLoader, so the
    import statements ReportLab (and printkit) run get the real module object,
    whose code runs at the first attribute anyone reads of it (~10 ms of
    Pillow that a deck without pictures never spends). A module that is
    missing or imported already is left alone."""
    for name in DEFERRED:
        if name in sys.modules:
            continue
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            continue
        spec.loader = importlib.util.LazyLoader(spec.loader)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        parent, _, child = name.rpartition(".")
        if parent:
            setattr(sys.modules[parent], child, module)  # as the import system does for a submodule


# -- what the public API does not give: the names below are the only uses of ----------
# -- ReportLab's internals in printkit ------------------------------------------------

#: every internal name this module uses; tests/test_rl_adapter.py keeps them
#: out of the rest of printkit
INTERNALS = (
    # Canvas
    "_code", "_doc", "_pagesize", "_fontname", "_fontsize", "_leading", "_formsinuse",
    "_colorsUsed", "_shadingUsed", "_annotationrefs", "_psCommandsBeforePage",
    "_psCommandsAfterPage", "_formData", "_currentMatrix",
    "_escape", "_strokeAndFill", "_setFillAlpha", "_setStrokeAlpha",
    # PDFTextObject
    "_formatText", "_canvas", "_curSubset",
    # fonts: pdfmetrics' registry, TTFont
    "_fonts", "_dynFaceNames", "_dynamicFont", "_ttf_data", "_assignState",
    # pdfdoc
    "_timeStamp", "_dateFormatter",
    # ImageReader
    "_image",
)


def page_ops(c) -> list:
    """The current page's operators, as the canvas collects them (a live list:
    what is appended is drawn)."""
    return c._code


def page_size(c) -> tuple[float, float]:
    """The size the page is laid out at (pt)."""
    return c._pagesize


def lay_out_at(c, size) -> None:
    """Lay the current page out as if it were `size` (Document.draw_as): what
    the drawing code reads as the page size, without changing the page."""
    c._pagesize = size


def font_setting(c) -> tuple[str, float]:
    """The font name and size the canvas has set."""
    return c._fontname, c._fontsize


def page_resources(c) -> tuple[list, dict, dict]:
    """What the current page uses besides its operators: forms, colours and
    shadings (copies)."""
    return list(c._formsinuse), dict(c._colorsUsed), dict(c._shadingUsed)


def add_page_resources(c, forms, colors, shading) -> None:
    """Give the current page the forms, colours and shadings of copied operators."""
    used = c._formsinuse
    used.extend(f for f in forms if f not in used)
    c._colorsUsed.update(colors)
    c._shadingUsed.update(shading)


def page_has_extras(c) -> bool:
    """Does the current page hold more than operators and resources (an
    unbalanced saveState, links, raw PostScript)? Such a page is not repeated
    by copying its operators."""
    return bool(c.state_stack or c._annotationrefs or c._psCommandsBeforePage or c._psCommandsAfterPage)


def pdf_document(c):
    """The reportlab.pdfbase.pdfdoc.PDFDocument the canvas writes."""
    return c._doc


def assign_font_state(font, doc):
    """TTFont's state in `doc`, made on first use (TTFont._assignState)."""
    return font._assignState(doc)


def face_bytes(face) -> bytes:
    """A TrueType face's whole file, as ReportLab read it."""
    return face._ttf_data


def known_face(face: str) -> bool:
    """Does ReportLab hold a TrueType face of this PostScript name already? (It
    files faces under the name as the font file has it: bytes.)"""
    from reportlab.pdfbase import pdfmetrics

    return face in pdfmetrics._dynFaceNames or face.encode("latin-1", "replace") in pdfmetrics._dynFaceNames


def enter_font(name: str, font) -> None:
    """Make `font` known under `name` only: registerFont would also file it under
    its face's PostScript name, handing one object out for two files that share it."""
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics._fonts[name] = font


def install_font_finder(load) -> None:
    """Have ReportLab ask `load(name)` for a font name it does not hold, before
    its own search (pdfmetrics.getFont calls findFontAndRegister for an unknown
    name); `load` returns the font (registered) or None. printkit's shipped
    faces are read there, the first time a drawing call or a width measure
    names them."""
    from reportlab.pdfbase import pdfmetrics

    find = pdfmetrics.findFontAndRegister
    if getattr(find, "_pk_loader", None) is not None:
        return

    def find_or_load(name):
        font = load(name)
        return find(name) if font is None else font

    find_or_load._pk_loader = load
    pdfmetrics.findFontAndRegister = find_or_load


def info_date(info, document):
    """The PDFDate of a document's Info dictionary, as PDFInfo.format makes it
    (the document's fixed time stamp under rl_config.invariant)."""
    from reportlab.pdfbase.pdfdoc import PDFDate

    return PDFDate(ts=document._timeStamp, dateFormatter=info._dateFormatter)


def stream_save(c, sink) -> None:
    """c.save(), formatted straight into `sink` (anything with write(bytes)),
    object by object: ReportLab's PDFDocument.format collects the file in a
    PDFFile (a list of byte strings joined at the end), named through its
    module; for this one call that name is a PDFFile handing each string to
    `sink` (tests/test_engine.py: streamed bytes == getpdfdata())."""
    from reportlab.pdfbase import pdfdoc

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
        c.save()
    finally:
        pdfdoc.PDFFile = base


_STRING_WIDTH = None
_WIDTHS: dict = {}


def text_width(text: str, font: str, size: float) -> float:
    """`text`'s advance width in pt (ReportLab's stringWidth), remembered: a font
    name stands for one face for the whole run (ReportLab keeps the first
    registered under it)."""
    key = (text, font, size)
    width = _WIDTHS.get(key)
    if width is None:
        global _STRING_WIDTH
        if _STRING_WIDTH is None:  # ReportLab loads on first use, not at import
            from reportlab.pdfbase.pdfmetrics import stringWidth

            _STRING_WIDTH = stringWidth
        if len(_WIDTHS) > 2048:  # a long run's one-off texts (IDs, page numbers) do not pile up
            _WIDTHS.clear()
        width = _WIDTHS[key] = _STRING_WIDTH(text, font, size)
    return width

"""SVG templates: a card drawn in any editor (Inkscape...) with Jinja2
placeholders in text and attributes, drawn as vectors.

The SVG is parsed once. Its elements are sorted, in paint order, into
- static runs: everything without a placeholder; each run becomes one ReportLab
  drawing (printkit's drawer, svgart.py), put in the PDF once as a form and reused on every card;
- text with placeholders: drawn directly (fonts embedded, wrapped and shrunk to
  fit its box, `:icon:` names inline);
- other elements with placeholders (a fill="{{ color }}", an image
  href="{{ art }}", a group's visibility): rendered per card, but each distinct
  result is converted once and reused as a form;
- QR codes: a rect with data-qr="{{ url }}" becomes a vector QR code.

The document's size is the card plus its bleed: a poker card (63x88 mm) with
3 mm bleed is an SVG 69x94 mm. A text's box comes from Inkscape's flowed text
(shape-inside), `inline-size`, or data-box="x y w h" (user units).

One job a module: this one reads the template into its layers (sorting the
elements above) and checks a template and a row; svgparse.py reads lengths,
styles and the file before it is parsed; svgtext.py reads and lays out the
text; svgresolve.py makes the documents handed to a renderer, resolved by the
gate (safety.resolve_svg); svgface.py draws a card's face; svgdraw.py is the
vector path (printkit's drawer, svgart.py) and the raster
fallback (resvg, in the bounded child).
"""

from __future__ import annotations

import copy
import math
import os
import re
from pathlib import Path

from printkit.custom import safety, svgdraw, template as T
from printkit.custom.svgmatrix import IDENTITY, BadNumber, Matrix, apply, mul, parse_transform  # noqa: F401 (also this module's face)
from printkit.custom.svgcss import CSS_UNITS, with_property
from printkit.custom.svgparse import (INHERITED, Kept, INKSCAPE_VERSION, NONPAINT, SODIPODI_ROLE, SVG_NS, UNIT_MM, XLINK, ImageUnit, QrUnit, RasterUnit, SnippetUnit, _element_blocks, _has_placeholder,
                                      _length, _local, _old_inkscape, _placeholders_unescaped, _scale, _shallow, _style, _subtree_placeholder, crop_to_element, cut_to_crop_marks)
from printkit.custom.svgface import SvgFace
from printkit.custom.svgresolve import SvgResolve
from printkit.custom.svgtext import span_colour_findings, _bold_italic, _render_text, SvgText, icon_glyphs, picture_glyphs, svg_picture_findings, text_anchor, text_direction, text_glyphs, TextUnit
from printkit.custom.assets import ICON, MIN_DPI, dpi_at, drawn_mm, image_pixels, plain_image
from printkit.engine.text import ASCENT, DESCENT, Faces, line_text, plain, run_width
from printkit.engine.units import MM, SAFE
from printkit.errors import UsageError
from printkit.custom.svgdraw import _opacity
from printkit.engine.shaping import base_rtl


def _clipped(el) -> bool:
    return bool(svgdraw.URL.search(svgdraw.prop(el, "clip-path") or ""))



def _why_not_drawn(exc: Exception) -> str:
    """What stopped the SVG drawing, in the designer's words (no exception names)."""
    m = re.match(r"Can't convert '(.*)' to length", str(exc), re.S)
    if m:
        return f"'{T.short(m.group(1), 40)}' stands where a length goes: a number, with a unit or none"
    return f"the SVG drawing stopped on it: {T.short(str(exc), 120) or 'no reason given'}"

class SvgTemplate(SvgText, SvgFace, SvgResolve):
    kind = "svg"
    declared_size = False  # its size is checked against the card (and bleed) in check_template

    def __init__(self, path: Path, ctx: T.Context, trim_mm: tuple[float, float], element: str | None = None, columns: list[str] | None = None) -> None:
        self.path = Path(path)
        self.ctx = ctx
        from printkit.custom import foreign, safety

        data, read_as = foreign.translate(safety.read_bytes(self.path, "template"), columns)  # another tool's placeholders, as Jinja2's
        safety.count_placeholders(data, self.path.name)  # before any is parsed
        self.root = safety.parse_svg(_element_blocks(data, self.path.name), path)  # bounded, no entities
        safety.check_svg_refs(self.path, ctx.roots, root=self.root)  # what it shows stays in the project
        if _local(self.root.tag) != "svg":
            raise UsageError(f"{path}: not an SVG file (the root element is <{_local(self.root.tag)}>)")

        svgdraw.inline_css(self.root, self.path.name, template=True)  # <style> rules onto the elements: text styles by class are read too
        shown_as = foreign.layers(self.root, columns)  # Generator-style layers shown per row
        if not read_as and not foreign.JINJA.search(data):  # countersheets: columns named after elements' ids
            read_as = foreign.by_id(self.root, columns)
        if element:
            crop_to_element(self.root, element, self.path.name)
            self.path = self.path.with_name(f"{self.path.name}#{element}")  # named so in messages
        self._size(trim_mm)
        marked = "" if element or self.size_ok else cut_to_crop_marks(self.root, self.path.name)
        if marked:  # a page larger than the card, the card shown by crop marks alone
            self._size(trim_mm)
        self._root_placeholders()
        self._index = svgdraw.id_index(self.root)
        for el in self.root.iter():  # also what is drawn only through a clone (<defs>, a sheet's parked templates)
            t = el.get("transform") if isinstance(el.tag, str) else None
            if t and not T.PLACEHOLDER.search(t):  # a row's transform: checked per card (_snippet_lengths)
                try:
                    parse_transform(t)
                except BadNumber as exc:
                    raise UsageError(f"{self.path.name} {svgdraw.describe(el)}: {exc}") from None
        self.texts: list[TextUnit] = []
        self.qrs: list[QrUnit] = []
        self.snippets: list[SnippetUnit] = []
        self.images: list[tuple] = []  # (element, matrix, href template)
        self.problems: list[tuple] = []  # (code, place, message): what cannot be drawn faithfully, refused
        self.notes: list[str] = [f"{self.path.name}: {said}" for said in (read_as, shown_as, marked) if said]  # what is drawn differently from the editor, for the run summary
        self.transparent: list[str] = []  # see-through elements, named (PDF/X refuses them)
        self.rasters: list[str] = []  # elements drawn as pictures
        self.layers: list = []  # ("static", n) | ("text", TextUnit) | ("snippet", SnippetUnit) | ("qr", QrUnit)
        self._units = 0
        self._count_effects()
        self._expand_clones()
        self._walk(self.root, self.root_matrix, {}, [])
        self._static_runs()
        self._font_map = None

    #: CSS properties an element inherits from its parent (SVG 1.1, CSS Fonts and Text)
    _INHERITS = frozenset({"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray", "stroke-dashoffset",
                           "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "color", "font", "font-family", "font-size", "font-weight", "font-style",
                           "font-variant", "font-stretch", "text-anchor", "direction", "visibility", "letter-spacing", "word-spacing", "writing-mode",
                           "paint-order", "clip-rule", "marker", "marker-start", "marker-mid", "marker-end", "line-height", "white-space", "text-align"})
    _PAINTED = ("g", "a", "switch", "svg")  # groups: what they hold inherits from them

    def _root_placeholders(self) -> None:
        """A placeholder in the root <svg>'s own style (`svg { fill: {{ color }} }`,
        or fill="{{ color }}" on it): the root is no element printkit fills per
        card, so an inherited property is handed down as CSS hands it down, to
        each child that does not set it (a group holding text or pictures: to its
        children in turn, so the text stays printkit's), and the root drops it;
        another property (opacity, a filter...) cannot be filled there: refused."""
        def style(el) -> dict:
            out = {k: v for k, v in el.attrib.items() if k in self._INHERITS or k in ("opacity", "filter", "mask", "clip-path", "display", "transform")}
            out.update(svgdraw.style_of(el))
            return out

        st = style(self.root)
        own = {k: v for k, v in st.items() if T.PLACEHOLDER.search(str(v))}
        if not own:
            return
        for k in own:
            if k not in self._INHERITS:
                raise UsageError(f"{self.path.name}: the <svg> element's own {k}: {T.short(own[k], 40)} holds a placeholder, which printkit fills on the drawn elements only: put it on a group around them")
        def sets(el, k) -> bool:
            v = style(el).get(k)
            return v is not None and str(v).strip() != "inherit"

        def hand_down(parent, k, v) -> None:
            for child in parent:
                tag = _local(child.tag)
                if not tag or tag in NONPAINT or tag == "image" or sets(child, k):
                    continue
                if tag in self._PAINTED and any(_local(x.tag) in ("text", "flowRoot", "image") or x.get("data-qr") is not None for x in child.iter() if x is not child and isinstance(x.tag, str)):
                    hand_down(child, k, v)
                else:
                    child.set("style", with_property(child.get("style"), k, v))
                    child.attrib.pop(k, None)

        for k, v in own.items():
            hand_down(self.root, k, v)
            self.root.attrib.pop(k, None)
        self.root.set("style", ";".join(f"{k}:{v}" for k, v in svgdraw.style_of(self.root).items() if k not in own))

    def _count_effects(self) -> None:
        """Each element with a filter or a mask is drawn as a picture of its own
        (resvg): their number is capped before any is drawn (SVG_EFFECTS)."""
        n, limit = 0, safety.LIMITS["SVG_EFFECTS"]
        for el in self.root.iter():
            if isinstance(el.tag, str) and any(svgdraw.URL.search(svgdraw.prop(el, k) or "") for k in ("filter", "mask")):
                n += 1
                if n > limit:
                    raise safety.LimitError(f"{self.path.name}: over {limit:,} elements with a filter or a mask, printkit's limit (each is drawn as a picture)")

    # -- size and bleed ---------------------------------------------------------------
    def _size(self, trim_mm) -> None:
        for key in ("width", "height"):
            raw = self.root.get(key)
            try:
                readable = raw is None or _length(raw, UNIT_MM) is not None
            except UsageError:  # a number out of range: said below, naming the file
                readable = True
            if not readable:
                if raw.strip() in ("auto", "100%", ""):  # CSS: the viewBox's size (web exports write it)
                    del self.root.attrib[key]
                else:
                    raise UsageError(f"{self.path}: the SVG's {key} '{raw.strip()[:40]}' is not a length (a number, with mm, cm, in, pt, pc or px)")
        try:
            vb = [float(v) for v in re.split(r"[\s,]+", (self.root.get("viewBox") or "").strip()) if v]
            w = _length(self.root.get("width"), UNIT_MM)
            h = _length(self.root.get("height"), UNIT_MM)
        except (ValueError, UsageError):
            raise UsageError(f"{self.path}: the SVG's viewBox, width or height is not a number") from None
        if vb and (len(vb) != 4 or not all(math.isfinite(v) and abs(v) < 1e6 for v in vb) or vb[2] < 1e-6 or vb[3] < 1e-6):  # 1e-320 is above 0, and scales to infinity
            raise UsageError(f"{self.path}: viewBox '{self.root.get('viewBox')[:60]}' must be four finite numbers with a width and height of at least 0.000001")
        if (w is not None and not 0 < w <= 5000) or (h is not None and not 0 < h <= 5000):
            raise UsageError(f"{self.path}: the SVG's width and height must be above 0 and at most 5000 mm")
        if len(vb) != 4 and (w is None or h is None):
            raise UsageError(f"{self.path}: the SVG needs width and height (in mm) or a viewBox")
        if len(vb) != 4:
            vb = [0.0, 0.0, w / UNIT_MM["px"], h / UNIT_MM["px"]]
        if vb[2] <= 0 or vb[3] <= 0:
            raise UsageError(f"{self.path}: its viewBox has no area")
        self.assumed = ""  # how a size in pixels was read, for the size messages
        self.px_scale = 1.0  # the drawer draws CSS pixels at 96 px/in: its drawings are scaled by this
        pixels = all(re.fullmatch(r"\s*[-+]?[0-9.eE+-]+\s*(px)?\s*", str(self.root.get(k) or "")) for k in ("width", "height")) or (self.root.get("width") is None and self.root.get("height") is None)
        if w is None or h is None:
            w, h = vb[2] * UNIT_MM["px"], vb[3] * UNIT_MM["px"]
        if pixels:  # CSS pixels are 96 to the inch; Squib, CardMaker and print shops' templates use 300
            dpi = float(getattr(self.ctx, "svg_dpi", 300.0) or 300.0)
            px_w, px_h = w / UNIT_MM["px"], h / UNIT_MM["px"]
            self.assumed = f"{px_w:g}x{px_h:g} px read at 96 px/in (the CSS pixel)"
            if getattr(self.ctx, "svg_dpi_given", False):  # the user said what the pixels are: always so
                w, h = px_w * 25.4 / dpi, px_h * 25.4 / dpi
                self.px_scale = 96.0 / dpi
                self.assumed = f"{px_w:g}x{px_h:g} px read at {dpi:g} dpi (--svg-dpi)"
            elif not self._fits_card(w, h, trim_mm) and self._fits_card(px_w * 25.4 / dpi, px_h * 25.4 / dpi, trim_mm):
                w, h = px_w * 25.4 / dpi, px_h * 25.4 / dpi
                self.px_scale = 96.0 / dpi
                self.assumed = f"{px_w:g}x{px_h:g} px read at {dpi:g} dpi (they match the card there; --svg-dpi sets another)"
            elif not self._fits_card(w, h, trim_mm) and _old_inkscape(self.root) and self._fits_card(px_w * 25.4 / 90, px_h * 25.4 / 90, trim_mm):
                # Inkscape before 0.92 drew 90 user units to the inch (its files say which version wrote them)
                w, h = px_w * 25.4 / 90, px_h * 25.4 / 90
                self.px_scale = 96.0 / 90
                self.assumed = f"{px_w:g}x{px_h:g} px read at 90 px/in, as Inkscape {self.root.get(INKSCAPE_VERSION, '').split()[0]} drew them"
        self.doc_mm = (w, h)
        bx, by = (w - trim_mm[0]) / 2, (h - trim_mm[1]) / 2
        self.card_mm = trim_mm
        # about the same bleed on every side: 0.3 mm covers editor rounding and art for
        # poker cards (63x88) printed as US poker (63.5x88.9), shifted at most 0.25 mm
        self.size_ok = self._fits_card(w, h, trim_mm)
        if self.size_ok:
            self.bleed_mm = max(0.0, min(bx, by))
            self.trim = trim_mm
        else:  # not this card size: reported (OWN-SIZE), drawn from its top left
            self.bleed_mm = 0.0
            self.trim = (w, h)
        kx, ky = w / vb[2], h / vb[3]
        b = self.bleed_mm
        # user units -> card pt, y up, origin at the trim's bottom left
        self.root_matrix: Matrix = (kx * MM, 0.0, 0.0, -ky * MM, (-vb[0] * kx - b) * MM, (self.trim[1] + b + vb[1] * ky) * MM)
        self.view = vb
        self.cover_matrix = None  # set by cover(): scale and shift that make the art cover card + bleed

    @staticmethod
    def _fits_card(w: float, h: float, trim_mm) -> bool:
        bx, by = (w - trim_mm[0]) / 2, (h - trim_mm[1]) / 2
        return abs(bx - by) <= 0.3 and -0.05 <= bx <= 12

    def cover(self, bleed_mm: float) -> str:
        """Fit the art to this print's card and bleed. A template drawn for a
        slightly different size (poker art, 63x88 mm + bleed, on US poker cards,
        63.5x88.9 mm) or with a little less bleed than asked would leave white
        slivers at the bleed edge, uneven left to right: its art is instead
        scaled uniformly (the same in x and y) about its centre to cover the
        card plus `bleed_mm` on every side, centred on the card. Returns the
        run-summary sentence when it scales or moves the art, else ""."""
        self.cover_matrix = None
        if not self.size_ok or self.trim == self.doc_mm:
            return ""  # another size (OWN-SIZE) or no bleed at all (OWN-BLEED): refused elsewhere
        (w, h), (W, H), b = self.doc_mm, self.trim, self.bleed_mm
        ax, ay = w / 2 - b, H + b - h / 2  # the art's centre on the card, mm from the trim's bottom left
        s = max((W + 2 * bleed_mm) / w, (H + 2 * bleed_mm) / h, 1.0)
        dx, dy = W / 2 - s * ax, H / 2 - s * ay
        if s <= 1.0 + 1e-9 and abs(W / 2 - ax) < 1e-3 and abs(H / 2 - ay) < 1e-3:
            return ""  # centred and covering already: drawn as it is
        self.cover_matrix = (s, dx * MM, dy * MM)
        what = f"scaled by {(s - 1) * 100:.1f}%" if s > 1.0 + 1e-9 else "centred"
        return f"{self.path.name} is {w:g}x{h:g} mm; the cards are {W:g}x{H:g} mm with {round(bleed_mm, 2):g} mm bleed ({round(W + 2 * bleed_mm, 2):g}x{round(H + 2 * bleed_mm, 2):g} mm): its art was {what} to cover every card to the bleed edge."

    def _expand_clones(self) -> None:
        """A clone (<use>) of an element that holds placeholders becomes a copy
        of that element, in a group carrying the clone's style and its
        transform then translate(x, y), as SVG defines a clone: the copy is
        filled per card like the element it copies (drawn from the template as
        written, it would show the placeholders). Clones of clones are copied
        in turn; the copies together stay within SVG_ELEMENTS."""
        from lxml import etree

        budget = safety.LIMITS["SVG_ELEMENTS"]
        for _ in range(safety.LIMITS["SVG_DEPTH"]):
            done = False
            for use in [x for x in self.root.iter(f"{{{SVG_NS}}}use")]:
                href = (use.get(XLINK) or use.get("href") or "").strip()
                target = self._index.get(href[1:]) if href.startswith("#") else None
                if target is None or _local(target.tag) in ("symbol", "svg") or not _subtree_placeholder(target):
                    continue
                if any(a is target for a in use.iterancestors()):
                    continue  # a clone inside what it clones: not drawn (as Inkscape)
                if any(T.PLACEHOLDER.search(use.get(k) or "") for k in ("x", "y")):
                    continue  # a clone placed per card: drawn whole, as it is written
                copied = copy.deepcopy(target)
                size = sum(1 for _ in copied.iter())
                if size > budget:
                    raise safety.LimitError(f"{self.path.name}: its clones (<use>) copy over {safety.LIMITS['SVG_ELEMENTS']:,} elements, printkit's limit")
                budget -= size
                for x in copied.iter():
                    if isinstance(x.tag, str):
                        x.attrib.pop("id", None)
                group = etree.Element(f"{{{SVG_NS}}}g", {k: v for k, v in use.attrib.items() if k not in (XLINK, "href", "x", "y", "width", "height")})
                try:
                    x, y = (_length(use.get(k, "0"), CSS_UNITS) or 0.0 for k in ("x", "y"))
                except BadNumber as exc:
                    raise UsageError(f"{self.path.name} <use id={use.get('id')!r}>: {exc}") from None
                if x or y:
                    group.set("transform", f"{use.get('transform') or ''} translate({x!r},{y!r})".strip())
                group.append(copied)
                group.tail = use.tail
                use.getparent().replace(use, group)
                done = True
            if not done:
                break
            self._index = svgdraw.id_index(self.root)

    # -- sorting the elements ----------------------------------------------------------
    def _walk(self, el, matrix: Matrix, inherited: dict, chain: list) -> None:
        for child in el:
            tag = _local(child.tag)
            if not tag or tag in NONPAINT:
                if tag in ("defs",) and _subtree_placeholder(child):
                    raise UsageError(f"{self.path}: placeholders inside <defs> are not supported: put them on the drawn elements")
                continue
            try:
                self._walk_one(child, tag, matrix, inherited, chain)
            except BadNumber as exc:
                raise UsageError(f"{self.path.name} <{tag}{' id=' + repr(child.get('id')) if child.get('id') else ''}>: {exc}") from None

    def _walk_one(self, child, tag: str, matrix: Matrix, inherited: dict, chain: list) -> None:
        if True:
            m = mul(matrix, parse_transform(child.get("transform")))
            style = {**inherited, **{k: v for k, v in _style(child).items() if k in INHERITED}}
            display = _style(child).get("display", child.get("display"))
            if display is not None and display.strip() == "none":
                return  # not drawn, by the editor either
            own = _style(child).get("opacity", child.get("opacity"))
            if own is not None and not T.PLACEHOLDER.search(own):
                style["pk-alpha"] = float(inherited.get("pk-alpha", 1.0)) * _opacity(own)
            if tag in ("text", "flowRoot") and style.get("visibility", "visible").strip() in ("hidden", "collapse"):
                return
            filtered = self._filtered_text(child, style) if tag == "text" else None
            if tag in ("text", "flowRoot", "image") and filtered is None:
                self._text_effects(child, tag)
            if tag == "text":
                self._text(child, m, style)
                if filtered == "whole":  # the picture shows the text: the vector text is there to be read, not seen
                    self.texts[-1].invisible = True
            elif tag == "flowRoot":
                self._flow(child, m, style)
            elif (child.get("data-qr") is not None or tag == "image") and not all(math.isfinite(v) and abs(v) < 1e15 for v in m):
                # drawn by printkit at this matrix: transforms nested past any page (scale(100000) ninety
                # deep) wrote "-nan -nan -nan -nan -nan -nan cm" into the PDF; a text is refused the same way
                raise BadNumber("its transforms, nested, multiply past any page (a number out of range)")
            elif child.get("data-qr") is not None:
                self._qr(child, m)
            elif tag == "image" and not (_clipped(child) and _has_placeholder(child)):  # a clipped picture of the row: a snippet (below), the drawer clips it
                href = child.get(XLINK) or child.get("href") or ""
                vals = [_length(child.get(k, "0"), CSS_UNITS) or 0.0 for k in ("x", "y", "width", "height")]
                unit = ImageUnit(child, m, T.compile_text(href, f"{self.path.name} image"), tuple(vals), T.compile_text(child.get("preserveAspectRatio") or "", f"{self.path.name} image"), float(style.get("pk-alpha", 1.0)))
                self.images.append(unit)  # checked here; drawn by printkit, or, clipped, as the template's art (the drawer clips it)
                if _clipped(child):
                    self._static(child, m, style)
                else:
                    self._mark(child, "image", unit)
            elif _has_placeholder(child) or (tag == "use" and _subtree_placeholder(child)):
                self._mark(child, "snippet")
            elif _subtree_placeholder(child) or any(_local(x.tag) in ("text", "image", "flowRoot") or x.get("data-qr") is not None for x in child.iter() if x is not child and isinstance(x.tag, str)):
                self._group_effects(child)
                self._walk(child, m, style, chain + [child])  # a group holding dynamic parts (or text): look inside
            else:
                self._static(child, m, style)

    def _static(self, el, m: Matrix, style: dict) -> None:
        """Art with no placeholder: vectors through the drawer, or, for what PDF
        vectors cannot carry here (filters, masks, patterns...), a picture of
        that element alone, said in the run summary."""
        where = f"{self.path.name} {svgdraw.describe(el)}"
        reasons = svgdraw.raster_reasons(el, self._index)
        if not reasons:
            for what in svgdraw.see_through(el, self._index):
                self.transparent.append(f"{svgdraw.describe(el)} ({what})")
            self._mark(el, "static")
            return
        kids = [x for x in el if isinstance(x.tag, str)]
        own = svgdraw.raster_reasons(_shallow(el), self._index) if _local(el.tag) in ("g", "a") else reasons
        if _local(el.tag) in ("g", "a") and not own and not any(k for k in (el.get("opacity"), _style(el).get("opacity")) if k) and kids:
            self._walk(el, m, style, [])  # only some of the group's parts need a picture: sort them one by one
            return
        self.notes.append(f"{where}: {', '.join(reasons)}: drawn as a {svgdraw.RASTER_DPI} dpi picture of that element")
        self.transparent.append(f"{svgdraw.describe(el)} ({', '.join(reasons)}: a picture with see-through edges)")
        self.rasters.append(svgdraw.describe(el))
        self._mark(el, "raster", None)

    def _group_effects(self, el) -> None:
        """A group holding text or placeholders is drawn part by part: its
        clip, mask or filter reaches its art but not the text and images that
        printkit draws itself. Said, naming the group."""
        what = svgdraw.raster_reasons(_shallow(el), self._index)
        clip = _style(el).get("clip-path", el.get("clip-path"))
        if clip and svgdraw.URL.search(clip):
            what.append("clip-path")
        if what:
            self.notes.append(f"{self.path.name} {svgdraw.describe(el)}: its {', '.join(what)} does not reach the text, images and placeholders inside it (they are drawn apart)")

    def _filtered_text(self, el, style: dict):
        """A <text> with a filter of its own (a blur, an editor's drop shadow) is
        drawn with it: the filter's effect rasterised at the print resolution for
        that element only, as for shapes. When the filter lays the text itself
        over its effect unchanged (Inkscape's Drop Shadow: feComposite "over" or
        feMerge with SourceGraphic last), the picture holds the effect alone and
        the text stays vector on it ("under"); else the picture holds the whole
        filtered text and the vector text is drawn unseen over it, to be read
        and checked ("whole"). None when it has no filter printkit can draw."""
        from lxml import etree

        f = _style(el).get("filter", el.get("filter"))
        ref = svgdraw.URL.search(f or "")
        target = self._index.get(ref.group(1)) if ref else None
        if target is None or _local(target.tag) != "filter" or T.PLACEHOLDER.search(f):
            return None
        prims = [x for x in target if isinstance(x.tag, str)]
        if not prims:
            return None
        effect = copy.deepcopy(target)
        last = [x for x in effect if isinstance(x.tag, str)][-1]
        kind = "whole"
        if _local(last.tag) == "feComposite" and (last.get("operator") or "over") == "over" and last.get("in") == "SourceGraphic" and last.get("in2") not in (None, "SourceGraphic", "SourceAlpha"):
            merge = etree.SubElement(effect, f"{{{SVG_NS}}}feMerge")
            etree.SubElement(merge, f"{{{SVG_NS}}}feMergeNode").set("in", last.get("in2"))
            effect.remove(last)
            kind = "under"
        elif _local(last.tag) == "feMerge":
            nodes = [x for x in last if isinstance(x.tag, str)]
            if len(nodes) > 1 and nodes[-1].get("in") == "SourceGraphic":
                last.remove(nodes[-1])
                kind = "under"
        if kind == "whole" and "SourceGraphic" not in {x.get("in") for x in prims} | {x.get("in2") for x in prims} and not any(x.get("in") is None for x in prims[:1]):
            return None  # the filter draws something else than the text: left to the note
        shown = copy.deepcopy(el)
        for x in shown.iter():
            if isinstance(x.tag, str) and x.get("id"):
                x.set("id", x.get("id") + "-pk-filter")
        if kind == "under":
            effect.set("id", (target.get("id") or "f") + "-pk-effect")
            defs = self.root.find(f"{{{SVG_NS}}}defs")
            if defs is None:
                defs = etree.SubElement(self.root, f"{{{SVG_NS}}}defs")
            defs.append(effect)
            self._index[effect.get("id")] = effect
            st = _style(shown)
            st["filter"] = f"url(#{effect.get('id')})"
            shown.set("style", ";".join(f"{k}:{v}" for k, v in st.items()))
            if shown.get("filter"):
                del shown.attrib["filter"]
        self._raster_font(shown, style)
        el.addprevious(shown)
        where = f"{self.path.name} {svgdraw.describe(el)}"
        reasons = svgdraw.raster_reasons(_shallow(el), self._index) or ["filter"]
        if kind == "under":
            self.notes.append(f"{where}: its {', '.join(reasons)} is drawn as a {svgdraw.RASTER_DPI} dpi picture under the text, which stays vector")
        else:
            self.notes.append(f"{where}: {', '.join(reasons)} on text: the text is drawn as a {svgdraw.RASTER_DPI} dpi picture (its letters kept, unseen, to be read and searched)")
        self.transparent.append(f"{svgdraw.describe(el)} ({', '.join(reasons)}: a picture with see-through edges)")
        self.rasters.append(svgdraw.describe(el))
        n = self._mark(shown, "snippet" if _subtree_placeholder(shown) else "raster", None)
        self.__dict__.setdefault("_filter_units", set()).add(n)
        return kind

    def _raster_font(self, el, style: dict) -> None:
        """The picture of a text is set in the font printkit draws that text in
        (its family, or the face that stands in for it), found by the rasteriser
        among printkit's, the project's and that face's folder."""
        fam = str({**style, **{k: v for k, v in _style(el).items() if k in INHERITED}}.get("font-family", "Noto Sans"))
        if T.PLACEHOLDER.search(fam):
            return
        try:
            from reportlab.pdfbase import pdfmetrics

            face = pdfmetrics.getFont(self.ctx.fonts.resolve(fam)).face
            name = face.familyName.decode("utf-8", "replace") if isinstance(face.familyName, bytes) else str(face.familyName)
            self.__dict__.setdefault("_raster_files", set()).add(str(face.filename))
        except Exception:
            return
        for x in el.iter():
            if not isinstance(x.tag, str):
                continue
            st = _style(x)
            if "font-family" in st or x is el:
                st["font-family"] = f"'{name}'"
                st.pop("-inkscape-font-specification", None)
                x.set("style", ";".join(f"{k}:{v}" for k, v in st.items()))
            if x.get("font-family"):
                x.set("font-family", name)

    def _text_effects(self, el, tag: str) -> None:
        """What printkit's text drawing does not do, said by name."""
        where = f"{self.path.name} {svgdraw.describe(el)}"
        reasons = svgdraw.raster_reasons(el, self._index)
        if reasons and tag != "image":
            self.notes.append(f"{where}: {', '.join(reasons)} on text is not drawn (the text is, as plain vectors)")
        elif reasons:
            self.notes.append(f"{where}: {', '.join(reasons)} on an image is not drawn")
        for what in svgdraw.see_through(el, self._index):
            self.transparent.append(f"{svgdraw.describe(el)} ({what})")

    def _mark(self, el, kind: str, unit=None) -> int:
        n = self._units
        self._units += 1
        el.set("data-pk-unit", str(n))
        self.layers.append((kind, n, unit))
        return n

    def _qr(self, el, m: Matrix) -> None:
        vals = [_length(el.get(k), CSS_UNITS) for k in ("x", "y", "width", "height")]
        if any(v is None for v in vals):
            raise UsageError(f"{self.path.name}: a data-qr element needs x, y, width and height")
        side = min(vals[2], vals[3])
        unit = QrUnit(el, m, T.compile_text(el.get("data-qr"), f"{self.path.name} data-qr"), (vals[0], vals[1], side, side))
        self.qrs.append(unit)
        self._mark(el, "qr", unit)

    def _static_runs(self) -> None:
        """Group consecutive static units into runs; build each run's and each
        snippet's document once."""
        from lxml import etree

        grouped: list = []
        marked: dict = {}  # each unit's element, found once (searching the tree for each of 2,000 took 20 s)
        for el in self.root.iter():
            if isinstance(el.tag, str) and el.get("data-pk-unit") is not None:
                marked.setdefault(el.get("data-pk-unit"), el)
        # each element's memo of its renderings, all of them together some 8,192 (Kept)
        most = max(16, 8192 // max(1, sum(1 for kind, _n, _u in self.layers if kind == "snippet")))
        for kind, n, unit in self.layers:
            if kind == "static":
                if grouped and grouped[-1][0] == "static":
                    grouped[-1][1].append(n)
                else:
                    grouped.append(("static", [n]))
            elif kind == "raster":
                grouped.append(("raster", RasterUnit(n, self._only([n]))))
            elif kind == "snippet":
                el = marked[str(n)]
                src = _placeholders_unescaped(etree.tostring(el, encoding="unicode"))
                unit = SnippetUnit(n, T.compile_text(src, f"{self.path.name}", xml=True), self._skeleton(n), Kept(most))
                unit.keys = T.row_keys(src)  # the columns its renderings differ by (None: every card its own)
                grouped.append(("snippet", unit))
            else:
                grouped.append((kind, unit))
        self.runs = []
        for kind, item in grouped:
            if kind == "static":
                self.runs.append(("static", self._only(item)))
            else:
                self.runs.append((kind, item))
        self.snippets = [item for kind, item in grouped if kind == "snippet"]

    _LENGTHS = ("x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "stroke-width", "font-size")
    _LENGTH = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?:px|pt|pc|mm|cm|in|em|ex|q|%)?")
    _NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
    _LARGEST = 1e6  # a length a row fills in: a million units is far past any card, and a PDF reader's range

    def _snippet_lengths(self, rendered: str, place: str) -> list:
        """A length attribute (x, width, r, stroke-width...) of an element with
        placeholders that a row filled with something that is no length (a file
        name, a word), or a transform out of range (1e308: ReportLab cannot
        write it, exit 3): named, as the renderer would fail on it."""
        for el in safety.parse_svg(rendered.encode("utf-8"), self.path).iter():
            if not isinstance(el.tag, str):
                continue
            what = f"<{_local(el.tag)}{' id=' + repr(el.get('id')) if el.get('id') else ''}>"
            try:
                parse_transform(el.get("transform"))
            except BadNumber as exc:
                return [T.violation("OWN-TEMPLATE", place, f"{self.path.name} {what}: {exc}")]
            for key in self._LENGTHS:
                raw = el.get(key)
                if raw is None or raw.strip() in ("", "auto"):
                    continue
                parts = re.split(r"[\s,]+", raw.strip())
                if not all(self._LENGTH.fullmatch(t) for t in parts):
                    return [T.violation("OWN-TEMPLATE", place, f"{self.path.name} {what}: {key} is '{T.short(raw, 40)}', not a length (a number, with a unit or none)")]
                if any(not abs(float(self._NUMBER.match(t).group())) <= self._LARGEST for t in parts):
                    return [T.violation("OWN-TEMPLATE", place, f"{self.path.name} {what}: {key} is '{T.short(raw, 40)}', larger than any card (at most {self._LARGEST:,.0f})")]
        return []

    def _snippet_images(self, rendered: str, place: str) -> list:
        """The pictures an element with placeholders names on this card, each
        looked for as any picture is (a picture not there was left out unsaid;
        one named `#id`, as a clone names its source, ended inside svglib, exit 3)."""
        if "<image" not in rendered and ":image" not in rendered:
            return []

        out = []
        for el in safety.parse_svg(rendered.encode("utf-8"), self.path).iter():
            if isinstance(el.tag, str) and _local(el.tag) == "image":
                href = (el.get("href") or el.get("{http://www.w3.org/1999/xlink}href") or "").strip()
                if href and not href.startswith("data:") and self._image_path(href) is None:
                    out.append(T.violation("OWN-IMAGE-MISSING", f"{place} image", f"image '{T.short(href, 60)}' not found (looked beside {self.path.name} and the project file)"))
        return out

    # -- what it uses ----------------------------------------------------------------------
    def reads_card_number(self) -> bool:
        """Whether a placeholder may read `card` (the card's number): its check
        and drawing then differ between a row's copies. Looked for as a word in
        any placeholder of the document (a false alarm only costs speed)."""
        if "_reads_card" not in self.__dict__:
            from lxml import etree

            text = etree.tostring(self.root, encoding="unicode")
            self._reads_card = any(re.search(r"\bcard\b", m) for m in re.findall(r"\{[{%].*?[}%]\}", text, re.S))
        return self._reads_card

    def count_versions(self, cards: list) -> None:
        """SNIPPET_DRAWINGS counted before any card is checked: each element with
        placeholders has at most as many versions as the cards have distinct values
        of the columns it reads (every card one when it reads the card's number or
        the row whole), each weighing what BUDGET.snippet counts when it is read
        (one, and one more per 40 elements its document copies). A deck over
        the limit is refused here, in a few seconds, not after checking its cards
        one by one until the count runs out (some 30 s); one under it is counted
        card by card as before (the bound is the most it can come to)."""
        if not self.snippets or not cards:
            return
        limit, total, distinct = safety.LIMITS["SNIPPET_DRAWINGS"], 0, {}
        for s in self.snippets:
            keys = getattr(s, "keys", None)
            if keys is None:
                n = len(cards)
            else:
                key = tuple(sorted(keys))
                if key not in distinct:
                    distinct[key] = len({tuple(str(v.get(k)) for k in key) for v in cards})
                n = distinct[key]
            total += n * (1 + s.size // 40)
            if total > limit:
                raise safety.BUDGET.over(self.path.name)

    def columns(self) -> set[str]:
        from lxml import etree

        return T.columns_used(etree.tostring(self.root, encoding="unicode"))

    @property
    def dynamic(self) -> bool:
        """Whether a card's face depends on its row: any placeholder in the text,
        codes, pictures' hrefs or snippets. A face that does not is drawn once,
        with no row (a shared back)."""
        return (bool(self.snippets) or any(not t.static for t in self.texts) or any(not isinstance(q.content, str) for q in self.qrs)
                or any(not isinstance(im.href, str) for im in self.images))

    # -- checks ----------------------------------------------------------------------------
    def _safe_box(self, m: Matrix, x0: float, y0: float, x1: float, y1: float):
        """A user-space rectangle's extent on the card, mm from the trim's bottom left."""
        pts = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        xs, ys = [p[0] / MM for p in pts], [p[1] / MM for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    def _outside(self, ext) -> bool:
        W, H = self.trim
        x0, y0, x1, y1 = ext
        return x0 < SAFE - 0.05 or y0 < SAFE - 0.05 or x1 > W - SAFE + 0.05 or y1 > H - SAFE + 0.05

    def check_template(self) -> list:
        out = [T.violation(*p) for p in self.problems]
        name = self.path.name
        for kind, item in self.runs:  # compile the fixed art now: a file the drawer cannot draw is reported, not crashed on
            if kind == "raster":  # drawn now, as make draws it (its cost checked first), and kept for make to print: the cost
                self._raster(item)  # check is an estimate, and what resvg cannot finish in the worker's time is refused here too
            if kind == "static":
                try:
                    self._static_drawing(item)
                except UsageError:  # a limit of the drawer (clones expanded past SVG_ELEMENTS): one line, exit 2
                    raise
                except Exception as exc:
                    if os.environ.get("PRINTKIT_DEBUG"):
                        raise
                    out.append(T.violation("OWN-TEMPLATE", name, f"its artwork cannot be drawn ({_why_not_drawn(exc)})"))
        cw, ch = self.card_mm
        if not self.size_ok:
            how = f" ({self.assumed})" if self.assumed else ""
            out.append(T.violation("OWN-SIZE", name, f"the SVG is {self.doc_mm[0]:.4g}x{self.doc_mm[1]:.4g} mm{how}; a {cw:g}x{ch:g} mm card needs a page of {cw:g}x{ch:g} mm (drawn to the trim) up to {cw + 24:g}x{ch + 24:g} mm (with bleed), the same bleed on every side"))
        # art drawn without (enough) bleed gets it generated when printed: a warning then (print_warnings)
        for t in self.texts:
            size = t.props.get("font-size", "16")
            if isinstance(size, str) and (_length(size, CSS_UNITS) or 16.0) * t.scale < T.MIN_TEXT_PT - 0.05:
                out.append(T.violation("OWN-TEXT-SMALL", t.label(self.path), f"is set in {(_length(size, CSS_UNITS) or 16.0) * t.scale:.1f} pt; printed text needs at least {T.MIN_TEXT_PT:g} pt"))
            elif t.min_pt < T.MIN_TEXT_PT - 0.05:
                out.append(T.violation("OWN-TEXT-SMALL", t.label(self.path), f"data-min-size {t.min_pt:g} lets it shrink under {T.MIN_TEXT_PT:g} pt, too small to read in print"))
            fam = t.props.get("font-family", "Noto Sans")
            if isinstance(fam, str) and (plain(t.source).strip() or not t.static):  # a text with no text needs no font
                bold, italic = _bold_italic(t.props)
                if all(isinstance(t.props.get(k, ""), str) for k in ("font-weight", "font-style")):
                    self.ctx.fonts.note(t.label(self.path), self.ctx.fonts.lookup(fam, bold, italic))
            if t.static and plain(t.source).strip():  # the same on every card: measured once, here
                out += self._ink_check(self._ink(t, {}), t.label(self.path), f"'{T.short(plain(t.source))}'")
        for q in self.qrs:
            x, y, side, _ = q.box
            out += self._ink_check(self._safe_box(q.matrix, x, y, x + side, y + side), f"{name} QR code", "the QR code")
        for im in self.images:
            if isinstance(im.href, str):
                out += self._check_image(im, im.href, f"{name} image")
        return out

    def _check_image(self, im: ImageUnit, href: str, label: str, v: dict | None = None) -> list:
        href = href.strip()
        if href.startswith("data:"):  # an SVG picture written in: its text set in the project's fonts, as a file's
            key = ("data", hash(href))
            checked = self.__dict__.setdefault("_svg_checked", {})
            if key not in checked:
                checked[key] = picture_glyphs(self.ctx.fonts, href, f"{label} (embedded drawing)")
            return checked[key]
        if not href:
            return []
        if self._image_path(href) is None:
            return [T.violation("OWN-IMAGE-MISSING", label, f"image '{T.short(href, 60)}' not found (looked beside {self.path.name} and the project file)")]
        p = self._image_path(href)
        if p.suffix.lower() == ".svg":
            checked = self.__dict__.setdefault("_svg_checked", {})
            if p not in checked:  # each picture read once, however many cards show it
                safety.check_svg_refs(p, self.ctx.roots)  # what the picture shows: as make will read it
                checked[p] = svg_picture_findings(self.ctx, p, f"{label} '{p.name}'")  # drawn as make draws it, its text in the project's fonts
            return checked[p]
        px = image_pixels(p)
        if px is None:
            return [T.violation("OWN-IMAGE-FORMAT", label, f"'{href}' is not a PNG or JPEG image")]
        x, y, w, h = im.box
        x0, y0, x1, y1 = self._safe_box(im.matrix, x, y, x + w, y + h)
        wm, hm = x1 - x0, y1 - y0
        if wm <= 0 or hm <= 0:
            return []
        fit = im.fit(v)[0]
        dpi = dpi_at(px, wm, hm, fit)
        if dpi < MIN_DPI - 0.5 and not plain_image(p):  # 150-300 dpi prints soft (a warning); under 150, visibly blocky
            dw, dh = drawn_mm(px, wm, hm, fit)
            return [(T.warning if dpi >= T.MIN_DPI_ERROR - 0.5 else T.violation)("OWN-IMAGE-DPI", label, f"'{href}' is {px[0]}x{px[1]} px: {dpi:.0f} dpi drawn at {dw:.0f}x{dh:.0f} mm, under {MIN_DPI} (needs about {round(dw / 25.4 * MIN_DPI)}x{round(dh / 25.4 * MIN_DPI)} px)")]
        return []

    def check_row(self, values: dict, place: str, index: int) -> list:
        out = []
        v = T.variables(values, index)
        for t in self.texts:
            if t.static and index > 0:
                continue
            text = _render_text(t, v)
            own = t.label(self.path)
            label = f"{place} {own.split(' ', 1)[1]}"
            for icon in ICON.findall(text):
                if self.ctx.icons.path(icon) is None:
                    out.append(T.violation("OWN-ICON", label, self.ctx.icons.missing(icon)))
                else:
                    out += icon_glyphs(self.ctx, icon, label)
            if getattr(t, "_fixed", None) is not None:
                font, size = t._fixed[:2]
            else:
                style = t.__dict__.get("_checked_style")  # a style with no placeholder: read once, said on every card
                if style is None:
                    font, size = self._font(t, v)
                    bad = []
                    try:
                        T.parse_color(T.render(t.props.get("fill", "#000"), v), css=True)
                    except ValueError as exc:
                        bad.append(f"fill: {exc}")
                    if not isinstance(t.props.get("stroke", "none"), str):  # a stroke from the row (a fixed one that is no colour: noted, not drawn)
                        try:
                            T.parse_color(T.render(t.props["stroke"], v), css=True)
                        except ValueError as exc:
                            bad.append(f"stroke: {exc}")
                    style = (font, size, bad)
                    if all(isinstance(x, str) for x in t.props.values()):
                        t._checked_style = style
                font, size, bad = style
                out += [T.violation("OWN-COLOR", label, why) for why in bad]
            out += span_colour_findings(t, v, label)
            if font is None:
                continue
            if plain(text).strip():
                self.ctx.fonts.note(own, self.ctx.fonts.lookup(font.family, font.bold, font.italic))
                out += T.glyph_violations(label, text, font, v, not t.static)
            f = None
            if t.box is not None and plain(text).strip():  # an empty text sets no line: nothing to overflow
                f = self._fitted(t, v, text, font, size)
                if not f.fits and t.shrink:
                    out.append(T.violation("OWN-TEXT-OVERFLOW", label, f"'{T.short(plain(text))}' does not fit its box even at {t.min_pt:g} pt: shorten it or enlarge the box"))
                    continue
                over = len(f.lines) - self._kept(t, f, font) if not f.fits else 0
                if over > 0 and t.overflow == "print":  # printed whole, running past the box's foot (data-overflow="print")
                    out.append(T.warning("OWN-TEXT-OVERFLOW", label, f"'{T.short(plain(text))}' runs {over} line{'s' if over != 1 else ''} past the foot of its box at {size * t.scale:.1f} pt, printed below it (data-overflow=\"print\"; Inkscape leaves {'them' if over != 1 else 'it'} out): shorten it, enlarge the box, or let printkit shrink it with data-min-size=\"6\""))
                elif over > 0:  # left out, as Inkscape leaves them out: the words lost are named
                    lost = " ".join(line_text(line) for line in f.lines[-over:])
                    out.append(T.warning("OWN-TEXT-OVERFLOW", label, f"{over} line{'s' if over != 1 else ''} past the foot of its box at {size * t.scale:.1f} pt left out, as Inkscape leaves them out: '{T.short(plain(lost), 80)}' (shorten the text, enlarge the box, let printkit shrink it with data-min-size=\"6\", or print them below with data-overflow=\"print\")"))
            if not t.static and plain(text).strip():  # the ink this card's text puts down (an empty cell puts none)
                hint = "" if t.box is not None else ": give the text a box (flowed text, or data-box) so it shrinks to fit"
                inks = t.__dict__.get("_inks", False)
                if inks is False:  # a style with no placeholder: a text's ink depends on its words alone, measured once for each
                    inks = t._inks = Kept(max(16, 8192 // len(self.texts))) if all(isinstance(x, str) for x in t.props.values()) else None  # all texts together some 8,192, as the snippets' memos
                if inks is not None and text in inks:
                    ext = inks[text]
                else:
                    ext = self._ink(t, v, (font, size, text), f)
                    if inks is not None:
                        inks[text] = ext
                out += self._ink_check(ext, label, f"'{T.short(plain(text))}'", hint)
        for im in self.images:
            if not isinstance(im.href, str):
                out += self._check_image(im, im.href.render(v), f"{place} image", v)
        for q in self.qrs:
            if index == 0 or not isinstance(q.content, str):
                problem = T.qr_problem(T.render(q.content, v), q.box[2] * _scale(q.matrix))
                if problem:
                    out.append(T.violation("OWN-QR", f"{place} QR code", problem))
        for s in self.snippets:
            try:
                rendered = s.template.render(v)
                if ("lengths-ok", rendered) not in s.drawings:
                    safety.BUDGET.snippet(self.path.name, s.size)  # a rendering not read before: drawn as a drawing of its own
                bad = [] if ("lengths-ok", rendered) in s.drawings else self._snippet_lengths(rendered, place)
                if not bad:  # a rendering read once: its copies on other cards are not parsed again
                    s.drawings[("lengths-ok", rendered)] = True
                if bad:  # a row's value where a length goes: named, not handed to the renderer
                    out += bad
                    continue
                if self._snippet_raster(s, rendered) is None:
                    self._snippet_drawing(s, rendered)
            except UsageError:
                raise
            except Exception as exc:
                if os.environ.get("PRINTKIT_DEBUG"):
                    raise
                out.append(T.violation("OWN-TEMPLATE", place, f"{self.path.name}: an element with placeholders cannot be drawn ({_why_not_drawn(exc)})"))
            else:
                out += self._snippet_images(rendered, place)
                if s.number in self.__dict__.get("_filter_units", ()):
                    continue  # a picture of a text's filter: the text itself is checked
                out += self._snippet_text(rendered, place, v)
                out += self._snippet_ink(s, rendered, place)
        return out

    def _snippet_ink(self, s: SnippetUnit, rendered: str, place: str) -> list:
        """The safe-zone and trim checks for text inside an element with placeholders
        (drawn by the drawer: a layer shown per card, a group whose colour is a cell): each
        shown line measured in the font it is drawn in (a missing family's substitute,
        with its own widths), at its place on the card."""
        from lxml import etree

        key = ("ink", rendered)
        if key in s.drawings:
            return s.drawings[key]
        out: list = []
        doc = copy.deepcopy(s.skeleton)
        old = doc.find(f".//*[@data-pk-unit='{s.number}']")
        new = etree.fromstring(rendered)
        old.getparent().replace(old, new)

        def hidden(el) -> bool:
            st = _style(el)
            return str(st.get("display", el.get("display") or "")).strip() == "none" or str(st.get("visibility", el.get("visibility") or "")).strip() in ("hidden", "collapse")

        for el in new.iter():
            if not isinstance(el.tag, str) or _local(el.tag) != "text":
                continue
            chain = [*reversed(list(el.iterancestors())), el]
            if any(hidden(x) for x in chain) or not "".join(el.itertext()).strip():
                continue
            try:
                m = self.root_matrix
                for x in chain[1:]:
                    m = mul(m, parse_transform(x.get("transform")))
                props: dict = {}
                for x in chain:
                    props.update({k: val for k, val in _style(x).items() if k in INHERITED})
                lines = [sp for sp in el if isinstance(sp.tag, str) and _local(sp.tag) == "tspan" and sp.get(SODIPODI_ROLE) == "line"] or [el]
                ext = None
                for ln in lines:
                    text = "".join(ln.itertext()).strip()
                    if not text:
                        continue
                    lp = {**props, **{k: val for k, val in _style(ln).items() if k in INHERITED}}
                    size = _length(str(lp.get("font-size", "16")), CSS_UNITS) or 16.0
                    bold, italic = _bold_italic(lp)
                    direction = text_direction(lp.get("direction"))
                    faces = Faces(self.ctx.fonts, lp.get("font-family", "Noto Sans"), bold, italic)
                    width = run_width(text, faces, size, direction == "rtl" if direction else base_rtl(text))  # as the drawer sets it
                    x = _length(ln.get("x") or el.get("x") or "0", CSS_UNITS) or 0.0
                    y = _length(ln.get("y") or el.get("y") or "0", CSS_UNITS) or 0.0
                    left = x - width * {"middle": 0.5, "end": 1.0}.get(text_anchor(lp.get("text-anchor", "start"), lp.get("direction")), 0.0)
                    box = self._safe_box(m, left, y - ASCENT * size, left + width, y + DESCENT * size)
                    ext = box if ext is None else (min(ext[0], box[0]), min(ext[1], box[1]), max(ext[2], box[2]), max(ext[3], box[3]))
            except (BadNumber, UsageError, ValueError):
                continue
            if ext is not None:
                label = f"{place} {self.path.name} text {el.get('id')!r}" if el.get("id") else f"{place} {self.path.name} text '{T.short(''.join(el.itertext()).strip(), 24)}'"
                out += self._ink_check(ext, label, f"'{T.short(''.join(el.itertext()).strip())}'")
        s.drawings[key] = out
        return out

    def _snippet_text(self, rendered: str, place: str, v: dict) -> list:
        """Text inside an element with placeholders is drawn by the drawer, set
        by the text setter as any text (shaped, with fallback fonts): a character
        that no font has (not the text's, nor any fallback) is refused naming
        the text, never drawn as an empty box."""
        if "text" not in rendered and "image" not in rendered:
            return []  # no <text>, no picture that may hold one: nothing to read it for (most renderings: a fill, a shown layer)
        from lxml import etree

        return text_glyphs(self.ctx.fonts, etree.fromstring(rendered), f"{place} {self.path.name}", v)

    def _ink_check(self, ext, label: str, what: str, hint: str = "") -> list:
        return T.ink_warnings(ext, self.trim, self.bleed_mm, label, what, hint)



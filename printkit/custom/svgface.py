"""Drawing an SVG template's card face: its layers (custom/svg.py sorts
them) in paint order. The fixed art is compiled once (svgart.to_drawing, the one
vector path, printkit's drawer) and put in the PDF as a form, reused on every card;
an element with placeholders once per distinct rendering; text through
svgtext; pictures, QR codes and generated bleed; what vectors cannot carry,
as a picture drawn by resvg (svgdraw.rasterise).

SvgFace is the part of SvgTemplate that does this."""

from __future__ import annotations

from printkit.custom import safety, svgdraw, template as T
from printkit.custom.assets import draw_data_picture, draw_picture, forms
from printkit.custom.svgparse import ImageUnit, QrUnit, RasterUnit, SnippetUnit, _local, _scale, _style
from printkit.engine.bleed import draw_strips, edge_strips
from printkit.engine.units import MM


class SvgFace:
    """Drawing a template's face (the layers SvgTemplate sorted); mixed into
    SvgTemplate, whose runs, sizes, ctx and caches it uses."""

    # -- drawing ---------------------------------------------------------------------------
    def face(self, values: dict, index: int = 0):
        def draw(c, art) -> None:  # the card's variables made when it is drawn: no copy of every row held meanwhile
            self._draw(c, art, T.variables(values, index))

        return draw

    def font_map(self):
        """The faces text inside elements the drawer draws (elements with
        placeholders, clones) is set in: `resolve(family, bold, italic)`,
        printkit's font resolution (the family, or the face that stands in for
        it). Every family named there is noted for the run summary, once."""
        if self._font_map is None:
            families = {"Noto Sans"}
            for el in self.root.iter():  # every text, also inside elements drawn whole
                if isinstance(el.tag, str) and _local(el.tag) in ("text", "tspan", "g", "svg", "a", "flowRoot", "flowPara", "flowSpan") and "font-family" in _style(el):
                    families.add(_style(el)["font-family"])
            for fam in sorted(families):
                if not T.PLACEHOLDER.search(fam) and fam not in {t.props.get("font-family") for t in self.texts}:
                    self.ctx.fonts.note(self.path.name, self.ctx.fonts.lookup(fam))
            self._font_map = self.ctx.fonts.resolve
        return self._font_map

    def _drawing(self, doc):
        from printkit.custom.svgart import to_drawing

        return to_drawing(doc, str(self.path), self.font_map(), self.ctx.fonts)  # its text set by engine/text, falling back in the project's fonts

    def _static_drawing(self, doc):
        cache = self.__dict__.setdefault("_static", {})
        if id(doc) not in cache:
            cache[id(doc)] = self._drawing(doc)
        return cache[id(doc)]

    def _form(self, c, key, make_doc, ink=None) -> str:
        cache = forms(c)
        name = cache.get(key)
        if name is None:
            art = make_doc()
            name = f"PKSvg{len(cache)}"
            if art is None:  # nothing drawable: an empty form, placed like any
                c.beginForm(name, 0, 0, 1, 1)
            else:
                c.beginForm(name, 0, 0, art.width, art.height)
                art.draw(c, ink)
            c.endForm()
            cache[key] = name
        return name

    def _snippet_drawing(self, s: SnippetUnit, rendered: str):
        d = s.drawings.get(rendered)
        if d is None:
            doc = self._card_doc(s, safety.parse_svg(rendered.encode("utf-8"), self.path))  # resolved by the gate
            d = self._drawing(doc)
            s.drawings[rendered] = d
        return d

    def needs_bleed(self, bleed_mm: float) -> bool:
        """True when this print asks for over 1 mm more bleed than the art has
        (art drawn at the trim size has none): printkit generates it (below);
        less than that is covered by scaling (cover)."""
        return self.size_ok and bleed_mm > 0 and self.bleed_mm < bleed_mm - 1.0

    def bleed_note(self, bleed_mm: float) -> str:
        have = f"drawn with {self.bleed_mm:.2g} mm bleed" if self.bleed_mm >= 0.05 else "drawn to the trim (no bleed)"
        return (f"{have}; this print asks for {bleed_mm:g} mm: printkit generates it by stretching the colours at the art's edge "
                f"straight out over the bleed, so a cut that drifts shows the colour at the card's edge (not a mirrored copy of its border); "
                f"draw the page {self.card_mm[0] + 2 * bleed_mm:g}x{self.card_mm[1] + 2 * bleed_mm:g} mm with backgrounds to its edge for bleed of your own")

    def _draw(self, c, art, v: dict) -> None:
        self._draw_art(c, art, v)
        if self.generate_bleed and self.cover_matrix is None:
            self._extend_edges(c, art, v)

    generate_bleed = False  # set by the deck for a print that asks for more bleed than the art has

    def _extend_edges(self, c, art, v: dict) -> None:
        """Generated bleed (printkit/engine/bleed.py): the art's edge stretched
        outward over the bleed the print asks for, art only (no text or codes)."""
        W, H = art.w, art.h
        b = self.bleed_mm * MM
        left, bottom, right, top = art.bleed
        reach = tuple(max(0.0, want - b) if want > b + 0.01 else 0.0 for want in (left, bottom, right, top))
        draw_strips(c, edge_strips((-b, -b, W + 2 * b, H + 2 * b), reach), lambda: self._draw_art(c, art, v, edges=True))

    def _place_form(self, c, name: str, origin_x: float, origin_y: float) -> None:
        """A drawn form of the art at the card's origin, in the drawing's scale."""
        c.saveState()
        c.translate(origin_x, origin_y)
        if self.px_scale != 1.0:
            c.scale(self.px_scale, self.px_scale)
        c.doForm(name)
        c.restoreState()

    def _draw_art(self, c, art, v: dict, edges: bool = False) -> None:
        b = self.bleed_mm * MM
        origin_x, origin_y = -b, -b - (self.doc_mm[1] - self.trim[1] - 2 * self.bleed_mm) * MM
        if self.trim == self.doc_mm:
            origin_x, origin_y = 0.0, 0.0
        ink = art.ink
        if self.cover_matrix is not None:
            s, dx, dy = self.cover_matrix
            c.saveState()
            c.transform(s, 0, 0, s, dx, dy)
        for kind, item in self.runs:
            if kind == "static":
                name = self._form(c, ("svg", id(self), id(item)), lambda item=item: self._static_drawing(item), ink)
                self._place_form(c, name, origin_x, origin_y)
            elif kind == "snippet":
                rendered = item.template.render(v)
                pic = self._snippet_raster(item, rendered)
                if pic is not None:
                    if pic:
                        self._draw_picture(c, pic, origin_x, origin_y, ink)
                    continue
                name = self._form(c, ("svgsnip", id(self), item.number, rendered), lambda: self._snippet_drawing(item, rendered), ink)
                self._place_form(c, name, origin_x, origin_y)
            elif kind == "text":
                if not edges:  # the edge strips stretched over the bleed: art only, no text or codes
                    self._draw_text(c, item, v, ink)
            elif kind == "qr":
                if not edges:
                    self._draw_qr(c, item, v)
            elif kind == "image":
                self._draw_image(c, item, v, ink)
            elif kind == "raster":
                self._draw_raster(c, item, origin_x, origin_y, ink)
        if self.cover_matrix is not None:
            c.restoreState()

    def _raster(self, r: RasterUnit):
        if r.picture is None:
            from lxml import etree

            text = etree.tostring(r.doc, encoding="unicode")
            r.picture = svgdraw.rasterise(r.doc, text, self.doc_mm, self._raster_fonts(), f"{self.path.name} {svgdraw.describe(self._unit_element(r))}") or False
        return r.picture

    def _unit_element(self, r):
        found = r.doc.find(f".//*[@data-pk-unit='{r.number}']")
        return found if found is not None else r.doc

    def _snippet_raster(self, s: SnippetUnit, rendered: str):
        """A picture of this card's version of the element when what it shows
        needs one (a filter, mask, pattern...), else None."""
        key = ("raster", rendered)
        if key not in s.drawings:
            new = safety.parse_svg(rendered.encode("utf-8"), self.path)  # bounded, no entities; resolved below
            doc = self._card_doc(s, new, gate=False, charge=True)  # with what this rendering names (counted here, the first look at it)
            reasons = svgdraw.raster_reasons(new, svgdraw.id_index(doc))
            if reasons:
                note = f"{self.path.name} {svgdraw.describe(new)}: {', '.join(reasons)}: drawn as a {svgdraw.RASTER_DPI} dpi picture of that element"
                if note not in self.notes and s.number not in self.__dict__.get("_filter_units", ()):  # a text's filter: said once, by _filtered_text
                    self.notes.append(note)
                    self.rasters.append(svgdraw.describe(new))
                    self.transparent.append(f"{svgdraw.describe(new)} ({', '.join(reasons)}: a picture with see-through edges)")
                self._absolute_images(doc)
                s.drawings[key] = self._raster(RasterUnit(s.number, doc))
            else:
                s.drawings[key] = None
        return s.drawings[key]

    def _draw_raster(self, c, r: RasterUnit, origin_x: float, origin_y: float, ink=None) -> None:
        pic = self._raster(r)
        if pic:
            self._draw_picture(c, pic, origin_x, origin_y, ink)

    def _draw_picture(self, c, pic, origin_x: float, origin_y: float, ink=None) -> None:
        from reportlab.lib.utils import ImageReader

        image, x, y, w, h = pic
        if ink is not None and ink.mode == "mono":
            image = image.convert("LA")
        c.saveState()
        c.translate(origin_x, origin_y)
        c.drawImage(ImageReader(image), x * MM, (self.doc_mm[1] - y - h) * MM, w * MM, h * MM, mask="auto")
        c.restoreState()

    def _draw_image(self, c, im: ImageUnit, v: dict, ink=None) -> None:
        href = T.render(im.href, v).strip()
        embedded = href.lower().startswith("data:")
        p = self._image_path(href) if href and not embedded else None
        if p is None and not embedded:
            return
        x, y, w, h = im.box
        fit, ax, ay = im.fit(v)
        c.saveState()
        c.transform(*im.matrix)
        c.transform(1, 0, 0, -1, 0, 0)

        def picture() -> None:
            if embedded:  # a picture embedded in the SVG (Inkscape's "embed"): drawn as a linked one is
                draw_data_picture(c, href, self.path.name, x, -(y + h), w, h, fit, ink=ink, align=(ax, 1 - ay))
            else:
                draw_picture(c, p, x, -(y + h), w, h, fit, ink=ink, align=(ax, 1 - ay), book=self.ctx.fonts)

        if im.alpha < 1:
            # opacity on an <image> fades the picture as a whole, as the editor shows it: an SVG
            # picture's strokes too (a fill alpha alone left them opaque) and its overlaps not
            # showing through one another. Drawn once as a transparency group (a form, kept
            # for every card that shows the same picture in the same box), then at that alpha.
            cache = forms(c)
            key = ("fade", href, x, y, w, h, fit, ax, ay, ink.mode if ink is not None else None)
            if key not in cache:
                name = f"PKPicFade{len(cache)}"
                c.beginForm(name, x - 1, -(y + h) - 1, x + w + 1, -y + 1)
                picture()
                c.endForm(pk_group=True)
                cache[key] = name
            c.setFillAlpha(im.alpha)
            c.setStrokeAlpha(im.alpha)
            c.doForm(cache[key])
        else:
            picture()
        c.restoreState()

    def _draw_qr(self, c, q: QrUnit, v: dict) -> None:
        from printkit.engine.qr import draw_qr

        text = T.render(q.content, v)
        if not text.strip():
            return
        x, y, s, _ = q.box
        k = _scale(q.matrix)  # pt per user unit: the module size is checked on paper
        c.saveState()
        c.transform(*q.matrix)
        c.transform(1, 0, 0, -1, 0, 0)
        c.translate(x, -(y + s))
        c.scale(1 / k, 1 / k)
        draw_qr(c, text, 0, 0, s * k, mask=None)  # user text: the best mask, searched
        c.restoreState()

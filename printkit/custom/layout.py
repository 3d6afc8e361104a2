"""Layout templates: a plain TOML file of elements placed in millimetres, for
people without an SVG editor.

    size = "poker"            # or [63, 88] (mm); default: the deck's card size
    background = "#f3e9d2"    # paints the whole card and its bleed

    [[element]]
    type = "text"             # text | box | image | icon | qr
    text = "{{ name }}"
    x = 5  y = 6  w = 53  h = 9   # mm from the trim's top-left corner
    size = 14  min_size = 7  bold = true  align = "center"

Every string may hold Jinja2 placeholders ({{ column }}); `show = "type == 'spell'"`
draws an element only on the rows where the condition holds.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

from printkit.custom import safety, template as T
from printkit.custom.assets import ICON, MIN_DPI, dpi_at, draw_picture, drawn_mm, forms, image_pixels, plain_image
from printkit.custom.svgtext import icon_glyphs, svg_picture_findings
from printkit.engine.text import as_faces, draw_fitted, editor_metrics, face_metrics, Faces, fit, ink_extent, METRICS
from printkit.engine.bleed import draw_strips, edge_strips
from printkit.engine.units import CARDS, MM, SAFE
from printkit.errors import UsageError

BLEED_PAINT = 6.0  # mm: how far bleed-reaching art is painted (the engine clips to the bleed in use)
KINDS = {
    "text": {"text", "x", "y", "w", "h", "font", "bold", "italic", "size", "min_size", "color", "align", "valign", "wrap", "line_height", "show", "name"},
    "box": {"x", "y", "w", "h", "fill", "stroke", "stroke_width", "radius", "bleed", "shape", "show", "name"},
    "image": {"path", "x", "y", "w", "h", "fit", "show", "name"},
    "icon": {"icon", "x", "y", "w", "h", "show", "name"},
    "qr": {"text", "x", "y", "size", "show", "name"},
}
STRINGS = {"text", "font", "color", "align", "valign", "fill", "stroke", "path", "fit", "icon", "shape"}


@dataclass
class Element:
    kind: str
    number: int
    spec: dict
    texts: dict  # field -> compiled template or plain string
    show: object  # compiled condition or None
    box: tuple[float, float, float, float]  # x, y, w, h in mm from the top-left of the trim
    show_keys: tuple | None = ()  # the columns the condition reads (None: it may differ on every card)

    @property
    def static(self) -> bool:
        return self.show is None and all(isinstance(v, str) for v in self.texts.values())

    def label(self, path: Path) -> str:
        name = self.spec.get("name")
        return f"{path.name} element {self.number} ({self.kind}{' ' + repr(name) if name else ''})"


def line_metrics(spec: dict, font):
    """The (ascent, descent, leading) a text element's lines are set with: printkit's
    own; `line_height = N`: lines N ems apart, placed in them as Inkscape places them;
    `line_height = "font"`: the font's own ascent and descent, one line under the
    other, as Windows programs set single-spaced text (nanDECK, Word)."""
    lh = spec.get("line_height")
    if lh is None:
        return METRICS
    ascent, descent = face_metrics(as_faces(font).font())
    if lh == "font":
        return (ascent, descent, ascent + descent)
    return editor_metrics(float(lh), ascent, descent)


def _num(spec: dict, key: str, where: str, default=None) -> float:
    v = spec.get(key, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise UsageError(f"{where}: '{key}' must be a number (mm){'' if v is None else f', not {v!r}'}")
    if not math.isfinite(v) or abs(v) > 2000:  # NaN, inf or a size no paper has
        raise UsageError(f"{where}: '{key}' must be a finite number from -2000 to 2000, not {v!r}")
    return float(v)


def size_of(value, where: str) -> tuple[float, float]:
    if isinstance(value, str):
        if value not in CARDS:
            raise UsageError(f"{where}: size '{value}' is not a card size ({', '.join(CARDS)}) or [w, h] in mm")
        return CARDS[value]
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) and 5 <= v <= 600 for v in value):
        return (float(value[0]), float(value[1]))
    raise UsageError(f"{where}: size must be a card size name or [width, height] in mm (5-600)")


class LayoutTemplate:
    kind = "layout"

    def __init__(self, path: Path, ctx: T.Context, trim_mm: tuple[float, float]) -> None:
        self.path = Path(path)
        self.ctx = ctx

        try:
            text = safety.read_text(self.path, "template")
            safety.count_placeholders(text, self.path.name)  # before any is parsed
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"{path}: not a valid TOML layout ({exc})") from None
        where = self.path.name
        safety.finite_tree(data, where)
        unknown = set(data) - {"size", "background", "element", "min_size", "font"}
        if unknown:
            raise UsageError(f"{where}: unknown key '{sorted(unknown)[0]}' (keys: size, background, font, min_size, element)")
        self.trim = size_of(data["size"], where) if "size" in data else trim_mm
        self.declared_size = "size" in data
        self._bg_raw = str(data.get("background", ""))
        self.background = T.compile_text(str(data["background"]), f"{where} background") if "background" in data else None
        self.default_font = str(data.get("font", "Noto Sans"))
        self.default_min = _num(data, "min_size", where, 6.0)
        if not 0 <= self.default_min <= 1000:
            raise UsageError(f"{where}: 'min_size' must be from 0 to 1000 pt, not {self.default_min:g}")
        self.elements: list[Element] = []
        items = data.get("element", [])
        if not isinstance(items, list):
            raise UsageError(f"{where}: elements are [[element]] tables")
        most = safety.LIMITS["LAYOUT_ELEMENTS"]
        if len(items) > most:  # each looked at on every card: 100,000 boxes on 5,000 cards ran validate and make past a minute
            raise safety.LimitError(f"{where}: {len(items):,} elements, over printkit's limit of {most:,} in one layout")
        for n, spec in enumerate(items, 1):
            self.elements.append(self._element(n, spec, where))
        self.bleed_mm = BLEED_PAINT if self.background is not None or any(e.kind == "box" and e.spec.get("bleed") for e in self.elements) else 0.0
        self._layers = self._group()

    def _element(self, n: int, spec, where: str) -> Element:
        w = f"{where} element {n}"
        if not isinstance(spec, dict) or spec.get("type") not in KINDS:
            raise UsageError(f"{w}: 'type' must be one of {', '.join(KINDS)}")
        kind = spec["type"]
        bad = set(spec) - KINDS[kind] - {"type"}
        if bad:
            raise UsageError(f"{w}: a {kind} has no '{sorted(bad)[0]}' (it takes {', '.join(sorted(KINDS[kind]))})")
        if kind == "qr":
            s = _num(spec, "size", w, 20)
            box = (_num(spec, "x", w), _num(spec, "y", w), s, s)
        else:
            box = (_num(spec, "x", w), _num(spec, "y", w), _num(spec, "w", w), _num(spec, "h", w))
        if box[2] <= 0 or box[3] <= 0:
            raise UsageError(f"{w}: w and h must be above 0")
        for key in ("size", "min_size", "stroke_width", "radius"):
            if key in spec and kind != "qr":
                if not 0 <= _num(spec, key, w) <= (1000 if key in ("size", "min_size") else 200):
                    raise UsageError(f"{w}: '{key}' must be from 0 to {1000 if key in ('size', 'min_size') else 200}, not {spec[key]!r}")
        if "line_height" in spec:
            lh = spec["line_height"]
            if not (lh == "font" or (isinstance(lh, (int, float)) and not isinstance(lh, bool) and 0.8 <= lh <= 3)):
                raise UsageError(f"{w}: 'line_height' is a number of ems from 0.8 to 3, or \"font\" (the font's own line spacing), not {lh!r}")
        texts = {k: T.compile_text(str(v), f"{w} {k}") for k, v in spec.items() if k in STRINGS}
        if kind == "text" and "text" not in texts:
            raise UsageError(f"{w}: a text element needs text = \"...\"")
        if kind == "image" and "path" not in texts:
            raise UsageError(f"{w}: an image element needs path = \"...\"")
        if kind == "icon" and "icon" not in texts:
            raise UsageError(f"{w}: an icon element needs icon = \"name\"")
        if kind == "qr" and "text" not in texts:
            raise UsageError(f"{w}: a qr element needs text = \"...\"")
        show = T.compile_expr(str(spec["show"]), w) if "show" in spec else None
        keys = T.row_keys("{{ " + str(spec["show"]) + " }}") if show is not None else ()
        return Element(kind, n, spec, texts, show, box, None if keys is None else tuple(sorted(keys)))

    def _shown(self, e: Element, v: dict) -> bool:
        """Whether the element is drawn on this card: its condition answered once
        for each set of the values it reads (the check and the drawing ask again),
        and the answers the whole deck needs counted against LAYOUT_CONDITIONS
        (499 conditions on 5,000 cards of different values ran make past a minute)."""
        if e.show is None:
            return True
        memo = self.__dict__.setdefault("_answers", {})
        try:
            key = (e.number, v.get("card") if e.show_keys is None else tuple(v.get(k) for k in e.show_keys))
            hash(key)
        except TypeError:  # a value of a JSON row that is a list or a table: not kept
            key = None
        if key is not None and key in memo:
            return memo[key]
        count = self.__dict__["_asked"] = self.__dict__.get("_asked", 0) + 1
        if count > safety.LIMITS["LAYOUT_CONDITIONS"]:
            raise safety.LimitError(f"{self.path.name}: its elements' show conditions take over {safety.LIMITS['LAYOUT_CONDITIONS']:,} answers for this deck, printkit's limit: fewer conditional elements, or conditions on columns with fewer different values")
        answer = bool(e.show(**v))
        if key is not None:
            memo[key] = answer
        return answer

    def _group(self) -> list:
        layers: list = []
        for e in self.elements:
            if e.static and layers and isinstance(layers[-1], list):
                layers[-1].append(e)
            elif e.static:
                layers.append([e])
            else:
                layers.append(e)
        return layers

    # -- what it uses ---------------------------------------------------------
    def columns(self) -> set[str]:
        used = set()
        for e in self.elements:
            for k, v in e.spec.items():
                if isinstance(v, str) and (k in STRINGS or k == "show"):
                    used |= T.columns_used(v if k != "show" else "{{ " + v + " }}")
        if self._bg_raw:
            used |= T.columns_used(self._bg_raw)
        return used

    @property
    def dynamic(self) -> bool:
        return not isinstance(self.background, (str, type(None))) or any(not e.static for e in self.elements)

    # -- checks ---------------------------------------------------------------
    def check_template(self) -> list:
        self.__dict__.pop("_answers", None)  # a new run (serve keeps the template while the data changes): its deck's answers only
        self.__dict__.pop("_asked", None)
        out = []
        W, H = self.trim
        where = self.path.name
        for e in self.elements:
            place = e.label(self.path)
            x, y, w, h = e.box
            if e.kind in ("icon", "qr"):  # drawn filling their box (text: its ink, per card, in check_row)
                out += T.ink_warnings((x, H - y - h, x + w, H - y), self.trim, 0.0, place, f"the {e.kind}")
            elif e.kind == "box" and not e.spec.get("bleed") and self.background is None:
                fill = e.texts.get("fill")
                touches = x <= 0 or y <= 0 or x + w >= W or y + h >= H
                if touches and isinstance(fill, str) and T.parse_color(fill) not in (None, (1.0, 1.0, 1.0)):
                    out.append(T.warning("OWN-BLEED", place, "this coloured box stops at the trim line: printkit runs its edges on over the bleed (generated bleed); say bleed = true to make that your choice"))
            if e.kind == "text":
                size, smallest = float(e.spec.get("size", 10)), float(e.spec.get("min_size", self.default_min))
                if min(size, smallest) < T.MIN_TEXT_PT - 0.05:
                    out.append(T.violation("OWN-TEXT-SMALL", place, f"may print at {min(size, smallest):g} pt; printed text needs at least {T.MIN_TEXT_PT:g} pt (size and min_size)"))
                font = e.texts.get("font", self.default_font)
                text = e.texts["text"]
                if isinstance(font, str) and (not isinstance(text, str) or text.strip()):  # a text with no text needs no font
                    self.ctx.fonts.note(place, self.ctx.fonts.lookup(font, bool(e.spec.get("bold")), bool(e.spec.get("italic"))))
            for key in ("fill", "stroke", "color"):
                v = e.texts.get(key)
                if isinstance(v, str):
                    try:
                        T.parse_color(v)
                    except ValueError as exc:
                        out.append(T.violation("OWN-COLOR", place, f"{key}: {exc}"))
        if self.background is None and not any(e.kind == "box" and e.spec.get("bleed") for e in self.elements) and any(e.kind == "image" and (e.box[0] <= 0 or e.box[1] <= 0 or e.box[0] + e.box[2] >= W or e.box[1] + e.box[3] >= H) for e in self.elements):
            out.append(T.warning("OWN-BLEED", where, "a picture reaches the trim line and the template has no bleed: printkit generates it by stretching the picture's edge straight out over the bleed (generated bleed); add a background or art that runs past the cut for bleed of your own"))
        return out

    def check_row(self, values: dict, place: str, index: int) -> list:
        out = []
        v = T.variables(values, index)
        if self.background is not None and not isinstance(self.background, str):
            try:
                T.parse_color(self.background.render(v))
            except ValueError as exc:
                out.append(T.violation("OWN-COLOR", place, f"{self.path.name} background: {exc}"))
        first = self.__dict__.setdefault("_same_text", {})  # element number -> (first card's place, its warnings)
        for e in self.elements:
            if e.kind == "box" and e.static:
                continue  # the same box on every card: nothing of the row to check
            same = isinstance(e.texts.get("text"), str) and e.kind == "text" and e.show is None
            if same and index > 0 and e.number in first:
                # the same text on every card: checked on the first card that has it; its
                # warnings hold for this card too (the run summary says on how many cards)
                was, found = first[e.number]
                out += [w._replace(place=place + w.place[len(was):]) for w in found if w.warning and w.place.startswith(was)]
                continue
            start = len(out)
            if not self._shown(e, v):
                continue
            label = f"{place} {e.label(self.path).split(' ', 1)[1]}"
            x, y, w, h = e.box
            if e.kind == "text":
                text = T.render(e.texts["text"], v)
                font = self._font(e, v)
                if font is None:
                    continue
                markup = not isinstance(e.texts["text"], str)
                if text.strip():
                    self.ctx.fonts.note(e.label(self.path), self.ctx.fonts.lookup(font.family, font.bold, font.italic))
                    out += T.glyph_violations(label, text, font, v, markup)
                size = float(e.spec.get("size", 10))
                min_size = float(e.spec.get("min_size", self.default_min))
                f = fit(text, font, size, min(min_size, size), w * MM, h * MM, bool(e.spec.get("wrap", True)), markup=markup, metrics=line_metrics(e.spec, font))
                if not f.fits:
                    out.append(T.violation("OWN-TEXT-OVERFLOW", label, f"'{T.short(text)}' does not fit its {w:g}x{h:g} mm box even at {min_size:g} pt: shorten it or enlarge the box"))
                else:  # where its set lines put ink on this card (an empty cell: none)
                    W, H = self.trim
                    ink = ink_extent(f, x * MM, (H - y - h) * MM, w * MM, h * MM, align=T.render(e.texts.get("align", "left"), v), valign=T.render(e.texts.get("valign", "top"), v))
                    if ink is not None:
                        out += T.ink_warnings(tuple(n / MM for n in ink), self.trim, 0.0, label, f"'{T.short(text)}'")
                for name in ICON.findall(text):
                    if self.ctx.icons.path(name) is None:
                        out.append(T.violation("OWN-ICON", label, self.ctx.icons.missing(name)))
                    else:
                        out += icon_glyphs(self.ctx, name, label)
                for key in ("color",):
                    out += self._color_check(e, key, v, label)
                if same:
                    first[e.number] = (place, out[start:])
            elif e.kind == "image":
                out += check_image(self.ctx, T.render(e.texts["path"], v), w, h, label, T.render(e.texts.get("fit", "contain"), v).strip())
            elif e.kind == "icon":
                name = T.render(e.texts["icon"], v).strip().strip(":")
                if name and self.ctx.icons.path(name) is None:
                    out.append(T.violation("OWN-ICON", label, self.ctx.icons.missing(name, colons=False)))
                elif name:
                    out += icon_glyphs(self.ctx, name, label)
            elif e.kind == "box":
                out += self._color_check(e, "fill", v, label) + self._color_check(e, "stroke", v, label)
            elif e.kind == "qr" and (index == 0 or not isinstance(e.texts["text"], str) or e.show is not None):
                problem = T.qr_problem(T.render(e.texts["text"], v), w * MM)
                if problem:
                    out.append(T.violation("OWN-QR", label, problem))
        return out

    def _color_check(self, e: Element, key: str, v: dict, label: str) -> list:
        src = e.texts.get(key)
        if src is None or isinstance(src, str):
            return []
        try:
            T.parse_color(src.render(v))
        except ValueError as exc:
            return [T.violation("OWN-COLOR", label, f"{key}: {exc}")]
        return []

    def _font(self, e: Element, v: dict) -> Faces:
        fam = T.render(e.texts.get("font", self.default_font), v)
        return Faces(self.ctx.fonts, fam, bool(e.spec.get("bold")), bool(e.spec.get("italic")))

    # -- drawing --------------------------------------------------------------
    def face(self, values: dict, index: int = 0):
        def draw(c, art) -> None:  # the card's variables made when it is drawn: no copy of every row held meanwhile
            self._draw(c, art, T.variables(values, index))

        return draw

    def _draw(self, c, art, v: dict) -> None:
        ink = art.ink
        H = art.h
        if self.background is not None:
            rgb = T.parse_color(T.render(self.background, v))
            if rgb is not None:
                c.setFillColorRGB(*ink.rgb(rgb, True))
                b = BLEED_PAINT * MM
                c.rect(-b, -b, art.w + 2 * b, art.h + 2 * b, stroke=0, fill=1)
        for k, layer in enumerate(self._layers):
            if isinstance(layer, list):
                cache = forms(c)
                key = ("layout", id(self), k, ink.mode, art.w, art.h)
                name = cache.get(key)
                if name is None:
                    name = f"PKLayout{len(cache)}"
                    b = BLEED_PAINT * MM
                    c.beginForm(name, -b, -b, art.w + b, art.h + b)
                    for e in layer:
                        self._element_noted(c, art, e, v, H)
                    c.endForm()
                    cache[key] = name
                c.doForm(name)
            else:
                if not self._shown(layer, v):
                    continue
                self._element_noted(c, art, layer, v, H)

    def _image_bleed(self, c, p, mode: str, box, ink) -> None:
        """Generated bleed for a picture that stops at the trim line (no background):
        its edge stretched out over the bleed on each side it touches
        (printkit/engine/bleed.py), as for SVG art drawn to the trim."""
        x, y, w, h = rect = _picture_rect(p, mode, box)
        W, H = self.trim
        eps, b = 0.01 * MM, BLEED_PAINT * MM
        reach = (b if x <= eps else 0.0, b if y <= eps else 0.0, b if x + w >= W * MM - eps else 0.0, b if y + h >= H * MM - eps else 0.0)
        draw_strips(c, edge_strips(rect, reach), lambda: draw_picture(c, p, *box, mode, ink=ink, book=self.ctx.fonts))

    def _element_noted(self, c, art, e: Element, v: dict, H: float) -> None:
        """An element, named in what the canvas notes while drawing it."""
        c._pk_where = T.where_drawn(c, e.label(self.path))
        try:
            self._element_draw(c, art, e, v, H)
        finally:
            c._pk_where = None

    def _element_draw(self, c, art, e: Element, v: dict, H: float) -> None:
        ink = art.ink
        x, y, w, h = (n * MM for n in e.box)
        y = H - y - h  # to PDF's bottom-left origin
        spec = e.spec
        if e.kind == "box":
            if spec.get("bleed") or (self.background is None and T.parse_color(T.render(e.texts.get("fill", "none"), v)) not in (None, (1.0, 1.0, 1.0))):  # generated bleed: a coloured box on the trim runs on
                b = BLEED_PAINT * MM
                x0 = x - b if x <= 0.01 else x
                y0 = y - b if y <= 0.01 else y
                x1 = x + w + b if x + w >= art.w - 0.01 else x + w
                y1 = y + h + b if y + h >= art.h - 0.01 else y + h
                x, y, w, h = x0, y0, x1 - x0, y1 - y0
            fill = T.parse_color(T.render(e.texts.get("fill", "none"), v))
            stroke = T.parse_color(T.render(e.texts.get("stroke", "none"), v))
            if fill is None and stroke is None:
                return
            if fill is not None:
                c.setFillColorRGB(*ink.rgb(fill, True))
            if stroke is not None:
                c.setStrokeColorRGB(*ink.rgb(stroke))
                c.setLineWidth(float(spec.get("stroke_width", 0.5)))
            r = float(spec.get("radius", 0)) * MM
            if T.render(e.texts.get("shape", "rect"), v) == "ellipse":
                c.ellipse(x, y, x + w, y + h, stroke=int(stroke is not None), fill=int(fill is not None))
            elif r > 0:
                c.roundRect(x, y, w, h, r, stroke=int(stroke is not None), fill=int(fill is not None))
            else:
                c.rect(x, y, w, h, stroke=int(stroke is not None), fill=int(fill is not None))
        elif e.kind == "text":
            text = T.render(e.texts["text"], v)
            font = self._font(e, v)
            if font is None or not text.strip():
                return
            size = float(spec.get("size", 10))
            f = fit(text, font, size, min(float(spec.get("min_size", self.default_min)), size), w, h, bool(spec.get("wrap", True)), markup=not isinstance(e.texts["text"], str), metrics=line_metrics(spec, font))
            color = T.parse_color(T.render(e.texts.get("color", "#000000"), v)) or (0, 0, 0)
            c.setFillColorRGB(*ink.rgb(color))
            draw_fitted(c, f, font, x, y, w, h, align=T.render(e.texts.get("align", "left"), v), valign=T.render(e.texts.get("valign", "top"), v), icon=self.ctx.icons.drawer(ink, self.ctx.fonts), ink=ink)
        elif e.kind == "image":
            p = self.ctx.image(T.render(e.texts["path"], v).strip())
            if p is not None:
                mode = T.render(e.texts.get("fit", "contain"), v)
                draw_picture(c, p, x, y, w, h, mode, ink=ink, book=self.ctx.fonts)
                if self.background is None:
                    self._image_bleed(c, p, mode, (x, y, w, h), ink)
        elif e.kind == "icon":
            p = self.ctx.icons.path(T.render(e.texts["icon"], v).strip().strip(":"))
            if p is not None:
                draw_picture(c, p, x, y, w, h, "contain", ink=ink, book=self.ctx.fonts)
        elif e.kind == "qr":
            from printkit.engine.qr import draw_qr

            text = T.render(e.texts["text"], v)
            if text.strip():
                draw_qr(c, text, x, y, w, mask=None)  # user text: the best mask, searched


def _picture_rect(p, mode: str, box) -> tuple:
    """Where a picture's pixels land in its box (pt): contain centres it, cover and
    stretch fill the box (cover's overflow is clipped to it)."""
    x, y, w, h = box
    px = image_pixels(p) if mode == "contain" else None
    if px is None:
        return box
    dw, dh = drawn_mm(px, w / MM, h / MM, mode)
    dw, dh = dw * MM, dh * MM
    return (x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)


def check_image(ctx: T.Context, name: str, w_mm: float, h_mm: float, label: str, fit: str = "contain") -> list:
    name = name.strip()
    if not name:
        return []
    p = ctx.image(name)
    if p is None:
        return [T.violation("OWN-IMAGE-MISSING", label, f"image '{name}' not found (looked beside the project file)")]
    if p.suffix.lower() == ".svg":
        safety.check_svg_refs(p, ctx.roots)  # what the picture shows: as make will read it
        return svg_picture_findings(ctx, p, f"{label} '{p.name}'")  # drawn as make draws it, its text in the project's fonts
    px = image_pixels(p)
    if px is None:
        return [T.violation("OWN-IMAGE-FORMAT", label, f"'{name}' is not a PNG or JPEG image")]
    dpi = dpi_at(px, w_mm, h_mm, fit)
    if dpi < MIN_DPI - 0.5 and not plain_image(p):  # 150-300 dpi prints soft (a warning); under 150, visibly blocky
        dw, dh = drawn_mm(px, w_mm, h_mm, fit)
        need = (round(dw / 25.4 * MIN_DPI), round(dh / 25.4 * MIN_DPI))
        return [(T.warning if dpi >= T.MIN_DPI_ERROR - 0.5 else T.violation)("OWN-IMAGE-DPI", label, f"'{name}' is {px[0]}x{px[1]} px: {dpi:.0f} dpi drawn at {dw:.3g}x{dh:.3g} mm, under {MIN_DPI} (needs about {need[0]}x{need[1]} px)")]
    return []

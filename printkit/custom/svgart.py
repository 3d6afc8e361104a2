"""printkit's SVG drawer: the one vector path every template, SVG picture and
icon takes. A document (resolved by the gate: nothing left to read) is compiled
once into `Art`, a list of plain records (shapes, groups, pictures, text), and
`Art.draw` puts those records on a ReportLab pdfgen canvas (a form, usually):
no reportlab.graphics, no second pass through the tree per card.

What it draws: paths (their data read by fontTools' SVG path parser) and the
basic shapes, transforms, nested <svg> and <symbol> with viewBox and
preserveAspectRatio, fill and stroke with their opacities, fill-rule, dashes,
caps, joins, miter limits, opacity on any element (a PDF transparency group),
linear and radial gradient fills (svgdraw.gradient_spec / paint_gradient), clip
paths, <use>, <switch>, pictures given as data: addresses (the gate has
already turned every file into one) and text (each run at the place its
element gives, in the face the font resolver names, set by printkit's one text
setter, engine/text: shaped, ordered and fallen back as every other text).
What it cannot draw (filters, masks, patterns, gradient strokes, fading
stops) never reaches it in a template: svg.py sends those elements to resvg
(svgdraw.rasterise); in an SVG picture they are left out.

Bounds: the elements drawn (clones expanded) stay within SVG_ELEMENTS, clones
and clip paths nest at most MAX_NEST deep and never round a cycle, gradient
stops are thinned to MAX_STOPS: a hostile file ends in one line (LimitError)
or draws what it can, in bounded time and memory.
"""

from __future__ import annotations

import math
import re

from printkit.custom.svgcss import CSS_UNITS, is_bold, parse_color
from printkit.custom.svgmatrix import IDENTITY, apply, mul, parse_transform

SVG_NS = "http://www.w3.org/2000/svg"
XLINK = "{http://www.w3.org/1999/xlink}href"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
PX_PT = 0.75  # a CSS pixel (a user unit of the outermost viewport) in pt
MAX_NEST = 32  # clones, clip paths and nested <svg> inside one another
MAX_FADED = 2_000  # groups at an opacity below 1 (each a PDF form, drawn on every card): 50,000 took minutes
PICTURE_PIXELS = 4  # pixels of pictures one drawing draws, clones counted: this many times IMAGE_PIXELS
MAX_STOPS = 256  # a gradient's stops (more are thinned evenly: no print shows them)
URL = re.compile(r"url\(\s*['\"]?#([^)'\"]+)['\"]?\s*\)")
INHERITED = {"fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width", "stroke-linecap", "stroke-linejoin",
             "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "visibility", "font-family", "font-size", "font-weight",
             "font-style", "text-anchor", "color", "clip-rule", "direction", "letter-spacing", "word-spacing"}
LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([a-zA-Z%]*)\s*")
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "miter-clip": 0, "arcs": 0, "round": 1, "bevel": 2}
SHAPES = ("path", "rect", "circle", "ellipse", "line", "polyline", "polygon")
MAX_MITER = 1000.0  # stroke-miterlimit: past this every miter is drawn anyway (SVG says 4)
K = 0.5522847498  # a quarter circle's control points, as a fraction of the radius


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


class Art:
    """An SVG document compiled for drawing: its size in pt and its records.
    `draw(c, ink)` paints it with (0, 0) at the bottom left."""

    __slots__ = ("width", "height", "items", "root")

    def __init__(self, width: float, height: float, root: tuple, items: list) -> None:
        self.width, self.height, self.root, self.items = width, height, root, items

    def draw(self, c, ink=None) -> None:
        Painter(c, ink, (self.width, self.height)).group(self.root, self.items)


# -- reading the document ----------------------------------------------------------------

class Compiler:
    def __init__(self, doc, name: str, fonts=None, book=None) -> None:
        from printkit.custom import safety
        from printkit.custom.svgdraw import id_index

        self.name = name
        self.index = id_index(doc)
        self.fonts = fonts or (book.resolve if book is not None else default_font)
        self.book = book  # the project's FontBook: a text's faces and the fonts it falls back to
        self.budget = safety.LIMITS["SVG_ELEMENTS"]
        self.work = safety.LIMITS["PATH_NUMBERS"]  # numbers and characters drawn, each clone and clip counted
        self.fades_left = MAX_FADED  # see-through groups left
        self.shaped = safety.LIMITS["TEXT_CHARS"]  # characters of text shaped by HarfBuzz, each clone counted
        self.pixels = PICTURE_PIXELS * safety.LIMITS["IMAGE_PIXELS"]  # pixels of pictures drawn, each clone counted
        self.pictures: dict = {}  # data: address -> its picture, decoded once
        self.stack: list = []  # elements being drawn through references (<use>, clip paths): no cycle
        self.doc = doc

    # -- properties
    def style(self, el) -> dict:
        from printkit.custom.svgdraw import css_declarations

        own = dict(el.attrib)  # namespaced names ({...}label) match no property
        style = el.get("style")
        if style:
            own.update(css_declarations(style))
        return own

    def length(self, raw, ctx: dict, axis: str = "d", default: float = 0.0) -> float:
        if raw is None:
            return default
        text = str(raw).strip()
        if not text or text in ("auto", "inherit", "none", "normal"):
            return default
        m = LENGTH.fullmatch(text)
        if not m:
            raise ValueError(f"Can't convert '{text[:60]}' to length")
        v, unit = float(m.group(1)), m.group(2).lower()
        if unit == "%":
            w, h = ctx["viewport"]
            base = w if axis == "x" else h if axis == "y" else math.hypot(w, h) / math.sqrt(2)
            v = v / 100 * base
        elif unit in ("em", "rem"):
            v *= ctx.get("font_px", 16.0)
        elif unit == "ex":
            v *= ctx.get("font_px", 16.0) / 2
        elif unit in CSS_UNITS:
            v *= CSS_UNITS[unit]
        else:
            raise ValueError(f"Can't convert '{text[:60]}' to length")
        if not math.isfinite(v) or abs(v) > 1e7:
            raise ValueError(f"length '{text[:40]}' is out of range")
        return v

    def numbers(self, raw) -> list[float]:
        out = []
        for t in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", str(raw or "")):
            v = float(t)
            if math.isfinite(v) and abs(v) < 1e7:
                out.append(v)
        return out

    def color(self, raw, ctx: dict):
        """An (r, g, b) for a paint, None for none, ("url", element) for a reference;
        a value no editor writes is the value inherited (False)."""
        t = str(raw).strip()
        if not t or t == "inherit":
            return False
        m = URL.match(t)
        if m:
            target = self.index.get(m.group(1))
            if target is not None:
                return ("url", target)
            rest = t[m.end():].strip()  # a fallback colour after the reference
            return self.color(rest, ctx) if rest else None
        if t.lower() == "currentcolor":
            return self.color(ctx.get("color", "black"), {**ctx, "color": "black"})
        try:
            return parse_color(t, css=True)
        except ValueError:
            return False

    # -- the tree
    def compile(self) -> Art:
        root = self.doc
        vb = self.numbers(root.get("viewBox"))
        ctx0 = {"viewport": (100.0, 100.0), "font_px": 16.0}
        w = self.length(root.get("width"), ctx0, "x", -1.0) if root.get("width") not in (None, "", "auto", "100%") else -1.0
        h = self.length(root.get("height"), ctx0, "y", -1.0) if root.get("height") not in (None, "", "auto", "100%") else -1.0
        if len(vb) == 4 and vb[2] > 0 and vb[3] > 0:
            w = vb[2] if w <= 0 else w
            h = vb[3] if h <= 0 else h
        else:
            vb = None
            w, h = (w if w > 0 else 300.0), (h if h > 0 else 150.0)
        width, height = w * PX_PT, h * PX_PT
        view = self.view_matrix(vb, w, h, root.get("preserveAspectRatio"))
        # user units -> pt, y up: the page flipped, then the viewBox
        m = mul((PX_PT, 0.0, 0.0, -PX_PT, 0.0, height), view)
        ctx = {"viewport": (vb[2], vb[3]) if vb else (w, h), "font_px": 16.0}
        props = self.inherit({}, self.style(root), ctx)
        items = self.children(root, props, ctx, 0)
        return Art(width, height, (m, 1.0, None), items)

    @staticmethod
    def view_matrix(vb, w: float, h: float, aspect):
        if not vb:
            return IDENTITY
        vx, vy, vw, vh = vb
        sx, sy = w / vw, h / vh
        parts = str(aspect or "xMidYMid meet").split()
        if parts[:1] == ["defer"]:
            parts = parts[1:]
        align = parts[0] if parts else "xMidYMid"
        if align != "none":
            s = max(sx, sy) if parts[1:2] == ["slice"] else min(sx, sy)
            ax = 0.0 if align.startswith("xMin") else 1.0 if align.startswith("xMax") else 0.5
            ay = 0.0 if "YMin" in align else 1.0 if "YMax" in align else 0.5
            tx, ty = (w - vw * s) * ax, (h - vh * s) * ay
            return (s, 0.0, 0.0, s, tx - vx * s, ty - vy * s)
        return (sx, 0.0, 0.0, sy, -vx * sx, -vy * sy)

    def inherit(self, props: dict, style: dict, ctx: dict) -> dict:
        out = dict(props)
        for k, v in style.items():
            if k in INHERITED and str(v).strip() != "inherit":
                out[k] = str(v).strip()
        if "font-size" in style:
            fs = str(style["font-size"]).strip()
            try:
                base = {**ctx, "font_px": props.get("_font_px", 16.0)}
                out["_font_px"] = self.length(fs, base, "d", props.get("_font_px", 16.0)) if not fs.endswith("%") else props.get("_font_px", 16.0) * float(fs[:-1]) / 100
            except ValueError:
                if fs not in ("medium", "small", "large", "smaller", "larger", "x-small", "x-large"):
                    raise
        ctx["font_px"] = out.get("_font_px", 16.0)
        return out

    def spend(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            from printkit.custom import safety

            raise safety.LimitError(f"{self.name}: over {safety.LIMITS['SVG_ELEMENTS']:,} elements to draw once its clones (<use>) are counted, printkit's limit: simplify the drawing")

    def charge(self, n: int) -> None:
        """Numbers (path data, dashes) and characters of text drawn, counted as
        each clone or clip path draws them again: a path of 400,000 numbers
        cloned 200 times is 80 million numbers, refused at the limit."""
        self.work -= n
        if self.work < 0:
            from printkit.custom import safety

            raise safety.LimitError(f"{self.name}: over {safety.LIMITS['PATH_NUMBERS']:,} path numbers and text characters to draw once its clones (<use>) and clip paths are counted, printkit's limit: simplify the drawing")

    def shaping(self, text: str) -> None:
        """Text that needs shaping (right-to-left, joined, marked scripts) is
        shaped by HarfBuzz, at many times the cost of plain text: what one
        drawing shapes, each clone counted, stays within TEXT_CHARS characters
        (the most a template value may hold), refused in one line past it
        (HarfBuzz itself gives up on some half a million characters of Arabic)."""
        from printkit.engine.shaping import needs_shaping

        if max(text) >= "\u0300" and any(needs_shaping(ch) for ch in text):
            self.shaped -= len(text)
            if self.shaped < 0:
                from printkit.custom import safety

                raise safety.LimitError(f"{self.name}: over {safety.LIMITS['TEXT_CHARS']:,} characters of text to shape (right-to-left, joined or marked scripts) once its clones (<use>) are counted, printkit's limit: shorten the text")

    def children(self, el, props: dict, ctx: dict, depth: int) -> list:
        out = []
        for child in el:
            item = self.element(child, props, ctx, depth)
            if item is not None:
                out.append(item)
        return out

    def element(self, el, props: dict, ctx: dict, depth: int):
        tag = _local(el.tag)
        if not tag or tag in ("defs", "style", "metadata", "title", "desc", "namedview", "script", "clipPath", "mask", "pattern", "marker",
                              "linearGradient", "radialGradient", "filter", "symbol", "font", "font-face"):
            return None
        self.spend()
        style = self.style(el)
        if str(style.get("display", "")).strip() == "none":
            return None
        ctx = dict(ctx)
        p = self.inherit(props, style, ctx)
        m = parse_transform(style.get("transform")) if tag != "svg" or depth > 0 else IDENTITY
        alpha = _opacity(style.get("opacity"))
        if tag in ("g", "a"):
            return self.wrap(m, alpha, self.clip(el, style, ctx, depth), self.children(el, p, ctx, depth + 1))
        if tag == "switch":
            for child in el:
                if isinstance(child.tag, str) and not child.get("requiredExtensions") and not child.get("systemLanguage"):
                    item = self.element(child, p, ctx, depth + 1)
                    return None if item is None else self.wrap(m, alpha, self.clip(el, style, ctx, depth), [item])
            return None
        if tag == "svg":
            return self.nested_svg(el, style, p, ctx, depth, alpha)
        if tag == "use":
            return self.use(el, style, p, ctx, depth, m, alpha)
        if tag == "image":
            item = self.image(el, style, ctx)
            return None if item is None else self.wrap(m, alpha, self.clip(el, style, ctx, depth), [item])
        if tag == "text":
            if p.get("visibility", "visible") in ("hidden", "collapse"):
                return None
            item = self.text(el, p, ctx)
            return None if item is None else self.wrap(m, alpha, self.clip(el, style, ctx, depth), [item])
        if tag in SHAPES:
            if p.get("visibility", "visible") in ("hidden", "collapse"):
                return None
            segs = self.geometry(el, tag, style, ctx)
            if not segs:
                return None
            item = self.paint(segs, p, ctx, tag)
            return None if item is None else self.wrap(m, alpha, self.clip(el, style, ctx, depth), [item])
        return None

    def wrap(self, m, alpha: float, clip, items: list):
        if not items:
            return None
        if 0 < alpha < 1.0:
            self.fades_left -= 1  # each is a PDF transparency group (a form), every time the drawing is drawn
            if self.fades_left < 0:
                from printkit.custom import safety

                raise safety.LimitError(f"{self.name}: over {MAX_FADED:,} see-through groups (opacity below 1, clones counted), each a PDF transparency group, printkit's limit: set the opacity on fewer groups")
        if m == IDENTITY and alpha >= 1.0 and clip is None and len(items) == 1:
            return items[0]
        return ("g", (m if m != IDENTITY else None, alpha, clip), items)

    def nested_svg(self, el, style, props, ctx, depth: int, alpha: float):
        if depth > MAX_NEST:
            return None
        vb = self.numbers(el.get("viewBox"))
        vw, vh = ctx["viewport"]
        x, y = self.length(el.get("x"), ctx, "x"), self.length(el.get("y"), ctx, "y")
        w = self.length(el.get("width"), ctx, "x", vw) if el.get("width") not in (None, "", "auto") else vw
        h = self.length(el.get("height"), ctx, "y", vh) if el.get("height") not in (None, "", "auto") else vh
        if w <= 0 or h <= 0:
            return None
        vb = vb if len(vb) == 4 and vb[2] > 0 and vb[3] > 0 else None
        m = mul((1.0, 0.0, 0.0, 1.0, x, y), self.view_matrix(vb, w, h, el.get("preserveAspectRatio")))
        inner = dict(ctx, viewport=(vb[2], vb[3]) if vb else (w, h))
        return self.wrap(m, alpha, self.clip(el, style, ctx, depth), self.children(el, props, inner, depth + 1))

    def use(self, el, style, props, ctx, depth: int, m, alpha: float):
        href = (el.get(XLINK) or el.get("href") or "").strip()
        target = self.index.get(href[1:]) if href.startswith("#") else None
        if target is None or depth > MAX_NEST or any(t is target for t in self.stack) or any(a is target for a in el.iterancestors()) or target is el:
            return None  # missing, nested past reason, or a clone of itself: not drawn (as browsers do)
        x, y = self.length(el.get("x"), ctx, "x"), self.length(el.get("y"), ctx, "y")
        m = mul(m, (1.0, 0.0, 0.0, 1.0, x, y))
        self.stack.append(target)
        try:
            if _local(target.tag) in ("symbol", "svg"):
                vb = self.numbers(target.get("viewBox"))
                vw, vh = ctx["viewport"]
                w = self.length(el.get("width") or target.get("width"), ctx, "x", vw) if (el.get("width") or target.get("width")) not in (None, "", "auto") else vw
                h = self.length(el.get("height") or target.get("height"), ctx, "y", vh) if (el.get("height") or target.get("height")) not in (None, "", "auto") else vh
                vb = vb if len(vb) == 4 and vb[2] > 0 and vb[3] > 0 else None
                tstyle = self.style(target)
                inner = dict(ctx, viewport=(vb[2], vb[3]) if vb else (w, h))
                p = self.inherit(props, tstyle, inner)
                view = mul((1.0, 0.0, 0.0, 1.0, self.length(target.get("x"), ctx, "x"), self.length(target.get("y"), ctx, "y")) if _local(target.tag) == "svg" else IDENTITY,
                           self.view_matrix(vb, w, h, target.get("preserveAspectRatio")))
                items = [self.wrap(view, _opacity(tstyle.get("opacity")), None, self.children(target, p, inner, depth + 1))]
                items = [i for i in items if i is not None]
            else:
                item = self.element(target, props, ctx, depth + 1)
                items = [item] if item is not None else []
        finally:
            self.stack.pop()
        return self.wrap(m, alpha, self.clip(el, style, ctx, depth), items)

    # -- clip paths
    def clip(self, el, style: dict, ctx: dict, depth: int):
        """The clip an element's clip-path names: (segments in the element's user
        space, rule), or "empty" (nothing shows), or None."""
        raw = style.get("clip-path")
        m = URL.search(str(raw or ""))
        if not m:
            return None
        target = self.index.get(m.group(1))
        if target is None or _local(target.tag) != "clipPath":
            return None
        if any(t is target for t in self.stack) or depth > MAX_NEST:
            return "empty"
        tstyle = self.style(target)
        own = URL.search(str(tstyle.get("clip-path") or ""))
        if own and (self.index.get(own.group(1)) is target or any(t is self.index.get(own.group(1)) for t in self.stack)):
            return "empty"  # a clip path clipped by itself: an error in SVG, nothing shows
        self.stack.append(target)
        try:
            segs: list = []
            rule = None
            base = parse_transform(tstyle.get("transform"))
            bbox_units = (target.get("clipPathUnits") or "") == "objectBoundingBox"
            for child in target:
                tag = _local(child.tag)
                cs = self.style(child)
                if str(cs.get("display", "")).strip() == "none" or cs.get("visibility", "visible") in ("hidden", "collapse"):
                    continue
                cm = mul(base, parse_transform(cs.get("transform")))
                shape = child
                if tag == "use":
                    href = (child.get(XLINK) or child.get("href") or "").strip()
                    shape = self.index.get(href[1:]) if href.startswith("#") else None
                    if shape is None or _local(shape.tag) not in SHAPES + ("text",):
                        continue
                    cm = mul(cm, (1.0, 0.0, 0.0, 1.0, self.length(child.get("x"), ctx, "x"), self.length(child.get("y"), ctx, "y")))
                    cm = mul(cm, parse_transform(self.style(shape).get("transform")))
                    cs = {**self.style(shape), **{k: v for k, v in cs.items() if k not in ("transform", "x", "y", "href")}}
                    tag = _local(shape.tag)
                if tag not in SHAPES:
                    continue  # clipping by text: not drawn by the clip (rare in editors' files)
                self.spend()
                rule = rule or cs.get("clip-rule") or tstyle.get("clip-rule")
                segs += transform_segments(self.geometry(shape, tag, cs, ctx), cm)
            if not segs:
                return "empty"
            return (segs, "evenodd" if rule == "evenodd" else "nonzero", bbox_units)
        finally:
            self.stack.pop()

    # -- shapes
    def geometry(self, el, tag: str, style: dict, ctx: dict) -> list:
        segs = self._geometry(el, tag, style, ctx)
        self.charge(sum(len(s) - 1 for s in segs))
        return segs

    def _geometry(self, el, tag: str, style: dict, ctx: dict) -> list:
        L = lambda k, axis="d": self.length(style.get(k) if k in style else el.get(k), ctx, axis)  # noqa: E731
        if tag == "path":
            return path_segments(style.get("d") if "d" in style else el.get("d"))
        if tag == "rect":
            x, y, w, h = L("x", "x"), L("y", "y"), L("width", "x"), L("height", "y")
            if w <= 0 or h <= 0:
                return []
            rx_raw, ry_raw = el.get("rx", style.get("rx")), el.get("ry", style.get("ry"))
            rx = self.length(rx_raw, ctx, "x", -1.0) if rx_raw not in (None, "auto") else -1.0
            ry = self.length(ry_raw, ctx, "y", -1.0) if ry_raw not in (None, "auto") else -1.0
            rx, ry = (ry if rx < 0 else rx), (rx if ry < 0 else ry)
            rx, ry = max(0.0, min(rx, w / 2)), max(0.0, min(ry, h / 2))
            if rx <= 0 or ry <= 0:
                return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
            kx, ky = rx * K, ry * K
            return [("M", x + rx, y), ("L", x + w - rx, y), ("C", x + w - rx + kx, y, x + w, y + ry - ky, x + w, y + ry),
                    ("L", x + w, y + h - ry), ("C", x + w, y + h - ry + ky, x + w - rx + kx, y + h, x + w - rx, y + h),
                    ("L", x + rx, y + h), ("C", x + rx - kx, y + h, x, y + h - ry + ky, x, y + h - ry),
                    ("L", x, y + ry), ("C", x, y + ry - ky, x + rx - kx, y, x + rx, y), ("Z",)]
        if tag in ("circle", "ellipse"):
            cx, cy = L("cx", "x"), L("cy", "y")
            if tag == "circle":
                rx = ry = L("r")
            else:
                rx, ry = L("rx", "x"), L("ry", "y")
            if rx <= 0 or ry <= 0:
                return []
            kx, ky = rx * K, ry * K
            return [("M", cx + rx, cy), ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry), ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
                    ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry), ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]
        if tag == "line":
            return [("M", L("x1", "x"), L("y1", "y")), ("L", L("x2", "x"), L("y2", "y"))]
        pts = self.numbers(el.get("points"))
        if len(pts) < 4:
            return []
        segs = [("M", pts[0], pts[1])] + [("L", pts[i], pts[i + 1]) for i in range(2, len(pts) - 1, 2)]
        return segs + [("Z",)] if tag == "polygon" else segs

    def paint(self, segs: list, p: dict, ctx: dict, tag: str):
        fill = self.color(p.get("fill", "black"), p) if tag != "line" else None
        if fill is False:
            fill = (0.0, 0.0, 0.0)
        if tag == "polyline" and fill is not None:
            pass  # an open polyline is filled as if closed, as SVG says
        stroke = self.color(p.get("stroke", "none"), p)
        if stroke is False:
            stroke = None
        grad = None
        if isinstance(fill, tuple) and fill and fill[0] == "url":
            grad, fill = self.gradient(fill[1], p), None
        if isinstance(stroke, tuple) and stroke and stroke[0] == "url":
            stroke = None  # a gradient or pattern stroke: svg.py hands that element to resvg
        width = self.length(p.get("stroke-width"), ctx, "d", 1.0) if stroke is not None else 0.0
        if stroke is not None and width <= 0:
            stroke = None
        if fill is None and grad is None and stroke is None:
            return None
        dash = None
        if stroke is not None and p.get("stroke-dasharray", "none") not in ("none", ""):
            parts = [v for v in re.split(r"[\s,]+", p["stroke-dasharray"].strip()) if v]
            self.charge(len(parts))
            try:
                dash = [self.length(v, ctx, "d") for v in parts]
            except ValueError:
                dash = None
            if dash and (any(d < 0 for d in dash) or sum(dash) <= 0):
                dash = None
            elif dash and len(dash) % 2:
                dash = dash * 2
        return ("s", segs, {
            "fill": fill, "grad": grad, "fill_alpha": _opacity(p.get("fill-opacity")), "rule": p.get("fill-rule", "nonzero"),
            "stroke": stroke, "stroke_alpha": _opacity(p.get("stroke-opacity")), "width": width,
            "cap": CAPS.get(p.get("stroke-linecap", "butt"), 0), "join": JOINS.get(p.get("stroke-linejoin", "miter"), 0),
            "miter": min(max(1.0, _float(p.get("stroke-miterlimit"), 4.0)), MAX_MITER), "dash": dash,
            "dash_offset": self.dash_offset(p.get("stroke-dashoffset"), ctx) if dash else 0.0})

    def dash_offset(self, raw, ctx: dict) -> float:
        """stroke-dashoffset, a length (in range, as every length) or 0."""
        try:
            return self.length(raw, ctx, "d")
        except ValueError:
            return 0.0

    def gradient(self, target, p: dict):
        from printkit.custom.svgdraw import gradient_spec

        if _local(target.tag) not in ("linearGradient", "radialGradient"):
            return None
        spec = gradient_spec(target, self.index, _Colour.of)
        if spec is None:
            return None
        stops = spec["stops"]
        if len(stops) > MAX_STOPS:  # thousands of stops print as a few hundred
            step = (len(stops) - 1) / (MAX_STOPS - 1)
            spec["stops"] = [stops[round(i * step)] for i in range(MAX_STOPS)]
        return spec

    # -- pictures
    def image(self, el, style: dict, ctx: dict):
        from printkit.custom import safety
        from printkit.custom.svgdraw import image_fit

        href = (el.get(XLINK) or el.get("href") or "").strip()
        if not href.lower().startswith("data:"):
            return None  # the gate turned every file it allows into a data: address
        x, y = self.length(el.get("x"), ctx, "x"), self.length(el.get("y"), ctx, "y")
        w = self.length(el.get("width"), ctx, "x", -1.0) if el.get("width") not in (None, "auto") else -1.0
        h = self.length(el.get("height"), ctx, "y", -1.0) if el.get("height") not in (None, "auto") else -1.0
        if href[5:].lower().startswith("image/svg+xml"):
            return self.svg_picture(href, x, y, w, h, el)
        if href not in self.pictures:  # a picture cloned 2,000 times is decoded once
            self.pictures[href] = safety.data_uri_image(href, self.name)
        pic = self.pictures[href]
        if pic is None:
            return None
        pw, ph = pic.size
        self.pixels -= pw * ph  # but drawn (and written) 2,000 times
        if self.pixels < 0:
            raise safety.LimitError(f"{self.name}: its pictures come to over {PICTURE_PIXELS * safety.LIMITS['IMAGE_PIXELS']:,} pixels to draw once its clones (<use>) are counted, printkit's limit: show fewer copies of a large picture")
        w, h = (pw if w < 0 else w), (ph if h < 0 else h)
        if w <= 0 or h <= 0 or pw <= 0 or ph <= 0:
            return None
        fit, ax, ay = image_fit(el.get("preserveAspectRatio"))
        if fit == "contain":
            s = min(w / pw, h / ph)
            x, y, w, h = x + (w - pw * s) * ax, y + (h - ph * s) * ay, pw * s, ph * s
        elif fit == "cover":
            s = max(w / pw, h / ph)
            cw, ch = w / s, h / s
            left, top = (pw - cw) * ax, (ph - ch) * ay
            pic = pic.crop((round(left), round(top), round(left + cw), round(top + ch)))
        return ("i", pic, x, y, w, h)

    def svg_picture(self, href: str, x: float, y: float, w: float, h: float, el):
        """An SVG picture the gate copied in as a data: address: drawn as vectors
        in its box, as an <svg> there would be."""
        from printkit.custom import safety

        from printkit.custom.svgdraw import image_fit

        raw = safety._data_uri_bytes(href, self.name)
        if not raw or len(self.stack) > MAX_NEST:
            return None
        inner = safety.parse_svg(raw, self.name)
        art = Compiler(inner, self.name, self.fonts, self.book)
        art.budget, art.work, art.fades_left, art.pixels, art.shaped = self.budget, self.work, self.fades_left, self.pixels, self.shaped
        art.stack = self.stack
        compiled = art.compile()
        self.budget, self.work, self.fades_left, self.pixels, self.shaped = art.budget, art.work, art.fades_left, art.pixels, art.shaped
        pw, ph = compiled.width / PX_PT, compiled.height / PX_PT
        w, h = (pw if w < 0 else w), (ph if h < 0 else h)
        if w <= 0 or h <= 0 or pw <= 0 or ph <= 0:
            return None
        fit, ax, ay = image_fit(el.get("preserveAspectRatio"))
        sx, sy = w / pw, h / ph
        if fit != "stretch":
            sx = sy = (min if fit == "contain" else max)(sx, sy)
        m = (sx / PX_PT, 0.0, 0.0, -sy / PX_PT, x + (w - pw * sx) * ax, y + (h - ph * sy) * ay + ph * sy)
        return ("g", (m, 1.0, None), [("g", compiled.root, compiled.items)])

    # -- text
    def text(self, el, props: dict, ctx: dict):
        """A <text> as runs (x, y, text, faces, size, fill, alpha, rtl, stroke), each run
        at the place its element gives and advanced by its own width; text-anchor
        moves each chunk (from one absolute position to the next) as a whole.
        A run is set by the text setter (engine/text: `run_width` here,
        `draw_line` when drawn): shaped by HarfBuzz where its script needs it,
        in the right-to-left order, with the fonts it falls back to (`book`).
        A chunk runs right to left when its direction says so or, without
        one, its first strong letter does: its runs (spans of their own style)
        are then laid from the right, as the setter lays a line's pieces.
        `stroke` is None or (colour, opacity, width, cap, join, miter limit): the
        glyphs' outlines stroked over their fill, as SVG paints text (a gradient
        stroke is not drawn)."""
        from printkit.engine.shaping import first_strong
        from printkit.engine.text import Faces, run_width

        direction = str(props.get("direction", "")).strip().lower()
        preserve = el.get(XML_SPACE) == "preserve"
        runs: list = []
        chunks: list = [[]]
        said: list = [None]  # each chunk's direction: its first strong letter's ("rtl", "ltr"; None before one)
        pos = [0.0, 0.0]
        first = [True]

        def coords(node, key, axis):
            raw = node.get(key)
            if raw is None or not str(raw).strip():
                return None
            return [self.length(v, ctx, axis) for v in re.split(r"[\s,]+", str(raw).strip()) if v]

        def emit(text, p):
            if not text:
                return
            self.charge(len(text))
            self.shaping(text)
            fill = self.color(p.get("fill", "black"), p)
            if fill is False:
                fill = (0.0, 0.0, 0.0)
            if not isinstance(fill, tuple) or (fill and fill[0] == "url"):
                fill = None if fill is None else (0.0, 0.0, 0.0)
            stroke = self.color(p.get("stroke", "none"), p)
            if not isinstance(stroke, tuple) or (stroke and stroke[0] == "url"):
                stroke = None
            if stroke is not None:
                sw = self.length(p.get("stroke-width"), ctx, "d", 1.0)
                stroke = (stroke, _opacity(p.get("stroke-opacity")), sw, CAPS.get(p.get("stroke-linecap", "butt"), 0), JOINS.get(p.get("stroke-linejoin", "miter"), 0),
                          min(max(1.0, _float(p.get("stroke-miterlimit"), 4.0)), MAX_MITER)) if sw > 0 else None
            family, bold, italic = p.get("font-family", "Noto Sans"), _bold(p), _italic(p)
            faces = Faces(self.book, family, bold, italic) if self.book is not None else Faces(None, self.fonts(family, bold, italic))
            size = p.get("_font_px", 16.0)
            if said[-1] is None:
                said[-1] = first_strong(text)
            rtl = direction == "rtl" if direction in ("rtl", "ltr") else said[-1] == "rtl"
            width = run_width(text, faces, size, rtl)
            if p.get("visibility", "visible") not in ("hidden", "collapse") and (fill is not None or stroke is not None) and size > 0:
                run = [pos[0], pos[1] - p.get("_shift", 0.0), text, faces, size, fill, _opacity(p.get("fill-opacity")), width, rtl, stroke]
                chunks[-1].append((run, p.get("text-anchor", "start")))
                runs.append(run)
            pos[0] += width

        def walk(node, p, level):
            if level > 0:
                own = self.style(node)
                p = self.inherit(p, own, dict(ctx))
                if str(own.get("display", "")).strip() == "none":
                    return
                shift = str(own.get("baseline-shift", "")).strip()
                if shift and shift != "baseline":  # sub, super or a length, up from the baseline, for this span's letters
                    fs = p.get("_font_px", 16.0)
                    p["_shift"] = p.get("_shift", 0.0) + ({"sub": -fs / 2, "super": fs / 2}.get(shift) if shift in ("sub", "super") else
                                                          self.length(shift, {**ctx, "font_px": fs}, "y") if not shift.endswith("%") else fs * _float(shift[:-1], 0.0) / 100)
            xs, ys = coords(node, "x", "x"), coords(node, "y", "y")
            dxs, dys = coords(node, "dx", "x"), coords(node, "dy", "y")
            if xs or ys:
                chunks.append([])
                said.append(None)
            if xs:
                pos[0] = xs[0]
            if ys:
                pos[1] = ys[0]
            if dxs:
                pos[0] += dxs[0]
            if dys:
                pos[1] += dys[0]
            text = _clean(node.text, preserve, level == 0 and first[0], level == 0 and len(node) == 0)
            if text:
                first[0] = False
                if any(v is not None and len(v) > 1 for v in (xs, ys, dxs, dys)):  # a position for each character (Illustrator writes them)
                    for i, ch in enumerate(text):
                        if i:
                            if xs and i < len(xs) or ys and i < len(ys):
                                chunks.append([])
                                said.append(None)
                            if xs and i < len(xs):
                                pos[0] = xs[i]
                            if ys and i < len(ys):
                                pos[1] = ys[i]
                            if dxs and i < len(dxs):
                                pos[0] += dxs[i]
                            if dys and i < len(dys):
                                pos[1] += dys[i]
                        emit(ch, p)
                else:
                    emit(text, p)
            for child in node:
                if _local(child.tag) == "tspan":
                    walk(child, p, level + 1)
                elif _local(child.tag) in ("a", "textPath"):
                    walk(child, p, level + 1)
                tail = _clean(child.tail, preserve, False, child.getnext() is None and level == 0)
                if tail:
                    emit(tail, p)

        walk(el, props, 0)
        for chunk, way in zip(chunks, said):
            if not chunk:
                continue
            start, end = chunk[0][0][0], chunk[-1][0][0] + chunk[-1][0][7]
            if len(chunk) > 1 and (direction == "rtl" or (direction != "ltr" and way == "rtl")):  # right to left: the first run at the right end
                for run, _a in chunk:
                    run[0] = start + end - (run[0] + run[7])
                    run[8] = True
            anchor = chunk[0][1]
            if direction == "rtl":
                anchor = {"start": "end", "end": "start"}.get(anchor, anchor)
            if anchor in ("middle", "end"):
                total = end - start
                shift = total / 2 if anchor == "middle" else total
                for run, _a in chunk:
                    run[0] -= shift
        return ("t", [(*r[:7], r[8], r[9]) for r in runs]) if runs else None


def _clean(text, preserve: bool, strip_start: bool, strip_end: bool):
    if not text:
        return None
    text = text.replace("\r\n", " ").replace("\n", " ").replace("\t", " ")
    if not preserve:
        if strip_start:
            text = text.lstrip()
        if strip_end:
            text = text.rstrip()
        text = re.sub(r"  +", " ", text)
    return text


def _bold(p: dict) -> bool:
    return is_bold(p.get("font-weight", "normal"))


def _italic(p: dict) -> bool:
    return str(p.get("font-style", "normal")).strip().lower() in ("italic", "oblique")


def _opacity(v) -> float:
    if v is None:
        return 1.0
    t = str(v).strip()
    try:
        f = float(t[:-1]) / 100 if t.endswith("%") else float(t)
    except ValueError:
        return 1.0
    return max(0.0, min(1.0, f)) if math.isfinite(f) else 1.0


def _float(v, default: float) -> float:
    try:
        f = float(str(v).strip())
    except (TypeError, ValueError):
        return default
    return f if math.isfinite(f) else default


class _Colour:
    """What gradient_spec reads of a colour (red, green, blue), or None."""

    __slots__ = ("red", "green", "blue")

    def __init__(self, rgb) -> None:
        self.red, self.green, self.blue = rgb

    @staticmethod
    def of(raw):
        try:
            rgb = parse_color(str(raw).strip(), css=True)
        except ValueError:
            rgb = (0.0, 0.0, 0.0)
        return None if rgb is None else _Colour(rgb)


def default_font(family: str, bold: bool, italic: bool) -> str:
    """A face for text in an SVG picture with no project to ask: the family when
    a face is registered under that name, else printkit's sans."""
    from reportlab.pdfbase import pdfmetrics

    from printkit.engine import fonts

    fam = str(family or "").split(",")[0].strip().strip("'\"")
    if fam in pdfmetrics.getRegisteredFontNames():
        return fam
    return {(False, False): fonts.SANS, (True, False): fonts.SANS_BOLD, (False, True): fonts.SANS_ITALIC, (True, True): fonts.SANS_BOLD_ITALIC}[(bold, italic)]


# -- path data ---------------------------------------------------------------------------

class _Pen:
    """A fontTools pen collecting path segments (quadratic curves made cubic)."""

    def __init__(self) -> None:
        self.segs: list = []
        self.at = (0.0, 0.0)

    def moveTo(self, p):
        self.segs.append(("M", p[0], p[1]))
        self.at = p

    def lineTo(self, p):
        self.segs.append(("L", p[0], p[1]))
        self.at = p

    def curveTo(self, *pts):
        if len(pts) == 3:
            (a, b), (c, d), (e, f) = pts
            self.segs.append(("C", a, b, c, d, e, f))
            self.at = pts[-1]
        else:
            from fontTools.pens.basePen import decomposeSuperBezierSegment

            for p1, p2, p3 in decomposeSuperBezierSegment(pts):
                self.curveTo(p1, p2, p3)

    def qCurveTo(self, *pts):
        from fontTools.pens.basePen import decomposeQuadraticSegment

        for (qx, qy), end in decomposeQuadraticSegment(pts) if len(pts) > 2 else [pts]:
            x0, y0 = self.at
            self.curveTo((x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0)), (end[0] + 2 / 3 * (qx - end[0]), end[1] + 2 / 3 * (qy - end[1])), end)

    def closePath(self):
        self.segs.append(("Z",))

    def endPath(self):
        pass


def path_segments(d) -> list:
    """A path's data as segments, read by fontTools' SVG path parser. Data it
    cannot read past some point draws up to there, as browsers do."""
    if not d or not str(d).strip():
        return []
    from fontTools.svgLib.path import parse_path

    pen = _Pen()
    try:
        parse_path(str(d), pen)
    except (ValueError, IndexError, ZeroDivisionError, OverflowError):
        pass
    segs = pen.segs
    values = [v for s in segs for v in s[1:]]
    if values and not (math.isfinite(sum(values)) and max(map(abs, values)) < 1e7):  # nan, inf or past any card: those segments left out
        segs = [s for s in segs if all(math.isfinite(v) and abs(v) < 1e7 for v in s[1:])]
    return segs if len(segs) > 1 else []


def transform_segments(segs: list, m) -> list:
    if m == IDENTITY:
        return list(segs)
    out = []
    for s in segs:
        if s[0] == "Z":
            out.append(s)
            continue
        pts = []
        for i in range(1, len(s), 2):
            pts += apply(m, s[i], s[i + 1])
        out.append((s[0], *pts))
    return out


def bounds(segs: list):
    xs = [s[i] for s in segs for i in range(1, len(s), 2)]
    ys = [s[i] for s in segs for i in range(2, len(s), 2)]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


# -- painting ----------------------------------------------------------------------------

class Painter:
    def __init__(self, c, ink, size) -> None:
        self.c, self.ink, self.size = c, ink, size
        self.mono = ink is not None and ink.mode == "mono"
        self.inked = ink is not None and ink.mode != "color"

    def rgb(self, rgb, large: bool):
        from reportlab.lib.colors import Color

        if self.inked:
            rgb = self.ink.rgb(rgb, large)
        return Color(*rgb)

    def path(self, segs):
        p = self.c.beginPath()
        for s in segs:
            op = s[0]
            if op == "M":
                p.moveTo(s[1], s[2])
            elif op == "L":
                p.lineTo(s[1], s[2])
            elif op == "C":
                p.curveTo(*s[1:])
            else:
                p.close()
        return p

    def group(self, head, items, m=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) -> None:
        matrix, alpha, clip = head
        c = self.c
        if clip == "empty" or alpha <= 0:
            return
        if matrix is not None:
            m = mul(m, matrix)
            if not all(math.isfinite(v) and abs(v) < 1e15 for v in m):
                return  # transforms nested past any page (scale(900000) sixty deep): nothing there to see, nothing PDF can say
        c.saveState()
        if matrix is not None:
            c.transform(*matrix)
        if clip is not None:
            segs, rule, bbox_units = clip
            if bbox_units:
                box = self.extent(items)
                if box is None:
                    c.restoreState()
                    return
                x0, y0, x1, y1 = box
                segs = transform_segments(segs, (x1 - x0, 0.0, 0.0, y1 - y0, x0, y0))
            c.clipPath(self.path(segs), stroke=0, fill=0, fillMode=0 if rule == "evenodd" else 1)
        if alpha < 1.0:
            self.faded(items, alpha, m)
        else:
            self.items(items, m)
        c.restoreState()

    def faded(self, items, alpha: float, m) -> None:
        """Items drawn as one transparency group, then at `alpha` (overlaps do
        not show through one another, as in the editor)."""
        from printkit.custom.svgdraw import _inverse

        c = self.c
        inv = _inverse(m)
        if inv is None:
            return
        W, H = self.size
        pts = [apply(inv, x, y) for x, y in ((0, 0), (W, 0), (0, H), (W, H))]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        n = getattr(c, "_pk_faded", 0) + 1
        c._pk_faded = n
        name = f"PKFade{n}"
        c.beginForm(name, min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)
        self.items(items, m)
        c.endForm(pk_group=True)
        c.saveState()
        c.setFillAlpha(alpha)
        c.setStrokeAlpha(alpha)
        c.doForm(name)
        c.restoreState()

    def items(self, items, m) -> None:
        for item in items:
            kind = item[0]
            if kind == "s":
                self.shape(item[1], item[2])
            elif kind == "g":
                self.group(item[1], item[2], m)
            elif kind == "t":
                self.text(item[1])
            elif kind == "i":
                self.image(*item[1:])

    def extent(self, items):
        """The box of what items draw, in the current user space (objectBoundingBox)."""
        boxes = []
        for item in items:
            if item[0] == "s":
                boxes.append(bounds(item[1]))
            elif item[0] == "i":
                _k, _p, x, y, w, h = item
                boxes.append((x, y, x + w, y + h))
            elif item[0] == "g" and item[1][0] is not None:
                inner = self.extent(item[2])
                if inner is not None:
                    boxes.append(bounds(transform_segments([("M", inner[0], inner[1]), ("L", inner[2], inner[1]), ("L", inner[0], inner[3]), ("L", inner[2], inner[3])], item[1][0])))
            elif item[0] == "g":
                boxes.append(self.extent(item[2]))
        boxes = [b for b in boxes if b is not None]
        if not boxes:
            return None
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    def shape(self, segs, st) -> None:
        c = self.c
        rule = 0 if st["rule"] == "evenodd" else 1
        if st["grad"] is not None:
            self.gradient(segs, st["grad"], rule)
        fill = st["fill"] is not None and st["fill_alpha"] > 0
        stroke = st["stroke"] is not None and st["stroke_alpha"] > 0
        if not (fill or stroke):
            return
        c.saveState()
        if fill:
            c.setFillColor(self.rgb(st["fill"], True))
            if st["fill_alpha"] < 1:
                c.setFillAlpha(st["fill_alpha"])
        if stroke:
            c.setStrokeColor(self.rgb(st["stroke"], False))
            if st["stroke_alpha"] < 1:
                c.setStrokeAlpha(st["stroke_alpha"])
            c.setLineWidth(st["width"])
            c.setLineCap(st["cap"])
            c.setLineJoin(st["join"])
            c.setMiterLimit(st["miter"])
            if st["dash"]:
                c.setDash(st["dash"], st["dash_offset"])
        c.drawPath(self.path(segs), stroke=1 if stroke else 0, fill=1 if fill else 0, fillMode=rule)
        c.restoreState()

    def gradient(self, segs, spec, rule: int) -> None:
        from printkit.custom.svgdraw import paint_gradient

        box = bounds(segs)
        if box is None:
            return
        if self.inked:
            spec = {**spec, "stops": [(o, self.ink.rgb(col, True), a) for o, col, a in spec["stops"]]}
        c = self.c
        c.saveState()
        c.clipPath(self.path(segs), stroke=0, fill=0, fillMode=rule)
        paint_gradient(c, spec, None, box)
        c.restoreState()

    def text(self, runs) -> None:
        """Each run drawn by the text setter (engine/text.draw_line) into a text
        object of its own, in the drawing's y-down space (TextPen, flip)."""
        from printkit.engine.text import drawing_run, FILL, FILL_OUTLINE, OUTLINE

        c = self.c
        for x, y, text, faces, size, fill, alpha, rtl, stroke in runs:
            if fill is not None and alpha <= 0:
                fill = None
            if stroke is not None and stroke[1] <= 0:
                stroke = None
            if fill is None and stroke is None:
                continue
            c.saveState()
            if fill is not None:
                c.setFillColor(self.rgb(fill, False))
                if alpha < 1:
                    c.setFillAlpha(alpha)
            mode = FILL
            if stroke is not None:  # the glyphs' outlines stroked over their fill (alone, for fill: none)
                colour, salpha, width, cap, join, miter = stroke
                mode = FILL_OUTLINE if fill is not None else OUTLINE
                c.setStrokeColor(self.rgb(colour, False))
                if salpha < 1:
                    c.setStrokeAlpha(salpha)
                c.setLineWidth(width)
                c.setLineCap(cap)
                c.setLineJoin(join)
                c.setMiterLimit(miter)
            drawing_run(c, text, faces, size, x, y, rtl, mode)
            c.restoreState()

    def image(self, pic, x, y, w, h) -> None:
        from reportlab.lib.utils import ImageReader

        if self.mono:
            pic = pic.convert("LA" if "A" in pic.getbands() else "L")
        c = self.c
        c.saveState()
        c.transform(1, 0, 0, -1, 0, 0)
        c.drawImage(ImageReader(pic), x, -(y + h), w, h, mask="auto")
        c.restoreState()


def compile_svg(doc, name: str, fonts=None, book=None) -> Art:
    """An SVG document (resolved by the gate) compiled for drawing."""
    return Compiler(doc, name, fonts, book).compile()


def to_drawing(doc, name: str, fonts=None, book=None) -> "Art":
    """An SVG document (resolved by the gate) compiled by printkit's drawer
    (Art: width and height in pt, draw(canvas, ink)): templates' art, SVG
    pictures and icons alike. `fonts(family, bold, italic)` names the face a
    text is set in (else `book`'s, else printkit's sans); `book` (a FontBook:
    resolve and fallback) also gives the fonts a character its face lacks is
    set in. A <style> sheet is read first (svgdraw.inline_css)."""
    from printkit.custom.svgdraw import inline_css

    inline_css(doc, name)
    return compile_svg(doc, name, fonts, book)

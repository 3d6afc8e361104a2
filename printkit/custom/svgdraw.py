"""How SVG template art is drawn: svglib's conversion, completed where it
falls short of what editors write, and a picture where vectors cannot say it.

- CSS: a <style> sheet's rules (Illustrator's "Internal CSS", Figma, Affinity)
  are written onto the elements they match, so printkit's own text drawing and
  svglib both see them.
- Gradients: linear and radial, gradientUnits, gradientTransform, spreadMethod
  (pad, reflect, repeat), xlink:href chains, the focal point, one opacity for all
  stops: PDF shadings (vectors). svglib's own gradients drop the transform,
  the focal point and the spread method.
- opacity on a group or an element: a PDF transparency group drawn with that
  alpha (overlapping children do not show through each other, as in the editor);
  fill-opacity and stroke-opacity: the colour's alpha (svglib).
- What PDF vectors cannot carry here: filters (blur, drop shadow...), masks,
  pattern fills, gradient strokes and gradients whose stops fade: that element
  alone is rasterised by resvg at RASTER_DPI and placed as a picture, and the run
  summary names it (PDF/X, which forbids transparency, refuses it, named).
"""

from __future__ import annotations

import math
import re
from functools import cache

from printkit.custom.safety import PLACEHOLDER

RASTER_DPI = 300
XLINK = "{http://www.w3.org/1999/xlink}href"
URL = re.compile(r"url\(\s*['\"]?#([^)'\"]+)['\"]?\s*\)")


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def style_of(el) -> dict:
    out = {}
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            k, v = decl.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def prop(el, name: str):
    """An element's own value of a presentation property (style wins)."""
    s = style_of(el)
    if name in s:
        return s[name]
    return el.get(name)


# -- CSS ---------------------------------------------------------------------------------

def inline_css(root) -> None:
    """Write the rules of every <style> onto the elements they match (before
    their own style attribute, which wins), then drop the sheets."""
    sheets = [el for el in root.iter() if _local(el.tag) == "style"]
    if not sheets:
        return
    import cssselect2
    import tinycss2

    found: dict = {}  # element -> list of (specificity, order, declarations)
    order = 0
    wrapper = cssselect2.ElementWrapper.from_xml_root(root)
    for sheet in sheets:
        if PLACEHOLDER.search(sheet.text or ""):
            continue  # a sheet with placeholders is left to svglib
        matcher = cssselect2.Matcher()
        for rule in tinycss2.parse_stylesheet(sheet.text or "", skip_comments=True, skip_whitespace=True):
            if rule.type != "qualified-rule":
                continue
            decls = []
            for d in tinycss2.parse_declaration_list(rule.content, skip_comments=True, skip_whitespace=True):
                if d.type == "declaration":
                    decls.append((d.lower_name, tinycss2.serialize(d.value).strip()))
            try:
                selectors = cssselect2.compile_selector_list(rule.prelude)
            except cssselect2.SelectorError:
                continue
            for sel in selectors:
                order += 1
                matcher.add_selector(sel, (order, decls))
        for w in wrapper.iter_subtree():
            for spec, _order, _pseudo, (n, decls) in matcher.match(w):
                found.setdefault(w.etree_element, []).append((spec, n, decls))
        sheet.getparent().remove(sheet)
    for el, rules in found.items():
        merged: dict = {}
        for _spec, _n, decls in sorted(rules, key=lambda r: (r[0], r[1])):
            merged.update(decls)
        own = style_of(el)
        merged.update(own)
        el.set("style", ";".join(f"{k}:{v}" for k, v in merged.items()))
        if "class" in el.attrib:
            del el.attrib["class"]


# -- what an element needs ---------------------------------------------------------------

def _ref(root, value, index):
    m = URL.search(value or "")
    if not m:
        return None
    return index.get(m.group(1))


def id_index(root) -> dict:
    return {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id")}


def gradient_stops(grad, index) -> list:
    """The stops of a gradient, following its href chain."""
    seen = set()
    while grad is not None and id(grad) not in seen:
        seen.add(id(grad))
        stops = [s for s in grad if _local(s.tag) == "stop"]
        if stops:
            return stops
        href = grad.get(XLINK) or grad.get("href") or ""
        grad = index.get(href[1:]) if href.startswith("#") else None
    return []


def _opacity(v) -> float:
    try:
        return max(0.0, min(1.0, float(str(v).strip().rstrip("%")) / (100.0 if str(v).strip().endswith("%") else 1.0)))
    except (TypeError, ValueError):
        return 1.0


def stop_alphas(grad, index) -> list[float]:
    return [_opacity(prop(s, "stop-opacity") if prop(s, "stop-opacity") is not None else 1) for s in gradient_stops(grad, index)]


def raster_reasons(el, index, depth: int = 0) -> list[str]:
    """Why this element (or what it shows, <use> followed) cannot be drawn as
    PDF vectors here: filters, masks, patterns, gradient strokes, fading stops."""
    out = []
    if depth > 8:
        return out
    for x in el.iter():
        if not isinstance(x.tag, str) or _local(x.tag) in ("defs", "clipPath", "mask", "pattern", "linearGradient", "radialGradient", "filter", "symbol") and x is not el:
            continue
        f = prop(x, "filter")
        if f and URL.search(f):
            target = _ref(None, f, index)
            kinds = sorted({_local(p.tag) for p in target}) if target is not None else []
            what = "blur filter" if kinds == ["feGaussianBlur"] else ("drop shadow filter" if "feOffset" in kinds else ("glow filter" if kinds == ["feGaussianBlur", "feMerge"] else "filter"))
            out.append(f"{what} ({', '.join(kinds) or 'missing'})")
        if prop(x, "mask") and URL.search(prop(x, "mask")):
            out.append("mask")
        for key in ("fill", "stroke"):
            target = _ref(None, prop(x, key), index)
            if target is None:
                continue
            kind = _local(target.tag)
            if kind == "pattern":
                out.append(f"pattern {key}")
            elif kind in ("linearGradient", "radialGradient"):
                if key == "stroke":
                    out.append("gradient stroke")
                elif len(set(stop_alphas(target, index))) > 1:
                    out.append("gradient with fading stops")
            elif kind not in ("linearGradient", "radialGradient"):
                out.append(f"{key} of <{kind}>")
        if _local(x.tag) == "use":
            href = x.get(XLINK) or x.get("href") or ""
            target = index.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                out += raster_reasons(target, index, depth + 1)
    return list(dict.fromkeys(out))


def see_through(el, index) -> list[str]:
    """The see-through properties an element and what it holds use."""
    out = []
    for x in el.iter():
        if not isinstance(x.tag, str) or _local(x.tag) in ("defs", "clipPath", "mask", "pattern", "linearGradient", "radialGradient", "filter", "symbol") and x is not el:
            continue
        for key in ("opacity", "fill-opacity", "stroke-opacity"):
            v = prop(x, key)
            if v is not None and not PLACEHOLDER.search(str(v)) and _opacity(v) < 1:
                out.append(f"{key} {v}")
        target = _ref(None, prop(x, "fill"), index)
        if target is not None and _local(target.tag) in ("linearGradient", "radialGradient") and min(stop_alphas(target, index) or [1]) < 1:
            out.append("stop-opacity")
    return list(dict.fromkeys(out))


def describe(el) -> str:
    ident = el.get("id")
    return f"<{_local(el.tag)} id='{ident}'>" if ident else f"<{_local(el.tag)}>"


# -- rasterising one element -------------------------------------------------------------

def rasterise(doc, svg_text: str, size_mm: tuple[float, float], font_files: list[str], what: str, dpi: int = RASTER_DPI):
    """A document (holding only the element to draw, its references resolved by
    the gate) as an RGBA picture cropped to what it paints: (PIL image, left mm,
    top mm, width mm, height mm), or None if it paints nothing. Its cost is
    checked first (raster_cost); resvg runs in the bounded worker
    (base/child.py): a crash, a hang or a ceiling there is one line naming
    `what`, exit 2."""
    import io

    from PIL import Image

    from printkit.custom import safety
    from printkit.base import child

    w = max(1, round(size_mm[0] / 25.4 * dpi))
    h = max(1, round(size_mm[1] / 25.4 * dpi))
    safety.check_pixels((w, h), f"{what} (drawn as a {dpi} dpi picture)")
    raster_cost(doc, w, h, what)
    answer, png = child.call("printkit.custom.svgdraw:raster_task", {"width": w, "height": h, "fonts": list(font_files)}, svg_text.encode("utf-8"),
                             what=what, doing="drawing it as a picture (resvg)")
    if "failed" in answer:
        raise ValueError(answer["failed"])
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    if image.size != (w, h):
        image = image.resize((w, h))
    box = image.getchannel("A").getbbox()
    if box is None:
        return None
    return image.crop(box), box[0] / dpi * 25.4, box[1] / dpi * 25.4, (box[2] - box[0]) / dpi * 25.4, (box[3] - box[1]) / dpi * 25.4


_NOWHERE: list = []


def raster_task(args: dict, data: bytes):
    """The worker's side of rasterise: resvg draws the document at the size
    asked, with only the font files given, and no folder to look files up in."""
    import tempfile

    import resvg_py

    if not _NOWHERE:
        _NOWHERE.append(tempfile.mkdtemp(prefix="printkit-nothing-"))  # relative references resolve into an empty folder
    try:
        png = resvg_py.svg_to_bytes(svg_string=data.decode("utf-8"), width=int(args["width"]), height=int(args["height"]), dpi=96,
                                    skip_system_fonts=True, font_files=list(args.get("fonts") or []), font_dirs=[], resources_dir=_NOWHERE[0])
    except ValueError as exc:
        return {"failed": str(exc)[:200]}, b""
    return {}, bytes(png)


# -- what a picture may cost ------------------------------------------------------------

_REF_KEYS = ("filter", "mask", "clip-path", "fill", "stroke", "marker-start", "marker-mid", "marker-end")
MAX_REF_DEPTH = 24  # masks in masks, patterns in patterns...: resvg follows them by recursion
MAX_KERNEL = 25  # feConvolveMatrix: order x order cells per pixel (5x5, what editors offer)
MAX_OCTAVES = 10  # feTurbulence: past 10 octaves nothing more shows at print size


def _float(v, default: float = 0.0) -> float:
    try:
        f = float(str(v).strip().split()[0].rstrip("%")) if v is not None and str(v).strip() else default
    except (ValueError, IndexError):
        return default
    return f if math.isfinite(f) else default


def _primitive_weight(p, scale: float, where: str) -> float:
    """How many passes over the filter region one primitive costs (about)."""
    from printkit.custom.safety import LimitError

    kind = _local(p.tag)
    if kind == "feConvolveMatrix":
        parts = str(p.get("order") or "3").replace(",", " ").split()
        ox = _float(parts[0], 3) if parts else 3
        oy = _float(parts[1], ox) if len(parts) > 1 else ox
        if ox * oy > MAX_KERNEL:
            raise LimitError(f"{where}: feConvolveMatrix of order {ox:g}x{oy:g}, over printkit's limit of {MAX_KERNEL} cells (5x5)")
        return ox * oy
    if kind == "feTurbulence":
        octaves = _float(p.get("numOctaves"), 1)
        if octaves > MAX_OCTAVES:
            raise LimitError(f"{where}: feTurbulence with {octaves:g} octaves, over printkit's limit of {MAX_OCTAVES}")
        return 4 * max(1.0, octaves)
    if kind == "feMorphology":
        parts = str(p.get("radius") or "0").replace(",", " ").split()
        rx = abs(_float(parts[0] if parts else 0)) * scale
        ry = abs(_float(parts[1], rx / scale if scale else 0)) * scale if len(parts) > 1 else rx
        return (2 * rx + 1) * (2 * ry + 1)
    if kind == "feGaussianBlur":
        return 6.0
    return 1.0


def raster_cost(doc, w: int, h: int, where: str) -> None:
    """Refuse, before resvg draws, a document whose effects would cost more than
    printkit's limits: filters, masks and patterns used (SVG_EFFECTS), references
    nested in one another (masks in masks, MAX_REF_DEPTH), and the work of its
    filters: the picture's pixels times each primitive's passes (FILTER_WORK),
    with the known-expensive primitives bounded on their own (kernel order,
    octaves). LimitError naming the element."""
    from printkit.custom.safety import LIMITS, LimitError

    index = id_index(doc)
    pixels = w * h
    vb = [_float(v) for v in re.split(r"[\s,]+", (doc.get("viewBox") or "").strip()) if v]
    scale = w / vb[2] if len(vb) == 4 and vb[2] > 0 else 1.0
    effects, work = 0, 0.0

    def refs(el):
        out = []
        for x in el.iter():
            if not isinstance(x.tag, str):
                continue
            for key in _REF_KEYS:
                t = _ref(None, prop(x, key), index)
                if t is not None:
                    out.append(t)
            href = x.get(XLINK) or x.get("href") or ""
            if href.startswith("#") and href[1:] in index:
                out.append(index[href[1:]])
        return out

    def depth(el) -> None:
        """References followed from `el`, depth first, each element once (a
        cycle is not followed round: resvg refuses it)."""
        known: dict = {}
        stack = [(el, iter(refs(el)))]
        on = {id(el)}
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                on.discard(id(node))
                known[id(node)] = True
                continue
            if id(nxt) in on or id(nxt) in known:
                continue
            if len(stack) > MAX_REF_DEPTH:
                raise LimitError(f"{where}: masks, patterns or filters nested over {MAX_REF_DEPTH} deep, printkit's limit")
            on.add(id(nxt))
            stack.append((nxt, iter(refs(nxt))))

    for el in doc.iter():
        if not isinstance(el.tag, str):
            continue
        for key in ("filter", "mask"):
            target = _ref(None, prop(el, key), index)
            if target is None:
                continue
            effects += 1
            if effects > LIMITS["SVG_EFFECTS"]:
                raise LimitError(f"{where}: over {LIMITS['SVG_EFFECTS']:,} filters and masks in one picture, printkit's limit")
            if key == "filter" and _local(target.tag) == "filter":
                prims = [p for p in target if isinstance(p.tag, str)]
                for p in prims:
                    work += pixels * _primitive_weight(p, scale, f"{where} {describe(p)}")
                if work > LIMITS["FILTER_WORK"]:
                    raise LimitError(f"{where}: its filters would take about {work / 1e9:.1f} billion pixel steps at {RASTER_DPI} dpi, over printkit's limit of {LIMITS['FILTER_WORK'] / 1e9:g} billion: use fewer or simpler filters")
    if effects or any(_ref(None, prop(el, k), index) is not None for el in doc.iter() if isinstance(el.tag, str) for k in ("fill", "stroke")):
        depth(doc)


# -- gradients and opacity in svglib's conversion -----------------------------------------

def _num(v, default: float, bbox: bool) -> float:
    if v is None or str(v).strip() == "":
        return default
    s = str(v).strip()
    try:
        if s.endswith("%"):
            return float(s[:-1]) / 100.0 if bbox else float(s[:-1]) / 100.0
        return float(re.sub(r"[a-z]+$", "", s))
    except ValueError:
        return default


def gradient_spec(grad, index, convert_color) -> dict | None:
    """Every attribute of a gradient, inherited along its href chain."""
    chain = []
    seen = set()
    g = grad
    while g is not None and id(g) not in seen and _local(g.tag) in ("linearGradient", "radialGradient"):
        seen.add(id(g))
        chain.append(g)
        href = g.get(XLINK) or g.get("href") or ""
        g = index.get(href[1:]) if href.startswith("#") else None

    def attr(name):
        for g in chain:
            if g.get(name) is not None:
                return g.get(name)
        return None

    from printkit.custom.svgmatrix import parse_transform

    stops = []
    last = 0.0
    for s in gradient_stops(grad, index):
        off = s.get("offset", "0").strip()
        try:
            o = float(off[:-1]) / 100 if off.endswith("%") else float(off)
        except ValueError:
            o = 0.0
        o = max(last, min(1.0, max(0.0, o)))
        last = o
        col = convert_color(prop(s, "stop-color") or "black")
        stops.append((o, (col.red, col.green, col.blue) if col is not None else (0.0, 0.0, 0.0), _opacity(prop(s, "stop-opacity") if prop(s, "stop-opacity") is not None else 1)))
    if not stops:
        return None
    bbox = (attr("gradientUnits") or "objectBoundingBox") != "userSpaceOnUse"
    spec = {"type": _local(grad.tag), "bbox": bbox, "spread": attr("spreadMethod") or "pad", "transform": parse_transform(attr("gradientTransform")), "stops": stops}
    if spec["type"] == "linearGradient":
        spec.update(x1=_num(attr("x1"), 0.0, bbox), y1=_num(attr("y1"), 0.0, bbox), x2=_num(attr("x2"), 1.0 if bbox else 1.0, bbox), y2=_num(attr("y2"), 0.0, bbox))
        if not bbox and attr("x2") is None:
            spec["x2"] = 1.0  # 100% of the viewport: rare in editors' files
    else:
        cx, cy = _num(attr("cx"), 0.5, bbox), _num(attr("cy"), 0.5, bbox)
        spec.update(cx=cx, cy=cy, r=_num(attr("r"), 0.5, bbox), fx=_num(attr("fx"), cx, bbox), fy=_num(attr("fy"), cy, bbox))
    return spec


def _inverse(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _spread_stops(stops, k0: int, k1: int, reflect: bool):
    """Stops repeated over periods k0..k1 (reflected every other period), on 0..1."""
    out = []
    n = k1 - k0
    for k in range(k0, k1):
        period = stops if not (reflect and k % 2) else [(1 - o, c, a) for o, c, a in reversed(stops)]
        for o, c, a in period:
            out.append(((k - k0 + o) / n, c, a))
    return out


def paint_gradient(canvas, spec: dict, clip_path, bounds) -> None:
    """Fill the current clip (already set) with the gradient; `bounds` is the
    clipped shape's box in the current user space."""
    from reportlab.lib.colors import Color
    from reportlab.pdfbase.pdfdoc import PDFAxialShading, PDFRadialShading
    from reportlab.pdfgen.canvas import _buildColorFunction, _gradientExtendStr, _normalizeColors

    from printkit.custom.svgmatrix import apply, mul

    x0, y0, x1, y1 = bounds
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if spec["bbox"]:
        if x1 - x0 <= 1e-9 or y1 - y0 <= 1e-9:
            return
        m = (x1 - x0, 0.0, 0.0, y1 - y0, x0, y0)
    m = mul(m, spec["transform"])
    inv = _inverse(m)
    if inv is None:
        return
    corners = [apply(inv, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    stops = spec["stops"]
    alphas = {a for _o, _c, a in stops}
    spread = spec["spread"]
    if spec["type"] == "linearGradient":
        ax, ay, bx, by = spec["x1"], spec["y1"], spec["x2"], spec["y2"]
        dx, dy = bx - ax, by - ay
        L = dx * dx + dy * dy
        if L < 1e-18:
            stops = [stops[-1], stops[-1]]
            dx, dy, L = 1.0, 0.0, 1.0
            bx, by = ax + 1, ay
        if spread in ("reflect", "repeat"):
            ts = [((px - ax) * dx + (py - ay) * dy) / L for px, py in corners]
            k0, k1 = math.floor(min(ts)), math.ceil(max(ts))
            k0, k1 = max(k0, -200), min(max(k1, k0 + 1), k0 + 400)
            stops = _spread_stops(stops, k0, k1, spread == "reflect")
            ax, ay, bx, by = ax + k0 * dx, ay + k0 * dy, ax + k1 * dx, ay + k1 * dy
    else:
        cx, cy, r, fx, fy = spec["cx"], spec["cy"], spec["r"], spec["fx"], spec["fy"]
        if r <= 1e-12:
            stops = [stops[-1], stops[-1]]
            r = 1e-6
        if spread in ("reflect", "repeat"):
            far = max(math.hypot(px - cx, py - cy) for px, py in corners) / r
            k1 = min(max(1, math.ceil(far)), 400)
            stops = _spread_stops(stops, 0, k1, spread == "reflect")
            r *= k1
            fx, fy = cx, cy
        elif math.hypot(fx - cx, fy - cy) > r:  # a focal point outside the circle is moved onto it
            k = r / math.hypot(fx - cx, fy - cy) * 0.999
            fx, fy = cx + (fx - cx) * k, cy + (fy - cy) * k
    colours = [Color(*c) for _o, c, _a in stops]
    positions = [o for o, _c, _a in stops]
    if len(colours) == 1:
        colours, positions = colours * 2, [0.0, 1.0]
    if hasattr(canvas, "_pk_stops"):
        colours = canvas._pk_stops(colours)
    space, ncolours = _normalizeColors(colours)
    fn = _buildColorFunction(ncolours, positions)
    canvas.saveState()
    if len(alphas) == 1 and min(alphas) < 1:
        canvas.setFillAlpha(min(alphas))
    canvas.transform(*m)
    if spec["type"] == "linearGradient":
        shading = PDFAxialShading(ax, ay, bx, by, Function=fn, ColorSpace=space, Extend=_gradientExtendStr(True))
    else:
        shading = PDFRadialShading(fx, fy, 0, cx, cy, r, Function=fn, ColorSpace=space, Extend=_gradientExtendStr(True))
    canvas.shade(shading)
    canvas.restoreState()


def to_drawing(doc, name: str, font_map=None):
    """An SVG document (resolved by the gate) as a ReportLab drawing, by svglib
    with printkit's gradients and group opacity (renderer_class) and its
    pictures placed as image objects (picture_shapes): templates' art and SVG
    pictures and icons alike. `font_map` gives text the faces printkit
    resolved (else svglib's own). None when svglib reads nothing drawable."""
    import logging

    logging.getLogger("svglib.svglib").setLevel(logging.CRITICAL)  # no raw library line on the terminal
    renderer = renderer_class()(name, font_map=font_map) if font_map is not None else renderer_class()(name)
    renderer.pk_index = id_index(doc)
    drawing = renderer.render(doc)
    return None if drawing is None else picture_shapes(without_flat_groups(drawing))


def without_flat_groups(drawing):
    """A group whose transform squashes it flat (scale(0), a nested <svg> or an
    SVG picture of no width or height) draws nothing, as SVG says; ReportLab
    would divide by its transform's determinant, exit 3 (found by the corpus
    fuzz). Such groups are left out."""
    for contents in _child_lists(drawing):
        contents[:] = [c for c in contents if not _flat(getattr(c, "transform", None))]
    return drawing


def _flat(t) -> bool:
    return t is not None and len(t) == 6 and t[0] * t[3] - t[1] * t[2] == 0  # as ReportLab computes it


def _child_lists(drawing):
    """Each node's list of children in a ReportLab drawing, from the top; a list
    changed in place before the next is asked for is walked as changed."""
    stack = [drawing]
    while stack:
        contents = getattr(stack.pop(), "contents", None)
        if contents:
            yield contents
            stack.extend(contents)


def picture_shapes(drawing):
    """svglib turns a picture given as a data: address (every picture, once the
    gate has resolved the document) into an inline image, which ReportLab cannot
    put in a form (the art of a card is one): each becomes a shape that places
    it as an image object instead (its transparency kept)."""
    from reportlab.graphics.shapes import DirectDraw, Image

    from printkit.engine import rl

    class Picture(DirectDraw):
        def __init__(self, shape) -> None:
            self.shape = shape

        def drawDirectly(self, renderer) -> None:
            from reportlab.lib.utils import ImageReader

            s = self.shape
            rl.renderer_canvas(renderer).drawImage(ImageReader(s.path), s.x, s.y, s.width, s.height, mask="auto")

        def getBounds(self):
            return self.shape.getBounds()

    for contents in _child_lists(drawing):
        for i, child in enumerate(contents):
            if isinstance(child, Image) and hasattr(child.path, "mode"):
                contents[i] = Picture(child)
    return drawing


def css_declarations(line: str) -> dict[str, str]:
    """A `style` attribute's declarations as CSS reads them: each split at its
    first colon (`fill:url(data:...)` keeps its value), a declaration without a
    colon left out (a value from a row holding `;`, as `display:a;b`), as a
    browser or Inkscape skips what it cannot read. svglib's own reading split at
    every colon and failed on both (found by the corpus fuzz)."""
    out: dict[str, str] = {}
    for part in (line or "").split(";"):
        key, colon, value = part.partition(":")
        if colon and key.strip():
            out[key.strip()] = value.strip()
    return out



_ALIGN = {f"x{a}Y{b}": (i / 2, j / 2) for i, a in enumerate(("Min", "Mid", "Max")) for j, b in enumerate(("Min", "Mid", "Max"))}


def image_fit(aspect) -> tuple[str, float, float]:
    """An <image>'s preserveAspectRatio as a picture fit and where the picture
    sits in its box: ("stretch" | "contain" | "cover", x, y), x and y 0 (min,
    left or top), 0.5 (mid) or 1 (max). "none" stretches the picture over its
    box, "slice" covers it, "meet" fits inside. A value SVG does not define
    (`xMidyMid slice`, the names are case-sensitive) is the default,
    xMidYMid meet, as Inkscape reads it."""
    parts = str(aspect or "").split()
    if parts[:1] == ["defer"]:
        parts = parts[1:]
    if not parts or len(parts) > 2 or (parts[0] != "none" and parts[0] not in _ALIGN) or parts[1:] not in ([], ["meet"], ["slice"]):
        return ("contain", 0.5, 0.5)
    if parts[0] == "none":
        return ("stretch", 0.5, 0.5)
    return ("cover" if parts[1:] == ["slice"] else "contain", *_ALIGN[parts[0]])


def image_aspect(group, aspect) -> None:
    """An <image> svglib converted (a group holding one picture stretched over
    the box) fitted as its preserveAspectRatio says (image_fit, as
    printkit's own pictures are): "meet" shrinks the box to the picture's
    shape at its alignment; "slice" keeps the box and crops the picture to
    what shows of it."""
    from reportlab.graphics.shapes import Image


    img = (getattr(group, "contents", None) or [None])[0]
    pic = getattr(img, "path", None)
    if not isinstance(img, Image) or not hasattr(pic, "crop"):
        return
    fit, ax, ay = image_fit(aspect)
    pw, ph = pic.size
    w, h = img.width, img.height
    if fit == "stretch" or not (pw > 0 and ph > 0 and w > 0 and h > 0):
        return
    if fit == "contain":
        s = min(w / pw, h / ph)
        img.x, img.y = img.x + (w - pw * s) * ax, img.y + (h - ph * s) * (1 - ay)  # its frame runs up: the top is at y + h
        img.width, img.height = pw * s, ph * s
        return
    s = max(w / pw, h / ph)
    cw, ch = w / s, h / s  # the part that shows, in the picture's pixels
    left, top = (pw - cw) * ax, (ph - ch) * ay
    img.path = pic.crop((round(left), round(top), round(left + cw), round(top + ch)))


@cache
def renderer_class():
    """svglib's SvgRenderer with printkit's gradients and group opacity (made once)."""
    from reportlab.graphics.shapes import DirectDraw, Drawing, Group
    from svglib import svglib as S

    from printkit.engine import rl

    class GradientFill(DirectDraw):
        def __init__(self, clip_shape, spec):
            self._clip_shape = clip_shape
            self.pk_spec = spec

        def pk_ink(self, convert):
            self.pk_spec = {**self.pk_spec, "stops": [(o, convert(c), a) for o, c, a in self.pk_spec["stops"]]}

        def drawDirectly(self, renderer):
            canvas = rl.renderer_canvas(renderer)
            path = rl.svglib_clip_path(canvas, self._clip_shape)
            if not path:
                return
            canvas.saveState()
            rule = getattr(self._clip_shape, "fillMode", None)
            canvas.clipPath(path, fill=1, stroke=0, fillMode=rule) if rule is not None else canvas.clipPath(path, fill=1, stroke=0)
            paint_gradient(canvas, self.pk_spec, path, self._clip_shape.getBounds())
            canvas.restoreState()

        def getBounds(self):
            return self._clip_shape.getBounds()

    class Faded(DirectDraw):
        """Children drawn as one transparency group, then at `alpha`."""

        def __init__(self, group, alpha):
            self.contents = [group]
            self.alpha = alpha

        def drawDirectly(self, renderer):
            canvas = rl.renderer_canvas(renderer)
            group = self.contents[0]
            try:
                x0, y0, x1, y1 = group.getBounds()
            except Exception:
                return
            pad = 1.0
            n = getattr(canvas, "_pk_faded", 0) + 1
            canvas._pk_faded = n
            name = f"PKFade{n}"
            canvas.beginForm(name, x0 - pad, y0 - pad, x1 + pad, y1 + pad)
            d = Drawing(1, 1)
            d.add(group)
            from printkit.engine import fonts as _f

            d.initialFontName = _f.SANS
            rl.draw_fresh(d, canvas)  # its own state from the defaults, as a form needs
            canvas.endForm(pk_group=True)
            canvas.saveState()
            canvas.setFillAlpha(self.alpha)
            canvas.setStrokeAlpha(self.alpha)
            canvas.doForm(name)
            canvas.restoreState()

        def getBounds(self):
            return self.contents[0].getBounds()

    class Renderer(S.SvgRenderer):
        pk_index: dict = {}

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.attrConverter.parseMultiAttributes = css_declarations  # a style read as CSS reads it
            stretched = self.shape_converter.convertImage

            def convert_image(node):  # svglib stretches every picture over its box
                group = stretched(node)
                image_aspect(group, node.getAttribute("preserveAspectRatio"))
                return group

            self.shape_converter.convertImage = convert_image


        def _resolve_gradient(self, grad_id):
            g = self.pk_index.get(grad_id)
            if g is None:
                return None
            spec = gradient_spec(g, self.pk_index, self.attrConverter.convertColor)
            return {"pk": spec} if spec else None

        def _apply_gradient_fill(self, item, grad_def):
            clip_shape = rl.svglib_clip_shape(item)
            if clip_shape is None or not grad_def.get("pk"):
                return item
            group = Group()
            group.add(GradientFill(clip_shape, grad_def["pk"]))
            group.add(item)  # its stroke (its fill is the gradient's url: none)
            return group

        def renderNode(self, node, parent=None):
            if parent is None:
                return
            el = getattr(node, "etree_element", None)
            alpha = _opacity(prop(el, "opacity")) if el is not None and prop(el, "opacity") is not None else 1.0
            if alpha >= 1.0:
                return S.SvgRenderer.renderNode(self, node, parent)
            holder = Group()
            S.SvgRenderer.renderNode(self, node, holder)
            if holder.contents:
                parent.add(Faded(holder, alpha))

    return Renderer

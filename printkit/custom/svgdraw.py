"""How SVG template art is drawn: printkit's own drawer (svgart.py, the one
vector path), and a picture where vectors cannot say it.

- CSS: a <style> sheet's rules (Illustrator's "Internal CSS", Figma, Affinity),
  parsed by tinycss2 and matched by cssselect2, are written onto the elements
  they match, so the text setter and the drawer both see them.
- Gradients: linear and radial, gradientUnits, gradientTransform, spreadMethod
  (pad, reflect, repeat), xlink:href chains, the focal point, one opacity for all
  stops: PDF shadings (vectors), painted by paint_gradient.
- opacity on a group or an element: a PDF transparency group drawn with that
  alpha (overlapping children do not show through each other, as in the editor);
  fill-opacity and stroke-opacity: the colour's alpha.
- What PDF vectors cannot carry here: filters (blur, drop shadow...), masks,
  pattern fills, gradient strokes and gradients whose stops fade: that element
  alone is rasterised by resvg at RASTER_DPI and placed as a picture, and the run
  summary names it (PDF/X, which forbids transparency, refuses it, named).
"""

from __future__ import annotations

import math
import re
import io

from printkit.custom.safety import LimitError, LIMITS, PLACEHOLDER
from printkit.custom.svgcss import sheet_text, style_dict
from printkit.custom import safety
from printkit.errors import UsageError

RASTER_DPI = 300
XLINK = "{http://www.w3.org/1999/xlink}href"
URL = re.compile(r"url\(\s*['\"]?#([^)'\"]+)['\"]?\s*\)")


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def style_of(el) -> dict:
    """An element's style attribute as a dict (svgcss: tinycss2)."""
    return style_dict(el.get("style"))


def prop(el, name: str):
    """An element's own value of a presentation property (style wins)."""
    s = style_of(el)
    if name in s:
        return s[name]
    return el.get(name)


# -- CSS ---------------------------------------------------------------------------------

def inline_css(root, name="the SVG drawing", template: bool = False) -> None:
    """Write the rules of every <style> onto the elements they match (before
    their own style attribute, which wins), then drop the sheets. A rule whose
    values hold placeholders (`fill: {{ color }}`) is written so too: the
    element then has a placeholder in its style and is filled per card like
    any element with one (a placeholder in a selector is refused)."""
    sheets = [el for el in root.iter() if _local(el.tag) == "style"]
    if not sheets:
        return

    try:
        found = _matched_rules(root, sheets, name, template)
    except RecursionError:  # rules nested thousands deep (`:not(:not(...` or `[[[[`): tinycss2 and cssselect2 read by recursion
        raise safety.LimitError(f"{safety.shown(name)}: its <style> sheet is nested too deeply to read, printkit's limit") from None
    room = safety.LIMITS["FILE_BYTES"]  # the characters the rules may write, every element counted
    for el, rules in found.items():
        merged: dict = {}
        for _spec, _n, decls in sorted(rules, key=lambda r: (r[0], r[1])):
            merged.update(decls)
        own = style_of(el)
        merged.update(own)
        room -= sum(len(k) + len(v) + 2 for k, v in merged.items())
        if room < 0:
            raise safety.LimitError(f"{safety.shown(name)}: its <style> rules, copied onto each element they match, come to over {safety.LIMITS['FILE_BYTES']:,} characters, printkit's limit for a file: simplify the style sheet")
        el.set("style", ";".join(f"{k}:{v}" for k, v in merged.items()))
        if "class" in el.attrib:
            del el.attrib["class"]


MAX_SELECTORS = 5_000  # selectors in the <style> sheets of one drawing (300,000 took minutes to compile)


def _matched_rules(root, sheets, name="the SVG drawing", template: bool = False) -> dict:
    """The rules of the <style> sheets (those without placeholders), as
    element -> [(specificity, order, declarations)]; the sheets read are removed.
    `template`: a card template's sheet, where a {# #} is a Jinja2 comment."""
    import cssselect2
    import tinycss2

    found: dict = {}  # element -> list of (specificity, order, declarations)
    order = 0
    wrapper = cssselect2.ElementWrapper.from_xml_root(root)
    def too_many():
        return safety.LimitError(f"{safety.shown(name)}: its <style> sheets hold over {MAX_SELECTORS:,} rules or selectors, printkit's limit: simplify the style sheet")

    texts = [sheet_text(s) for s in sheets]  # each sheet whole, as Inkscape reads it (a processing instruction splits lxml's .text)
    if sum(t.count("{") for t in texts) > MAX_SELECTORS:
        raise too_many()  # counted in the text, before tinycss2 reads it (a placeholder's braces too)
    def unfilled(part: str):
        return UsageError(f"{safety.shown(name)}: its <style> has a placeholder printkit cannot fill ('{' '.join(part.split())[:60]}'): "
                          "a rule's values may hold {{ }} placeholders (.gem { fill: {{ color }} }), not its selectors, @-rules, whole rules, {% %} statements or {# #} comments; put such a style on the element (style=\"...\")")

    for sheet, text in zip(sheets, texts):
        matcher = cssselect2.Matcher()
        templated = bool(PLACEHOLDER.search(text))  # its values are filled per card, on the elements they reach
        for m in re.finditer(r"\{%|\{#" if template else r"\{%", text):
            # a {% %} statement (set, if, for...) or a {# #} comment anywhere in a sheet (a value,
            # a CSS comment, between rules): the sheet is not run as a template, its rules are
            # copied onto elements one by one, so none of them would do what it says
            raise unfilled(text[m.start():m.start() + 60])
        for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
            if templated and (rule.type == "error" or (rule.type == "qualified-rule" and (not tinycss2.serialize(rule.prelude).strip() or PLACEHOLDER.search(tinycss2.serialize(rule.prelude))))):
                raise unfilled(rule.serialize())  # a {% %} block or a placeholder in a selector reads as a rule of its own
            if rule.type != "qualified-rule":
                if templated and rule.type == "at-rule" and PLACEHOLDER.search(rule.serialize()):
                    raise unfilled(rule.serialize())  # @media, @import, @font-face...: read by no one here, filled by no one
                continue
            decls = []
            for d in tinycss2.parse_declaration_list(rule.content, skip_comments=True, skip_whitespace=True):
                if d.type == "declaration":
                    decls.append((d.lower_name, tinycss2.serialize(d.value).strip()))
                elif templated and PLACEHOLDER.search(d.serialize() if d.type != "error" else tinycss2.serialize(rule.content)):
                    raise unfilled(tinycss2.serialize(rule.content))  # dropped as CSS drops a declaration it cannot read: printed without it
            order += sum(1 for t in rule.prelude if t.type == "literal" and t.value == ",")
            if order >= MAX_SELECTORS:  # counted before cssselect2 compiles them, each into Python code (some 0.25 ms a selector)
                raise too_many()
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
    return found


# -- what an element needs ---------------------------------------------------------------

def _ref(root, value, index):
    m = URL.search(value or "")
    if not m:
        return None
    return index.get(m.group(1))


def id_index(root) -> dict:
    return {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id")}


MAX_CHAIN = 32  # gradients inheriting from gradients (href): as deep as the drawer nests references


def gradient_chain(grad, index) -> list:
    """A gradient and those it inherits from (href), nearest first: at most
    MAX_CHAIN, never round a cycle (a chain of thousands costs what 32 do)."""
    chain: list = []
    while grad is not None and len(chain) < MAX_CHAIN and not any(g is grad for g in chain) and _local(grad.tag) in ("linearGradient", "radialGradient"):
        chain.append(grad)
        href = grad.get(XLINK) or grad.get("href") or ""
        grad = index.get(href[1:]) if href.startswith("#") else None
    return chain


def gradient_stops(grad, index) -> list:
    """The stops of a gradient, following its href chain."""
    for g in gradient_chain(grad, index):
        stops = [s for s in g if _local(s.tag) == "stop"]
        if stops:
            return stops
    return []


def _opacity(v) -> float:
    try:
        return max(0.0, min(1.0, float(str(v).strip().rstrip("%")) / (100.0 if str(v).strip().endswith("%") else 1.0)))
    except (TypeError, ValueError):
        return 1.0


def stop_alphas(grad, index) -> list[float]:
    return [_opacity(prop(s, "stop-opacity") if prop(s, "stop-opacity") is not None else 1) for s in gradient_stops(grad, index)]


def raster_reasons(el, index, depth: int = 0, seen: set | None = None) -> list[str]:
    """Why this element (or what it shows, <use> followed, each element it
    clones looked at once) cannot be drawn as PDF vectors here: filters,
    masks, patterns, gradient strokes, fading stops."""
    out = []
    seen = set() if seen is None else seen
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
            if target is not None and target not in seen:  # clones of clones: each looked at once, not ten to the ninth times
                seen.add(target)
                out += raster_reasons(target, index, depth + 1, seen)
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
    from PIL import Image

    from printkit.base import child

    w = max(1, round(size_mm[0] / 25.4 * dpi))
    h = max(1, round(size_mm[1] / 25.4 * dpi))
    safety.check_pixels((w, h), f"{what} (drawn as a {dpi} dpi picture)")
    raster_cost(doc, w, h, what)
    answer, png = child.call("printkit.custom.svgdraw:raster_task", {"width": w, "height": h, "fonts": list(font_files)}, svg_text.encode("utf-8"),
                             what=what, doing="drawing it as a picture (resvg)")
    if "failed" in answer:  # resvg refused the document (its own limits): one line naming the element

        raise UsageError(f"{what}: resvg could not draw it as a picture: {safety.shown(answer['failed'], 120)}")
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    if image.size != (w, h):
        image = image.resize((w, h))
    box = image.getchannel("A").getbbox()
    if box is None:
        return None
    return image.crop(box), box[0] / dpi * 25.4, box[1] / dpi * 25.4, (box[2] - box[0]) / dpi * 25.4, (box[3] - box[1]) / dpi * 25.4


def raster_task(args: dict, data: bytes):
    """The worker's side of rasterise: resvg draws the document at the size
    asked, with only the font files given, and no folder to look files up in
    (relative references resolve into an empty folder made for the call and
    removed after it: kept for the worker's life, one was left behind a run)."""
    import tempfile

    import resvg_py

    try:
        with tempfile.TemporaryDirectory(prefix="printkit-nothing-") as nowhere:
            png = resvg_py.svg_to_bytes(svg_string=data.decode("utf-8"), width=int(args["width"]), height=int(args["height"]), dpi=96,
                                        skip_system_fonts=True, font_files=list(args.get("fonts") or []), font_dirs=[], resources_dir=nowhere)
    except ValueError as exc:
        return {"failed": str(exc)[:200]}, b""
    return {}, bytes(png)


# -- what a picture may cost ------------------------------------------------------------

_REF_KEYS = ("filter", "mask", "clip-path", "fill", "stroke", "marker-start", "marker-mid", "marker-end")
MAX_REF_DEPTH = 24  # masks in masks, patterns in patterns...: resvg follows them by recursion
MAX_KERNEL = 25  # feConvolveMatrix: order x order cells per pixel (5x5, what editors offer)
MAX_OCTAVES = 10  # feTurbulence: past 10 octaves nothing more shows at print size
RESULTS_HELD = 6  # a filter's step results held at once: at most 6 x IMAGE_PIXELS pixels (150 million, some 600 MB)


def _float(v, default: float = 0.0) -> float:
    try:
        f = float(str(v).strip().split()[0].rstrip("%")) if v is not None and str(v).strip() else default
    except (ValueError, IndexError):
        return default
    return f if math.isfinite(f) else default


def _primitive_weight(p, scale: float, where: str) -> float:
    """How many passes over the filter region one primitive costs (about)."""
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


def drawn_elements(doc, index, cap: int) -> int:
    """Elements a renderer draws for `doc` once its clones (<use>) are expanded,
    each clone counting what it copies (clones of clones multiply), counted up to
    `cap` + 1. A clone of itself (directly or through others) adds nothing: resvg
    refuses it. Counted without recursion: a chain of clones may be long."""
    # keyed by the elements themselves, which keeps their Python objects alive: lxml makes a new
    # object for an element each time one is asked for once the last is gone, and a new one may
    # take a gone one's id() (counted as that other element: a billion clones came to a few)
    memo: dict = {}
    started: set = set()

    def parts(el):
        out = [c for c in el if isinstance(c.tag, str)]
        if _local(el.tag) == "use":
            href = (el.get(XLINK) or el.get("href") or "").strip()
            target = index.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                out.append(target)
        return out

    stack = [(doc, False)]
    while stack:
        el, done = stack.pop()
        if done:
            memo[el] = min(cap + 1, 1 + sum(memo.get(c, 0) for c in parts(el)))
            started.discard(el)
            continue
        if el in memo or el in started:
            continue
        started.add(el)
        stack.append((el, True))
        stack.extend((c, False) for c in parts(el) if c not in memo and c not in started)
    return memo.get(doc, 0)


def raster_cost(doc, w: int, h: int, where: str) -> None:
    """Refuse, before resvg draws, a document whose effects would cost more than
    printkit's limits: filters, masks and patterns used (SVG_EFFECTS), references
    nested in one another (masks in masks, MAX_REF_DEPTH), and the work of its
    filters: the picture's pixels times each primitive's passes (FILTER_WORK),
    with the known-expensive primitives bounded on their own (kernel order,
    octaves). LimitError naming the element."""
    index = id_index(doc)
    if drawn_elements(doc, index, LIMITS["SVG_ELEMENTS"]) > LIMITS["SVG_ELEMENTS"]:  # resvg expands clones as printkit's drawer does
        raise LimitError(f"{where}: over {LIMITS['SVG_ELEMENTS']:,} elements to draw once its clones (<use>) are counted, printkit's limit: simplify the drawing")
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
        on = {el}  # elements, not their id(): see drawn_elements
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                on.discard(node)
                known[node] = True
                continue
            if nxt in on or nxt in known:
                continue
            if len(stack) > MAX_REF_DEPTH:
                raise LimitError(f"{where}: masks, patterns or filters nested over {MAX_REF_DEPTH} deep, printkit's limit")
            on.add(nxt)
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
                # resvg keeps every step's result, a picture the size of the filter region,
                # until the filter ends (some 4 bytes a pixel): 600 blurs on a card came to 2 GB
                held, most = pixels * len(prims), RESULTS_HELD * LIMITS["IMAGE_PIXELS"]
                if held > most:
                    raise LimitError(f"{where}: its filter {describe(target)} has {len(prims):,} steps, each a {w}x{h} pixel picture resvg keeps until the filter ends: over printkit's limit of {most / 1e6:g} million pixels held: use fewer filter steps")
                # lengths in fractions of the element's box (primitiveUnits): taken as fractions of the
                # picture (a radius of 0.5 was read as half a unit: 30 s of resvg, refused only by make)
                units = max(w, h) if (target.get("primitiveUnits") or "").strip() == "objectBoundingBox" else scale
                for p in prims:
                    work += pixels * _primitive_weight(p, units, f"{where} {describe(p)}")
                if work > LIMITS["FILTER_WORK"]:
                    raise LimitError(f"{where}: its filters would take about {work / 1e9:.1f} billion pixel steps at {RASTER_DPI} dpi, over printkit's limit of {LIMITS['FILTER_WORK'] / 1e9:g} billion: use fewer or simpler filters")
    if effects or any(_ref(None, prop(el, k), index) is not None for el in doc.iter() if isinstance(el.tag, str) for k in ("fill", "stroke")):
        depth(doc)


# -- gradients ---------------------------------------------------------------------------

def _num(v, default: float, bbox: bool) -> float:
    """A gradient's coordinate; one not finite or past any page (nan, 1e308)
    is the default, as a value that cannot be read is."""
    if v is None or str(v).strip() == "":
        return default
    s = str(v).strip()
    try:
        f = float(s[:-1]) / 100.0 if s.endswith("%") else float(re.sub(r"[a-z]+$", "", s))
    except ValueError:
        return default
    return f if math.isfinite(f) and abs(f) < 1e7 else default


def gradient_spec(grad, index, convert_color) -> dict | None:
    """Every attribute of a gradient, inherited along its href chain."""
    chain = gradient_chain(grad, index)

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


def css_declarations(line: str) -> dict[str, str]:
    """A `style` attribute's declarations as CSS reads them (svgcss: tinycss2):
    a semicolon inside url(), quotes or brackets parts nothing, a value keeps its
    later colons (`fill:url(data:...)`), a declaration without a colon is left
    out (a row's value holding `;`, as `display:a;b`), as a browser or Inkscape
    skips what it cannot read (the corpus fuzz found both)."""
    return style_dict(line)



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



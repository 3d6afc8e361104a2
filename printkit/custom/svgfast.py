"""Plain SVG art drawn straight onto the canvas, without svglib.

Most card art is a handful of filled and stroked shapes: paths, rectangles,
circles, ellipses, lines and polygons in groups with transforms, coloured with
hex colours. For such a drawing `plan(root)` reads the SVG tree into a short
list of shapes (pure data, nothing drawn) and `draw(c, plan, ink)` writes them
as PDF vector operators, the same operators svglib's drawing would lead
ReportLab to write, at a fraction of the cost (svglib and ReportLab's graphics
are not even imported).

Anything else (text, pictures, clones, gradients, clip paths, masks, filters,
opacity, CSS sheets, arcs, units inside shapes, a colour given other than as
#rgb / #rrggbb / none / black / white, an attribute not listed below) makes
`plan` return None, and the caller draws the file with svglib as before: this
module only takes what it draws exactly.
"""

from __future__ import annotations

import math
import re
from collections import namedtuple

from printkit.custom.svgmatrix import IDENTITY, BadNumber, Matrix, mul, parse_transform

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
PX_TO_PT = 0.75
UNITS = {"": PX_TO_PT, "px": PX_TO_PT, "pt": 1.0, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0, "pc": 12.0}
SHAPES = frozenset({"path", "rect", "circle", "ellipse", "line", "polygon"})
INERT = frozenset({"title", "desc", "metadata", "defs"})  # nothing of theirs is drawn (defs: only what a url() names, refused)
INHERITED = frozenset({"fill", "stroke", "stroke-width", "stroke-linejoin", "stroke-linecap", "fill-rule", "stroke-miterlimit"})
# attributes that change nothing in a drawing without text, pictures or CSS sheets
HARMLESS = frozenset({"id", "class", "version", "font-family", "font-size", "font-weight", "font-style", "text-anchor",
                      "color", "data-pk-unit", "baseProfile", "enable-background", "xml:space", "shape-rendering"})
GEOMETRY = {
    "path": frozenset({"d"}),
    "rect": frozenset({"x", "y", "width", "height", "rx", "ry"}),
    "circle": frozenset({"cx", "cy", "r"}),
    "ellipse": frozenset({"cx", "cy", "rx", "ry"}),
    "line": frozenset({"x1", "y1", "x2", "y2"}),
    "polygon": frozenset({"points"}),
    "g": frozenset(),
    "svg": frozenset({"width", "height", "viewBox", "preserveAspectRatio", "x", "y"}),
}
# properties this module accepts only at their default (no effect then)
DEFAULTS = {"visibility": ("visible",), "stroke-dasharray": ("", "none"), "stroke-dashoffset": ("0",), "mix-blend-mode": ("normal",),
            "isolation": ("auto",), "paint-order": ("normal", "fill stroke markers", "fill stroke", "fill"), "vector-effect": ("none",),
            "marker": ("none",), "marker-start": ("none",), "marker-mid": ("none",), "marker-end": ("none",), "filter": ("none",),
            "clip-path": ("none",), "mask": ("none",), "-inkscape-stroke": ("none",), "font-variation-settings": ("normal",),
            "enable-background": ("accumulate",), "overflow": ("visible",)}  # what Inkscape writes into every style
NAMED = {"black": (0.0, 0.0, 0.0), "white": (1.0, 1.0, 1.0)}
HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
PATH_TOKEN = re.compile(r"\s*,?\s*([MmZzLlHhVvCcSsQqTtAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px|pt|mm|cm|in|pc)?\s*")
ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
LIMIT = 1e6  # a coordinate past this is refused by the SVG reader anyway; here it sends the file to svglib


# shapes, groups and the whole drawing as plain tuples (collections' namedtuple:
# a tenth of typing.NamedTuple's cost to define, paid at every start)
Shape = namedtuple("Shape", "kind geometry fill stroke width cap join evenodd")
Shape.__doc__ = """kind: path, rect, circle, ellipse or line; geometry: path segments,
rect (x, y, w, h, r), circle (cx, cy, r), ellipse (x1, y1, x2, y2), line
(x1, y1, x2, y2); fill and stroke: rgb or None; width, cap, join, evenodd."""
Group = namedtuple("Group", "matrix items")
Plan = namedtuple("Plan", "width height matrix items")
Plan.__doc__ = "width, height (pt); matrix: user units -> pt, y up; items: shapes and groups"


class _Refused(Exception):
    """The drawing holds something this module does not draw."""


def _local(tag) -> str | None:
    if not isinstance(tag, str):
        return None  # a comment or processing instruction
    if tag.startswith(SVG_NS):
        return tag[len(SVG_NS):]
    return "" if tag.startswith("{") else tag  # "" : another namespace (Inkscape's, sodipodi's), not drawn


def _number(text) -> float:
    if text is None:
        raise _Refused
    m = LENGTH.fullmatch(text)
    if m is None or m.group(2) not in (None, "px"):
        raise _Refused
    v = float(m.group(1))
    if not math.isfinite(v) or abs(v) > LIMIT:
        raise _Refused
    return v


def _length_pt(text) -> float | None:
    """The root's width or height in pt (svglib's reading); None when absent."""
    if text is None:
        return None
    m = LENGTH.fullmatch(text)
    if m is None:
        raise _Refused
    v = float(m.group(1)) * UNITS[m.group(2) or ""]
    if not math.isfinite(v) or not 0 < v < LIMIT:
        raise _Refused
    return v


def _colour(text: str):
    text = text.strip()
    if text == "none":
        return None
    if text in NAMED:
        return NAMED[text]
    m = HEX.fullmatch(text)
    if m is None:
        raise _Refused
    h = m.group(1)
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    return (int(h[0:2], 16) / 255.0, int(h[2:4], 16) / 255.0, int(h[4:6], 16) / 255.0)


def _props(el, tag: str) -> dict:
    """The element's presentation properties (its style attribute wins), after
    refusing any attribute or property this module does not draw exactly."""
    props: dict = {}
    geometry = GEOMETRY[tag]
    for key, value in el.attrib.items():
        if key.startswith("{"):
            if key == XLINK:
                raise _Refused
            continue  # another program's attribute (inkscape:label, sodipodi:nodetypes): not drawn
        if key in geometry or key in HARMLESS or key.startswith("data-") or key == "transform":
            continue
        if key == "style":
            continue
        props[key] = value
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            k, v = decl.split(":", 1)
            k = k.strip()
            if k in HARMLESS:
                continue
            props[k] = v.strip()
        elif decl.strip():
            raise _Refused
    for key, value in props.items():
        if "!important" in value or "url(" in value or "var(" in value:
            raise _Refused
        if key in INHERITED or key == "display":
            continue
        if key in ("opacity", "fill-opacity", "stroke-opacity"):
            if _plain_float(value) != 1.0:
                raise _Refused
            continue
        if key in DEFAULTS and value.strip() in DEFAULTS[key]:
            continue  # said, and what it says is the default
        if key == "stroke-miterlimit" and _plain_float(value) is not None:
            continue  # svglib leaves it at PDF's 10 whatever the file says; so does this module
        raise _Refused
    return props


def _plain_float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _paint(props: dict) -> tuple:
    fill = _colour(props.get("fill", "black"))
    stroke = _colour(props.get("stroke", "none"))
    width = _number(props.get("stroke-width", "1"))
    if width < 0:
        raise _Refused
    if width == 0:
        stroke = None  # no stroke at all (as SVG and svglib have it), not PDF's thinnest line
    try:
        cap = {"butt": 0, "round": 1, "square": 2}[props.get("stroke-linecap", "butt").strip()]
        join = {"miter": 0, "round": 1, "bevel": 2}[props.get("stroke-linejoin", "miter").strip()]
        evenodd = {"nonzero": False, "evenodd": True}[props.get("fill-rule", "nonzero").strip()]
    except KeyError:
        raise _Refused from None
    return fill, stroke, width, cap, join, evenodd


def _path(d: str) -> tuple:
    """An SVG path's data as absolute segments: ("M", x, y), ("L", x, y),
    ("C", x1, y1, x2, y2, x, y), ("Z",). Quadratic curves become cubic ones
    (as svglib makes them), arcs runs of cubic ones of at most 90 degrees each;
    anything unreadable is refused (arc flags run together, "011", too)."""
    tokens: list = []
    pos = 0
    d = d.strip()
    while pos < len(d):
        m = PATH_TOKEN.match(d, pos)
        if m is None or m.end() == pos:
            raise _Refused
        tokens.append(m.group(1))
        pos = m.end()
    out: list = []
    x = y = sx = sy = 0.0
    last_c = last_q = None  # the previous segment's second control point (cubic) or control point (quadratic)
    i, cmd = 0, None
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
        elif cmd is None:
            raise _Refused
        elif cmd in "Mm":
            cmd = "L" if cmd == "M" else "l"  # numbers after a moveto are linetos
        up = cmd.upper()
        n = ARGS[up]
        if i + n > len(tokens):
            raise _Refused
        try:
            a = [float(v) for v in tokens[i:i + n]]
        except ValueError:
            raise _Refused from None
        if any(not math.isfinite(v) or abs(v) > LIMIT for v in a):
            raise _Refused
        i += n
        rel = cmd.islower() and up != "Z"
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if up == "M":
            x, y = a[0] + ox, a[1] + oy
            sx, sy = x, y
            out.append(("M", x, y))
            last_c = last_q = None
        elif up == "L":
            x, y = a[0] + ox, a[1] + oy
            out.append(("L", x, y))
            last_c = last_q = None
        elif up == "H":
            x = a[0] + (x if rel else 0.0)
            out.append(("L", x, y))
            last_c = last_q = None
        elif up == "V":
            y = a[0] + (y if rel else 0.0)
            out.append(("L", x, y))
            last_c = last_q = None
        elif up == "C":
            x1, y1, x2, y2 = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy
            x, y = a[4] + ox, a[5] + oy
            out.append(("C", x1, y1, x2, y2, x, y))
            last_c, last_q = (x2, y2), None
        elif up == "S":
            x1, y1 = (2 * x - last_c[0], 2 * y - last_c[1]) if last_c else (x, y)
            x2, y2 = a[0] + ox, a[1] + oy
            x, y = a[2] + ox, a[3] + oy
            out.append(("C", x1, y1, x2, y2, x, y))
            last_c, last_q = (x2, y2), None
        elif up in "QT":
            if up == "Q":
                qx, qy = a[0] + ox, a[1] + oy
                ex, ey = a[2] + ox, a[3] + oy
            else:
                qx, qy = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
                ex, ey = a[0] + ox, a[1] + oy
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            x, y = ex, ey
            last_c, last_q = None, (qx, qy)
        elif up == "A":
            if tokens[i - 4] not in ("0", "1") or tokens[i - 3] not in ("0", "1"):
                raise _Refused
            ex, ey = a[5] + ox, a[6] + oy
            if abs(a[0]) <= 1e-10 or abs(a[1]) <= 1e-10:
                out.append(("L", ex, ey))
            else:
                out.extend(("C", *seg) for seg in _arc(x, y, abs(a[0]), abs(a[1]), a[2], a[3] == 1, a[4] == 1, ex, ey))
            x, y = ex, ey
            last_c = last_q = None
        else:  # Z
            out.append(("Z",))
            x, y = sx, sy
            last_c = last_q = None
            if i < len(tokens) and not tokens[i].isalpha():
                raise _Refused  # numbers straight after a closepath
    if out and out[0][0] != "M":
        raise _Refused
    return tuple(out)


def _arc(x1: float, y1: float, rx: float, ry: float, phi: float, large: bool, sweep: bool, x2: float, y2: float) -> list:
    """An elliptical arc as cubic curves (x1, y1, x2, y2, x, y), each at most 90
    degrees, by the SVG specification's centre parametrisation (its notes on
    implementing arcs): radii too small for the ends are scaled up to fit."""
    if x1 == x2 and y1 == y2:
        return []  # the same point: no arc at all
    cos_p, sin_p = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    grow = (px * px) / (rx * rx) + (py * py) / (ry * ry)
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    den = rx * rx * py * py + ry * ry * px * px
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * py / ry, -k * ry * px / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy) -> float:
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    ux, uy = (px - cxp) / rx, (py - cyp) / ry
    vx, vy = (-px - cxp) / rx, (-py - cyp) / ry
    start = angle(1.0, 0.0, ux, uy)
    extent = angle(ux, uy, vx, vy)
    if not sweep and extent > 0:
        extent -= 2 * math.pi
    elif sweep and extent < 0:
        extent += 2 * math.pi
    n = max(1, math.ceil(abs(extent) / (math.pi / 2) - 1e-9))
    step = extent / n
    kappa = 4 / 3 * math.tan(step / 4)

    def at(t: float) -> tuple[float, float, float, float]:
        """Point and derivative direction (unscaled) on the ellipse at angle t."""
        c, s = math.cos(t), math.sin(t)
        return (cx + rx * c * cos_p - ry * s * sin_p, cy + rx * c * sin_p + ry * s * cos_p,
                -rx * s * cos_p - ry * c * sin_p, -rx * s * sin_p + ry * c * cos_p)

    out = []
    t = start
    for _ in range(n):
        ax, ay, adx, ady = at(t)
        bx, by, bdx, bdy = at(t + step)
        out.append((ax + kappa * adx, ay + kappa * ady, bx - kappa * bdx, by - kappa * bdy, bx, by))
        t += step
    last = out[-1]
    out[-1] = (*last[:4], x2, y2)  # end exactly where the path says
    return out


def _points(text: str) -> tuple:
    nums = NUMBER.findall(text or "")
    if len(nums) < 4 or len(nums) % 2 or NUMBER.sub("", text).replace(",", " ").strip():
        raise _Refused
    v = [float(n) for n in nums]
    if any(not math.isfinite(n) or abs(n) > LIMIT for n in v):
        raise _Refused
    return tuple(v)


def _shape(el, tag: str, props: dict):
    fill, stroke, width, cap, join, evenodd = _paint(props)
    g = el.get
    if tag == "path":
        segs = _path(g("d") or "")
        if not segs:
            return None
        geometry = segs
    elif tag == "rect":
        w, h = _number(g("width")), _number(g("height"))
        x, y = _number(g("x", "0")), _number(g("y", "0"))
        rx, ry = g("rx"), g("ry")
        rx = _number(rx) if rx is not None else None
        ry = _number(ry) if ry is not None else None
        r = rx if rx is not None else ry
        if rx is not None and ry is not None and rx != ry:
            raise _Refused  # an elliptical corner
        r = max(0.0, min(r or 0.0, w / 2, h / 2))
        if w <= 0 or h <= 0:
            return None
        geometry = (x, y, w, h, r)
    elif tag == "circle":
        r = _number(g("r"))
        if r <= 0:
            return None
        geometry = (_number(g("cx", "0")), _number(g("cy", "0")), r)
    elif tag == "ellipse":
        rx, ry = _number(g("rx")), _number(g("ry"))
        if rx <= 0 or ry <= 0:
            return None
        cx, cy = _number(g("cx", "0")), _number(g("cy", "0"))
        geometry = (cx - rx, cy - ry, cx + rx, cy + ry)
    elif tag == "line":
        geometry = tuple(_number(g(k, "0")) for k in ("x1", "y1", "x2", "y2"))
        fill = None  # a line has no inside
    else:  # polygon
        p = _points(g("points"))
        geometry = (("M", p[0], p[1]), *(("L", p[i], p[i + 1]) for i in range(2, len(p), 2)), ("Z",))
        tag = "path"
    if fill is None and stroke is None:
        return None
    return Shape(tag, geometry, fill, stroke, width, cap, join, evenodd)


def _items(el, inherited: dict, depth: int) -> tuple:
    out = []
    for child in el:
        tag = _local(child.tag)
        if not tag or tag in INERT:
            continue  # comments, other programs' elements, definitions
        if tag not in SHAPES and tag != "g":
            raise _Refused
        props = _props(child, tag)
        if props.get("display", "").strip() == "none":
            continue
        own = {**inherited, **{k: v for k, v in props.items() if k in INHERITED}}
        try:
            m = parse_transform(child.get("transform"))
        except BadNumber:
            raise _Refused from None
        if child.get("transform") and not re.fullmatch(r"\s*((matrix|translate|scale|rotate|skewX|skewY)\s*\([^)]*\)[\s,]*)*", child.get("transform")):
            raise _Refused
        if tag == "g":
            items = _items(child, own, depth + 1)
            if items:
                out.append(Group(m, items) if m != IDENTITY else Group(IDENTITY, items))
            continue
        shape = _shape(child, tag, own)
        if shape is not None:
            out.append(Group(m, (shape,)) if m != IDENTITY else shape)
    return tuple(out)


def plan(root) -> Plan | None:
    """The drawing of an SVG root element as shapes, or None when it holds
    anything this module does not draw (the caller then uses svglib)."""
    try:
        if _local(root.tag) != "svg":
            return None
        props = _props(root, "svg")
        if props.get("display", "").strip() == "none":
            return None
        inherited = {k: v for k, v in props.items() if k in INHERITED}
        if any(_local(el.tag) == "style" for el in root.iter()):
            return None  # CSS: svglib's (or inline_css's) business
        box = root.get("viewBox")
        width, height = _length_pt(root.get("width")), _length_pt(root.get("height"))
        if box is not None:
            try:
                vx, vy, vw, vh = (float(v) for v in box.replace(",", " ").split())
            except ValueError:
                return None
            if not all(math.isfinite(v) and abs(v) < LIMIT for v in (vx, vy, vw, vh)) or vw <= 0 or vh <= 0:
                return None
            width = vw * PX_TO_PT if width is None else width
            height = vh * PX_TO_PT if height is None else height
            xs, ys = width / vw, height / vh
            par = (root.get("preserveAspectRatio") or "xMidYMid meet").split()
            align = par[0] if par else "xMidYMid"
            tx = ty = 0.0
            if align != "none":
                if align not in {f"x{a}Y{b}" for a in ("Min", "Mid", "Max") for b in ("Min", "Mid", "Max")} or len(par) > 2 or (len(par) == 2 and par[1] not in ("meet", "slice")):
                    return None
                s = max(xs, ys) if len(par) == 2 and par[1] == "slice" else min(xs, ys)
                sw, sh = vw * s, vh * s
                tx = 0.0 if align.startswith("xMin") else (width - sw if align.startswith("xMax") else (width - sw) / 2)
                ty = height - sh if "YMin" in align else (0.0 if "YMax" in align else (height - sh) / 2)
                xs = ys = s
            # svglib's order: translate(tx, ty), scale(xs, -ys), translate(-vx, -vh - vy)
            matrix = mul(mul((1.0, 0.0, 0.0, 1.0, tx, ty), (xs, 0.0, 0.0, -ys, 0.0, 0.0)), (1.0, 0.0, 0.0, 1.0, -vx, -vh - vy))
        else:
            return None  # no viewBox (user units in px): left to svglib
        return Plan(width, height, matrix, _items(root, inherited, 1))
    except (_Refused, ValueError, TypeError, IndexError):
        return None


def draw(c, p: Plan, ink=None) -> None:
    """The plan's shapes on canvas `c` (a form of p.width x p.height pt), their
    colours through the ink mode (mono, saver) as svglib's drawings are."""
    def rgb(col, large: bool):
        return col if ink is None or ink.mode == "color" else ink.rgb(col, large)

    from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

    def walk(items) -> None:
        for item in items:
            if isinstance(item, Group):
                if item.matrix != IDENTITY:
                    c.saveState()
                    c.transform(*item.matrix)
                    walk(item.items)
                    c.restoreState()
                else:
                    walk(item.items)
                continue
            c.saveState()
            fill, stroke = item.fill is not None, item.stroke is not None
            if fill:
                c.setFillColorRGB(*rgb(item.fill, True))
            if stroke:
                c.setStrokeColorRGB(*rgb(item.stroke, False))
                c.setLineWidth(item.width)
                if item.cap:
                    c.setLineCap(item.cap)
                if item.join:
                    c.setLineJoin(item.join)
            k, g = item.kind, item.geometry
            if k == "path":
                path = c.beginPath()
                for seg in g:
                    op = seg[0]
                    if op == "M":
                        path.moveTo(seg[1], seg[2])
                    elif op == "L":
                        path.lineTo(seg[1], seg[2])
                    elif op == "C":
                        path.curveTo(*seg[1:])
                    else:
                        path.close()
                c.drawPath(path, stroke=int(stroke), fill=int(fill), fillMode=FILL_EVEN_ODD if item.evenodd else FILL_NON_ZERO)
            elif k == "rect":
                x, y, w, h, r = g
                if r > 0:
                    c.roundRect(x, y, w, h, r, stroke=int(stroke), fill=int(fill))
                else:
                    c.rect(x, y, w, h, stroke=int(stroke), fill=int(fill))
            elif k == "circle":
                c.circle(*g, stroke=int(stroke), fill=int(fill))
            elif k == "ellipse":
                c.ellipse(*g, stroke=int(stroke), fill=int(fill))
            elif k == "line":
                c.line(*g)
            c.restoreState()

    c.saveState()
    c.transform(*p.matrix)
    walk(p.items)
    c.restoreState()

"""The card a template marks with crop marks and no rectangle.

Many templates in the wild are a page larger than the card (a print shop's
sheet, a card drawn in the middle of an A4 page) whose card is shown only by
crop marks: short straight lines in the margin, two on each cut line, lying on
the lines the cutter follows. Inkscape's Render > Layout > Printing Marks
extension draws them so (a `CropMarks` group of `M x,y L x,y` paths, 1 cm long,
beside each corner; its `BleedMarks` group, dashed, marks the bleed), and so do
hand-drawn ones. The card is the rectangle those lines bound.

`card_box` finds it: every straight stroke (a <line>, a 2-point <polyline>, a
<path> of straight moves and lines only), horizontal or vertical, between 1 and
30 mm long; vertical ones gathered by x, horizontal ones by y (0.1 mm apart at
most). A cut line is an x (or y) with two marks or more, each wholly outside
the rectangle the other direction's lines bound. Exactly two cut lines each way
name a card; anything else (no marks, a sheet of many cards, a frame drawn with
lines) names none and the template is read as it is. A group labelled or named
`CropMarks` (Inkscape's) is read alone when present, so its bleed marks beside
it do not count.
"""

from __future__ import annotations

import math
import re

from printkit.custom.svgmatrix import IDENTITY, BadNumber, Matrix, apply, mul, parse_transform

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
HIDDEN = ("defs", "clipPath", "mask", "symbol", "pattern", "marker", "metadata")
_TOKEN = re.compile(r"[MmLlHhVvZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
MAX_STROKES = 20_000  # lines looked at in one file


def _segments(d: str) -> list[tuple[float, float, float, float]] | None:
    """The straight segments of path data made of moves and lines only; None
    when it holds anything else (a curve, an arc: no crop mark)."""
    out: list = []
    x = y = sx = sy = 0.0
    cmd = None
    nums: list[float] = []
    tokens = _TOKEN.findall(d)
    if len("".join(tokens)) < len(re.sub(r"[\s,]", "", d)):
        return None  # letters other than M, L, H, V, Z
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd in "Zz":
                if (x, y) != (sx, sy):
                    out.append((x, y, sx, sy))
                x, y = sx, sy
            continue
        if cmd is None:
            return None
        need = 1 if cmd in "HhVv" else 2
        nums = [float(v) for v in tokens[i:i + need]]
        if len(nums) < need or any(tok.isalpha() for tok in tokens[i:i + need]):
            return None
        i += need
        rel = cmd.islower()
        if cmd in "Mm":
            x, y = (x + nums[0], y + nums[1]) if rel else (nums[0], nums[1])
            sx, sy = x, y
            cmd = "l" if rel else "L"  # further pairs after a move are lines
            continue
        if cmd in "Hh":
            nx, ny = (x + nums[0] if rel else nums[0]), y
        elif cmd in "Vv":
            nx, ny = x, (y + nums[0] if rel else nums[0])
        else:
            nx, ny = (x + nums[0], y + nums[1]) if rel else (nums[0], nums[1])
        out.append((x, y, nx, ny))
        x, y = nx, ny
    return out


def _strokes(root, within=None):
    """(element, (x0, y0, x1, y1)) of each straight segment drawn, in the root's user units."""
    found = []

    def walk(el, m: Matrix) -> None:
        for child in el:
            if not isinstance(child.tag, str) or len(found) > MAX_STROKES:
                continue
            tag = child.tag.rpartition("}")[2]
            if tag in HIDDEN or "display:none" in (child.get("style") or "").replace(" ", "") or child.get("display") == "none":
                continue
            try:
                cm = mul(m, parse_transform(child.get("transform")))
            except BadNumber:
                continue
            segs = None
            try:
                if tag == "line":
                    segs = [tuple(float(child.get(k) or 0) for k in ("x1", "y1", "x2", "y2"))]
                elif tag == "polyline":
                    v = [float(n) for n in re.split(r"[\s,]+", (child.get("points") or "").strip()) if n]
                    segs = [(v[0], v[1], v[2], v[3])] if len(v) == 4 else None
                elif tag == "path":
                    segs = _segments(child.get("d") or "")
            except ValueError:
                segs = None
            for s in segs or ():
                (a, b), (c, d) = apply(cm, s[0], s[1]), apply(cm, s[2], s[3])
                if all(math.isfinite(v) for v in (a, b, c, d)):
                    found.append((child, (a, b, c, d)))
            if tag in ("g", "a", "svg", "switch"):
                walk(child, cm)

    walk(within if within is not None else root, IDENTITY)
    return found


def _marks_group(root):
    for el in root.iter(SVG + "g"):
        if "cropmarks" in ((el.get("id") or "") + " " + (el.get(INKSCAPE_LABEL) or "")).lower().replace(" ", "").replace("-", ""):
            return el
    return None


def _matrix_to(root, el) -> Matrix:
    m = IDENTITY
    for anc in reversed(list(el.iterancestors())):
        if anc is not root:
            m = mul(m, parse_transform(anc.get("transform")))
    return m


def _lines(values: list[tuple[float, float, float]], tol: float) -> list[list[tuple[float, float, float]]]:
    """Marks (position, from, to) gathered by their position, `tol` apart at most."""
    groups: list[list] = []
    for v in sorted(values):
        if groups and v[0] - groups[-1][-1][0] <= tol:
            groups[-1].append(v)
        else:
            groups.append([v])
    return groups


def card_box(root, mm_per_unit: float):
    """((x0, y0, x1, y1) in the root's user units of the card the crop marks
    bound, the elements that draw the marks), or None."""
    group = _marks_group(root)
    try:
        if group is not None:
            m = _matrix_to(root, group)
            strokes = [(el, (*apply(m, a, b), *apply(m, c, d))) for el, (a, b, c, d) in _strokes(root, group)]
        else:
            strokes = _strokes(root)
    except BadNumber:
        return None
    if not strokes or not mm_per_unit > 0:
        return None
    tol = 0.1 / mm_per_unit
    vertical, horizontal = [], []
    for el, (a, b, c, d) in strokes:
        length = math.hypot(c - a, d - b) * mm_per_unit
        if not 1.0 <= length <= 40.0:
            continue
        if abs(c - a) <= tol / 10:
            vertical.append(((a + c) / 2, min(b, d), max(b, d), id(el)))
        elif abs(d - b) <= tol / 10:
            horizontal.append(((b + d) / 2, min(a, c), max(a, c), id(el)))
    xs = [g for g in _lines(vertical, tol) if len(g) >= 2]
    ys = [g for g in _lines(horizontal, tol) if len(g) >= 2]
    if len(xs) != 2 or len(ys) != 2:
        return None
    x0, x1 = (sum(v[0] for v in g) / len(g) for g in xs)
    y0, y1 = (sum(v[0] for v in g) / len(g) for g in ys)
    if (x1 - x0) * mm_per_unit < 10 or (y1 - y0) * mm_per_unit < 10:
        return None
    # each mark lies wholly outside the card (in the margin), on its cut line
    outside_y = all(hi <= y0 + tol or lo >= y1 - tol for g in xs for _, lo, hi, _ in g)
    outside_x = all(hi <= x0 + tol or lo >= x1 - tol for g in ys for _, lo, hi, _ in g)
    if not (outside_y and outside_x):
        return None
    marks = {v[3] for g in xs + ys for v in g}
    if group is not None:
        return (x0, y0, x1, y1), [group]
    # an element is a mark when every segment it draws is one (an L of two marks at a corner too)
    els = {id(el): el for el, _ in strokes}
    whole = [el for key, el in els.items() if key in marks and all(id(e) != key or _is_mark(s, x0, y0, x1, y1, tol) for e, s in strokes)]
    return (x0, y0, x1, y1), whole


def _is_mark(s, x0, y0, x1, y1, tol) -> bool:
    a, b, c, d = s
    on_x = abs(a - c) <= tol / 10 and min(abs(a - x0), abs(a - x1)) <= tol
    on_y = abs(b - d) <= tol / 10 and min(abs(b - y0), abs(b - y1)) <= tol
    return on_x or on_y

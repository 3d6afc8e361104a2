"""Reading an SVG template: its namespaces, lengths in their units, an
element's style properties (its presentation attributes and style
attribute), whether an element holds placeholders; the units a template's
elements are sorted into (QrUnit, ImageUnit, RasterUnit, SnippetUnit; text:
svgtext.TextUnit); a template read before it is parsed (Jinja2 blocks
around elements) and cut to one card of a sheet (crop_to_element,
cut_to_crop_marks)."""

from __future__ import annotations

import copy
import math
import re
from functools import lru_cache

from printkit.custom import template as T
from printkit.custom.svgcss import declarations as _declarations
from printkit.custom.svgdraw import image_fit as _image_fit
from printkit.custom.svgmatrix import IDENTITY, BadNumber, Matrix, apply, mul, parse_transform
from printkit.errors import UsageError

SVG_NS = "http://www.w3.org/2000/svg"
XLINK = "{http://www.w3.org/1999/xlink}href"
SODIPODI_ROLE = "{http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd}role"
UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "pc": 25.4 / 6, "px": 25.4 / 96, "": 25.4 / 96}
NONPAINT = {"defs", "style", "metadata", "title", "desc", "namedview", "script"}
INHERITED = ("font-family", "font-size", "font-weight", "font-style", "fill", "text-anchor", "fill-opacity", "visibility", "direction",
             "stroke", "stroke-width", "stroke-opacity", "stroke-linejoin", "stroke-linecap", "stroke-miterlimit")


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _length(text: str | None, table: dict) -> float | None:
    if text is None:
        return None
    m = re.fullmatch(r"\s*([-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?\d+)?)\s*([a-z%]*)\s*", str(text))
    if not m or m.group(2) not in table:
        return None
    v = float(m.group(1)) * table[m.group(2)]
    if not math.isfinite(v) or abs(v) > 1e6:
        raise BadNumber(f"length '{str(text)[:40]}' is out of range")
    return v


def _style(el) -> dict:
    """An element's style properties: its presentation attributes, then the
    declarations of its style attribute (which win)."""
    out = {}
    for key in INHERITED + ("shape-inside", "inline-size", "line-height"):
        if el.get(key) is not None:
            out[key] = el.get(key)
    out.update(_declarations(el.get("style") or ""))
    return out


def _has_placeholder(el) -> bool:
    return any(T.PLACEHOLDER.search(v) for v in el.attrib.values()) or bool(el.text and T.PLACEHOLDER.search(el.text))


def _subtree_placeholder(el) -> bool:
    return any(_has_placeholder(x) for x in el.iter() if isinstance(x.tag, str))


class QrUnit:
    def __init__(self, el, matrix: Matrix, content, box: tuple[float, float, float, float]) -> None:
        self.el, self.matrix, self.content, self.box = el, matrix, content, box


class ImageUnit:
    """box: x, y, w, h in user units; aspect: its preserveAspectRatio (a
    template when a placeholder gives it); alpha: its opacity times its groups'."""

    def __init__(self, el, matrix: Matrix, href, box: tuple[float, float, float, float], aspect, alpha: float = 1.0) -> None:
        self.el, self.matrix, self.href, self.box, self.aspect, self.alpha = el, matrix, href, box, aspect, alpha

    def fit(self, v: dict | None = None) -> tuple[str, float, float]:
        """The fit and alignment on a card with these values (_image_fit); with
        none, a per-row value is read as the default."""
        if isinstance(self.aspect, str):
            return _image_fit(self.aspect)
        return _image_fit(T.render(self.aspect, v)) if v is not None else _image_fit("")


class RasterUnit:
    """doc: the document with only this element; picture: (PIL image, x, y, w, h
    mm from the page's top left), made once."""

    def __init__(self, number: int, doc, picture=None) -> None:
        self.number, self.doc, self.picture = number, doc, picture


class Kept(dict):
    """A memo that keeps its newest `most` entries (the oldest go first): what
    is worked out per card's rendering of an element (its drawing, its checks)
    stays bounded however many cards and elements a template has; what goes is
    worked out again if asked for (a drawn one is already a form in the PDF)."""

    def __init__(self, most: int = 256) -> None:
        super().__init__()
        self.most = most

    def __setitem__(self, key, value) -> None:
        if key not in self and len(self) >= self.most:
            del self[next(iter(self))]
        super().__setitem__(key, value)


class SnippetUnit:
    """template: the element's compiled XML template; skeleton: the document
    with only this unit (its node marked); drawings: what each rendering of it
    gave (its drawing, picture and checks), the newest kept (Kept)."""

    def __init__(self, number: int, template, skeleton, drawings: dict | None = None) -> None:
        self.number, self.template, self.skeleton = number, template, skeleton
        self.drawings = Kept() if drawings is None else drawings
        self.size = sum(1 for _ in skeleton.iter()) if skeleton is not None else 0  # elements each rendering copies


def _page_scale(root, where: str) -> tuple[float, float]:
    """mm per user unit across and down: the page's own scale."""
    try:
        vb = [float(v) for v in re.split(r"[\s,]+", (root.get("viewBox") or "").strip()) if v]
        pw, ph = _length(root.get("width"), UNIT_MM), _length(root.get("height"), UNIT_MM)
    except (ValueError, UsageError):
        raise UsageError(f"{where}: the SVG's viewBox, width or height is not a number") from None
    if len(vb) == 4 and vb[2] > 0 and vb[3] > 0 and pw and ph:
        return pw / vb[2], ph / vb[3]
    return UNIT_MM["px"], UNIT_MM["px"]


def _cut_page(root, x0: float, y0: float, x1: float, y1: float, where: str) -> None:
    """The page becomes the box (x0, y0)-(x1, y1) of user units, its scale kept."""
    kx, ky = _page_scale(root, where)
    root.set("viewBox", f"{x0:g} {y0:g} {x1 - x0:g} {y1 - y0:g}")
    root.set("width", f"{(x1 - x0) * kx:.6g}mm")
    root.set("height", f"{(y1 - y0) * ky:.6g}mm")


def cut_to_crop_marks(root, where: str) -> str:
    """A page whose card is shown by crop marks alone (printkit/custom/cropmarks.py)
    is cut to the rectangle they bound and the marks left out; the run summary's
    sentence, or "" when the page has no such marks."""
    from printkit.custom import cropmarks

    try:
        kx, ky = _page_scale(root, where)
    except UsageError:
        return ""  # said by the size check, in its words
    found = cropmarks.card_box(root, (kx + ky) / 2)
    if found is None:
        return ""
    (x0, y0, x1, y1), marks = found
    for el in marks:
        if el.getparent() is not None:
            el.getparent().remove(el)
    _cut_page(root, x0, y0, x1, y1, where)
    return f"the card is the {(x1 - x0) * kx:.1f}x{(y1 - y0) * ky:.1f} mm its crop marks bound (the page cut to them, the marks left out)"


def crop_to_element(root, element: str, where: str) -> None:
    """The card is the rectangle with id `element` on a larger page (`cards.svg#card`),
    as the countersheets extension and sheet-of-templates files keep it: the page
    becomes that rectangle (viewBox, width and height), and only the group holding
    the rectangle is drawn (the other templates on the sheet are left out, as the
    extension copies that group alone). The page's own units are kept. UsageError
    naming the id when it is not an axis-aligned <rect>."""
    found = [el for el in root.iter() if isinstance(el.tag, str) and el.get("id") == element]
    if not found:
        raise UsageError(f"{where}: no element with id '{element}' (the card's rectangle, named after the '#')")
    rect = found[0]
    if _local(rect.tag) != "rect":
        raise UsageError(f"{where}#{element}: is a <{_local(rect.tag)}>; the card named after the '#' is a <rect> (its outline)")
    try:
        x, y = (float(rect.get(k) or 0) for k in ("x", "y"))
        w, h = (float(rect.get(k) or 0) for k in ("width", "height"))
        m = IDENTITY
        for anc in [*reversed(list(rect.iterancestors())), rect]:
            if anc is not root:
                m = mul(m, parse_transform(anc.get("transform")))
    except (ValueError, BadNumber):
        raise UsageError(f"{where}#{element}: its x, y, width, height or a transform is not a number") from None
    if not (math.isfinite(w) and math.isfinite(h) and w > 0 and h > 0) or abs(m[1]) > 1e-9 or abs(m[2]) > 1e-9:
        raise UsageError(f"{where}#{element}: the card's rectangle must have a width and height and not be rotated or skewed")
    (x0, y0), (x1, y1) = apply(m, x, y), apply(m, x + w, y + h)
    x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    _cut_page(root, x0, y0, x1, y1, where)
    group = rect.getparent()
    layer = "{http://www.inkscape.org/namespaces/inkscape}groupmode"
    if group is None or group is root or _local(group.tag) != "g" or group.get(layer) == "layer":
        return  # a rectangle on a layer of its own: the page is cut to it, nothing else changes
    # the sheet's other elements are not drawn, but stay as sources a clone may show (a
    # symbol parked beside the card, its target chosen per row: href="#{{ symbol }}"): moved
    # into a <defs>; those with placeholders of their own (other ported templates) are dropped
    from lxml import etree

    parked = etree.Element(f"{{{SVG_NS}}}defs")
    keep = group
    while keep is not root:
        parent = keep.getparent()
        for sibling in list(parent):
            if sibling is keep or not isinstance(sibling.tag, str) or _local(sibling.tag) in NONPAINT:
                continue
            parent.remove(sibling)
            if not _subtree_placeholder(sibling):
                parked.append(sibling)  # a clone draws it in its own place: its old parents' transforms never applied
        keep = parent
    _unreferenced_out(root, parked)
    if len(parked):
        root.insert(0, parked)


_URL_REF = r"url\(\s*['\"]?#([^)'\"]*)"  # compiled by re at the first use


def _references(el) -> set | None:
    """The ids the elements in `el` name (a clone's href="#id", url(#id) in an
    attribute or style); None when one is a placeholder (any id may be meant)."""
    out: set = set()
    url_ref = re.compile(_URL_REF)
    for x in el.iter():
        if not isinstance(x.tag, str):
            continue
        for key, v in x.attrib.items():
            names = url_ref.findall(v)
            if (key == XLINK or key == "href") and v.startswith("#"):
                names.append(v[1:])
            for name in names:
                if T.PLACEHOLDER.search(name):
                    return None
                out.add(name.strip())
    return out


def _unreferenced_out(root, parked) -> None:
    """Of the sheet's other elements parked as clone sources, only those the
    card names (directly, or through what it names) stay: every drawing of the
    card (one per snippet and card) would otherwise carry the whole sheet."""
    wanted = _references(root)
    pending = list(parked)
    grew = wanted is not None
    while grew and wanted is not None:
        grew = False
        for el in list(pending):
            if {x.get("id") for x in el.iter() if isinstance(x.tag, str) and x.get("id")} & wanted:
                pending.remove(el)
                more = _references(el)
                wanted = None if more is None else wanted | more
                grew = True
                if wanted is None:
                    break
    if wanted is not None:
        for el in pending:
            parked.remove(el)


def _shallow(el):
    """The element without its children (its own attributes only)."""
    out = copy.copy(el)
    for child in list(out):
        out.remove(child)
    return out


def _scale(m: Matrix) -> float:
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c)) or 1.0


INKSCAPE_VERSION = "{http://www.inkscape.org/namespaces/inkscape}version"


def _old_inkscape(root) -> bool:
    """The file was written by Inkscape 0.91 or earlier (90 px to the inch)."""
    m = re.match(r"\s*0\.(\d+)", root.get(INKSCAPE_VERSION) or "")
    return bool(m) and int(m.group(1)) < 92


_BLOCK = re.compile(r"\{%-?\s*(if|elif|else|endif)\b(.*?)-?%\}", re.S)


_TAGS = r"(?s)\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}"  # compiled by re at the first use, as _ENTITY


def _placeholders_unescaped(xml: str) -> str:
    """A serialized element with the XML escapes inside its placeholders undone:
    `fill="{{ 'a' if kind == &quot;b&quot; else 'c' }}"` is read by Jinja as the
    editor's attribute held it (`kind == "b"`), as a text's placeholder is. What
    the placeholder makes is escaped again by the XML template."""
    if "&" not in xml:
        return xml
    return re.sub(_TAGS, lambda m: re.sub(_ENTITY, _entity, m.group(0)) if "&" in m.group(0) else m.group(0), xml)


_ENTITY = r"&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);"  # what lxml writes


_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _entity(m) -> str:
    name = m.group(1)
    if name[0] != "#":
        return _NAMED[name]
    code = int(name[2:], 16) if name[1] == "x" else int(name[1:])
    return chr(code) if 0 < code < 0x110000 else m.group(0)


_LAST_INK = re.compile(r"\S(?=\s*\Z)")


_INK = re.compile(r"\S")


def _standing(masked: str, found: list) -> list:
    """For each block tag in `found` (in order), whether it stands between
    elements: the text before it ends with a tag's `>` and the text after it
    starts with `<`, white space aside. Other block tags count as white space
    (`masked` has them blanked), so blocks in a row stand too. One pass: each
    gap between two tags is read once."""
    n = len(found)
    before, after = [""] * n, [""] * n
    prev_end = 0
    for i, m in enumerate(found):
        hit = _LAST_INK.search(masked, prev_end, m.start())
        before[i] = hit.group(0) if hit else (before[i - 1] if i else "")
        prev_end = m.end()
    next_start = len(masked)
    for i in range(n - 1, -1, -1):
        m = found[i]
        hit = _INK.search(masked, m.end(), next_start)
        after[i] = hit.group(0) if hit else (after[i + 1] if i + 1 < n else "")
        next_start = m.start()
    return [b == ">" and a == "<" for b, a in zip(before, after)]


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def _element_blocks(data: bytes, name: str = "template") -> bytes:
    """`{% if cond %}` ... `{% elif %}` ... `{% else %}` ... `{% endif %}` standing
    between elements (a template written for whole-file Jinja, as robotfindskitten's
    and other generators' are) becomes groups shown or hidden by the condition:
    <g style="display:{{ 'inline' if (cond) else 'none' }}">, in any number, in a
    row, one inside another. A block whose tags all stand between elements is
    turned into groups; one with a tag inside a tag or inside an element's text
    is left to Jinja where it stands."""
    if b"{%" not in data:
        return data
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    found = list(_BLOCK.finditer(text))
    if not found:
        return data
    pieces, pos = [], 0
    for m in found:
        pieces += [text[pos:m.start()], " " * (m.end() - m.start())]
        pos = m.end()
    masked = "".join(pieces) + text[pos:]
    standing = dict(zip((m.start() for m in found), _standing(masked, found)))
    blocks, stack = [], []  # each block: its tags (matches), if first, endif last

    def unbalanced(m, fault: str):
        line = text.count("\n", 0, m.start()) + 1
        return UsageError(f"{name}: placeholder error: {' '.join(m.group(0).split())} on line {line} {fault}")

    for m in found:
        kind = m.group(1)
        if kind == "if":
            stack.append([m])
        elif not stack:
            raise unbalanced(m, "has no {% if %} before it")
        else:
            if stack[-1][-1].group(1) == "else" and kind != "endif":
                raise unbalanced(m, "comes after the block's {% else %}")
            stack[-1].append(m)
            if kind == "endif":
                blocks.append(stack.pop())
    if stack:
        raise unbalanced(stack[-1][0], "has no {% endif %}")
    tags = {}
    for block in blocks:
        if not all(standing[m.start()] for m in block):
            continue
        conds = []
        for m in block:
            kind, cond = m.group(1), _attr(" ".join(m.group(2).split()))
            prior = " or ".join(f"({c})" for c in conds)
            if kind == "if":
                tags[m.start()] = (m.end(), f"<g style=\"display:{{{{ 'inline' if ({cond}) else 'none' }}}}\">")
            elif kind == "elif":
                tags[m.start()] = (m.end(), f"</g><g style=\"display:{{{{ 'inline' if (not ({prior}) and ({cond})) else 'none' }}}}\">")
            elif kind == "else":
                tags[m.start()] = (m.end(), f"</g><g style=\"display:{{{{ 'none' if ({prior}) else 'inline' }}}}\">")
            else:
                tags[m.start()] = (m.end(), "</g>")
            conds.append(cond)
    if not tags:
        return data
    out, pos = [], 0
    for start in sorted(tags):
        end, tag = tags[start]
        out.append(text[pos:start])
        out.append(tag)
        pos = end
    out.append(text[pos:])
    return "".join(out).encode("utf-8")

"""Reading an SVG template: its namespaces, lengths in their units, an
element's style properties (its presentation attributes and style
attribute), and whether an element holds placeholders."""

from __future__ import annotations

import math
import re

from printkit.custom import template as T
from printkit.custom.svgmatrix import BadNumber

SVG_NS = "http://www.w3.org/2000/svg"
XLINK = "{http://www.w3.org/1999/xlink}href"
SODIPODI_ROLE = "{http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd}role"
UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "pc": 25.4 / 6, "px": 25.4 / 96, "": 25.4 / 96}
CSS_UNITS = {"px": 1.0, "": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
NONPAINT = {"defs", "style", "metadata", "title", "desc", "namedview", "script"}
INHERITED = ("font-family", "font-size", "font-weight", "font-style", "fill", "text-anchor", "fill-opacity", "visibility", "direction")


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
    out = {}
    for key in INHERITED + ("shape-inside", "inline-size", "line-height"):
        if el.get(key) is not None:
            out[key] = el.get(key)
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            k, v = decl.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def _image_fit(aspect) -> str:
    """An <image>'s preserveAspectRatio as a picture fit: "none" stretches the
    picture over its box, "... slice" covers it, anything else fits inside."""
    a = (aspect or "").strip()
    if a.split()[:1] == ["none"]:
        return "stretch"
    return "cover" if "slice" in a else "contain"


def _has_placeholder(el) -> bool:
    return any(T.PLACEHOLDER.search(v) for v in el.attrib.values()) or bool(el.text and T.PLACEHOLDER.search(el.text))


def _subtree_placeholder(el) -> bool:
    return any(_has_placeholder(x) for x in el.iter() if isinstance(x.tag, str))

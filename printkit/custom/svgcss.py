"""A `style` attribute's declarations, read by tinycss2: the one reader of
inline CSS that the template parser (svgparse), the style sheet merge and the
drawer (svgdraw, svgart) share."""

from __future__ import annotations

import re
from functools import lru_cache


#: CSS's absolute lengths in user units (px), as SVG reads them
CSS_UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0, "q": 96 / 25.4 / 4}


@lru_cache(maxsize=4096)
def declarations(text: str) -> tuple[tuple[str, str], ...]:
    """A style attribute's declarations, (name, value) in order, found by
    tinycss2: a semicolon or colon inside quotes, brackets, url() or a Jinja2
    placeholder ({{ ... }}, {% ... %}: CSS blocks) parts nothing. Names and
    values are the attribute's own text (comments left out), never tinycss2's
    re-serialised tokens, which would rewrite the quotes inside a placeholder."""
    if ":" not in text:
        return ()
    import tinycss2

    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n").replace("\0", "\ufffd")  # as tinycss2 reads it
    lines = [0]
    for n, ch in enumerate(text):
        if ch == "\n":
            lines.append(n + 1)
    tokens = tinycss2.parse_component_value_list(text)
    starts = [lines[t.source_line - 1] + t.source_column - 1 for t in tokens] + [len(text)]
    out, name, value = [], None, []
    for k, tok in enumerate(tokens + [None]):
        if tok is None or (tok.type == "literal" and tok.value == ";"):
            if name is not None and name.strip():
                out.append((name.strip(), "".join(value).strip()))
            name, value = None, []
        elif tok.type == "literal" and tok.value == ":" and name is None:
            name, value = "".join(value), []
        elif tok.type != "comment":
            value.append(text[starts[k] : starts[k + 1]])
    return tuple(out)


def sheet_text(el) -> str:
    """A <style> element's whole sheet, as Inkscape 1.2 reads it: its text and
    the text after each node inside it (a processing instruction, an element,
    a comment left in), the nodes' own content not. lxml's `.text` stops at the
    first such node; resvg reads only that first part, so the gate hands a
    renderer the sheet as one text (safety._Refs.walk), and every reader here
    (the gate, the style sheet merge, the parts' documents) reads it through
    this one function."""
    return (el.text or "") + "".join(child.tail or "" for child in el)


def with_property(text: str | None, name: str, value: str) -> str:
    """A style attribute with `name` set to `value`: its other declarations kept
    in order, any earlier `name` dropped, the new one last."""
    rest = [f"{k}:{v}" for k, v in declarations(text or "") if k != name]
    return ";".join([*rest, f"{name}:{value}"])


def style_dict(text: str | None) -> dict[str, str]:
    """The declarations of a style attribute as a dict (a later one wins)."""
    return dict(declarations(text or ""))


def is_bold(weight) -> bool:
    """Whether a font-weight asks for a bold face: bold, bolder, or a number
    of 600 or more (CSS weights run 1-1000; a value of 5,000 digits, or digits
    of another script, is no weight)."""
    w = str(weight or "").strip().lower()
    if w in ("bold", "bolder"):
        return True
    return w.isascii() and w.isdigit() and len(w) <= 4 and int(w) >= 600


_CSS_NAMES = {"black": "#000000", "blue": "#0000ff", "green": "#008000", "grey": "#808080", "orange": "#ffa500", "purple": "#800080", "white": "#ffffff", "yellow": "#ffff00"}


@lru_cache(maxsize=4096)
def parse_color(text: str | None, css: bool = False):
    """'#rgb', '#rrggbb', a printkit palette name or a CSS name -> (r, g, b) 0..1,
    'none' -> None. ValueError for anything else. `css`: a colour an SVG editor
    wrote, where "blue" is CSS's blue (#0000ff), not printkit's palette blue."""
    from printkit.engine.ink import PALETTE

    if text is None:
        return None
    t = str(text).strip().lower()
    if t in ("", "none", "transparent"):
        return None
    if css and t in _CSS_NAMES:
        t = _CSS_NAMES[t]
    elif t in PALETTE:
        t = PALETTE[t].lower()
    if re.fullmatch(r"#[0-9a-f]{3}", t):
        t = "#" + "".join(ch * 2 for ch in t[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", t):
        return tuple(int(t[i : i + 2], 16) / 255 for i in (1, 3, 5))
    m = re.fullmatch(r"rgba?\(\s*([0-9.]+)(%?)\s*,\s*([0-9.]+)(%?)\s*,\s*([0-9.]+)(%?)\s*(?:,\s*[0-9.]+%?\s*)?\)", t)
    if m:  # rgb(235,64,52) and rgb(92%,25%,20%), as Affinity and others write
        try:
            return tuple(min(1.0, float(m.group(i)) / (100 if m.group(i + 1) else 255)) for i in (1, 3, 5))
        except ValueError:
            pass
    from reportlab.lib import colors

    c = getattr(colors, t, None)
    if isinstance(c, colors.Color):
        return (c.red, c.green, c.blue)
    raise ValueError(f"'{text}' is not a colour (#rrggbb or a name)")

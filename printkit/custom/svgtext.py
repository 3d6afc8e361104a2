"""The text of an SVG template: the texts printkit sets itself (a <text>,
Inkscape's flowed text, SVG 2 shape-inside and inline-size), read into
TextUnits and laid out (font, size, lines wrapped and shrunk to their box,
the ink they put on the card) and drawn.

SvgText is the part of SvgTemplate (custom/svg.py) that does this; the
functions below read a text's properties."""

from __future__ import annotations

import math
import re
from pathlib import Path

from printkit.custom import safety, svgdraw, template as T
from printkit.custom.assets import load_svg_drawing, resolved_svg
from printkit.custom.svgmatrix import BadNumber, Matrix, apply, mul, parse_transform
from printkit.custom.svgcss import CSS_UNITS, is_bold
from printkit.custom.svgparse import INHERITED, SODIPODI_ROLE, _length, _local, _old_inkscape, _style, _subtree_placeholder
from printkit.engine.text import as_faces, ASCENT, DESCENT, draw_fitted, draw_line, editor_metrics, face_metrics, Faces, FILL, FILL_OUTLINE, fit, ink_extent, LEADING, METRICS, OUTLINE, plain, SPAN_CLOSE, span_open
from printkit.engine.shaping import missing
from printkit.errors import UsageError
from printkit.custom.svgdraw import _opacity


class TextUnit:
    """A text printkit sets itself: el, matrix (user units of the text -> card
    pt, y up), props (style property -> compiled template or str), content
    (compiled template or str), x, y, box (x, y (top), w, h in the text's user
    units, or None), min_pt, source, static; line_height (ems: text an editor
    wrapped in a shape, set as Inkscape sets it), shrink (may be made smaller
    to fit its box), spans (styled spans' (rgb or None, size factor or None),
    marked in the source), invisible (drawn unseen over a picture of itself).

    The units are plain classes, not dataclasses: defining a dataclass costs
    about half a millisecond at every start."""

    def __init__(self, el, matrix: Matrix, props: dict, content, x: float, y: float, box, min_pt: float, source: str, static: bool,
                 line_height: float | None = None, shrink: bool = True, spans: tuple = (), invisible: bool = False) -> None:
        self.el, self.matrix, self.props, self.content, self.x, self.y = el, matrix, props, content, x, y
        self.box, self.min_pt, self.source, self.static = box, min_pt, source, static
        self.line_height, self.shrink, self.spans, self.invisible = line_height, shrink, spans, invisible

    #: set as the editor sets it (docs/own-deck.md, "Text set as the editor set it"):
    #: a line break in a cell runs on (flowPara), space runs kept (xml:space="preserve",
    #: white-space:pre), lines past a flowed region's foot left out
    runon = False
    keep_spaces = False
    overflow = "hide"
    strut = None  # the flowRoot's (or the text in a shape's) own font properties: every line's box takes in its line box
    strut_size = None  # the flowRoot's (text element's) own font size (user units)
    strut_line = None  # its own line height (user units): the strut's, as Inkscape 1.x sizes every line
    span_lines = False  # each line at its own pieces' sizes and line heights (engine/text.line_boxes), as Inkscape 1.x sets it

    @property
    def scale(self) -> float:
        a, b, c, d, _, _ = self.matrix
        return math.sqrt(abs(a * d - b * c))

    def label(self, path: Path) -> str:
        ident = self.el.get("id")
        return f"{path.name} text {ident!r}" if ident else f"{path.name} text '{T.short(plain(self.source), 24)}'"


class SvgText:
    """Reading, laying out and drawing an SVG template's texts (TextUnit);
    mixed into SvgTemplate, whose path, ctx, texts and notes it uses."""

    def _text(self, el, m: Matrix, style: dict) -> None:
        where = f"{self.path.name} text {el.get('id') or ''}".strip()
        props = dict(style)
        spans = [x for x in el.iter() if _local(x.tag) == "tspan"]
        first = None
        if spans:  # Inkscape keeps the font on the first tspan (1.x: on a span inside the line's span)
            # a line's span, or a span holding all its line's text: not a word styled apart in a line
            texts: dict = {}
            lines = [sp for sp in spans if _line_span(sp, el, texts)]
            first = next((sp for sp in lines if any(k in INHERITED for k in _style(sp))), None)
            if first is not None:
                props.update({k: v for k, v in _style(first).items() if k in INHERITED})
        own = _style(el)
        if "shape-inside" in own and not el.get("data-box"):  # text in a shape is aligned by text-align, as Inkscape draws it
            align = {"center": "middle", "end": "end", "right": "end", "start": "start", "left": "start"}.get(str(own.get("text-align", "")).strip())
            if align:
                props["text-anchor"] = align
        table: list = []
        # SVG 2 text in a shape, as Inkscape 1.x sets it: each line at its own spans' sizes and line heights
        # (engine/text.line_boxes), with the text element's own strut (its font, at its size, in its own line height)
        own_size = _plain_size(own.get("font-size")) or _plain_size(style.get("font-size")) or INKSCAPE_MEDIUM
        text_size = _plain_size(props.get("font-size"))
        in_shape = "shape-inside" in own and not el.get("data-box") and not _old_inkscape(self.root) and text_size
        lines = line_height = None
        if in_shape:
            used = _used_line_height(first if first is not None else (spans[0] if spans else el), el, own_size)
            line_height = used / text_size if used is not None else None

            def lines(x):  # a span's own line height in ems of the text's size
                used = _used_line_height(x, el, own_size)
                return used / text_size if used is not None else None
        mark = self._span_marker(props, table, where, lines if line_height else None, line_height, el, style)
        editor = False
        x = _length(el.get("x") or (spans[0].get("x") if spans else None), CSS_UNITS) or 0.0
        y = _length(el.get("y") or (spans[0].get("y") if spans else None), CSS_UNITS) or 0.0
        box = None
        if el.get("data-box"):
            try:
                bx = [float(v) for v in re.split(r"[\s,]+", el.get("data-box").strip())]
                box = (bx[0], bx[1], bx[2], bx[3])
                if not all(math.isfinite(v) and abs(v) < 1e6 for v in box):
                    raise ValueError
            except (ValueError, IndexError):
                raise UsageError(f"{where}: data-box must be 'x y width height' in user units") from None
        elif "shape-inside" in own:
            ref = re.search(r"url\(#([^)]+)\)", own["shape-inside"])
            rect = self.root.find(f".//*[@id='{ref.group(1)}']") if ref else None
            if rect is not None:
                vals = [_length(rect.get(k), CSS_UNITS) for k in ("x", "y", "width", "height")]
                if all(v is not None for v in vals):
                    box = tuple(vals)  # type: ignore[assignment]
                    editor = True
        elif "inline-size" in own:
            width = _length(own["inline-size"], CSS_UNITS) or 0.0
            size = _length(props.get("font-size", "16"), CSS_UNITS) or 16.0
            anchor = text_anchor(props.get("text-anchor", "start"), props.get("direction"))
            left = x - width * {"middle": 0.5, "end": 1.0}.get(anchor, 0.0)
            box = (left, y - ASCENT * size, width, 1e6)
        # SVG 2 text in a shape, as Inkscape 1.2.2 sets it (looked at): a tspan's x and y (or sodipodi:role="line")
        # start no line; under white-space: pre (as Inkscape 1.x writes it) or its kin a line break written in the
        # text is a new line, else a space (xml:space="preserve") or nothing
        breaks = editor and _inherited(el, "white-space") in ("pre", "pre-wrap", "pre-line", "break-spaces")
        source = _text_source(el, mark, breaks, shaped=editor)
        fs = props.get("font-size")
        if fs is not None and not T.PLACEHOLDER.search(str(fs)):
            try:
                value = _length(fs, CSS_UNITS)
            except BadNumber:
                value = math.inf
            scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            if value is not None and not 0 < value * scale <= 2000:
                raise UsageError(f"{where}: font-size '{str(fs)[:20]}' is {value * scale:.4g} pt, out of range (up to 2000 pt)")
        self._gradient_text(props, where)
        compiled = {k: T.compile_text(str(v), where) for k, v in props.items()}
        try:
            min_pt = float(el.get("data-min-size", T.MIN_TEXT_PT))
            if not 0 <= min_pt <= 1000:
                raise ValueError
        except ValueError:
            raise UsageError(f"{where}: data-min-size must be a number of points, not '{el.get('data-min-size')}'") from None
        m = _vertical(el, m, x, y, box, source, where)
        stretch = _inherited(el, "font-stretch")
        if stretch and stretch not in ("normal", "100%", "inherit", "initial", "unset"):
            note = f"{self.path.name}: font-stretch '{T.short(stretch, 20)}' is not read: its texts are set in their family's normal width (name the narrow family itself, e.g. font-family: 'DejaVu Sans Condensed')"
            if note not in self.notes:
                self.notes.append(note)
        unit = TextUnit(el, m, compiled, T.compile_text(source, where), x, y, box, min_pt, source, not _subtree_placeholder(el), spans=tuple(table))
        if editor and not el.get("data-box"):  # set as the editor sets it; shrunk only when data-min-size asks
            unit.line_height = _line_height([*(spans[:1]), el], props, where)
            unit.shrink = el.get("data-min-size") is not None
            if in_shape and line_height:
                unit.line_height = line_height
                unit.span_lines = True
                fam = {**style, **{k: v for k, v in own.items() if k in INHERITED}}
                unit.strut = {k: fam[k] for k in ("font-family", "font-weight", "font-style") if k in fam}
                unit.strut.setdefault("font-family", "Noto Sans")
                unit.strut_size = own_size
                unit.strut_line = _used_line_height(el, el, own_size)
        _editor_ways(unit, el, props, where)
        self.texts.append(unit)
        self._mark(el, "text", unit)  # all text is drawn here: fonts as resolved, never a system look-alike

    def _flow(self, el, m: Matrix, style: dict) -> None:
        """SVG 1.2 flowed text, as Inkscape 0.4x-0.92 writes click-and-drag text:
        <flowRoot><flowRegion><rect/></flowRegion><flowPara>...</flowPara></flowRoot>.
        Drawn like SVG 2 shape-inside text: wrapped in the region's rectangle,
        shrunk to fit, one line break between paragraphs."""
        where = f"{self.path.name} flowed text {el.get('id') or ''}".strip()
        region = next((x for x in el if _local(x.tag) == "flowRegion"), None)
        shapes = [x for x in (region if region is not None else []) if isinstance(x.tag, str)]
        rect = shapes[0] if shapes and _local(shapes[0].tag) == "rect" else None
        vals = [_length(rect.get(k), CSS_UNITS) for k in ("x", "y", "width", "height")] if rect is not None else [None]
        if rect is not None:
            vals = [v if v is not None else (0.0 if i < 2 else None) for i, v in enumerate(vals)]
        if rect is None or any(v is None for v in vals):
            what = f"a <{_local(shapes[0].tag)}>" if shapes else "no shape"
            self.problems.append(("OWN-TEMPLATE", where, f"its flowRegion holds {what}; printkit wraps flowed text in a rectangle only (draw the region as a rectangle, or convert the text: Text > Convert to Text)"))
            return
        rm = parse_transform(rect.get("transform"))
        if abs(rm[1]) > 1e-9 or abs(rm[2]) > 1e-9:
            self.problems.append(("OWN-TEMPLATE", where, "its flowRegion rectangle is rotated or skewed; rotate the whole text instead"))
            return
        x0, y0 = apply(rm, vals[0], vals[1])
        x1, y1 = apply(rm, vals[0] + vals[2], vals[1] + vals[3])
        box = (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        paras = [x for x in el.iter() if _local(x.tag) == "flowPara"]
        props = dict(style)
        props.update({k: v for k, v in _style(el).items() if k in INHERITED})
        root = {k: props[k] for k in ("font-family", "font-weight", "font-style") if k in props}
        root_size = _plain_size(props.get("font-size"))
        # Inkscape 0.4x writes flowRoot > flowDiv > flowPara: a flowDiv's style is its paragraphs' (nearest last)
        divs = []
        up = paras[0].getparent() if paras else None
        while up is not None and up is not el:
            divs.append(up)
            up = up.getparent()
        for div in reversed(divs):
            props.update({k: v for k, v in _style(div).items() if k in INHERITED})
        if paras:
            props.update({k: v for k, v in _style(paras[0]).items() if k in INHERITED})
        # an empty flowPara takes no line in Inkscape 1.x's render: none here either
        table: list = []
        modern = not _old_inkscape(self.root)  # Inkscape 1.x opens a 0.91 file's text with that version's line heights: a percentage of each span's own size, no strut for a size alone
        line_height = _line_height([*(paras[:1]), *divs, el], props, where, (*([_plain_size(props.get("font-size"))] if paras else []), *(_div_size(d, root_size) for d in divs), root_size) if modern else ())
        text_size = _plain_size(props.get("font-size"))
        lines = None
        if modern and text_size:
            def lines(x):  # a span's own line height in ems of the text's size
                used = _used_line_height(x, el, root_size or text_size)
                return used / text_size if used is not None else None
        mark = self._span_marker(props, table, where, lines, line_height, el, style)
        runon = el.get("data-newlines", "run-on") != "break"
        source = "\n".join(t for t in ((_marked(p, mark).strip().replace("\n", " ") if runon else _marked(p, mark).strip()) for p in paras) if plain(t).strip())
        self._gradient_text(props, where)
        compiled = {k: T.compile_text(str(v), where) for k, v in props.items()}
        try:
            min_pt = float(el.get("data-min-size", T.MIN_TEXT_PT))
        except ValueError:
            raise UsageError(f"{where}: data-min-size must be a number of points, not '{el.get('data-min-size')}'") from None
        unit = TextUnit(el, m, compiled, T.compile_text(source, where), box[0], box[1], box, min_pt, source, not _subtree_placeholder(el), spans=tuple(table))
        unit.line_height = line_height  # Inkscape's lines; shrunk only when data-min-size asks
        unit.shrink = el.get("data-min-size") is not None
        _editor_ways(unit, el, props, where)
        unit.runon = runon
        para_size = _plain_size(props.get("font-size"))
        other_size = modern and root_size is not None and para_size is not None and abs(root_size - para_size) > 1e-6 * para_size
        if modern and text_size:
            # Inkscape 1.x: every line is at least the flowRoot's own line box (its strut: its face, at its
            # size, 12 px when it sets none, in its own line height), and each piece's at the piece's own size
            unit.span_lines = True
            unit.strut = root if root.get("font-family") else {**root, "font-family": "Noto Sans"}
            unit.strut_size = root_size or INKSCAPE_MEDIUM
            unit.strut_line = _used_line_height(el, el, unit.strut_size)
        elif other_size or root.get("font-family") and root != {k: props[k] for k in ("font-family", "font-weight", "font-style") if k in props}:
            unit.strut = root if root.get("font-family") else {**root, "font-family": "Noto Sans"}  # the flowRoot's own face at its own size:
            unit.strut_size = root_size if modern else None  # Inkscape grows every line to its line box too
        self.texts.append(unit)
        self._mark(el, "text", unit)

    def _gradient_text(self, props: dict, where: str) -> None:
        """Text filled with a gradient is drawn in the gradient's mean colour, said."""
        fill = str(props.get("fill", ""))
        m = svgdraw.URL.search(fill)
        grad = self._index.get(m.group(1)) if m else None
        if grad is None or _local(grad.tag) not in ("linearGradient", "radialGradient"):
            return
        colours = []
        for stop in svgdraw.gradient_stops(grad, self._index):
            try:
                colours.append(T.parse_color(svgdraw.prop(stop, "stop-color") or "black", css=True))
            except ValueError:
                pass
        if not colours:
            return
        mean = tuple(sum(c[i] for c in colours) / len(colours) for i in range(3))
        props["fill"] = "#%02x%02x%02x" % tuple(round(x * 255) for x in mean)
        self.notes.append(f"{where}: its fill is a gradient ({m.group(1)}); the text is drawn in the gradient's mean colour {props['fill']}")

    def _span_marker(self, props: dict, table: list, where: str, lines=None, line_height: float | None = None, root=None, outer: dict | None = None):
        """A function giving, for a span (tspan, flowSpan, flowPara) of this text,
        the marks its text is wrapped in when it is styled apart from what it
        would be drawn in without them (the text's style, `props`, or the
        nearest marked span around it): its weight, style, size or colour, as
        CSS hands them down, the nearest of the span and its parents up to the
        text `root` that sets one, else `outer` (the root's own, inherited):
        drawn so, as Inkscape draws it (see engine/text.SPAN_OPEN). A paragraph
        that sets no size after one that sets 60 px is at its parent's size
        (the flowRoot's), never its sibling's. What is not drawn apart (another
        font family, a size or colour from a placeholder or a paint server) is
        said, naming the span. `lines`: a span's line height in ems of the
        text's size (Inkscape 1.x's flowed text), kept in the span's table
        entry (with its size, engine/text.span_line); a span whose line height
        is not the one it would be set in, `line_height` or its marked
        parent's, is marked for it alone too. A span's table entry holds its
        whole colour, size and line height (the innermost span's entry is the
        one drawn)."""
        keys = ("font-family", "font-size", "font-weight", "font-style", "fill")
        outer = props if outer is None else outer
        spans = ("tspan", "flowSpan", "flowPara")
        done: dict = {}  # span -> (marks or None, its computed style, its line height)

        def size_of(value):
            try:
                return _length(str(value), CSS_UNITS)
            except BadNumber:
                return None

        def same(a, b) -> bool:
            return str("" if a is None else a).strip() == str("" if b is None else b).strip()

        def computed(x) -> dict:
            out: dict = {}
            node = x
            while node is not None and node is not root:
                for k, v in _style(node).items():
                    if k in keys and k not in out:
                        out[k] = v
                node = node.getparent()
            for k in keys:
                if k not in out and outer.get(k) is not None:
                    out[k] = outer[k]
            return out

        def drawn(x):
            """(style, line height) x is set in without marks of its own: its nearest marked span's, else the text's."""
            node = x.getparent()
            while node is not None and node is not root:
                if isinstance(node.tag, str) and _local(node.tag) in spans and mark(node) is not None:
                    _m, style, lh = done[node]
                    return style, (lh if lh is not None else line_height)
                node = node.getparent()
            return props, line_height

        def mark(x):
            if x in done:
                return done[x][0]
            comp = computed(x)
            lh = lines(x) if lines is not None else None
            done[x] = (None, comp, lh)
            if not "".join(x.itertext()).strip():
                return None
            base, base_lh = drawn(x)
            own = {k: comp.get(k) for k in keys if not same(comp.get(k), base.get(k))}
            other_line = lh is not None and base_lh is not None and abs(lh - base_lh) > 1e-6 * base_lh
            if not own and not other_line:
                return None
            declared = _style(x)
            bold = italic = None
            rgb = factor = None
            entry = other_line
            apart = []
            w = str(own.get("font-weight") or "").strip().lower()
            if "font-weight" in own:
                if T.PLACEHOLDER.search(w):
                    apart.append(f"font-weight: {w}")
                else:
                    bold = is_bold(w or "normal")
            if "font-style" in own:
                italic = str(own.get("font-style") or "").strip().lower() in ("italic", "oblique")
            if "fill" in own:
                f = str(own["fill"] or "").strip()
                try:
                    if "url(" in f:
                        raise ValueError
                    if not T.PLACEHOLDER.search(f):
                        T.parse_color(f, css=True)
                    entry = True
                except ValueError:
                    apart.append(f"fill: {f}")
            if "font-size" in own:
                mine, theirs = size_of(own["font-size"]), size_of(props.get("font-size", "16"))
                if mine and theirs and not T.PLACEHOLDER.search(str(own["font-size"])):
                    entry = True
                else:
                    apart.append(f"font-size: {own['font-size']}")
            if "font-family" in own:
                apart.append(f"font-family: {own['font-family']}")
            if apart:
                ident = x.get("id") or T.short("".join(x.itertext()), 20)
                whose = "its own" if all(a.split(":")[0] in declared for a in apart) else "its parent's"
                self.notes.append(f"{where}: {_local(x.tag)} '{ident}' has {whose} {', '.join(apart)}; that is drawn in the text's")
            k = 0
            if entry:  # the span's whole colour and size (of the text's, when its own are the text's), and its line height
                f = str(comp.get("fill") or "").strip()
                if f and not same(f, props.get("fill")) and "url(" not in f:
                    try:
                        # a placeholder: the span's colour filled per card (card_spans), as Inkscape draws the filled-in file
                        rgb = T.compile_text(f, where) if T.PLACEHOLDER.search(f) else T.parse_color(f, css=True)
                    except ValueError:
                        rgb = None
                mine, theirs = size_of(comp.get("font-size")), size_of(props.get("font-size", "16"))
                if mine and theirs and not T.PLACEHOLDER.search(str(comp.get("font-size"))) and abs(mine / theirs - 1) > 1e-9:
                    factor = mine / theirs
                table.append((rgb, factor, lh))
                k = len(table)
            if bold is None and italic is None and not k:
                return None
            marks = (span_open(bold, italic, k), SPAN_CLOSE)
            done[x] = (marks, comp, lh)
            return marks

        return mark

    def _style_of(self, t: TextUnit, v: dict):
        """(font, size, rgb or None, anchor) for this row; computed once when
        the text's style has no placeholder."""
        cached = getattr(t, "_fixed", None)
        if cached is not None:
            return cached
        font, size = self._font(t, v)
        try:
            rgb = T.parse_color(T.render(t.props.get("fill", "#000"), v), css=True)
        except ValueError:
            rgb = (0, 0, 0)
        out = (font, size, rgb, text_anchor(T.render(t.props.get("text-anchor", "start"), v), T.render(t.props.get("direction", ""), v)))
        if all(isinstance(x, str) for x in t.props.values()):
            t._fixed = out
        return out

    def _stroke(self, t: TextUnit, v: dict):
        """The outline a text's glyphs are stroked with for this row, as SVG
        paints a text's stroke (over its fill): (rgb, width in the text's user
        units, opacity, join, cap, miter limit), or None for no stroke (none,
        no width, or a paint that is no colour: OWN-COLOR in check_row)."""
        raw = T.render(t.props.get("stroke", "none"), v)
        try:
            rgb = T.parse_color(raw, css=True)
        except ValueError:
            return None
        if rgb is None:
            return None
        try:
            width = _length(T.render(t.props.get("stroke-width", "1"), v), CSS_UNITS)
        except (BadNumber, UsageError):
            width = None
        width = 1.0 if width is None else width  # SVG's initial stroke-width; a percentage is not read
        if not 0 < width <= 1e5:
            return None
        alpha = _opacity(T.render(t.props.get("stroke-opacity", "1"), v))
        join = {"round": 1, "bevel": 2}.get(T.render(t.props.get("stroke-linejoin", "miter"), v).strip(), 0)
        cap = {"round": 1, "square": 2}.get(T.render(t.props.get("stroke-linecap", "butt"), v).strip(), 0)
        try:
            miter = min(max(1.0, float(T.render(t.props.get("stroke-miterlimit", "4"), v))), 1000.0)
        except ValueError:
            miter = 4.0
        return rgb, width, alpha, join, cap, miter if math.isfinite(miter) else 4.0

    def _font(self, t: TextUnit, v: dict):
        """(Faces, size) of a text for this row: its family and style, found
        (or substituted) by the project's FontBook, with fallback fonts."""
        fam = T.render(t.props.get("font-family", "Noto Sans"), v)
        bold, italic = _bold_italic({k: T.render(x, v) for k, x in t.props.items() if k in ("font-weight", "font-style")})
        font = Faces(self.ctx.fonts, fam, bold, italic)
        raw = T.render(t.props.get("font-size", "16"), v)
        try:
            size = _length(raw, CSS_UNITS) or 16.0
        except UsageError:
            size = math.inf
        if not 0 < size * t.scale <= 2000:
            raise UsageError(f"{t.label(self.path)}: font-size '{T.short(raw, 20)}' is {size * t.scale:.4g} pt, out of range (up to 2000 pt)")
        return font, size

    def _ink(self, t: TextUnit, v: dict, fs=None, fitted=None):
        """The extent of the ink a text puts on the card (mm from the trim's
        bottom left): its set lines, placed as they are drawn (wrapped, shrunk,
        aligned in their box); None when it draws nothing. `fitted`: the
        caller's _fitted of the same (font, size, text) `fs`, not set again."""
        if t.box is None:
            return self._text_extent(t, v, fs)
        if fs is None:
            font, size = self._font(t, v)
            text = t.source
        else:
            font, size, text = fs
        if font is None or not plain(text).strip():
            return None
        bx, by, bw, bh = t.box
        f = self._shown(t, self._fitted(t, v, text, font, size) if fitted is None else fitted, font)
        align = {"middle": "center", "end": "right"}.get(T.render(t.props.get("text-anchor", "start"), v), "left")
        if bh >= 1e5:
            ext = ink_extent(f, bx, -(by + f.height), bw, f.height, align=align)
        else:
            ext = ink_extent(f, bx, -(by + bh), bw, bh, align=align, valign=t.el.get("data-valign", "top"))
        if ext is None:
            return None
        x0, y0, x1, y1 = ext  # y up in the drawing: the text's user space has y down
        return self._safe_box(t.matrix, x0, -y1, x1, -y0)

    def _fitted(self, t: TextUnit, v: dict, text: str, font, size: float):
        """The text set as _draw_text sets it (wrapped in its box, or as lines
        from its x): the check, the ink and the drawing ask fit() with the same
        arguments, so a card's text is set once, not three times."""
        base = text_direction(T.render(t.props.get("direction", ""), v))
        if t.box is not None:
            return self._box_fit(t, text, font, size, not t.static, base)
        return fit(text, font, size, size, 1e9, 1e9, False, markup=not t.static, base=base, spans=t.spans, keep_spaces=t.keep_spaces)

    def _box_fit(self, t: TextUnit, text: str, font, size: float, markup: bool, base=None):
        """The text set in its box: printkit's lines, shrunk down to data-min-size; or,
        for text an editor wrapped in a shape, the editor's lines at its own size."""
        bx, by, bw, bh = t.box
        metrics = METRICS
        if t.line_height is not None:
            font = as_faces(font)._replace(kern=True)
            face = face_metrics(font.font())
            metrics = editor_metrics(t.line_height, *face)
            if t.strut is not None:  # the root's face (found or substituted) takes part in every line's box
                fam = str(t.strut["font-family"])
                if "{" not in fam:  # (a family from a placeholder is left to the paragraph's)
                    bold, italic = _bold_italic(t.strut)
                    ratio = t.strut_size / size if t.strut_size and size else 1.0
                    lead = t.strut_line / size if t.strut_line and size else 0.0
                    font = font._replace(strut=self.ctx.fonts.resolve(fam, bold, italic), strut_size=ratio if math.isfinite(ratio) and ratio > 0 else 1.0,
                                         strut_leading=lead if math.isfinite(lead) and lead > 0 else 0.0)
            if t.span_lines:
                font = font._replace(span_lines=True)
        low = min(t.min_pt / t.scale, size) if t.shrink else size
        return fit(text, font, size, low, bw, bh, True, markup=markup, base=base, metrics=metrics, spans=t.spans, editor=t.line_height is not None, keep_spaces=t.keep_spaces)

    def _kept(self, t: TextUnit, f, font) -> int:
        """How many of a box text's lines Inkscape sets in its region: a line is set
        while its glyphs' depth (baseline + the font's descent) stays inside (the
        leading under the last line may stick out)."""
        a, d, lh = f.metrics
        if t.line_height is not None:
            d = min(d, face_metrics(as_faces(font).font())[1])
        if t.span_lines and f.boxes:  # each line its own height: a line is set while its baseline and the font's descent are inside
            tops = [sum(a_ + d_ for a_, d_ in f.boxes[:n]) + f.boxes[n][0] for n in range(len(f.boxes))]
            return next((n for n in range(len(f.lines), 0, -1) if (tops[n - 1] + d) * f.size <= t.box[3] + 0.01), 0)
        return next((n for n in range(len(f.lines), 0, -1) if (lh * (n - 1) + a + d) * f.size <= t.box[3] + 0.01), 0)

    def _shown(self, t: TextUnit, f, font):
        """The lines drawn: an editor's flowed text loses the lines past its region's
        foot, as Inkscape leaves them out (unless data-overflow="print")."""
        if f.fits or t.box is None or t.line_height is None or t.shrink or t.overflow == "print":
            return f
        n = self._kept(t, f, font)
        return f._replace(lines=f.lines[:n], widths=f.widths[:n], rtl=f.rtl[:n], boxes=f.boxes[:n] if f.boxes else f.boxes)

    def _text_extent(self, t: TextUnit, v: dict, fs):
        if fs is None:
            font, size = self._font(t, v)
            if font is None:
                return None
            text = t.source
        else:
            font, size, text = fs
        f = self._fitted(t, v, text, font, size)
        width = max(f.widths, default=0.0)
        anchor = text_anchor(T.render(t.props.get("text-anchor", "start"), v), T.render(t.props.get("direction", ""), v))
        left = t.x - width * {"middle": 0.5, "end": 1.0}.get(anchor, 0.0)
        top = t.y - ASCENT * size
        bottom = t.y + DESCENT * size + (len(f.lines) - 1) * LEADING * size
        return self._safe_box(t.matrix, left, top, left + width, bottom)

    def _draw_text(self, c, t: TextUnit, v: dict, ink) -> None:
        text = _render_text(t, v)
        if not plain(text).strip():
            return
        font, size, rgb, anchor = self._style_of(t, v)
        stroke = None if t.invisible else self._stroke(t, v)
        if font is None or (rgb is None and stroke is None):
            return
        c.saveState()
        c._pk_where = T.where_drawn(c, t.label(self.path))
        c.transform(*t.matrix)
        c.transform(1, 0, 0, -1, 0, 0)  # SVG's y down -> text upright
        if rgb is not None:
            c.setFillColorRGB(*ink.rgb(rgb))
        base = text_direction(T.render(t.props.get("direction", ""), v))
        alpha = 0.0 if t.invisible else _text_alpha(t, v)
        if alpha < 1:
            c.setFillAlpha(alpha)
        mode = FILL
        if stroke is not None:  # the glyphs' outlines stroked over their fill (or alone, fill: none), in the text's user units
            srgb, width, salpha, join, cap, miter = stroke
            mode = FILL_OUTLINE if rgb is not None else OUTLINE
            c.setStrokeColorRGB(*ink.rgb(srgb))
            c.setLineWidth(width)
            c.setLineJoin(join)
            c.setLineCap(cap)
            c.setMiterLimit(miter)
            salpha *= _group_alpha(t)
            if salpha < 1:
                c.setStrokeAlpha(salpha)
        if t.box is not None:
            bx, by, bw, bh = t.box
            f = self._shown(t, self._box_fit(t, text, font, size, not t.static, base), font)._replace(spans=card_spans(t, v))
            if t.line_height is not None:
                font = font._replace(kern=True)  # set as measured: kerned, as Inkscape sets it
            align = {"middle": "center", "end": "right"}.get(anchor, "left")
            if bh >= 1e5:
                draw_fitted(c, f, font, bx, -(by + f.height), bw, f.height, align=align, icon=self.ctx.icons.drawer(ink, self.ctx.fonts), ink=ink, mode=mode)
            else:
                draw_fitted(c, f, font, bx, -(by + bh), bw, bh, align=align, valign=t.el.get("data-valign", "top"), icon=self.ctx.icons.drawer(ink, self.ctx.fonts), ink=ink, mode=mode)
        else:
            f = fit(text, font, size, size, 1e9, 1e9, False, markup=not t.static, base=base, spans=t.spans, keep_spaces=t.keep_spaces)._replace(spans=card_spans(t, v))
            c.setFont(font.font(), size)
            base = -t.y
            for line, lw, rtl in zip(f.lines, f.widths, f.rtl):
                x = t.x - lw * {"middle": 0.5, "end": 1.0}.get(anchor, 0.0)
                draw_line(c, line, font, size, x, base, self.ctx.icons.drawer(ink, self.ctx.fonts), ink, rtl, f.spans, mode=mode)
                base -= LEADING * size
        c.restoreState()
        c._pk_where = None


def card_spans(t: TextUnit, v: dict) -> tuple:
    """A text's span table for one card: a span's fill from a placeholder
    (`tspan { fill: {{ c }} }`) filled with the card's values; a colour that
    cannot be read is the text's own (check_row names it, OWN-COLOR)."""
    if not any(e[0] is not None and not isinstance(e[0], tuple) for e in t.spans):
        return t.spans
    out = []
    for rgb, *rest in t.spans:
        if rgb is not None and not isinstance(rgb, tuple):
            try:
                rgb = T.parse_color(T.render(rgb, v), css=True)
            except ValueError:
                rgb = None
        out.append((rgb, *rest))
    return tuple(out)


def span_colour_findings(t: TextUnit, v: dict, label: str) -> list:
    """OWN-COLOR for a span whose fill from a placeholder is no colour for this card."""
    out = []
    for rgb, *_rest in t.spans:
        if rgb is not None and not isinstance(rgb, tuple):
            raw = T.render(rgb, v)
            try:
                ok = T.parse_color(raw, css=True) is not None
            except ValueError as exc:
                out.append(T.violation("OWN-COLOR", label, f"a span's fill: {exc}"))
                continue
            if not ok:
                out.append(T.violation("OWN-COLOR", label, f"a span's fill '{T.short(raw, 20)}' shows nothing: printkit draws a span of a text in a colour"))
    return out


def _line_height(els, props: dict, where: str, own_sizes: tuple = ()) -> float:
    """A text's CSS line-height in ems, from the first of `els` that sets it
    (a number, a percentage, or a length over the font size); "normal" or
    none: 1.25, as Inkscape sets it. A percentage is of the font size of the
    element that sets it (`own_sizes`, one for each of `els`, None where not
    known), and is handed down as that length, as CSS computes it: 125% on a
    40 px flowRoot is 50 px in its 60 px paragraph."""
    for i, el in enumerate(els):
        raw = str(_style(el).get("line-height", "")).strip()
        if not raw or T.PLACEHOLDER.search(raw):
            continue
        if raw == "normal":
            return 1.25
        try:
            if raw.endswith("%"):
                v = float(raw[:-1]) / 100
                own = own_sizes[i] if i < len(own_sizes) else None
                used = _length(str(props.get("font-size", "16")), CSS_UNITS) if own else None
                if own and used and math.isfinite(own / used):
                    v *= own / used
            elif re.fullmatch(r"[-+]?[0-9.]+(e[-+]?\d+)?", raw):
                v = float(raw)
            else:
                size = _length(str(props.get("font-size", "16")), CSS_UNITS) or 16.0
                v = (_length(raw, CSS_UNITS) or 0.0) / size
        except (ValueError, UsageError):
            continue
        if math.isfinite(v) and 0.5 <= v <= 10:
            return v
    return 1.25


#: Inkscape's font size for a text that sets none (CSS medium, as Inkscape reads it): a flowRoot's strut then
INKSCAPE_MEDIUM = 12.0


def _used_line_height(x, root, root_size: float) -> float | None:
    """The line height Inkscape 1.x gives span `x` of the text `root`, in user
    units: the nearest of x and its parents up to root that sets line-height (as
    `_line_height` reads one: a placeholder or a value out of 0.5-10 times the
    span's size is passed over); a number (or normal: 1.25) is of x's own font
    size, a percentage or em of the size of the element that sets it, as CSS
    hands it down; none: 1.25 of x's size. None when a size is not known."""
    def size_of(e):
        while e is not None:
            own = _plain_size(_style(e).get("font-size"))
            if own is not None:
                return own
            if e is root:
                return root_size
            e = e.getparent()
        return root_size

    own_size = size_of(x)
    if not own_size:
        return None
    e = x
    while e is not None:
        raw = str(_style(e).get("line-height", "")).strip()
        if raw and not T.PLACEHOLDER.search(raw):
            v = None
            if raw == "normal":
                v = 1.25 * own_size
            else:
                try:
                    if raw.endswith("%"):
                        v = float(raw[:-1]) / 100 * size_of(e)
                    elif raw.endswith("em") and not raw.endswith("rem"):
                        v = float(raw[:-2]) * size_of(e)
                    elif re.fullmatch(r"[-+]?[0-9.]+(e[-+]?\d+)?", raw):
                        v = float(raw) * own_size
                    else:
                        v = _length(raw, CSS_UNITS)
                except (ValueError, UsageError, BadNumber):
                    v = None
            if v is not None and math.isfinite(v) and 0.5 <= v / own_size <= 10:
                return v
        if e is root:
            break
        e = e.getparent()
    return 1.25 * own_size


def _div_size(div, root_size):
    """A flowDiv's own font size (its paragraphs' unless they set theirs), else the flowRoot's."""
    own = _plain_size(_style(div).get("font-size"))
    return own if own is not None else root_size


def _plain_size(value) -> float | None:
    """A font size written as a length (no placeholder), in user units; else None."""
    if value is None or T.PLACEHOLDER.search(str(value)):
        return None
    try:
        size = _length(str(value), CSS_UNITS)
    except (ValueError, UsageError):
        return None
    return size if size and math.isfinite(size) and size > 0 else None


def _group_alpha(t) -> float:
    """The opacity of a text's groups and its own (pk-alpha), fill and stroke alike."""
    return float(t.props.get("pk-alpha", 1.0)) if isinstance(t.props.get("pk-alpha", 1.0), (str, float)) else 1.0


def _text_alpha(t, v: dict) -> float:
    a = _group_alpha(t)
    fo = t.props.get("fill-opacity")
    if fo is not None:
        a *= _opacity(T.render(fo, v))
    return a


def text_direction(direction: str | None) -> str | None:
    """SVG's direction property: "rtl" or "ltr" sets the paragraphs' direction; else None (each its own)."""
    d = (direction or "").strip().lower()
    return d if d in ("rtl", "ltr") else None


def text_anchor(anchor: str | None, direction: str | None) -> str:
    """The side a text hangs from its x, as "start" (left), "middle" or "end"
    (right): in right-to-left text (direction: rtl) start is the right end."""
    a = (anchor or "start").strip().lower()
    if text_direction(direction) == "rtl":
        return {"start": "end", "end": "start"}.get(a, a)
    return a


def _bold_italic(props: dict) -> tuple[bool, bool]:
    weight = str(props.get("font-weight", "normal")).strip().lower()
    style = str(props.get("font-style", "normal")).strip().lower()
    bold = is_bold(weight)
    return bold, style in ("italic", "oblique")


_SOURCE_TABS = str.maketrans({"\r": " ", "\n": " ", "\t": " "})
_SOURCE_LINES = str.maketrans({"\r": None, "\n": None, "\t": " "})


def _source_spaces(text: str | None, preserve: bool, breaks: bool = False) -> str:
    """A piece of the template's own text as Inkscape reads it: a line break
    written in the file is dropped (SVG 1.1's default white space) or, under
    xml:space="preserve", a space, never a new line; a tab is a space; the
    white space alone between tspans (the indentation of tspans on lines of
    their own) is nothing. A line break in a cell's value is not touched (it
    comes in later, per card). `breaks`: SVG 2 text in a shape under
    white-space pre, pre-wrap, pre-line or break-spaces, where Inkscape 1.x
    makes a line break written in the file a new line (and a tab a space)."""
    if not text:
        return ""
    if breaks:
        return text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    if preserve:
        return text.translate(_SOURCE_TABS)
    return "" if not text.strip() else text.translate(_SOURCE_LINES)


def _preserved(el) -> bool:
    """xml:space="preserve" on the element or the nearest ancestor that sets xml:space."""
    for node in (el, *el.iterancestors()):
        value = node.get(_XML_SPACE)
        if value is not None:
            return value == "preserve"
    return False


_VERTICAL = ("vertical-lr", "vertical-rl", "tb", "tb-rl", "tb-lr", "sideways-lr", "sideways-rl")


def _inherited(el, name: str) -> str:
    """An inherited CSS property the drawer reads only here, from the element or its nearest ancestor that sets it."""
    for node in (el, *el.iterancestors()):
        value = _style(node).get(name) if isinstance(node.tag, str) else None
        if value is not None:
            return str(value).strip().lower()
    return ""


def _vertical(el, m: Matrix, x: float, y: float, box, source: str, where: str) -> Matrix:
    """A text set down the page (writing-mode vertical-lr or vertical-rl, its
    letters turned sideways, as Latin letters are under text-orientation mixed
    or sideways): one line, run from its x, y downwards with its baseline on x,
    as Inkscape sets it: the text's matrix turned a quarter clockwise about x, y.
    Upright letters stacked one under another, and several lines or a wrapping
    box set down the page, are refused rather than printed across."""
    mode = _inherited(el, "writing-mode")
    if mode not in _VERTICAL:
        return m
    orient = _inherited(el, "text-orientation") or "mixed"
    if T.PLACEHOLDER.search(mode) or T.PLACEHOLDER.search(orient):
        raise UsageError(f"{where}: writing-mode and text-orientation cannot come from a placeholder")
    if mode == "sideways-lr":
        raise UsageError(f"{where}: writing-mode sideways-lr (text read upwards) is not drawn; turn the text with transform=\"rotate(-90)\" instead")
    if orient == "upright" or any(0x2E80 <= ord(ch) <= 0x9FFF or 0xAC00 <= ord(ch) <= 0xD7AF or 0xF900 <= ord(ch) <= 0xFAFF or 0xFF00 <= ord(ch) <= 0xFFEF for ch in source):
        raise UsageError(f"{where}: text set down the page with upright letters (text-orientation upright, or CJK under mixed) is not drawn; printkit turns a vertical text's letters sideways only")
    if box is not None or "\n" in source:
        raise UsageError(f"{where}: a text set down the page (writing-mode {mode}) in more than one line, or wrapped in a box, is not drawn; write one line, or turn a horizontal text with transform=\"rotate(90)\"")
    return mul(m, parse_transform(f"rotate(90 {x!r} {y!r})"))


def _text_source(el, mark=None, breaks: bool = False, shaped: bool = False) -> str:
    """The text of a <text>, Inkscape's line tspans joined with newlines; a span
    styled apart wrapped in the marks `mark(span)` gives (see _span_marker).
    `shaped` (SVG 2 text in a shape): a tspan's x and y (or
    sodipodi:role="line") start no line, as Inkscape 1.x sets it; `breaks`
    (in a shape under white-space: pre and its kin): the line breaks written
    in its text are its new lines (Inkscape 1.x ends each line's tspan with one)."""
    keep = _preserved(el)
    parts = [_source_spaces(el.text, keep, breaks)]
    first = True
    for child in el:
        if _local(child.tag) == "tspan":
            line = not shaped and (child.get(SODIPODI_ROLE) == "line" or (child.get("y") is not None and child.get("x") is not None))
            if line and not first:
                parts.append("\n")
            parts.append(_source_spaces(_marked(child, mark, top=False) if mark else "".join(child.itertext()), keep, breaks))
            first = False
        parts.append(_source_spaces(child.tail, keep, breaks))
    return "".join(parts).strip()


def _line_span(sp, text_el, texts: dict | None = None) -> bool:
    """A tspan that is a line of its text (Inkscape's sodipodi:role="line", or
    placed by x and y), or that holds all the text of its line or text.
    `texts` keeps each parent's text, read once for all its spans (a text of
    40,000 spans is read once, not 40,000 times)."""
    if sp.get(SODIPODI_ROLE) == "line" or (sp.get("x") is not None and sp.get("y") is not None):
        return True
    parent = sp.getparent()
    if parent is None:
        return False
    texts = {} if texts is None else texts
    if parent not in texts:
        texts[parent] = "".join(parent.itertext()).strip()
    whole = texts[parent]
    if sum(len(t) for t in sp.itertext()) < len(whole) or "".join(sp.itertext()).strip() != whole:
        return False
    return parent is text_el or _line_span(parent, text_el, texts)


_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def _editor_ways(unit: TextUnit, el, props: dict, where: str) -> None:
    """The ways the editor sets this text that printkit keeps: space runs kept
    under xml:space="preserve" (on it or a parent) or white-space:pre (pre-wrap,
    break-spaces); data-overflow="print" prints the lines past a flowed region
    below it instead of leaving them out."""
    ws = str(props.get("white-space", _style(el).get("white-space", ""))).strip()
    unit.keep_spaces = _preserved(el) or ws in ("pre", "pre-wrap", "break-spaces")
    overflow = el.get("data-overflow", "hide")
    if overflow not in ("hide", "print"):
        raise UsageError(f"{where}: data-overflow must be \"hide\" (Inkscape's way) or \"print\", not '{overflow[:20]}'")
    unit.overflow = overflow


def _render_text(t: TextUnit, v: dict) -> str:
    """A text's words for one card: in a flowPara a line break typed in a cell
    runs on, as Inkscape sets it (data-newlines="break" keeps it a line break)."""
    if t.runon and not isinstance(t.content, str):
        v = _run_on(v)
        if isinstance(v.get("row"), dict):
            v["row"] = _run_on(v["row"])  # {{ row["column"] }}
        text = T.render(t.content, v)
        if "\n" in text:  # a paragraph its cells left empty takes no line, as an empty flowPara takes none
            text = "\n".join(line for line in text.split("\n") if plain(line).strip())
        return text
    return T.render(t.content, v)


def _run_on(values: dict) -> dict:
    return {k: (val.replace("\r\n", " ").replace("\r", " ").replace("\n", " ") if isinstance(val, str) and ("\n" in val or "\r" in val) else val) for k, val in values.items()}


def _marked(node, mark, top: bool = False) -> str:
    """A span's text with its styled spans (and itself, unless `top`) marked."""
    inner = [node.text or ""]
    for child in node:
        if isinstance(child.tag, str) and _local(child.tag) in ("tspan", "flowSpan"):
            inner.append(_marked(child, mark))
        elif isinstance(child.tag, str) and _local(child.tag) not in ("flowRegion",):
            inner.append("".join(child.itertext()))
        inner.append(child.tail or "")
    text = "".join(inner)
    marks = None if top or mark is None else mark(node)
    return f"{marks[0]}{text}{marks[1]}" if marks and text else text


def _may_show_text(raw: bytes) -> bool:
    """An SVG file's bytes may hold text: a <text> (any prefix), or a picture
    (<image>) whose drawing may (a file the gate copies in, a data: address)."""
    return b"text" in raw or b"image" in raw


def svg_picture_findings(ctx, path: Path, label: str) -> list:
    """The one check of an SVG picture file (an <image> of a template, a
    layout's image) or SVG icon, run by validate as by make (before anything
    is drawn): the drawing make draws, compiled by printkit's drawer
    (assets.load_svg_drawing, kept for the drawing): what the drawer refuses
    (a length or font-size out of range, a transform it cannot use, its
    limits) is refused here, in one line naming the file; then text_glyphs, its
    text set in the project's fonts. What the picture shows is checked by the
    gate before (safety.check_svg_refs, by the caller: a picture's roots are
    the project's, an icon's its folder)."""
    load_svg_drawing(path, ctx.fonts)  # as assets.draw_picture draws it: the same book, the same drawing
    return text_glyphs(ctx.fonts, resolved_svg(path), label) if _may_show_text(safety.read_bytes(path, "SVG file")) else []


def icon_glyphs(ctx, name: str, label: str) -> list:
    """svg_picture_findings for an SVG icon (`:name:` in text, an icon element):
    drawn by the drawer and its text set in the project's fonts (Icons.drawer),
    as a picture's is."""
    path = ctx.icons.path(name)
    if path is None or path.suffix.lower() != ".svg":
        return []
    checked = ctx.__dict__.setdefault("_icon_glyphs", {})
    if path not in checked:  # each icon read once, however many cards show it (its finding named on the first)
        checked[path] = svg_picture_findings(ctx, path, f"{label} icon ':{name}:'")
    return checked[path]


def picture_glyphs(book, href: str, where: str, depth: int = 0) -> list:
    """text_glyphs for an SVG picture in a data: address (embedded in a template,
    or a file picture the gate copied in): the drawer sets its text in the
    project's fonts too (svgart.svg_picture). Other data: pictures: none."""
    if not href[:80].strip().lower().startswith("data:image/svg+xml") or depth >= safety.LIMITS["SVG_FILES"]:
        return []
    raw = safety._data_uri_bytes(href.strip(), where)
    if not raw or b"<text" not in raw and b"data:image/svg" not in raw.lower():
        return []
    return text_glyphs(book, safety.parse_svg(raw, where), where, None, depth + 1)


def text_glyphs(book, root, where: str, v: dict | None = None, depth: int = 0) -> list:
    """OWN-GLYPH for the first character of each <text> of the SVG tree `root`
    that no font has: not its own family as the FontBook `book` resolves it,
    nor any face the book falls back to (what the drawer would print as an empty
    box). Named `where` and the text, and the column of the card's values `v`
    that brought the character in. For template text with placeholders and for
    SVG pictures alike (their text is set in the project's fonts too)."""
    out = []
    for el in root.iter():
        if isinstance(el.tag, str) and _local(el.tag) == "image":  # a picture in it (a data: address) sets its text so too
            out += picture_glyphs(book, el.get("{http://www.w3.org/1999/xlink}href") or el.get("href") or "", where, depth)
        if not isinstance(el.tag, str) or _local(el.tag) != "text":
            continue
        text = "".join(el.itertext()).strip()
        if not text:
            continue
        props: dict = {}
        for anc in reversed([el, *el.iterancestors()]):
            props.update({k: val for k, val in _style(anc).items() if k in INHERITED})
        bold, italic = _bold_italic(props)
        odd = missing(text, book.resolve(props.get("font-family", "Noto Sans"), bold, italic), book)
        if odd:
            ch = odd[0]
            cols = [k for k, val in (v or {}).items() if k not in ("row", "card") and ch in str(val)]
            label = f"{where} text '{T.short(text, 24)}'" + (f" column '{cols[0]}'" if cols else "")
            why = "is in no font: not the text's font, the project's fonts/, your fonts or the system's; add a font that has it to fonts/"
            out.append(T.violation("OWN-GLYPH", label, f"'{ch}' (U+{ord(ch):04X}) {why}"))
    return out

"""What an SVG template hands a renderer, and the files it names: a copy of
the document holding only some of its units, every reference resolved by the
gate (safety.resolve_svg, the one gate before the drawer or resvg), a picture's
file found in the project, and the font files resvg may read.

SvgResolve is the part of SvgTemplate that does this."""

from __future__ import annotations

import copy
import re
from pathlib import Path

from printkit.custom import safety, svgdraw, template as T
from printkit.custom.svgcss import sheet_text
from printkit.custom.svgparse import NONPAINT, SVG_NS, XLINK, _local, _style
from printkit.base.resources import resource_dir
from printkit.custom.assets import FONT_SUFFIXES, _readable_font


class SvgResolve:
    """Documents and files for the renderers; mixed into SvgTemplate."""

    def _only(self, keep: list[int]):
        """A document holding only these units and what they need (_unit_doc),
        resolved by the gate. What it copies is counted first (UNIT_ELEMENTS)."""
        doc = self._unit_doc([str(n) for n in keep], hold=True)
        self._absolute_images(doc)
        return doc

    def _skeleton(self, n):
        """The document a snippet's renderings are put in (_card_doc): as _only
        makes it, but the gate reads the frame only. The element still holds
        its placeholders (a data: address that is `{{ png }}` until a card fills
        it was refused as broken base64); every card's rendering takes its
        place and is read by the gate then."""
        from lxml import etree

        doc = self._unit_doc([str(n)], hold=True)
        el = doc.find(f".//*[@data-pk-unit='{n}']")
        stub = etree.Element(el.tag, {"data-pk-unit": str(n)})
        el.getparent().replace(el, stub)
        self._absolute_images(doc)
        stub.getparent().replace(stub, el)
        return doc

    def _card_doc(self, s, new, gate: bool = True, charge: bool = False):
        """The document of a snippet's rendering on one card: `new` (its element,
        its placeholders filled) where the element stood, with what that
        rendering names (a row may name a gradient: fill="{{ paint }}" filled
        with url(#gold)). A rendering that names nothing its skeleton lacks is
        put in a copy of the skeleton (most do); else its document is made
        as the skeleton was, and what it copies past the skeleton counts
        against the run's SNIPPET_DRAWINGS (`charge`: once a rendering)."""
        f = self._unit_parts()
        u = f.by_n[str(s.number)]
        more = set(f.refs_of(new)) - set(u.refs)
        if any(r in f.ids or r in f.unit_ids for r in more):
            doc = self._unit_doc([u.n], swap=new, charge=s.size if charge else None)
        else:
            doc = copy.deepcopy(s.skeleton)
            old = doc.find(f".//*[@data-pk-unit='{s.number}']")
            old.getparent().replace(old, new)
        if gate:
            self._absolute_images(doc)
        return doc

    def _unit_doc(self, keep: list[str], swap=None, hold: bool = False, charge: int | None = None):
        """A new document holding these units (in document order, put back
        where they stood) and only what they need of the drawing without units
        (the frame, copied once: `_unit_parts`):
        - their ancestors, with their attributes (transforms, styles, clips);
        - what anything kept names, followed on (href, xlink:href and every
          url(#id) in any attribute or style; every element with a named id,
          as a renderer takes the last or the first); an element of another
          unit that a kept clone (<use>) names (any element with an id, for a
          clone whose target is a placeholder) goes into a <defs> at the end;
        - whatever of the frame may still draw (hidden text with a visible
          part, a filtered group...), every child of a <switch> (it draws the
          first it may), every <style> (a sheet with rules that depend on
          siblings or positions keeps the whole frame: its matches must not
          change; the template's own sheets are written onto the elements
          before any of this, svgdraw.inline_css).
        What is left out draws nothing in this document, so the drawing is the
        same as in a copy of the whole frame. `swap`: this card's element in
        place of the (one) kept unit's. The elements it will hold are counted
        before any is copied: against UNIT_ELEMENTS (`hold`), or, past
        `charge`, against the run's SNIPPET_DRAWINGS."""
        from lxml import etree

        f = self._unit_parts()
        wanted = set(keep)
        kept = sorted((f.by_n[n] for n in wanted if n in f.by_n), key=lambda u: u.order)
        refs = set()
        for u in kept:
            refs |= u.userefs
        extras = [u for u in f.with_ids if u.n not in wanted and ("*" in refs or u.ids & refs)]  # what the whole frame held too
        placed = {}  # base parent -> [(before, element to put there)]
        for u in kept:
            el = swap if swap is not None else u.el
            placed.setdefault(u.parent, []).append((u.before, el, u.size if swap is None else sum(1 for _ in el.iter())))
        up: set = set()  # ancestors of a kept unit (a whole copy of one puts the units back)
        for u in kept:
            a = u.parent
            while a is not None and a not in up:
                up.add(a)
                a = a.getparent()
        A: set = set()  # kept as ancestors: the element, its attributes, some children
        W: set = set()  # kept whole
        todo: list = []
        seen: set = set()

        def ancestor(x) -> None:
            while x is not None and x not in A:
                A.add(x)
                todo.extend(f.own_refs(x))
                if f.local(x) == "switch":
                    for c in x:
                        if isinstance(c.tag, str):
                            whole(c)
                x = x.getparent()

        def whole(x) -> None:
            if x in W:
                return
            W.add(x)
            todo.extend(f.subtree_refs(x))
            ancestor(x.getparent())

        for a in up:
            ancestor(a)
        todo.extend(f.frame_refs)
        for x in f.styles:
            whole(x)
        if f.structural:
            whole(f.base)  # a sheet whose matches depend on siblings: the whole frame
        for u in kept:
            todo.extend(f.refs_of(swap) if swap is not None else u.refs)
        extra_kept: set = set()
        while todo:
            ident = todo.pop()
            if ident in seen:
                continue
            seen.add(ident)
            for x in f.ids.get(ident, ()):
                whole(x)
            for u in extras:
                if ident in u.ids and u.n not in extra_kept:
                    extra_kept.add(u.n)
                    todo.extend(u.refs)
        extra = [u for u in extras if u.n in extra_kept]

        def children(x, all_of: bool) -> list:
            if all_of:
                return list(x)
            return [c for c in x if c in A or c in W or c in f.drawn]

        def size(x, all_of: bool) -> int:
            all_of = all_of or x in W  # kept whole: all it holds, the kept units put back in it
            if all_of and x not in up:
                return f.size(x)
            n = 1 + sum(k for _b, _e, k in placed.get(x, ()))
            for c in children(x, all_of):
                n += size(c, all_of or c in W or not (c in A or c in f.open)) if isinstance(c.tag, str) else f.size(c)
            return n

        def emit(x, all_of: bool):
            all_of = all_of or x in W
            if all_of and x not in up:
                return copy.deepcopy(x)
            new = etree.Element(x.tag, dict(x.attrib), nsmap=x.nsmap)
            new.text, new.tail = x.text, x.tail
            units = sorted(placed.get(x, ()), key=lambda p: p[0])  # stable: document order among equals (the old frame put each after those before it)
            k = 0
            for c in children(x, all_of):
                pos = f.pos[c]
                while k < len(units) and units[k][0] <= pos:
                    new.append(units[k][1] if units[k][1] is swap else copy.deepcopy(units[k][1]))
                    k += 1
                if not isinstance(c.tag, str):
                    new.append(copy.deepcopy(c))
                else:
                    new.append(emit(c, all_of or c in W or not (c in A or c in f.open)))
            for _b, e, _k in units[k:]:
                new.append(e if e is swap else copy.deepcopy(e))
            return new

        total = size(f.base, False) + sum(u.size for u in extra) + (1 if extra else 0)
        if hold:
            self._hold(total)
        elif charge is not None and total > charge:
            safety.BUDGET.snippet(self.path.name, total - charge)
        doc = emit(f.base, False)
        if extra:
            defs = etree.SubElement(doc, f"{{{SVG_NS}}}defs")
            for u in extra:
                defs.append(copy.deepcopy(u.el))
        return doc

    def _unit_parts(self):
        """The drawing without its units (the frame, copied once: each unit's
        document takes what it needs of it, `_unit_doc`) and what is worked
        out about it once (_Frame)."""
        f = self.__dict__.get("_parts")
        if f is None:
            f = self.__dict__["_parts"] = _Frame(self.root)
        return f

    def _hold(self, elements: int) -> None:
        """Count the elements the parts' documents copy (each its own elements,
        its groups and the defs it names): 2,000 elements each naming a
        gradient of 40,000 stops would copy 80 million (over 3 GB); refused
        past UNIT_ELEMENTS, before the copy, naming the file."""
        held = self.__dict__["_held"] = self.__dict__.get("_held", 0) + elements
        if held > safety.LIMITS["UNIT_ELEMENTS"]:
            raise safety.LimitError(f"{safety.shown(self.path.name)}: its parts' documents would hold over {safety.LIMITS['UNIT_ELEMENTS']:,} elements "
                                    "(each element with placeholders, each picture and each run of fixed ones is drawn in a document of its own, with its groups and a copy of the defs it uses), printkit's limit: "
                                    "put the elements with placeholders together in one group, or make the defs they use smaller")

    def _absolute_images(self, doc) -> None:
        """The document handed to a renderer resolved by the gate: every file it
        names checked and copied in (safety.resolve_svg)."""
        safety.resolve_svg(doc, self.path.parent, self.ctx.roots, self.path, locate=self.ctx.image)

    def _image_path(self, href: str) -> Path | None:
        """The file a picture's href names (beside the template, else in the
        project's picture folders), found once per href: every card of a deck
        asks again, for its check and its drawing. A href refused (outside the
        project) is not remembered: it raises each time."""
        cache = self.__dict__.setdefault("_hrefs", {})
        if href in cache:
            return cache[href]

        p = Path(href)
        if not safety.is_url(href) and not p.is_absolute() and T._is_file(self.path.parent / p):
            found = safety.confine(self.path.parent / p, self.ctx.roots, "the picture", named=href)
        else:
            found = self.ctx.image(href)
        cache[href] = found
        return found

    def _raster_fonts(self) -> list[str]:
        """The font files resvg may read: printkit's, the project's (each through
        the gate: a regular file inside its folder) and the faces that stand in
        for a text's family. Nothing else: resvg is given no folder to scan."""
        if "_raster_font_list" not in self.__dict__:
            files = sorted(str(p) for p in Path(resource_dir("fonts")).glob("*") if p.suffix.lower() in FONT_SUFFIXES and p.is_file())
            for folder in getattr(self.ctx.fonts, "folders", []):
                if Path(folder).is_dir():
                    from printkit.custom.safety import LIMITS

                    listed = sorted(Path(folder).iterdir())[: LIMITS["FONT_FILES"]]
                    files += [str(p) for p in listed if p.suffix.lower() in FONT_SUFFIXES and _readable_font(p, str(folder))]
            self._raster_font_list = files
        return self._raster_font_list + sorted(self.__dict__.get("_raster_files", ()))


_CONTAINERS = ("g", "a", "svg", "switch")  # what the walk looks inside: each draws what its children draw
_NEVER_DRAWN = NONPAINT | {"clipPath", "mask", "pattern", "marker", "linearGradient", "radialGradient", "filter", "symbol", "font", "font-face"}  # drawn only where named
_STRUCTURAL = r"(?i)[+~]|:(?:nth-|first-|last-|only-|empty|has\b)"  # selectors whose matches depend on siblings or positions (compiled by re at the first <style>)


class _Unit:
    """One unit of the template: its number, its element (in the template's
    tree), its parent in the frame and how many of that parent's children stand
    before it there, the ids in it, the clones' targets it names ("*" for one
    named by a placeholder), everything it names (href, url(#id)), its size."""

    __slots__ = ("n", "order", "el", "parent", "before", "ids", "userefs", "refs", "size")

    def __init__(self, n, order, el, parent, before, ids, userefs, refs, size) -> None:
        self.n, self.order, self.el, self.parent, self.before, self.ids, self.userefs, self.refs, self.size = n, order, el, parent, before, ids, userefs, refs, size


def _refs(el, out: list) -> list:
    """The ids one element names itself: an href or xlink:href to '#id', every
    url(#id) of any attribute or style (fill, stroke, clip-path, mask, filter,
    marker-*...), and a <style> sheet's url(#id). More than a renderer follows:
    what is kept for nothing costs a copy, never a difference."""
    for key, value in el.attrib.items():
        if key.rsplit("}", 1)[-1] == "href":
            v = value.strip()
            if v.startswith("#"):
                out.append(v[1:])
        if "url" in value:
            for m in svgdraw.URL.finditer(value):
                out += (m.group(1), m.group(1).strip())
    if _local(el.tag) == "style" and "url" in sheet_text(el):
        out += [m.group(1) for m in svgdraw.URL.finditer(sheet_text(el))]
    return out


class _Frame:
    """The template's drawing without its units, copied once, and what each
    unit's document needs to know of it: where each unit stood, the frame's
    elements by id, which of them may still draw (`drawn`: hidden text with a
    visible part, a group with a filter, every child of a <switch> that may
    draw; `open`: those of them kept as ancestors, part by part), its <style>
    sheets and whether one depends on siblings (`structural`)."""

    def __init__(self, root) -> None:
        base = copy.deepcopy(root)
        twin = dict(zip(root.iter(), base.iter()))  # each element of the template -> its copy
        marked = [el for el in root.iter() if isinstance(el.tag, str) and el.get("data-pk-unit") is not None]
        is_unit = set(marked)
        place: dict = {}  # each child of a unit's parent -> how many of its siblings that stay stand before it
        for parent in {el.getparent() for el in marked}:
            gone = 0
            for i, x in enumerate(parent):
                place[x] = i - gone
                gone += x in is_unit
        self.units: list[_Unit] = []
        for el in marked:
            parent, before = el.getparent(), place[el]
            inside = list(el.iter())
            ids = {x.get("id") for x in inside if isinstance(x.tag, str) and x.get("id")}
            userefs, refs = set(), []
            for x in inside:
                if not isinstance(x.tag, str):
                    continue
                _refs(x, refs)
                href = (x.get(XLINK) or x.get("href") or "") if _local(x.tag) == "use" else ""
                if href.startswith("#"):
                    userefs.add("*" if T.PLACEHOLDER.search(href) else href[1:])
            self.units.append(_Unit(el.get("data-pk-unit"), len(self.units), el, twin[parent], before, ids, userefs, refs, len(inside)))
        self.by_n = {u.n: u for u in self.units}
        self.with_ids = [u for u in self.units if u.ids]
        self.unit_ids = set().union(*(u.ids for u in self.with_ids))
        for el in marked:
            copied = twin[el]
            copied.getparent().remove(copied)
        del twin
        if "font-family" not in _style(base):
            base.set("font-family", "Noto Sans")  # a renderer's default would be a face never embedded
        self.base = base
        self.pos: dict = {}
        self.ids: dict = {}
        self.styles: list = []
        for x in base.iter():
            for i, c in enumerate(x):
                self.pos[c] = i
            if isinstance(x.tag, str):
                if x.get("id"):
                    self.ids.setdefault(x.get("id"), []).append(x)
                if _local(x.tag) == "style":
                    self.styles.append(x)
        self.structural = any(re.search(_STRUCTURAL, sheet_text(x)) for x in self.styles)
        draws: set = set()
        for x in reversed(list(base.iter())):  # children before their parents
            if self._draws(x, draws):
                draws.add(x)
        self.drawn: set = set()  # what of it may draw, from the top down (under a <defs>, nothing does)
        self.open: set = set()
        stack = [base]
        while stack:
            x = stack.pop()
            switch = _local(x.tag) == "switch"
            for c in x:
                if c in draws or (switch and isinstance(c.tag, str)):
                    self.drawn.add(c)
                    if c in draws and _local(c.tag) in _CONTAINERS:
                        self.open.add(c)
                        stack.append(c)
        self._sizes: dict = {}
        self._subtree: dict = {}
        self.frame_refs = self.own_refs(base) + [i for x in self.drawn for i in (self.own_refs(x) if x in self.open else self.subtree_refs(x))]

    @staticmethod
    def _draws(x, draws: set) -> bool:
        """Whether this element of the frame may draw anything (kept then in
        every unit's document, as before): not a comment, an editor's own
        element (the gate drops those), something drawn only where named
        (defs, gradients, clip paths...) or an element not displayed; a group
        draws what its children draw (or a filter's flood); a text left out of
        the walk because it is hidden draws only if a part of it is made
        visible again; anything else may."""
        if not isinstance(x.tag, str) or (x.tag.startswith("{") and not x.tag.startswith(f"{{{SVG_NS}}}")):
            return False
        tag = _local(x.tag)
        if tag in _NEVER_DRAWN:
            return False
        display = _style(x).get("display", x.get("display"))
        if display is not None and str(display).strip() == "none":
            return False
        if tag in ("text", "flowRoot"):
            return any(svgdraw.prop(y, "visibility") is not None for y in x.iter() if y is not x and isinstance(y.tag, str))
        if tag in _CONTAINERS:
            return any(c in draws for c in x) or svgdraw.prop(x, "filter") is not None
        return True

    @staticmethod
    def local(x) -> str:
        return _local(x.tag)

    @staticmethod
    def own_refs(x) -> list:
        return _refs(x, []) if isinstance(x.tag, str) else []

    def subtree_refs(self, x) -> list:
        if x not in self._subtree:
            out: list = []
            for y in x.iter():
                if isinstance(y.tag, str):
                    _refs(y, out)
            self._subtree[x] = out
        return self._subtree[x]

    @staticmethod
    def refs_of(el) -> list:
        out: list = []
        for y in el.iter():
            if isinstance(y.tag, str):
                _refs(y, out)
        return out

    def size(self, x) -> int:
        if x not in self._sizes:
            self._sizes[x] = sum(1 for _ in x.iter())
        return self._sizes[x]

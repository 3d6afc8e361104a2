"""What an SVG template hands a renderer, and the files it names: a copy of
the document holding only some of its units, every reference resolved by the
gate (safety.resolve_svg, the one gate before the drawer or resvg), a picture's
file found in the project, and the font files resvg may read.

SvgResolve is the part of SvgTemplate that does this."""

from __future__ import annotations

import copy
from pathlib import Path

from printkit.custom import safety, template as T
from printkit.custom.svgparse import SVG_NS, XLINK, _local, _style
from printkit.base.resources import resource_dir
from printkit.custom.assets import FONT_SUFFIXES, _readable_font


class SvgResolve:
    """Documents and files for the renderers; mixed into SvgTemplate."""

    def _only(self, keep: list[int]):
        """A copy of the document holding only these units (and every defs): the
        document without any unit (copied once) with copies of the kept units
        put back where they stood, so a template of thousands of units does not
        copy the whole document for each (what one unit's document costs is
        that unit). An element of another unit that a kept clone (<use>) names
        (any element with an id, for a clone whose target is a placeholder)
        goes into a <defs> at the end, drawn through the clone only."""
        from lxml import etree

        base, units = self._unit_parts()
        wanted = {str(n) for n in keep}
        kept = [u for u in units if u[0] in wanted]
        self._hold(self.__dict__["_base_size"] + sum(u[6] for u in kept))  # before the copy: what the part's document will hold
        doc = copy.deepcopy(base)
        parents = []
        for _n, _el, path, _before, _ids, _refs, _size in kept:  # found before anything is put back (that moves later siblings)
            parent = doc
            for i in path:
                parent = parent[i]
            parents.append(parent)
        put: dict = {}
        for (_n, el, _path, before, _ids, _refs, _size), parent in zip(kept, parents):
            parent.insert(before + put.get(id(parent), 0), copy.deepcopy(el))
            put[id(parent)] = put.get(id(parent), 0) + 1
        refs = set().union(*(u[5] for u in kept)) if kept else set()
        if refs:
            defs = None
            for n, el, _path, _before, ids, _refs, size in units:
                if n not in wanted and ids and ("*" in refs or ids & refs):
                    self._hold(size)
                    if defs is None:
                        defs = etree.SubElement(doc, f"{{{SVG_NS}}}defs")
                    defs.append(copy.deepcopy(el))
        self._absolute_images(doc)
        return doc

    def _unit_parts(self):
        """The document without its units (copied once: `_only` copies it for
        each document it makes), and each unit in document order as (number,
        its element, the path of child indices to its parent in that document,
        how many of the parent's children that stay stood before it, the ids in
        it, the clones' targets it names)."""
        parts = self.__dict__.get("_parts")
        if parts is not None:
            return parts
        units = []
        marked = [el for el in self.root.iter() if isinstance(el.tag, str) and el.get("data-pk-unit") is not None]
        is_unit = set(marked)
        place: dict = {}  # each child of a unit's ancestors -> its index once the units are gone (units: how many that stay stand before it)
        for parent in {el.getparent() for el in marked} | {a for el in marked for a in el.iterancestors()}:
            gone = 0
            for i, x in enumerate(parent):
                place[x] = i - gone
                gone += x in is_unit
        for el in marked:
            path, a = [], el.getparent()
            while a is not self.root:
                path.append(place[a])
                a = a.getparent()
            inside = list(el.iter())
            ids = {x.get("id") for x in inside if isinstance(x.tag, str) and x.get("id")}
            refs = set()
            for x in el.iter():
                href = (x.get(XLINK) or x.get("href") or "") if isinstance(x.tag, str) and _local(x.tag) == "use" else ""
                if href.startswith("#"):
                    refs.add("*" if T.PLACEHOLDER.search(href) else href[1:])
            units.append((el.get("data-pk-unit"), el, path[::-1], place[el], ids, refs, len(inside)))
        base = copy.deepcopy(self.root)
        for el in [x for x in base.iter() if isinstance(x.tag, str) and x.get("data-pk-unit") is not None]:
            el.getparent().remove(el)
        if "font-family" not in _style(base):
            base.set("font-family", "Noto Sans")  # a renderer's default would be a face never embedded
        self.__dict__["_base_size"] = sum(1 for _ in base.iter())
        parts = self.__dict__["_parts"] = (base, units)
        return parts

    def _hold(self, elements: int) -> None:
        """Count the elements the parts' documents hold (each a copy of the
        drawing's frame, its defs and groups, with its own elements): a frame
        of 40,000 elements under 2,000 elements with placeholders held 80
        million (over 3 GB); refused past UNIT_ELEMENTS, naming the file."""
        held = self.__dict__["_held"] = self.__dict__.get("_held", 0) + elements
        if held > safety.LIMITS["UNIT_ELEMENTS"]:
            raise safety.LimitError(f"{safety.shown(self.path.name)}: its parts' documents would hold over {safety.LIMITS['UNIT_ELEMENTS']:,} elements "
                                    "(each element with placeholders, or each run of fixed ones, is drawn in its own copy of the drawing's defs and groups), printkit's limit: "
                                    "put the elements with placeholders together in one group, or make the <defs> smaller")

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

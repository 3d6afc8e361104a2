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
        """A copy of the document holding only these units (and every defs)."""
        from lxml import etree

        doc = copy.deepcopy(self.root)
        if "font-family" not in _style(doc):
            doc.set("font-family", "Noto Sans")  # a renderer's default would be a face never embedded
        wanted = {str(n) for n in keep}
        # what the kept units' clones (<use>) point at must stay: an element of another
        # unit that a kept clone names (any element with an id, for a clone whose target
        # is a placeholder) moves into <defs>, drawn through the clone only
        refs: set = set()
        for el in doc.iter():
            if isinstance(el.tag, str) and el.get("data-pk-unit") in wanted:
                for x in el.iter():
                    href = (x.get(XLINK) or x.get("href") or "") if isinstance(x.tag, str) and _local(x.tag) == "use" else ""
                    if href.startswith("#"):
                        refs.add("*" if T.PLACEHOLDER.search(href) else href[1:])
        defs = None
        for el in list(doc.iter()):
            n = el.get("data-pk-unit") if isinstance(el.tag, str) else None
            if n is not None and n not in wanted:
                ids = {x.get("id") for x in el.iter() if isinstance(x.tag, str) and x.get("id")}
                el.getparent().remove(el)
                if ids and ("*" in refs or ids & refs):
                    if defs is None:
                        defs = etree.SubElement(doc, f"{{{SVG_NS}}}defs")
                    defs.append(el)
        self._absolute_images(doc)
        return doc

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

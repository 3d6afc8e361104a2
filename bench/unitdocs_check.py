"""Side by side: each SVG template unit's document as printkit now makes it
(the unit, its ancestors and what it names: svgresolve._unit_doc) against the
document it was before (the whole drawing without units, copied, with the
unit put back: 67a621b..50bd276), drawn by both renderers. A pytest plugin:
every document any test makes is checked while the tests run.

    PYTHONPATH=bench python -m pytest -n0 -p unitdocs_check tests/test_svg_drawer.py ...

For each document: printkit's drawer compiles both (after the gate, as the
face does) and their records must be equal (pictures compared by their
pixels); where either holds an element drawn as a picture (a filter, mask,
pattern...), resvg draws both and the pixels must be equal too. At the end it
prints how many documents were compared, how many differed (with the first
few named), and the elements the old and the new documents held. A script,
not a test: it reads the old way from this file, not from the tree.
"""

from __future__ import annotations

import copy
import hashlib
import os

import pytest

from printkit.custom import svgdraw, svgresolve, template as T
from printkit.custom.svgparse import SVG_NS, XLINK, _local, _style

SEEN = {"refused": 0, "docs": 0, "rasters": 0, "old": 0, "new": 0, "differ": [], "errors": 0}


def _old_parts(tpl):
    """The frame as 50bd276 made it: the document without its units, and each
    unit (number, element, path of indices to its parent, index, ids, refs)."""
    cached = tpl.__dict__.get("_old_parts")
    if cached is not None and cached[0] is tpl.__dict__.get("_parts"):  # made again with the new frame (a test that changes the tree)
        return cached[1]
    units = []
    marked = [el for el in tpl.root.iter() if isinstance(el.tag, str) and el.get("data-pk-unit") is not None]
    is_unit = set(marked)
    place: dict = {}
    for parent in {el.getparent() for el in marked} | {a for el in marked for a in el.iterancestors()}:
        gone = 0
        for i, x in enumerate(parent):
            place[x] = i - gone
            gone += x in is_unit
    for el in marked:
        path, a = [], el.getparent()
        while a is not tpl.root:
            path.append(place[a])
            a = a.getparent()
        inside = list(el.iter())
        ids = {x.get("id") for x in inside if isinstance(x.tag, str) and x.get("id")}
        refs = set()
        for x in el.iter():
            href = (x.get(XLINK) or x.get("href") or "") if isinstance(x.tag, str) and _local(x.tag) == "use" else ""
            if href.startswith("#"):
                refs.add("*" if T.PLACEHOLDER.search(href) else href[1:])
        units.append((el.get("data-pk-unit"), el, path[::-1], place[el], ids, refs))
    base = copy.deepcopy(tpl.root)
    for el in [x for x in base.iter() if isinstance(x.tag, str) and x.get("data-pk-unit") is not None]:
        el.getparent().remove(el)
    if "font-family" not in _style(base):
        base.set("font-family", "Noto Sans")
    tpl.__dict__["_old_parts"] = (tpl.__dict__.get("_parts"), (base, units))
    return base, units


def old_doc(tpl, keep: list[str], swap=None):
    """50bd276's `_only` (before the gate), and its skeleton's copy with this card's element put in."""
    from lxml import etree

    base, units = _old_parts(tpl)
    wanted = set(keep)
    kept = [u for u in units if u[0] in wanted]
    doc = copy.deepcopy(base)
    parents = []
    for _n, _el, path, _before, _ids, _refs in kept:
        parent = doc
        for i in path:
            parent = parent[i]
        parents.append(parent)
    put: dict = {}
    for (_n, el, _path, before, _ids, _refs), parent in zip(kept, parents):
        parent.insert(before + put.get(id(parent), 0), copy.deepcopy(el))
        put[id(parent)] = put.get(id(parent), 0) + 1
    refs = set().union(*(u[5] for u in kept)) if kept else set()
    if refs:
        defs = None
        for n, el, _path, _before, ids, _refs in units:
            if n not in wanted and ids and ("*" in refs or ids & refs):
                if defs is None:
                    defs = etree.SubElement(doc, f"{{{SVG_NS}}}defs")
                defs.append(copy.deepcopy(el))
    if swap is not None:
        old = doc.find(f".//*[@data-pk-unit='{keep[0]}']")
        old.getparent().replace(old, copy.deepcopy(swap))
    return doc


def _canon(obj):
    """A drawing's records, comparable: pictures by their pixels."""
    if isinstance(obj, (list, tuple)):
        return tuple(_canon(x) for x in obj)
    if isinstance(obj, dict):
        return tuple(sorted((k, _canon(v)) for k, v in obj.items()))
    if hasattr(obj, "tobytes") and hasattr(obj, "mode"):
        return ("image", obj.mode, obj.size, hashlib.sha256(obj.tobytes()).hexdigest())
    if hasattr(obj, "__dict__"):
        return (type(obj).__name__, _canon(vars(obj)))
    return obj


def _drawn(tpl, doc):
    from printkit.custom.svgart import to_drawing

    doc = copy.deepcopy(doc)
    try:
        tpl._absolute_images(doc)
        art = to_drawing(doc, str(tpl.path), tpl.ctx.fonts.resolve, tpl.ctx.fonts)  # what font_map() gives, without its notes
        return ("ok", art.width, art.height, _canon(art.items))
    except Exception as exc:  # the same refusal on both sides is the same output
        return ("error", type(exc).__name__, str(exc))


def _needs_picture(doc) -> bool:
    index = svgdraw.id_index(doc)
    return any(svgdraw.raster_reasons(el, index) for el in doc.iter() if isinstance(el.tag, str) and el.get("data-pk-unit") is not None)


def _picture(tpl, doc):
    from lxml import etree

    doc = copy.deepcopy(doc)
    try:
        tpl._absolute_images(doc)
        pic = svgdraw.rasterise(doc, etree.tostring(doc, encoding="unicode"), tpl.doc_mm, tpl._raster_fonts(), "check")
    except Exception as exc:
        return ("error", type(exc).__name__, str(exc))
    if not pic:
        return None
    image, *box = pic
    return (hashlib.sha256(image.tobytes()).hexdigest(), image.size, tuple(round(v, 9) for v in box))


def _compare(tpl, keep, swap, doc) -> None:
    try:
        old = old_doc(tpl, keep, swap)
    except Exception:
        SEEN["errors"] += 1
        return
    SEEN["docs"] += 1
    SEEN["old"] += sum(1 for _ in old.iter())
    SEEN["new"] += sum(1 for _ in doc.iter())
    a, b = _drawn(tpl, old), _drawn(tpl, doc)
    same = a == b
    if a[0] == "error":
        SEEN["refused"] += 1
    if same and (_needs_picture(old) or _needs_picture(doc)):
        SEEN["rasters"] += 1
        same = _picture(tpl, old) == _picture(tpl, doc)
    if not same:
        test = os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]
        SEEN["differ"].append(f"{test}: {tpl.path.name} units {keep}{' (a card)' if swap is not None else ''}")


@pytest.fixture(autouse=True)
def _side_by_side(monkeypatch):
    made, card = svgresolve.SvgResolve._unit_doc, svgresolve.SvgResolve._card_doc

    def checked(self, keep, swap=None, hold=False, charge=None):
        mine = None if swap is None else copy.deepcopy(swap)  # the document takes the element itself
        doc = made(self, keep, swap=swap, hold=hold, charge=charge)
        if not getattr(self, "_in_card", False):
            _compare(self, keep, mine, doc)
        return doc

    def checked_card(self, s, new, gate=True, charge=False):
        mine = copy.deepcopy(new)
        self._in_card = True
        try:
            doc = card(self, s, new, gate=gate, charge=charge)
        finally:
            self._in_card = False
        _compare(self, [str(s.number)], mine, doc)
        return doc

    monkeypatch.setattr(svgresolve.SvgResolve, "_unit_doc", checked)
    monkeypatch.setattr(svgresolve.SvgResolve, "_card_doc", checked_card)
    yield


def pytest_terminal_summary(terminalreporter):
    s = SEEN
    terminalreporter.write_line(f"unit documents compared: {s['docs']} (resvg pictures too: {s['rasters']}); differing: {len(s['differ'])}; "
                                f"refused alike: {s['refused']}; old way failed: {s['errors']}; elements held: old {s['old']:,}, new {s['new']:,}")
    for what in s["differ"][:20]:
        terminalreporter.write_line(f"  differs: {what}")

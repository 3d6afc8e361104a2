"""printkit uses other packages as they are: no module of theirs replaced,
entered around its __init__ or patched, and ReportLab's private
names used in one adapter module only, engine/rl.py, whose hooks are listed in
rl.INTERNALS. Read from the source with Python's own parser, so a new use
anywhere else fails here with its file and line."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "printkit"
ADAPTER = PACKAGE / "engine" / "rl.py"
#: packages whose private names and module attributes printkit must not touch outside the adapter
OTHERS = ("reportlab", "fontTools", "PIL", "qrcode", "uharfbuzz", "lxml", "jinja2", "click", "pypdfium2")


def _sources():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _foreign_names(tree) -> set[str]:
    """Names bound in this file to a module (or object) of another package."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in OTHERS:
                    names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in OTHERS:
            for alias in node.names:
                names.add(alias.asname or alias.name)
    return names


def _own_names(tree) -> set[str]:
    """Attribute names this file defines itself (methods, self.x = ...)."""
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                    own.add(t.attr)
                elif isinstance(t, ast.Name):
                    own.add(t.id)
    return own


def test_reportlab_internals_only_in_the_adapter():
    from printkit.engine.rl import INTERNALS

    found = []
    for path, tree in _sources():
        if path == ADAPTER:
            continue
        foreign, own = _foreign_names(tree), _own_names(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
                continue
            base = node.value.id if isinstance(node.value, ast.Name) else None
            if base in foreign:  # pdfmetrics._fonts, renderPDF._PDFRenderer, S._find_clip_shape ...
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
            elif node.attr in INTERNALS and not (base == "self" and node.attr in own):  # c._code, font._ttf_data ...
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "ReportLab's internals outside engine/rl.py:\n" + "\n".join(found)


def test_the_adapter_uses_what_it_lists():
    """Each name of rl.INTERNALS is used in rl.py (a hook no longer needed is
    taken off the list), and every private name rl.py reads of ReportLab
    objects is on it."""
    from printkit.engine.rl import INTERNALS

    tree = ast.parse(ADAPTER.read_text(encoding="utf-8"))
    listing = next(n for n in tree.body if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "INTERNALS")
    own = _own_names(tree)
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            used.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node not in ast.walk(listing):
            used.add(node.value)  # c.__dict__.get("_drawing")
    used = {n for n in used if n.startswith("_") and not n.startswith(("__", "_pk"))}
    assert sorted(set(INTERNALS) - used) == []
    assert sorted(n for n in used - set(INTERNALS) if n not in own) == []


def test_no_module_of_another_package_replaced_or_patched():
    """Outside the adapter nothing is put into sys.modules, no package is
    loaded from its file around its __init__, and no attribute of another
    package's module is assigned."""
    found = []
    for path, tree in _sources():
        if path == ADAPTER:
            continue
        foreign = _foreign_names(tree) | set(OTHERS)
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Attribute) and node.attr in ("spec_from_file_location", "module_from_spec", "LazyLoader"):
                found.append(f"{where}: {ast.unparse(node)}")
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Subscript) and ast.unparse(t.value) == "sys.modules":
                        found.append(f"{where}: {ast.unparse(t)}")
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in foreign:
                        found.append(f"{where}: {ast.unparse(t)} assigned")
    # documented settings: ReportLab's rl_config module, Pillow's decompression-bomb limit
    found = [f for f in found if "rl_config." not in f and "Image.MAX_IMAGE_PIXELS" not in f]
    assert not found, "\n".join(found)

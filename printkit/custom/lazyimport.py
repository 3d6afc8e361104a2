"""Imports made lighter: ReportLab's page-layout package loaded only when used.

A leaf module (it imports nothing of printkit's), so the SVG reader, the
drawing code and the asset lookup can each call it first without importing
one another.
"""

from __future__ import annotations


def lazy_platypus() -> None:
    """ReportLab's graphics (the drawings svglib makes) import reportlab.platypus
    for one class, Flowable, and platypus's __init__ loads its whole page-layout
    engine (paragraphs, tables, document templates), a third of svglib's import
    time, none of which printkit uses. Called before svglib or reportlab.graphics
    is imported: reportlab.platypus is entered as the package holding just its
    flowables module; the first other name asked of it runs the package's own
    __init__ into it, so any later use gets the whole package. Nothing changes
    when platypus is loaded already or ReportLab's layout is not as expected."""
    import sys

    if "reportlab.platypus" in sys.modules:
        return
    import importlib.util

    try:
        spec = importlib.util.find_spec("reportlab.platypus")
        if spec is None or spec.loader is None or not spec.submodule_search_locations:
            return
        package = importlib.util.module_from_spec(spec)
    except (ImportError, ValueError, AttributeError):
        return

    def whole(name: str):
        if name.startswith("__") and name not in ("__all__", "__version__"):
            raise AttributeError(name)
        del package.__getattr__  # from here on a plain module: its __init__ run into it
        spec.loader.exec_module(package)
        return getattr(package, name)

    package.__getattr__ = whole
    sys.modules["reportlab.platypus"] = package
    try:
        from reportlab.platypus.flowables import Flowable
    except Exception:
        del sys.modules["reportlab.platypus"]
        return
    package.Flowable = Flowable

"""Imports made lighter: package __init__ modules that load much printkit never
uses are skipped until something asks them for a name.

It imports only the engine's font set-up and its light_package
(engine/lightimport.py), so the SVG reader, the drawing code and the asset
lookup can each call it first without importing one another.
"""

from __future__ import annotations

from printkit.engine.lightimport import light_package


def lazy_platypus() -> None:
    """ReportLab's graphics (the drawings svglib makes) import reportlab.platypus
    for one class, Flowable, and platypus's __init__ loads its whole page-layout
    engine (paragraphs, tables, document templates), a third of svglib's import
    time, none of which printkit uses. Called before svglib or reportlab.graphics
    is imported: reportlab.platypus is entered as the package holding just its
    flowables module. Nothing changes when platypus is loaded already or
    ReportLab's layout is not as expected. ReportLab's fonts are imported first
    the engine's way (without HarfBuzz until a text needs shaping), as the
    graphics import ReportLab's canvas."""
    from printkit.engine.fonts import import_reportlab_fonts

    import_reportlab_fonts()
    light_package("reportlab.platypus", "flowables", ("Flowable",))


def lazy_svglib() -> None:
    """lazy_platypus(), and svglib's package without its __init__: that is its
    command line (argparse, datetime) and its version number read from the
    installed metadata (importlib.metadata, which pulls in the email package),
    about 15 ms of every start that draws an SVG. Called before svglib is
    imported; svglib.svglib and svglib.fonts then load as usual."""
    lazy_platypus()
    import sys

    pil = sys.modules.get("PIL.Image")
    deferred = pil is not None and "_pk_real" not in vars(pil) and hasattr(type(pil), "_real")  # the engine's stand-in
    if deferred:  # svglib names PIL.Image.Image in one function's annotations: no reason to load Pillow
        vars(pil)["Image"] = type("Image", (), {})
    try:
        light_package("svglib", "svglib")
    finally:
        if deferred:
            vars(pil).pop("Image", None)

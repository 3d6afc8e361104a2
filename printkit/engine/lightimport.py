"""Packages entered without their __init__: a package whose __init__ loads much
printkit never uses is put in sys.modules as an empty module, the submodules
printkit needs load as usual, and the first other name asked of the package
runs its own __init__ into it, so any later user gets the whole package.

Used for ReportLab's platypus and svglib (printkit/custom/lazyimport.py) and
qrcode's Pillow drawers (engine/qr.py). Nothing changes when the package is
loaded already or not laid out as expected.
"""

from __future__ import annotations


def light_package(name: str, submodule: str | None = None, names: tuple = ()) -> bool:
    """Enter package `name` without running its __init__; import its
    `submodule`, if one is named, and give the package the `names` its
    __init__ would take from it. A package inside a package not loaded yet is
    found on disk without importing its parents (their imports may be what
    loads it). True when it was entered."""
    import importlib
    import importlib.util
    import os
    import sys

    if name in sys.modules:
        return False
    top, _, rest = name.partition(".")
    try:
        if rest and top not in sys.modules:
            root = importlib.util.find_spec(top)
            folder = os.path.join(list(root.submodule_search_locations)[0], *rest.split("."))
            init = os.path.join(folder, "__init__.py")
            if not os.path.isfile(init):
                return False
            spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[folder])
        else:
            spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or not spec.submodule_search_locations:
            return False
        package = importlib.util.module_from_spec(spec)
    except (ImportError, ValueError, AttributeError, TypeError, IndexError):
        return False

    def whole(attr: str):
        if attr.startswith("__") and attr not in ("__all__", "__version__"):
            raise AttributeError(attr)
        del package.__getattr__  # from here on a plain module: its __init__ run into it
        spec.loader.exec_module(package)
        return getattr(package, attr)

    package.__getattr__ = whole
    sys.modules[name] = package
    if submodule:
        try:
            module = importlib.import_module(f"{name}.{submodule}")
        except Exception:
            del sys.modules[name]
            return False
        for attr in names:
            setattr(package, attr, getattr(module, attr))
    return True

"""Where fonts/ and templates/ are: beside the package in a checkout, inside it
when installed from a wheel (the build copies them to printkit/_fonts and
printkit/_templates)."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent


def package_file(*parts: str) -> Path:
    """A file or folder shipped inside the package (printkit/data/..., printkit/starter),
    read as a plain file, as fonts/ and templates/ are (importlib.resources would add
    ~4 ms of imports to every start, for the same folder)."""
    return _PKG.joinpath(*parts)


def resource_dir(name: str) -> Path:
    for cand in (_PKG / f"_{name}", _PKG.parent / name):
        if cand.is_dir():
            return cand
    raise FileNotFoundError(f"printkit's {name}/ folder is missing (looked in {_PKG} and {_PKG.parent})")

"""Imports are plain: an import inside a function must put off loading something.

Issue 34 (no import tricks): an `import` inside a function that names a module
the file's own import has already loaded defers nothing; it only hides the
file's dependencies from its reader. Such imports belong at the top of the file.
The imports left inside functions are the ones that keep a module out of a run
that does not need it (the command line's help, a kit without QR codes, a deck
without spreadsheets) or that sit at a named lazy boundary (Pillow's Image,
HarfBuzz), and those that are guarded (inside try, with or a loop).

Each module is imported in a fresh interpreter (a forked child of a process that
has imported no part of printkit) to see what its import loads.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "printkit"
LAZY_BOUNDARIES = ("PIL", "uharfbuzz")


def module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def _owner(node, parents):
    q = parents.get(node)
    while q is not None and not isinstance(q, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        q = parents.get(q)
    return q


def _guarded(node, fn, parents) -> bool:
    q = parents[node]
    while q is not fn:
        if isinstance(q, (ast.Try, ast.With, ast.For, ast.While)):
            return True
        q = parents[q]
    return False


def idle_imports(source: str, module: str, is_package: bool, loaded: set[str], modules: set[str]) -> list[tuple[int, str]]:
    """(line, module) of each import inside a function of `source` that defers
    nothing: every module it names is in `loaded`, the modules importing `module`
    loads."""
    tree = ast.parse(source)
    parents = {c: n for n in ast.walk(tree) for c in ast.iter_child_nodes(n)}
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        fn = _owner(node, parents)
        if fn is None or _guarded(node, fn, parents):
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
        if module in names or any(n.split(".")[0] in LAZY_BOUNDARIES for n in names):
            continue
        if all(n in loaded for n in names):
            found.append((node.lineno, names[0]))
    return found


#: run in a new interpreter that has imported nothing of printkit: for each module
#: named on stdin, a forked child imports it and sends back what is then loaded
_LOADER = """
import os, sys
for module in sys.stdin.read().split():
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            __import__(module)
            data = " ".join(sys.modules)
        except BaseException as exc:
            data = "!" + type(exc).__name__ + ": " + str(exc).replace(chr(10), " ")
        with os.fdopen(w, "w") as fh:
            fh.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as fh:
        print(module, fh.read())
    os.waitpid(pid, 0)
"""


def loaded_by(modules: list[str]) -> dict[str, set[str]]:
    """{module: the modules a fresh `import module` loads}."""
    proc = subprocess.run([sys.executable, "-c", _LOADER], input=" ".join(modules), capture_output=True,
                          text=True, cwd=ROOT, check=True)
    result = {}
    for line in proc.stdout.splitlines():
        module, _, data = line.partition(" ")
        if data.startswith("!"):
            pytest.fail(f"importing {module} failed: {data[1:]}")
        result[module] = set(data.split())
    return result


def test_the_check_finds_an_idle_import():
    source = "import os\n\ndef f():\n    import os\n    from . import b\n    import json\n\ndef g():\n    try:\n        import os\n    except ImportError:\n        pass\n"
    found = idle_imports(source, "pkg.a", False, {"os", "pkg", "pkg.b"}, {"pkg.a", "pkg.b"})
    assert found == [(4, "os"), (5, "pkg")]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork to import each module afresh")
@pytest.mark.slow
def test_no_import_inside_a_function_defers_nothing():
    paths = sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__main__.py")  # importing it runs the CLI
    modules = {module_name(p) for p in paths}
    loaded = loaded_by([module_name(p) for p in paths])
    assert len(loaded["printkit.cli"]) > 50 and "printkit.engine.cards" not in loaded["printkit.errors"]
    idle = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        module = module_name(path)
        idle += [f"{path.relative_to(ROOT)}:{line}: {name}" for line, name in
                 idle_imports(source, module, path.name == "__init__.py", loaded[module], modules)]
    assert not idle, "imports inside functions that defer nothing (move them to the top of the file):\n" + "\n".join(idle)

"""tests/second_tier.txt names tests that exist: a renamed or removed test must
leave the list too, or the list would silently stop meaning anything."""

from __future__ import annotations

import ast

from conftest import ROOT, second_tier


def _functions(path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def test_every_second_tier_line_names_a_test_that_exists():
    listed = second_tier()
    assert listed
    missing, functions = [], {}
    for entry in sorted(listed):
        path, _, name = entry.partition("::")
        name = name.split("[")[0]
        file = ROOT / path
        if path not in functions:
            functions[path] = _functions(file) if file.is_file() else set()
        if name not in functions[path]:
            missing.append(entry)
    assert not missing, f"tests/second_tier.txt names tests that do not exist: {missing}"

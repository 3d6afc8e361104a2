"""Other tools' placeholders and layer rules, read as Jinja2.

A template made for another card tool (Inkscape's Generator, NextGenerator or
Component Generator, CardMaker, a `string.Template` or `[%0]` script...) holds
its placeholders in that tool's syntax. Before the template is parsed, each
such placeholder that names a column of the data is rewritten as the Jinja2
placeholder `{{ row["Column"] }}`, so the one engine (Jinja2's sandbox, with
its escaping and limits) fills it like any other. Nothing here evaluates
anything: it only rewrites text.

A syntax is read only when the template has no Jinja2 placeholder of its own,
and only where the name between the marks is one of the data's columns (or,
for the forms by number, a column's position): a `%` or `{` in ordinary text,
CSS or a path is left as it is. When several syntaxes appear, the one naming
the most columns is read.
"""

from __future__ import annotations

import json
import re

# (name shown in the run summary, pattern with the name in group 1, how the name
# finds its column: "name" | "index0" (from 0) | "index1" (from 1) | "var" (a name, else a position from 1))
# Most specific first: at equal counts the earlier wins (`${a}` before `{a}`).
SYNTAXES = [
    ("Generator's %VAR_name%", re.compile(r"%VAR_([^%<>\"\n]{1,80})%"), "var"),
    ("CardMaker's @[name]", re.compile(r"@\[([^\[\]<>\"\n]{1,80})\]"), "name"),
    ("[%N]", re.compile(r"\[%(\d{1,4})\]"), "index0"),
    ("${name}", re.compile(r"\$\{([^{}<>\"\n]{1,80})\}"), "name"),
    ("{name}", re.compile(r"(?<![{$])\{([^{}<>\"\n:;]{1,80})\}(?!\})"), "name"),
    ("%NAME%", re.compile(r"%([^%<>\"\n;:]{1,80})%"), "name"),
    ("$NAME$", re.compile(r"\$([^$<>\"\n;:{}]{1,80})\$"), "name"),
]

JINJA = re.compile(rb"\{\{|\{%")


def _lookup(columns: list[str]) -> dict:
    exact = {c: c for c in columns}
    lower: dict = {}
    for c in columns:
        lower.setdefault(c.strip().lower(), []).append(c)
    return exact, {k: v[0] for k, v in lower.items() if len(v) == 1}


def _column(name: str, how: str, columns: list[str], exact: dict, lower: dict) -> str | None:
    if how == "index0":
        i = int(name)
        return columns[i] if i < len(columns) else None
    hit = exact.get(name) or lower.get(name.strip().lower())
    if hit is None and how == "var" and name.isdigit() and 1 <= int(name) <= len(columns):
        hit = columns[int(name) - 1]
    return hit


def _matches(text: str, pattern, how: str, columns, exact, lower) -> list[tuple[int, int, str]]:
    """(start, end, column) of each placeholder naming a column, left to right, not
    overlapping: found at every position, so '50% %cost%' still finds %cost%."""
    found, pos = [], 0
    while pos < len(text):
        m = pattern.search(text, pos)
        if m is None:
            break
        col = _column(m.group(1), how, columns, exact, lower)
        if col is None:
            pos = m.start() + 1  # the closing mark may open the next placeholder
            continue
        found.append((m.start(), m.end(), col))
        pos = m.end()
    return found


def _placeholder(column: str) -> str:
    """The Jinja2 placeholder for a column, written so it stands anywhere in XML
    (attribute or text) and holds only ASCII: the XML parser gives Jinja2 back
    `{{ row["Column"] }}`."""
    expr = "{{ row[" + json.dumps(column, ensure_ascii=True) + "] }}"
    return expr.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;").replace("'", "&apos;")


def translate(data: bytes, columns: list[str] | None) -> tuple[bytes, str]:
    """(the template's bytes with another tool's placeholders as Jinja2's, a sentence
    for the run summary saying which syntax was read, or "" when none was)."""
    if not columns or JINJA.search(data):
        return data, ""
    for codec in ("utf-8", "latin-1"):  # latin-1 reads any bytes back as they were
        try:
            text = data.decode(codec)
            break
        except UnicodeDecodeError:
            continue
    exact, lower = _lookup(columns)
    best = None
    for label, pattern, how in SYNTAXES:
        found = _matches(text, pattern, how, columns, exact, lower)
        if found and (best is None or len(found) > len(best[1])):
            best = (label, found)
    if best is None:
        return data, ""
    label, found = best
    out, pos = [], 0
    for start, end, col in found:
        out.append(text[pos:start])
        out.append(_placeholder(col))
        pos = end
    out.append(text[pos:])
    used = list(dict.fromkeys(col for _, _, col in found))
    shown = ", ".join(used[:6]) + (f" and {len(used) - 6} more" if len(used) > 6 else "")
    n = len(found)
    return "".join(out).encode(codec), f"placeholders read in {label} syntax ({n} placeholder{'s' if n != 1 else ''}: {shown})"

"""Messages in a designer's terms: what a parser reports, said as the person who
drew the file would say it (file relative to the project, line, column, the
character there, and what to write instead), without the parser's jargon."""

from __future__ import annotations

import os
import re
from pathlib import Path

# libxml2's wording -> what it means in the file; the first that matches is used
_XML = [
    (r"AttValue: \" or ' expected", "an attribute's value is not in quotes (write name=\"value\")"),
    (r"attributes construct error|Couldn't find end of Start Tag", "an element's opening tag is not closed with > (a quote or a > missing before this point)"),
    (r"Opening and ending tag mismatch: ([^\s,]+) line (\d+) and ([^\s,]+)", "the <{0}> opened on line {1} is closed by </{2}>"),
    (r"StartTag: invalid element name", "a '<' that starts no element (write &lt; for a '<' in text)"),
    (r"EntityRef: expecting ';'|xmlParseEntityRef: no name", "an '&' that starts no character reference (write &amp; for an '&' in text)"),
    (r"Entity '([^']+)' not defined", "'&{0};' is not a character XML knows (write the character itself, or &amp;)"),
    (r"Premature end of data|EndTag: '</' not found|Extra content at the end", "the file ends before every element is closed, or has text after its last closing tag"),
    (r"Start tag expected, '<' not found|Document is empty", "no SVG element (the file is empty or is not an SVG drawing)"),
    (r"Attribute (\S+) redefined", "the attribute '{0}' is given twice on one element"),
    (r"Specification mandates value for attribute (\S+)", "the attribute '{0}' has no value (write {0}=\"...\")"),
    (r"Input is not proper UTF-8|Char 0x[0-9A-F]+ out of allowed range|invalid character", "a character that is not valid text (save the file as UTF-8)"),
]


def project_path(name) -> str:
    """A file's name as the user sees it: relative to the folder they work in
    when it lies inside it, else the file name with its folder."""
    text = os.fspath(name) if isinstance(name, os.PathLike) else str(name)
    p = Path(text)
    if not p.is_absolute():
        return text
    try:
        return str(p.relative_to(Path.cwd()))
    except ValueError:
        return str(Path(p.parent.name) / p.name) if p.parent.name else p.name


def xml_error(exc, data: bytes, name) -> str:
    """One line for an SVG that does not parse: where, the character there and what
    is wrong, e.g. `cards/front.svg line 114, column 23 (at '"'): an attribute's
    value is not in quotes`."""
    raw = str(getattr(exc, "msg", "") or exc)
    line, col = (getattr(exc, "position", None) or (getattr(exc, "lineno", 0) or 0, 0))[:2]
    where = f"{project_path(name)}"
    if line:
        where += f" line {line}" + (f", column {col}" if col else "")
        lines = data.split(b"\n")
        if 0 < line <= len(lines) and col:
            text = lines[line - 1].decode("utf-8", "replace")
            ch = text[col - 1] if 0 < col <= len(text) else ""
            if ch.strip():
                where += f" (at '{ch}')"
    for pattern, said in _XML:
        m = re.search(pattern, raw)
        if m:
            return f"{where}: not a readable SVG: {said.format(*m.groups())}"
    plain = re.sub(r",? line \d+, column \d+.*$", "", raw).strip().rstrip(".")
    return f"{where}: not a readable SVG: {plain[:100]}"

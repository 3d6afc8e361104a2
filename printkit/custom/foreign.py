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

import re

from printkit.custom.svgcss import style_dict, with_property

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
    # string.Template's bare `$name` (an identifier; `$$` is a dollar sign): read when it
    # names more columns than `$NAME$`, whose `$a $` would swallow `$a $b` otherwise
    ("string.Template's $name", re.compile(r"(?<!\$)\$([A-Za-z_][A-Za-z0-9_]{0,79})(?![A-Za-z0-9_$])"), "name"),
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


def literal(text: str) -> str:
    """`text` as a Jinja2 string literal of plain letters, digits and escapes: it
    stands in XML text or an attribute (either quote) and reads back as `text`
    however printkit serializes the element."""
    return "'" + "".join(c if (c.isascii() and (c.isalnum() or c in " _-.")) else f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}" for c in text) + "'"


def _placeholder(column: str) -> str:
    """The Jinja2 placeholder for a column, `{{ row['Column'] }}`, its quotes written
    `&apos;` so it stands in an attribute quoted either way."""
    return ("{{ row[" + literal(column) + "] }}").replace("'", "&apos;")


#: a Jinja2 placeholder that is a bare name, `{{NAME}}` or `{{ name }}` (no filter, no index)
_BARE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,79})\s*\}\}")


def _decoded(data: bytes) -> tuple[str, str]:
    for codec in ("utf-8", "latin-1"):  # latin-1 reads any bytes back as they were
        try:
            return data.decode(codec), codec
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes any bytes")


def _by_case(data: bytes, columns: list[str]) -> tuple[bytes, str]:
    """`{{NAME}}` where the data's column is `Name`: mail-merge tools (MailMerge-SVG,
    the CSV Column Exporter extension, word processors' merge fields) match a
    placeholder to its column whatever the case. A bare name that is no column,
    but is one column (and one only) but for case, is read as that column;
    a name that is a column as written, or that several columns match, is left
    as it is (and still named as missing when it is missing)."""
    text, codec = _decoded(data)
    exact, lower = _lookup(columns)
    found: dict = {}

    def swap(m):
        name = m.group(1)
        if name in exact or name in ("row", "card"):
            return m.group(0)
        col = lower.get(name.lower())
        if col is None:
            return m.group(0)
        found[name] = col
        return _placeholder(col)

    out = _BARE.sub(swap, text)
    if not found:
        return data, ""
    shown = ", ".join(f"{k} as '{v}'" for k, v in list(found.items())[:6]) + (f" and {len(found) - 6} more" if len(found) > 6 else "")
    return out.encode(codec), f"placeholders matched to columns whatever their case ({shown}), as mail-merge tools match them"


def translate(data: bytes, columns: list[str] | None) -> tuple[bytes, str]:
    """(the template's bytes with another tool's placeholders as Jinja2's, a sentence
    for the run summary saying which syntax was read, or "" when none was)."""
    if not columns:
        return data, ""
    if JINJA.search(data):
        return _by_case(data, columns)
    text, codec = _decoded(data)
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


LAYER_COLUMNS = ("layers", "layer")  # the column a Generator-style deck lists each row's layers in
# the layer labels read (compiled by re at the first layer seen: most templates have none)
_PREFIX = r"\s*\[([^\[\]]{1,60})\]"
_CONDITION = r"\s*%(IF|UNLESS)_([^%]{1,80})%"
_INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


def _show(el, expr: str) -> None:
    """The layer's display set by a Jinja2 expression (its other style kept)."""
    el.attrib.pop("display", None)
    el.set("style", with_property(el.get("style"), "display", "{{ " + expr + " }}"))


def layers(root, columns: list[str] | None) -> str:
    """Inkscape layers shown per row the way Generator-style extensions show them:
    `[name] Label` layers when the row's `layers` column lists `name` (separated by
    `|`, `,`, `;` or spaces; `[*]` and `[fixed]` on every card, as Component
    Generator has it), and Generator's `%IF_column%` / `%UNLESS_column%` layers
    when that cell is (not) empty, 0, false or no. Returns a sentence for the run
    summary, or "" when no layer was read so. When rows list their layers, a
    layer with no `[name]` label (a cut line, guides) is left off, as Component
    Generator leaves it off. Layers are drawn as any group whose
    display holds a placeholder: the one engine decides, per row."""
    if not columns:
        return ""
    exact, lower = _lookup(columns)
    listing = next((c for c in columns if c.strip().lower() in LAYER_COLUMNS), None)
    shown, conditional, unlisted, plain = [], [], [], []
    for el in root.iter("{http://www.w3.org/2000/svg}g"):
        if el.get(_INKSCAPE + "groupmode") != "layer":
            continue
        label = el.get(_INKSCAPE + "label") or ""
        if "{{" in (el.get("style") or "") or "{%" in (el.get("style") or ""):
            continue  # the template says itself when it shows
        m = re.match(_CONDITION, label)
        if m and (col := _column(m.group(2), "var", columns, exact, lower)) is not None:
            test = f"(row[{literal(col)}] | trim | lower) not in ('', '0', 'false', 'no')"
            _show(el, f"'inline' if {'' if m.group(1) == 'IF' else 'not '}{test} else 'none'")
            conditional.append(label.strip())
            continue
        m = re.match(_PREFIX, label)
        if not m:
            plain.append(el)
            continue
        name = m.group(1).strip()
        if name in ("*", "fixed"):
            _show(el, "'inline'")
        elif listing is None:
            unlisted.append(label.strip())
        else:
            cell = f"row[{literal(listing)}]"
            listed = f"({cell} | replace(',', ' ') | replace(';', ' ') | replace('|', ' ')).split()"
            _show(el, f"'inline' if {literal(name)} in {listed} else 'none'")
            shown.append(name)
    said = []
    left_off = []
    if shown:  # a deck that lists its layers: Component Generator prints the [name] and [*] layers alone
        for el in plain:
            if style_dict(el.get("style")).get("display") != "none" and el.get("display") != "none":
                el.attrib.pop("display", None)
                el.set("style", with_property(el.get("style"), "display", "none"))
                left_off.append((el.get(_INKSCAPE + "label") or el.get("id") or "?").strip())
    if shown:
        names = list(dict.fromkeys(shown))
        said.append(f"layers {', '.join('[' + n + ']' for n in names[:6])}{' and more' if len(names) > 6 else ''} shown on the rows whose '{listing}' column lists them")
    if conditional:
        said.append(f"layers {', '.join(repr(c) for c in conditional[:4])} shown by their cell, as Generator does")
    if left_off:
        said.append(f"layers {', '.join(repr(c) for c in left_off[:4])}{' and more' if len(left_off) > 4 else ''} left off: with a '{listing}' column only [name] and [*] layers print, as Component Generator prints them")
    if unlisted:
        said.append(f"layers {', '.join(repr(c) for c in unlisted[:4])} drawn as the file has them: no 'layers' column lists them")
    return "; ".join(said)


_BRACKET = r"(.+?)\[([^\[\]]+)\]"  # compiled by re at the first use (data in countersheets' form only)
_XLINK = "{http://www.w3.org/1999/xlink}href"
_TEXTS = ("text", "tspan", "flowRoot", "flowPara", "flowSpan")


def _local(tag) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def by_id(root, columns: list[str] | None) -> str:
    """countersheets' form, read as Jinja2: the data's first column is headed by
    the id of the card's rectangle (the template), and each other column
    that is an element's id fills that element: a text's (or flowed text's)
    words, a clone's (`<use>`) target, a picture's file; a column
    `id[attribute]` sets that attribute, `id[style:property]` that style
    property. Only for a template with no placeholders of its own (the caller
    checks). Returns a sentence for the run summary, or "" when the data is not
    in that form."""
    if not columns:
        return ""
    ids = {}
    for el in root.iter():
        if isinstance(el.tag, str) and el.get("id"):
            ids.setdefault(el.get("id"), el)
    if columns[0] not in ids:
        return ""  # countersheets heads its first column with the template's id
    used = []
    for col in columns[1:]:
        m = re.fullmatch(_BRACKET, col)
        target, attr = (m.group(1), m.group(2).strip()) if m else (col, None)
        el = ids.get(target)
        if el is None:
            continue
        ph = "{{ row[" + literal(col) + "] }}"
        tag = _local(el.tag)
        if attr and attr.startswith("style:"):
            prop = attr[6:].strip()
            el.set("style", with_property(el.get("style"), prop, ph))
        elif attr:
            if not re.fullmatch(r"[A-Za-z_][\w.-]*", attr):
                continue
            el.set(attr, ph)
        elif tag in _TEXTS:
            holders = [x for x in el.iter() if isinstance(x.tag, str) and _local(x.tag) in _TEXTS and (x.text or "").strip()]
            first = holders[0] if holders else el
            for x in holders[1:]:  # the words are the cell's: the template's other lines go
                x.getparent().remove(x)
            first.text = ph
        elif tag == "use":
            el.attrib.pop("href", None)
            el.set(_XLINK, "#" + ph)
        elif tag == "image":
            el.attrib.pop("href", None)
            el.set(_XLINK, ph)
        else:
            continue
        used.append(col)
    if not used:
        return ""
    shown = ", ".join(used[:6]) + (f" and {len(used) - 6} more" if len(used) > 6 else "")
    return f"placeholders read in countersheets' form (columns naming elements by id: {shown})"

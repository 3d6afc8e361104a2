"""A seeded fuzz over the corpus projects (issue 35 point 5).

Each run takes one project of tests/corpus/, copies it into a fresh folder,
and changes it the way real files differ from the ones printkit was tried on:
placeholders moved into attributes, groups, hrefs and styles; pictures and
filters added inside groups whose attributes hold placeholders; `{% if %}`
blocks and other tools' placeholder forms; page sizes and units; the data
re-encoded, given empty, huge and odd cells, a merged title row, no header,
odd counts, or written as an Excel workbook with merged title, header and data
cells; transforms that squash or fling an element (scale(0), 1e308); SVGs in
UTF-16 or with a byte-order mark, a game.toml in cp1252; and the command given
other card sizes, papers, bleeds, layouts and formats. On a sheet of templates (`file.svg#id`) most changes land in the
group the card is cut from. The run is then printkit's own `main`.

Everything a run does comes from (seed, index): `build(seed, index, folder)`
makes the same project and command every time, and

    python tests/fuzz_corpus.py SEED INDEX FOLDER [--cheap]

(--cheap for a run of the default test tier) writes that project to FOLDER and
prints the command, to reproduce a finding;

    python tests/fuzz_corpus.py --sweep SEED FIRST LAST [--cheap] [--jobs N] [--real N]

runs FIRST..LAST-1 and prints how they ended, what they cost and each broken promise.

`run_batch` runs many in forked children (`jobs` side by side), each one
interpreter with its address-space and CPU ceilings set once
(resource.setrlimit); each run is printkit's `main` called in the child, but
`real` of them go through a real `python -m printkit` process. It reports,
per run, the exit code, the output, the CPU time it took (with the worker
processes printkit starts: its resvg worker outlives a run) and the memory
high-water mark; a child stopped by a ceiling names the run it was in.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import random
import re
import resource
import shutil
import signal
import struct
import sys
import time
import tomllib
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
INK = "http://www.inkscape.org/namespaces/inkscape"
DRAWN = ("rect", "path", "circle", "ellipse", "g", "text", "image", "use", "flowRoot", "tspan", "line", "polygon")


# -- small files the mutations add ------------------------------------------------------


def png(w: int, h: int, rgba=(200, 40, 40, 255)) -> bytes:
    """A w x h PNG of one colour (zlib only: no PIL needed in the generator)."""
    raw = b"".join(b"\x00" + bytes(rgba) * w for _ in range(h))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


PIC = png(40, 30)
DATA_URI = "data:image/png;base64," + base64.b64encode(png(8, 6, (20, 90, 200, 180))).decode()
LITTLE_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#2a7"/></svg>'

#: values a new column's cells take: what a designer's sheet holds, and what a broken one does
VALUES = [
    "", " ", "inline", "none", "block", "hidden", "visible", "#1f5f8b", "red", "rgb(10,20,30)", "url(#fzgrad)", "url(#nothing)",
    "0", "1", "0.5", "-3", "1e308", "nan", "inf", "12mm", "3in", "50%", "2.5e-7", "99999999999999999999",
    "pic.png", "pic", "little.svg", "missing.png", "../outside.png", "/etc/passwd", "http://example.com/x.png", "file:///etc/passwd",
    DATA_URI, "data:image/png;base64,AAAA", "javascript:alert(1)", "#fzsym", "#", "images/", "Pirate Skull",
    "{{ 7 * 7 }}", "{% if %}", "}}", "%VAR_name%", "&amp;", "<b>", "\"quoted\"", "'", "a\nb", "**bold** *it*", ":nosuchicon:",
    "שלום עולם", "مرحبا", "日本語のテキスト", "😀🎲", "e\u0301", "\u200b", "x" * 300, "word " * 400,
]


def value(rnd: random.Random) -> str:
    v = rnd.choice(VALUES)
    if rnd.random() < 0.04:
        v = rnd.choice("abc ") * rnd.choice([9_999, 10_001, 60_000])  # around the cell limit
    return v


# -- the corpus --------------------------------------------------------------------------


def projects() -> list[Path]:
    return sorted(p for p in CORPUS.iterdir() if (p / "game.toml").is_file())


def _table(project: Path, part: dict) -> tuple[list[str], list[list[str]]]:
    """The part's data as printkit reads it (columns, rows of text)."""
    from printkit.custom.data import read_table

    t = read_table(project / part["data"], part.get("sheet"))
    return list(t.columns), [[r.values.get(c, "") for c in t.columns] for r in t.rows]


_TABLES: dict = {}


def table(project: Path, part: dict):
    key = (project, part["data"], part.get("sheet"))
    if key not in _TABLES:
        _TABLES[key] = _table(project, part)
    return _TABLES[key]


def templates(part: dict) -> list[str]:
    return list(dict.fromkeys(f.split("#")[0] for f in _template_names(part)))


def _template_names(part: dict) -> list[str]:
    out = []
    for key in ("front", "back", "template"):
        v = part.get(key)
        out += v if isinstance(v, list) else list(v.values()) if isinstance(v, dict) else [v] if v else []
    return out


def card_ids(part: dict) -> dict[str, str]:
    """{template file: the id its `file.svg#id` names} (a card on a sheet of templates)."""
    return {f.split("#")[0]: f.split("#", 1)[1] for f in _template_names(part) if "#" in f}


# -- TOML out ----------------------------------------------------------------------------


def _tv(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, list):
        return "[" + ", ".join(_tv(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_tv(x)}" for k, x in v.items()) + " }"
    return json.dumps(str(v))


def dump_toml(doc: dict) -> str:
    lines = []
    for key, val in doc.items():
        if isinstance(val, dict):
            lines.append(f"[{key}]")
            lines += [f"{k} = {_tv(v)}" for k, v in val.items()]
        elif isinstance(val, list) and val and all(isinstance(x, dict) for x in val):
            for item in val:
                lines.append(f"\n[[{key}]]")
                lines += [f"{k} = {_tv(v)}" for k, v in item.items()]
        else:
            lines.insert(0, f"{key} = {_tv(val)}")
    return "\n".join(lines) + "\n"


# -- SVG mutations -----------------------------------------------------------------------


def _drawn(root) -> list:
    """Elements drawn on the card (not in defs, metadata or a clip), in document order."""
    out = []
    for el in root.iter():
        if not isinstance(el.tag, str) or not el.tag.startswith("{" + SVG + "}"):
            continue
        if el.tag.split("}")[1] not in DRAWN or el is root:
            continue
        if any(isinstance(a.tag, str) and a.tag.split("}")[-1] in ("defs", "metadata", "clipPath", "mask", "symbol", "pattern", "flowRegion") for a in el.iterancestors()):
            continue
        out.append(el)
    return out


def _defs(root):
    d = root.find(f"{{{SVG}}}defs")
    if d is None:
        from lxml import etree

        d = etree.Element(f"{{{SVG}}}defs")
        root.insert(0, d)
    return d


def _ph(col: str, rnd: random.Random) -> str:
    """A placeholder for column `col`, in one of the forms a template writes."""
    return rnd.choice([
        "{{ fz }}",
        "{{ row['fz'] }}",
        "{{ fz | upper }}",
        "{{ 'inline' if fz else 'none' }}",
        "{{ fz ~ 'mm' }}",
        "{{ fz | float * 2 }}",
        "{{ " + col + " }}" if re.fullmatch(r"[A-Za-z_]\w*", col) else "{{ row[" + json.dumps(col) + "] }}",
    ]).replace("fz", rnd.choice(["fz", "fz2"]))


def _card_part(root, card: str | None):
    """The group holding the element a `file.svg#id` names (a sheet of templates:
    what is drawn on the card), or None."""
    el = root.find(f".//*[@id={json.dumps(card)}]") if card else None
    if el is None or el.getparent() is None or el.getparent() is root:
        return None
    return el.getparent()


def mutate_svg(data: bytes, columns: list[str], rnd: random.Random, said: list, card: str | None = None) -> bytes:
    """`card`: the id a `file.svg#id` names; most changes then land in the group
    holding it (what the card shows), not elsewhere on the sheet of templates."""
    from lxml import etree

    try:
        root = etree.fromstring(data, etree.XMLParser(huge_tree=False, resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        return data
    col = rnd.choice(columns) if columns else "fz"
    part = _card_part(root, card)
    for _ in range(rnd.randint(1, 4)):
        drawn = _drawn(root)
        if part is not None and rnd.random() < 0.85:
            drawn = [el for el in drawn if el is part or part in el.iterancestors()] or drawn
        if not drawn:
            break
        el = rnd.choice(drawn)
        tag = el.tag.split("}")[1]
        kind = rnd.choice(["attr", "style", "href", "group", "picture", "filter", "ifblock", "text", "display", "clone", "size", "foreign", "clip", "span"])
        said.append(f"{kind} on <{tag} id={el.get('id')}>")
        if kind == "attr":
            el.set(rnd.choice(["fill", "stroke", "opacity", "x", "y", "width", "height", "transform", "stroke-width", "font-size", "rx", "class", "mask", "filter", "clip-path"]), _ph(col, rnd))
        elif kind == "style":
            el.set("style", (el.get("style") or "") + rnd.choice([";fill:", ";opacity:", ";display:", ";font-size:", ";stroke:", ";font-family:"]) + _ph(col, rnd))
        elif kind == "href":
            img = etree.SubElement(el.getparent() if tag not in ("g",) else el, f"{{{SVG}}}image", x="5", y="5", width="20", height="15")
            img.set(rnd.choice(["href", f"{{{XLINK}}}href"]), rnd.choice(["{{ fz }}", "{{ fz }}.png", "images/{{ fz }}", "{{ fz2 }}", "pic.png"]))
            if rnd.random() < 0.5:
                img.set("preserveAspectRatio", rnd.choice(["none", "xMidYMid slice", "xMinYMin meet", "{{ fz }}"]))
        elif kind == "group":
            parent = el.getparent()
            g = etree.Element(f"{{{SVG}}}g")
            g.set(rnd.choice(["style", "opacity", "display", "transform", "fill", "visibility"]), rnd.choice(["display:{{ fz }}", "{{ fz }}", "{{ 'inline' if fz else 'none' }}", "translate({{ fz }},0)", "opacity:{{ fz }}"]))
            parent.replace(el, g)
            g.append(el)
            if rnd.random() < 0.6:
                pic = etree.SubElement(g, f"{{{SVG}}}image", x="2", y="2", width="12", height="9")
                pic.set(f"{{{XLINK}}}href", rnd.choice(["pic.png", DATA_URI, "little.svg", "{{ fz2 }}"]))
        elif kind == "picture":
            g = el if tag == "g" else etree.SubElement(el.getparent(), f"{{{SVG}}}g")
            g.set("style", "opacity:{{ fz }}" if rnd.random() < 0.5 else "display:{{ 'inline' if fz else 'none' }}")
            pic = etree.SubElement(g, f"{{{SVG}}}image", x=str(rnd.randint(-20, 60)), y=str(rnd.randint(-20, 90)), width=str(rnd.choice([0, 1, 10, 40, 5000])), height="20")
            pic.set(rnd.choice(["href", f"{{{XLINK}}}href"]), rnd.choice(["pic.png", DATA_URI, "little.svg", "missing.png", "data:image/png;base64,AAAA"]))
        elif kind == "filter":
            f = etree.SubElement(_defs(root), f"{{{SVG}}}filter", id="fzblur")
            prim = rnd.choice(["feGaussianBlur", "feDropShadow", "feOffset", "feColorMatrix", "feTurbulence"])
            p = etree.SubElement(f, f"{{{SVG}}}{prim}")
            p.set("stdDeviation", rnd.choice(["1", "0", "50", "-1", "0.3"]))
            g = el if tag == "g" else el.getparent()
            if g is not None and g.tag.split("}")[1] == "g":
                g.set("style", (g.get("style") or "") + ";display:{{ 'inline' if fz else 'none' }}")
            el.set("filter", "url(#fzblur)")
            if rnd.random() < 0.2:
                grad = etree.SubElement(_defs(root), f"{{{SVG}}}linearGradient", id="fzgrad")
                etree.SubElement(grad, f"{{{SVG}}}stop", offset="0", style="stop-color:{{ fz }}")
                etree.SubElement(grad, f"{{{SVG}}}stop", offset="1", style="stop-color:#000;stop-opacity:0.2")
        elif kind == "ifblock":
            parent = el.getparent()
            i = parent.index(el)
            before = el.getprevious()
            opening = rnd.choice(["{% if fz %}", "{% if fz == 'none' %}", "{% if not fz2 %}", "{% for i in range(2) %}"])
            closing = "{% endfor %}" if "for" in opening else rnd.choice(["{% endif %}", "{% else %}{% endif %}"])
            if before is None:
                parent.text = (parent.text or "") + opening
            else:
                before.tail = (before.tail or "") + opening
            el.tail = closing + (el.tail or "")
            if rnd.random() < 0.3 and i + 1 < len(parent):  # a second block right after
                nxt = parent[i + 1] if parent[i + 1] is not el else None
                if nxt is not None:
                    nxt.tail = "{% if fz2 %}{% endif %}" + (nxt.tail or "")
        elif kind == "text":
            t = el if tag in ("text", "tspan", "flowRoot") else etree.SubElement(el.getparent(), f"{{{SVG}}}text", x="5", y="20", style="font-size:4px")
            target = t
            if tag == "flowRoot":
                target = t.find(f"{{{SVG}}}flowPara") if t.find(f"{{{SVG}}}flowPara") is not None else t
            target.text = rnd.choice(["{{ fz }}", "{{ fz2 }} {{ fz }}", "", "%VAR_fz%", "{fz}", "[%0]", "$fz$", "@[fz]"]) + (target.text or "")[: rnd.choice([0, 5, 200])]
        elif kind == "display":
            el.set("style", (el.get("style") or "") + ";display:{{ fz }}")
        elif kind == "clone":
            sym = etree.SubElement(_defs(root), f"{{{SVG}}}symbol", id="fzsym")
            etree.SubElement(sym, f"{{{SVG}}}circle", r="5", cx="5", cy="5", fill="#a52")
            use = etree.SubElement(el.getparent(), f"{{{SVG}}}use", x="3", y="3")
            use.set(rnd.choice(["href", f"{{{XLINK}}}href"]), rnd.choice(["{{ fz }}", "#fzsym", "#{{ fz2 }}", "#" + str(el.get("id") or "x")]))
        elif kind == "size":
            unit = rnd.choice(["mm", "in", "cm", "px", "pt", "", "%", "em", "pc", "q"])
            for a in ("width", "height"):
                root.set(a, rnd.choice([f"{rnd.uniform(-5, 400):.2f}{unit}", root.get(a) or "100", "0", "1e9", "auto", f"{rnd.randint(20, 300)}{unit}"]))
            if rnd.random() < 0.3:
                root.attrib.pop("viewBox", None)
            elif rnd.random() < 0.3:
                root.set("viewBox", rnd.choice(["0 0 0 0", "0 0 -10 10", "0 0 63 88", "a b c d", "0 0 1e9 1e9"]))
        elif kind == "clip":  # a group clipped or masked, a placeholder on it, a picture inside
            d = _defs(root)
            cp = etree.SubElement(d, f"{{{SVG}}}{rnd.choice(['clipPath', 'mask'])}", id="fzclip")
            etree.SubElement(cp, f"{{{SVG}}}rect", x="0", y="0", width="30", height="40", fill="#fff")
            parent = el.getparent()
            g = etree.Element(f"{{{SVG}}}g")
            g.set(rnd.choice(["clip-path", "mask"]), "url(#fzclip)")
            g.set("style", rnd.choice(["opacity:{{ fz }}", "display:{{ 'inline' if fz2 else 'none' }}", "fill:{{ fz }}"]))
            parent.replace(el, g)
            g.append(el)
            pic = etree.SubElement(g, f"{{{SVG}}}image", x="1", y="1", width="20", height="15", preserveAspectRatio="none")
            pic.set(f"{{{XLINK}}}href", rnd.choice(["pic.png", DATA_URI, "little.svg"]))
        elif kind == "span":  # a styled span holding a placeholder, as editors write bold words
            host = el if tag in ("text", "flowRoot", "tspan") else None
            if host is not None:
                para = host.find(f".//{{{SVG}}}flowPara") if tag == "flowRoot" else host
                if para is None:
                    para = host
                sp = etree.SubElement(para, f"{{{SVG}}}{'flowSpan' if tag == 'flowRoot' else 'tspan'}")
                sp.set("style", rnd.choice(["font-weight:bold", "font-style:italic;fill:{{ fz }}", "font-size:{{ fz }}px", "font-family:Nowhere Sans", "baseline-shift:super"]))
                sp.text = rnd.choice(["{{ fz }}", " and {{ fz2 }}", "", "{{ fz | upper }}"])
                sp.tail = rnd.choice(["", " tail {{ fz }}", "\n"])
        elif kind == "foreign":
            el.set("fill", rnd.choice(["%fz%", "${fz}", "{fz}", "%VAR_fz%", "$fz$", "@[fz]"]))
    out = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    if rnd.random() < 0.05:
        out = out.replace(b"UTF-8", rnd.choice([b"ISO-8859-1", b"UTF-16", b"windows-1252"]), 1)
    return out


# -- data mutations ----------------------------------------------------------------------


def mutate_rows(columns: list[str], rows: list[list[str]], rnd: random.Random, said: list) -> tuple[list[str], list[list[str]]]:
    columns = list(columns) + ["fz", "fz2"]
    keep = rnd.choice([1, 1, 1, 2, 3])  # tiny decks: a run costs what its cards cost
    rows = [list(r) + [value(rnd), value(rnd)] for r in rows[:keep]] or [[""] * len(columns)]
    for _ in range(rnd.randint(0, 3)):
        what = rnd.choice(["empty"] * 3 + ["huge", "value", "value", "value", "qty", "qty", "blank-row", "ragged"] + (["dup-col", "blank-col"] if rnd.random() < 0.3 else ["empty"]))
        said.append(f"data {what}")
        r = rnd.randrange(len(rows))
        c = rnd.randrange(len(columns))
        rows = [row + [""] * (len(columns) - len(row)) for row in rows]  # a ragged row cut short gets its cells back here
        if what == "empty":
            rows[r][c] = ""
        elif what == "huge":
            rows[r][c] = rnd.choice(["W", "lorem ipsum ", "😀", "\u0627"]) * rnd.choice([100, 500, 3000, 9_000, 12_000])
        elif what == "value":
            rows[r][c] = value(rnd)
        elif what == "qty":
            if "qty" not in [x.lower() for x in columns]:
                columns.append("qty")
                for row in rows:
                    row.append("1")
            q = [x.lower() for x in columns].index("qty")
            rows[r][q] = rnd.choice(["0", "-1", "2", "1.5", "x", "1e9", "1001", "", "  3 "])
        elif what == "dup-col":
            columns[c] = columns[(c + 1) % len(columns)]
        elif what == "blank-col":
            columns[c] = ""
        elif what == "blank-row":
            rows.insert(r, [""] * len(columns))
        elif what == "ragged":
            rows[r] = rows[r][: rnd.randint(0, len(rows[r]))] if rnd.random() < 0.5 else rows[r] + ["extra", "cells"]
    return columns, rows


def csv_bytes(columns: list[str], rows: list[list[str]], rnd: random.Random, said: list) -> bytes:
    import csv

    delim = rnd.choice([",", ",", ";", "\t", "|"])
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delim, lineterminator=rnd.choice(["\n", "\r\n"]))
    shape = rnd.choice(["plain"] * 6 + ["title", "headerless", "title-merged"])
    if shape in ("title", "title-merged"):  # a merged title row above the header
        w.writerow(["Tidewatch card list v3"] + ([""] * (len(columns) - 1) if shape == "title-merged" else []))
    if shape == "headerless":  # count first, no header (Generator's, countersheets')
        for r in rows:
            w.writerow([str(rnd.choice([1, 2, 0]))] + r)
    else:
        w.writerow(columns)
        for r in rows:
            w.writerow(r)
    said.append(f"csv {shape} delim {delim!r}")
    text = buf.getvalue()
    enc = rnd.choice(["utf-8"] * 8 + ["utf-8-sig", "utf-16", "cp1252", "latin-1", "cp1251", "garbage"])
    said.append(f"encoding {enc}")
    if enc == "garbage":
        raw = bytearray(text.encode("utf-8"))
        for _ in range(rnd.randint(1, 5)):
            if raw:
                raw[rnd.randrange(len(raw))] = rnd.randrange(256)
        return bytes(raw)
    return text.encode(enc, errors="replace")


def _cell(v: str, rnd: random.Random):
    """A cell as a spreadsheet holds it: text, or now and then a number, a date or a formula."""
    import datetime

    roll = rnd.random()
    if roll < 0.15:
        try:
            return float(v) if "." in v or "e" in v.lower() else int(v)
        except ValueError:
            pass
    if roll < 0.03:
        return datetime.datetime(2024, 2, 29, 13, 5)
    if roll < 0.05:
        return rnd.choice(["=1+1", "=A1", "=1/0", '=HYPERLINK("http://example.com")'])
    return v


def xlsx_bytes(columns: list[str], rows: list[list[str]], rnd: random.Random, said: list) -> bytes:
    """The table as an Excel workbook, as a designer's sheet is laid out: a merged
    title row above the header, header cells merged across columns, a group
    heading merged over two names, cells merged down a column, typed cells."""
    from openpyxl import Workbook
    from openpyxl.utils.exceptions import IllegalCharacterError

    wb = Workbook()
    ws = wb.active
    ws.title = rnd.choice(["Cards", "Sheet1", "Données", "x" * 31])
    shape = rnd.choice(["plain", "title-merged", "header-merged", "group-heading", "down-merged"])
    said.append(f"xlsx {shape}")
    top = 1 if shape not in ("title-merged", "group-heading") else 2
    merges = []
    if shape == "title-merged":
        ws.cell(1, 1, "Tidewatch card list v3")
        merges.append((1, 1, 1, max(1, len(columns))))
    elif shape == "group-heading":  # "Stats" over two names, the others' headings blank
        ws.cell(1, 1, "Card")
        j = rnd.randrange(max(1, len(columns) - 1))
        ws.cell(1, j + 1, "Stats")
        merges.append((1, j + 1, 1, min(j + 2, len(columns))))
    for j, c in enumerate(columns):
        ws.cell(top, j + 1, c)
    if shape == "header-merged" and len(columns) >= 2:  # the name of the second column goes under the first
        j = rnd.randrange(len(columns) - 1)
        merges.append((top, j + 1, top, j + 2))
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            try:
                ws.cell(top + 1 + i, j + 1, _cell(v, rnd))
            except IllegalCharacterError:
                ws.cell(top + 1 + i, j + 1, re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "?", v))
    if shape == "down-merged" and len(rows) >= 2 and columns:  # one cell spanning two cards
        j = rnd.randrange(len(columns))
        merges.append((top + 1, j + 1, top + 2, j + 1))
    for r1, c1, r2, c2 in merges:
        if (r1, c1) != (r2, c2):
            ws.merge_cells(start_row=r1, start_column=c1, end_row=r2, end_column=c2)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


# -- one run -----------------------------------------------------------------------------

CARD_SIZES = ["poker", "poker-us", "tarot", "mini-euro", "square", "20x20mm", "15x15mm", "297x210mm", "2.5x3.5in", "6x9cm", "210x297mm", "250x330mm", "3.5x5.5in", "59.3x88.9mm"]
BAD_CARD_SIZES = ["14x14mm", "300x300mm", "0x5mm", "-5x3in", "1e9x1mm", "nanxnanmm", "63x88", "A4"]


def card_size(rnd: random.Random) -> str:
    return rnd.choice(BAD_CARD_SIZES if rnd.random() < 0.15 else CARD_SIZES)


def build(seed: int, index: int, folder: Path, cheap: bool = False) -> tuple[list[str], list[str]]:
    """Write run `index` of `seed` into `folder` (made empty); (the command, what was changed).
    `cheap` (the default test tier): the same projects, each run's command
    `validate` or one card as a print shop's PDF, never a sheet or PNGs."""
    rnd = random.Random(f"{seed}:{index}")
    project = rnd.choice(projects())
    said = [project.name]
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(project, folder, ignore=shutil.ignore_patterns("reference", "corpus.toml"))
    (folder / "pic.png").write_bytes(PIC)
    (folder / "little.svg").write_bytes(LITTLE_SVG)
    doc = tomllib.loads((project / "game.toml").read_text())
    parts = [p for kind in ("deck", "tokens") for p in doc.get(kind, [])]
    part = rnd.choice(parts)
    columns, rows = table(project, part)
    columns, rows = mutate_rows(columns, rows, rnd, said)
    roll = rnd.random()
    if roll < 0.75:
        (folder / "fz.csv").write_bytes(csv_bytes(columns, rows, rnd, said))
        part["data"] = "fz.csv"
        part.pop("sheet", None)
    elif roll < 0.85:
        (folder / "fz.xlsx").write_bytes(xlsx_bytes(columns, rows, rnd, said))
        part["data"] = "fz.xlsx"
        part.pop("sheet", None)
    elif rnd.random() < 0.5:
        items = [dict(zip(columns, r)) for r in rows]
        (folder / "fz.json").write_text(json.dumps(items if rnd.random() < 0.5 else {"cards": items}), encoding="utf-8")
        part["data"] = "fz.json"
        part.pop("sheet", None)
        said.append("json")
    cards = card_ids(part)
    for name in templates(part):
        path = folder / name
        if path.suffix == ".svg" and path.is_file() and rnd.random() < 0.9:
            path.write_bytes(mutate_svg(path.read_bytes(), columns, rnd, said, cards.get(name)))
        elif path.suffix == ".toml" and path.is_file() and rnd.random() < 0.7:
            text = path.read_text()
            text = re.sub(r'(text|path|fill|color|background|icon|show) = "([^"]*)"', lambda m: f'{m.group(1)} = "{m.group(2) if rnd.random() < 0.7 else rnd.choice(["{{ fz }}", "{{ fz2 }}", "%fz%", "{fz}", "pic.png", "{{ fz }}.png"])}"', text)
            path.write_text(text)
            said.append("layout placeholders")
    if rnd.random() < 0.15 and part.get("back") is None and part in doc.get("deck", []):  # a back with placeholders
        part["back"] = "fzback.svg"
        (folder / "fzback.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="{XLINK}" width="63.5mm" height="88.9mm" viewBox="0 0 63.5 88.9"><rect width="63.5" height="88.9" fill="{{{{ fz2 }}}}"/><image x="10" y="10" width="40" height="40" xlink:href="{{{{ fz }}}}"/></svg>')
        said.append("back with placeholders")
    doc["deck" if part in doc.get("deck", []) else "tokens"] = [part]
    doc.pop("tokens" if "deck" in doc and part in doc["deck"] else "deck", None)
    if rnd.random() < 0.2:
        doc.setdefault("game", {})["card_size"] = card_size(rnd)
    (folder / "game.toml").write_text(dump_toml(doc))
    out = str(folder / "out")
    cmd = rnd.choice([
        ["validate", "game.toml"],
        ["make", "game.toml", "--layout", "single", "-o", out + ".pdf"],
        ["make", "game.toml", "-o", out + ".pdf"],
        ["make", "game.toml", "--format", "png", "--dpi", "36", "-o", out],
    ])
    if cheap:
        cmd = ["validate", "game.toml"] if cmd[1:2] == ["game.toml"] and (cmd[0] == "validate" or "deck" not in doc) else ["make", "game.toml", "--layout", "single", "--cards", "1", "-o", out + ".pdf"]
    for _ in range(rnd.choice([0, 0, 1, 2])):
        opt = rnd.choice(["--strict"] if cmd[0] == "validate" else ["--card-size", "--paper", "--bleed", "--layout", "--strict", "--svg-dpi", "--duplex"])
        if opt == "--strict":
            cmd.append(opt)
            continue
        cmd += [opt, rnd.choice({
            "--card-size": [card_size(rnd)],
            "--paper": ["a4", "letter", "a3", "tabloid", "a4", "letter", "a5"],
            "--bleed": ["0", "3", "0.5", "2", "3.175", "-1", "50"],
            "--layout": ["sheet", "fold", "single"],
            "--svg-dpi": ["96", "300", "90", "72", "0"],
            "--duplex": ["long", "short", "none"],
        }[opt])]
    more(seed, index, folder, templates(part), said)
    said.append(" ".join(cmd))
    return cmd, said


# -- changes from a second stream --------------------------------------------------------
# Drawn from a random stream of their own (added after the first 10,000 runs of
# seed 35): every run keeps the changes the first stream gives it, these come on top.

SQUASH = ["scale(0)", "matrix(0,0,0,0,0,0)", "scale(1,0)", "scale(1e-200)", "skewX(90)", "rotate(1e308)", "translate(1e308,0)", "scale({{ fz }})", "matrix(1,0,0,1,{{ fz }},0)"]


def more(seed: int, index: int, folder: Path, templates_: list[str], said: list) -> None:
    """Transforms that squash or fling an element; an SVG written in UTF-16 or
    with a byte-order mark; a game.toml with a byte-order mark or in cp1252."""
    rnd = random.Random(f"{seed}:{index}:more")
    for name in templates_:
        path = folder / name
        if path.suffix != ".svg" or not path.is_file():
            continue
        data = path.read_bytes()
        if rnd.random() < 0.15:
            from lxml import etree

            try:
                root = etree.fromstring(data, etree.XMLParser(huge_tree=False, resolve_entities=False, no_network=True))
            except etree.XMLSyntaxError:
                root = None
            drawn = _drawn(root) if root is not None else []
            if drawn:
                el = rnd.choice(drawn)
                el.set("transform", rnd.choice(SQUASH))
                said.append(f"transform {el.get('transform')} on <{el.tag.split('}')[1]} id={el.get('id')}>")
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
        roll = rnd.random()
        if roll < 0.03:
            data = data.decode("utf-8", "replace").replace("UTF-8", "UTF-16", 1).replace("utf-8", "UTF-16", 1).encode("utf-16")
            said.append(f"{name} in UTF-16")
        elif roll < 0.06:
            data = b"\xef\xbb\xbf" + data
            said.append(f"{name} with a byte-order mark")
        path.write_bytes(data)
    roll = rnd.random()
    game = folder / "game.toml"
    if roll < 0.03:
        game.write_bytes(b"\xef\xbb\xbf" + game.read_bytes())
        said.append("game.toml with a byte-order mark")
    elif roll < 0.06:
        game.write_bytes(("# Caf\u00e9 \u2014 \u00dcn\u00efcode\n" + game.read_text(encoding="utf-8")).encode("cp1252", "replace"))
        said.append("game.toml in cp1252")


# -- running -----------------------------------------------------------------------------


def run_one(cmd: list[str], cwd: Path) -> tuple[int, str, str]:
    """printkit's main in this process: (exit code, stdout, stderr)."""
    from printkit import cli, words
    from printkit.app.options import forget_defaults

    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    code = 0
    try:
        os.chdir(cwd)
        forget_defaults()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli.main(list(cmd))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            except Exception as exc:  # a traceback past main is a finding (Ctrl-C still stops the batch)
                import traceback

                err.write("Traceback (most recent call last):\n" + "".join(traceback.format_exception(exc)))
                code = 99
    finally:
        os.chdir(old)
        forget_defaults()
        words.clear_user_words()
    return code, out.getvalue(), err.getvalue()


def run_real(cmd: list[str], cwd: Path) -> tuple[int, str, str]:
    """`python -m printkit` in a real process (it inherits the batch's ceilings):
    (exit code, or minus the signal that ended it; stdout; stderr)."""
    import subprocess

    env = dict(os.environ, XDG_CONFIG_HOME=str(cwd / ".no-user-config"))
    env.pop("PRINTKIT_DEBUG", None)
    try:
        p = subprocess.run([sys.executable, "-m", "printkit", *cmd], cwd=cwd, env=env, capture_output=True, timeout=RUN_WALL)
    except subprocess.TimeoutExpired as exc:
        return -9, "", (exc.stderr or b"").decode("utf-8", "replace") + f"\n(killed: over {RUN_WALL} s of wall-clock time)"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


RUN_CPU = 60  # s of CPU one run may take, with the worker processes it uses (the child is stopped past it: a finding)
RUN_WALL = 300  # s a real process may take before it is killed (a hang: CPU has its own ceiling)


def _live_children_cpu() -> float:
    """CPU seconds used so far by this process's children that are still running
    (printkit's resvg worker lives on from run to run: its time counts for the
    run that used it). Linux /proc; 0 elsewhere."""
    total = 0
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return 0.0
    for tid in tasks:
        try:
            kids = open(f"/proc/self/task/{tid}/children").read().split()
        except OSError:
            continue
        for pid in kids:
            try:
                stat = open(f"/proc/{pid}/stat").read()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def cpu_now() -> float:
    """CPU seconds this process and its children (ended or running) have used."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime + _live_children_cpu()


def real_runs(indices: list[int], real: int) -> set[int]:
    """Which runs of a batch go through a real `python -m printkit` process: `real` of them, spread out."""
    return {indices[k * len(indices) // real] for k in range(min(real, len(indices)))} if real else set()


def _child(seed: int, indices: list[int], work: Path, results: Path, memory: int, cpu: int, cheap: bool, in_a_process: set = frozenset()) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    hard = int(cpu_now()) + cpu + 5
    resource.setrlimit(resource.RLIMIT_CPU, (hard - 5, hard))
    with open(results, "w", encoding="utf-8") as log:
        for i in indices:
            folder = work / f"run-{i}"
            cmd, said = build(seed, i, folder, cheap)
            log.write(json.dumps({"index": i, "started": True, "said": said}) + "\n")
            log.flush()
            used = resource.getrusage(resource.RUSAGE_SELF)
            resource.setrlimit(resource.RLIMIT_CPU, (min(int(used.ru_utime + used.ru_stime) + 1 + RUN_CPU, hard), hard))  # this run's own ceiling
            t, w = cpu_now(), time.monotonic()
            code, out, err = (run_real if i in in_a_process else run_one)(cmd, folder)
            if code in (129, 130, 143) and "interrupted" in err:  # the batch was stopped (Ctrl-C, SIGTERM): so is the child
                raise KeyboardInterrupt
            rss = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
            log.write(json.dumps({"index": i, "code": code, "stderr": err, "stdout": out if cmd[0] == "validate" else out[-2000:], "cpu": cpu_now() - t,
                                  "wall": time.monotonic() - w, "rss_mb": round(rss), "real": i in in_a_process, "said": said}) + "\n")
            log.flush()
            shutil.rmtree(folder, ignore_errors=True)
    from printkit.base import child

    child.stop()  # printkit's worker ended and waited for


def run_batch(seed: int, indices: list[int], work: Path, memory_mb: int = 1500, cpu: int = 600, wall: float | None = None, cheap: bool = False,
              jobs: int = 1, real: int = 0) -> list[dict]:
    """Runs `indices` of `seed` in `jobs` forked children side by side (each
    every `jobs`-th run), each under an address-space ceiling (memory_mb above
    what the parent already maps) and a CPU ceiling (`cpu` s for the child, RUN_CPU
    for one run); `real` of the runs go through a real `python -m printkit`
    process, the others through printkit's main in the child. A list of results,
    one a run, in order, and an {"index", "died": ...} for a child that was stopped."""
    work.mkdir(parents=True, exist_ok=True)
    from hostile_runner import warm

    warm()  # imported once here: each child starts with what every run needs

    mapped = _mapped_bytes()
    in_a_process = real_runs(indices, real)
    children = {}
    for j in range(max(1, jobs)):
        mine = indices[j::max(1, jobs)]
        if not mine:
            continue
        results, folder = work / f"results-{j}.jsonl", work / f"job-{j}"
        folder.mkdir(exist_ok=True)
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                os.environ.setdefault("XDG_CONFIG_HOME", str(work / ".no-user-config"))
                _child(seed, mine, folder, results, mapped + memory_mb * 2**20, cpu, cheap, in_a_process)
            except BaseException:  # noqa: BLE001
                import traceback

                traceback.print_exc()
                code = 70
            finally:
                os._exit(code)
        children[pid] = (mine, results)
    start = time.monotonic()
    wall = wall if wall is not None else 300 + 30 * len(indices) / max(1, jobs)  # a hang, not a busy machine: CPU has its own ceilings
    status = {}
    while len(status) < len(children):
        for pid in children:
            if pid not in status:
                got, st = os.waitpid(pid, os.WNOHANG)
                if got:
                    status[pid] = st
        if len(status) < len(children) and time.monotonic() - start > wall:
            for pid in children:
                if pid not in status:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    status[pid] = -1
        time.sleep(0.01)
    done = []
    for pid, (mine, results) in children.items():
        ran, started = [], None
        if results.exists():
            for line in results.read_text(encoding="utf-8").splitlines():
                rec = json.loads(line)
                if rec.get("started"):
                    started = rec
                else:
                    ran.append(rec)
                    started = None
        if started is not None or (status[pid] != 0 and len(ran) < len(mine)):
            why = "killed: over the wall-clock bound" if status[pid] == -1 else f"ended with status {status[pid]} (a ceiling: memory, or {RUN_CPU} s of CPU for one run)"
            ran.append({"index": started["index"] if started else None, "died": why, "said": started["said"] if started else []})
        done += ran
    return sorted(done, key=lambda r: (r.get("index") is None, r.get("index") or 0))


def _mapped_bytes() -> int:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


# -- the verdict -------------------------------------------------------------------------


INTERNAL = re.compile(r"\[Errno \d+\]|object at 0x|values to unpack|\bMALFORMED\b|\b(?:ValueError|TypeError|KeyError|IndexError|AttributeError|OSError|UnidentifiedImageError|ZeroDivisionError|AssertionError|RuntimeError|NotImplementedError|UnicodeDecodeError|UnicodeEncodeError|OverflowError)\b")


def problems(rec: dict) -> list[str]:
    """What is wrong with one run's outcome (empty: it ended as printkit promises)."""
    if "died" in rec:
        return [rec["died"]]
    code, err = rec["code"], rec["stderr"]
    bad = []
    if code not in (0, 1, 2):
        bad.append(f"exit {code}")
    if rec.get("cpu", 0) > RUN_CPU:  # the child's own time is stopped at RUN_CPU; a worker's time is counted here
        bad.append(f"{rec['cpu']:.0f} s of CPU, over the {RUN_CPU} s a run may take")
    if "Traceback" in err or "Traceback" in rec.get("stdout", ""):
        bad.append("a traceback")
    if "internal error" in err:
        bad.append("an internal error")
    if "not enough memory" in err:
        bad.append("ran out of memory (the address-space ceiling)")
    validate = rec.get("said", [""])[-1].startswith("validate")
    lines = [x for x in (err + (rec.get("stdout", "") if validate else "")).splitlines() if x.strip()]  # validate reports on standard output
    finding = re.compile(r"\S[^:]*: (error|warning|ok)\b")  # validate: one line a finding, named by its file
    for x in lines:
        if not x.startswith("printkit: ") and not x.startswith("  ") and not (validate and finding.match(x)):
            bad.append(f"a line that is no printkit message: {x[:120]!r}")
            break
    if code == 2:
        errors = [x for x in lines if x.startswith("printkit: error:")]
        if len(errors) != 1:
            bad.append(f"exit 2 with {len(errors)} error lines (one expected)")
    if code == 1 and validate:
        if not any(re.match(r"\S[^:]*: error: ", x) for x in lines):
            bad.append("validate exit 1 without an error line")
    elif code == 1:
        refused = [x for x in lines if x.startswith("printkit: refused:")]
        m = re.match(r"printkit: refused: (\d+) rule violation", refused[-1]) if refused else None
        if not m:
            bad.append("exit 1 without the 'refused: N rule violation(s)' line")
        else:
            listed = [x for x in lines if re.match(r"printkit: [A-Z]+-[A-Z-]+ ", x)]
            if int(m.group(1)) != len(listed):  # the copies of one row are one line, counted once
                bad.append(f"exit 1: 'refused: {m.group(1)}' but {len(listed)} violation lines")
    for x in lines:
        m = INTERNAL.search(x)
        if m:  # a refusal that quotes Python's own error: a bug caught, not a reason the designer can act on
            bad.append(f"a message quoting an internal error ({m.group(0)})")
            break
    for x in lines:
        if len(x) > 1200:
            bad.append(f"a message line of {len(x)} characters")
            break
    return bad


def sweep(seed: int, first: int, last: int, cheap: bool, jobs: int = 1, real: int = 0) -> None:
    """Runs first..last-1 of `seed` and prints how they ended, what they cost and each broken promise."""
    import collections
    import tempfile

    sys.path.insert(0, str(ROOT / "tests"))
    os.environ.setdefault("PRINTKIT_FONT_DIRS", str(ROOT / "tests" / "fonts"))
    w, t = time.monotonic(), cpu_now()
    with tempfile.TemporaryDirectory() as work:
        results = run_batch(seed, list(range(first, last)), Path(work), cheap=cheap, jobs=jobs, real=real)
    wall, cpu = time.monotonic() - w, cpu_now() - t
    codes = collections.Counter(r.get("code") for r in results)
    runs = [r for r in results if "cpu" in r]
    print(f"seed {seed}, runs {first}-{last - 1}: {len(results)} reported ({sum(r.get('real', False) for r in runs)} as real processes), "
          f"exits {dict(sorted(codes.items(), key=str))}; {wall:.1f} s wall, {cpu:.1f} s CPU in all "
          f"({sum(r['cpu'] for r in runs):.1f} s in the runs), most memory {max((r['rss_mb'] for r in runs), default=0)} MB")
    for r in sorted(runs, key=lambda r: -r["cpu"])[:3]:
        print(f"  costliest: run {r['index']} {r['cpu']:.2f} s CPU ({r['said'][0]}; {r['said'][-1][:80]})")
    for r in results:
        bad = problems(r)
        if bad:
            lines = (r.get("stderr") or r.get("stdout") or "").strip().splitlines()
            print(f"run {r.get('index')}: {', '.join(bad)} ({'; '.join(r.get('said', [])[:1] + r.get('said', [])[-1:])}): {lines[-1][:200] if lines else ''}")


def _flag(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


if __name__ == "__main__" and sys.argv[1:2] == ["--sweep"]:
    sweep(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), "--cheap" in sys.argv[5:], _flag("--jobs", 1), _flag("--real", 0))
elif __name__ == "__main__":
    seed, index, folder = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    cmd, said = build(seed, index, folder, cheap="--cheap" in sys.argv[4:])
    print("; ".join(said))
    print(f"cd {folder} && PRINTKIT_FONT_DIRS={ROOT / 'tests' / 'fonts'} printkit {' '.join(cmd)}")

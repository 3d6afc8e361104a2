"""A downloaded project is as safe to print as a downloaded PDF is to open (issue 21).

Each case below is a small project written the way an attacker would write it,
in a folder beside a "victim" folder holding a secret text, a secret picture
(pure magenta) and a file the attacker wants overwritten. Every case is run as
the user would run it, from inside the project folder: `printkit validate
game.toml` and `printkit make game.toml`. Each run is a forked child of one warm
process (tests/hostile_runner.py) under a 300 MB address-space ceiling and a
60 s CPU ceiling (resource.setrlimit): a run that needs more is killed and the
case fails. For every case and command the test asserts

- the exit code (0, 1 or 2: never 3, never killed) and, for 2, one line on stderr
  naming what was refused; no traceback, no raw library warning;
- no marker file (a payload tried to run a shell command);
- no secret text in the output, the messages or any PDF written, and no secret
  pixel in any page of it;
- the victim folder's bytes unchanged;
- a project `validate` calls ok is one `make` prints (exit 0 both, or refused both).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from conftest import ROOT

SECRET = "SECRET-7f3c9a-do-not-print"
MAGENTA = (255, 0, 255)
CYAN = (0, 255, 255)
MEMORY = 300 * 2**20
CPU_SECONDS = 60
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # what a terminal would act on (escape sequences, a carriage return)

GAME = """[game]
title = "Free Game"
"""
DECK = """
[[deck]]
data = "cards.csv"
front = "front.svg"
"""


def svg(body: str, extra: str = "") -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="69mm" height="94mm" viewBox="0 0 69 94"{extra}>'
        '<rect x="0" y="0" width="69" height="94" fill="#f6efdf"/>'
        f"{body}</svg>"
    )


NAME_TEXT = '<text data-box="8 8 53 10" font-family="Noto Sans" font-size="5">{{ name }}</text>'


def png_bytes(w: int, h: int, rgb=MAGENTA) -> bytes:
    """A real PNG, w x h of one colour."""
    row = b"\0" + bytes(rgb) * w
    raw = zlib.compress(row * h, 9)
    return _png(w, h, 2, raw)


def _png(w: int, h: int, colour_type: int, idat: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def bomb_png() -> bytes:
    """80 megapixels of grey in a ~80 KB file: what a decompression bomb looks like."""
    w, h = 10_000, 8_000
    z = zlib.compressobj(9)
    row = b"\0" + b"\x80" * w
    parts = [z.compress(row) for _ in range(h)]
    return _png(w, h, 0, b"".join(parts) + z.flush())


def xlsx_forged(folder: Path, name: str, *, dimension: str | None = None, far_cell: str | None = None, shared_bomb: int = 0,
                quote: str = '"', shared_long: int = 0, shared_cells: tuple = (0, 0), sheet_part: str = "") -> None:
    """A tiny real .xlsx (openpyxl), then edited as an attacker would: a forged
    dimension record, a stray far-away cell, a shared-strings zip bomb, or the
    sheet moved to another part (`sheet_part`, named in the workbook's links)."""
    import zipfile

    import openpyxl

    book = openpyxl.Workbook()
    ws = book.active
    ws.append(["name"])
    ws.append(["Alpha"])
    plain = folder / "plain.xlsx"
    book.save(plain)
    with zipfile.ZipFile(plain) as src, zipfile.ZipFile(folder / name, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                text = data.decode()
                if dimension:
                    text = text.replace('<dimension ref="A1:A2"/>', f'<dimension ref="{dimension}"/>')
                if far_cell:
                    q = quote
                    text = text.replace("</sheetData>", f'<row r={q}{far_cell[1]}{q}><c r={q}{far_cell[0]}{far_cell[1]}{q} t={q}inlineStr{q}><is><t>x</t></is></c></row></sheetData>')
                if shared_long:
                    rows, cols = shared_cells
                    cells = '<c t="s"><v>0</v></c>' * cols
                    text = text.replace("</sheetData>", "".join(f"<row>{cells}</row>" for _ in range(rows)) + "</sheetData>")
                data = text.encode()
                if sheet_part:
                    dst.writestr(sheet_part, data)
                    continue
            if sheet_part and info.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(b"worksheets/sheet1.xml", sheet_part.removeprefix("xl/").encode())
            dst.writestr(info, data)
        if shared_long:
            dst.writestr("xl/sharedStrings.xml", '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>' + "k" * shared_long + "</t></si></sst>")
        if shared_bomb:
            dst.writestr("xl/sharedStrings.xml", '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' + "<si><t>a</t></si>" * shared_bomb + "</sst>")
    plain.unlink()


def ods_file(path: Path, rows: str) -> None:
    """An OpenDocument spreadsheet of one table with these rows (table:table-row XML)."""
    import zipfile

    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               f'<office:body><office:spreadsheet><table:table table:name="Cards">{rows}</table:table></office:spreadsheet></office:body></office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("META-INF/manifest.xml", manifest)
        z.writestr("content.xml", content)


# -- the cases -----------------------------------------------------------------------
# build(project, victim) writes the project; "runs" default to validate and make.
# expect: the exit code of every run; needle: words the one-line refusal must hold.

CASES: dict[str, dict] = {}
SLOW_CASES: dict[str, dict] = {}  # the full-size attacks (seconds each to build or refuse): --runslow


def case(name: str, expect: int, needle: str = "", runs=None, slow: bool = False):
    def add(build):
        (SLOW_CASES if slow else CASES)[name] = {"build": build, "expect": expect, "needle": needle, "runs": runs}
        return build

    return add


def deck(p: Path, front: str, csv: str = "name\nAlpha\n", game_extra: str = "") -> None:
    (p / "game.toml").write_text(GAME + game_extra + DECK)
    (p / "front.svg").write_text(front)
    (p / "cards.csv").write_text(csv)


def layout_deck(p: Path, layout: str, csv: str = "name\nAlpha\n") -> None:
    (p / "game.toml").write_text(GAME + DECK.replace("front.svg", "front.toml"))
    (p / "front.toml").write_text(layout)
    (p / "cards.csv").write_text(csv)


def marker(p: Path) -> str:
    return str(p.parent / "MARKER")


# 1. code from template strings: every surface the issue names, and more
@case("ssti-svg-text", 2, "not allowed")
def _(p, v):
    deck(p, svg(f"<text data-box=\"8 8 53 10\" font-size=\"5\">{{{{ cycler.__init__.__globals__.os.system('touch {marker(p)}') }}}}</text>"))


@case("ssti-svg-attribute", 2, "not allowed")
def _(p, v):
    deck(p, svg(f"<rect x=\"9\" y=\"30\" width=\"10\" height=\"10\" fill=\"{{{{ joiner.__init__.__globals__['os'].popen('touch {marker(p)}').read() }}}}\"/>" + NAME_TEXT))


@case("ssti-image-href", 2, "not allowed")
def _(p, v):
    deck(p, svg(f"<image x=\"9\" y=\"30\" width=\"20\" height=\"20\" href=\"{{{{ namespace.__init__.__globals__.os.system('touch {marker(p)}') }}}}.png\"/>" + NAME_TEXT))


@case("ssti-font-family", 2, "not allowed")
def _(p, v):
    deck(p, svg(f"<text data-box=\"8 8 53 10\" font-size=\"5\" font-family=\"{{{{ lipsum.__globals__.os.system('touch {marker(p)}') }}}}\">{{{{ name }}}}</text>"))


@case("ssti-data-qr", 2, "not allowed")
def _(p, v):
    deck(p, svg(f"<rect x=\"20\" y=\"40\" width=\"28\" height=\"28\" data-qr=\"{{{{ self.__init__.__globals__.__builtins__.open('{v / 'secret.txt'}').read() }}}}\"/>" + NAME_TEXT))


@case("ssti-layout-show", 2, "not allowed")
def _(p, v):
    layout_deck(p, f'[[element]]\ntype = "text"\ntext = "{{{{ name }}}}"\nx = 8\ny = 8\nw = 47\nh = 10\nshow = "cycler.next.__globals__.os.system(\'touch {marker(p)}\')"\n')


@case("ssti-layout-background", 2, "not allowed")
def _(p, v):
    layout_deck(p, f'background = "{{{{ (name|attr(\'__class__\')).__mro__[1].__subclasses__() }}}}"\n[[element]]\ntype = "text"\ntext = "x"\nx = 8\ny = 8\nw = 47\nh = 10\n')


@case("ssti-layout-text-reads-file", 2, "not allowed")
def _(p, v):
    layout_deck(p, f'[[element]]\ntype = "text"\ntext = "{{{{ cycler.__init__.__globals__.__builtins__[\'open\'](\'{v / "secret.txt"}\').read() }}}}"\nx = 8\ny = 8\nw = 47\nh = 60\n')


@case("ssti-str-format-escape", 2, "format")
def _(p, v):
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">{{ "{0.__class__.__mro__}".format(name) }}</text>'))


@case("data-cell-payload-is-just-text", 0)
def _(p, v):
    # a cell is a value, never a template: printed as typed, nothing run
    deck(p, svg('<text data-box="8 8 53 60" font-size="4">{{ name }}</text>'), "name\n\"{{ cycler.__init__.__globals__.os.system('touch MARKER') }}\"\n")


# 2. reading outside the project
@case("page-absolute-path", 2, "outside the project folder")
def _(p, v):
    (p / "game.toml").write_text(GAME + f'[[page]]\ntext = "{v / "secret.txt"}"\n')


@case("page-dotdot-path", 2, "outside the project folder")
def _(p, v):
    (p / "game.toml").write_text(GAME + '[[page]]\ntext = "../victim/secret.txt"\n')


@case("page-symlink-out", 2, "outside the project folder")
def _(p, v):
    (p / "game.toml").write_text(GAME + '[[page]]\ntext = "rules.md"\n')
    (p / "rules.md").symlink_to(v / "secret.txt")


@case("page-dev-zero", 2, "outside the project folder")
def _(p, v):
    (p / "game.toml").write_text(GAME + '[[page]]\ntext = "/dev/zero"\n')


@case("page-fifo-inside", 2, "FIFO")
def _(p, v):
    (p / "game.toml").write_text(GAME + '[[page]]\ntext = "rules.md"\n')
    os.mkfifo(p / "rules.md")


@case("data-symlink-out", 2, "outside the project folder")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK)
    (p / "front.svg").write_text(svg(NAME_TEXT))
    (p / "cards.csv").symlink_to(v / "secret.csv")


@case("template-absolute", 2, "outside the project folder")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace('"front.svg"', f'"{v / "drawing.svg"}"'))
    (p / "cards.csv").write_text("name\nA\n")


@case("image-from-data-cell", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<image x="9" y="30" width="51" height="30" href="{{ art }}"/>' + NAME_TEXT), "name,art\nAlpha,../victim/secret.png\n")


@case("image-absolute-in-layout", 2, "outside the project folder")
def _(p, v):
    layout_deck(p, f'[[element]]\ntype = "image"\npath = "{v / "secret.png"}"\nx = 0\ny = 0\nw = 63\nh = 88\n')


@case("image-symlink-in-project", 2, "outside the project folder")
def _(p, v):
    (p / "art").mkdir()
    (p / "art" / "pic.png").symlink_to(v / "secret.png")
    deck(p, svg('<image x="9" y="30" width="51" height="30" href="art/pic.png"/>' + NAME_TEXT))


@case("icon-name-dotdot", 2, "outside the project folder")
def _(p, v):
    (p / "icons").mkdir()
    layout_deck(p, '[[element]]\ntype = "icon"\nicon = "{{ icon }}"\nx = 8\ny = 8\nw = 20\nh = 20\n', "name,icon\nA,../../victim/secret\n")


@case("fonts-folder-root", 2, "outside the project folder")
def _(p, v):
    deck(p, svg(NAME_TEXT), game_extra='fonts = "/"\n')


@case("icons-folder-elsewhere", 2, "outside the project folder")
def _(p, v):
    deck(p, svg(NAME_TEXT), game_extra='icons = "../victim"\n')


@case("svg-art-image-dotdot", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<image x="9" y="30" width="51" height="30" xlink:href="../victim/secret.png"/>' + NAME_TEXT))


@case("svg-art-use-other-file", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<g><use xlink:href="../victim/drawing.svg#art"/></g>' + NAME_TEXT))


@case("svg-picture-nested-reference", 2, "outside the project folder")
def _(p, v):
    # a picture the card shows, which itself shows a file outside
    (p / "art.svg").write_text(svg('<image x="0" y="0" width="69" height="94" href="../victim/secret.png"/>'))
    deck(p, svg('<image x="9" y="30" width="51" height="30" href="{{ art }}"/>' + NAME_TEXT), "name,art\nA,art.svg\n")


# filters and paint servers are drawn by a second renderer (resvg) for the element
# alone: the references inside them are confined the same way
@case("svg-filter-feimage-absolute", 2, "outside the project folder")
def _(p, v):
    deck(p, svg(f'<defs><filter id="f" x="0" y="0" width="1" height="1"><feImage href="{v / "secret.png"}" x="0" y="0" width="69" height="94"/></filter></defs>'
                '<rect x="0" y="0" width="69" height="94" fill="#fff" filter="url(#f)"/>' + NAME_TEXT))


@case("svg-filter-feimage-dotdot", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<defs><filter id="f"><feImage xlink:href="../victim/secret.png" width="69" height="94"/><feGaussianBlur stdDeviation="0.1"/></filter></defs>'
                '<rect x="0" y="0" width="69" height="94" fill="#fff" filter="url(#f)"/>' + NAME_TEXT))


@case("svg-pattern-and-mask-pictures", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<defs><pattern id="p" width="69" height="94" patternUnits="userSpaceOnUse"><image href="../victim/secret.png" width="69" height="94"/></pattern>'
                '<mask id="m"><rect width="69" height="94" fill="url(#p)"/></mask></defs>'
                '<rect x="0" y="0" width="69" height="94" fill="url(#p)" mask="url(#m)"/>' + NAME_TEXT))


@case("svg-xinclude-text", 0)
def _(p, v):
    # XInclude is never processed: the include element draws nothing
    deck(p, svg(f'<text data-box="8 30 53 30" font-size="5"><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{v / "secret.txt"}" parse="text"/>x</text>' + NAME_TEXT))


@case("svg-css-import", 2, "outside the project folder")
def _(p, v):
    # a style sheet's @import is never fetched; a file it names goes through the gate (outside: refused)
    deck(p, svg(f'<style>@import url("{v / "secret.txt"}"); @import url("https://example.invalid/x.css");</style>' + NAME_TEXT))


@case("css-url-past-an-instruction-in-a-sheet", 2, "outside the project folder")
def _(p, v):
    # the gate read a <style> sheet to the first node inside it (lxml's .text), the drawer and
    # Inkscape read on past it: the sheet is read whole by both, and the file it names refused
    deck(p, svg('<style>rect { fill: #ff0000 }<?x y?>rect.b { fill: url(../victim/drawing.svg#art) }</style>'
                '<rect class="b" x="0" y="0" width="69" height="94"/>' + NAME_TEXT))


@case("css-url-past-an-instruction-in-a-pictures-sheet", 2, "outside the project folder")
def _(p, v):
    # in a picture the gate dropped the instruction after reading the sheet's first part,
    # joining the rest on unread: the renderer was handed a url() nobody had checked
    (p / "art.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="69" height="94" viewBox="0 0 69 94">'
                               '<style>rect { fill: #ff0000 }<?x y?><!-- c -->rect.b { fill: url(../victim/drawing.svg#art) }</style>'
                               '<rect class="b" x="0" y="0" width="69" height="94"/></svg>')
    deck(p, svg('<image x="0" y="0" width="69" height="94" href="art.svg"/>' + NAME_TEXT))


@case("svg-web-address", 2, "web address")
def _(p, v):
    deck(p, svg('<image x="9" y="30" width="51" height="30" xlink:href="https://example.invalid/track.png"/>' + NAME_TEXT))


@case("image-web-address-from-data", 2, "web address")
def _(p, v):
    deck(p, svg('<image x="9" y="30" width="51" height="30" href="{{ art }}"/>' + NAME_TEXT), "name,art\nA,http://example.invalid/x.png\n")


@case("xxe-entity", 0)
def _(p, v):
    # an external entity is not resolved: the text prints empty, the secret stays put
    deck(p, f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file://{v / "secret.txt"}">]>' + svg('<text data-box="8 8 53 10" font-size="5">&x;{{ name }}</text>'))


@case("billion-laughs", 2, "SVG")
def _(p, v):
    ents = '<!ENTITY a "aaaaaaaaaa">' + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
    deck(p, f'<?xml version="1.0"?><!DOCTYPE svg [{ents}]>' + svg('<text data-box="8 8 53 10" font-size="5">&i;</text>'))


# 3. writing outside the output
@case("output-file-symlink", 2, "symbolic link", runs=[["make", "game.toml"]])
def _(p, v):
    deck(p, svg(NAME_TEXT))
    (p / "output").mkdir()
    (p / "output" / "free-game-kit.pdf").symlink_to(v / "victim.pdf")


@case("output-folder-symlink", 2, "symbolic link", runs=[["make", "game.toml"]])
def _(p, v):
    deck(p, svg(NAME_TEXT))
    (p / "output").symlink_to(v)


@case("output-png-folder-symlink", 2, "symbolic link", runs=[["make", "game.toml", "--format", "png", "--dpi", "36"]])
def _(p, v):
    deck(p, svg(NAME_TEXT))
    (p / "output").mkdir()
    (p / "output" / "free-game-png").symlink_to(v)


# 4. bounded: memory, time, sizes
@case("png-bomb", 2, "million")
def _(p, v):
    (p / "big.png").write_bytes(bomb_png())
    deck(p, svg('<image x="9" y="30" width="51" height="30" href="big.png"/>' + NAME_TEXT))


@case("png-forged-header-in-data-uri", 2, "million")
def _(p, v):
    forged = _png(30_000, 30_000, 2, zlib.compress(b"\0" * 64))
    uri = "data:image/png;base64," + base64.b64encode(forged).decode()
    deck(p, svg(f'<image x="9" y="30" width="51" height="30" xlink:href="{uri}"/>' + NAME_TEXT))


@case("xlsx-forged-dimension", 0)
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xlsx"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    xlsx_forged(p, "cards.xlsx", dimension="A1:XFD1048576")


@case("xlsx-far-cell", 2, "rows")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xlsx"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    xlsx_forged(p, "cards.xlsx", dimension="A1:XFD1048576", far_cell=("XFD", 1048576))


@case("xlsx-zip-bomb", 2, "unpacks")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xlsx"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    xlsx_forged(p, "cards.xlsx", shared_bomb=4_000_000)


@case("template-range-billion", 2, "range")
def _(p, v):
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">{% for i in range(10**9) %}x{% endfor %}</text>'))


@case("template-nested-loops", 2, "loop turns")
def _(p, v):
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">{% for a in "x" * 5000 %}{% for b in "y" * 5000 %}{% endfor %}{% endfor %}{{ name }}</text>'))


@case("template-string-doubling", 2, "characters")
def _(p, v):
    body = "{% set s = name %}" + "{% set s = s ~ s %}" * 40 + "{{ s|length }}"
    deck(p, svg(f'<text data-box="8 8 53 10" font-size="5">{body}</text>'))


@case("template-macro-explosion", 2, "loop turns and calls")
def _(p, v):
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(60) }}</text>'))


@case("template-format-width", 2, "width")
def _(p, v):
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">{{ "%999999999s"|format(name) }}</text>'))


@case("font-size-1e300", 2, "font-size")
def _(p, v):
    deck(p, svg('<text data-box="8 8 53 10" font-size="1e300">{{ name }}</text>'))


@case("font-size-from-data", 2, "font-size")
def _(p, v):
    deck(p, svg('<text data-box="8 8 53 10" font-size="{{ size }}">{{ name }}</text>'), "name,size\nA,1e300\n")


@case("qty-million-cards", 2, "cards")
def _(p, v):
    deck(p, svg(NAME_TEXT), "name,qty\n" + "".join(f"c{i},1000\n" for i in range(1000)))


@case("copies-multiply-cards", 2, "copies")
def _(p, v):
    deck(p, svg(NAME_TEXT), "name,qty\n" + "".join(f"c{i},50\n" for i in range(90)))
    (p / "game.toml").write_text((p / "game.toml").read_text() + "copies = 100\n")


@case("template-include-file", 2, "not allowed")
def _(p, v):
    deck(p, svg(f'<text data-box="8 8 53 10" font-size="5">{{% include "{v / "secret.txt"}" %}}</text>'))


@case("font-file-symlink-out", 0)
def _(p, v):
    # a font file linking out of fonts/ is not read: the text falls back to printkit's face, and says so
    (p / "fonts").mkdir()
    (p / "fonts" / "Evil.ttf").symlink_to(v / "secret.txt")
    deck(p, svg('<text data-box="8 8 53 10" font-size="5" font-family="Evil">{{ name }}</text>'))


@case("icon-symlink-out", 2, "outside the project folder")
def _(p, v):
    (p / "icons").mkdir()
    (p / "icons" / "star.png").symlink_to(v / "secret.png")
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">:star: {{ name }}</text>'))


@case("csv-too-many-rows", 2, "rows")
def _(p, v):
    deck(p, svg(NAME_TEXT), "name\n" + "x\n" * 30_000)


@case("csv-huge-cell", 2, "characters")
def _(p, v):
    deck(p, svg(NAME_TEXT), "name\n" + "A" * 50_000 + "\n")


@case("json-nested-deep", 2, "")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.json"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    (p / "cards.json").write_text("[" * 100_000 + "]" * 100_000)


@case("svg-300k-elements", 2, "elements")
def _(p, v):
    deck(p, svg('<rect x="1" y="1" width="1" height="1"/>' * 300_000 + NAME_TEXT))


@case("svg-deep-nesting", 2, "")
def _(p, v):
    deck(p, svg("<g>" * 5000 + "</g>" * 5000 + NAME_TEXT))


@case("svg-nan-viewbox", 2, "viewBox")
def _(p, v):
    deck(p, svg(NAME_TEXT).replace('viewBox="0 0 69 94"', 'viewBox="0 0 nan 94"'))


@case("svg-zero-viewbox", 2, "viewBox")
def _(p, v):
    deck(p, svg(NAME_TEXT).replace('viewBox="0 0 69 94"', 'viewBox="0 0 0 0"'))


@case("svg-inf-transform", 2, "transform")
def _(p, v):
    deck(p, svg('<g transform="scale(1e400)"><text data-box="8 8 53 10" font-size="5">{{ name }}</text></g>'))


@case("layout-nan", 2, "nan")
def _(p, v):
    layout_deck(p, '[[element]]\ntype = "box"\nfill = "#ff0000"\nx = nan\ny = 8\nw = 20\nh = 20\n')


@case("layout-inf-size", 2, "")
def _(p, v):
    layout_deck(p, '[[element]]\ntype = "text"\ntext = "{{ name }}"\nsize = inf\nx = 8\ny = 8\nw = 47\nh = 10\n')


@case("pictures-show-each-other", 2, "shows itself")
def _(p, v):
    (p / "a.svg").write_text(svg('<image x="0" y="0" width="69" height="94" href="b.svg"/>'))
    (p / "b.svg").write_text(svg('<image x="0" y="0" width="69" height="94" href="a.svg"/>'))
    deck(p, svg('<image x="9" y="30" width="51" height="30" href="a.svg"/>' + NAME_TEXT))


@case("qr-5000-chars", 1, "")
def _(p, v):
    deck(p, svg('<rect x="14.5" y="30" width="40" height="40" data-qr="{{ url }}"/>' + NAME_TEXT), "name,url\nA," + "q" * 5000 + "\n")


@case("qr-20mm-in-mm-svg-prints", 0)
def _(p, v):
    # an ordinary template: a 20 mm code in a millimetre-based SVG (was refused as 0.21 mm modules)
    deck(p, svg('<rect x="24.5" y="40" width="20" height="20" data-qr="https://example.org/c/{{ name }}"/>' + NAME_TEXT))


@case("fifo-as-words", 2, "FIFO", runs=[["validate", "game.toml", "--words", "pipe"]])
def _(p, v):
    deck(p, svg(NAME_TEXT))
    os.mkfifo(p / "pipe")


@case("fifo-as-validate-argument", 2, "FIFO", runs=[["validate", "pipe.json"]])
def _(p, v):
    os.mkfifo(p / "pipe.json")


@case("fifo-as-data", 2, "FIFO")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK)
    (p / "front.svg").write_text(svg(NAME_TEXT))
    os.mkfifo(p / "cards.csv")


@case("project-nan-copies", 2, "")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK + "copies = nan\n")
    (p / "front.svg").write_text(svg(NAME_TEXT))
    (p / "cards.csv").write_text("name\nA\n")


# 5. issue 33: every file a renderer is handed goes through one gate, native code
# runs in a bounded child, limits hold before the work. Written the way an attacker
# would: the reference hides where printkit's own look-up did not go (a filter
# drawn by resvg, a data cell, a folder named with braces, CSS, a mask, a nested
# drawing, a data: address holding a drawing).
FILTER = '<filter id="f" x="0" y="0" width="1" height="1"><feImage {attr}="{href}" x="0" y="0" width="69" height="94" preserveAspectRatio="none"/></filter>'


@case("filtered-placeholder-feimage-from-cell", 2, "outside the project folder")
def _(p, v):
    # the element holds a placeholder and a filter: drawn by resvg, its feImage named by a data cell
    deck(p, svg('<g>' + FILTER.format(attr="href", href="{{ pic }}") + '<rect x="0" y="0" width="69" height="94" fill="{{ colour }}" filter="url(#f)"/></g>' + NAME_TEXT),
         "name,colour,pic\nAlpha,#ffffff,../victim/secret.png\n")


@case("filtered-placeholder-feimage-absolute-in-template", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<g>' + FILTER.format(attr="xlink:href", href=str(v / "secret.png")) + '<rect x="0" y="0" width="69" height="94" fill="{{ colour }}" filter="url(#f)"/></g>' + NAME_TEXT),
         "name,colour\nAlpha,#ffffff\n")


@case("filtered-image-braces-in-folder-name", 2, "outside the project folder")
def _(p, v):
    # a folder whose name holds {{: printkit's own look-up used to skip any href with {{ in it
    (v / "a{{b").mkdir()
    (v / "a{{b" / "secret.png").write_bytes(png_bytes(120, 120))
    href = "../victim/a{{ '{{' }}b/secret.png"
    deck(p, svg(f'<defs><filter id="f"><feGaussianBlur stdDeviation="0.01"/></filter></defs><g filter="url(#f)"><image x="0" y="0" width="69" height="94" href="{href}" preserveAspectRatio="none"/><rect x="0" y="0" width="1" height="1" fill="{{{{ colour }}}}"/></g>' + NAME_TEXT),
         "name,colour\nAlpha,#ffffff\n")


@case("mask-image-from-cell", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<g><mask id="m"><image href="{{ pic }}" x="0" y="0" width="69" height="94"/></mask><rect x="0" y="0" width="69" height="94" fill="#ff00ff" mask="url(#m)"/></g>' + NAME_TEXT),
         "name,pic\nAlpha," + str(v / "secret.png") + "\n")


@case("pattern-image-dotdot-from-cell", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<g><pattern id="p" width="69" height="94" patternUnits="userSpaceOnUse"><image href="{{ pic }}" width="69" height="94"/></pattern><rect x="0" y="0" width="69" height="94" fill="url(#p)"/></g>' + NAME_TEXT),
         "name,pic\nAlpha,../victim/secret.png\n")


@case("nested-svg-image-from-cell", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<g><svg x="0" y="0" width="69" height="94" viewBox="0 0 69 94"><image href="{{ pic }}" width="69" height="94"/></svg></g>' + NAME_TEXT),
         "name,pic\nAlpha,../victim/secret.png\n")


@case("data-uri-drawing-names-a-file", 2, "outside the project folder")
def _(p, v):
    # a drawing inside a data: address names the secret: resvg would look it up itself
    inner = f'<svg xmlns="http://www.w3.org/2000/svg" width="69" height="94"><image href="{v / "secret.png"}" width="69" height="94"/></svg>'
    uri = "data:image/svg+xml;base64," + base64.b64encode(inner.encode()).decode()
    deck(p, svg(f'<defs><filter id="f"><feImage href="{uri}" width="69" height="94"/></filter></defs><rect x="0" y="0" width="69" height="94" fill="{{{{ colour }}}}" filter="url(#f)"/>' + NAME_TEXT),
         "name,colour\nAlpha,#ffffff\n")


@case("css-url-in-style-attribute", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<rect x="0" y="0" width="69" height="94" style="fill:url(../victim/drawing.svg#art)"/>' + NAME_TEXT))


@case("css-url-in-style-from-cell", 2, "outside the project folder")
def _(p, v):
    deck(p, svg('<rect x="0" y="0" width="69" height="94" style="fill:url({{ pic }})"/>' + NAME_TEXT), "name,pic\nAlpha,../victim/drawing.svg#art\n")


@case("filtered-picture-symlink-from-cell", 2, "outside the project folder")
def _(p, v):
    (p / "art").mkdir()
    (p / "art" / "pic.png").symlink_to(v / "secret.png")
    deck(p, svg('<g>' + FILTER.format(attr="href", href="{{ pic }}") + '<rect x="0" y="0" width="69" height="94" fill="{{ colour }}" filter="url(#f)"/></g>' + NAME_TEXT),
         "name,colour,pic\nAlpha,#ffffff,art/pic.png\n")


@case("filtered-picture-inside-prints", 0)
def _(p, v):
    # the same shape with the project's own picture: printed (the gate copies it in, resvg draws it)
    (p / "art").mkdir()
    (p / "art" / "sea.png").write_bytes(png_bytes(60, 80, CYAN))
    deck(p, svg('<defs>' + FILTER.format(attr="href", href="art/sea.png") + '</defs><rect x="0" y="0" width="69" height="94" fill="{{ colour }}" filter="url(#f)"/>' + NAME_TEXT),
         "name,colour\nAlpha,#ffffff\n")


@case("drawing-from-another-file-prints", 0)
def _(p, v):
    # a <use> of a drawing in another project file, which shows a picture: copied in by the gate, drawn by the drawer
    (p / "art").mkdir()
    (p / "art" / "sea.png").write_bytes(png_bytes(60, 80, CYAN))
    (p / "art" / "tile.svg").write_text(svg('<g id="tile"><image href="sea.png" x="0" y="0" width="30" height="30"/><circle cx="15" cy="15" r="5" fill="#123456"/></g>'))
    deck(p, svg('<use xlink:href="art/tile.svg#tile" transform="translate(20,40)"/><g><rect x="2" y="2" width="3" height="3" fill="{{ colour }}"/><use href="art/tile.svg#tile" transform="translate(30,60) scale(0.5)"/></g>' + NAME_TEXT),
         "name,colour\nAlpha,#ffffff\n")


@case("filter-convolve-kernel-huge", 2, "feConvolveMatrix")
def _(p, v):
    kernel = " ".join(["1"] * 400 * 400)
    deck(p, svg(f'<defs><filter id="f"><feConvolveMatrix order="400" kernelMatrix="{kernel}"/></filter></defs><rect x="5" y="5" width="59" height="84" fill="{{{{ colour }}}}" filter="url(#f)"/>' + NAME_TEXT),
         "name,colour\nAlpha,#336699\n")


@case("filter-turbulence-octaves", 2, "octaves")
def _(p, v):
    deck(p, svg('<defs><filter id="f"><feTurbulence baseFrequency="0.5" numOctaves="100000"/></filter></defs><rect x="5" y="5" width="59" height="84" fill="#336699" filter="url(#f)"/>' + NAME_TEXT))


@case("filter-morphology-radius", 2, "pixel steps")
def _(p, v):
    deck(p, svg('<defs><filter id="f"><feMorphology operator="dilate" radius="40"/></filter></defs><rect x="5" y="5" width="59" height="84" fill="#336699" filter="url(#f)"/>' + NAME_TEXT))


@case("mask-chain", 2, "nested over")
def _(p, v):
    n = 200  # under the limit on masks and filters: the chain's depth is what is refused
    masks = "".join(f'<mask id="m{i}"><rect width="69" height="94" fill="#fff" mask="url(#m{i + 1})"/></mask>' for i in range(n)) + f'<mask id="m{n}"><rect width="69" height="94" fill="#fff"/></mask>'
    deck(p, svg(f'<defs>{masks}</defs><rect x="0" y="0" width="69" height="94" fill="{{{{ colour }}}}" mask="url(#m0)"/>' + NAME_TEXT), "name,colour\nAlpha,#336699\n")


@case("filtered-elements-by-the-thousand", 2, "filter or a mask")
def _(p, v):
    deck(p, svg('<defs><filter id="f"><feGaussianBlur stdDeviation="0.2"/></filter></defs>' + '<rect x="5" y="5" width="3" height="3" fill="#369" filter="url(#f)"/>' * 2000 + NAME_TEXT))


@case("path-million-segments", 2, "numbers in its paths")
def _(p, v):
    deck(p, svg('<path d="M0 0' + " L1 1 L2 0" * 300_000 + '" stroke="#000" fill="none"/>' + NAME_TEXT))


@case("xlsx-far-cell-single-quotes", 2, "rows")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xlsx"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    xlsx_forged(p, "cards.xlsx", far_cell=("XFD", 1048576), quote="'")


@case("xlsx-shared-string-named-by-every-cell", 2, "characters")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xlsx"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    xlsx_forged(p, "cards.xlsx", shared_long=9_000, shared_cells=(5_000, 100))


@case("xlsx-sheet-in-another-part", 2, "characters")
def _(p, v):
    # python-calamine finds a sheet wherever the workbook's links say; the count before it
    # looked in xl/worksheets/ only (the worker then laid out 4.5 GB of text, and aborted)
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xlsx"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    xlsx_forged(p, "cards.xlsx", shared_long=9_000, shared_cells=(5_000, 100), sheet_part="xl/data/s.xml")


@case("xlsx-a-million-styles-prints", 0)
def _(p, v):
    # a styles part the workbook links to, of a million empty <xf/> (17 MB unpacked, under the
    # limit): the count before calamine kept every element it had read (main: 740 MB for two
    # million; killed by the ceiling here, "not enough memory", exit 2)
    import zipfile

    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xlsx"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    xlsx_forged(p, "base.xlsx")
    with zipfile.ZipFile(p / "base.xlsx") as src, zipfile.ZipFile(p / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "xl/styles.xml":
                data = (b'<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                        b'<cellXfs count="1">' + b'<xf numFmtId="0"/>' * 1_000_000 + b"</cellXfs></styleSheet>")
            dst.writestr(info, data)
    (p / "base.xlsx").unlink()


@case("ods-repeats-multiply", 2, "rows")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.ods"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    row = '<table:table-row table:number-rows-repeated="9000"><table:table-cell office:value-type="string" table:number-columns-repeated="150"><text:p>x</text:p></table:table-cell></table:table-row>'
    ods_file(p / "cards.ods", '<table:table-row><table:table-cell office:value-type="string"><text:p>name</text:p></table:table-cell></table:table-row>' + row * 4)


@case("ods-repeated-text-multiplies", 2, "characters")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.ods"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    row = f'<table:table-row table:number-rows-repeated="5000"><table:table-cell office:value-type="string" table:number-columns-repeated="100"><text:p>{"y" * 9000}</text:p></table:table-cell></table:table-row>'
    ods_file(p / "cards.ods", '<table:table-row><table:table-cell office:value-type="string"><text:p>name</text:p></table:table-cell></table:table-row>' + row)


@case("xls-that-aborts-the-reader", 2, "aborted")
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xls"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    (p / "cards.xls").write_bytes((ROOT / "tests" / "sheets" / "damaged.xls").read_bytes())


# the full-size shapes: under the element limit, past what a renderer or reader survives
@case("mask-chain-20000", 2, "", slow=True)
def _(p, v):
    n = 20_000
    masks = "".join(f'<mask id="m{i}"><rect width="69" height="94" fill="#fff" mask="url(#m{i + 1})"/></mask>' for i in range(n)) + f'<mask id="m{n}"><rect width="69" height="94" fill="#fff"/></mask>'
    deck(p, svg(f'<defs>{masks}</defs><rect x="0" y="0" width="69" height="94" fill="{{{{ colour }}}}" mask="url(#m0)"/>' + NAME_TEXT), "name,colour\nAlpha,#336699\n")


@case("masks-outside-defs-20000", 2, "filter or a mask", slow=True)
def _(p, v):
    deck(p, svg("".join(f'<mask id="m{i}"/><rect x="1" y="1" width="2" height="2" fill="#369" mask="url(#m{i})"/>' for i in range(20_000)) + NAME_TEXT))


@case("filtered-elements-12000", 2, "filter or a mask", slow=True)
def _(p, v):
    deck(p, svg('<defs><filter id="f"><feGaussianBlur stdDeviation="0.2"/></filter></defs>' + '<rect x="5" y="5" width="3" height="3" fill="#369" filter="url(#f)"/>' * 12_000 + NAME_TEXT))


@case("path-two-million-segments", 2, "numbers in its paths", slow=True)
def _(p, v):
    deck(p, svg('<path d="M0 0' + " L1 1" * 1_950_000 + '" stroke="#000" fill="none"/>' + NAME_TEXT))


@case("xlsx-10000x150-cells-one-long-string", 2, "", slow=True)
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.xlsx"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    xlsx_forged(p, "cards.xlsx", shared_long=9_000, shared_cells=(10_000, 150))


@case("ods-repeats-each-in-limits", 2, "", slow=True)
def _(p, v):
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.ods"))
    (p / "front.svg").write_text(svg(NAME_TEXT))
    row = f'<table:table-row table:number-rows-repeated="10000"><table:table-cell office:value-type="string" table:number-columns-repeated="200"><text:p>{"z" * 200}</text:p></table:table-cell></table:table-row>'
    ods_file(p / "cards.ods", '<table:table-row><table:table-cell office:value-type="string"><text:p>name</text:p></table:table-cell></table:table-row>' + row * 3)


@case("filter-fractions-of-a-huge-box", 2, "resvg", slow=True)
def _(p, v):
    # past what the cost check can know (the element's box is 100 m wide: a radius of 0.004 of it
    # is the whole picture): the fixed art's pictures are drawn by validate as make draws them
    # (validate said ok; make: resvg out of time), so both stop at the worker's limit (45 s each)
    deck(p, svg('<defs><filter id="f" primitiveUnits="objectBoundingBox" filterUnits="userSpaceOnUse" x="0" y="0" width="69" height="94"><feMorphology radius="0.004"/></filter></defs>'
                '<rect x="-50000" y="-50000" width="100000" height="100000" fill="#369" filter="url(#f)"/>' + NAME_TEXT))


@case("markers-by-the-million-in-a-mask", 2, "resvg")
def _(p, v):
    # a marker of 500 rectangles at each of 100,000 vertices, drawn by resvg (a mask): no clone
    # to count, under every limit the cost check knows; resvg runs out of memory in the worker.
    # validate said ok (it only estimated the fixed art's pictures); now it draws them as make does
    marker = '<marker id="k" markerUnits="userSpaceOnUse" overflow="visible">' + '<rect width="0.01" height="0.01" fill="#369"/>' * 500 + "</marker>"
    d = "M0 0" + " L1 1 L2 0" * 50_000
    deck(p, svg(f'<defs>{marker}<mask id="mm"><path d="{d}" stroke="#fff" stroke-width="0.01" fill="none" marker-mid="url(#k)"/></mask></defs>'
                '<rect width="69" height="94" fill="#f00" mask="url(#mm)"/>' + NAME_TEXT))


# 6. pictures that are programs, forged data: addresses, clones resvg would expand
# (the outside attack of the "attack" branch). Pillow hands an EPS file (whatever
# its name) to Ghostscript, which runs its PostScript: this one reads the secret
# (Ghostscript's -dSAFER lets it read and write the temporary folder the tests
# run in), paints it, and writes the marker file.
def eps_program(p: Path, v: Path) -> bytes:
    return ("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n/Helvetica findfont 8 selectfont\n"
            f"{{ ({v / 'secret.txt'}) (r) file 100 string readstring pop }} stopped {{ (none) }} if\n"
            "1 0 1 setrgbcolor 0 0 100 100 rectfill 0 setgray 5 50 moveto show\n"
            f"({marker(p)}) (w) file closefile\nshowpage\n").encode()


@case("eps-icon-runs-no-program", 2, "not a picture printkit reads")
def _(p, v):
    (p / "icons").mkdir()
    (p / "icons" / "star.png").write_bytes(eps_program(p, v))
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">:star: {{ name }}</text>'))


@case("eps-picture-in-a-mask-runs-no-program", 2, "not a picture printkit reads")
def _(p, v):
    # the gate copies a picture in for resvg: an EPS is no picture it reads, refused undecoded
    (p / "art.png").write_bytes(eps_program(p, v))
    deck(p, svg('<defs><mask id="m"><image href="art.png" width="69" height="94"/></mask></defs><rect width="69" height="94" fill="#0ff" mask="url(#m)"/>' + NAME_TEXT))


@case("svg-icon-names-a-file-outside", 2, "outside the project folder")
def _(p, v):
    # validate reads an icon as make does (it said ok, make refused)
    (p / "icons").mkdir()
    (p / "icons" / "star.svg").write_text(svg('<image href="../../victim/secret.png" width="69" height="94"/>'))
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">:star: {{ name }}</text>'))


def clone_bomb(levels: int, fan: int) -> str:
    """Groups of `fan` clones of the group before: the last draws fan ** levels rectangles."""
    out = '<g id="c0"><rect width="0.1" height="0.1" fill="#369"/></g>'
    for i in range(1, levels + 1):
        out += f'<g id="c{i}">' + f'<use href="#c{i - 1}"/>' * fan + "</g>"
    return out


@case("clone-bomb-in-a-mask", 2, "clones")
def _(p, v):
    # a billion clones where resvg draws them (a mask): counted before resvg is asked (was exit 3,
    # resvg's own refusal raised as an internal error, and validate said ok)
    deck(p, svg("<defs>" + clone_bomb(9, 10) + '<mask id="m"><use href="#c9"/></mask></defs><rect width="69" height="94" fill="#f00" mask="url(#m)"/>' + NAME_TEXT))


@case("clone-bomb-in-a-pattern", 2, "clones")
def _(p, v):
    deck(p, svg("<defs>" + clone_bomb(9, 10) + '<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><use href="#c9"/></pattern></defs><rect width="69" height="94" fill="url(#p)"/>' + NAME_TEXT))


@case("png-bomb-percent-encoded-data-address", 2, "million")
def _(p, v):
    # a data: address written without base64 (as resvg reads it too): the gate read only base64
    # ones, so the pixel limit was never checked and resvg was handed the bomb (validate: ok)
    from urllib.parse import quote

    uri = "data:image/png," + quote(bomb_png())
    deck(p, svg(f'<defs><mask id="m"><image href="{uri}" width="69" height="94"/></mask></defs><rect width="69" height="94" fill="#f00" mask="url(#m)"/>' + NAME_TEXT))


@case("png-bomb-data-address-with-a-parameter", 2, "million")
def _(p, v):
    uri = "data:image/png;name=x.png;base64," + base64.b64encode(bomb_png()).decode()
    deck(p, svg(f'<defs><mask id="m"><image href="{uri}" width="69" height="94"/></mask></defs><rect width="69" height="94" fill="#f00" mask="url(#m)"/>' + NAME_TEXT))


@case("percent-encoded-data-picture-prints", 0)
def _(p, v):
    from urllib.parse import quote

    uri = "data:image/png;charset=binary," + quote(png_bytes(30, 40, CYAN))
    deck(p, svg(f'<defs><mask id="m"><rect width="69" height="94" fill="#fff"/></mask></defs><g mask="url(#m)"><image href="{uri}" width="69" height="94"/></g>' + NAME_TEXT))


def drawing_in_drawings(levels: int) -> str:
    """A drawing holding a drawing in a data: address, `levels` deep (plain text,
    escaped as an attribute: the file grows with the square of the depth)."""
    from xml.sax.saxutils import quoteattr

    s = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5" fill="#0ff"/></svg>'
    for _ in range(levels + 1):
        s = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image width="10" height="10" href=' + quoteattr("data:image/svg+xml," + s) + "/></svg>"
    return s[s.index("<image"):-len("</svg>")]


@case("data-drawings-nested-60-deep", 2, "nested over")
def _(p, v):
    # the gate followed drawings in data: addresses with no depth limit (files: 50)
    deck(p, svg('<defs><mask id="m"><rect width="69" height="94" fill="#fff"/></mask></defs><g mask="url(#m)">' + drawing_in_drawings(60) + "</g>" + NAME_TEXT))


@case("data-drawings-written-again-stay-small", 0)
def _(p, v):
    # 42 levels, a 110 KB file: written again in base64 at each level, the gate's copy came
    # to 100 MB (45 levels: 200 MB, and 870 MB held); percent-encoded it stays the file's size
    deck(p, svg('<defs><mask id="m"><rect width="69" height="94" fill="#fff"/></mask></defs><g mask="url(#m)">' + drawing_in_drawings(42) + "</g>" + NAME_TEXT))


@case("filter-with-300-steps", 2, "filter steps")
def _(p, v):
    # under the pixel-step limit, yet resvg keeps every step's picture: 300 blurs on a card
    # need over 1 GB (validate said ok; make: the worker ran out of memory)
    blurs = '<feGaussianBlur stdDeviation="3"/>' * 300
    deck(p, svg(f'<defs><filter id="f" x="0" y="0" width="1" height="1">{blurs}</filter></defs><rect x="0" y="0" width="69" height="94" fill="#369" filter="url(#f)"/>' + NAME_TEXT))


@case("style-sheet-300000-rules", 2, "rules or selectors")
def _(p, v):
    # cssselect2 compiles each selector into Python code: validate ran past the CPU ceiling, make out of memory
    rules = "".join(f".c{i}{{fill:#369}}" for i in range(300_000))
    deck(p, svg(f"<style>{rules}</style>" + '<rect class="c1 c2" x="0" y="0" width="5" height="5"/>' * 100 + NAME_TEXT))


@case("style-rule-of-100000-selectors", 2, "rules or selectors")
def _(p, v):
    deck(p, svg("<style>" + ",".join(f".c{i}" for i in range(100_000)) + "{fill:#369}</style>" + '<rect class="c1" x="0" y="0" width="5" height="5"/>' + NAME_TEXT))


@case("text-page-of-12-mb", 2, "over the limit of 1 MB")
def _(p, v):
    # a rules page of 2.5 MB filled some 1,000 pages; 12 MB ran make out of memory (validate: ok)
    (p / "game.toml").write_text(GAME + '[[page]]\ntext = "rules.md"\n')
    (p / "rules.md").write_text(("# Head\n\n" + "- **word** " * 50 + "\n\n" + "lorem ipsum dolor " * 200 + "\n\n") * 3000)


@case("long-cells-in-text-boxes", 1, "does not fit its box even at 6 pt")
def _(p, v):
    # 300 cards of 10,000 characters each in a box that shrinks to fit: every size from
    # 9 pt down was set to the text's end (about 3 minutes of CPU, past the ceiling);
    # a size is now given up at the first line past the box's foot
    words = " ".join(f"word{i % 97}" for i in range(1_400))
    rows = "".join(f"Card {k},{k} {words}\n" for k in range(300))  # each card its own text (nothing set once for all)
    deck(p, svg('<text data-box="8 30 53 40" data-min-size="6" font-family="Noto Sans" font-size="9">{{ text }}</text>' + NAME_TEXT), csv="name,text\n" + rows)


@case("icon-not-a-picture", 2, "not a picture printkit reads")
def _(p, v):
    (p / "icons").mkdir()
    (p / "icons" / "star.png").write_bytes(b"not a picture\n" * 10)
    deck(p, svg('<text data-box="8 8 53 10" font-size="5">:star: {{ name }}</text>'))


# 7. work that grows faster than the input (the "attack5" branch)
@case("rules-page-of-unclosed-emphasis", 0)
def _(p, v):
    # 420 KB of asterisks that open and never close: each opening was tried against the rest
    # of the line (re.sub of the bold and italic patterns), some 10 minutes of CPU in make
    # (past the ceiling) while validate, which sets no page, said ok in 0.3 s; now 3 s
    (p / "game.toml").write_text(GAME + '[[page]]\ntext = "rules.md"\n')
    (p / "rules.md").write_text("# Rules\n\n" + "*a **b " * 60_000 + "\n")


@case("rules-page-of-330000-paragraphs", 2, "headings, paragraphs and list items")
def _(p, v):
    # 660 KB, under the page's byte limit: each one-letter paragraph a line and its space,
    # 7,700 pages; make ran out of memory (exit 2) while validate, which sets no page, said ok
    (p / "game.toml").write_text(GAME + '[[page]]\ntext = "rules.md"\n')
    (p / "rules.md").write_text("x\n\n" * 330_000)


@case("data-file-a-link-to-itself", 2, "symbolic links")
def _(p, v):
    # a link that leads round to itself: its refusal named the file through Path.resolve,
    # which raises RuntimeError on Python 3.11 (exit 3, "internal error")
    (p / "game.toml").write_text(GAME + DECK)
    (p / "front.svg").write_text(svg(NAME_TEXT))
    (p / "cards.csv").symlink_to("cards.csv")


@case("cells-of-short-words-that-fit-at-no-size", 1, "does not fit its box even at 6 pt")
def _(p, v):
    # 400 cells of 3,300 two-letter words (4 MB) in a box that shrinks to fit: each was set at
    # all 13 sizes from 9 pt down, each word measured again at every size (validate 51 s of CPU,
    # make past the ceiling); now the smallest size is tried after the first, and a word is
    # measured once a size (3.6 s)
    rows = "".join(f"{k}," + " ".join("ab"[(i * 7 + k) % 2] + str((i * k) % 10) for i in range(3300)) + "\n" for k in range(400))
    deck(p, svg('<text data-box="5 5 59 84" data-min-size="6" font-family="Noto Sans" font-size="9">{{ text }}</text>'), csv="name,text\n" + rows)


@case("picture-under-transforms-past-any-page", 2, "past any page")
def _(p, v):
    # ninety groups of scale(100000), each in range: the picture, drawn by printkit at their
    # product, wrote "-nan -nan -nan -nan -nan -nan cm" into the PDF (validate and make: ok)
    (p / "a.png").write_bytes(png_bytes(10, 10, CYAN))
    inner = '<image href="a.png" width="1" height="1"/>'
    for _ in range(90):
        inner = f'<g transform="scale(100000)">{inner}</g>'
    deck(p, svg(inner + NAME_TEXT))


@case("layout-of-100000-boxes-on-5000-cards", 2, "elements, over printkit's limit")
def _(p, v):
    # a layout template is no SVG: its [[element]] tables had no count, and each was looked at on
    # every card (validate and make past a minute; 100 cards: 19 s)
    boxes = '[[element]]\ntype = "box"\nx = 5\ny = 5\nw = 1\nh = 1\nfill = "#336699"\n' * 100_000
    layout_deck(p, '[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 5\ny = 40\nw = 50\nh = 10\n' + boxes, csv="name\n" + "\n".join(f"C{i}" for i in range(5000)) + "\n")


@case("layout-of-499-conditions-on-5000-cards", 2, "show conditions take over")
def _(p, v):
    # 499 boxes each shown on a condition of the card's own value, on 5,000 cards of different
    # values: 2.5 million answers (validate 40 s, make past a minute). Each is answered once for
    # the values it reads and the deck's answers are counted (LAYOUT_CONDITIONS)
    boxes = "".join(f'[[element]]\ntype = "box"\nx = 5\ny = 5\nw = 1\nh = 1\nfill = "#336699"\nshow = "name != \'C{i}\'"\n' for i in range(499))
    layout_deck(p, '[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 5\ny = 40\nw = 50\nh = 10\n' + boxes, csv="name\n" + "\n".join(f"C{i}" for i in range(5000)) + "\n")


@case("layout-of-499-conditions-on-few-values-prints", 0)
def _(p, v):
    # the control: the same 499 conditions on 300 cards of four values are answered 4 x 499 times
    boxes = "".join(f'[[element]]\ntype = "box"\nx = 5\ny = 5\nw = 1\nh = 1\nfill = "#336699"\nshow = "name != \'C{i}\'"\n' for i in range(499))
    layout_deck(p, '[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 5\ny = 40\nw = 50\nh = 10\n' + boxes, csv="name\n" + "\n".join(f"C{i % 4}" for i in range(300)) + "\n")


@case("terminal-escapes-in-a-cell-and-a-title", 1, "")
def _(p, v):
    # a cell and a part's title holding escape sequences: the title bar set (OSC 0), the
    # clipboard written (OSC 52), the screen cleared, a carriage return over the verdict.
    # Each reached the terminal as is in the run's messages (every case now asserts none does)
    esc = "\x1b]0;pwned\x07\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\r"
    (p / "game.toml").write_text(GAME + DECK.replace("cards.csv", "cards.json") + 'title = "' + esc.encode("unicode_escape").decode().replace("\\x", "\\u00") + 'Cards"\n')
    (p / "front.svg").write_text(svg(NAME_TEXT + '<image href="{{ pic }}" x="9" y="30" width="20" height="20"/>'))
    (p / "cards.json").write_text(json.dumps([{"name": "Alpha", "pic": esc + "x.png"}]))


@case("filter-radius-in-fractions-of-the-box", 2, "pixel steps")
def _(p, v):
    # primitiveUnits="objectBoundingBox": a radius of 0.5 is half the element's box (some 350
    # pixels), read by the cost check as half a unit: validate said ok, make's resvg ran out of time
    deck(p, svg('<defs><filter id="f" primitiveUnits="objectBoundingBox"><feMorphology radius="0.5"/></filter></defs><rect x="5" y="5" width="59" height="84" fill="#369" filter="url(#f)"/>' + NAME_TEXT))


# -- running them ----------------------------------------------------------------------

def _victim(folder: Path) -> None:
    folder.mkdir()
    (folder / "secret.txt").write_text(SECRET + "\n")
    (folder / "secret.csv").write_text(f"name\n{SECRET}\n")
    (folder / "secret.png").write_bytes(png_bytes(120, 120))
    (folder / "victim.pdf").write_bytes(b"%PDF-1.4 the user's own document " + SECRET.encode())
    (folder / "drawing.svg").write_text(svg(f'<g id="art"><rect x="0" y="0" width="69" height="94" fill="#ff00ff"/><text x="5" y="50" font-size="5">{SECRET}</text></g>'))


def _digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


# The default tier runs one case of each kind of attack (a template escape, a path
# out of the folder and a link out of it, a picture reference handed to resvg, a
# write through a link, a bomb, a native crash, the cases the default tier's other
# tests read); --runslow runs all of them.
QUICK = frozenset({
    "ssti-svg-text", "data-cell-payload-is-just-text", "page-symlink-out", "svg-filter-feimage-absolute",
    "billion-laughs", "output-file-symlink", "png-bomb", "xls-that-aborts-the-reader", "qr-20mm-in-mm-svg-prints",
    "filtered-placeholder-feimage-from-cell", "eps-icon-runs-no-program", "clone-bomb-in-a-mask",
    "png-bomb-percent-encoded-data-address", "style-sheet-300000-rules",
})


@pytest.fixture(scope="module")
def corpus(request, tmp_path_factory):
    """Build the cases this run checks and run all of them in one warm runner (forked children)."""
    every = request.config.getoption("--runslow")
    cases = {n: c for n, c in CASES.items() if every or n in QUICK}
    return _run_corpus(cases, tmp_path_factory.mktemp("hostile"))


@pytest.fixture(scope="module")
def slow_corpus(tmp_path_factory):
    return _run_corpus(SLOW_CASES, tmp_path_factory.mktemp("hostile-slow"))


def _run_corpus(cases: dict, base: Path):
    runs, built = [], {}
    for name, c in cases.items():
        top = base / name
        top.mkdir()
        victim, project = top / "victim", top / "project"
        _victim(victim)
        project.mkdir()
        c["build"](project, victim)
        commands = c["runs"] or [["validate", "game.toml"], ["make", "game.toml"]]
        ids = []
        for k, args in enumerate(commands):
            rid = f"{name}#{k}"
            runs.append({"id": rid, "cwd": str(project), "args": args, "out": str(top / f"run{k}")})
            ids.append((rid, args, top / f"run{k}"))
        built[name] = (top, project, victim, _digest(victim), ids)
    spec = base / "spec.json"
    spec.write_text(json.dumps({"runs": runs, "memory": MEMORY, "cpu": CPU_SECONDS, "wall": 150, "config_home": str(base / "no-config")}))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PRINTKIT_DEBUG", None)
    subprocess.run([sys.executable, str(ROOT / "tests" / "hostile_runner.py"), str(spec), str(base / "results.json")], check=True, env=env, timeout=1200)
    results = json.loads((base / "results.json").read_text())
    return built, results


def _pdf_leaks(pdf: Path) -> list[str]:
    """Secret text or magenta pixels in a PDF written by a hostile run."""
    import pypdfium2 as pdfium
    from pypdf import PdfReader

    found = []
    raw = pdf.read_bytes()
    reader = PdfReader(str(pdf))
    text = " ".join((page.extract_text() or "") for page in reader.pages)
    meta = " ".join(str(v) for v in (reader.metadata or {}).values())
    if SECRET in text or SECRET in meta or SECRET.encode() in raw:
        found.append("secret text")
    if str(pdf.parent.parent.parent) in meta or str(pdf.parent.parent.parent) in text:
        found.append("a local path")
    if _pdf_shows(pdf, MAGENTA):
        found.append("secret pixels")
    return found


def _shows(img, rgb) -> bool:
    """Whether a picture holds a pixel of (about) this colour."""
    from PIL import ImageChops

    img = img.convert("RGB")
    lo = [max(0, c - 15) for c in rgb]
    hi = [min(255, c + 15) for c in rgb]
    r, g, b = (band.point(lambda v, lo=l, hi=h: 255 if lo <= v <= hi else 0) for band, l, h in zip(img.split(), lo, hi))
    return ImageChops.multiply(ImageChops.multiply(r, g), b).getbbox() is not None


def _pdf_shows(pdf: Path, rgb) -> bool:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return any(_shows(page.render(scale=30 / 72).to_pil(), rgb) for page in doc)
    finally:
        doc.close()


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in CASES])
def test_hostile_project(corpus, name):
    _check_case(corpus, CASES[name], name)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SLOW_CASES))
def test_hostile_project_full_size(slow_corpus, name):
    _check_case(slow_corpus, SLOW_CASES[name], name)


def _check_case(corpus, c: dict, name: str) -> None:
    built, results = corpus
    top, project, victim, before, ids = built[name]
    codes = []
    for rid, args, out in ids:
        r = results[rid]
        err = Path(str(out) + ".err").read_text(errors="replace")
        std = Path(str(out) + ".out").read_text(errors="replace")
        label = f"{name}: printkit {' '.join(args)}"
        assert not r["hung"], f"{label}: still running after the wall-clock guard"
        assert r["code"] in (0, 1, 2), f"{label}: exit {r['code']} (killed by a ceiling, or a bug): {err[-600:]}"
        assert r["maxrss_mb"] < MEMORY / 2**20, f"{label}: {r['maxrss_mb']:.0f} MB"
        assert "Traceback" not in err + std and "internal error" not in err and "Warning" not in err, f"{label}: {err[-600:]}"
        assert SECRET not in err + std, f"{label}: the secret reached the terminal"
        assert not CONTROL.search(err + std), f"{label}: a control character reached the terminal: {CONTROL.search(err + std).group()!r}"
        expect = c["expect"] if not (c["expect"] == 0 and args[0] == "validate") else 0
        assert r["code"] == expect, f"{label}: exit {r['code']}, expected {expect}: {err[-400:]}"
        if r["code"] == 2:
            line = err.strip()
            assert "\n" not in line and len(line) < 400, f"{label}: not one line: {err[-600:]}"
            assert c["needle"].lower() in line.lower(), f"{label}: {line!r} does not say {c['needle']!r}"
        codes.append(r["code"])
    # validate and make agree: a project validate passes is one make prints
    assert len(set(codes)) == 1, f"{name}: validate and make disagree: {codes}"
    assert not (top / "MARKER").exists() and not (project / "MARKER").exists(), f"{name}: a payload ran a command"
    assert _digest(victim) == before, f"{name}: the victim's files changed"
    written = [p for p in (project / "output").rglob("*.pdf") if not p.is_symlink()] if (project / "output").is_dir() and not (project / "output").is_symlink() else []
    for pdf in written:
        assert not _pdf_leaks(pdf), f"{name}: {pdf.name} leaks {_pdf_leaks(pdf)}"
    if c["expect"] == 0:
        assert (project / "output" / "free-game-kit.pdf").is_file(), f"{name}: nothing printed"


def test_a_data_cell_prints_as_typed(corpus):
    """The payload in a data cell is plain text on the card: printed, never run."""
    from pypdf import PdfReader

    built, _ = corpus
    top, project, *_ = built["data-cell-payload-is-just-text"]
    text = " ".join(p.extract_text() for p in PdfReader(str(project / "output" / "free-game-kit.pdf")).pages)
    assert "cycler" in text and not (top / "MARKER").exists()


def test_qr_in_a_millimetre_svg_reads_back(corpus):
    """The 20 mm code of an ordinary mm-based template prints at 20 mm and scans."""
    zxingcpp = pytest.importorskip("zxingcpp")
    from conftest import render_page

    built, _ = corpus
    top, project, *_ = built["qr-20mm-in-mm-svg-prints"]
    pdf = project / "output" / "free-game-kit.pdf"
    from pypdf import PdfReader

    pages = len(PdfReader(str(pdf)).pages)
    found = []
    for k in range(pages):
        found += [r.text for r in zxingcpp.read_barcodes(render_page(pdf, k, dpi=200))]
        if "https://example.org/c/Alpha" in found:
            break
    assert "https://example.org/c/Alpha" in found, found


def test_the_quick_cases_exist():
    assert QUICK <= set(CASES), sorted(QUICK - set(CASES))


def test_limits_are_documented():
    """Every limit printkit enforces is stated in docs/security.md with its value."""
    from printkit.custom.safety import LIMITS

    doc = (ROOT / "docs" / "security.md").read_text()
    for name, value in LIMITS.items():
        assert f"PRINTKIT_LIMIT_{name}" in doc, name


def test_the_leak_detector_sees_a_leak(tmp_path):
    """The check above finds the secret's text and picture when a PDF does hold them."""
    from reportlab.pdfgen.canvas import Canvas

    (tmp_path / "secret.png").write_bytes(png_bytes(40, 40))
    out = tmp_path / "a" / "b" / "leak.pdf"
    out.parent.mkdir(parents=True)
    c = Canvas(str(out), pagesize=(200, 200))
    c.drawString(10, 10, SECRET)
    c.drawImage(str(tmp_path / "secret.png"), 50, 50, 60, 60)
    c.save()
    assert set(_pdf_leaks(out)) >= {"secret text", "secret pixels"}


def test_the_sandbox_keeps_the_documented_filters_and_the_fast_path_agrees():
    """What docs/own-deck.md promises still works in the sandbox, and the plain
    {{ column }} fast path gives what Jinja2 gives (text and XML attributes)."""
    from printkit.custom import template as T

    values = {"name": "Ash & <Ember>", "cost": "3", "type": "Spell", "row": {"name": "Ash & <Ember>"}}
    cases = {
        "{{ name | upper }}": "ASH & <EMBER>",
        "{{ missing | default('x') if false else cost | int + 1 }}": "4",
        "{% if type == 'Spell' %}S{% endif %}{{ '%s-%s' | format(cost, type) }}": "S3-Spell",
        "{{ name | replace('Ash', 'Oak') }} {{ [cost, type] | join('/') }}": "Oak & <Ember> 3/Spell",
        "{% for i in range(cost | int) %}*{% endfor %}": "***",
        "{{ row['name'] | length }}": "13",
    }
    for source, want in cases.items():
        assert T.render(T.compile_text(source, "t"), values) == want, source
    from printkit.custom.safety import Column

    for xml in (False, True):
        fast = T.compile_text("Card {{ name }} costs", "t", xml=xml)
        assert isinstance(fast, Column)
        slow = (T.xml_env() if xml else T.env()).from_string("Card {{ name }} costs")
        assert fast.render(values) == slow.render(values)


def test_limits_can_be_lowered_never_raised():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PRINTKIT_LIMIT_CARDS": "7", "PRINTKIT_LIMIT_ROWS": "99999999"}
    out = subprocess.run([sys.executable, "-c", "from printkit.custom.safety import LIMITS; print(LIMITS['CARDS'], LIMITS['ROWS'])"], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["7", "10000"]


# -- issue 33: the gate, the bounded reader and renderer, each class's detector -----------

@pytest.mark.slow
@pytest.mark.parametrize("name", ["filtered-picture-inside-prints", "drawing-from-another-file-prints"])
def test_a_project_picture_the_gate_copied_in_prints(corpus, name):
    """The gate copies a picture (and a drawing) inside the project into the
    document it hands resvg and the drawer: the project's own picture prints (cyan
    on the card)."""
    built, _ = corpus
    top, project, *_ = built[name]
    assert _pdf_shows(project / "output" / "free-game-kit.pdf", CYAN)


def _filled_attack(project: Path, victim: Path) -> str:
    """The document of the case filtered-placeholder-feimage-from-cell as the
    card fills it in, before any gate."""
    text = (project / "front.svg").read_text()
    return text.replace("{{ pic }}", "../victim/secret.png").replace("{{ colour }}", "#ffffff").replace("{{ name }}", "Alpha")


def test_control_resvg_without_the_gate_prints_the_secret(corpus):
    """Control for the gate's cases: the same filled-in document handed to resvg
    as it was before (the project folder to look pictures up in) draws the
    victim's picture, and the detector sees it."""
    import io

    import resvg_py
    from PIL import Image

    built, _ = corpus
    top, project, victim, *_ = built["filtered-placeholder-feimage-from-cell"]
    png = resvg_py.svg_to_bytes(svg_string=_filled_attack(project, victim), width=276, height=376, dpi=96, skip_system_fonts=True, resources_dir=str(project))
    assert _shows(Image.open(io.BytesIO(bytes(png))), MAGENTA)


def test_control_the_gate_refuses_what_resvg_would_read(tmp_path):
    """The gate itself, on the document above: refused in one line naming the file."""
    from lxml import etree

    from printkit.custom import safety
    from printkit.errors import UsageError

    project, victim = tmp_path / "project", tmp_path / "victim"
    _victim(victim)
    project.mkdir()
    CASES["filtered-placeholder-feimage-from-cell"]["build"](project, victim)
    root = etree.fromstring(_filled_attack(project, victim).encode())
    with pytest.raises(UsageError, match=r"secret\.png: the file <feImage> in front\.svg names is outside the project folder"):
        safety.resolve_svg(root, project, [project], project / "front.svg")


def test_control_calamine_without_the_worker_aborts(tmp_path):
    """Control for the spreadsheet cases: the forged .xlsx (a far cell in single
    quotes) read by python-calamine directly, in a plain child under 1 GB,
    kills that process (SIGABRT): only a child can survive it."""
    import resource

    xlsx_forged(tmp_path, "far.xlsx", far_cell=("XFD", 1048576), quote="'")

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    code = "import sys; from python_calamine import CalamineWorkbook as C; C.from_path(sys.argv[1]).get_sheet_by_index(0).to_python(skip_empty_area=False)"
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / "far.xlsx")], preexec_fn=cap, capture_output=True, timeout=120)
    assert proc.returncode < 0, proc.returncode


def test_control_the_cost_check_sees_an_expensive_filter():
    """Control for the filter cases: the cost check refuses the known-expensive
    primitives and lets an editor's drop shadow through."""
    from lxml import etree

    from printkit.custom import svgdraw
    from printkit.custom.safety import LimitError

    def doc(prims: str):
        return etree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 69 94"><filter id="f">{prims}</filter><rect width="9" height="9" filter="url(#f)"/></svg>'.encode())

    svgdraw.raster_cost(doc('<feGaussianBlur stdDeviation="1"/><feOffset dx="1" dy="1"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>'), 815, 1110, "card")
    for prims, needle in (('<feConvolveMatrix order="9" kernelMatrix="1"/>', "feConvolveMatrix"), ('<feTurbulence numOctaves="11"/>', "octaves"),
                          ('<feMorphology radius="30"/>', "pixel steps")):
        with pytest.raises(LimitError, match=needle):
            svgdraw.raster_cost(doc(prims), 815, 1110, "card")


def test_the_spreadsheet_reader_answers_within_the_limits(tmp_path, monkeypatch):
    """An .xls or .xlsb has no count before python-calamine lays it out: the
    worker counts what the reader laid out before handing it back (the sheet
    here is an .xlsx read straight, past the count before)."""
    from printkit.custom import data, safety

    xlsx_forged(tmp_path, "cards.xlsx", shared_long=500, shared_cells=(100, 20), sheet_part="xl/data/s.xml")
    monkeypatch.setitem(safety.LIMITS, "SHEET_CHARS", 100_000)
    with pytest.raises(safety.LimitError, match="characters once laid out"):
        data._book_grid(tmp_path / "cards.xlsx", None)
    monkeypatch.setitem(safety.LIMITS, "SHEET_CHARS", 2_000_000)
    name, grid = data._book_grid(tmp_path / "cards.xlsx", None)
    assert grid[0] == ["name"] + [""] * 19 and grid[2] == ["k" * 500] * 20 and len(grid) == 102


def test_a_run_leaves_nothing_in_the_temporary_folder(tmp_path):
    """A make that draws with resvg (a filter) writes only its output: the empty
    folder resvg looks relative references up in was left behind, one a run."""
    project = tmp_path / "project"
    project.mkdir()
    deck(project, svg('<defs><filter id="f"><feGaussianBlur stdDeviation="0.5"/></filter></defs><rect x="5" y="5" width="59" height="84" fill="#369" filter="url(#f)"/>' + NAME_TEXT))
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temp), "XDG_CONFIG_HOME": str(tmp_path / "no-config")}
    r = subprocess.run([sys.executable, "-m", "printkit", "make", "game.toml"], cwd=project, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert (project / "output" / "free-game-kit.pdf").is_file()
    assert sorted(p.name for p in temp.iterdir()) == []


def test_the_clone_count_does_not_hang_on_the_elements_python_objects():
    """A billion clones is over the limit however lxml hands out its elements' Python
    objects. lxml makes a new one for an element each time once the last is gone, and
    a new one may take the address (id()) of one gone: the count kept by id() took a
    clone for another element and came to a few, so `validate` said ok about 1 run in
    4 (make refused). Here every element's new object takes a freed slot of their size
    (a bytes object of that size kept aside as each is made), which moves the
    addresses round: the count kept by id() came under the limit in 53 of 300 parses."""
    from lxml import etree

    from printkit.custom.safety import LIMITS
    from printkit.custom.svgdraw import drawn_elements, id_index

    kept = []

    class Moved(etree.ElementBase):
        def _init(self):
            kept.append(bytes(sys.getsizeof(self) - sys.getsizeof(b"")))  # an object of the element's own size, kept

    parser = etree.XMLParser()
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(element=Moved))
    src = f'<svg xmlns="http://www.w3.org/2000/svg"><defs>{clone_bomb(9, 10)}<mask id="m"><use href="#c9"/></mask></defs><rect width="9" height="9" mask="url(#m)"/></svg>'
    cap = LIMITS["SVG_ELEMENTS"]
    counts = set()
    for _ in range(300):
        doc = etree.fromstring(src.encode(), parser)
        counts.add(drawn_elements(doc, id_index(doc), cap))
    assert counts == {cap + 1}

"""The fonts every reference render is made with: printkit's own (fonts/) and
the test fonts (tests/fonts/, scripts/test_fonts.py), and nothing the machine
has installed.

printkit sees them through PRINTKIT_FONT_DIRS (use_test_fonts(), and the tests);
Inkscape through a fontconfig setup that lists only them (FONTCONFIG_FILE), in
which each family the sources name is mapped to the face printkit draws it in
(a missing family: the nearest shipped face or a metric twin; CSS generic
families: the shipped faces; the emoji family: the face printkit takes emoji
from), and every pattern falls back through the test fonts in the order printkit
tries them. Noto Sans is its kerning twin (fonts/kerning/: the same subset with
its kerning), as printkit sets an editor's text kerned.

    from reference_fonts import inkscape_env
    subprocess.run(["inkscape", ...], env=inkscape_env())
"""

from __future__ import annotations

import atexit
import html
import os
import re
import shutil
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "fonts"
TEST_FONTS = ROOT / "tests" / "fonts"
SOURCES = [ROOT / "tests" / "corpus", ROOT / "tests" / "svgfidelity", ROOT / "tests" / "data" / "scripts", ROOT / "examples" / "ember-road"]

sys.path.insert(0, str(ROOT))


def use_test_fonts() -> None:
    """printkit in this process sees the test fonts alone, as the tests print
    (a script's main calls it; importing this module changes nothing)."""
    os.environ["PRINTKIT_FONT_DIRS"] = str(TEST_FONTS)


def families_named() -> list[str]:
    """Every font family the reference sources name (SVG font-family, layout font)."""
    from printkit.custom.assets import GENERIC, families_of

    found = set(GENERIC)
    for folder in SOURCES:
        for path in folder.rglob("*"):
            if path.suffix in (".svg", ".toml"):
                text = path.read_text(encoding="utf-8", errors="replace")
                for value in re.findall(r"font-family\s*[:=]\s*[\"']?([^;\"<>]+)", text) + re.findall(r"^\s*font\s*=\s*\"([^\"]+)\"", text, re.M):
                    found.update(f for f in families_of(html.unescape(value)) if "{" not in f)
    return sorted(found, key=str.lower)


def _rule(family: str, to: str, bold: bool, italic: bool) -> str:
    edits = f'<edit name="family" mode="assign" binding="strong"><string>{html.escape(to)}</string></edit>'
    if bold:
        edits += '<edit name="weight" mode="assign" binding="strong"><const>bold</const></edit>'
    if italic:
        edits += '<edit name="slant" mode="assign" binding="strong"><const>italic</const></edit>'
    return f'<match target="pattern"><test name="family" ignore-blanks="true"><string>{html.escape(family)}</string></test>{edits}</match>\n'


def fontconfig_text(cache: Path) -> str:
    """The fontconfig setup: only printkit's fonts and the test fonts, each named
    family mapped to printkit's choice for it, printkit's fallback order."""
    from printkit.custom import assets
    from printkit.custom.assets import GENERIC, SHIPPED_NAMES, FontBook
    from printkit.engine import fonts as engine_fonts

    use_test_fonts()
    engine_fonts.register_fonts()
    book = FontBook([])
    out = [f"<dir>{SHIPPED / 'kerning'}</dir>", f"<dir>{SHIPPED}</dir>", f"<dir>{TEST_FONTS}</dir>", f"<cachedir>{cache}</cachedir>",
           # Noto Sans from fonts/kerning (its kerning kept), not its twin beside Serif and Mono
           f"<selectfont><rejectfont><glob>{SHIPPED}/NotoSans-*</glob></rejectfont></selectfont>",
           '<match target="font"><edit name="hinting" mode="assign"><bool>false</bool></edit><edit name="antialias" mode="assign"><bool>true</bool></edit></match>']
    rules = []
    for family in families_named():
        low = family.lower()
        if low in GENERIC:
            fam, bold, italic = GENERIC[low]
            rules.append(_rule(family, SHIPPED_NAMES[fam], bold, italic))
            continue
        got = book.lookup(family)
        if got.found and got.font in assets.SHIPPED_FONTS:
            continue  # printkit's own face, asked by its name
        if not got.found or got.label.lower() != low:
            to = got.label
            for fam, name in SHIPPED_NAMES.items():  # "Noto Sans Bold" -> Noto Sans (the style is the text's)
                if to.startswith(name) and to[len(name):].strip() in ("", "Bold", "Italic", "Bold Italic"):
                    to = name if not to.startswith("Noto Sans Mono") else "Noto Sans Mono"
            rules.append(_rule(family, to, False, False))
    emoji = assets._emoji_faces()
    if emoji:
        out.append(f'<alias binding="same"><family>emoji</family><prefer><family>{html.escape(emoji[0].name)}</family></prefer></alias>')
    order = []
    for face in assets._system_fallbacks("Noto Sans", False, False):  # printkit's order when the text's font lacks a character
        if face.name not in order:
            order.append(face.name)
    fallback = "".join(f"<string>{html.escape(n)}</string>" for n in order)
    out.extend(rules)
    out.append(f'<match target="pattern"><edit name="family" mode="append_last" binding="strong">{fallback}</edit></match>')
    return '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n' + "\n".join(out) + "\n</fontconfig>\n"


@lru_cache(maxsize=1)
def _setup() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="printkit-refs-"))
    atexit.register(shutil.rmtree, folder, True)
    (folder / "cache").mkdir()
    (folder / "home").mkdir()
    conf = folder / "fonts.conf"
    conf.write_text(fontconfig_text(folder / "cache"), encoding="utf-8")
    return conf


def inkscape_env() -> dict:
    """The environment Inkscape (or fc-match) runs in: only the reference fonts,
    a home and caches of its own (no user preferences or fonts)."""
    conf = _setup()
    home = conf.parent / "home"
    return {**os.environ, "FONTCONFIG_FILE": str(conf), "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_CACHE_HOME": str(home / ".cache"), "XDG_DATA_HOME": str(home / ".local/share")}


if __name__ == "__main__":
    print(fontconfig_text(Path("/tmp/printkit-refs-cache")))

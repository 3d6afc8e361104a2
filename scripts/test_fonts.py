"""Make the fonts the test suite's drawn comparisons use (tests/fonts/).

The corpus references, the SVG fidelity references and the golden images are
drawn with these fonts only, by Inkscape (a fontconfig setup that lists only
them and printkit's own fonts/, scripts/reference_fonts.py) and by printkit
(PRINTKIT_FONT_DIRS=tests/fonts, tests/conftest.py): the same faces on every
machine, whatever it has installed.

Each file is a subset (fontTools) of a font Debian ships, cut to the characters
the tests' sources use (corpus templates and data, tests/svgfidelity,
tests/data/scripts, examples/ember-road) that the face is here to supply, plus
printable ASCII and Latin-1 for the faces that set running text (the script
faces keep the ASCII and Latin-1 characters they have, as spaces). No hinting
(print, not screen pixels). All layout tables are kept, so Arabic joins and
Devanagari forms its clusters as in the full font. Each character a fallback
may have to supply outside Latin is in one face only (pictographs in Symbola,
symbols such as chess men, suits and zodiac signs in DejaVu Sans, CJK in Droid
Sans Fallback; the card suits also in Cousine, which sets text that uses
them): which face draws it hangs neither on the order a program tries
fonts in nor on which characters it shows as emoji (Pango takes every
Emoji_Presentation character, as U+2648, to the emoji family; printkit only the
pictograph blocks and what U+FE0F follows). Latin is in several; printkit and
the references' fontconfig setup try those in one order (scripts/reference_fonts.py).

| file | source (Debian package) | licence |
|---|---|---|
| Arimo-Regular.ttf, Cousine-Regular.ttf | fonts-croscore 20201225 | SIL OFL 1.1 (OFL.txt) |
| NotoSans{Hebrew,Arabic,Devanagari}-Regular.ttf | fonts-noto-core 20201225 | SIL OFL 1.1 (OFL.txt) |
| DejaVuSans.ttf | fonts-dejavu-core 2.37 | Bitstream Vera / Arev licence, DejaVu changes public domain (LICENSE-DejaVu.txt) |
| DroidSansFallbackFull.ttf | fonts-droid-fallback 6.0.1r16 | Apache 2.0 (LICENSE-Apache-2.0.txt) |
| Symbola.ttf | fonts-symbola 2.60 | free for any use, may be modified and redistributed (LICENSE-Symbola.txt) |

Run: python scripts/test_fonts.py [ROOT]   (ROOT: where the packages' files are, default /;
e.g. `apt-get download fonts-croscore ...` and `dpkg-deb -x PKG.deb ROOT`).
Needs fonttools (a build-time tool, not a dependency). Then remake the references:
PRINTKIT_UPDATE_REFERENCES=1 python -m pytest (CONTRIBUTING.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DST = ROOT / "tests" / "fonts"
TTF = "usr/share/fonts/truetype"
TEXT = list(range(0x20, 0x7F)) + list(range(0xA0, 0x100))  # the faces that set running text
EMOJI = [(0x1F000, 0x1FAFF)]

#: file -> (source under ROOT, ranges of used characters it supplies, running text: all of
#: TEXT, True; the TEXT characters the sources use that it has, "own"; none, False)
FACES = {
    "Arimo-Regular.ttf": (f"{TTF}/croscore/Arimo-Regular.ttf", [(0x100, 0x24F), (0x2000, 0x206F)], True),
    "Cousine-Regular.ttf": (f"{TTF}/croscore/Cousine-Regular.ttf", [(0x100, 0x24F), (0x2000, 0x206F), (0x2660, 0x2667)], True),
    "DejaVuSans.ttf": (f"{TTF}/dejavu/DejaVuSans.ttf", [(0x100, 0x24F), (0x300, 0x36F), (0x1E00, 0x1EFF), (0x2000, 0x2BFF), (0xFE00, 0xFE0F)], True),
    "DroidSansFallbackFull.ttf": (f"{TTF}/droid/DroidSansFallbackFull.ttf", [(0x3000, 0x9FFF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF)], False),
    "NotoSansArabic-Regular.ttf": (f"{TTF}/noto/NotoSansArabic-Regular.ttf", [(0x600, 0x6FF), (0x750, 0x77F), (0xFB50, 0xFEFF)], "own"),
    "NotoSansDevanagari-Regular.ttf": (f"{TTF}/noto/NotoSansDevanagari-Regular.ttf", [(0x900, 0x97F), (0xA8E0, 0xA8FF)], "own"),
    "NotoSansHebrew-Regular.ttf": (f"{TTF}/noto/NotoSansHebrew-Regular.ttf", [(0x590, 0x5FF), (0xFB1D, 0xFB4F)], "own"),
    "Symbola.ttf": (f"{TTF}/ancient-scripts/Symbola_hint.ttf", EMOJI + [(0xFE0E, 0xFE0F)], False),
}


SAME_NAME = ROOT / "tests" / "data" / "same-name-font" / "DroidSansFallbackFull.ttf"
SAME_NAME_TEXT = "こんにちは世界"


def used_characters() -> set[int]:
    """Every character the drawn comparisons' sources hold."""
    sys.path.insert(0, str(ROOT))
    from printkit.custom import data as D

    texts = []
    sources = [ROOT / "tests" / "corpus", ROOT / "tests" / "svgfidelity", ROOT / "tests" / "data" / "scripts", ROOT / "examples" / "ember-road"]
    for folder in sources:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".svg", ".csv", ".toml", ".json", ".md", ".txt"):
                texts.append(path.read_text(encoding="utf-8", errors="replace"))
            elif path.suffix in (".xlsx", ".ods", ".xls"):
                try:
                    table = D.read_table(path, None)
                except Exception:  # a sheet the corpus names differently is read below by its game.toml
                    continue
                texts.extend(str(v) for row in D.expand(table) for v in row.values.values())
    return {ord(ch) for t in texts for ch in t}


def main(src_root: str = "/") -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    used = used_characters()
    DST.mkdir(exist_ok=True)
    for name, (src, ranges, text) in FACES.items():
        path = Path(src_root) / src
        cmap = set(TTFont(str(path), fontNumber=0).getBestCmap())
        want = {c for c in used if any(a <= c <= b for a, b in ranges)} | (set(TEXT) if text is True else set())
        if text == "own":
            want |= used & set(TEXT)
        want &= cmap
        opts = subset.Options()
        opts.layout_features = ["*"]
        opts.name_IDs = ["*"]
        opts.name_languages = ["*"]
        opts.notdef_outline = True
        opts.hinting = False
        opts.drop_tables += ["DSIG"]
        font = subset.load_font(str(path), opts)
        sub = subset.Subsetter(opts)
        sub.populate(unicodes=sorted(want))
        sub.subset(font)
        font.save(str(DST / name))
        print(f"{name}: {len(want)} characters, {(DST / name).stat().st_size} bytes")
    # another subset under the same PostScript name, other characters: two files with one
    # name used in one process (tests/test_own_fonts.py) must each draw their own glyphs
    src = Path(src_root) / FACES["DroidSansFallbackFull.ttf"][0]
    opts = subset.Options()
    opts.name_IDs, opts.name_languages, opts.notdef_outline, opts.hinting = ["*"], ["*"], True, False
    font = subset.load_font(str(src), opts)
    sub = subset.Subsetter(opts)
    sub.populate(text=SAME_NAME_TEXT)
    sub.subset(font)
    SAME_NAME.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(SAME_NAME))
    print(f"{SAME_NAME.relative_to(ROOT)}: {SAME_NAME.stat().st_size} bytes")


if __name__ == "__main__":
    main(*sys.argv[1:2])

"""Make the fonts printkit ships: Latin subsets of Noto Sans, Noto Serif and
Noto Sans Mono (SIL OFL 1.1, fonts/OFL.txt).

The full Noto files carry Greek, Cyrillic and thousands of glyphs that no
printkit page uses; parsing them costs ReportLab ~55 ms a face. The subsets keep
Basic Latin, Latin-1 and the punctuation and symbols below, and load in a few ms
(Noto Sans gets the minus sign it lacks, made of its own plus sign's bar: add_minus).
They carry no hinting (see below); Serif keeps its kerning (GPOS). Text in other scripts is drawn in a font of
the project's, the user's or the system's that has it (printkit/engine/shaping.py).

Noto Sans is what printkit's own games are set in. Noto Serif and Noto Sans Mono
are what your own templates get for the CSS generic families `serif` and
`monospace`, and for a family found nowhere that looks like one (docs/own-deck.md).

Source: Debian's fonts-noto-core (Noto Sans, Noto Serif) and fonts-noto-mono
(Noto Sans Mono), in /usr/share/fonts/truetype/noto.
Needs: fonttools (a build-time tool only; not a run-time dependency).
Run:   python scripts/subset_fonts.py [sans] [serif] [mono]   (default: all three)
       python scripts/subset_fonts.py arrows   (PKArrows, from DejaVu Sans: see arrows())
"""

import sys
from pathlib import Path

from fontTools import subset

SRC = Path("/usr/share/fonts/truetype/noto")
DST = Path(__file__).resolve().parent.parent / "fonts"
FAMILIES = {
    "sans": ("NotoSans", ["Regular", "Bold", "Italic", "BoldItalic"]),
    "serif": ("NotoSerif", ["Regular", "Bold", "Italic", "BoldItalic"]),
    "mono": ("NotoSansMono", ["Regular", "Bold"]),  # Noto Sans Mono has no italic
}
# Basic Latin, Latin-1, general punctuation, arrows, math, geometric shapes, dice.
UNICODES = (
    list(range(0x20, 0x7F))
    + list(range(0xA0, 0x180))
    + list(range(0x2010, 0x2070))
    + list(range(0x2190, 0x2200))
    + list(range(0x2200, 0x2300))
    + list(range(0x25A0, 0x2600))
    + [0x2122, 0x2116, 0x20AC]
)


def main(which: list[str]) -> None:
    DST.mkdir(exist_ok=True)
    for key in which or list(FAMILIES):
        stem, faces = FAMILIES[key]
        for face in faces:
            src = SRC / f"{stem}-{face}.ttf"
            out = DST / f"{stem}-{face}.ttf"
            opts = subset.Options()
            opts.layout_features = ["kern", "liga"]
            opts.name_IDs = ["*"]
            opts.notdef_outline = True
            # GPOS (kerning) kept for Serif: text an editor wrapped in a box is set kerned,
            # as Inkscape sets it (printkit/engine/shaping.py). Not for Sans: its files are
            # what every built-in kit embeds, and their bytes (hence the kits') stay as they were
            opts.drop_tables += ["DSIG", "GSUB"] + (["GPOS"] if key != "serif" else [])
            # no TrueType hinting (fpgm/prep/cvt programs and each glyph's instructions):
            # it steers screen pixels at small sizes, not print; every PDF that embeds
            # a face carried ~2.5 KB of it compressed (the 20-card deck: 30.7 -> ~25 KB)
            opts.hinting = False
            font = subset.load_font(str(src), opts)
            sub = subset.Subsetter(opts)
            sub.populate(unicodes=UNICODES)
            sub.subset(font)
            if key == "sans":
                add_minus(font)
            font.save(str(out))
            print(f"{out.name}: {out.stat().st_size} bytes")
            if key == "sans":
                # its kerning twin: the same subset (same glyphs, same order) with GPOS kept,
                # read by HarfBuzz alone to kern text an editor set (the face drawn and embedded
                # stays the file above, so the built-in kits' bytes do not change)
                opts.drop_tables.remove("GPOS")
                font = subset.load_font(str(src), opts)
                sub = subset.Subsetter(opts)
                sub.populate(unicodes=UNICODES)
                sub.subset(font)
                add_minus(font)
                twin = DST / "kerning" / out.name
                twin.parent.mkdir(exist_ok=True)
                font.save(str(twin))
                print(f"kerning/{twin.name}: {twin.stat().st_size} bytes")


def add_minus(font) -> None:
    """U+2212 MINUS SIGN, which Noto Sans (2.004) lacks, added as the last glyph:
    the bar of the face's own plus sign, at the plus's advance (a figure's
    width), which is how Noto Sans Math draws its minus (the same box to one
    unit). Score tables and rules print -8 with it, not with the hyphen."""
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    if 0x2212 in font.getBestCmap():
        return
    plus = font.getBestCmap()[0x2B]
    glyf = font["glyf"]
    coords = list(glyf[plus].getCoordinates(glyf)[0])
    x0, x1 = min(x for x, _ in coords), max(x for x, _ in coords)
    bar = [y for x, y in coords if x == x0]  # the points at the plus's left end: the bar's bottom and top
    y0, y1 = min(bar), max(bar)
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y1))  # clockwise, as TrueType's outer contours run
    pen.lineTo((x1, y1))
    pen.lineTo((x1, y0))
    pen.lineTo((x0, y0))
    pen.closePath()
    name = "uni2212"
    font.setGlyphOrder(font.getGlyphOrder() + [name])
    glyph = pen.glyph()
    glyph.recalcBounds(glyf)
    glyf[name] = glyph
    font["hmtx"][name] = (font["hmtx"][plus][0], x0)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[0x2212] = name


#: the arrows Noto Sans lacks (Crypto Crisis's shift codes, set in running text):
#: DejaVu Sans's, cut down to the four and renamed PKArrows (the Bitstream Vera
#: licence, fonts/DejaVu-LICENSE.txt, asks a modified font not to carry the
#: Bitstream or Vera names). Source: Debian's fonts-dejavu-core.
ARROW_SRC = Path("/usr/share/fonts/truetype/dejavu")
ARROW_FACES = {"Regular": "DejaVuSans.ttf", "Bold": "DejaVuSans-Bold.ttf"}
ARROW_UNICODES = [0x20, 0x2190, 0x2191, 0x2192, 0x2193]


def arrows() -> None:
    for face, filename in ARROW_FACES.items():
        opts = subset.Options()
        opts.layout_features = []
        opts.name_IDs = [0, 1, 2, 4, 6]
        opts.notdef_outline = True
        opts.drop_tables += ["DSIG", "GSUB", "GPOS", "kern"]
        opts.hinting = False
        font = subset.load_font(str(ARROW_SRC / filename), opts)
        sub = subset.Subsetter(opts)
        sub.populate(unicodes=ARROW_UNICODES)
        sub.subset(font)
        name = font["name"]
        for rec in list(name.names):
            if rec.nameID == 1:
                name.setName("PKArrows", 1, rec.platformID, rec.platEncID, rec.langID)
            elif rec.nameID == 4:
                name.setName(f"PKArrows {face}", 4, rec.platformID, rec.platEncID, rec.langID)
            elif rec.nameID == 6:
                name.setName(f"PKArrows-{face}", 6, rec.platformID, rec.platEncID, rec.langID)
        out = DST / f"PKArrows-{face}.ttf"
        font.save(str(out))
        print(f"{out.name}: {out.stat().st_size} bytes")


if __name__ == "__main__":
    if sys.argv[1:] == ["arrows"]:
        arrows()
    else:
        main(sys.argv[1:])

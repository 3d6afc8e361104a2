"""Reference renders of text in other scripts, made by Inkscape (Pango + HarfBuzz),
for tests/test_own_fonts.py: Hebrew and Arabic (right to left, Arabic joined),
mixed directions with digits, combining marks and Devanagari, each in a font
Debian ships (fonts-noto-core, fonts-dejavu-core).

Writes tests/data/scripts/{front.svg, cards.csv, reference.svg} and
tests/golden/scripts.png (the reference card at 150 dpi, whole page: the card
plus its 3 mm bleed). front.svg is the template printkit prints with the CSV's
row; reference.svg is the same card with the row's text typed in, as Inkscape
draws it. The test prints the deck with --layout single (one card a page, the
page the size of the SVG) and compares each text's band with this render.

Needs: inkscape (1.x). The fonts are the test fonts (tests/fonts/, subsets of
fonts-noto-core's and fonts-dejavu-core's faces): Inkscape sees only them and
printkit's own (scripts/reference_fonts.py), as the test prints with
PRINTKIT_FONT_DIRS=tests/fonts. Run: python scripts/script_references.py
(or `PRINTKIT_UPDATE_REFERENCES=1 python -m pytest`, CONTRIBUTING.md).
"""

import csv
import io
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from reference_fonts import inkscape_env  # noqa: E402
DATA = ROOT / "tests" / "data" / "scripts"
GOLDEN = ROOT / "tests" / "golden" / "scripts.png"
DPI = 150

#: (column, font family, text, y of the baseline in mm, more attributes)
LINES = [
    ("hebrew", "Noto Sans Hebrew", "שלום עולם יפה", 16, 'x="8"'),
    ("arabic", "Noto Sans Arabic", "مرحبا بالعالم الجميل", 30, 'x="8"'),
    ("mixed", "Noto Sans Hebrew", "abc 123 שלום, עולם", 44, 'x="8"'),
    ("marks", "DejaVu Sans", "Ti\u1ebfng Vi\u1ec7t q\u0301 a\u0308\u0301 n\u0303", 58, 'x="8"'),
    ("devanagari", "Noto Sans Devanagari", "नमस्ते दुनिया", 72, 'x="8"'),
    # right to left: the paragraph runs right to left from its first word on, and starts at x's right
    ("rtl", "Noto Sans Hebrew", "abc שלום 42 עולם", 85, 'x="61" style="direction:rtl"'),
]
SIZE = 5.0  # user units = mm: about 14 pt


def svg(texts: dict) -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">',
             '<rect width="69" height="94" fill="#ffffff"/>']
    for col, family, _, y, more in LINES:
        parts.append(f'<text id="{col}" {more} y="{y}" font-family="{family}" font-size="{SIZE}" fill="#000000">{texts[col]}</text>')
    parts.append("</svg>\n")
    return "\n".join(parts)


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "front.svg").write_text(svg({col: "{{ " + col + " }}" for col, *_ in LINES}), encoding="utf-8")
    (DATA / "reference.svg").write_text(svg({col: text for col, _, text, *_ in LINES}), encoding="utf-8")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([col for col, *_ in LINES])
    w.writerow([text for _, _, text, *_ in LINES])
    (DATA / "cards.csv").write_text(buf.getvalue(), encoding="utf-8")
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["inkscape", "--export-type=png", f"--export-dpi={DPI}", "--export-area-page",
                    "--export-background=#ffffff", "--export-background-opacity=1",
                    f"--export-filename={GOLDEN}", str(DATA / "reference.svg")], check=True, capture_output=True, timeout=120, env=inkscape_env())
    from PIL import Image

    with Image.open(GOLDEN) as im:  # greyscale: a third of the bytes, all the comparison needs
        im.convert("L").save(GOLDEN, optimize=True)
    print(f"wrote {GOLDEN} ({GOLDEN.stat().st_size} bytes)")


if __name__ == "__main__":
    main()

"""Reference renders of the SVG fidelity cases, made by Inkscape.

    python scripts/svg_references.py            # rewrite tests/svgfidelity/ref/*.png
    python scripts/svg_references.py --compare  # also print printkit's figures against them

Each tests/svgfidelity/*.svg is a card template (69x94 mm: a poker card with
3 mm bleed) as an editor writes it. Its placeholders are filled with the first
row of tests/svgfidelity/cards.csv, the way printkit fills them, and the filled
SVG is rendered by Inkscape (`inkscape --export-type=png`) at REF_DPI onto
white. tests/test_svg_fidelity.py prints the same card with printkit, renders the
PDF with pdfium at the same resolution and compares them cell by cell, so the
tests need no Inkscape. Made with Inkscape 1.2.2 (Debian bookworm's package),
which sees only printkit's fonts and the test fonts (scripts/reference_fonts.py),
as the tests print with PRINTKIT_FONT_DIRS=tests/fonts.
`PRINTKIT_UPDATE_REFERENCES=1 python -m pytest` runs this too (CONTRIBUTING.md).
"""

from __future__ import annotations

import argparse
import csv
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "svgfidelity"
sys.path.insert(0, str(ROOT / "scripts"))
from reference_fonts import inkscape_env, use_test_fonts  # noqa: E402
REF_DPI = 50


def filled(svg: Path) -> str:
    """The template with its placeholders filled from the first data row."""
    sys.path.insert(0, str(ROOT))
    from printkit.custom import template as T

    with open(CASES / "cards.csv", encoding="utf-8", newline="") as fh:
        row = next(csv.DictReader(fh))
    source = svg.read_text(encoding="utf-8")
    return T.render(T.compile_text(source, svg.name, xml=True), T.variables(row, 0))


def inkscape_png(svg: Path, out: Path, dpi: int = REF_DPI) -> None:
    exe = shutil.which("inkscape")
    if exe is None:
        raise SystemExit("inkscape is not installed (Debian: apt-get install inkscape)")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / svg.name
        src.write_text(filled(svg), encoding="utf-8")
        for extra in CASES.iterdir():  # images the case refers to
            if extra.is_dir() and extra.name != "ref":
                shutil.copytree(extra, Path(tmp) / extra.name)
        subprocess.run([exe, str(src), "--export-type=png", f"--export-dpi={dpi}", "--export-background=#ffffff",
                        "--export-background-opacity=1", f"--export-filename={out}"],
                       check=True, capture_output=True, timeout=120, env=inkscape_env())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--compare", action="store_true", help="print printkit's difference from each reference")
    ap.add_argument("names", nargs="*", help="cases (file stems); default all")
    args = ap.parse_args(argv)
    use_test_fonts()  # --compare prints as the tests do
    (CASES / "ref").mkdir(exist_ok=True)
    for svg in sorted(CASES.glob("*.svg")):
        if args.names and svg.stem not in args.names:
            continue
        ref = CASES / "ref" / f"{svg.stem}.png"
        inkscape_png(svg, ref)
        line = f"{svg.stem}: {ref.relative_to(ROOT)}"
        if args.compare:
            sys.path.insert(0, str(ROOT / "tests"))
            from svgcompare import compare, printkit_png

            with tempfile.TemporaryDirectory() as tmp:
                got = printkit_png(svg, Path(tmp))
                r = compare(got, ref)
            line += f"  cells off {r.bad}/{r.cells}, worst {r.worst:.0f}/255, mean {r.mean:.1f}"
        print(line)


if __name__ == "__main__":
    main()

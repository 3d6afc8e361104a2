"""Two printkit trees side by side on real projects: every corpus project
(tests/corpus/*, its user's command), every SVG fidelity case
(tests/svgfidelity/*.svg on its cards.csv) and every example (examples/*),
printed by tree A and tree B with the test fonts; the PDFs compared byte for
byte, and where they differ, page by page at 100 dpi (pypdfium2).

    git archive main | tar -x -C /tmp/before
    python bench/unitdocs_pdfs.py /tmp/before .

Prints one line per print and the totals. A script, not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def jobs():
    for proj in sorted((ROOT / "tests" / "corpus").iterdir()):
        if (proj / "corpus.toml").is_file():
            args = list(tomllib.loads((proj / "corpus.toml").read_text(encoding="utf-8"))["command"])
            args[1] = str(proj / args[1])
            yield f"corpus/{proj.name}", proj, args
    cases = ROOT / "tests" / "svgfidelity"
    for svg in sorted(cases.glob("*.svg")):
        yield f"svgfidelity/{svg.name}", cases, ["deck", "--data", str(cases / "cards.csv"), "--front", str(svg), "--layout", "single", "--duplex", "none", "--no-strict"]
    for game in sorted((ROOT / "examples").glob("*/game.toml")):
        yield f"examples/{game.parent.name}", game.parent, ["make", str(game)]


def pages(pdf: Path) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    out = []
    for i in range(len(doc)):
        image = doc[i].render(scale=100 / 72).to_pil()
        out.append(hashlib.sha256(image.tobytes()).hexdigest())
    doc.close()
    return out


def run(tree: Path, cwd: Path, args: list[str], out: Path):
    env = {**os.environ, "PYTHONPATH": str(tree), "PRINTKIT_FONT_DIRS": str(ROOT / "tests" / "fonts"), "XDG_CONFIG_HOME": str(out.parent / "cfg")}
    env.pop("PRINTKIT_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "printkit", *args, "-o", str(out)], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    opts = ap.parse_args()
    same_bytes = same_pixels = differ = 0
    npages = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k, (name, cwd, args) in enumerate(jobs()):
            outs = []
            for side, tree in (("a", opts.a), ("b", opts.b)):
                out = Path(tmp) / f"{k}{side}" / "out.pdf"
                out.parent.mkdir()
                p = run(tree.resolve(), cwd, args, out)
                outs.append((p.returncode, p.stderr.strip().splitlines()[-1:] if p.returncode else [], out))
            (ca, ea, a), (cb, eb, b) = outs
            if ca != cb or ea != eb:
                differ += 1
                print(f"{name}: exit {ca} {ea} against {cb} {eb}")
                continue
            if ca != 0:
                same_bytes += 1
                print(f"{name}: refused alike (exit {ca})")
                continue
            if a.read_bytes() == b.read_bytes():
                same_bytes += 1
                npages += len(pages(a))
                print(f"{name}: same bytes")
                continue
            pa, pb = pages(a), pages(b)
            npages += len(pa)
            if pa == pb:
                same_pixels += 1
                print(f"{name}: other bytes, same pixels on {len(pa)} pages")
            else:
                differ += 1
                print(f"{name}: DIFFERENT pages {[i for i, (x, y) in enumerate(zip(pa, pb)) if x != y]} of {len(pa)}/{len(pb)}")
    print(f"prints: {same_bytes} same bytes, {same_pixels} same pixels only, {differ} different; {npages} pages")


if __name__ == "__main__":
    main()

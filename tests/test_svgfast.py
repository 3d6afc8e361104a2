"""Plain SVG art drawn without svglib (printkit/custom/svgfast.py): each real
file it takes is rendered both ways (its shapes written straight onto the
canvas, and svglib's drawing of it) with pdfium and compared pixel by pixel;
what it does not draw exactly is left to svglib."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import run_inproc

ROOT = Path(__file__).resolve().parent.parent
# other people's art: Twemoji (CC-BY 4.0, tests/data/svgart/README.md), game-icons.net
# icons of Squib's sample (CC BY 3.0, tests/corpus/README.md), and the Ember Road example's
REAL = sorted([*(ROOT / "tests/data/svgart").glob("*.svg"),
               *(p for p in (ROOT / "tests/corpus/squib").glob("*.svg") if p.name != "card.svg"),
               *(ROOT / "examples/ember-road/art").glob("*.svg"), *(ROOT / "examples/ember-road/icons").glob("*.svg")])


def _pixels(path: Path, fast: bool, ink=None):
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from printkit.custom import safety, svgfast
    from printkit.custom.assets import ink_drawing, load_svg_drawing

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(240, 240), invariant=1)
    plan = svgfast.plan(safety.parse_svg(path.read_bytes(), path))
    assert plan is not None, f"{path.name}: left to svglib"
    c.beginForm("Art", 0, 0, plan.width, plan.height)
    if fast:
        svgfast.draw(c, plan, ink)
    else:
        from reportlab.graphics import renderPDF

        drawing = ink_drawing(load_svg_drawing(path), ink)
        assert (round(drawing.width, 6), round(drawing.height, 6)) == (round(plan.width, 6), round(plan.height, 6))
        renderPDF.draw(drawing, c, 0, 0)
    c.endForm()
    k = 220 / max(plan.width, plan.height)
    c.translate(10, 10)
    c.scale(k, k)
    c.doForm("Art")
    c.showPage()
    c.save()
    return pdfium.PdfDocument(buf.getvalue())[0].render(scale=150 / 72).to_pil().convert("RGB")


def _differ(a, b) -> tuple[int, int]:
    """(pixels with a channel off by more than 32 of 255, the largest difference)."""
    from PIL import ImageChops

    r, g, bl = ImageChops.difference(a, b).split()
    hist = ImageChops.lighter(ImageChops.lighter(r, g), bl).histogram()
    return sum(hist[33:]), max(i for i, n in enumerate(hist) if n)


@pytest.mark.parametrize("path", REAL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_real_art_looks_as_svglib_draws_it(path):
    fast, slow = _pixels(path, True), _pixels(path, False)
    big, worst = _differ(fast, slow)
    # arcs are turned into curves here, not by svglib: edge pixels may differ a little
    assert big <= 20, f"{path.name}: {big} pixels differ by over 32 (worst {worst})"


def test_mono_ink_as_svglib():
    from printkit.engine.ink import Ink

    for name in ("1f98a.svg", "1f921.svg"):
        p = ROOT / "tests/data/svgart" / name
        fast, slow = _pixels(p, True, Ink("mono")), _pixels(p, False, Ink("mono"))
        assert _differ(fast, slow)[0] == 0, name
        assert _differ(fast, _pixels(p, True))[0] > 100, "mono ink changed nothing"


def _plan(body: str, root: str = 'xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"'):
    from lxml import etree

    from printkit.custom import svgfast

    return svgfast.plan(etree.fromstring(f"<svg {root}>{body}</svg>"))


@pytest.mark.parametrize("body", [
    '<text x="1" y="5">Hi</text>',
    '<image href="a.png" width="5" height="5"/>',
    '<use href="#a"/>',
    '<defs><linearGradient id="g"/></defs><rect width="5" height="5" fill="url(#g)"/>',
    '<style>rect { fill: red }</style><rect width="5" height="5"/>',
    '<rect width="5" height="5" opacity="0.5"/>',
    '<rect width="5" height="5" fill-opacity="0.5"/>',
    '<g style="opacity:.5"><rect width="5" height="5"/></g>',
    '<rect width="5" height="5" clip-path="url(#c)"/>',
    '<rect width="5" height="5" filter="url(#f)"/>',
    '<rect width="5mm" height="5"/>',
    '<rect width="5" height="5" rx="1" ry="2"/>',
    '<rect width="5" height="5" fill="rgb(1,2,3)"/>',
    '<rect width="5" height="5" fill="currentColor"/>',
    '<rect width="5" height="5" stroke="#000" stroke-dasharray="1 1"/>',
    '<path d="M1 1 a1 1 0 011 1"/>',  # arc flags run together
    '<path d="M1 1 L2 x"/>',
    '<path d="L1 1"/>',
    '<polyline points="1 1 2 2 3 1"/>',
    '<rect width="5" height="5" transform="perspective(2)"/>',
    '<script/>',
    '<switch><rect width="5" height="5"/></switch>',
    '<svg><rect width="5" height="5"/></svg>',
    '<rect width="5" height="5" visibility="hidden"/>',
    '<rect width="5" height="5" style="fill:#000 !important"/>',
])
def test_anything_else_is_left_to_svglib(body):
    assert _plan(body) is None


def test_root_without_viewbox_is_left_to_svglib():
    assert _plan('<rect width="5" height="5"/>', 'xmlns="http://www.w3.org/2000/svg" width="10" height="10"') is None
    assert _plan('<rect width="5" height="5"/>') is not None


def test_hidden_and_foreign_elements_draw_nothing():
    from printkit.custom import svgfast

    p = _plan('<g display="none"><text>x</text></g><rect width="5" height="5" style="display:none"/>'
              '<metadata><x/></metadata><title>t</title><desc>d</desc>'
              '<ns:namedview xmlns:ns="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/><!-- a comment -->'
              '<rect width="5" height="5" fill="none"/><circle r="0" cx="1" cy="1"/>')
    assert p is not None and p.items == ()
    p = _plan('<g fill="#f00" stroke="#00f" stroke-width="0.5"><circle cx="5" cy="5" r="2"/></g>')
    (shape,) = p.items[0].items
    assert shape == svgfast.Shape("circle", (5.0, 5.0, 2.0), (1.0, 0.0, 0.0), (0.0, 0.0, 1.0), 0.5, 0, 0, False)


def test_path_data_read_as_svg_says():
    from printkit.custom import svgfast

    segs = svgfast._path("m1 1 2 0 v2 h-2 z M5 5 q1 0 1 1 t1 1 c1 0 1 1 0 1 s-1 1 -1 0")
    assert segs[:5] == (("M", 1.0, 1.0), ("L", 3.0, 1.0), ("L", 3.0, 3.0), ("L", 1.0, 3.0), ("Z",))
    q = segs[6]
    assert q[0] == "C" and q[-2:] == (6.0, 6.0) and q[1:3] == pytest.approx((5 + 2 / 3, 5.0))
    t = segs[7]  # the control point (6, 5) reflected about (6, 6): (6, 7), the curve to (7, 7)
    assert t[-2:] == (7.0, 7.0) and t[1:3] == pytest.approx((6.0, 6 + 2 / 3)) and t[3:5] == pytest.approx((7 - 2 / 3, 7.0))
    s = segs[9]  # first control point reflected from (8, 8) about (7, 8)
    assert s[1:3] == pytest.approx((6.0, 8.0)) and s[-2:] == (6.0, 8.0)
    half = svgfast._path("M0 5 A5 5 0 0 1 10 5")
    assert len(half) == 3 and half[-1][-2:] == (10.0, 5.0)
    mid = half[1][-2:]  # the half circle through the top (sweep 1 in SVG's y-down space)
    assert mid == pytest.approx((5.0, 0.0))


def test_ember_road_deck_draws_no_svglib_and_looks_the_same(tmp_path, monkeypatch):
    """The example deck: drawn without svglib (not even imported), its pages
    the same as svglib draws them."""
    import pypdfium2 as pdfium

    from printkit.custom import svgfast

    src = ROOT / "examples/ember-road"
    shutil.copytree(src, tmp_path / "er")
    args = ("deck", "--data", "cards.csv", "--front", "front.svg", "--back", "back.svg")
    proc = subprocess.run([sys.executable, "-c", "import sys; from printkit.cli import main\n"
                           "try:\n    main(sys.argv[1:])\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
                           "assert not [m for m in sys.modules if m.startswith(('svglib', 'reportlab.graphics'))], 'svglib imported'",
                           *args, "-o", "fast.pdf"], cwd=tmp_path / "er", capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(tmp_path / "no-config")})
    assert proc.returncode == 0, proc.stderr
    monkeypatch.setattr(svgfast, "plan", lambda root: None)  # everything through svglib, as before
    assert run_inproc(*args, "-o", "slow.pdf", cwd=tmp_path / "er").returncode == 0
    fast, slow = (pdfium.PdfDocument(str(tmp_path / "er" / n)) for n in ("fast.pdf", "slow.pdf"))
    assert len(fast) == len(slow) == 10
    for i in (0, 1, 2):  # fronts (fox, lantern, moon...), backs
        a, b = (d[i].render(scale=100 / 72).to_pil().convert("RGB") for d in (fast, slow))
        big, worst = _differ(a, b)
        assert big <= 20, f"page {i + 1}: {big} pixels differ (worst {worst})"


INKSCAPE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="40mm" height="30mm" viewBox="0 0 40 30" version="1.1" id="svg5" xml:space="preserve"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)" sodipodi:docname="badge.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview7" pagecolor="#ffffff" bordercolor="#666666" inkscape:document-units="mm"/>
  <defs id="defs2"/>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" transform="translate(-12.5,-40.25)">
    <rect style="fill:#2b4d73;fill-opacity:1;stroke:#e69f00;stroke-width:0.8;stroke-linecap:round;stroke-linejoin:round;stroke-dasharray:none;stroke-opacity:1;paint-order:normal" id="rect1" width="36" height="26" x="14.5" y="42.25" ry="3"/>
    <path style="fill:#f0e442;fill-rule:evenodd;stroke:#3a2a1a;stroke-width:0.5;stroke-miterlimit:4;-inkscape-stroke:none;font-variation-settings:normal;vector-effect:none" d="m 32.5,45 2.35,4.76 5.25,0.77 -3.8,3.7 0.9,5.23 -4.7,-2.47 -4.7,2.47 0.9,-5.23 -3.8,-3.7 5.25,-0.77 z" id="path1" sodipodi:nodetypes="ccccccccccc"/>
    <ellipse style="fill:#d55e00;stroke:none" id="path2" cx="20" cy="62" rx="3" ry="2" transform="rotate(-15)"/>
    <circle style="fill:none;stroke:#ffffff;stroke-width:0.6;marker:none;enable-background:accumulate" id="path3" cx="45" cy="62" r="2.5"/>
    <line x1="16" y1="47" x2="26" y2="47" stroke="#ffffff" stroke-width="0.7" stroke-linecap="square"/>
    <polygon points="40,45 48,45 44,52" fill="#ffffff" opacity="1" transform="skewX(5) scale(1,1.02)"/>
  </g>
</svg>
"""


def test_inkscape_style_art_as_svglib_draws_it(tmp_path):
    """What Inkscape writes around plain shapes (its namespaces, layers, styles
    listing every property at its default, xml:space) is drawn here too, as
    svglib draws it."""
    p = tmp_path / "badge.svg"
    p.write_text(INKSCAPE, encoding="utf-8")
    big, worst = _differ(_pixels(p, True), _pixels(p, False))
    assert big <= 20, f"{big} pixels differ (worst {worst})"

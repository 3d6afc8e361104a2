"""A card named by its crop marks (issue 35 point 3; printkit/custom/cropmarks.py).

A template whose page is larger than the card and whose card is shown by crop
marks alone (no rectangle with an id) prints that card: the page is cut to the
rectangle the marks bound, the marks are left out, the run summary says so.
The marks as Inkscape's Render > Layout > Printing Marks extension draws them
(a `printing-marks` layer, a `CropMarks` group of `M x,y L x,y` paths 1 cm long
beside each corner, a dashed `BleedMarks` group beside them: the extension's
own code, inkscape/extensions printing_marks.py), and as hand-drawn lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import render_page, run_inproc

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        'width="210mm" height="297mm" viewBox="0 0 210 297">')
# a poker card (63x88 mm) at (73.5, 104.5) on an A4 page, its art drawn 3 mm past it
ART = ('<g inkscape:groupmode="layer" id="layer1"><rect x="70.5" y="101.5" width="69" height="94" fill="#1f5f8b"/>'
       '<rect x="76.5" y="107.5" width="57" height="20" fill="#f6efdf"/>'
       '<text x="80" y="120" style="font-size:6px;font-family:sans-serif">{{ name }}</text>'
       '<text x="20" y="20" style="font-size:8px">Print at 100%</text></g>')


def _mark(x1, y1, x2, y2, ident, dash=""):
    return f'<path id="{ident}" style="fill:none;stroke:#000000;stroke-width:0.25{dash}" d="M {x1},{y1} L {x2},{y2}"/>'


def _inkscape_marks(x0=73.5, y0=104.5, x1=136.5, y1=192.5, offset=5, size=10, bleed=3) -> str:
    """The layer Inkscape's Printing Marks extension adds (crop marks and bleed marks)."""
    crop = [(x0, y0 - offset, x0, y0 - offset - size, "cropTL1"), (x0 - offset, y0, x0 - offset - size, y0, "cropTL2"),
            (x1, y0 - offset, x1, y0 - offset - size, "cropTR1"), (x1 + offset, y0, x1 + offset + size, y0, "cropTR2"),
            (x0, y1 + offset, x0, y1 + offset + size, "cropBL1"), (x0 - offset, y1, x0 - offset - size, y1, "cropBL2"),
            (x1, y1 + offset, x1, y1 + offset + size, "cropBR1"), (x1 + offset, y1, x1 + offset + size, y1, "cropBR2")]
    b = bleed
    bleeds = [(x0 - b, y0 - offset, x0 - b, y0 - offset - size, "bleedTL1"), (x0 - offset, y0 - b, x0 - offset - size, y0 - b, "bleedTL2"),
              (x1 + b, y0 - offset, x1 + b, y0 - offset - size, "bleedTR1"), (x1 + offset, y0 - b, x1 + offset + size, y0 - b, "bleedTR2"),
              (x0 - b, y1 + offset, x0 - b, y1 + offset + size, "bleedBL1"), (x0 - offset, y1 + b, x0 - offset - size, y1 + b, "bleedBL2"),
              (x1 + b, y1 + offset, x1 + b, y1 + offset + size, "bleedBR1"), (x1 + offset, y1 + b, x1 + offset + size, y1 + b, "bleedBR2")]
    return ('<g inkscape:groupmode="layer" id="printing-marks" inkscape:label="Printing Marks">'
            '<g inkscape:label="CropMarks" id="CropMarks">' + "".join(_mark(*m) for m in crop) + "</g>"
            '<g inkscape:label="BleedMarks" id="BleedMarks">' + "".join(_mark(*m, dash=";stroke-dasharray:4, 2, 1, 2") for m in bleeds) + "</g></g>")


def _hand_marks() -> str:
    """Corner marks drawn by hand: <line>s, and L-shaped paths (two marks in one path)."""
    return ('<g><line x1="73.5" y1="96" x2="73.5" y2="101" stroke="#000" stroke-width="0.2"/>'
            '<line x1="136.5" y1="96" x2="136.5" y2="101" stroke="#000" stroke-width="0.2"/>'
            '<path d="M 62,104.5 H 69 M 141,104.5 H 148" stroke="#000" fill="none"/>'
            '<path d="m 73.5,196 v 6 M 136.5,196 V 202" stroke="#000" fill="none"/>'
            '<path d="M 62,192.5 L 69,192.5 M 141,192.5 L 148,192.5" stroke="#000" fill="none"/></g>')


def _deck(tmp: Path, marks: str) -> Path:
    (tmp / "card.svg").write_text(HEAD + ART + marks + "</svg>", encoding="utf-8")
    (tmp / "cards.csv").write_text("name\nAlpha\n", encoding="utf-8")
    return tmp


@pytest.mark.parametrize("marks", [_inkscape_marks(), _hand_marks()], ids=["inkscape-printing-marks", "hand-drawn"])
def test_the_card_is_what_the_crop_marks_bound(tmp_path, marks):
    _deck(tmp_path, marks)
    r = run_inproc("deck", "--data", "cards.csv", "--front", "card.svg", "--card-size", "poker", "--layout", "single", "--bleed", "0", "-o", "out.pdf", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "card.svg: the card is the 63.0x88.0 mm its crop marks bound" in r.stdout + r.stderr
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(tmp_path / "out.pdf"))
    w, h = pdf[0].get_size()
    pdf.close()
    assert abs(w / 72 * 25.4 - 63) < 0.1 and abs(h / 72 * 25.4 - 88) < 0.1  # one card a page, at card size
    im = render_page(tmp_path / "out.pdf", 0, dpi=72)
    px = im.load()
    blue = (0x1F, 0x5F, 0x8B)
    for x, y in ((2, 2), (im.width - 3, 2), (2, im.height - 3), (im.width - 3, im.height - 3), (im.width // 2, im.height // 2)):
        assert all(abs(a - b) < 12 for a, b in zip(px[x, y], blue)), (x, y, px[x, y])  # the card's own art to each corner: no mark, no page margin
    cream = px[int(20 / 25.4 * 72), int(8 / 25.4 * 72)]  # the title box, 3 mm in from the card's left and top
    assert cream[0] > 220 and cream[2] > 200, cream


def test_a_page_without_marks_is_read_as_before(tmp_path):
    _deck(tmp_path, "")
    r = run_inproc("deck", "--data", "cards.csv", "--front", "card.svg", "--card-size", "poker", "-o", "out.pdf", cwd=tmp_path)
    assert r.returncode == 1 and "OWN-SIZE" in r.stderr and "crop marks" not in r.stderr


def test_lines_that_are_no_crop_marks_name_no_card(tmp_path):
    # a frame of long lines and a ruled grid of short ones inside the card: no mark lies outside a card
    frame = ('<path d="M 10,10 H 200 V 287 H 10 Z" stroke="#000" fill="none"/>'
             + "".join(f'<line x1="{80 + 5 * k}" y1="150" x2="{80 + 5 * k}" y2="155" stroke="#000"/>' for k in range(4))
             + "".join(f'<line x1="80" y1="{160 + 5 * k}" x2="85" y2="{160 + 5 * k}" stroke="#000"/>' for k in range(4)))
    _deck(tmp_path, frame)
    r = run_inproc("deck", "--data", "cards.csv", "--front", "card.svg", "--card-size", "poker", "-o", "out.pdf", cwd=tmp_path)
    assert r.returncode == 1 and "OWN-SIZE" in r.stderr and "crop marks" not in r.stderr


def test_marks_for_another_card_size_are_refused_by_size(tmp_path):
    _deck(tmp_path, _inkscape_marks(x1=133.5))  # 60 mm wide
    r = run_inproc("deck", "--data", "cards.csv", "--front", "card.svg", "--card-size", "poker", "-o", "out.pdf", cwd=tmp_path)
    assert r.returncode == 1 and "OWN-SIZE" in r.stderr and "60x88" in r.stderr.replace(".0", ""), r.stderr

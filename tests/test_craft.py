"""Errors for what prints wrong, warnings for craft (issue 23 points 1-4):
checks that measure the ink, generated bleed for art drawn at the trim size,
any card size, templates in unit-less pixels."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_inproc

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {vw} {vh}">{body}</svg>'


def _svg(tmp: Path, body: str, w="63mm", h="88mm", vw=63, vh=88, name="front.svg") -> Path:
    p = tmp / name
    p.write_text(SVG.format(w=w, h=h, vw=vw, vh=vh, body=body), encoding="utf-8")
    return p


def _deck(tmp: Path, csv_text: str, *args: str):
    (tmp / "cards.csv").write_text(csv_text, encoding="utf-8")
    return run_inproc("deck", "--data", str(tmp / "cards.csv"), "--front", str(tmp / "front.svg"), *args, cwd=tmp)


def _page(pdf: Path, index: int = 0, scale: float = 72 / 25.4 * 0 + 2):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        return page.get_size(), page.render(scale=scale).to_pil().convert("RGB")
    finally:
        doc.close()


# -- the ink, not the box -------------------------------------------------------------

def test_a_centred_title_in_a_full_width_box_is_not_refused(tmp_path):
    """CardMaker/Squib style: the box spans the card, the title sits well inside it."""
    _svg(tmp_path, '<rect x="-3" y="-3" width="69" height="94" fill="#eee"/>'
         '<text data-box="0 8 69 10" font-size="5" text-anchor="middle">{{ name }}</text>', w="69mm", h="94mm", vw=69, vh=94)
    r = _deck(tmp_path, "name\nShort title\n", "-o", str(tmp_path / "a.pdf"))
    assert r.returncode == 0, r.stderr
    assert "warning" not in r.stdout


def test_ink_in_the_safe_zone_is_a_warning_that_says_where(tmp_path):
    _svg(tmp_path, '<rect x="-3" y="-3" width="69" height="94" fill="#eee"/>'
         '<text x="4" y="14" font-size="5">{{ name }}</text>', w="69mm", h="94mm", vw=69, vh=94)
    r = _deck(tmp_path, "name\nNear the edge\n\n", "-o", str(tmp_path / "a.pdf"))
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if "OWN-SAFE-ZONE" in x)
    assert "warning:" in line and "from the left edge" in line and "its ink spans" in line
    strict = _deck(tmp_path, "name\nNear the edge\n", "--strict", "-o", str(tmp_path / "b.pdf"))
    assert strict.returncode == 1 and "OWN-SAFE-ZONE" in strict.stderr and not (tmp_path / "b.pdf").exists()


def test_ink_over_the_trim_is_its_own_warning(tmp_path):
    _svg(tmp_path, '<rect x="-3" y="-3" width="69" height="94" fill="#eee"/>'
         '<text x="1" y="14" font-size="5">{{ name }}</text>', w="69mm", h="94mm", vw=69, vh=94)
    r = _deck(tmp_path, "name\nCut through\n", "-o", str(tmp_path / "a.pdf"))
    assert r.returncode == 0 and "warning: OWN-TRIM" in r.stdout and "crosses the trim line" in r.stdout


def test_an_empty_cell_a_hidden_layer_and_a_clone_source_put_no_ink(tmp_path):
    body = ('<rect x="-3" y="-3" width="69" height="94" fill="#eee"/>'
            '<text x="0" y="2" font-size="4">{{ note }}</text>'  # at the edge, but the cell is empty
            '<g style="display:none"><text x="0" y="2" font-size="4">hidden layer</text></g>'
            '<text id="src" x="200" y="40" font-size="4">parked off the page</text>'
            '<use href="#src" x="-170" y="0"/>')
    _svg(tmp_path, body, w="69mm", h="94mm", vw=69, vh=94)
    r = _deck(tmp_path, "name,note\nA,\n", "-o", str(tmp_path / "a.pdf"))
    assert r.returncode == 0, r.stderr
    assert "warning" not in r.stdout
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(tmp_path / "a.pdf"))
    text = doc[0].get_textpage().get_text_range()
    doc.close()
    assert "hidden layer" not in text  # a hidden layer is neither checked nor drawn


def test_overflowing_text_stays_an_error(tmp_path):
    _svg(tmp_path, '<text data-box="5 5 20 5" font-size="5">{{ name }}</text>', w="69mm", h="94mm", vw=69, vh=94)
    r = _deck(tmp_path, "name\n" + "many words " * 40 + "\n", "-o", str(tmp_path / "a.pdf"))
    assert r.returncode == 1 and "OWN-TEXT-OVERFLOW" in r.stderr


# -- art without bleed ----------------------------------------------------------------------

def test_art_at_the_trim_size_gets_its_bleed_generated(tmp_path):
    """A trim-size template prints (warning named) with its edge colour
    stretched over the bleed; --strict and --shop refuse; --bleed 0 needs none."""
    _svg(tmp_path, '<rect width="63" height="88" fill="#cc2222"/><rect x="0" y="40" width="63" height="8" fill="#2222cc"/>'
         '<text x="10" y="20" font-size="5">{{ name }}</text>')
    out = tmp_path / "a.pdf"
    r = _deck(tmp_path, "name\nA\n", "--layout", "single", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "warning: OWN-BLEED front.svg: drawn to the trim (no bleed); this print asks for 3 mm: printkit generates it by stretching" in r.stdout
    (w, h), im = _page(out, 0, scale=2)
    k = im.width / w  # px per pt
    mm = 72 / 25.4 * k
    px = im.load()

    def at(x_mm, y_mm):  # from the page's top left (the bleed edge)
        return px[int(x_mm * mm), int(y_mm * mm)]

    assert abs(w - 69 * 72 / 25.4) < 0.5  # the page is card + 3 mm bleed
    for x, y in ((0.5, 0.5), (1.5, 20), (34, 0.5), (68.5, 93.5), (68.5, 20)):
        r_, g, b = at(x, y)
        assert r_ > 180 and g < 80 and b < 80, (x, y, at(x, y))  # red to the bleed edge, corners too
    r_, g, b = at(0.7, 47)  # the blue band, continued over the left bleed
    assert b > 180 and r_ < 80
    strict = _deck(tmp_path, "name\nA\n", "--strict", "--layout", "single", "-o", str(tmp_path / "b.pdf"))
    assert strict.returncode == 1 and "OWN-BLEED" in strict.stderr
    shop = _deck(tmp_path, "name\nA\n", "--shop", "mbprint", "-o", str(tmp_path / "c.pdf"))
    assert shop.returncode == 1 and "OWN-BLEED" in shop.stderr
    pdfx = _deck(tmp_path, "name\nA\n", "--pdfx", "--layout", "single", "-o", str(tmp_path / "e.pdf"))
    assert pdfx.returncode == 1 and "OWN-BLEED" in pdfx.stderr and not (tmp_path / "e.pdf").exists()
    lenient = _deck(tmp_path, "name\nA\n", "--pdfx", "--no-strict", "--layout", "single", "-o", str(tmp_path / "e.pdf"))
    assert lenient.returncode == 0 and "warning: OWN-BLEED" in lenient.stdout
    zero = _deck(tmp_path, "name\nA\n", "--bleed", "0", "--layout", "single", "-o", str(tmp_path / "d.pdf"))
    assert zero.returncode == 0 and "OWN-BLEED" not in zero.stdout
    (w0, h0), _ = _page(tmp_path / "d.pdf")
    assert abs(w0 - 63 * 72 / 25.4) < 0.5 and abs(h0 - 88 * 72 / 25.4) < 0.5


def test_generated_bleed_continues_a_slanted_line_without_a_step_at_the_cut(tmp_path):
    """A steep dark band crossing the left cut of art drawn to the trim: just
    outside the cut the band starts where it starts just inside (no notch), and
    it runs on unchanged across the bleed (the edge's colour carried straight out)."""
    # the band falls 4 mm for each mm to the right: a step of d mm at the cut shows as 4d mm
    _svg(tmp_path, '<rect width="63" height="88" fill="#ffffff"/><polygon points="0,30 0,36 10,76 10,70" fill="#000000"/>')
    out = tmp_path / "a.pdf"
    r = _deck(tmp_path, "n\n1\n", "--layout", "single", "--bleed", "3", "-o", str(out))
    assert r.returncode == 0, r.stderr
    (w, h), im = _page(out, 0, scale=8)
    k = im.width / (w * 25.4 / 72)  # px per mm
    px = im.load()

    def dark_run(x_mm):  # the band's top and bottom edge (mm from the page top) in one pixel column
        col = int(round(x_mm * k))
        ys = [y for y in range(im.height) if sum(px[col, y]) < 200]
        assert ys, x_mm
        return ys[0] / k, ys[-1] / k

    inside, outside, far = dark_run(3.05), dark_run(2.95), dark_run(0.5)  # the cut is 3 mm from the page edge
    assert abs(inside[0] - outside[0]) < 0.4 and abs(inside[1] - outside[1]) < 0.4, (inside, outside)  # no step at the cut
    assert abs(far[0] - outside[0]) < 0.15 and abs(far[1] - outside[1]) < 0.15, (far, outside)  # straight out over the bleed
    assert abs((inside[0] - 3) - 30) < 0.5  # where the SVG puts it (page = card + 3 mm bleed)


def test_validate_lists_errors_and_warnings_apart(tmp_path):
    _svg(tmp_path, '<rect width="63" height="88" fill="#cc2222"/><text x="1" y="10" font-size="5">{{ name }}</text>')
    (tmp_path / "cards.csv").write_text("name\nA\n", encoding="utf-8")
    (tmp_path / "game.toml").write_text('[game]\ntitle = "T"\n[[deck]]\ndata = "cards.csv"\nfront = "front.svg"\n', encoding="utf-8")
    r = run_inproc("validate", str(tmp_path / "game.toml"), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "warning: OWN-SAFE-ZONE" in r.stdout and "warning: OWN-BLEED" in r.stdout and "error:" not in r.stdout
    assert "ok (T: 1 parts, 1 cards, 2 warnings)" in r.stdout
    strict = run_inproc("validate", "--strict", str(tmp_path / "game.toml"), cwd=tmp_path)
    assert strict.returncode == 1
    # the refusal says why (found by the corpus fuzz: it said "ok" and exited 1)
    assert "ok (" not in strict.stdout and "error: --strict: the 2 warnings above count as errors" in strict.stdout
    (tmp_path / "cards.csv").write_text("title\nA\n", encoding="utf-8")
    bad = run_inproc("validate", str(tmp_path / "game.toml"), cwd=tmp_path)
    assert bad.returncode == 1 and "error: OWN-MISSING-COLUMN" in bad.stdout


# -- any card size --------------------------------------------------------------------------

@pytest.mark.parametrize("size,mm", [("59.3x88.9mm", (59.3, 88.9)), ("2.5x3.5in", (63.5, 88.9)), ("6x9cm", (60.0, 90.0))])
def test_any_card_size_prints_at_its_size(tmp_path, size, mm):
    (tmp_path / "front.toml").write_text('background = "#dddddd"\n[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 6\ny = 6\nw = 40\nh = 10\n', encoding="utf-8")
    (tmp_path / "cards.csv").write_text("name\nA\nB\n", encoding="utf-8")
    out = tmp_path / "a.pdf"
    r = run_inproc("deck", "--data", str(tmp_path / "cards.csv"), "--front", str(tmp_path / "front.toml"), "--card-size", size, "--layout", "single", "--bleed", "0", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    (w, h), _ = _page(out)
    assert abs(w - mm[0] * 72 / 25.4) < 0.1 and abs(h - mm[1] * 72 / 25.4) < 0.1
    for layout in ("sheet", "fold"):
        r = run_inproc("deck", "--data", str(tmp_path / "cards.csv"), "--front", str(tmp_path / "front.toml"), "--card-size", size, "--layout", layout, "-o", str(tmp_path / f"{layout}.pdf"), cwd=tmp_path)
        assert r.returncode == 0, r.stderr


def test_card_size_in_the_project_and_printkit_toml(tmp_path):
    (tmp_path / "front.toml").write_text('background = "#dddddd"\n', encoding="utf-8")
    (tmp_path / "cards.csv").write_text("name\nA\n", encoding="utf-8")
    (tmp_path / "game.toml").write_text('[game]\ntitle = "T"\ncard_size = "59.3x88.9mm"\n[[deck]]\ndata = "cards.csv"\nfront = "front.toml"\n', encoding="utf-8")
    r = run_inproc("make", str(tmp_path / "game.toml"), "--only", "deck", "--layout", "single", "--bleed", "0", "-o", str(tmp_path / "a.pdf"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    (w, h), _ = _page(tmp_path / "a.pdf")
    assert abs(w - 59.3 * 72 / 25.4) < 0.1
    (tmp_path / "printkit.toml").write_text('card_size = "2.5x3.5in"\n', encoding="utf-8")
    r = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "--layout", "single", "--bleed", "0", "-o", str(tmp_path / "b.pdf"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    (w, h), _ = _page(tmp_path / "b.pdf")
    assert abs(w - 63.5 * 72 / 25.4) < 0.1


@pytest.mark.parametrize("bad", ["59.3x88.9", "3x3mm", "axb", "100x900mm"])
def test_a_card_size_that_is_none_is_one_line(tmp_path, bad):
    (tmp_path / "front.toml").write_text('background = "#dddddd"\n', encoding="utf-8")
    (tmp_path / "cards.csv").write_text("name\nA\n", encoding="utf-8")
    r = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "--card-size", bad, cwd=tmp_path)
    assert r.returncode == 2 and "is not a card size" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_unitless_pixels_at_300_dpi_are_read_so(tmp_path):
    """Squib's and CardMaker's 825 x 1125 px card: US poker plus 1/8 in bleed at 300 dpi."""
    body = '<rect width="825" height="1125" fill="#113355"/><text x="412" y="300" font-size="60" text-anchor="middle" fill="#ffffff">{{ name }}</text>'
    _svg(tmp_path, body, w="825", h="1125", vw=825, vh=1125)
    r = _deck(tmp_path, "name\nA\n", "--card-size", "poker-us", "--layout", "single", "-o", str(tmp_path / "a.pdf"))
    assert r.returncode == 0, r.stderr
    (w, h), im = _page(tmp_path / "a.pdf", scale=1)
    assert abs(w - (63.5 + 6) * 72 / 25.4) < 0.5
    assert im.getpixel((5, 5))[2] > 60 and im.getpixel((int(w) - 5, int(h) - 5))[2] > 60  # the art covers the page at its size
    other = _deck(tmp_path, "name\nA\n", "--card-size", "tarot", "-o", str(tmp_path / "b.pdf"))
    assert other.returncode == 1 and "825x1125 px read at 96 px/in" in other.stderr
    dpi = _deck(tmp_path, "name\nA\n", "--card-size", "poker-us", "--svg-dpi", "150", "-o", str(tmp_path / "c.pdf"))
    assert dpi.returncode == 1 and "OWN-SIZE" in dpi.stderr and "read at 150 dpi (--svg-dpi)" in dpi.stderr


def test_an_explicit_svg_dpi_always_wins(tmp_path):
    """A template whose pixels also fit the card at 96 px/in is read at the
    --svg-dpi typed (a reviewer's finding: it was tried only when 96 did not fit)."""
    body = '<rect width="240" height="336" fill="#113355"/>'  # 2.5 x 3.5 in at 96 px/in: US poker
    _svg(tmp_path, body, w="240", h="336", vw=240, vh=336)
    r = _deck(tmp_path, "name\nA\n", "--card-size", "poker-us", "--layout", "single", "--bleed", "0", "-o", str(tmp_path / "a.pdf"))
    assert r.returncode == 0, r.stderr
    assert abs(_page(tmp_path / "a.pdf", scale=1)[0][0] - 63.5 * 72 / 25.4) < 0.5
    r = _deck(tmp_path, "name\nA\n", "--card-size", "poker-us", "--svg-dpi", "300", "-o", str(tmp_path / "b.pdf"))
    assert r.returncode == 1 and "240x336 px read at 300 dpi (--svg-dpi)" in r.stderr, r.stderr  # 20.3 x 28.4 mm: not the card


def test_a_layout_picture_at_the_trim_gets_generated_bleed(tmp_path):
    """A picture that stops at the trim line (no background) runs on over the
    bleed, its edge stretched (a warning names it), as SVG art drawn
    to the trim does; the bleed under the rest of the card stays white."""
    from PIL import Image

    Image.new("RGB", (800, 800), (30, 90, 200)).save(tmp_path / "art.png")
    (tmp_path / "front.toml").write_text('size = "poker"\n[[element]]\ntype = "image"\npath = "art.png"\nfit = "cover"\nx = 0\ny = 0\nw = 63\nh = 40\n', encoding="utf-8")
    (tmp_path / "cards.csv").write_text("name\nA\n", encoding="utf-8")
    r = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "--layout", "single", "--bleed", "3", "-o", str(tmp_path / "o.pdf"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "OWN-BLEED" in r.stdout and "stretching the picture's edge straight out" in r.stdout
    import pypdfium2 as pdfium

    im = pdfium.PdfDocument(str(tmp_path / "o.pdf"))[0].render(scale=2).to_pil().convert("RGB")
    k = im.width / 69.0
    for x, y in ((1, 1), (1, 20), (33, 1), (68, 20), (68, 1)):  # bleed beside and above the picture: its blue
        assert im.getpixel((int(x * k), int(y * k)))[2] > 150, (x, y)
    assert im.getpixel((int(1 * k), int(60 * k))) == (255, 255, 255)  # beside the blank rest of the card: white

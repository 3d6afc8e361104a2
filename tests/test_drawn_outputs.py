"""Issue 23, point 7: image resolution measured on the size an image is drawn
(read back from the PDF), PNG-taking shops write a folder named as asked, the
tabletop export writes back sheets when the backs differ."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, run_inproc
from pdfmeasure import measure

MM = 72 / 25.4


def _picture(path: Path, size: tuple[int, int]) -> None:
    """A picture with detail (its left half lighter): a plain one prints the same
    at any resolution and is never measured (test_a_plain_picture_has_no_resolution_to_lack)."""
    from PIL import Image

    im = Image.new("RGB", size, (40, 90, 160))
    im.paste((200, 220, 240), (0, 0, size[0] // 2, size[1]))
    im.save(path)


def _image_deck(tmp: Path, fit: str) -> Path:
    _picture(tmp / "wide.png", (632, 300))  # 632 px over 50 mm: 321 dpi
    (tmp / "cards.csv").write_text("name\nFox\n", encoding="utf-8")
    (tmp / "front.toml").write_text(
        f'[[element]]\ntype = "image"\npath = "wide.png"\nx = 6.5\ny = 10\nw = 50\nh = 50\nfit = "{fit}"\n', encoding="utf-8"
    )
    return tmp


def test_contained_image_reports_the_dpi_it_prints_at(tmp_path):
    """fit = contain: a 632 x 300 px picture in a 50 mm square prints 50 x 23.7 mm,
    321 dpi (the box's height would say 152). Measured on the PDF's image."""
    _image_deck(tmp_path, "contain")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "--layout", "single", "-o", "deck.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "OWN-IMAGE-DPI" not in proc.stdout + proc.stderr
    images = [m.box for m in measure(str(tmp_path / "deck.pdf"), [1])[0].marks if m.kind == "image"]
    assert len(images) == 1
    x0, y0, x1, y1 = images[0]
    assert (x1 - x0) / MM == pytest.approx(50, abs=0.05) and (y1 - y0) / MM == pytest.approx(50 * 300 / 632, abs=0.05)
    assert 632 / ((x1 - x0) / 72) == pytest.approx(321, abs=0.5)  # dpi on the page
    from printkit.custom.assets import dpi_at

    assert round(dpi_at((632, 300), 50, 50, "contain")) == 321


def test_covering_image_is_measured_on_its_drawn_size_too(tmp_path):
    """fit = cover: the same picture fills the square, 105 x 50 mm drawn (the
    overflow clipped): 152 dpi, under 300, and the message says the drawn size."""
    _image_deck(tmp_path, "cover")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "-o", "deck.pdf", cwd=tmp_path)
    out = proc.stdout + proc.stderr
    assert "OWN-IMAGE-DPI" in out and "152 dpi drawn at 105x50 mm" in out, out


def test_svg_image_meet_is_measured_on_its_drawn_size(tmp_path):
    _picture(tmp_path / "wide.png", (632, 300))
    (tmp_path / "cards.csv").write_text("name\nFox\n", encoding="utf-8")
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="69mm" height="94mm" viewBox="0 0 69 94">'
        '<rect width="69" height="94" fill="#fff"/><image x="9.5" y="20" width="50" height="50" href="wide.png" preserveAspectRatio="xMidYMid meet"/></svg>'
    )
    (tmp_path / "front.svg").write_text(svg, encoding="utf-8")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.svg", "-o", "deck.pdf", cwd=tmp_path)
    assert "OWN-IMAGE-DPI" not in proc.stdout + proc.stderr, proc.stderr
    (tmp_path / "front.svg").write_text(svg.replace("xMidYMid meet", "xMidYMid slice"), encoding="utf-8")
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.svg", "-o", "deck.pdf", cwd=tmp_path)
    assert "152 dpi drawn at 105x50 mm" in proc.stdout + proc.stderr


# -- PNG-taking shops: a folder, named as asked ------------------------------------------------

def _plain_deck(tmp: Path, backs: bool) -> None:
    (tmp / "cards.csv").write_text("name,color\nFox,#cc3311\nOwl,#1f5f8b\nEel,#228833\n", encoding="utf-8")
    (tmp / "front.toml").write_text('size = "poker-us"\nbackground = "#ffffff"\n\n[[element]]\ntype = "text"\ntext = "{{ name }}"\nx = 6\ny = 6\nw = 50\nh = 10\n', encoding="utf-8")
    back = 'size = "poker-us"\nbackground = "{{ color }}"\n' if backs else 'size = "poker-us"\nbackground = "#444444"\n'
    (tmp / "back.toml").write_text(back, encoding="utf-8")


@pytest.mark.parametrize("name", ["deck.pdf", "deck.PNG"])
def test_png_shop_refuses_a_file_name_with_a_hint(tmp_path, name):
    _plain_deck(tmp_path, False)
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "--shop", "thegamecrafter", "-o", name, cwd=tmp_path)
    assert proc.returncode == 2
    assert f"-o {name}: --shop thegamecrafter takes one PNG a card side (825 x 1125 px), into a folder; give -o a folder name (-o deck)" in proc.stderr
    assert not (tmp_path / name).exists()
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "--format", "png", "-o", name, cwd=tmp_path)
    assert proc.returncode == 2 and "--format png writes one PNG a card or page, into a folder" in proc.stderr


def test_png_shop_writes_the_folder_and_says_so(tmp_path):
    _plain_deck(tmp_path, False)
    proc = run_cli("deck", "--data", "cards.csv", "--front", "front.toml", "--back", "back.toml", "--shop", "thegamecrafter", "--dpi", "300", "-o", "tgc", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "wrote the folder tgc/ (PNGs, as The Game Crafter takes them): 3 cards" in proc.stdout
    assert sorted(p.name for p in (tmp_path / "tgc").iterdir())[:2] == ["back.png", "card-001-front.png"]


# -- tabletop: back sheets when backs differ ----------------------------------------------------

def test_tabletop_back_sheet_when_backs_differ(tmp_path):
    from PIL import Image

    _plain_deck(tmp_path, True)
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "--back", "back.toml", "--card-size", "poker-us", "--format", "tabletop", "--dpi", "40", "-o", "tts", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    folder = tmp_path / "tts"
    assert "back sheet (the backs differ)" in proc.stdout
    assert not (folder / "cards-deck-back.png").exists()
    fronts, backs = Image.open(folder / "cards-deck-faces-1.png").convert("RGB"), Image.open(folder / "cards-deck-backs-1.png").convert("RGB")
    assert fronts.size == backs.size
    w, h = backs.size[0] // 10, backs.size[1] // 7  # the fixed 10x7 grid
    centres = [backs.getpixel((w * k + w // 2, h // 2)) for k in range(3)]
    for got, want in zip(centres, [(0xCC, 0x33, 0x11), (0x1F, 0x5F, 0x8B), (0x22, 0x88, 0x33)]):  # card k's back in cell k
        assert max(abs(a - b) for a, b in zip(got, want)) < 6, (got, want)
    # one shared back: no back sheet, the back in the last cell and on its own
    _plain_deck(tmp_path, False)
    proc = run_inproc("deck", "--data", "cards.csv", "--front", "front.toml", "--back", "back.toml", "--card-size", "poker-us", "--format", "tabletop", "--dpi", "40", "-o", "tts2", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "tts2" / "cards-deck-back.png").exists() and not (tmp_path / "tts2" / "cards-deck-backs-1.png").exists()

"""Designers' templates that used to stop with an internal error (issue 35 point 1):
a back whose picture comes from the row, `{% if %}` blocks between elements in
any number, order and nesting, and a group whose attribute holds a placeholder
around a PNG picture. Each is a small project as a designer would write it,
printed to one PNG per card, and the pixels of each card read back."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from conftest import assert_no_traceback, run_cli

RED, BLUE, GREEN, YELLOW = (200, 30, 30), (30, 30, 200), (30, 160, 30), (230, 200, 20)
PAPER = (246, 239, 223)

GAME = '[game]\ntitle = "Tidewatch"\n\n[[deck]]\nname = "crew"\ndata = "cards.csv"\nfront = "front.svg"\n'


def png(w: int, h: int, rgb) -> bytes:
    """A real PNG of one colour (big enough for 300 dpi at the size drawn)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = zlib.compress((b"\0" + bytes(rgb) * w) * h, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def svg(body: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="69mm" height="94mm" viewBox="0 0 69 94">\n'
            '  <rect x="0" y="0" width="69" height="94" fill="#f6efdf"/>\n'
            f"{body}\n"
            '  <text x="8" y="14" font-family="DejaVu Sans" font-size="5" fill="#222222">{{ name }}</text>\n'
            "</svg>\n")


def make_cards(p: Path, *extra: str) -> dict[int, Image.Image]:
    """`printkit make game.toml --format png`: {card number: its front (or back) PNG}."""
    r = run_cli("make", "game.toml", "--format", "png", "--dpi", "72", "-o", "out", *extra, cwd=p)
    assert_no_traceback(r)
    assert r.returncode == 0, r.stderr
    return r


def card_png(p: Path, n: int, side: str = "front") -> Image.Image:
    found = sorted((p / "out").rglob(f"*{n:03d}*{side}*.png")) or sorted((p / "out").rglob(f"*{side}*{n:03d}*.png"))
    assert found, sorted(x.name for x in (p / "out").rglob("*.png"))
    return Image.open(found[0]).convert("RGB")


def share(img: Image.Image, rgb, box=None, tol: int = 40) -> float:
    """The share of pixels (of the box, as fractions of the card) within `tol` of `rgb`."""
    if box:
        w, h = img.size
        img = img.crop((int(box[0] * w), int(box[1] * h), int(box[2] * w), int(box[3] * h)))
    raw = img.tobytes()
    r0, g0, b0 = rgb
    hits = sum(1 for k in range(0, len(raw), 3) if abs(raw[k] - r0) <= tol and abs(raw[k + 1] - g0) <= tol and abs(raw[k + 2] - b0) <= tol)
    return hits / (len(raw) // 3)


def test_card_files_are_found(tmp_path):
    """The helper reads the card PNGs printkit writes (names checked once here)."""
    (tmp_path / "game.toml").write_text(GAME)
    (tmp_path / "front.svg").write_text(svg('  <rect x="10" y="30" width="49" height="40" fill="#c81e1e"/>'))
    (tmp_path / "cards.csv").write_text("name\nOne\nTwo\n")
    make_cards(tmp_path)
    for n in (1, 2):
        assert share(card_png(tmp_path, n), RED, (0.2, 0.4, 0.8, 0.7)) > 0.9
    assert share(card_png(tmp_path, 1), BLUE) == 0  # and a colour not there is not found


# -- a back whose picture comes from the row ---------------------------------------------

def test_a_back_with_a_placeholder_is_drawn_per_card(tmp_path):
    """back.svg's `<image href="images/{{ Image }}">` (a faction picture per row):
    each card's back shows its own picture (was: one shared back rendered
    without a row, KeyError: 'Image', exit 3)."""
    p = tmp_path
    (p / "images").mkdir()
    (p / "images" / "harbour.png").write_bytes(png(600, 850, RED))
    (p / "images" / "reef.png").write_bytes(png(600, 850, BLUE))
    (p / "game.toml").write_text(GAME + 'back = "back.svg"\n')
    (p / "front.svg").write_text(svg(""))
    (p / "back.svg").write_text(svg('  <image x="5" y="5" width="59" height="84" href="images/{{ Image }}" preserveAspectRatio="none"/>').replace("{{ name }}", ""))
    (p / "cards.csv").write_text("name,Image\nPilot,harbour.png\nDiver,reef.png\nCook,harbour.png\n")
    make_cards(p)
    middle = (0.3, 0.3, 0.7, 0.7)
    for n, colour, other in ((1, RED, BLUE), (2, BLUE, RED), (3, RED, BLUE)):
        back = card_png(p, n, "back")
        assert share(back, colour, middle) > 0.9, n
        assert share(back, other, middle) == 0, n


def test_a_back_with_a_placeholder_checks_each_row(tmp_path):
    """The row's picture is looked for on each card: a missing one is named with its card."""
    p = tmp_path
    (p / "images").mkdir()
    (p / "images" / "harbour.png").write_bytes(png(600, 850, RED))
    (p / "game.toml").write_text(GAME + 'back = "back.svg"\n')
    (p / "front.svg").write_text(svg(""))
    (p / "back.svg").write_text(svg('  <image x="5" y="5" width="59" height="84" href="images/{{ Image }}"/>'))
    (p / "cards.csv").write_text("name,Image\nPilot,harbour.png\nDiver,kelp.png\n")
    r = run_cli("make", "game.toml", cwd=p)
    assert_no_traceback(r)
    assert r.returncode in (1, 2), r.stderr
    assert "kelp.png" in r.stderr and "card 2" in r.stderr, r.stderr


# -- {% if %} blocks between elements -------------------------------------------------------

FIRE = '<rect x="5" y="30" width="25" height="25" fill="#c81e1e"/>'
WATER = '<rect x="39" y="30" width="25" height="25" fill="#1e1ec8"/>'
LEAF = '<rect x="5" y="60" width="25" height="25" fill="#1ea01e"/>'
SUN = '<rect x="39" y="60" width="25" height="25" fill="#e6c814"/>'
LEFT_TOP, RIGHT_TOP, LEFT_LOW, RIGHT_LOW = (0.12, 0.36, 0.38, 0.55), (0.62, 0.36, 0.88, 0.55), (0.12, 0.68, 0.38, 0.86), (0.62, 0.68, 0.88, 0.86)

BLOCKS = {
    "two in a row": ("  {% if element == 'fire' %}" + FIRE + "{% endif %}{% if element == 'water' %}" + WATER + "{% endif %}",
                     {"fire": [RED], "water": [BLUE], "earth": []}),
    "three, one per line": ("  {% if element == 'fire' %}\n  " + FIRE + "\n  {% endif %}\n  {% if element == 'water' %}\n  " + WATER + "\n  {% endif %}\n  {% if element != 'fire' %}" + SUN + "{% endif %}",
                            {"fire": [RED], "water": [BLUE, YELLOW], "earth": [YELLOW]}),
    "nested": ('  {% if element != "earth" %}' + LEAF + "{% if element == \"fire\" %}" + FIRE + "{% endif %}{% endif %}",
               {"fire": [GREEN, RED], "water": [GREEN], "earth": []}),
    "elif and else, then another": ("  {% if element == 'fire' %}" + FIRE + "{% elif element == 'water' %}" + WATER + "{% else %}" + LEAF + "{% endif %}{% if rare %}" + SUN + "{% endif %}",
                                    {"fire": [RED], "water": [BLUE, YELLOW], "earth": [GREEN]}),
    "whitespace control": ("  {%- if element == 'fire' -%}" + FIRE + "{%- endif -%}\n  {%- if element == 'water' %}" + WATER + "{% endif -%}",
                           {"fire": [RED], "water": [BLUE], "earth": []}),
}
WHERE = {RED: LEFT_TOP, BLUE: RIGHT_TOP, GREEN: LEFT_LOW, YELLOW: RIGHT_LOW}


@pytest.mark.parametrize("name", list(BLOCKS))
def test_if_blocks_between_elements_in_any_number_and_order(tmp_path, name):
    body, shown = BLOCKS[name]
    p = tmp_path
    (p / "game.toml").write_text(GAME)
    (p / "front.svg").write_text(svg(body))
    (p / "cards.csv").write_text("name,element,rare\nEmber,fire,\nTide,water,yes\nStone,earth,\n")
    make_cards(p)
    for n, element in enumerate(("fire", "water", "earth"), 1):
        img = card_png(p, n)
        for colour, box in WHERE.items():
            seen = share(img, colour, box)
            if colour in shown[element]:
                assert seen > 0.9, (name, element, colour, seen)
            else:
                assert seen == 0, (name, element, colour, seen)
                assert share(img, PAPER, box, 12) > 0.9, (name, element, colour)


def test_a_block_left_open_is_named(tmp_path):
    p = tmp_path
    (p / "game.toml").write_text(GAME)
    (p / "front.svg").write_text(svg("  {% if element == 'fire' %}" + FIRE + "{% if element == 'water' %}" + WATER + "{% endif %}"))
    (p / "cards.csv").write_text("name,element\nEmber,fire\n")
    r = run_cli("make", "game.toml", cwd=p)
    assert_no_traceback(r)
    assert r.returncode == 2 and "front.svg" in r.stderr and "\n" not in r.stderr.strip(), r.stderr


# -- a group with a placeholder attribute around a PNG -----------------------------------------

@pytest.mark.parametrize("attribute", [
    "style=\"display:{{ 'inline' if show == 'yes' else 'none' }}\"",
    "opacity=\"{{ 1 if show == 'yes' else 0 }}\"",
    "display=\"{{ 'inline' if show == 'yes' else 'none' }}\" opacity=\"{{ 1 }}\"",
])
def test_a_group_with_a_placeholder_around_a_png_draws(tmp_path, attribute):
    """<g style="display:{{ ... }}"><image href="badge.png"/></g>: drawn on the
    rows that show it (was: TypeError: sequence item 33: expected str instance,
    bytes found, exit 3)."""
    p = tmp_path
    (p / "badge.png").write_bytes(png(600, 480, GREEN))
    (p / "game.toml").write_text(GAME)
    (p / "front.svg").write_text(svg(f'  <g {attribute}>\n    <image x="10" y="30" width="49" height="40" href="badge.png"/>\n  </g>'))
    (p / "cards.csv").write_text("name,show\nShown,yes\nHidden,no\nAgain,yes\n")
    make_cards(p)
    box = (0.2, 0.38, 0.8, 0.7)
    assert share(card_png(p, 1), GREEN, box) > 0.9
    assert share(card_png(p, 2), GREEN, box) == 0
    assert share(card_png(p, 2), PAPER, box, 12) > 0.9
    assert share(card_png(p, 3), GREEN, box) > 0.9


def test_a_group_with_a_placeholder_around_a_png_in_cmyk(tmp_path):
    """The same picture in a print shop's CMYK file: drawn once as an image
    object, separated into CMYK like every other picture, shared by the cards."""
    import re

    p = tmp_path
    (p / "badge.png").write_bytes(png(600, 480, GREEN))
    (p / "game.toml").write_text(GAME)
    (p / "front.svg").write_text(svg("  <g opacity=\"{{ 1 if show == 'yes' else 0.5 }}\"><image x=\"10\" y=\"30\" width=\"49\" height=\"40\" href=\"badge.png\"/></g>"))
    (p / "cards.csv").write_text("name,show\nShown,yes\nAgain,yes\nFaded,no\n")
    r = run_cli("make", "game.toml", "--color", "cmyk", "-o", "deck.pdf", cwd=p)
    assert_no_traceback(r)
    assert r.returncode == 0, r.stderr
    raw = (p / "deck.pdf").read_bytes()
    images = re.findall(rb"<<[^<>]*/Subtype /Image[^<>]*>>", raw)
    assert len(images) == 1 and b"/DeviceCMYK" in images[0] and b"/Width 600" in images[0], images

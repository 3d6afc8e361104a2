"""SVG drawing gaps the corpus found (tests/corpus/, docs/feature-table.md),
each checked on a small template: a clone of a text with a placeholder, a
picture's preserveAspectRatio, a clip path on a picture."""

from __future__ import annotations

import pytest

from test_svg_fidelity import _front
from test_svg_path import _pixel

pytestmark = pytest.mark.slow  # each prints a deck (about a second): the second tier


def _text(pdf) -> str:
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(pdf))[0]
    return page.get_textpage().get_text_range()


def test_a_clone_of_a_text_with_a_placeholder_shows_the_cell(tmp_path):
    """svggvs: a <use> of a text holding {{ name }} is filled like the text it
    clones, at the clone's place (y + 40), in the clone's colour."""
    body = ('<rect width="69" height="94" fill="#ffffff"/>'
            '<text id="src" x="10" y="20" font-size="8">{{ name }}</text>'
            '<use href="#src" y="40" style="fill:#ff0000"/>')
    proc, out = _front(tmp_path, body, "name\nWWWW\n")
    assert proc.returncode == 0, proc.stderr
    text = _text(out)
    assert "{{" not in text and text.count("WWWW") == 2, text
    reds = [_pixel(out, x / 2, 57) for x in range(20, 80)]
    assert any(p[0] > 200 and p[1] < 80 for p in reds), reds  # the clone's letters, red, 40 below the text


def _wide_red(tmp_path) -> None:
    from PIL import Image

    Image.new("RGB", (600, 300), (255, 0, 0)).save(tmp_path / "wide.png")  # 2:1, in a square box below


def _red(p) -> bool:
    return p[0] > 200 and p[1] < 80 and p[2] < 80


def _column(out, x: float) -> list[bool]:
    """Red or not down the 40 mm box at (14.5, 27), at 5, 15, 25, 35 mm."""
    return [_red(_pixel(out, x, 27 + d)) for d in (5, 15, 25, 35)]


def test_a_pictures_alignment_is_read_also_from_a_cell(tmp_path):
    """countersheets-aspect: preserveAspectRatio given per row; xMinYMin meet
    puts the wide picture at the top of its square box, xMaxYMax at the foot."""
    _wide_red(tmp_path)
    body = ('<rect width="69" height="94" fill="#ffffff"/>'
            '<image x="14.5" y="27" width="40" height="40" href="wide.png" preserveAspectRatio="{{ par }}"/>')
    for par, want in (("xMinYMin", [True, True, False, False]), ("xMaxYMax meet", [False, False, True, True])):
        proc, out = _front(tmp_path, body, f"name,par\nAda,{par}\n")
        assert proc.returncode == 0, proc.stderr
        assert _column(out, 34.5) == want, par


def test_an_invalid_aspect_ratio_is_the_default_and_pictures_with_placeholders_are_fitted_too(tmp_path):
    """countersheets-ccg: "xMidyMid slice" (a lower-case y) is no value SVG
    defines: drawn as the default, xMidYMid meet (centred, not covering), as
    Inkscape draws it; the same in a group with a placeholder (drawn by the
    drawer; svglib, before it, stretched every picture over its box)."""
    _wide_red(tmp_path)
    for wrap in ("{}", '<g id="g{{ name }}">{}</g>'):
        body = ('<rect width="69" height="94" fill="#ffffff"/>'
                + wrap.replace("{}", '<image x="14.5" y="27" width="40" height="40" href="wide.png" preserveAspectRatio="xMidyMid slice"/>')
                + '<image x="4" y="70" width="20" height="20" href="wide.png" preserveAspectRatio="xMinYMin slice"/>')
        proc, out = _front(tmp_path, body, "name\nAda\n")
        assert proc.returncode == 0, proc.stderr
        assert _column(out, 34.5) == [False, True, True, False], wrap
        assert _red(_pixel(out, 5, 89)), wrap  # slice: the box covered


def test_a_clip_path_on_a_picture_is_applied(tmp_path):
    """generator: a photo (its href a placeholder) clipped by a rounded
    rectangle given ry alone (rx is then ry): its corners are cut away."""
    from PIL import Image

    Image.new("RGB", (600, 600), (255, 0, 0)).save(tmp_path / "sq.png")
    body = ('<defs><clipPath id="c" clipPathUnits="userSpaceOnUse"><rect x="14.5" y="27" width="40" height="40" ry="15"/></clipPath></defs>'
            '<rect width="69" height="94" fill="#ffffff"/>'
            '<image x="14.5" y="27" width="40" height="40" href="{{ pic }}" preserveAspectRatio="none" clip-path="url(#c)"/>')
    proc, out = _front(tmp_path, body, "name,pic\nAda,sq.png\n")
    assert proc.returncode == 0, proc.stderr
    assert _red(_pixel(out, 34.5, 47)) and _red(_pixel(out, 34.5, 28))
    assert not _red(_pixel(out, 15.5, 28)) and not _red(_pixel(out, 53.5, 66)), "a corner outside the rounded clip"

"""SVG drawing gaps the corpus found (tests/corpus/, docs/feature-table.md),
each checked on a small template: a clone of a text with a placeholder, a
picture's preserveAspectRatio, a clip path on a picture."""

from __future__ import annotations

from test_svg_fidelity import _front
from test_svg_path import _pixel


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

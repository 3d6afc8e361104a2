"""The one vector path (custom/svgart.to_drawing): a template's art and the
SVG pictures and icons it shows are drawn alike, with printkit's group
opacity and gradients; and an element's style attribute, read as CSS."""

from __future__ import annotations

import pytest

from test_svg_fidelity import _front


def _pixel(pdf, x_mm: float, y_mm: float):
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(str(pdf))[0]
    w, h = page.get_size()
    scale = 100 / 72
    image = page.render(scale=scale).to_pil().convert("RGB")
    # the single card is centred on the page: its 69x94 mm art (with bleed) around the centre
    cx, cy = w * scale / 2, h * scale / 2
    k = 72 / 25.4 * scale
    return image.getpixel((round(cx + (x_mm - 34.5) * k), round(cy + (y_mm - 47) * k)))


def test_an_svg_picture_keeps_its_group_opacity_as_a_template_does(tmp_path):
    """Two red squares overlapping in a group at opacity 0.5, in a picture the
    template shows: one transparency group, so the overlap is the same pink as
    each square alone (not darker), as in the editor and in the template's own art."""
    (tmp_path / "pic.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
                                      '<g opacity="0.5"><rect x="0" y="0" width="30" height="30" fill="#ff0000"/>'
                                      '<rect x="10" y="10" width="30" height="30" fill="#ff0000"/></g></svg>', encoding="utf-8")
    body = '<rect width="69" height="94" fill="#ffffff"/><image x="14.5" y="27" width="40" height="40" href="{{ pic }}"/>'
    proc, out = _front(tmp_path, body, "name,pic\nAda,pic.svg\n")
    assert proc.returncode == 0, proc.stderr
    alone = _pixel(out, 14.5 + 5, 27 + 5)
    overlap = _pixel(out, 14.5 + 20, 27 + 20)
    assert alone[0] > 240 and 100 < alone[1] < 160, alone  # pink: red at half strength over white
    assert all(abs(a - b) <= 6 for a, b in zip(alone, overlap)), (alone, overlap)


_STYLE = "font-size:8px;fill:{{ ink | replace(';', '') }};/* not: a; declaration */font-family:'Noto Sans'"


def test_a_style_attribute_is_read_as_css_with_its_placeholders_whole():
    """A semicolon or colon inside a placeholder, quotes, brackets or a comment
    parts no declaration (tinycss2 reads the attribute), and each value is the
    attribute's own text: the placeholder's quotes stay as written."""
    from printkit.custom.svgparse import _declarations

    assert _declarations(_STYLE) == (("font-size", "8px"), ("fill", "{{ ink | replace(';', '') }}"), ("font-family", "'Noto Sans'"))
    assert _declarations('fill:url(data:a;b) ;\n stroke : {{ {"a": 1}[k] }};:x;;y') == (("fill", "url(data:a;b)"), ("stroke", '{{ {"a": 1}[k] }}'))
    assert _declarations("{% if rare %}fill:gold;{% endif %}stroke:none")[-1] == ("{% endif %}stroke", "none")  # a block statement stays with the name after it, as before


def test_one_style_property_is_set_with_the_rest_kept():
    """Other tools' layers and column-named styles (custom/foreign.py) set one
    property through the same CSS reader: a semicolon inside a placeholder or url()
    keeps its declaration whole, and an earlier value of the property goes."""
    from printkit.custom.svgcss import with_property

    assert with_property("display:inline;fill:{{ a | replace(';', '') }}", "display", "none") == "fill:{{ a | replace(';', '') }};display:none"
    assert with_property("fill:url(data:a;b); display : block", "display", "{{ x }}") == "fill:url(data:a;b);display:{{ x }}"
    assert with_property(None, "opacity", "0.5") == "opacity:0.5"


@pytest.mark.slow  # prints a deck (about three seconds): the second tier
def test_a_placeholder_with_a_semicolon_in_a_style_is_drawn_from_its_cell(tmp_path):
    """The text of a template whose style holds such a placeholder is drawn in
    the cell's red, at the size declared before it (it was refused as a broken
    placeholder when the attribute was split at every semicolon)."""
    body = f'<rect width="69" height="94" fill="#ffffff"/><text x="4" y="30" style="{_STYLE.replace(chr(39), "&apos;")}">WWWWWWWW</text>'
    proc, out = _front(tmp_path, body, "name,ink\nAda,#ff0000;\n")
    assert proc.returncode == 0, proc.stderr
    from pdfmeasure import measure

    (run,) = [r for page in measure(out) for r in page.texts if "WWWW" in r.text]
    assert abs(run.size - 8 * 72 / 25.4) < 0.2
    reds = [_pixel(out, x / 2, 28) for x in range(10, 60)]
    assert any(p[0] > 200 and p[1] < 80 and p[2] < 80 for p in reds), reds

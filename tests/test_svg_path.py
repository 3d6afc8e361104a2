"""The one vector path (custom/svgdraw.to_drawing): a template's art and the
SVG pictures and icons it shows are drawn alike, with printkit's group
opacity and gradients."""

from __future__ import annotations

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

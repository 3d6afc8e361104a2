"""Print-shop grade output, measured from the files: font subset names that
survive merging, CMYK and PDF/X-1a, print-shop presets."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from conftest import run_inproc


# -- helpers ----------------------------------------------------------------------

def _fonts(pdf) -> dict[str, set[str]]:
    """BaseFont name -> digests of what that name stands for (program, widths,
    Unicode map), over every page and form of a pikepdf document."""
    seen: dict[str, set[str]] = {}

    def walk(resources, depth=0):
        if resources is None or depth > 8:
            return
        for font in (resources.get("/Font") or {}).values():
            h = hashlib.sha256()
            desc = font.get("/FontDescriptor")
            for key in ("/FontFile2", "/FontFile", "/FontFile3"):
                if desc is not None and key in desc:
                    h.update(desc[key].read_bytes())
            h.update(repr([float(w) for w in font.get("/Widths", [])]).encode())
            if "/ToUnicode" in font:
                h.update(font.ToUnicode.read_bytes())
            seen.setdefault(str(font.BaseFont), set()).add(h.hexdigest())
        for xobj in (resources.get("/XObject") or {}).values():
            walk(xobj.get("/Resources"), depth + 1)

    for page in pdf.pages:
        walk(page.obj.get("/Resources"))
    return seen


def _doc_with_text(text: str) -> bytes:
    from printkit.engine import fonts
    from printkit.engine.document import Document
    from printkit.engine.units import PrintOptions

    doc = Document(PrintOptions(), title="t")
    c = doc.new_page()
    c.setFont(fonts.SANS, 12)
    c.drawString(100, 500, text)
    return doc.pdf_bytes()


# -- font subset tags -------------------------------------------------------------

def test_subset_tags_follow_the_glyphs():
    import pikepdf

    def names(data):
        return set(_fonts(pikepdf.open(io.BytesIO(data))))

    a1, a2 = _doc_with_text("Café naïve"), _doc_with_text("Café naïve")
    b = _doc_with_text("Smörgåsbord")
    assert a1 == a2  # byte-reproducible
    regular = lambda ns: {n for n in ns if n.endswith("+NotoSans-Regular")}  # noqa: E731
    (tag_a,), (tag_b,) = regular(names(a1)), regular(names(b))
    assert tag_a != tag_b, "different glyph sets share a subset name"
    assert regular(names(a2)) == {tag_a}
    assert len(tag_a.split("+")[0]) == 7 and tag_a[1:7].isupper()  # '/' + six capitals


@pytest.fixture(scope="module")
def two_kits(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("kits")
    for game in ("cryptex", "scryptic"):
        run_inproc("kit", game, "-o", str(folder), "--seed", "3", cwd=folder, check=True)
    return folder


def test_merged_kits_keep_one_font_per_name(two_kits, tmp_path):
    import pikepdf
    from pypdf import PdfWriter

    writer = PdfWriter()
    for name in ("cryptex-kit.pdf", "scryptic-kit.pdf"):
        writer.append(str(two_kits / name))
    merged = tmp_path / "merged.pdf"
    with open(merged, "wb") as fh:
        writer.write(fh)
    fonts = _fonts(pikepdf.open(merged))
    clashes = {name: len(d) for name, d in fonts.items() if len(d) > 1}
    assert not clashes, f"one name, several fonts: {clashes}"
    # the two kits do use different subsets of the same face (else this proves nothing)
    regular = [n for n in fonts if n.endswith("+NotoSans-Regular")]
    assert len(regular) >= 2, fonts.keys()
